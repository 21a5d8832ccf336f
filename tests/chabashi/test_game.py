"""The hand procedure, knowledge, illegal actions and betting edge cases, with crafted deals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pyengine.chabashi.cards import CODES
from pyengine.chabashi.game import GAME
from pyengine.chabashi.odds import odds
from pyengine.chabashi.rules import ChabashiRules
from pyengine.chabashi.scoring import build_pots
from pyengine.chabashi.state import ChabashiState
from pyengine.core import CHANCE, IllegalActionError, InvalidNotationError, Record, Seat


def start(n: int, rules: str = "1.seed", chips: tuple[int, ...] | None = None) -> ChabashiState:
    s = GAME.new_initial_state(ChabashiRules.decode(rules), n)
    return replace(s, chips=chips) if chips else s


def play(s: ChabashiState, actions: str) -> ChabashiState:
    for a in actions.split():
        s = s.apply(a)
    return s


def deal_rest(s: ChabashiState) -> ChabashiState:
    """Resolve chance nodes with the first listed outcome (a fixed, valid deal)."""
    while s.current_player == CHANCE:
        s = s.apply(s.chance_outcomes()[0][0])
    return s


def total(s: ChabashiState) -> int:
    return sum(s.chips) + sum(s.contrib) + s.carry


# dealer 0 floor | centre (up, down) | floors up 1 2 3 | floors down 1 2 3 | hands pass 1 | pass 2
SIDE_POT_DEAL = "G1 G3 G6 G7  G2 G4  Y0 Y5 B8  G0 G5 R1  R0 R5 R3  B0 B5 Y6"


def test_deal_follows_the_procedure_and_knowledge() -> None:
    s = play(start(4), SIDE_POT_DEAL)
    assert s.phase == "draw" and s.current_player == 1 and s.players == (1, 2, 3)
    assert [CODES[c] for c in s.dfloor] == ["G1", "G3", "G6", "G7"]
    assert len(s.stock) == 36 - 18 and s.contrib == (0, 1, 1, 1) and s.chips == (100, 99, 99, 99)
    o1 = s.observation(1)
    assert o1["hands"] == [[], ["R0", "B0"], [None, None], [None, None]]
    # the second floor card is face down: unknown even to its owner
    assert o1["floors"][1] == [{"card": "Y0", "up": True}, {"card": None, "up": False}]
    assert o1["centre"] == [{"card": "G2", "up": True}, {"card": None, "up": False}]
    visible = {"G1", "G3", "G6", "G7", "G2", "Y0", "Y5", "B8", "R0", "B0"}
    assert s.hidden_tokens(1) == frozenset(CODES) - visible
    assert s.hidden_tokens(-1) == frozenset(CODES) - (visible - {"R0", "B0"})
    assert s.observation(-1)["hands"][1] == [None, None]


def test_step_6_and_step_8_knowledge() -> None:
    deal = "R1 R2 R3 R4  B1 B2  Y1 Y2  Y3 Y4  G1 G2 G3 G4"
    s = play(start(3), deal)
    # seat 1 draws two, takes the face-up Y1 into the hand: everyone still knows it
    s = play(s, "draw:2 B3 B4 take:f1")
    assert s.observation(2)["hands"][1] == [None, None, "Y1"]
    assert (len(s.hands[1]), len(s.floors[1])) == (3, 3)
    # seat 2 draws one and turns nothing; 6-1 has no turn
    s = play(s, "draw:1 B5")
    assert "turn:f3" not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="6-2"):
        s.apply("turn:f3")
    s = play(s, "take:f3")  # the face-down draw into the hand: now known to its owner only
    assert s.observation(2)["hands"][2][-1] == "B5" and s.observation(1)["hands"][2][-1] is None
    # betting round 1: a draw now is an illegal draw after step 6
    with pytest.raises(IllegalActionError, match="after step 6"):
        s.apply("draw:1")
    with pytest.raises(IllegalActionError, match="not seat 2's turn"):
        s.apply_as(2, "bet")
    s = play(s, "check check")
    assert s.phase == "interact" and s.current_player == 1
    with pytest.raises(IllegalActionError, match="betting action"):
        s.apply("bet")
    with pytest.raises(IllegalActionError, match="8-3 needs"):
        s.apply("centre:c1")  # h + f = 6
    # 8-1: G1 goes face down to the centre; the rest of the hand becomes private again
    s = play(s, "swap:G1:f1")
    assert s.observation(2)["hands"][1] == [None, None, None]
    assert "Y1" in s.hidden_tokens(2) and "G1" in s.hidden_tokens(2) and "G1" not in s.hidden_tokens(1)
    assert s.observation(1)["hands"][1] == ["G3", "Y1", "Y3"]
    assert s.observation(1)["centre"][-1] == {"card": "G1", "up": False}
    assert s.invariant_ok()
    # seat 2 has (h, f) = (3, 2): no 8-1 swap, no 8-2; 8-3 is fine
    with pytest.raises(IllegalActionError, match="at least 3 floor cards"):
        s.apply("swap:G2:f1")
    with pytest.raises(IllegalActionError, match="8-2 needs"):
        s.apply("late:take:f1")
    s = play(s, "centre:c3")  # the discarded G1, face down: seat 1 can still follow it
    assert s.observation(1)["floors"][2][-1] == {"card": "G1", "up": False}
    assert s.observation(2)["floors"][2][-1] == {"card": None, "up": False}
    assert (len(s.hands[2]), len(s.floors[2])) == (3, 3) and s.invariant_ok()
    # round 2 and the showdown: everything of the players and the centre becomes public
    s = play(s, "check check")
    assert s.phase == "between" and s.result
    assert s.hidden_tokens(2) == frozenset(CODES[c] for c in s.stock)
    assert s.observation(-1)["result"]["showdown"] is True


def test_late_follow_up_and_turn() -> None:
    s = play(start(2), "B1 B2  Y1 Y2  Y3 Y4  G1 G2 G3 G4")
    assert s.current_player == 1 and s.players == (1, 0)  # the non-dealing seat acts first
    s = play(s, "draw:2 R1 R2 turn:f3 draw:2 R3 R4 decline check check")
    assert s.floors[1][2][1] is True and s.observation(0)["floors"][1][2]["card"] == "R1"
    assert s.current_player == 1
    legal = s.legal_actions()
    # seat 1: h = 2, f = 4 with Y3 and R2 face down (d = 2): 8-2 as 6-2
    assert "late:turn:f2" in legal and "late:turn:f4" in legal and "late:turn:f1" not in legal
    s = play(s, "late:take:f2")
    assert (len(s.hands[1]), len(s.floors[1])) == (3, 3)
    # seat 0: f = 4 and d = 3: swap or 8-2; no 8-3 (f = 4)
    assert not any(a.startswith("centre") for a in s.legal_actions())
    s = play(s, "late:turn:f4")
    assert s.observation(1)["floors"][0][3] == {"card": "R4", "up": True}


def test_side_pots_with_three_players_and_all_in_for_less() -> None:
    s = play(start(4, chips=(100, 3, 10, 100)), SIDE_POT_DEAL)
    s = play(s, "draw:0 draw:0 draw:0")
    assert s.legal_actions() == ("bet", "check")
    s = play(s, "bet")  # seat 1 bets its last 2 chips
    assert s.chips[1] == 0 and s.current_player == 2
    s = play(s, "raise call")
    assert s.phase == "interact"
    s = play(s, "pass pass pass")
    assert s.current_player == 2 and s.legal_actions() == ("bet", "check")
    s = play(s, "bet raise")
    assert s.legal_actions() == ("call", "fold")  # 1 chip left: all-in for less, no raise
    s = play(s, "call")
    assert s.phase == "between"
    result = s.observation(0)["result"]
    assert [(p["amount"], p["contestants"], p["outcome"], p["winner"]) for p in result["pots"]] == [
        (9, [1, 2, 3], "won", 1), (14, [2, 3], "won", 2), (3, [3], "returned", 3)]
    assert [h["name"] for h in result["hands"]] == ["공패군", "진혼곡", "최고패"]
    assert s.chips == (100, 9, 14, 90) and total(s) == 213


def test_build_pots_levels() -> None:
    assert build_pots([0, 3, 10, 13], [1, 2, 3]) == [(9, (1, 2, 3)), (14, (2, 3)), (3, (3,))]
    assert build_pots([0, 5, 5, 2], [1, 2], carry=4) == [(16, (1, 2))]


def test_everybody_folds() -> None:
    s = play(start(4), SIDE_POT_DEAL + " draw:0 draw:0 draw:0 bet fold")
    assert s.current_player == 3 and s.legal_actions() == ("call", "fold", "raise")
    with pytest.raises(IllegalActionError, match="facing a bet|cannot check"):
        s.apply("check")
    s = play(s, "fold")
    assert s.phase == "between"
    assert s.chips == (100, 102, 99, 99)
    assert s.observation(0)["result"]["showdown"] is False
    # folded hands stay hidden
    assert "R5" in s.hidden_tokens(1) and "B5" in s.hidden_tokens(3)


QUALIFIER_DEAL = "Y8 B4 R1 G2  R5 G7  R6 G4  R8 G6  R4 G3 R7 G5 draw:0 draw:0 check check pass pass check check"


@pytest.mark.parametrize(
    ("mode", "chips", "carry"),
    [("qualifier", (100, 99, 99), 2), ("dealer_collects", (102, 99, 99), 0), ("ignore", (100, 101, 99), 0)],
)
def test_dealer_modes(mode: str, chips: tuple[int, ...], carry: int) -> None:
    s = play(start(3, f"1.seed~dealer_mode={mode}"), QUALIFIER_DEAL)
    result = s.observation(0)["result"]
    assert result["dealer_hand"]["name"] == "완전원"
    assert s.chips == chips and s.carry == carry and total(s) == 300


def test_carry_over_goes_into_the_next_pot_and_to_a_lone_survivor_of_folds() -> None:
    s = play(start(3), QUALIFIER_DEAL)
    assert s.carry == 2 and s.phase == "between"
    s = deal_rest(s)
    assert s.dealer == 1 and s.players == (2, 0) and s.contrib == (1, 0, 1)
    s = play(s, "draw:0")
    s = deal_rest(play(s, "draw:0"))
    s = play(s, "bet fold")
    assert s.chips == (99, 99, 102) and s.carry == 0 and total(s) == 300


def test_pending_carry_is_shared_when_the_session_ends() -> None:
    s = play(start(3, "1.seed~hand_limit=1"), QUALIFIER_DEAL)
    assert s.is_terminal() and s.carry == 0
    assert s.chips == (100, 100, 100)  # 2 chips, one at a time from the seat after the dealer


def test_ante_all_in_skips_betting_and_busted_seats_leave() -> None:
    s = play(start(3, "1.seed~dealer_mode=ignore", chips=(5, 1, 1)), QUALIFIER_DEAL.split(" draw")[0])
    s = play(s, "draw:0 draw:0")
    assert s.phase == "interact"  # round 1 skipped: nobody has chips left
    s = play(s, "pass pass")
    assert s.phase == "between" and s.chips == (5, 2, 0)
    assert s.active == (True, True, False)
    s = deal_rest(s)
    assert s.two_player and s.dealer == 1 and s.players == (0, 1)


def test_session_ends_with_one_seat() -> None:
    s = start(2, "1.seed~stakes.bankroll=1")
    s = deal_rest(s)
    s = play(s, "draw:0 draw:0 pass pass")
    assert s.is_terminal() and sorted(s.chips) == [0, 2] and s.returns() in ((1.0, -1.0), (-1.0, 1.0))
    with pytest.raises(IllegalActionError):
        s.apply("pass")


def test_raise_cap_and_bet_units() -> None:
    s = deal_rest(start(3))
    s = play(s, "draw:0 draw:0 bet raise raise raise")
    assert s.legal_actions() == ("call", "fold")  # one bet and three raises
    with pytest.raises(IllegalActionError, match="cap"):
        s.apply("raise")
    s = play(s, "call")
    assert s.contrib == (0, 9, 9) and s.phase == "interact"
    s = play(s, "pass pass bet")
    assert s.round_put == (0, 4, 0)


def test_notation_round_trip_and_junk() -> None:
    s = deal_rest(start(3))
    for a in ("R5", "draw:2", "decline", "take:f2", "turn:f3", "pass", "swap:R5:f2", "late:take:f1",
              "late:turn:f3", "centre:c2", "check", "bet", "call", "raise", "fold"):
        assert s.format_action(s.parse_action(a)) == a
        assert all(s.describe(a, lang) for lang in ("en", "ko", "ja"))
    for junk in ("draw:3", "swap:R9:f1", "take:f0", "centre:c0", "Bet", "r5"):
        with pytest.raises(InvalidNotationError):
            s.apply(junk)


def test_record_replay_and_odds() -> None:
    s = deal_rest(start(3))
    actions: list[str] = []
    state = start(3)
    while state.current_player == CHANCE:
        a = state.chance_outcomes()[0][0]
        actions.append(a)
        state = state.apply(a)
    assert state == s
    record = Record("chabashi", "1.seed", (Seat(), Seat(), Seat()), tuple(actions))
    assert record.final_state() == s
    o = odds(s.observation(1), s.rules, samples=300, seed=1)
    assert o["available"] and abs(sum(o["categories"].values()) - 1) < 1e-9
    assert 0 <= o["win"] <= 1 and o["beats_dealer"] is not None
    assert odds(s.observation(1), s.rules, samples=300, seed=1) == o  # seeded: reproducible
    assert odds(s.observation(0), s.rules)["available"] is False  # the dealer has no hand


def test_odds_exact_enumeration_matches_a_direct_count() -> None:
    from pyengine.chabashi.cards import card, cards
    from pyengine.chabashi.hands import KOREAN, evaluator

    s = play(start(2), "B1 B2  Y1 Y2  Y3 Y4  G1 G2 G3 G4")
    obs = s.observation(1)
    # let seat 1 know seat 0's cards (as after a reveal): only its own face-down Y3 is unknown
    obs["hands"] = [["G2", "G4"], ["G1", "G3"]]
    obs["floors"] = [[{"card": "Y2", "up": True}, {"card": "Y4", "up": True}], obs["floors"][1]]
    o = odds(obs, s.rules)
    assert o["method"] == "exact" and o["cases"] == 36 - 8
    ev = evaluator()
    pool = [c for c in range(36) if c not in cards("B1 Y1 Y2 Y4 G1 G2 G3 G4")]
    theirs = ev.best(cards("G2 G4"), cards("Y2 Y4")).key
    mine = [ev.best(cards("G1 G3"), [card("Y1"), c]) for c in pool]
    want: dict[str, float] = {}
    for v in mine:
        want[KOREAN[v.category]] = want.get(KOREAN[v.category], 0) + 1 / len(pool)
    assert o["categories"].keys() == want.keys()
    assert all(abs(o["categories"][k] - want[k]) < 1e-12 for k in want)
    assert abs(o["win"] - sum(v.key > theirs for v in mine) / len(pool)) < 1e-12
    assert o["beats_dealer"] is None


def test_odds_count_a_folded_seats_face_up_card_as_known() -> None:
    """Issue 17: a card a folded seat showed is not among the unseen cards (exact enumeration)."""
    from pyengine.chabashi.cards import card, cards
    from pyengine.chabashi.hands import KOREAN, evaluator

    s = play(start(4), "R1 R2 R3 R4  B1 B2  Y1 Y2 Y3  G1 G2 G3  B3 B4 B5 B6 B7 B8")
    obs = s.observation(1)
    # seat 2 has folded with Y2 face up; seat 3 is still in with everything known but one card
    obs["folded"] = [False, False, True, False]
    obs["hands"] = [[], ["B3", "B6"], [None, None], ["B5", "B8"]]
    obs["floors"] = [[], [{"card": "Y1", "up": True}, {"card": None, "up": False}],
                     [{"card": "Y2", "up": True}, {"card": None, "up": False}],
                     [{"card": "Y3", "up": True}, {"card": "G3", "up": True}]]
    obs["centre"] = [{"card": "B1", "up": True}, {"card": "B2", "up": True}]
    o = odds(obs, s.rules)
    assert o["method"] == "exact"
    seen = cards("R1 R2 R3 R4 B1 B2 B3 B6 B5 B8 Y1 Y2 Y3 G3")
    pool = [c for c in range(36) if c not in seen]
    assert card("Y2") not in pool and o["cases"] == len(pool)
    ev = evaluator()
    theirs = ev.best(cards("B5 B8"), cards("Y3 G3")).key
    dealer = ev.best_dealer(cards("B1 B2"), cards("R1 R2 R3 R4")).key
    mine = [ev.best(cards("B3 B6"), [card("Y1"), c]) for c in pool]
    want: dict[str, float] = {}
    for v in mine:
        want[KOREAN[v.category]] = want.get(KOREAN[v.category], 0) + 1 / len(pool)
    assert o["categories"].keys() == want.keys()
    assert all(abs(o["categories"][k] - want[k]) < 1e-12 for k in want)
    assert abs(o["win"] - sum(v.key > theirs for v in mine) / len(pool)) < 1e-12
    assert abs(o["beats_dealer"] - sum(v.key > dealer for v in mine) / len(pool)) < 1e-12
