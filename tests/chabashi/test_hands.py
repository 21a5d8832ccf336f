"""The deck table, every hand category with crafted cases, tie-breaks and the §10 frequency table."""

from __future__ import annotations

import doctest
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyengine.chabashi.cards as cards_mod
import pyengine.chabashi.game as game_mod
import pyengine.chabashi.hands as hands_mod
import pyengine.chabashi.odds as odds_mod
import pyengine.chabashi.rules as rules_mod
import pyengine.chabashi.tool as tool_mod
from pyengine.chabashi.cards import COLOUR, DECK, NUMBER, STRENGTH, TYPE, TYPE_NAMES, card, cards, code
from pyengine.chabashi.hands import BALANCED_ORDER, KOREAN, SEED_ORDER, Evaluator, evaluator
from pyengine.core.errors import InvalidNotationError

# --- the deck (§2), typed in again from the specification's table ------------------------
SPEC_TYPES = """
R1 혼 B1 선 Y1 선 G1 혼
R2 혼 B2 혼 Y2 혼 G2 혼
R3 선 B3 선 Y3 혼 G3 선
R4 선 B4 원 Y4 선 G4 선
R5 혼 B5 선 Y5 선 G5 혼
R6 선 B6 혼 Y6 선 G6 혼
R7 혼 B7 선 Y7 혼 G7 혼
R8 선 B8 선 Y8 원 G8 선
R0 공 B0 공 Y0 공 G0 공
"""


def test_deck_table_matches_the_specification() -> None:
    tokens = SPEC_TYPES.split()
    table = dict(zip(tokens[::2], tokens[1::2], strict=False))
    assert len(table) == 36 == len(DECK)
    assert {code(c): TYPE_NAMES[TYPE[c]] for c in DECK} == table
    counts = {name: sum(1 for c in DECK if TYPE_NAMES[TYPE[c]] == name) for name in "원선혼공"}
    assert counts == {"원": 2, "선": 16, "혼": 14, "공": 4}
    assert {(COLOUR[c], NUMBER[c]) for c in DECK} == {(k, n) for k in range(4) for n in range(9)}


def test_card_order_and_codes() -> None:
    # colour first (R > B > Y > G), then number with zero as 9
    assert STRENGTH[card("R1")] > STRENGTH[card("B0")] > STRENGTH[card("B8")] > STRENGTH[card("Y8")]
    assert sorted(STRENGTH) == list(range(36))
    assert [code(card(code(c))) for c in DECK] == [code(c) for c in DECK]
    for bad in ("r1", "R9", "X1", "R", "R10", ""):
        with pytest.raises(InvalidNotationError):
            card(bad)


# --- crafted cases: (preset, hand | floor, expected category, expected pair) ------------------
def best(line: str, preset: str = "seed", wiki: bool = False) -> tuple[str, str]:
    hand_text, floor_text = line.split("|")
    order = SEED_ORDER if preset == "seed" else BALANCED_ORDER
    v = evaluator(order, wiki).best(cards(hand_text), cards(floor_text))
    floor = cards(floor_text)
    return v.name, " ".join(code(c) for c in sorted(v.pair, key=floor.index))


