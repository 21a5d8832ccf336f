"""Observations hide what the rules hide: twin positions that differ only in secrets.

See :mod:`secrecy` for how the test, not the game, decides what each seat may not see.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from conformance_support import CASES, GAME_IDS, SEEDS, playout, spread
from secrecy import MODELS, check_twins

from pyengine.core import JSON, State, load_game
from pyengine.core.rules import Rules

PLIES = 8
"""Positions checked per playout (the first and the last included)."""


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {str(k) for k in value} | {s for v in value.values() for s in strings_in(v)}
    if isinstance(value, (list, tuple)):
        return {s for v in value for s in strings_in(v)}
    return set()


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_observations_are_json_and_agree_with_hidden_tokens(game_id: str, rules: str, n: int,
                                                             seed: int) -> None:
    """Every observation is plain JSON, and none shows what the game itself declares hidden
    (a consistency check of ``hidden_tokens``; the real leak check is the twins below).
    Every seat at every position of the first seed's playout; one seat in turn at each
    position of the others."""
    seats = [*range(n), -1]
    for i, state in enumerate(playout(game_id, rules, n, seed).states):
        for seat in seats if seed == SEEDS[0] else [seats[i % len(seats)]]:
            obs = state.observation(seat)
            text = json.dumps(obs, allow_nan=False)
            assert json.loads(text) == obs, "observations use only JSON types"
            secrets = state.hidden_tokens(seat)
            if secrets:
                leaked = secrets & strings_in(obs)
                assert not leaked, f"seat {seat} sees {sorted(leaked)}"


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
def test_twins_that_differ_only_in_secrets_look_the_same(game_id: str, rules: str, n: int) -> None:
    game = load_game(game_id)
    if not game.info.hidden_information:
        # nothing is hidden but the future: every seat sees the same as a spectator
        for state in playout(game_id, rules, n, SEEDS[0]).states:
            public = {k: v for k, v in state.observation(-1).items() if k != "seat"}
            for seat in range(n):
                assert {k: v for k, v in state.observation(seat).items() if k != "seat"} == public
        return
    assert game_id in MODELS, f"{game_id} hides information: add its secrecy model (from its rules)"
    p = playout(game_id, rules, n, SEEDS[0])
    model = MODELS[game_id](p.states, p.record.actions)
    report = check_twins(model, p.states, spread(PLIES, len(p.states)))
    assert not report.findings, report.findings
    assert report.twins >= 3, "too few twins replayed to check anything"
    assert report.blind_seats == set(range(-1, n)), "every seat and the spectator were shown a twin"


# --- the check can fail ---------------------------------------------------------------------------

class LeakyState(State):
    """A real state whose observation adds ``peek(inner, seat)``: a deliberate leak."""

    __slots__ = ("inner", "peek")
    game_id = "leaky"

    def __init__(self, inner: State, peek: Callable[[State, int], JSON]) -> None:
        self.inner = inner
        self.peek = peek

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LeakyState) and self.inner == other.inner

    def __hash__(self) -> int:
        return hash(self.inner)

    @property
    def rules(self) -> Rules:
        return self.inner.rules

    @property
    def num_players(self) -> int:
        return self.inner.num_players

    @property
    def current_player(self) -> int:
        return self.inner.current_player

    def legal_actions(self) -> tuple[str, ...]:
        return self.inner.legal_actions()

    def chance_outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        return self.inner.chance_outcomes()

    def parse_action(self, text: str) -> object:
        return self.inner.parse_action(text)

    def format_action(self, action: object) -> str:
        return self.inner.format_action(action)

    def apply(self, action: str) -> LeakyState:
        return LeakyState(self.inner.apply(action), self.peek)

    def _apply(self, action: str) -> LeakyState:  # pragma: no cover - apply is overridden
        return self.apply(action)

    def _observation(self, seat: int) -> dict[str, JSON]:
        obs = dict(self.inner.observation(seat))
        obs["peek"] = self.peek(self.inner, seat)
        return obs

    def returns(self) -> tuple[float, ...]:
        return self.inner.returns()


def _next_daifugo_hand(state: Any, seat: int) -> JSON:
    """The next seat's hand as bit numbers: no card name in it, so no token check sees it."""
    from pyengine.daifugo.cards import bits_of

    hands = state.engine.hands
    return bits_of(hands[(seat + 1) % len(hands)])


def _one_daifugo_card(state: Any, seat: int) -> JSON:
    """One card of another hand: the next seat's strongest natural card."""
    from pyengine.daifugo.cards import CODES, NATURALS, bits_of

    hands = state.engine.hands
    cards = bits_of(hands[(seat + 1) % len(hands)] & NATURALS)
    return CODES[cards[-1]] if cards else None


def _one_chabashi_card(state: Any, seat: int) -> JSON:
    """The next seat's first hand card."""
    from pyengine.chabashi.cards import CODES

    hands = state.hands
    row = hands[(seat + 1) % len(hands)] if hands else ()
    return CODES[row[0][0]] if row else None


def _other_kuhn_card(state: Any, seat: int) -> JSON:
    return state.cards[1 - seat] if state.cards and seat >= 0 else None


LEAKS = [
    pytest.param("daifugo", "1.popular~match.games=2", 4, _one_daifugo_card, id="daifugo-one-card"),
    pytest.param("daifugo", "1.party~match.games=2", 3, _next_daifugo_hand, id="daifugo-bit-numbers"),
    pytest.param("chabashi", "1.seed~hand_limit=2", 4, _one_chabashi_card, id="chabashi-one-card"),
    pytest.param("kuhn", "1.basic", 2, _other_kuhn_card, id="kuhn-other-card"),
]


@pytest.mark.parametrize(("game_id", "rules", "n", "peek"), LEAKS)
def test_the_twin_check_reports_a_deliberate_leak(game_id: str, rules: str, n: int,
                                                  peek: Callable[[State, int], JSON]) -> None:
    assert game_id in GAME_IDS
    p = playout(game_id, rules, n, SEEDS[0])
    model = MODELS[game_id](p.states, p.record.actions)
    plies = spread(PLIES, len(p.states))
    honest = check_twins(model, p.states, plies)
    assert not honest.findings and honest.twins
    leaky = [LeakyState(s, peek) for s in p.states]
    report = check_twins(model, leaky, plies)
    assert report.findings, "the deliberate leak went unnoticed"
    assert all("can tell whether" in f for f in report.findings)
