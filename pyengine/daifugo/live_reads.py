"""The hidden reads of a live Daifugō table (:mod:`pyengine.daifugo.live`): where the rules look at
cards some seat cannot see, a live seat's engine for one step takes each answer from the table, in
order, and says whose it is to give (the seat whose hand the read looks at) when it is missing.
The reads that look at every hand are asked seat by seat (the module docstring of
:mod:`pyengine.daifugo.live` says how)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..core.game import JSON
from ..core.replica import ReplicaError
from .cards import SUIT_ROW, bit, bits_of
from .engine import ALL, Engine
from .replica import CARD_READS, _World


@dataclass(frozen=True, slots=True)
class Read:
    """A hidden read the step makes: ``name`` (the rule's, or its part asked of one seat) and the
    seat that answers it."""

    name: str
    seat: int


class _Need(Exception):
    """The step needs the answer to a read that has not been given yet."""

    def __init__(self, read: Read, value: Callable[[], JSON]) -> None:
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

    def _part(self, name: str, seat: int, value: Callable[[], JSON]) -> JSON:
        if not self.given:
            raise _Need(Read(name, seat), value)
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
        target = bit(1, suit)
        for r in range(1, 14):
            for s in dict.fromkeys((suit, 0, 1, 2, 3)):
                card = bit(r, s)
                for p in range(self.n):
                    if self.hands[p] and self._part("first_card", p, partial(self._holds, p, card)):
                        return p, target if self.cx.must_include and card == target else 0
        return self.order[0], 0  # pragma: no cover - someone always holds a card

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


__all__ = ["Read"]
