"""The ``master`` level's first move of a game, kept rather than searched again.

Every game set up with a preset and a number of seasons begins in one of two positions (the A
side or the IA side moves first),
and ``master``'s search depends on the position and its fixed work only, so its first move in
each is always the same.  Searching it costs about 0.2 s in CPython and several times that in
the page, at the worst moment: an embedded game whose bot moves first thinks in the engine's
Worker while the AI Worker is still starting (``benchmarks/load.py``, the cold embeds).  The
table below holds those moves; :class:`~pyengine.ai.cetkaik.bots.MasterBot` plays the kept move
where the position is one of them, and searches everywhere else (a later season, other rules).

The table is data made by the search itself: ``python -m pyengine.ai.cetkaik.openings`` prints
the search's move in each set-up, and ``tests/cetkaik/test_cetkaik_master.py`` checks that every entry is still what
:class:`~pyengine.ai.cetkaik.master.MasterSearch` plays (a change to the evaluation that changes
a first move, in any set-up, fails there until the table is remade).

>>> opening(CetkaikState(CetkaikRules.preset("official")).apply("一位色黒"))
'TAU片ZAITY'
>>> opening(CetkaikState(CetkaikRules.preset("official"))) is None  # not a move to make
True
>>> opening(start("1.official", "一位色赤").apply("TE片ZITU")) is None  # searched
True
"""

from __future__ import annotations

from functools import cache
from typing import Final

from ...cetkaik.rules import CetkaikRules
from ...cetkaik.state import CetkaikState

SET_UPS: Final = tuple(f"1.{preset}{seasons}" for preset in ("official", "cerke_online")
                       for seasons in ("~seasons=1", "~seasons=2", ""))
"""The rules a game can be set up with (the two presets with 1, 2 or 4 seasons), encoded."""

FIRST_MOVES: Final[dict[str, str]] = {"一位色赤": "TE片ZITU", "一位色黒": "TAU片ZAITY"}
"""``master``'s move after each first-mover cast (which side moves first): the same in every set-up
(the board is; the rules that differ between them do not change it)."""


@cache
def _positions() -> dict[CetkaikState, str]:
    return {start(rules, first): move for rules in SET_UPS for first, move in FIRST_MOVES.items()}


def start(rules: str, first: str) -> CetkaikState:
    """The position a game under ``rules`` (encoded) begins in when its first-mover cast is ``first``."""
    return CetkaikState(CetkaikRules.decode(rules)).apply(first)


def opening(state: CetkaikState) -> str | None:
    """``master``'s kept move in ``state``, or None where it searches."""
    return _positions().get(state)


def main() -> None:  # pragma: no cover - prints the search's first moves, for the table above
    from .master import MasterSearch

    for rules in SET_UPS:
        for first, _ in CetkaikState(CetkaikRules.decode(rules)).chance_outcomes():
            state = start(rules, first)
            print(rules, first, MasterSearch().choose_move(state, state.legal_actions()))


if __name__ == "__main__":  # pragma: no cover
    main()

__all__ = ["FIRST_MOVES", "SET_UPS", "opening", "start"]
