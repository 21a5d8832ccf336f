"""A Chabashi seat's replica: the session played from one seat's knowledge (§3.3).

The replica is a :class:`~pyengine.chabashi.state.ChabashiState` stepped by the same
transitions as the full state, in which every card the seat does not know (another seat's hand,
a face-down floor or centre card, the stock) holds a *guess*.  Where a card lies, face up or
down, and who knows it are public (§3.3): only the identities of unknown cards are guessed, and
the observation shows none of them.  Each step reaches it as the seat's
:class:`~pyengine.core.replica.SeatEvent` (:func:`seat_events`):

* ``action``: the action, with a card the seat does not know after it written ``?``: a card
  dealt or drawn face down (``?``), the hand card another player discards face down by 8-1
  (``swap:?:f2``); the replica deals or discards a card of its own guess;
* ``pins``: each card the step shows the seat that it did not know and that was already on the
  table, as ``[card, place]`` with its place before the step (``["h", seat, i]`` the i-th hand
  card, ``["f", seat, i]`` a floor card, ``["c", i]`` a centre card, 0-based): a floor card
  taken into the hand, a card turned face up, every live card at the showdown.  Before
  stepping, the replica exchanges it with whatever its guess had there.

With every card it shows being the real one, the replica's showdown, pots and chips are the
full state's (the conformance test checks every seat at every step of random sessions).

>>> from pyengine.core import Pcg32, sample_chance
>>> from pyengine.chabashi.game import GAME
>>> s = GAME.new_initial_state(None, 3)
>>> replica, rng = GAME.seat_replica(1, None, 3), Pcg32(3)
>>> while s.hand_no < 2:
...     action = sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions())
...     after = s.apply(action)
...     replica = replica.apply(events_for(s, action, after, 1))
...     s = after
>>> replica.observation() == s.observation(1)
True
>>> s = GAME.new_initial_state(None, 3).apply("R1")
>>> [ev.action for ev in seat_events(s, "B2", s.apply("B2"))]  # the dealer's floor: face up
['B2', 'B2', 'B2']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from ..core.game import JSON
from ..core.replica import HIDDEN, ReplicaError, SeatEvent, StateReplica
from .cards import CODES, card
from .notation import parse_action
from .state import ChabashiState

Place = tuple[Any, ...]
"""Where a card lies on the table: ``("c", i)``, ``("f", seat, i)`` or ``("h", seat, i)``."""


def _places(s: ChabashiState) -> Iterator[tuple[Place, int, int]]:
    """Every card on the table but the dealer's floor (which is face up): place, card, knowers."""
    for i, (c, _, k) in enumerate(s.centre):
        yield ("c", i), c, k
    for p, row in enumerate(s.floors):
        for i, (c, _, k) in enumerate(row):
            yield ("f", p, i), c, k
    for p, hand in enumerate(s.hands):
        for i, (c, k) in enumerate(hand):
            yield ("h", p, i), c, k


def seat_events(before: ChabashiState, action: str, after: ChabashiState) -> tuple[SeatEvent, ...]:
    """Every seat's event of the step from ``before`` by ``action`` to ``after``
    (``before.apply(action)``), seat 0 first."""
    parsed = parse_action(action)
    events = []
    for seat in range(before.n):
        seen = after.known_cards(seat)
        pins: list[JSON] = []
        masked = action
        if parsed[0] == "card":  # a card from the stock: the only one the step moves
            if card(parsed[1]) not in seen:
                masked = HIDDEN
        else:
            learnt = seen - before.known_cards(seat)
            pins = [[c, list(place)] for place, c, _ in _places(before) if c in learnt]
            if parsed[0] == "swap" and card(parsed[1]) not in seen:  # (a showdown at once shows it)
                masked = f"swap:{HIDDEN}:f{parsed[2]}"
        events.append(SeatEvent(seat, masked, {"pins": pins} if pins else {}))
    return tuple(events)


def events_for(before: ChabashiState, action: str, after: ChabashiState, seat: int) -> SeatEvent:
    """``seat``'s event of the step from ``before`` by ``action`` to ``after``."""
    return seat_events(before, action, after)[seat]


class ChabashiReplica(StateReplica[ChabashiState]):
    """One seat's Chabashi session (see the module docstring); immutable."""

    __slots__ = ()

    @classmethod
    def new(cls, state: ChabashiState, seat: int) -> ChabashiReplica:
        """``seat``'s replica of ``state``, which must hold no card yet (a new session, before the deal)."""
        if not 0 <= seat < state.n:
            raise ReplicaError(f"there is no seat {seat}")
        if state.phase != "between" or any(state.hands) or any(state.floors) or state.centre:
            raise ReplicaError("a replica starts before any card is dealt")
        return cls(state, seat)

    def apply(self, event: SeatEvent) -> ChabashiReplica:
        self._check(event)
        s = self._state
        pins = event.shown.get("pins") or []
        if not isinstance(pins, list):
            raise ReplicaError("the event's pins are not a list")
        for c, place in pins:
            s = _pin(s, int(c), tuple(place), self._seat)
        action = event.action
        if action == HIDDEN:
            action = CODES[s.stock[0]]
        elif action.startswith("swap:" + HIDDEN):
            action = f"swap:{CODES[s.hands[s.actor][0][0]]}:{action.rsplit(':', 1)[1]}"
        elif s.is_chance() and s.phase != "between":  # (the first card of a hand comes from a new deck)
            s = _pin(s, card(parse_action(action)[1]), ("s",), self._seat)
        return ChabashiReplica(s.apply(action), self._seat)


def _card_at(s: ChabashiState, place: Place) -> int:
    if place[0] == "c":
        return s.centre[place[1]][0]
    if place[0] == "f":
        return s.floors[place[1]][place[2]][0]
    return s.hands[place[1]][place[2]][0]


def _pin(s: ChabashiState, c: int, place: Place, seat: int) -> ChabashiState:
    """``s`` with card ``c`` at ``place`` (``("s",)``: in the stock), exchanged with the guess there."""
    if place == ("s",):
        if c in s.stock:
            return s
        other = s.stock[0]
    else:
        other = _card_at(s, place)
    if other == c:
        return s
    if c not in s.stock and not any(x == c and not k >> seat & 1 for _, x, k in _places(s)):
        raise ReplicaError(f"card {CODES[c]} is pinned but the seat knows where it is")
    swap = {c: other, other: c}

    def sw(x: int) -> int:
        return swap.get(x, x)

    return dataclasses.replace(
        s,
        stock=tuple(sw(x) for x in s.stock),
        centre=tuple((sw(x), up, k) for x, up, k in s.centre),
        floors=tuple(tuple((sw(x), up, k) for x, up, k in row) for row in s.floors),
        hands=tuple(tuple((sw(x), k) for x, k in row) for row in s.hands),
    )


__all__ = ["ChabashiReplica", "events_for", "seat_events"]
