"""Properties of random playouts under both presets (Hypothesis picks the seeds)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.cetkaik import CetkaikState
from pyengine.cetkaik.board import OWNER, SQUARE_NAMES, TAM2
from pyengine.cetkaik.notation import Drop, PieceMove, TamMove, parse_action
from pyengine.cetkaik.rules import CERKE_ONLINE, OFFICIAL, CetkaikRules
from pyengine.cetkaik.state import MOVE
from pyengine.core.chance import sample_chance
from pyengine.core.rng import Pcg32

RATES = {1, 2, 4, 8, 16, 32, 64}


def check_invariants(state: CetkaikState) -> None:
    on_board = sum(1 for code in state.board if code)
    assert on_board + len(state.hands[0]) + len(state.hands[1]) == 49
    assert state.board.count(TAM2) == 1 and state.board[state.tam] == TAM2
    assert sum(state.scores) == 40 and all(0 <= s <= 40 for s in state.scores)
    assert state.rate in RATES


def check_destinations(state: CetkaikState) -> None:
    """No legal move ends on an own piece or on tam2 (the origin counts as empty)."""
    side = state.side
    board = state.board
    for action in state.legal_actions():
        move = parse_action(action)
        if isinstance(move, PieceMove):
            if move.dest == move.src:
                continue
            target = board[move.dest]
            assert target != TAM2, action
            assert OWNER[target] != side, action
            assert OWNER[board[move.src]] == side, action
        elif isinstance(move, Drop):
            assert board[move.dest] == 0, action
        else:
            assert isinstance(move, TamMove), action
            for sq in (move.first, move.second):
                assert sq == move.src or board[sq] == 0, action


def choose(state: CetkaikState, rng: Pcg32, biased: bool) -> str:
    """A random action; ``biased`` mostly avoids stepping over tam2 and prefers ty mok1, so
    that seasons last, hands grow, drops multiply and the rate climbs."""
    legal = state.legal_actions()
    if biased:
        if state.phase_name == "declaration":
            return "再行" if rng.below(8) else "終季"
        if state.phase == MOVE and rng.below(10):
            tam = "片" + SQUARE_NAMES[state.tam]
            calm = [a for a in legal if tam not in a]
            if calm:
                return rng.choice(calm)
    return rng.choice(legal)


class Stats:
    most_moves = 0
    top_rate = 1


def playout(rules: CetkaikRules, seed: int, plies: int, check_every: int, biased: bool = False,
            stats: Stats | None = None) -> CetkaikState:
    rng = Pcg32(seed, 7)
    state = CetkaikState(rules)
    stats = stats or Stats()
    for ply in range(plies):
        stats.top_rate = max(stats.top_rate, state.rate)
        check_invariants(state)
        if state.is_terminal():
            break
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal) and list(legal) == sorted(legal)
            stats.most_moves = max(stats.most_moves, len(legal))
            if state.phase == MOVE and ply % check_every == 0:
                check_destinations(state)
            action = choose(state, rng, biased)
        state = state.apply(action)
    return state


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([OFFICIAL, CERKE_ONLINE]))
def test_random_playouts_keep_the_invariants(seed: int, rules: CetkaikRules) -> None:
    playout(rules, seed, 500, 5)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([OFFICIAL, CERKE_ONLINE]))
def test_long_biased_playouts_keep_the_invariants(seed: int, rules: CetkaikRules) -> None:
    playout(rules, seed, 1500, 9, biased=True)


def test_long_games_reach_many_drops_and_the_top_rate() -> None:
    stats = Stats()
    for seed in range(2):
        playout(OFFICIAL, seed, 1500, 1000, biased=True, stats=stats)
        playout(CERKE_ONLINE, seed, 1500, 1000, biased=True, stats=stats)
    assert stats.top_rate == 64
    assert stats.most_moves > 500


def test_games_finish() -> None:
    """With a ply cap high enough, some random games reach their end, and end correctly."""
    finished = 0
    for seed in range(6):
        state = playout(OFFICIAL.with_option("seasons", 1), seed, 3000, 50)
        if state.is_terminal():
            finished += 1
            assert state.phase_name == "over" or not state.legal_actions()
    assert finished >= 1