CASES = [
    # the §13 example run
    ("seed", "R2 B3 | Y4 G5", "사색연", "Y4 G5"),
    ("seed", "Y8 B4 | R2 G6", "혼선야행", "R2 G6"),
    ("seed", "Y8 B4 R2 | G6 R7", "끗", "G6 R7"),
    ("seed", "R0 B1 | Y2 G6", "야색군주", "Y2 G6"),
    ("balanced", "R0 B1 | Y2 G6", "삼연패", "Y2 G6"),
    ("seed", "R3 R5 | B1 G7", "최고패", "B1 G7"),
    ("seed", "R4 B4 Y4 | G4 B6", "쌍연패", "G4 B6"),
    ("seed", "G5 R1 | G8 B2 Y2 R3", "혼선야행", "B2 Y2"),
    ("seed", "R6 Y6 | B1 G1 R5 B2", "야색군주", "G1 B2"),
    ("balanced", "R6 Y6 | B1 G1 R5 B2", "쌍연패", "B1 G1"),
    ("seed", "R1 R2 | R3 B5", "최고패", "R3 B5"),
    # 1 공패군, barred with three hand cards
    ("seed", "R0 B0 | Y0 G0", "공패군", "Y0 G0"),
    ("seed", "R0 B0 Y0 | G0 R1", "쌍연패", "G0 R1"),
    # 2 완전원: floor-anchored (one or both on the floor), also with a 3-card hand
    ("seed", "Y8 R1 | B4 G2", "완전원", "B4 G2"),
    ("seed", "R1 G2 | Y8 B4", "완전원", "Y8 B4"),
    ("seed", "Y8 R1 G2 | B4 G6", "완전원", "B4 G6"),
    # 3 진혼곡 (and four zeros are 공패군 first)
    ("seed", "R3 B3 | Y3 G3", "진혼곡", "Y3 G3"),
    # 4 사색연 with a zero as 0 and as 9
    ("seed", "R0 B1 | Y2 G3", "사색연", "Y2 G3"),
    ("seed", "R6 B7 | Y8 G0", "사색연", "Y8 G0"),
    # no wrap-around: 8-0-1 is not a run (else this would be 삼연패)
    ("seed", "Y8 G0 | R1 R5", "끗", "R1 R5"),
    # 5 혼선야행 (a): four 혼 cards of four colours
    ("seed", "R1 B2 | Y3 G5", "혼선야행", "Y3 G5"),
    # 6 야색군주: zeros never clash, even with their printed colour
    ("seed", "R0 R1 | B3 Y5", "야색군주", "B3 Y5"),
    ("seed", "R0 B0 | R3 Y6", "야색군주", "R3 Y6"),
    # 7 선지행진 only under balanced
    ("balanced", "R3 B1 | Y1 G3", "선지행진", "Y1 G3"),
    ("seed", "R3 B1 | Y4 G8", "야색군주", "Y4 G8"),
    # 8 삼연패: three of a kind, three zeros, a 3-run of three colours
    ("seed", "R5 B5 | Y5 R6", "삼연패", "Y5 R6"),
    ("balanced", "R0 B0 | Y0 R6", "삼연패", "Y0 R6"),
    ("seed", "R0 B0 | Y0 R6", "야색군주", "Y0 R6"),
    ("seed", "R1 B2 | Y3 R7", "삼연패", "Y3 R7"),
    # 9 다색직선: a 4-run with neighbours of different colours (two colours alternating)
    ("seed", "R1 B2 | R3 B4", "다색직선", "R3 B4"),
    ("seed", "R1 B2 | B3 R4", "끗", "B3 R4"),  # B2 B3 are neighbours of one colour
    # 10 쌍연패, including four of a kind with a 3-card hand (D-1)
    ("seed", "R5 R2 | B5 B2", "쌍연패", "B5 B2"),
    ("seed", "R3 B3 Y3 | G3 R5", "쌍연패", "G3 R5"),
    # 11–14 the named pairs, floor-anchored only
    ("seed", "R3 G6 | R5 G1", "주염패", "R5 G1"),
    ("seed", "B2 G6 | B4 G1", "수류패", "B4 G1"),
    ("seed", "Y2 B6 | Y7 B1", "뇌뢰신", "Y7 B1"),
    ("seed", "G5 B6 | G8 B1", "수전패", "G8 B1"),
    ("seed", "G5 G8 | B3 B1", "최고패", "B3 B1"),  # both in the hand: not anchored
    # 15 연패 (two zeros are a pair) and 16 끗 (zero next to 1 or 8)
    ("balanced", "R0 B0 | R6 B6", "쌍연패", "R6 B6"),
    ("seed", "R0 R1 B0 | G7 R4", "연패", "G7 R4"),
    ("seed", "R0 G1 R3 | R6 R8", "끗", "R6 R8"),
    ("seed", "Y8 G0 B3 | R5 R6", "끗", "R5 R6"),
    # 17 최고패
    ("seed", "R1 R4 | R6 R8", "최고패", "R6 R8"),
    # §9: of three pairs the strongest is used (R5 B5); three of a kind is barred with 3 hand cards
    ("seed", "R5 B5 Y5 | G1 R8", "연패", "G1 R8"),
]


@pytest.mark.parametrize(("preset", "line", "name", "pair"), CASES)
def test_crafted_cases(preset: str, line: str, name: str, pair: str) -> None:
    assert best(line, preset) == (name, pair)


def test_every_category_is_crafted() -> None:
    seen = {KOREAN[c] for c in SEED_ORDER} - {name for _, _, name, _ in CASES}
    assert seen == set()


def test_three_card_hand_bar_depends_on_hand_size_only() -> None:
    # the same five cards: 야색군주 is barred with 3 hand cards, whatever the floor size
    ev = evaluator()
    assert ev.evaluate(cards("R1 B3"), cards("Y5 G7")).name == "야색군주"
    assert ev.evaluate(cards("R1 B3 Y5"), cards("G7 R0")).name == "최고패"
    # the dealer hand with fewer than two centre cards is never barred (§5)
    assert ev.best_dealer(cards("R1"), cards("B3 Y5 G7 R8")).name == "야색군주"
    assert ev.best_dealer([], cards("R1 B2 G4 Y5")).size == 2


