"""Hypothesis playouts of whole sessions: chips conserved, every pot distributed, the hand/floor
invariant after every action, observations free of secrets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.chabashi.game import GAME
from pyengine.chabashi.rules import ChabashiRules, DealerMode
from pyengine.chabashi.state import ChabashiState
from pyengine.core import Pcg32, sample_chance

rules_st = st.builds(
    lambda preset, mode, bankroll, limit, wiki: ChabashiRules.preset(preset)
    .with_option("dealer_mode", mode)
    .with_option("stakes.bankroll", bankroll)
    .with_option("hand_limit", limit)
    .with_option("wiki_2025_05_21_hands", wiki),
    st.sampled_from(["seed", "balanced"]),
    st.sampled_from([m.value for m in DealerMode]),
    st.integers(1, 30),
    st.integers(0, 6),
    st.booleans(),
)


def strings(value: object) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) | {str(k)} for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def check(s: ChabashiState, total: int, deep: bool) -> None:
    assert s.invariant_ok()
    assert sum(s.chips) + sum(s.contrib) + s.carry == total
    assert all(c >= 0 for c in s.chips)
    if s.phase in ("between", "over"):
        assert sum(s.contrib) == 0  # the pot is always distributed (or carried over)
    if s.phase == "over":
        assert s.carry == 0 and sum(s.chips) == total
    if deep:
        for seat in range(-1, s.n):
            assert not strings(s.observation(seat)) & s.hidden_tokens(seat)


@settings(max_examples=80, deadline=None)
@given(rules_st, st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_whole_sessions(rules: ChabashiRules, n: int, seed: int) -> None:
    s = GAME.new_initial_state(rules, n)
    total = n * rules.stakes.bankroll
    rng = Pcg32(seed, 7)
    plies = 0
    hands = 0
    while not s.is_terminal():
        if s.is_chance():
            a = sample_chance(s, rng)
        else:
            legal = s.legal_actions()
            # lean towards passive play now and then so that showdowns happen often
            passive = [x for x in ("check", "call", "pass") if x in legal]
            a = passive[0] if passive and rng.below(2) == 0 else rng.choice(legal)
        before = s.hand_no
        s = s.apply(a)
        hands += s.hand_no != before
        plies += 1
        check(s, total, deep=plies % 7 == 0)
        assert plies < 60_000
    assert sum(1 for a in s.active if a) >= 1
    if rules.hand_limit:
        assert s.hand_no <= rules.hand_limit
    if not rules.hand_limit or s.hand_no < rules.hand_limit:
        assert sum(1 for c in s.chips if c > 0) == 1
