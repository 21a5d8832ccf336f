"""Cetkaik's seat replicas against the full state.

Cetkaik hides nothing but the outcome of a cast not yet made, so a seat's replica is the state
itself (:class:`~pyengine.core.replica.PublicReplica`) and every seat's event is the action.
1,000 random games on both presets (a quarter on cerke_online's long ones): at every step and for both seats the replica, fed only that
seat's events, shows the full state's observation and legal actions
(:func:`replica_support.replay`).
"""

from __future__ import annotations

import sys

import pytest
from replica_support import replay, same_observation, seeds

from pyengine.cetkaik.game import GAME
from pyengine.cetkaik.rules import CetkaikRules
from pyengine.core import State
from pyengine.core.replica import Replica, SeatEvent

GAMES = 1000 if sys.platform != "emscripten" else 60  # Pyodide runs the same check on fewer games
CHUNKS = 4
EVERY = 8
PRESETS = sorted(CetkaikRules.presets())
LONG = "cerke_online"  # its random games last about 710 plies, the official preset's about 76


def preset_of(seed: int) -> str:
    """A quarter of the games on the long preset, one in every four of each chunk's; the rest on
    the others: the long games still give most of the steps checked."""
    others = [p for p in PRESETS if p != LONG]
    return LONG if seed % 4 == seed // 4 % 4 else others[seed % len(others)]


def agree(before: State, after: State, replica: Replica, seat: int, step: int) -> None:
    """The replica's state is the full state (so are its observation and legal actions); the
    observations themselves are compared every eighth step and at the end."""
    assert replica._state == after  # type: ignore[attr-defined]
    if step % EVERY == 0 or after.is_terminal():
        same_observation(before, after, replica, seat, step)


def leaks(before: State, action: str, after: State, event: SeatEvent) -> set[str]:
    assert event.action == action and not event.shown  # nothing is hidden
    return set()


def test_the_events_are_the_actions() -> None:
    before = GAME.new_initial_state()
    action = before.chance_outcomes()[0][0]
    assert [(ev.seat, ev.action, dict(ev.shown)) for ev in GAME.seat_events(before, action, before.apply(action))] \
        == [(0, action, {}), (1, action, {})]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", seeds(GAMES, CHUNKS), ids=[f"chunk{i}" for i in range(CHUNKS)])
def test_every_seat_replica_agrees_with_the_full_state(chunk: list[int]) -> None:
    for seed in chunk:
        done = replay(GAME, CetkaikRules.preset(preset_of(seed)), 2, seed, leaks=leaks, agree=agree,
                      legal_every=EVERY)
        assert done.state.is_terminal()


def test_a_replica_follows_one_game() -> None:
    """The quick version: one game on each preset."""
    for seed, preset in enumerate(PRESETS):
        assert replay(GAME, CetkaikRules.preset(preset), 2, seed, leaks=leaks, agree=agree, legal_every=EVERY).state.is_terminal()
