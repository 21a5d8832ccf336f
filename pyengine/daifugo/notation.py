"""The Daifugō action notation: one context-free string per action.

* plays: ``S3``, ``S5.H5``, ``H5.H6.JK=H7``, ``JK``, ``JK.JK``, ``pass`` (cards and forms:
  :mod:`.cards`);
* exchange: ``tribute:S2.H2`` (a poorer player choosing suits among equal ranks),
  ``return:C3.D4`` (a richer player giving back);
* follow-ups: ``give:S4`` (7-pass), ``discard:D6.JK`` (10-discard; ``-`` for nothing),
  ``bomb:5.T`` (Q-bomber ranks; ``bomb:-``), ``revolt:yes`` / ``revolt:no``, ``pick:S5`` (a card
  from the discard pile), ``target:2`` (the neighbour a thief or a king acts on);
* instead of a play: ``relief`` (the 大貧民 takes the field's cards), ``dokan``;
* the blind exchange: ``draw:11.12`` (the positions drawn, 0 = the weakest card);
* chance: ``deal:S3`` (the next card dealt), ``blind:S3``, ``seat:2`` (the next table
  position goes to player 2), ``dealer:2``, ``lead:2``, ``place:2``.

:func:`parse_action` gives the internal form (a play tuple or a ``(kind, value)`` pair) and
:func:`format_action` is its inverse.  Cards are listed weakest rank first, ♠ ♥ ♦ ♣ within a
rank, jokers last (ranks of a bomb weakest first); :func:`parse_action` also reads them in
another order, but that spelling is not the action's string, and
:meth:`~pyengine.daifugo.state.DaifugoState.apply` refuses it naming the right one:

>>> format_action(parse_action("give:D9.H9"))
'give:H9.D9'
"""

from __future__ import annotations

from typing import Any

from ..core.errors import InvalidNotationError
from ..core.messages import msg
from .cards import CODES, RANKS, fmt_cards, fmt_play, parse_card, read_play

PLAYER_CHANCE = ("seat", "dealer", "lead", "place")
DECLARATIONS = ("relief", "dokan")
CARD_KINDS = ("tribute", "return", "give", "discard")


def parse_action(text: str) -> Any:
    """The internal form of an action string (context-free).

    >>> parse_action("give:-")
    ('give', 0)
    >>> parse_action("seat:3")
    ('seat', 3)
    """
    if not isinstance(text, str) or not text or len(text) > 160:
        raise InvalidNotationError(msg("not a Daifugō action"))
    kind, colon, rest = text.partition(":")
    if not colon:
        if text in DECLARATIONS:
            return (text, 0)
        return read_play(text)  # cards that make no form are an illegal action, not bad notation
    if kind in ("deal", "blind"):
        return (kind, parse_card(rest))
    if kind in PLAYER_CHANCE or kind == "target":
        if len(rest) == 1 and rest in "0123456789":
            return (kind, int(rest))
        raise InvalidNotationError(msg("{text}: a player is written as a number, e.g. {kind}:2", text=repr(text), kind=kind))
    if kind in CARD_KINDS:
        return (kind, parse_card_set(rest))
    if kind == "pick":
        return (kind, 1 << parse_card(rest))
    if kind == "draw":
        return (kind, _positions(text, rest))
    if kind == "bomb":
        return ("bomb", _ranks(text, rest))
    if kind == "revolt" and rest in ("yes", "no"):
        return ("revolt", 1 if rest == "yes" else 0)
    raise InvalidNotationError(msg("{text} is not a Daifugō action", text=repr(text[:40])))


def _ranks(text: str, rest: str) -> int:
    """``bomb:5.T``: the ranks a Q-bomber names, as bits 1..13 (``-``: none)."""
    if rest == "-":
        return 0
    mask = 0
    for token in rest.split("."):
        if len(token) != 1 or token not in RANKS:
            raise InvalidNotationError(msg("{text}: ranks are written 3…9, T, J, Q, K, A, 2 joined by '.'", text=repr(text)))
        r = RANKS.index(token) + 1
        if mask >> r & 1:
            raise InvalidNotationError(msg("{text} names a rank twice", text=repr(text)))
        mask |= 1 << r
    return mask


def _positions(text: str, rest: str) -> int:
    """``draw:0.3``: the positions (0 = the weakest card) a blind exchange draws, as bits."""
    mask = 0
    for token in rest.split("."):
        if not token.isdigit() or len(token) > 2 or int(token) > 19:
            raise InvalidNotationError(msg("{text}: positions are written 0…19 joined by '.', e.g. draw:11.12", text=repr(text)))
        if mask >> int(token) & 1:
            raise InvalidNotationError(msg("{text} names a position twice", text=repr(text)))
        mask |= 1 << int(token)
    return mask


def parse_card_set(text: str) -> int:
    if text == "-":
        return 0
    mask = 0
    for token in text.split("."):
        i = parse_card(token)
        if i == 52 and mask >> 52 & 1:
            i = 53
        if mask >> i & 1:
            raise InvalidNotationError(msg("{token} is listed twice", token=token))
        mask |= 1 << i
    return mask


def format_action(action: Any) -> str:
    """Inverse of :func:`parse_action`."""
    if isinstance(action, tuple) and len(action) == 8:
        return fmt_play(action)
    kind, value = action
    if kind in ("deal", "blind"):
        return f"{kind}:{CODES[value]}"
    if kind in PLAYER_CHANCE:
        return f"{kind}:{value}"
    if kind in CARD_KINDS:
        return f"{kind}:{fmt_cards(value)}"
    if kind == "bomb":
        return "bomb:" + (".".join(RANKS[r - 1] for r in range(1, 14) if value >> r & 1) or "-")
    if kind == "revolt":
        return "revolt:yes" if value else "revolt:no"
    if kind in DECLARATIONS:
        return str(kind)
    if kind == "pick":
        return f"pick:{fmt_cards(value)}"
    if kind == "target":
        return f"target:{value}"
    if kind == "draw":
        return "draw:" + ".".join(str(i) for i in range(20) if value >> i & 1)
    raise InvalidNotationError(msg("unknown action {action}", action=repr(action)))


__all__ = ["CARD_KINDS", "DECLARATIONS", "PLAYER_CHANCE", "format_action", "parse_action", "parse_card_set"]
