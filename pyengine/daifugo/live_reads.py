"""The hidden reads of a live Daifugō table (:mod:`pyengine.daifugo.live`): where the rules look at
cards some seat cannot see, a live seat's engine for one step takes each answer from the table, in
order, and says whose it is to give (the seat whose hand the read looks at) when it is missing.
The reads that look at every hand are asked seat by seat, or of every seat together (a
:data:`JOINT` read, where an answer seat by seat would show more than the full game: the module
docstring of :mod:`pyengine.daifugo.live` says which)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..core.game import JSON
from ..core.replica import ReplicaError
from .cards import SUIT_ROW, bit, bits_of
from .engine import ALL, Engine
from .replica import CARD_READS, _World
from .turns import search_order

JOINT = -1
"""The seat of a read that every seat answers together (:func:`lowest_holder`)."""


@dataclass(frozen=True, slots=True)
class Read:
    """A hidden read the step makes: ``name`` (the rule's, or its part asked of one seat) and the
    seat that answers it; or, with ``seat`` :data:`JOINT`, a read that every seat answers together
    by the table's hidden-lowest protocol (``web/live/lowest.js``) from a private list of ``size``
    yes-or-no of its own (:func:`lowest_holder` says what comes out)."""

    name: str
    seat: int
    size: int = 0


def false_lead_list(state: Any, lists: Sequence[Sequence[bool]]) -> int:
    """The first seat whose private list of a joint lead read (revealed at the end) is not what its
    hand held, in the full game's state just after the step that made the read; -1 if none.  A
    seat whose hand is already empty then (a monopoly shown at once) is not judged."""
    e: Engine = state._e
    order = search_order(2 if e.cx.first_lead_kind == "d3" else 0)
    for p, listed in enumerate(lists):
        if p < e.n and e.hands[p] and [bool(e.hands[p] & c) for c in order[:len(listed)]] != [bool(x) for x in listed]:
            return p
    return -1


def lowest_holder(inputs: Sequence[Sequence[bool]]) -> int:
    """What a joint read comes to, given every seat's private list (seat *p*'s *t*-th entry: does
    it hold the *t*-th card in the order the read asks about): the seat holding the earliest card
    anyone holds; -1 if none does, or if two lists claim one card.  The table computes it without
    anyone's list being seen (``web/live/lowest.js``): only the seat comes out, not the card."""
    size = max((len(x) for x in inputs), default=0)
    for t in range(size):
        holders = [p for p, x in enumerate(inputs) if t < len(x) and x[t]]
        if holders:
            return holders[0] if len(holders) == 1 else -1
    return -1


class _Need(Exception):
    """The step needs the answer to a read that has not been given yet."""

    def __init__(self, read: Read, value: Callable[..., JSON]) -> None:
        super().__init__(read.name)
        self.read = read
        self.value = value


def _first_of(e: Engine, args: tuple[Any, ...]) -> int:
    return int(args[0])


_ANSWERER: dict[str, Callable[[Engine, tuple[Any, ...]], int]] = {
    "tenpen_due": _first_of, "tribute_forced": _first_of, "forced_tribute": _first_of,
    "antimonopoly_twos": _first_of, "lowest_two": _first_of, "drawn_cards": _first_of,
    "strongest_of": _first_of, "bombed_cards": _first_of,
    "deferred_cards": lambda e, a: int(e.cont[1][a[0]][1]) if e.cont is not None else -1,
    "no_legal_lead": lambda e, a: e.turn,
}
"""The seat whose hand each single-hand read looks at (it answers)."""


class _Step(_World):
    """A live seat's engine for one step: the reads answered from the table's answers, in order."""

    __slots__ = ("given", "labels")

    given: list[JSON]
    labels: dict[int, int]

    def _part(self, name: str, seat: int, value: Callable[..., JSON], size: int = 0) -> JSON:
        if not self.given:
            raise _Need(Read(name, seat, size), value)
        return self.given.pop(0)

    def ask(self, rule: Callable[..., Any], *args: Any, seen: int = ALL) -> Any:
        name = rule.__name__
        if name == "monopolist":
            for p in range(self.n):
                if self._part(name, p, partial(self._monopoly, p)):
                    return p
            return -1
        if name == "first_card":
            return self._first_card(int(args[0]))
        if name not in _ANSWERER:  # pragma: no cover - every read of the rules is listed
            raise ReplicaError(f"the live table cannot answer the read {name}")
        raw = self._part(name, _ANSWERER[name](self, args), lambda: self._encode(name, rule(self, *args)))
        return self._decode(name, raw)

    def _monopoly(self, p: int) -> bool:
        return any(self.hands[p] & row == row for row in SUIT_ROW)

    def _holds(self, p: int, card: int) -> bool:
        return bool(self.hands[p] & card)

    def _first_card(self, suit: int) -> tuple[int, int]:
        """Who leads under ♦3/♠3 (:func:`~.turns.first_card`).  When every card is in a hand, the
        holder of that 3 says so (each seat in turn is asked; the full game shows who leads, so
        who holds it).  When some are not (blind cards, a two-player deck), the lead goes to the
        earliest card of the search order anyone holds, which only the first k + 1 cards can be
        (k: the cards in no hand, a public count): every seat answers together, from which of
        those it holds, and only the seat comes out, never the card (:func:`lowest_holder`); then,
        where the first play must include that 3, the leader says whether it holds it."""
        target = bit(1, suit)
        out = self.cx.deck.bit_count() - sum(h.bit_count() for h in self.hands)
        if out <= 0:
            for p in range(self.n):
                if self.hands[p] and self._part("first_card", p, partial(self._holds, p, target)):
                    return p, target if self.cx.must_include else 0
            raise ReplicaError("nobody said it holds the 3 that leads")
        order = search_order(suit)[:out + 1]
        leader = self._part("first_lead", JOINT, partial(self._holds_each, order), size=len(order))
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < self.n or not self.hands[leader]:
            raise ReplicaError(f"the hidden lead came out as {leader!r}, which is no seat with cards")
        if not self.cx.must_include:
            return leader, 0
        return leader, target if self._part("first_must", leader, partial(self._holds, leader, target)) else 0

    def _holds_each(self, order: Sequence[int], seat: int) -> list[bool]:
        return [self._holds(seat, card) for card in order]

    def _encode(self, name: str, answer: Any) -> JSON:
        if name in CARD_READS:
            return sorted(self.labels[i] for i in bits_of(answer))
        return answer  # type: ignore[no-any-return]

    def _decode(self, name: str, raw: JSON) -> Any:
        if name not in CARD_READS:
            return raw
        if not isinstance(raw, list):
            raise ReplicaError(f"the answer to {name} is a list of positions")
        at = {p: c for c, p in self.labels.items()}
        mask = 0
        for p in raw:
            if not isinstance(p, int) or p not in at:
                raise ReplicaError(f"the answer to {name} names position {p}, which no card was dealt from")
            mask |= 1 << at[p]
        return mask


__all__ = ["JOINT", "Read", "false_lead_list", "lowest_holder"]
