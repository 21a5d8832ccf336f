"""The core game (§1): deal, forms, following, passing, clearing, going out, classes, exchange,
lead, seating, scoring, notation, hidden information and illegal-play reasons."""

from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from daifugo_helpers import (  # noqa: E402
    go,
    legal,
    new_match,
    obs,
    placing,
    play_random_until,
    rules,
    scripted_deal,
    table,
)

from pyengine.core import TERMINAL, IllegalActionError, InvalidNotationError, InvalidRulesError  # noqa: E402
from pyengine.daifugo import GAME, DaifugoRules, DaifugoState  # noqa: E402
from pyengine.daifugo.cards import fmt_play, parse_play  # noqa: E402
from pyengine.daifugo.state import class_id  # noqa: E402

# §1.2: hand sizes with uneven dealing, by players and jokers (52, 53, 54 cards)
HAND_SIZES = {
    3: ([18, 17, 17], [18, 18, 17], [18, 18, 18]),
    4: ([13] * 4, [14, 13, 13, 13], [14, 14, 13, 13]),
    5: ([11, 11, 10, 10, 10], [11, 11, 11, 10, 10], [11] * 4 + [10]),
    6: ([9, 9, 9, 9, 8, 8], [9] * 5 + [8], [9] * 6),
    7: ([8, 8, 8, 7, 7, 7, 7], [8] * 4 + [7] * 3, [8] * 5 + [7, 7]),
    8: ([7] * 4 + [6] * 4, [7] * 5 + [6] * 3, [7] * 6 + [6, 6]),
}


class TestDealing:
    @pytest.mark.parametrize("n", range(3, 9))
    @pytest.mark.parametrize("jokers", [0, 1, 2])
    def test_uneven_hand_sizes_follow_the_table(self, n: int, jokers: int) -> None:
        state = new_match("basic", n, deck__jokers=jokers)
        state = play_random_until(state, lambda s: s.phase == "play", seed=n * 3 + jokers)
        e = state._e
        start = (e.deal_pos - (52 + jokers)) % n  # the position dealt to first
        sizes = [e.hands[e.order[(start + i) % n]].bit_count() for i in range(n)]
        assert sizes == HAND_SIZES[n][jokers]  # the first players dealt to get one card more

    def test_each_deal_step_is_a_chance_node_over_the_remaining_cards(self) -> None:
        state = new_match("popular", 4)
        state = play_random_until(state, lambda s: s.chance_outcomes() and s.chance_outcomes()[0][0].startswith("deal:"))
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 53 and sum(p for _, p in outcomes) == 1
        state = state.apply("deal:JK")
        assert all(o != "deal:JK" for o, _ in state.chance_outcomes())
        with pytest.raises(IllegalActionError):
            state.apply("deal:JK")

    def test_two_jokers_are_one_outcome_with_double_weight(self) -> None:
        state = new_match("basic", 4, deck__jokers=2)
        state = play_random_until(state, lambda s: s.chance_outcomes() and s.chance_outcomes()[0][0].startswith("deal:"))
        probs = dict(state.chance_outcomes())
        assert probs["deal:JK"] == 2 * probs["deal:S3"]

    def test_blind_cards_leave_thirteen_each_in_jdf(self) -> None:
        state = GAME.new_initial_state(DaifugoRules.preset("jdf"), 4)
        state = play_random_until(state, lambda s: s.phase == "play")
        assert [len(state.observation(p)["hand"]) for p in range(4)] == [13] * 4
        assert obs(state)["blind"] == 2
        assert not state._e.blind >> 52  # no joker is ever a blind card

    def test_two_player_deck_deals_thirteen_each_and_hides_seven(self) -> None:
        state = GAME.new_initial_state(DaifugoRules.preset("two_player"), 2)
        state = play_random_until(state, lambda s: s.phase == "play")
        assert obs(state)["counts"] == [13, 13]
        assert obs(state)["undealt"] == 7
        hidden = state.hidden_tokens(0)
        assert len(hidden) >= 13 and not set(state.observation(0)["hand"]) & hidden
        for code in hidden:
            assert code[1] not in "6789T"  # the 33-card deck has no 6-10


