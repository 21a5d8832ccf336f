"""The conformance suite: every registered game must keep the core protocol's promises.

Parametrised over the registry, so each game is checked as soon as it registers.  A game
may tune the suite with a ``conformance`` attribute on its Game object: a list of
``(rules_encoding, players)`` configurations and ``conformance_max_plies``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from pyengine.core import (
    CHANCE,
    TERMINAL,
    EngineError,
    Game,
    Record,
    Seat,
    State,
    decode_fragment,
    encode_fragment,
    list_games,
    load_game,
    sample_chance,
)
from pyengine.core.rng import Pcg32

SEEDS = (1, 2, 3)
JUNK = ("", " ", "??", "\x00", "zz-not-an-action", "1" * 300, "🂡")


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


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings_in(v)


def playout(game_id: str, rules: str, n: int, seed: int) -> tuple[Record, list[State]]:
    game = load_game(game_id)
    state = game.new_initial_state(game.rules_type.decode(rules), n)
    rng = Pcg32(seed, 99)
    max_plies = getattr(game, "conformance_max_plies", 400)
    states = [state]
    actions: list[str] = []
    while not state.is_terminal() and len(actions) < max_plies:
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(action)
        states.append(state)
    record = Record(game_id, rules, tuple(Seat(f"p{i}") for i in range(n)), tuple(actions), seed)
    return record, states


@pytest.fixture(scope="module")
def playouts() -> dict[tuple[str, str, int, int], tuple[Record, list[State]]]:
    return {}


def get_playout(cache: dict[Any, Any], game_id: str, rules: str, n: int, seed: int) -> tuple[Record, list[State]]:
    key = (game_id, rules, n, seed)
    if key not in cache:
        cache[key] = playout(game_id, rules, n, seed)
    return cache[key]  # type: ignore[no-any-return]


def test_registry_lists_games_with_complete_metadata() -> None:
    for info in list_games():
        assert set(info.names) >= {"en", "ko", "ja"}
        assert 1 <= info.min_players <= info.default_players <= info.max_players
        assert load_game(info.id).info == info


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
def test_presets_encode_and_validate(game_id: str, rules: str, n: int) -> None:
    game = load_game(game_id)
    decoded = game.rules_type.decode(rules)
    decoded.validate()
    assert decoded.encode() == rules
    assert game.rules_type.decode(decoded.encode()) == decoded


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_protocol(playouts: dict[Any, Any], game_id: str, rules: str, n: int, seed: int) -> None:
    record, states = get_playout(playouts, game_id, rules, n, seed)
    for index, state in enumerate(states):
        player = state.current_player
        assert player in (CHANCE, TERMINAL) or 0 <= player < n
        assert state.num_players == n
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes, "a chance node lists its outcomes"
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == 1
            assert len({o for o, _ in outcomes}) == len(outcomes)
            assert state.legal_actions() == ()
        elif player == TERMINAL:
            assert state.legal_actions() == ()
            assert state.chance_outcomes() == ()
            assert len(state.returns()) == n
        else:
            legal = state.legal_actions()
            assert legal, "a seat to move has at least one legal action"
            assert len(set(legal)) == len(legal)
            for action in legal:
                assert state.format_action(state.parse_action(action)) == action
                assert isinstance(state.describe(action, "en"), str)
        assert all(math.isfinite(float(r)) for r in state.returns())
        if index < len(record.actions):
            assert state.apply(record.actions[index]) == states[index + 1]


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
def test_every_legal_action_applies(playouts: dict[Any, Any], game_id: str, rules: str, n: int) -> None:
    _, states = get_playout(playouts, game_id, rules, n, SEEDS[0])
    step = max(1, len(states) // 12)
    for state in states[::step]:
        for action in state.legal_actions():
            after = state.apply(action)
            assert isinstance(after, State)
        for outcome, _ in state.chance_outcomes():
            state.apply(outcome)


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
def test_junk_and_illegal_actions_raise_and_change_nothing(playouts: dict[Any, Any], game_id: str, rules: str, n: int) -> None:
    _, states = get_playout(playouts, game_id, rules, n, SEEDS[0])
    for state in states[:: max(1, len(states) // 8)]:
        before = state
        for junk in JUNK:
            with pytest.raises(EngineError):
                state.apply(junk)
        assert state == before
    terminal = states[-1]
    if terminal.is_terminal():
        with pytest.raises(EngineError):
            terminal.apply("anything")


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_record_replays_to_the_same_states(playouts: dict[Any, Any], game_id: str, rules: str, n: int, seed: int) -> None:
    record, states = get_playout(playouts, game_id, rules, n, seed)
    replayed = record.replay()
    assert replayed == states
    assert hash(replayed[-1]) == hash(states[-1])
    back = decode_fragment(encode_fragment(record))
    assert back == record
    assert back.final_state() == states[-1]
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_observations_are_json_and_leak_free(playouts: dict[Any, Any], game_id: str, rules: str, n: int, seed: int) -> None:
    _, states = get_playout(playouts, game_id, rules, n, seed)
    for state in states:
        for seat in [*range(n), -1]:
            obs = state.observation(seat)
            text = json.dumps(obs, allow_nan=False)
            assert json.loads(text) == obs, "observations use only JSON types"
            secrets = state.hidden_tokens(seat)
            if secrets:
                leaked = secrets & set(strings_in(obs))
                assert not leaked, f"seat {seat} sees {sorted(leaked)}"
