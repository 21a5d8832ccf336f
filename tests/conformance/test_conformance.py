"""The conformance suite: every registered game must keep the core protocol's promises.

Parametrised over the registry, so each game is checked as soon as it registers (the
configurations and the seeded playouts are in :mod:`conformance_support`; the leak check is
``test_leaks.py``, the pinned presets ``test_presets_golden.py``).
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from conformance_support import CASES, GAME_IDS, SEEDS, playout, spread

from pyengine.core import (
    CHANCE,
    TERMINAL,
    EngineError,
    IllegalActionError,
    InvalidNotationError,
    InvalidSeatError,
    Record,
    State,
    decode_fragment,
    encode_fragment,
    list_games,
    load_game,
)

JUNK = ("", " ", "??", "\x00", "zz-not-an-action", "1" * 300, "🂡")


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
def test_random_playout_keeps_protocol(game_id: str, rules: str, n: int, seed: int) -> None:
    p = playout(game_id, rules, n, seed)
    record, states = p.record, p.states
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
            for outcome, _ in outcomes:
                assert state.format_action(state.parse_action(outcome)) == outcome
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
def test_every_legal_action_applies(game_id: str, rules: str, n: int) -> None:
    states = playout(game_id, rules, n, SEEDS[0]).states
    step = max(1, len(states) // 12)
    for state in states[::step]:
        for action in state.legal_actions():
            after = state.apply(action)
            assert isinstance(after, State)
        for outcome, _ in state.chance_outcomes():
            state.apply(outcome)


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_record_replays_to_the_same_states(game_id: str, rules: str, n: int, seed: int) -> None:
    p = playout(game_id, rules, n, seed)
    record, states = p.record, p.states
    replayed = record.replay()
    assert replayed == list(states)
    assert hash(replayed[-1]) == hash(states[-1])
    back = decode_fragment(encode_fragment(record))
    assert back == record
    assert back.final_state() == states[-1]
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_playouts_reach_the_end(game_id: str, rules: str, n: int, seed: int) -> None:
    p = playout(game_id, rules, n, seed)
    last = p.states[-1]
    assert last.is_terminal(), f"not over after {len(p.record.actions)} plies (conformance_max_plies)"
    assert len(last.returns()) == n


def _pools(states: tuple[State, ...]) -> tuple[list[str], list[str]]:
    """Every move legal somewhere in the playout, and every chance outcome possible somewhere."""
    moves: set[str] = set()
    outcomes: set[str] = set()
    for state in states:
        moves.update(state.legal_actions())
        outcomes.update(o for o, _ in state.chance_outcomes())
    return sorted(moves), sorted(outcomes)


def _assert_unchanged(state: State, rebuilt: State, n: int) -> None:
    """``state`` still equals a copy rebuilt independently from the record."""
    assert rebuilt is not state
    assert state == rebuilt and hash(state) == hash(rebuilt)
    assert state.current_player == rebuilt.current_player
    assert state.legal_actions() == rebuilt.legal_actions()
    assert state.chance_outcomes() == rebuilt.chance_outcomes()
    for seat in range(-1, n):
        assert state.observation(seat) == rebuilt.observation(seat)


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
def test_illegal_but_well_formed_actions_are_refused_and_change_nothing(game_id: str, rules: str,
                                                                         n: int) -> None:
    """Moves legal elsewhere in the same game (often another seat's), chance outcomes at a
    seat's turn and moves at chance nodes are refused with ``IllegalActionError``; junk with
    an :class:`EngineError`; and the state is still what replaying its record gives."""
    p = playout(game_id, rules, n, SEEDS[0])
    rebuilt = p.record.replay()  # independent copies, never the state compared with itself
    moves, outcomes = _pools(p.states)
    refused = 0
    for i in spread(8, len(p.states)):
        state = p.states[i]
        allowed = set(state.legal_actions()) | {o for o, _ in state.chance_outcomes()}
        nearby = [a for near in p.states[max(0, i - 3): i + 4] for a in near.legal_actions()]
        candidates = (nearby + [moves[j] for j in spread(12, len(moves))]
                      + [outcomes[j] for j in spread(6, len(outcomes))])
        for action in dict.fromkeys(a for a in candidates if a not in allowed):
            with pytest.raises(IllegalActionError):
                state.apply(action)
            if state.current_player >= 0:
                with pytest.raises(IllegalActionError):
                    state.apply_as(state.current_player, action)
            refused += 1
        for junk in JUNK:
            with pytest.raises(EngineError):
                state.apply(junk)
        for action in state.legal_actions()[:3]:  # a legal move, but out of turn
            for seat in range(-1, n):
                if seat != state.current_player:
                    with pytest.raises(IllegalActionError, match="not your turn"):
                        state.apply_as(seat, action)
        _assert_unchanged(state, rebuilt[i], n)
    assert refused >= 8, "the playout offered too few illegal actions to try"
    assert p.states[-1].is_terminal()
    with pytest.raises(IllegalActionError, match="the game is over"):
        p.states[-1].apply(moves[0])


def respellings(action: str) -> list[str]:
    """Other ways one might write ``action``: reordered parts, case, spaces, other digits."""
    head, colon, tail = action.rpartition(":")
    tokens = tail.split(".")
    out = [action.upper(), action.lower(), f" {action}", f"{action} ", action.replace(":", ": ", 1),
           action.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))]
    if len(tokens) > 1:
        out += [head + colon + ".".join(reversed(tokens)), head + colon + ".".join(tokens[1:] + tokens[:1])]
    return [x for x in dict.fromkeys(out) if x != action]


@pytest.mark.parametrize(("game_id", "rules", "n"), CASES)
def test_only_the_one_spelling_of_an_action_applies(game_id: str, rules: str, n: int) -> None:
    """Another spelling of a legal action (one that parses to the same action) is refused with
    ``InvalidNotationError`` naming the one spelling; anything else is refused too."""
    p = playout(game_id, rules, n, SEEDS[0])
    for i in spread(16, len(p.states)):
        state = p.states[i]
        listed = list(state.legal_actions()) + [o for o, _ in state.chance_outcomes()]
        allowed = set(listed)
        for action in (listed[j] for j in spread(20, len(listed))):
            for other in respellings(action):
                if other in allowed:
                    continue
                with pytest.raises(EngineError) as info:
                    state.apply(other)
                try:
                    same = state.parse_action(other) == state.parse_action(action)
                except InvalidNotationError:
                    same = False
                    assert isinstance(info.value, InvalidNotationError)
                if same:
                    assert isinstance(info.value, InvalidNotationError)
                    assert f"write {action}, not {other}" in str(info.value)
                    if state.current_player >= 0:
                        with pytest.raises(InvalidNotationError, match="write"):
                            state.apply_as(state.current_player, other)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_invalid_seats_are_refused(game_id: str) -> None:
    _, rules, n = next(c.values for c in CASES if c.values[0] == game_id)
    p = playout(game_id, rules, n, SEEDS[0])
    assert issubclass(InvalidSeatError, EngineError) and issubclass(InvalidSeatError, ValueError)
    for state in (p.states[0], p.states[len(p.states) // 2], p.states[-1]):
        for seat in range(-1, n):
            assert isinstance(state.observation(seat), dict)
        action = (state.legal_actions() or [o for o, _ in state.chance_outcomes()] or ["pass"])[0]
        for bad in (n, n + 1, 99, -2, -99, "0", None, 1.0, True):
            with pytest.raises(InvalidSeatError, match="there is no seat"):
                state.observation(bad)  # type: ignore[arg-type]
            with pytest.raises(InvalidSeatError, match="there is no seat"):
                state.apply_as(bad, action)  # type: ignore[arg-type]
