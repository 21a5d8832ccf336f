"""The Cetkaik bot levels: what each level must do, on positions built by hand and in play."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine.ai.bot import Bot, BotView, RandomBot
from pyengine.ai.cetkaik.bots import GreedyBot, MasterBot, RulesBot, StrongBot, state_from_view
from pyengine.ai.levels import levels
from pyengine.ai.match import play_match
from pyengine.cetkaik import GAME, CetkaikRules
from pyengine.cetkaik.board import (
    KING,
    PAWN,
    SQUARE_INDEX,
    TAM2,
    TIGER,
    piece_code,
)
from pyengine.cetkaik.notation import PieceMove, TamMove, parse_action
from pyengine.cetkaik.state import DECLARATION, MOVE, CetkaikState
from pyengine.core.chance import sample_chance
from pyengine.core.record import Seat
from pyengine.core.rng import Pcg32

RED, BLACK = 0, 1


def position(pieces: dict[str, tuple[int, int, int]], side: int = 0, scores: tuple[int, int] = (20, 20),
             season: int = 0, seasons: int = 1, tam: str = "ZO") -> CetkaikState:
    """A position with ``pieces`` (square → (side, colour, profession)), ``side`` to move."""
    board = [0] * 81
    for name, (owner, colour, prof) in pieces.items():
        board[SQUARE_INDEX[name]] = piece_code(owner, colour, prof)
    board[SQUARE_INDEX[tam]] = TAM2
    rules = CetkaikRules(seasons=seasons)
    return CetkaikState(rules, tuple(board), ((), ()), SQUARE_INDEX[tam], scores, 1, season, MOVE, side)


def view_of(state: CetkaikState, budget: float = 1.0) -> BotView:
    seat = state.side
    return BotView("cetkaik", state.rules.encode(), seat, state.observation(seat), state.legal_actions(), budget)


# A: red Pawn on CI facing the IA black King on CU, red Pawn on LI facing a black Tiger on LU.
KING_TAKE: dict[str, tuple[int, int, int]] = {
    "ZA": (0, RED, KING), "CI": (0, RED, PAWN), "LI": (0, RED, PAWN),
    "CU": (1, BLACK, KING), "LU": (1, BLACK, TIGER), "PIA": (1, BLACK, PAWN),
}


def test_levels_are_offered_weakest_first() -> None:
    assert list(levels("cetkaik")) == ["random", "greedy", "rules", "strong", "master"]
    assert levels("cetkaik")["random"] is RandomBot


@pytest.mark.parametrize("preset", ["official", "cerke_online"])
def test_state_from_view_rebuilds_every_decision_state(preset: str) -> None:
    rules = CetkaikRules.preset(preset)
    seen: set[str] = set()
    for seed in range(6):
        rng = Pcg32(seed, 1)
        state = GAME.new_initial_state(rules)
        assert isinstance(state, CetkaikState)
        for _ in range(300):
            if state.is_terminal():
                break
            if state.is_chance():
                state = state.apply(sample_chance(state, rng))
                continue
            assert state_from_view(view_of(state)) == state
            seen.add(state.phase_name)
            state = state.apply(rng.choice(state.legal_actions()))
    assert {"move", "declaration", "stepping_choice"} <= seen


@pytest.mark.parametrize("level", ["greedy", "rules", "strong", "master"])
def test_a_level_plays_legal_moves_to_the_end_of_a_season(level: str) -> None:
    seats = (Seat("a", f"bot:{level}"), Seat("b", "bot:random"))
    result = play_match("cetkaik", "1.official~seasons=1", seats, seed=5, max_plies=200)
    assert result.final.is_terminal() or result.truncated
    assert sum(result.final.scores) == 40


@pytest.mark.parametrize("cls", [GreedyBot, RulesBot, StrongBot, MasterBot])
def test_same_view_and_seed_same_answer(cls: type[Bot]) -> None:
    start = GAME.new_initial_state(CetkaikRules.decode("1.cerke_online~seasons=1")).apply("一位色黒")
    state = start.apply("TAU片ZAITY")  # (master keeps its first move: .openings)
    assert isinstance(state, CetkaikState)
    view = view_of(state)
    answers = {cls(Pcg32(9, 2)).act(view) for _ in range(2)}
    assert len(answers) == 1 and answers <= set(view.legal)


@pytest.mark.parametrize("cls", [GreedyBot, RulesBot, StrongBot, MasterBot])
def test_every_level_takes_the_king_when_it_surely_forms_a_hand(cls: type[Bot]) -> None:
    state = position(KING_TAKE)
    assert "CI片CU" in state.legal_actions() and "LI片LU" in state.legal_actions()
    assert cls(Pcg32(1)).act(view_of(state)) == "CI片CU"


def test_greedy_and_rules_always_end_the_season() -> None:
    state = position(KING_TAKE, seasons=4).apply("CI片CU")
    assert state.phase == DECLARATION
    assert GreedyBot(Pcg32(1)).act(view_of(state)) == "終季"
    assert RulesBot(Pcg32(1)).act(view_of(state)) == "終季"


@pytest.mark.parametrize("scores, season, seasons, tiger, expected", [
    ((20, 20), 0, 1, "LU", "終季"),  # a one-season game: 5 points win it
    ((20, 20), 3, 4, "LU", "終季"),  # the last season: 5 points win the game
    ((5, 35), 3, 4, "LU", "再行"),   # the last season, 30 behind: cashing 5 still loses, so continue
    ((20, 20), 0, 4, "TE", "終季"),  # the Tiger on TE would take the red King at double rate
])
def test_strong_weighs_ty_mok_against_ta_xot(scores: tuple[int, int], season: int, seasons: int, tiger: str,
                                            expected: str) -> None:
    pieces = dict(KING_TAKE)
    del pieces["LU"]
    pieces[tiger] = (1, BLACK, TIGER)
    state = position(pieces, scores=scores, season=season, seasons=seasons).apply("CI片CU")
    assert state.phase == DECLARATION
    assert StrongBot(Pcg32(1)).act(view_of(state)) == expected


def test_greedy_skips_tam2_moves_and_steps_back_to_the_origin() -> None:
    rng = Pcg32(4, 4)
    for seed in range(3):
        state: Any = GAME.new_initial_state(CetkaikRules.decode("1.official~seasons=1"))
        for _ in range(60):
            if state.is_terminal():
                break
            if state.is_chance():
                state = state.apply(sample_chance(state, rng))
                continue
            action = GreedyBot(Pcg32(seed, 7)).act(view_of(state))
            if state.phase == MOVE:
                move = parse_action(action)
                assert not isinstance(move, TamMove)
                assert not (isinstance(move, PieceMove) and move.dest == move.src)
            state = state.apply(action)


def test_rules_never_makes_a_pointless_step() -> None:
    rng = Pcg32(8, 8)
    state: Any = GAME.new_initial_state(CetkaikRules.decode("1.official~seasons=1"))
    moves = 0
    for _ in range(120):
        if state.is_terminal():
            break
        if state.is_chance():
            state = state.apply(sample_chance(state, rng))
            continue
        action = RulesBot(Pcg32(3, 3)).act(view_of(state))
        if state.phase == MOVE:
            moves += 1
            move = parse_action(action)
            assert not isinstance(move, TamMove)
            if isinstance(move, PieceMove):
                assert move.dest != move.src
                assert move.via is None or state.board[move.via] != TAM2
        state = state.apply(action)
    assert moves >= 5


def test_rules_avoids_a_move_that_hands_the_opponent_a_likely_hand() -> None:
    # the IA black Tiger on TI covers NE, ZE, NU and ZU: the red King stepping from ZA to ZE
    # would be captured for certain (the King hand); every other move is safe
    pieces = {"ZA": (0, RED, KING), "KI": (0, RED, PAWN), "ZIA": (1, BLACK, KING), "TI": (1, BLACK, TIGER)}
    state = position(pieces)
    assert "TI片ZE" in state.apply("ZA片ZE").legal_actions()
    chosen = {RulesBot(Pcg32(seed)).act(view_of(state)) for seed in range(40)}
    assert "ZA片ZE" not in chosen
    assert len(chosen) > 2  # otherwise random among the safe moves