def test_wiki_hands() -> None:
    assert best("G4 R7 | B1 Y6", wiki=True)[0] == "야색군주"
    assert best("G4 G7 | B1 B6", wiki=True) == ("건", "B1 B6")
    assert best("G4 G7 | B1 B6") == ("끗", "B1 B6")
    assert best("Y4 G7 | Y5 G2", wiki=True) == ("지", "Y5 G2")
    assert best("Y1 Y3 R8 | Y7 G6", wiki=True) == ("선", "Y7 G6")
    assert best("Y1 Y2 Y3 | G8 G6", wiki=True)[0] != "선"  # no card of M on the floor
    assert best("Y2 G6 | Y7 G1", wiki=True)[0] == "뇌뢰신"  # ranks above 선
    ev = evaluator(SEED_ORDER, True)
    three = ev.evaluate(cards("Y1 Y3 R8"), cards("Y7 G6"))
    two = ev.evaluate(cards("Y1 R8 G6"), cards("Y3 B5"))
    assert three.name == two.name == "선" and three.key > two.key  # larger |M| first


def test_tie_breaks_of_section_9() -> None:
    ev = evaluator()
    a, b = ev.best(cards("R5 G2"), cards("B5 Y7")), ev.best(cards("Y8 B3"), cards("G8 R4"))
    assert a.name == b.name == "야색군주" and a.key > b.key
    c, d = ev.best(cards("G1 G7"), cards("Y1 B6")), ev.best(cards("R2 B2 Y5"), cards("G7 R8"))
    assert c.name == d.name == "연패" and c.key > d.key
    v = ev.evaluate(cards("R5 B5 Y5"), cards("G1 R8"))
    assert [code(x) for x in v.defining] == ["R5", "B5"]
    assert [code(x) for x in v.kickers] == ["R8", "Y5", "G1"]


def test_best_pair_is_the_full_comparison_not_just_the_category() -> None:
    v = evaluator().best(cards("R6 Y6"), cards("B1 G1 R5 B2"))
    assert [code(c) for c in v.pair] == ["G1", "B2"]


@pytest.mark.parametrize(
    ("order", "wiki", "column"),
    [(SEED_ORDER, False, 0), (BALANCED_ORDER, False, 1), (SEED_ORDER, True, 2), (BALANCED_ORDER, True, 3)],
)
@pytest.mark.slow
def test_exact_frequency_table(order: tuple[str, ...], wiki: bool, column: int) -> None:
    # §10, typed in from the specification: seed, balanced, seed + wiki, balanced + wiki
    table = {
        "공패군": (6, 6, 6, 6), "완전원": (2805,) * 4, "진혼곡": (48,) * 4, "사색연": (1008,) * 4,
        "혼선야행": (1275,) * 4, "야색군주": (85746, 67650, 85746, 67110), "선지행진": (0, 1404, 0, 1404),
        "삼연패": (25356, 39438, 25356, 39438), "다색직선": (504,) * 4, "쌍연패": (4998, 7608, 4998, 7608),
        "주염패": (2515,) * 4, "수류패": (2355,) * 4, "뇌뢰신": (2537,) * 4, "건": (None, None, 1968, 2508),
        "지": (None, None, 2529, 2529), "선": (None, None, 11533, 11533),
        "수전패": (2593, 2593, 2565, 2565), "연패": (94102, 94102, 87818, 87818),
        "끗": (94544, 94544, 88130, 88130), "최고패": (33038, 33038, 29734, 29734),
    }
    got = {KOREAN[c]: n for c, n in Evaluator(order, wiki).frequencies().items()}
    want = {name: row[column] for name, row in table.items() if row[column] is not None}
    assert got == want
    assert sum(got.values()) == 353430


four_cards = st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True)


@settings(max_examples=300, deadline=None)
@given(four_cards, st.booleans(), st.booleans())
def test_fast_path_equals_the_reference(four: list[int], balanced: bool, wiki: bool) -> None:
    ev = evaluator(BALANCED_ORDER if balanced else SEED_ORDER, wiki)
    h0, h1, p0, p1 = four
    assert ev.key4(h0, h1, p0, p1) == ev.evaluate((h0, h1), (p0, p1)).key


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=6, unique=True), st.integers(2, 3))
def test_best_pair_is_the_maximum_and_keys_never_tie(cs: list[int], h: int) -> None:
    hand, floor = cs[:h], cs[h:]
    if len(floor) < 2:
        return
    ev = evaluator()
    values = [ev.evaluate(hand, p) for p in combinations(floor, 2)]
    assert len({v.key for v in values}) == len(values)
    assert ev.best(hand, floor).key == max(v.key for v in values)
    assert ev.category_of(ev.best(hand, floor).key) == ev.best(hand, floor).category


def test_docstrings() -> None:
    for mod in (cards_mod, hands_mod, rules_mod, game_mod, odds_mod, tool_mod):
        result = doctest.testmod(mod)
        assert result.failed == 0, mod.__name__