class TestForms:
    def test_singles_groups_sequences_and_joker_standins_lead(self) -> None:
        s = table("basic", ["S3.S4.S5.H5.JK", "D9", "C9"])
        acts = legal(s)
        assert {"S3", "S5.H5", "S3.S4.S5", "JK", "S5.H5.JK=D5", "S5.JK=C5", "S3.S4.S5.JK=S6", "JK=S3.S4.S5"} <= acts
        assert "pass" not in acts  # a leader must play under the basic rules
        # a joker may stand for a card the player holds: 5,6,Jk and Jk standing for S5
        assert "S3.S4.JK=S5" in acts

    def test_no_wrap_around_and_minimum_length(self) -> None:
        s = table("basic", ["SK.SA.S2.S3", "D9", "C9"])
        acts = legal(s)
        assert "SK.SA.S2" in acts
        assert not any(a.count(".") == 2 and "S3" in a for a in acts)
        s = table("basic", ["S3.S4.S5.S6", "D9", "C9"], options={"forms__seq_min": 4})
        assert "S3.S4.S5" not in legal(s) and "S3.S4.S5.S6" in legal(s)

    def test_sequences_off_and_max_group(self) -> None:
        s = table("basic", ["S3.S4.S5.H5.D5.C5.JK", "D9", "C9"], options={"forms__sequences": False,
                                                                          "forms__max_group": 4})
        acts = legal(s)
        assert "S3.S4.S5" not in acts
        assert "S5.H5.D5.C5" in acts and "S5.H5.D5.C5.JK=*5" not in acts
        s = table("basic", ["S5.H5.D5.C5.JK", "D9", "C9"])
        assert "S5.H5.D5.C5.JK=*5" in legal(s)  # the fifth 5 (groups of five are allowed by default)


class TestFollowing:
    def test_same_form_and_strictly_stronger(self) -> None:
        s = go(table("basic", ["S5.C2", "H5.H6.D6.S4", "C9"]), "S5")
        assert legal(s) == {"H6", "D6", "pass"}  # an equal rank never beats, a pair cannot answer a single
        with pytest.raises(IllegalActionError, match="too weak"):
            s.apply("S4")
        with pytest.raises(IllegalActionError, match="single card"):
            s.apply("H6.D6")

    def test_lone_joker_beats_any_single_and_nothing_natural_beats_it(self) -> None:
        s = go(table("basic", ["S2.C3", "JK.H4", "D2.D9"]), "S2")
        assert "JK" in legal(s)
        s = go(s, "JK")
        assert legal(s) == {"pass"}

    def test_sequences_compare_by_exceed(self) -> None:
        s = go(table("basic", ["S5.S6.S7.C3", "H7.H8.H9.HT.HJ", "D9"]), "S5.S6.S7")
        acts = legal(s)
        assert "H8.H9.HT" in acts and "H7.H8.H9" not in acts

    def test_sequences_compare_by_lowest_when_chosen(self) -> None:
        s = go(table("basic", ["S5.S6.S7.C3", "H6.H7.H8", "D9"], options={"forms__seq_compare": "lowest"}),
               "S5.S6.S7")
        assert "H6.H7.H8" in legal(s)

    def test_groups_of_the_same_size(self) -> None:
        s = go(table("basic", ["S5.H5.C3", "S6.H6.D6.S9.H9", "D9"]), "S5.H5")
        acts = legal(s)
        assert {"S6.H6", "S6.D6", "H6.D6", "S9.H9"} <= acts and "S6.H6.D6" not in acts


