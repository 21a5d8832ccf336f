"""The conformance suite's configurations and seeded random playouts (shared by its files).

A game may tune the suite with a ``conformance`` attribute on its Game object (a list of
``(rules_encoding, players)`` configurations; default: every preset at the smallest, default
and largest table) and ``conformance_max_plies`` (a guard against a game that never ends:
every playout must reach a terminal state well before it).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from pyengine.core import Game, Record, Seat, State, list_games, load_game, sample_chance
from pyengine.core.rng import Pcg32

SEEDS = (1, 2, 3)
DEFAULT_MAX_PLIES = 2000


def configs(game: Game) -> list[tuple[str, int]]:
    custom = getattr(game, "conformance", None)
    if custom:
        return list(custom)
    info = game.info
    out: list[tuple[str, int]] = []
    for preset in game.rules_type.presets().values():
        for n in sorted({info.min_players, info.default_players, info.max_players}):
            out.append((preset.encode(), n))
    return out


def all_cases() -> Iterator[Any]:
    for info in list_games():
        game = load_game(info.id)
        for rules, n in configs(game):
            yield pytest.param(info.id, rules, n, id=f"{info.id}-{rules}-{n}p")


CASES = list(all_cases())
GAME_IDS = [info.id for info in list_games()]


@dataclass(frozen=True)
class Playout:
    record: Record
    states: tuple[State, ...]
    """``states[i]`` is the position before ``record.actions[i]``; the last one is terminal."""


@functools.cache
def playout(game_id: str, rules: str, n: int, seed: int) -> Playout:
    """A seeded random playout: chance by its probabilities, moves uniformly at random."""
    game = load_game(game_id)
    state = game.new_initial_state(game.rules_type.decode(rules), n)
    rng = Pcg32(seed, 99)
    max_plies = getattr(game, "conformance_max_plies", DEFAULT_MAX_PLIES)
    states = [state]
    actions: list[str] = []
    while not state.is_terminal() and len(actions) < max_plies:
        action = sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(action)
        states.append(state)
    record = Record(game_id, rules, tuple(Seat(f"p{i}") for i in range(n)), tuple(actions), seed)
    return Playout(record, tuple(states))


def spread(count: int, length: int) -> list[int]:
    """About ``count`` indexes spread evenly over ``range(length)``, the first and last included."""
    if length <= count:
        return list(range(length))
    return sorted({round(i * (length - 1) / (count - 1)) for i in range(count)})
