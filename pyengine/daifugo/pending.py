"""A play whose effects wait for a player's choice (an engine phase, §1.13).

:func:`wait` stores ``Engine.cont = (player, play, covered play, count, flags)`` and puts the
engine in the choice's phase; the choice's function goes on with the play's effects
(:func:`pyengine.daifugo.effects.resume`).  A 4-stop adds the players still to be asked; a
choice made outside a play (a rescue after a clear) stores ``(picker, the cleared top play, None,
next leader, RESCUE)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Play
from .phases import Phase

if TYPE_CHECKING:
    from .engine import Engine

# flags of a play, kept while its effects pause
REVOLTED = 1  # it revolted
FINISHED = 2  # it emptied its player's hand
S3_RETURN = 4  # a ♠3 return
WAS_INVERTED = 8  # the order was inverted before it
STOPPED = 16  # the 4s of a 4-stop: the trick clears after their effects
REV_BEFORE = 32  # a revolution was in force before it
CHASED = 64  # a chasing pair (chasing_revolution): it revolts and clears
SPECIAL_CLEAR = 128  # a ♠2 return or an assassination: it clears
RESCUE = 256  # not a play's pause: a rescue after the trick cleared (the count is who leads next)


def wait(e: Engine, phase: Phase, p: int, m: Play, prev: Play | None, k: int, fl: int) -> None:
    """Pause the play's effects: ``p`` chooses in ``phase`` (``k``: the count of trigger cards)."""
    e.cont = (p, m, prev, k, fl)
    e.phase = phase
    e.turn = p


__all__ = ["CHASED", "FINISHED", "REVOLTED", "RESCUE", "REV_BEFORE", "S3_RETURN", "SPECIAL_CLEAR", "STOPPED", "WAS_INVERTED", "wait"]
