"""Why a hand won (§9): the first step at which two evaluated hands differ, and the showdown's
reasons and winning marks in the table's view.  Every expected reason is worked out by hand from
the specification (§8.3 for the categories, §9 for the steps), not read from the code."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pyengine.app.views import TableContext
from pyengine.app.views.chabashi import table_view
from pyengine.chabashi.cards import cards
from pyengine.chabashi.game import GAME
from pyengine.chabashi.hands import BALANCED_ORDER, SEED_ORDER, Evaluator, why_stronger
from pyengine.chabashi.rules import ChabashiRules
from pyengine.chabashi.state import ChabashiState

SIDE_POT_DEAL = "G1 G3 G6 G7  G2 G4  Y0 Y5 B8  G0 G5 R1  R0 R5 R3  B0 B5 Y6"
QUALIFIER_DEAL = "Y8 B4 R1 G2  R5 G7  R6 G4  R8 G6  R4 G3 R7 G5 draw:0 draw:0 check check pass pass check check"


def split(text: str) -> tuple[list[int], list[int]]:
    hand, floor = text.split("|")
    return cards(hand), cards(floor)


CASES = [
    # §9's first example: both 야색군주 (every colour once); sorted strongest first, R5 B5 Y7 G2
    # against R4 B3 Y8 G8: the first cards are both red, and 5 > 4.
    ("R5 G2 | B5 Y7", "Y8 B3 | G8 R4", SEED_ORDER,
     {"step": "defining", "hand": "yasaekgunju", "position": 1, "card": "R5", "other_card": "R4", "by": "number"}),
    # both 연패 (R3 Y3 against B8 Y8; no other hand: R6 R7 are one colour, nothing makes a run of
    # three colours): the pairs' strongest cards, R3 and B8, differ in colour first, and R > B.
    ("R3 Y3 | R6 R7", "B8 Y8 | R1 R2", SEED_ORDER,
     {"step": "defining", "hand": "yeonpae", "position": 1, "card": "R3", "other_card": "B8", "by": "colour"}),
    # §9's second example: both 연패, |S| 4 against 5 (the 3-card hand is barred from 삼연패).
    ("G1 G7 | Y1 B6", "R2 B2 Y5 | G7 R8", SEED_ORDER,
     {"step": "size", "hand": "yeonpae", "cards": 4, "other_cards": 5}),
    # R3 B4 Y5 G6 is a 4-card run in four colours, 사색연 (#4); R1 R2 R7 B7 is only a pair of 7s.
    ("R3 B4 | Y5 G6", "R1 R2 | R7 B7", SEED_ORDER,
     {"step": "category", "hand": "sasaekyeon", "other": "yeonpae"}),
    # the same pair R5 B5 on both sides (a crafted case): the kickers decide, R2 against G2 (colour).
    ("R5 B5 | R1 R2", "R5 B5 | G1 G2", SEED_ORDER,
     {"step": "kicker", "hand": "yeonpae", "position": 1, "card": "R2", "other_card": "G2", "by": "colour"}),
    # under balanced 야색군주 sits low, so 삼연패 (three 5s) beats it: the category decides.
    ("R5 B5 | Y5 G1", "R8 B7 | Y1 G2", BALANCED_ORDER,
     {"step": "category", "hand": "samyeonpae", "other": "yasaekgunju"}),
]


@pytest.mark.parametrize(("win", "lose", "order", "expected"), CASES)
def test_the_first_step_that_differs_says_why(win: str, lose: str, order: tuple[str, ...],
                                              expected: dict[str, Any]) -> None:
    ev = Evaluator(order)
    a, b = ev.best(*split(win)), ev.best(*split(lose))
    assert a.key > b.key
    assert why_stronger(a, b) == expected
    with pytest.raises(ValueError):
        why_stronger(b, a)


def test_the_wiki_hand_seon_counts_its_cards_first_and_equal_hands_are_equal() -> None:
    ev = Evaluator(SEED_ORDER, wiki=True)
    # 선 (hand) with Y1 Y2 Y3 (3 cards of the four, one on the floor) against Y7 Y1 (2 cards):
    # more cards of M win before any card is compared (§9 step 3)
    a, b = ev.evaluate(cards("Y1 Y2"), cards("Y3 G8")), ev.evaluate(cards("Y7 R6"), cards("Y1 B4"))
    assert (a.category, b.category) == ("seon", "seon")
    assert why_stronger(a, b) == {"step": "count", "hand": "seon", "count": 3, "other_count": 2}
    assert why_stronger(a, a) == {"step": "equal", "hand": "seon"}


def play(n: int, rules: str, actions: str, chips: tuple[int, ...] | None = None) -> list[ChabashiState]:
    s = GAME.new_initial_state(ChabashiRules.decode(rules), n)
    if chips:
        s = replace(s, chips=chips)
    states = [s]
    for a in actions.split():
        states.append(states[-1].apply(a))
    return states


def result(states: list[ChabashiState]) -> dict[str, Any]:
    n = states[0].num_players
    v = table_view(TableContext(states, [], len(states) - 1, 0, "en", ("human",) * n))
    r = v["result"]
    assert isinstance(r, dict) and r["showdown"]
    return r


def test_side_pots_each_say_why_and_the_winning_hands_are_marked() -> None:
    r = result(play(4, "1.seed", SIDE_POT_DEAL + " draw:0 draw:0 draw:0 bet raise call pass pass pass bet raise call",
                    chips=(100, 3, 10, 100)))
    # seat 1 R0 B0 | Y0 G0 is 공패군, seat 2 the four 5s 진혼곡, seat 3 최고패; the dealer hand
    # (G2 G4 | G1 G3 G6 G7, all green) is 최고패 too
    main, side, returned = r["pots"]
    assert main["why"] == [
        {"winner": 1, "loser": 2, "step": "category", "hand": "gongpaegun", "other": "jinhongok"},
        {"winner": 1, "loser": "dealer", "step": "category", "hand": "gongpaegun", "other": "choegopae"}]
    assert side["why"] == [
        {"winner": 2, "loser": 3, "step": "category", "hand": "jinhongok", "other": "choegopae"},
        {"winner": 2, "loser": "dealer", "step": "category", "hand": "jinhongok", "other": "choegopae"}]
    assert returned["outcome"] == "returned" and returned["why"] == []
    assert [(h["seat"], h["wins"]) for h in r["hands"]] == [(1, True), (2, True), (3, False)]
    assert r["dealer_hand"]["wins"] is False


@pytest.mark.parametrize("mode", ["qualifier", "dealer_collects"])
def test_a_stronger_dealer_hand_is_the_reason_and_the_marked_hand(mode: str) -> None:
    # dealer hand R5 G7 | Y8 B4: 완전원; seat 1 R4 R7 | R6 R8 and seat 2 G3 G5 | G4 G6 are 최고패
    r = result(play(3, f"1.seed~dealer_mode={mode}", QUALIFIER_DEAL))
    (pot,) = r["pots"]
    assert pot["why"] == [{"winner": "dealer", "loser": 1, "step": "category", "hand": "wanjeonwon",
                           "other": "choegopae"}]
    assert [h["wins"] for h in r["hands"]] == [False, False] and r["dealer_hand"]["wins"] is True


def test_an_ignored_dealer_hand_leaves_the_players_tie_break() -> None:
    # both 최고패, all of S compared strongest first: R8 (seat 1) against G6 (seat 2), colour
    r = result(play(3, "1.seed~dealer_mode=ignore", QUALIFIER_DEAL))
    (pot,) = r["pots"]
    assert pot["why"] == [{"winner": 1, "loser": 2, "step": "defining", "hand": "choegopae", "position": 1,
                           "card": "R8", "other_card": "G6", "by": "colour"}]
    assert [h["wins"] for h in r["hands"]] == [True, False] and r["dealer_hand"]["wins"] is False
