"""The seat replicas' conformance check, shared by the games' replica tests.

:func:`replay` plays a seeded random game with the full state and, beside it, one replica per
seat (``game.seat_replica``), each fed only its own seat's event of every step
(``game.seat_events``).  At every step and for every seat it checks that

* the event is that seat's, its action is the step's action or the same action with cards
  written ``?``, and it is JSON-ready (at a sample of steps: serialising is the slow part);
* the event names no card the seat may not know (``leaks``, each game's: the cards hidden from
  the seat after the step, by the full state's ``hidden_tokens``);
* the replica agrees with the full state: ``agree`` (by default ``observation`` equal to the full
  state's ``observation(seat)``), the same player to act, and the seat's legal actions equal the
  full state's when it is to act (none otherwise).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import NamedTuple

from pyengine.core import Game, Pcg32, Rules, State, sample_chance
from pyengine.core.live import DealOp
from pyengine.core.replica import HIDDEN, Replica, SeatEvent

Agree = Callable[[State, State, Replica, int, int], None]
"""``agree(before, after, replica, seat, step)`` asserts that the replica agrees with the full state."""
Leaks = Callable[[State, str, State, SeatEvent], set[str]]
"""``leaks(before, action, after, event)``: the cards the event names that its seat may not know."""


def same_observation(before: State, after: State, replica: Replica, seat: int, step: int) -> None:
    mine, full = replica.observation(), after.observation(seat)
    if mine != full:
        diff = {k: (mine.get(k), full.get(k)) for k in mine.keys() | full.keys() if mine.get(k) != full.get(k)}
        raise AssertionError(f"step {step}, seat {seat}: the replica's observation differs: {diff}")


def masks(action: str, masked: str) -> bool:
    """Whether ``masked`` is ``action`` with some of its parts written ``?``."""
    parts, hidden = re.split(r"([:.=])", action), re.split(r"([:.=])", masked)
    return len(parts) == len(hidden) and all(h in (p, HIDDEN) for p, h in zip(parts, hidden, strict=True))


class Replayed(NamedTuple):
    steps: int
    shown: int
    """Events that showed their seat something (a card, an answer, an action with no card hidden)."""
    state: State
    """The full state at the end."""


def uniform(state: State, rng: Pcg32) -> str:
    """Chance by its probabilities, moves uniformly at random."""
    return sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())


def replay(game: Game, rules: Rules, n: int, seed: int, *, leaks: Leaks, agree: Agree = same_observation,
           choose: Callable[[State, Pcg32], str] = uniform, json_every: int = 9, legal_every: int = 1) -> Replayed:
    """One seeded random game with every seat's replica beside it.

    ``choose`` picks each step's action (by default :func:`uniform`; a game may steer the deal
    towards its rarer rules).  ``legal_every``: compare the seat to act and the legal actions at
    every such step only (and at the last), for a game whose ``agree`` already proves them equal
    (Cetkaik's compares the states: each replica's own move generation was most of its cost)."""
    state = game.new_initial_state(rules, n)
    replicas = [game.seat_replica(seat, rules, n) for seat in range(n)]
    rng = Pcg32(seed, 0x5EA7)
    steps = carded = 0
    while not state.is_terminal():
        action = choose(state, rng)
        after = state.apply(action)
        events = game.seat_events(state, action, after)
        assert [ev.seat for ev in events] == list(range(n))
        to_act = after.current_player
        legal = after.legal_actions() if to_act >= 0 else ()
        for seat, event in enumerate(events):
            assert event.action == action or masks(action, event.action), (action, event.action)
            if steps % json_every == 0:
                assert json.loads(json.dumps(event.to_json())) == event.to_json()
            leaked = leaks(state, action, after, event)
            assert not leaked, f"step {steps}: seat {seat}'s event {event} names {sorted(leaked)}"
            carded += bool(event.shown) or HIDDEN not in event.action
            replica = replicas[seat] = replicas[seat].apply(event)
            agree(state, after, replica, seat, steps)
            if steps % legal_every == 0 or after.is_terminal():
                assert replica.current_player == to_act
                assert replica.legal_actions() == (legal if to_act == seat else ()), (steps, seat)
        state = after
        steps += 1
    return Replayed(steps, carded, state)


def seeds(count: int, chunks: int) -> list[list[int]]:
    """``range(count)`` cut into ``chunks`` interleaved lists (pytest-xdist spreads them)."""
    return [list(range(i, count, chunks)) for i in range(chunks)]


__all__ = ["Agree", "Leaks", "Replayed", "masks", "replay", "same_observation", "seeds", "uniform"]


class SimulatedDeal:
    """A live table's fair deal as the engine relies on it: who may read which position of the
    deck in use (position k: the k-th card the full game deals), each shown only by a plan's
    ``give`` or ``open`` — and, like the real deal, never opened twice (nor given to a seat that
    reads it already); only a position's holder gives it away or rehands it (or any seat, one
    shown to all: a card taken from the table), and a rehand puts the
    cards in an order of its own (drawn here) under new handles that only their holder reads.
    ``deck_size``: the size every ``deck`` op must say, when the game fixes it."""

    RETIRED = -3

    def __init__(self, seats: int, deck_size: int | None = None, seed: int = 0) -> None:
        self.seats = seats
        self.deck_size = deck_size
        self.size = 0
        self.cards: list[int] = []
        self.at: dict[int, int] = {}  # position or handle → its card
        self.readers: dict[int, set[int]] = {}
        self.holders: dict[int, int] = {}
        self.rng = Pcg32(seed, 0x4E4D)

    def run(self, ops: tuple[DealOp, ...], dealt: int | None) -> None:
        """The step's ``ops``, with ``dealt`` the card the step takes from the deck (if any)."""
        for op in ops:
            if op.kind == "deck":
                assert self.deck_size is None or op.pos == self.deck_size
                self.size, self.cards, self.at, self.readers, self.holders = op.pos, [], {}, {}, {}
        if dealt is not None:
            assert len(self.cards) < self.size, "the deck has no card left"
            self.at[len(self.cards)] = dealt
            self.readers[len(self.cards)] = set()
            self.cards.append(dealt)
        for op in ops:
            if op.kind == "give":
                assert op.seat not in self.readers[op.pos], f"position {op.pos} given again to seat {op.seat}"
                assert self.holders.get(op.pos, -1) != self.RETIRED, f"position {op.pos} was rehanded"
                self.readers[op.pos].add(op.seat)
                self.holders[op.pos] = op.seat
            elif op.kind == "open":
                assert len(self.readers[op.pos]) < self.seats, f"position {op.pos} opened twice"
                assert self.holders.get(op.pos, -1) != self.RETIRED, f"position {op.pos} was rehanded"
                self.readers[op.pos].update(range(self.seats))
            elif op.kind == "rehand":
                assert op.pos == self.size + sum(1 for p in self.at if p >= self.size), "handles are numbered on"
                assert all(self.holders.get(p) == op.seat or len(self.readers[p]) == self.seats for p in op.positions), \
                    "a rehand of positions not held"
                cards = [self.at[p] for p in op.positions]
                for i in range(len(cards) - 1, 0, -1):
                    j = self.rng.below(i + 1)
                    cards[i], cards[j] = cards[j], cards[i]
                for p in op.positions:
                    self.holders[p] = self.RETIRED
                for x, c in enumerate(cards):
                    self.at[op.pos + x], self.readers[op.pos + x], self.holders[op.pos + x] = c, {op.seat}, op.seat

    def readable(self, seat: int) -> dict[int, int]:
        """The positions ``seat`` can read, with their cards."""
        return {pos: c for pos, c in self.at.items() if seat in self.readers[pos]}
