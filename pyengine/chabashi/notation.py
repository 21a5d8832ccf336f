"""The Chabashi action notation: one context-free string per action.

Floor and centre positions are 1-based:

========================  ==============================================================
``R5`` …                  a chance outcome: the card dealt or drawn
``draw:0|1|2``            step 6: draw k cards face down onto one's floor
``decline``               step 6: no follow-up
``take:f2``               6-1 / 6-2: move floor card 2 into the hand
``turn:f3``               6-2: turn face-down floor card 3 face up
``pass``                  step 8: do nothing
``swap:R5:f2``            8-1: hand card R5 face down to the centre, floor card 2 into the hand
``late:take:f1``          8-2: the 6-1/6-2 follow-up "move into the hand" without drawing
``late:turn:f3``          8-2 with f = 4: turn face-down floor card 3 face up
``centre:c2``             8-3: centre card 2 to the end of one's floor
``check`` ``bet`` ``call`` ``raise`` ``fold``   betting
========================  ==============================================================
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.errors import InvalidNotationError
from ..core.messages import msg

_ACTION = re.compile(
    r"(?P<card>[RBYG][0-8])"
    r"|draw:(?P<draw>[012])"
    r"|(?P<simple>decline|pass|check|bet|call|raise|fold)"
    r"|(?P<late>late:)?(?P<fverb>take|turn):f(?P<fpos>[1-9])"
    r"|swap:(?P<scard>[RBYG][0-8]):f(?P<spos>[1-9])"
    r"|centre:c(?P<cpos>[1-9][0-9]?)\Z"
)
BETS = ("check", "bet", "call", "raise", "fold")


def parse_action(text: str) -> tuple[Any, ...]:
    """The structured form of an action string (see the module docstring).

    >>> parse_action("swap:R5:f2"), parse_action("late:turn:f3"), parse_action("Y8")
    (('swap', 'R5', 2), ('late:turn', 3), ('card', 'Y8'))
    """
    m = _ACTION.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise InvalidNotationError(msg("{text} is not a Chabashi action", text=repr(text)))
    if m["card"]:
        return ("card", m["card"])
    if m["draw"]:
        return ("draw", int(m["draw"]))
    if m["simple"]:
        return (m["simple"],)
    if m["fverb"]:
        return (("late:" if m["late"] else "") + m["fverb"], int(m["fpos"]))
    if m["scard"]:
        return ("swap", m["scard"], int(m["spos"]))
    return ("centre", int(m["cpos"]))


def format_action(action: Sequence[Any]) -> str:
    """The action string of a structured action (inverse of :func:`parse_action`).

    >>> format_action(("swap", "R5", 2))
    'swap:R5:f2'
    """
    kind = action[0]
    if kind == "card":
        return str(action[1])
    if kind == "draw":
        return f"draw:{action[1]}"
    if kind in ("take", "turn", "late:take", "late:turn"):
        return f"{kind}:f{action[1]}"
    if kind == "swap":
        return f"swap:{action[1]}:f{action[2]}"
    if kind == "centre":
        return f"centre:c{action[1]}"
    return str(kind)


__all__ = ["BETS", "format_action", "parse_action"]
