"""Live tables with no trusted dealer: the fair deal's operations, as every game's live seat plans them.

At a live table the cards come from the fair deal of ``web/live/deal.js``: each hand (each game of
a match) a fresh deck, shuffled and locked by every seat, of which each *position* becomes readable
to a seat only when the deal gives it to that seat or opens it to all.  A game's ``live`` module
(``pyengine/chabashi/live.py``, ``pyengine/daifugo/live.py``) computes, identically at every seat,
the :class:`DealOp` values a step needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import JSON


@dataclass(frozen=True, slots=True, repr=False)
class DealOp:
    """One operation of the fair deal that a step needs: ``deck`` (a new deck of ``pos`` cards:
    the hand's deal starts), ``give`` (position ``pos`` becomes readable to ``seat``), ``open``
    (position ``pos`` is shown to all) or ``rehand`` (``seat`` puts the cards at ``positions``, its
    whole hand, under fresh handles numbered from ``pos`` in an order only it knows: after a card
    another seat has seen comes to it privately, nobody can tell later which handle holds that card).
    """

    kind: str
    pos: int = -1
    seat: int = -1
    positions: tuple[int, ...] = ()

    def __repr__(self) -> str:
        tail = f", positions={self.positions}" if self.positions else ""
        return f"DealOp(kind={self.kind!r}, pos={self.pos}, seat={self.seat}{tail})"

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"op": self.kind, "pos": self.pos, "seat": self.seat}
        if self.kind == "rehand":
            out["positions"] = list(self.positions)
        return out


__all__ = ["DealOp"]
