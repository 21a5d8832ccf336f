"""Live tables with no trusted dealer: the fair deal's operations, as every game's live seat plans them.

At a live table the cards come from the fair deal of ``web/live/deal.js``: each hand (each game of
a match) a fresh deck, shuffled and locked by every seat, of which each *position* becomes readable
to a seat only when the deal gives it to that seat or opens it to all.  A game's ``live`` module
(``pyengine/chabashi/live.py``, ``pyengine/daifugo/live.py``) computes, identically at every seat,
the :class:`DealOp` values a step needs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def read_after(readers: dict[int, int], op: DealOp, full: int) -> None:
    """``readers`` (position → the seats the deal has shown it to) after ``op``: a give adds its
    seat, an open shows all (``full``), a rehand retires its positions for new handles only its
    seat reads."""
    if op.kind == "give":
        readers[op.pos] = readers.get(op.pos, 0) | 1 << op.seat
    elif op.kind == "open":
        readers[op.pos] = full
    elif op.kind == "rehand":
        for pos in op.positions:
            readers.pop(pos, None)
        readers.update((op.pos + x, 1 << op.seat) for x in range(len(op.positions)))


def rehands(hands: Sequence[Sequence[int]], readers: Mapping[int, int], ops: Sequence[DealOp], first: int,
            full: int) -> tuple[DealOp, ...]:
    """The rehands a step ends with (``hands``: each seat's positions after it; ``readers`` before
    its ``ops``; ``first``: the next handle): a seat whose hand holds a position another seat has
    read, and a card not everyone has, puts its whole hand under fresh handles, so that when it
    plays, passes on or discards face down such a card nobody can tell which it is."""
    after = dict(readers)
    for op in ops:
        read_after(after, op, full)
    out = []
    for p, hand in enumerate(hands):
        positions = tuple(sorted(hand))
        if any(after.get(x, 0) & ~(1 << p) for x in positions) and any(after.get(x, 0) != full for x in positions):
            out.append(DealOp("rehand", first, p, positions))
            first += len(positions)
    return tuple(out)


__all__ = ["DealOp", "read_after", "rehands"]
