"""The ``master`` level: its capture generator against the engine's, its chance nodes, its fixed
work, hints and game reviews; and how every level weighs a move whose cast may fail."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from test_cetkaik_bots import BLACK, RED, position, view_of

from pyengine.ai.bot import Bot, Deadline
from pyengine.ai.cetkaik.arena import CastLog
from pyengine.ai.cetkaik.attacks import action, attacks
from pyengine.ai.cetkaik.bots import GreedyBot, MasterBot, RulesBot, StrongBot
from pyengine.ai.cetkaik.evaluation import Evaluation, forming
from pyengine.ai.cetkaik.master import MasterSearch, analyse, outcomes, review_game, review_position
from pyengine.ai.cetkaik.openings import FIRST_MOVES, SET_UPS, opening, start
from pyengine.ai.cetkaik.search import move_info, success
from pyengine.cetkaik.board import ARCHER, HAND_INDEX, KING, OWNER, PAWN, TIGER
from pyengine.cetkaik.movegen import generate_moves
from pyengine.cetkaik.notation import TA_XOT, TY_MOK, PieceMove, parse_action
from pyengine.cetkaik.rules import CetkaikRules
from pyengine.cetkaik.scoring import hand_score
from pyengine.cetkaik.state import DECLARATION, MOVE, STEPPING_CAST, STEPPING_CHOICE, STICKS, CetkaikState
from pyengine.core.chance import sample_chance
from pyengine.core.rng import Pcg32


def playout_states(preset: str, games: int, plies: int = 160) -> list[CetkaikState]:
    """The ``move`` states of seeded random playouts."""
    rules = CetkaikRules.preset(preset)
    found = []
    for seed in range(games):
        rng = Pcg32(seed, 11)
        state = CetkaikState(rules)
        for _ in range(plies):
            if state.is_terminal():
                break
            if state.is_chance():
                state = state.apply(sample_chance(state, rng))
                continue
            if state.phase == MOVE:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["official", "cerke_online"])
def test_attacks_list_exactly_the_engines_captures_with_their_odds(preset: str) -> None:
    states = playout_states(preset, 6)
    assert len(states) > 150
    for n, state in enumerate(states):
        for side in (0, 1):
            moves = generate_moves(state.board, side, (), state.tam, state._flags.tam_self_hue, False, True)
            caps, count = attacks(state.board, side, state.tam, state._flags.tam_self_hue)
            assert count == len(moves)
            engine_captures = {m for m in moves if OWNER[state.board[parse_action(m).dest]] == 1 - side}  # type: ignore[union-attr]
            assert sorted(action(c) for c in caps) == sorted(engine_captures)
            for cap in caps:
                move = parse_action(action(cap))
                assert isinstance(move, PieceMove)
                assert (cap[1], cap[2], cap[3]) == (move.src, -1 if move.via is None else move.via, move.dest)
                if side == state.side and n % 6 == 0:  # the odds, from the engine's own chance outcomes
                    assert cap[0] == pytest.approx(_engine_odds(state, action(cap)))


def _engine_odds(state: CetkaikState, move: str) -> float:
    """The probability that ``move`` captures, from the engine's chance outcomes (the mover
    going to the planned square whenever it may)."""
    def walk(s: CetkaikState) -> Fraction:
        if s.phase == STEPPING_CHOICE:
            planned = parse_action(move).dest  # type: ignore[union-attr]
            squares = [a for a in s.legal_actions() if a != "此無"]
            target = next((a for a in squares if parse_action(a).dest == planned), None)  # type: ignore[attr-defined]
            return walk(s.apply(target)) if target else Fraction(0)
        if s.is_chance():
            return sum((p * walk(s.apply(o)) for o, p in s.chance_outcomes()), Fraction(0))
        return Fraction(1) if s.board != state.board else Fraction(0)
    return float(walk(state.apply(move)))


def test_outcomes_are_exact_and_mark_the_failed_casts() -> None:
    state = CetkaikState(CetkaikRules.preset("official")).apply("一位色赤")
    shot = outcomes(state, "ME片MI心MAI")  # four squares from the via square: 4 sticks or more
    assert [(p, failed) for p, _, failed in shot] == [(6 / 32, False), (26 / 32, True)]
    assert shot[1][1].board == state.board and shot[1][1].side == 1
    assert float(sum(STICKS[4:])) == 6 / 32
    wet = outcomes(state, "NI片NO水")
    assert [(p, failed) for p, _, failed in wet] == [(0.5, False), (0.5, True)]
    plain = outcomes(state, "TE片ZITU")
    assert [(p, failed) for p, _, failed in plain] == [(1.0, False)]
    for _, s, _ in shot + wet + plain:
        assert s.phase == MOVE and s.side == 1


def test_forming_lists_the_pieces_that_complete_a_hand() -> None:
    general_pawn = (HAND_INDEX["赤将"], HAND_INDEX["赤兵"])
    codes = forming(tuple(sorted(general_pawn)))
    assert HAND_INDEX["黒兵"] in codes and HAND_INDEX["赤王"] in codes  # 戦集, the King
    assert HAND_INDEX["黒虎"] not in codes
    for code in range(20):
        bigger = tuple(sorted(general_pawn + (code,)))
        assert (code in codes) == (hand_score(bigger) > hand_score(tuple(sorted(general_pawn))))


def test_master_takes_a_sure_hand_and_its_decision_depends_on_the_work_only() -> None:
    pieces = {"ZA": (0, RED, KING), "CI": (0, RED, PAWN), "LI": (0, RED, PAWN),
              "CU": (1, BLACK, KING), "LU": (1, BLACK, TIGER), "PIA": (1, BLACK, PAWN)}
    state = position(pieces)
    assert MasterBot(Pcg32(1)).act(view_of(state)) == "CI片CU"
    opening = CetkaikState(CetkaikRules.decode("1.official~seasons=1")).apply("一位色赤")
    first, again = MasterSearch(800), MasterSearch(800)
    assert first.choose_move(opening, opening.legal_actions()) == again.choose_move(opening, opening.legal_actions())
    assert first.ev.work == again.ev.work and first.depth == again.depth
    deeper = MasterSearch(4000)
    deeper.choose_move(opening, opening.legal_actions())
    assert deeper.depth > first.depth
    assert first.ev.work <= 800 + 400 and deeper.ev.work <= 4000 + 400  # it stops near its budget


def test_a_tripped_safety_net_plays_the_best_static_move() -> None:
    state = CetkaikState(CetkaikRules.decode("1.official~seasons=1")).apply("一位色黒").apply("TAU片ZAITY")
    hurried = MasterBot(Pcg32(1)).act(replace(view_of(state), budget=1e-12))
    static = MasterSearch(0)  # no work beyond the static pass: the same move
    assert hurried == static.choose_move(state, state.legal_actions()) and static.depth == 1


@pytest.mark.parametrize(("rules", "first"), [(rules, first) for rules in SET_UPS for first in FIRST_MOVES])
def test_a_games_first_move_is_the_one_the_search_makes_kept(rules: str, first: str) -> None:
    state, move = start(rules, first), FIRST_MOVES[first]
    assert move == MasterSearch().choose_move(state, state.legal_actions()), (
        "the search's first move changed: remake the table (python -m pyengine.ai.cetkaik.openings)")
    # master plays it without a search: even a deadline that has passed is never looked at
    clock = iter(range(0, 100, 10))
    deadline = Deadline(0.001, clock=lambda: float(next(clock)))
    assert MasterBot(Pcg32(1)).act(replace(view_of(state), deadline=deadline)) == move
    assert deadline.reads == 1  # (when it was made)
    later = replace(view_of(state.apply(move)), deadline=Deadline(0.001, clock=lambda: 0.0))
    MasterBot(Pcg32(1)).act(later)
    assert later.deadline is not None and later.deadline.reads > 1  # the next move is searched


def test_only_the_set_ups_first_positions_are_kept() -> None:
    for rules in SET_UPS:  # each set-up's two starts are kept
        assert {first for first, _ in CetkaikState(CetkaikRules.decode(rules)).chance_outcomes()} == set(FIRST_MOVES)
    official = CetkaikState(CetkaikRules.preset("official")).apply("一位色赤")
    assert opening(official) == "TE片ZITU"
    assert opening(official._replace(scores=(25, 15), season=1)) is None  # a later season's start is searched
    assert opening(CetkaikState(CetkaikRules.decode("1.official~seasons=1")).apply("一位色赤")) == "TE片ZITU"
    other = CetkaikRules.decode("1.official~stepping.what_to_say_before_casting_sticks=direction")  # no set-up of the form
    assert opening(CetkaikState(other).apply("一位色赤")) is None


# --- every level weighs a cast with its odds ------------------------------------------------------
def shot(target: str, prof: int) -> CetkaikState:
    """The A Archer on PE may step over its own Pawn on PI and go on down the P file, a cast
    deciding how far: its only capture is the IA piece on ``target``."""
    pieces = {"ZA": (0, RED, KING), "PE": (0, RED, ARCHER), "PI": (0, RED, PAWN), "KI": (0, RED, PAWN),
              "ZIA": (1, BLACK, KING), "KAU": (1, BLACK, PAWN), target: (1, BLACK, prof)}
    return position(pieces)


@pytest.mark.parametrize("cls", [GreedyBot, StrongBot, MasterBot])
def test_no_level_throws_a_turn_away_on_a_shot_at_a_pawn(cls: type[Bot]) -> None:
    # 16/32 (PY), 6/32 (PAI) or 1/32 (PAU) to win a Pawn, else the turn is lost: a quiet move
    # is better (before casts cost a turn, greedy took the last two shots and strong the first)
    for target in ("PY", "PAI", "PAU"):
        state = shot(target, PAWN)
        long_shot = f"PE片PI心{target}"
        assert long_shot in state.legal_actions()
        assert cls(Pcg32(1)).act(view_of(state)) != long_shot


@pytest.mark.parametrize("cls", [GreedyBot, StrongBot, MasterBot])
def test_every_level_still_takes_an_even_shot_at_the_king(cls: type[Bot]) -> None:
    # 16/32 to take the King, which forms a hand and wins the game: still the best expected move
    state = shot("PY", KING)
    assert cls(Pcg32(1)).act(view_of(state)) == "PE片PI心PY"


def test_rules_plays_no_move_that_fails_more_often_than_not() -> None:
    for target, prof in (("PAI", PAWN), ("PAU", PAWN), ("PY", PAWN)):
        state = shot(target, prof)
        for seed in range(30):
            move = RulesBot(Pcg32(seed)).act(view_of(state))
            assert success(state.board, move_info(move)) >= 0.5


def test_the_arena_counts_failed_casts_and_the_longest_run_of_one_failed_move() -> None:
    log = CastLog()
    for move, failed in (("A", True), ("A", True), ("B", True), ("A", True), ("A", False), ("A", True)):
        log.note(move, failed)
    assert (log.cast, log.failed, log.longest) == (6, 5, 2)
    assert str(log) == "6 cast, 5 failed (83%), longest run of one failed move 2"


# --- hints and reviews ----------------------------------------------------------------------------
def test_a_hint_gives_the_move_master_plays_its_value_and_ranked_alternatives() -> None:
    state = CetkaikState(CetkaikRules.decode("1.official~seasons=1")).apply("一位色赤").apply("TE片ZITU")
    hint = analyse(state, nodes=1000, top=4)
    assert hint.best == MasterSearch(1000).decide(state)
    assert len(hint.ranked) == 4 and len({a for a, _ in hint.ranked}) == 4
    assert {a for a, _ in hint.ranked} <= set(state.legal_actions()) and hint.best in dict(hint.ranked)
    values = [v for _, v in hint.ranked]
    assert values == sorted(values, reverse=True) and all(0.0 <= v <= 1.0 for v in values)
    assert hint.value == dict(hint.ranked)[hint.best] and hint.depth >= 1


def test_hints_after_a_cast_and_at_a_declaration() -> None:
    king = position({"ZA": (0, RED, KING), "CI": (0, RED, PAWN), "LI": (0, RED, PAWN),
                     "CU": (1, BLACK, KING), "LU": (1, BLACK, TIGER), "PIA": (1, BLACK, PAWN)})
    declaration = king.apply("CI片CU")
    assert declaration.phase == DECLARATION
    hint = analyse(declaration, nodes=500)
    assert {a for a, _ in hint.ranked} == {TY_MOK, TA_XOT}
    assert hint.best == TA_XOT and hint.value > 0.95  # cashing the King wins a one-season game
    stepping = CetkaikState(CetkaikRules.decode("1.official~seasons=1")).apply("一位色赤").apply("ME片MI心MU")
    assert stepping.phase == STEPPING_CAST
    choice = stepping.apply("橋五")
    assert choice.phase == STEPPING_CHOICE
    hint = analyse(choice, nodes=500)
    assert {a for a, _ in hint.ranked} == set(choice.legal_actions())


def test_a_review_marks_the_move_that_hands_over_the_king() -> None:
    # the A King steps next to the IA Tiger, which then takes it for certain (the King hand)
    pieces = {"ZA": (0, RED, KING), "KI": (0, RED, PAWN), "ZIA": (1, BLACK, KING), "TI": (1, BLACK, TIGER)}
    state = position(pieces)
    best, value, best_value = review_position(state, "ZA片ZE", nodes=500)
    assert best != "ZA片ZE" and best_value - value > 0.4
    same_best, same_value, same_best_value = review_position(state, best, nodes=500)
    assert same_best == best and same_value == same_best_value


def test_a_game_review_gives_every_decision_and_its_loss() -> None:
    rules = CetkaikRules.decode("1.official~seasons=1")
    state = CetkaikState(rules)
    rng = Pcg32(3, 3)
    actions = []
    while not state.is_terminal() and len(actions) < 14:
        move = sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())
        actions.append(move)
        state = state.apply(move)
    reviews = review_game(rules.encode(), actions, nodes=300)
    replayed = CetkaikState(rules)
    decisions = []
    for i, move in enumerate(actions):
        if not replayed.is_chance() and len(replayed.legal_actions()) > 1:
            decisions.append(i)
        replayed = replayed.apply(move)
    assert [r.index for r in reviews] == decisions
    for r in reviews:
        assert r.played == actions[r.index] and 0.0 <= r.loss <= 1.0
        assert r.loss == pytest.approx(max(0.0, r.best_value - r.played_value))
        assert (r.loss == 0.0) == (r.best == r.played) or r.best_value == r.played_value


def test_the_evaluation_is_a_bounded_utility() -> None:
    ev = Evaluation()
    for state in playout_states("cerke_online", 3)[::5]:
        assert -1.25 <= ev.static(state) <= 1.25