class TestTurnsPassingClearing:
    def test_sticky_pass_and_clear_when_others_passed(self) -> None:
        s = go(table("basic", ["S5.S9.C3", "H6.HT", "D7.DJ"]), "S5", "pass")
        assert obs(s)["to_move"] == 2
        s = go(s, "D7")  # player 1 passed: the turn skips them
        assert obs(s)["to_move"] == 0
        s = go(s, "S9", "pass")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 0  # everyone else passed: 0 leads

    def test_lead_passes_to_next_active_player_when_last_player_went_out(self) -> None:
        s = go(table("basic", ["S5", "H6.HT", "D7.DJ"]), "S5")
        assert obs(s)["out"] == [0]
        s = go(s, "pass", "pass")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 1

    def test_not_your_turn(self) -> None:
        s = table("basic", ["S5", "H6.HT", "D7.DJ"])
        with pytest.raises(IllegalActionError, match="not your turn"):
            s.apply_as(1, "H6")

    def test_you_do_not_hold_and_junk(self) -> None:
        s = table("basic", ["S5", "H6.HT", "D7.DJ"])
        with pytest.raises(IllegalActionError, match="do not hold"):
            s.apply("H6")
        with pytest.raises(InvalidNotationError):
            s.apply("S5.S5")

    def test_other_spellings_of_an_action_are_refused_naming_the_one_spelling(self) -> None:
        s = table("basic", ["S5.H9.D9", "H6.HT", "D7.DJ"])
        assert "H9.D9" in s.legal_actions() and "D9.H9" not in s.legal_actions()
        with pytest.raises(InvalidNotationError, match="write H9.D9, not D9.H9"):
            s.apply("D9.H9")
        with pytest.raises(InvalidNotationError, match="write H9.D9, not D9.H9"):
            s.apply_as(1, "D9.H9")  # out of turn, the spelling is still named first
        assert s.apply("H9.D9").observation(0)["hand"] == ["S5"]


class TestGoingOutAndPlacing:
    def test_order_of_going_out_gives_places_and_the_last_holder_is_last(self) -> None:
        s = go(table("basic", ["S5", "H6.HT", "D7.D8"]), "S5", "H6", "D7", "HT")
        assert s.current_player == TERMINAL
        assert placing(s) == [0, 1, 2]
        assert s.returns() == (3.0, 2.0, 1.0)  # N + 1 - place

    @pytest.mark.parametrize(("n", "expected"), [
        (3, ["tycoon", "commoner", "beggar"]),
        (4, ["tycoon", "rich", "poor", "beggar"]),
        (5, ["tycoon", "rich", "commoner", "poor", "beggar"]),
        (7, ["tycoon", "rich", "commoner", "commoner", "commoner", "poor", "beggar"]),
    ])
    def test_classes_by_player_count(self, n: int, expected: list[str]) -> None:
        assert [class_id(p, n) for p in range(n)] == expected


class TestExchange:
    def _game_two(self, base: str = "popular", n: int = 4, **options: object) -> DaifugoState:
        s = new_match(base, n, **options)
        s = play_random_until(s, lambda st: st._e.game_no == 2, seed=5)
        return s

    def test_tribute_is_automatic_and_the_rich_choose_the_return(self) -> None:
        s = self._game_two()
        e = s._e
        tycoon, rich, poor, beggar = e.classes
        s = scripted_deal(s, {beggar: "JK.S2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ.HK",
                              poor: "H2.S3.S4.S5.S6.S7.S8.S9.ST.SJ.SQ.SK.SA"})
        assert s.phase == "return" and s.current_player == tycoon
        hand = s.observation(tycoon)["hand"]
        assert "JK" in hand and "S2" in hand  # the two strongest cards arrived first (poor_first)
        assert all(a.startswith("return:") and a.count(".") == 1 for a in s.legal_actions())
        with pytest.raises(InvalidNotationError, match="write return:S2.JK, not return:JK.S2"):
            s.apply("return:JK.S2")  # one spelling per action: cards in order, jokers last
        s = s.apply("return:S2.JK")  # a received card may be handed back
        assert s.current_player == rich and "H2" in s.observation(rich)["hand"]
        give = sorted(s.legal_actions())[0]
        s = s.apply(give)
        assert s.phase == "play" and s.current_player == beggar  # the 大貧民 leads
        assert "JK" in s.observation(beggar)["hand"]
        assert "JK" not in s.hidden_tokens(beggar)

    def test_tribute_suit_choice_is_a_phase_when_ranks_tie(self) -> None:
        s = self._game_two()
        tycoon, rich, poor, beggar = s._e.classes
        s = scripted_deal(s, {beggar: "SA.HA.DA.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ"})
        assert s.phase == "tribute" and s.current_player == beggar
        assert legal(s) == {"tribute:SA.HA", "tribute:SA.DA", "tribute:HA.DA"}

    def test_fixed_suit_order_makes_the_tribute_automatic(self) -> None:
        s = self._game_two(exchange__tribute_suits="fixed")
        tycoon, rich, poor, beggar = s._e.classes
        s = scripted_deal(s, {beggar: "SA.HA.DA.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ"})
        assert s.phase != "tribute"
        assert {"SA", "HA"} <= set(s.observation(tycoon)["hand"])

    def test_joker_exempt_from_the_tribute(self) -> None:
        s = self._game_two(exchange__exchange_joker_exempt=True)
        tycoon, rich, poor, beggar = s._e.classes
        s = scripted_deal(s, {beggar: "JK.S2.H2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ"})
        assert "JK" not in s.observation(tycoon)["hand"]
        assert {"S2", "H2"} <= set(s.observation(tycoon)["hand"])
        assert not any("JK" in a for a in s.legal_actions())  # nor may it be returned

    def test_simultaneous_exchange_chooses_before_seeing_the_tribute(self) -> None:
        s = self._game_two(exchange__exchange="simultaneous")
        tycoon, rich, poor, beggar = s._e.classes
        s = scripted_deal(s, {beggar: "JK.S2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ.HK"})
        assert s.phase == "return" and s.current_player == tycoon
        assert "JK" not in s.observation(tycoon)["hand"]  # not yet received
        assert not any("JK" in a for a in s.legal_actions())

    def test_no_exchange_in_the_first_game(self) -> None:
        s = new_match("popular", 4)
        s = play_random_until(s, lambda st: st.phase == "play")
        assert obs(s)["classes"] is None


