"""Smoke tests: every preset plays a whole match through the public API."""

from __future__ import annotations

import pytest

from pyengine.core import Pcg32, sample_chance
from pyengine.daifugo import GAME, DaifugoRules


@pytest.mark.parametrize(("preset", "n"), [("popular", 4), ("basic", 3), ("jdf", 4), ("party", 6), ("two_player", 2)])
def test_whole_match_ends_with_scores(preset: str, n: int) -> None:
    rules = DaifugoRules.preset(preset)
    state = GAME.new_initial_state(rules, n)
    rng = Pcg32(11)
    while not state.is_terminal():
        action = sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())
        state = state.apply(action)
    assert len(state.returns()) == n
    assert len(state._e.results) == rules.match.games