class TestLead:
    def test_diamond_three_holder_leads_the_first_game(self) -> None:
        s = new_match("popular", 4)
        s = play_random_until(s, lambda st: st.phase == "play", seed=9)
        assert "D3" in s.observation(s.current_player)["hand"]

    def test_spade_three_and_must_include(self) -> None:
        s = new_match("basic", 4, match__first_lead="s3", match__first_lead_must_include=True)
        s = play_random_until(s, lambda st: st.phase == "play", seed=2)
        assert "S3" in s.observation(s.current_player)["hand"]
        assert all("S3" in a.split(".") for a in s.legal_actions())

    def test_later_games_the_beggar_leads(self) -> None:
        s = new_match("basic", 4)
        s = play_random_until(s, lambda st: st._e.game_no == 2 and st.phase == "play", seed=4)
        assert s.current_player == s._e.classes[-1]


class TestSeatingAndMatch:
    def test_random_reseating_is_a_chance_phase_every_game(self) -> None:
        s = new_match("basic", 4, match__reseat="random")
        assert s.chance_outcomes()[0][0] == "seat:0"
        assert len(s.chance_outcomes()) == 4

    def test_uecda_reseats_every_three_games_and_deals_from_the_tycoon(self) -> None:
        s = GAME.new_initial_state(DaifugoRules.preset("uecda"), 5)
        s = play_random_until(s, lambda st: st._e.game_no == 2 and st.phase == "play", seed=2, limit=20000)
        e = s._e
        assert e.order == s._e.order
        counts_before = e.results[-1]
        assert counts_before  # game 1 ended

    def test_jdf_scoring_and_set_bonus(self) -> None:
        s = GAME.new_initial_state(DaifugoRules.preset("jdf"), 4)
        s = play_random_until(s, lambda st: st.is_terminal(), seed=3, limit=20000)
        e = s._e
        assert len(e.results) == 12
        total = [0] * 4
        for g, place in enumerate(e.results, start=1):
            for k, p in enumerate(place):
                total[p] += (6, 4, 2, 0)[k] + (2 if k == 0 and g % 4 == 0 else 0)
        assert list(s.returns()) == total


class TestNotationAndObservation:
    @pytest.mark.parametrize("text", ["S3", "S5.H5", "S5.JK=H5.D5", "JK", "JK.JK", "H5.H6.JK=H7", "JK=H-.H3.H4",
                                      "C5.D5.H5.S5.JK=*5"])
    def test_play_notation_round_trips(self, text: str) -> None:
        canonical = fmt_play(parse_play(text))
        assert fmt_play(parse_play(canonical)) == canonical

    def test_descriptions_in_three_languages(self) -> None:
        s = table("basic", ["S5.H5.C3", "D9", "C9"])
        assert s.describe("S5.H5", "en") == "Play a pair of 5s: ♠5 ♥5"
        assert "5" in s.describe("S5.H5", "ko") and "5" in s.describe("S5.H5", "ja")
        assert s.describe("pass", "ja") == "パス"

    def test_observation_hides_other_hands(self) -> None:
        s = table("basic", ["S5.H5.C3", "D9.DK", "C9"])
        o = s.observation(0)
        json.dumps(o)
        assert o["hand"] == ["C3", "S5", "H5"] and o["counts"] == [3, 2, 1]
        assert s.hidden_tokens(0) >= {"D9", "DK", "C9"}
        assert "D9" not in json.dumps(o)


class TestValidation:
    @pytest.mark.parametrize(("base", "path", "value", "words"), [
        ("basic", "clears.spade3_return", True, None),
        ("popular", "deck.jokers", 0, ("spade3_return", "jokers")),
        ("basic", "forms.joker_pair", "clears", ("joker_pair", "jokers")),
        ("basic", "clears.eight_cut_joker", True, ("eight_cut_joker", "eight_cut")),
        ("basic", "clears.four_stop", True, ("four_stop", "eight_cut")),
        ("basic", "forms.seq_min", 6, ("seq_min",)),
        ("basic", "locks.number_lock", "strict", ("number_lock", "suit_lock")),
        ("basic", "order.strong_eleven_back", True, ("strong_eleven_back", "eleven_back")),
        ("basic", "finishing.gekokujo", True, None),
    ])
    def test_incompatible_options_are_refused_naming_both(self, base: str, path: str, value: object,
                                                          words: tuple[str, ...] | None) -> None:
        r = DaifugoRules.preset(base).with_option(path, value)
        if words is None:
            r.validate()  # compatible on their own
            return
        with pytest.raises(InvalidRulesError) as info:
            r.validate()
        for w in words:
            assert w in str(info.value)

    def test_class_rules_need_an_exchange_and_sequences_rules_need_sequences(self) -> None:
        r = DaifugoRules.preset("popular").with_option("exchange.exchange", "off")
        with pytest.raises(InvalidRulesError, match="miyako_ochi"):
            r.validate()
        r = DaifugoRules.preset("party").with_option("forms.sequences", False)
        with pytest.raises(InvalidRulesError, match="seq_revolution"):
            r.validate()
        r = DaifugoRules.preset("popular").with_option("finishing.forbidden_finish", ("jack",))
        with pytest.raises(InvalidRulesError, match="eleven_back"):
            DaifugoRules.preset("basic").with_option("finishing.forbidden_finish", ("jack",)).validate()
        r.validate()

    def test_player_counts_per_preset(self) -> None:
        with pytest.raises(InvalidRulesError, match="4 players"):
            GAME.new_initial_state(DaifugoRules.preset("jdf"), 3)
        with pytest.raises(InvalidRulesError, match="5 players"):
            GAME.new_initial_state(DaifugoRules.preset("uecda"), 4)
        with pytest.raises(InvalidRulesError, match="33-card"):
            GAME.new_initial_state(DaifugoRules.preset("popular"), 2)
        with pytest.raises(InvalidRulesError):
            GAME.new_initial_state(DaifugoRules.preset("two_player"), 3)

    def test_rules_encode_and_decode(self) -> None:
        r = rules("party", clears__four_stop=True)
        assert DaifugoRules.decode(r.encode()) == r
        assert r.encode().startswith("2.party~")

    def test_at_least_thirty_local_rules_with_alternative_values(self) -> None:
        local = [p for p, _ in DaifugoRules.default().options()
                 if p.split(".")[0] in ("order", "clears", "effects", "turns", "specials", "locks", "finishing")
                 or p in ("forms.emperor", "forms.joker_pair", "forms.seq_joker_ends",
                          "exchange.exchange_joker_exempt", "exchange.tenpen_chii")]
        assert len(local) >= 30
