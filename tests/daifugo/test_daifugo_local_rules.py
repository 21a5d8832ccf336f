"""One class per local rule of the catalogue (§5), each with crafted hands, plus the rule
interactions the issue names (4-stop × 8-cut, 11-back × revolution, lock × joker,
forbidden finish × 8-cut, Q-bomber simultaneous finishes)."""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from daifugo_helpers import go, legal, new_match, obs, placing, play_random_until, scripted_deal, table  # noqa: E402

from pyengine.core import TERMINAL, IllegalActionError  # noqa: E402
from pyengine.daifugo import DaifugoState  # noqa: E402

REV = {"order__revolution": "immediate"}


def t(hands: list[str], turn: int = 0, base: str = "basic", revolution: bool = False,
      **options: object) -> DaifugoState:
    return table(base, hands, turn, options=options, revolution=revolution)


# --- order ---------------------------------------------------------------------------------

class TestRevolution:
    def test_immediate_flips_the_order_for_the_very_next_follower(self) -> None:
        s = go(t(["S5.H5.D5.C5.C3", "S4.H4.D4.C4.HA", "S6.H6.D6.C6.D7"]), "S5.H5.D5.C5")
        assert obs(s)["revolution"] and obs(s)["inverted"]
        assert "S4.H4.D4.C4" in legal(s)
        s = go(s, "S4.H4.D4.C4")
        assert not obs(s)["revolution"]  # a counter-revolution
        assert "S6.H6.D6.C6" in legal(s)

    def test_after_clear_compares_in_the_old_order_and_flips_at_the_clear(self) -> None:
        s = go(t(["S5.H5.D5.C5.C3", "S4.H4.D4.C4.HA", "S6.H6.D6.C6.D7"], order__revolution="after_clear"),
               "S5.H5.D5.C5")
        assert not obs(s)["revolution"]
        assert "S4.H4.D4.C4" not in legal(s)
        s = go(s, "pass", "pass")
        assert obs(s)["field"] is None and obs(s)["revolution"]

    def test_off(self) -> None:
        s = go(t(["S5.H5.D5.C5.C3", "HA", "D7"], order__revolution="off"), "S5.H5.D5.C5")
        assert not obs(s)["revolution"]


class TestRevolutionClears:
    def test_the_revolving_play_clears_the_trick(self) -> None:
        s = go(t(["S5.H5.D5.C5.C3", "S6.H6.D6.C6.HA", "D7"], order__revolution_clears=True), "S5.H5.D5.C5")
        assert obs(s)["revolution"] and obs(s)["field"] is None and obs(s)["to_move"] == 0


class TestRevolutionChoice:
    @pytest.mark.parametrize(("choice", "revolution"), [("revolt:yes", True), ("revolt:no", False)])
    def test_the_player_decides(self, choice: str, revolution: bool) -> None:
        s = go(t(["S5.H5.D5.C5.C3", "HA", "D7"], order__revolution_choice=True), "S5.H5.D5.C5")
        assert s.phase == "revolution_choice" and legal(s) == {"revolt:yes", "revolt:no"}
        s = go(s, choice)
        assert obs(s)["revolution"] is revolution and s.phase == "play" and obs(s)["to_move"] == 1


class TestSeqRevolution:
    def test_long_sequences_revolt(self) -> None:
        s = go(t(["S3.S4.S5.S6.C9", "HA", "D7"], order__seq_revolution="4"), "S3.S4.S5.S6")
        assert obs(s)["revolution"]
        s = go(t(["S3.S4.S5.C9", "HA", "D7"], order__seq_revolution="4"), "S3.S4.S5")
        assert not obs(s)["revolution"]


class TestEmperor:
    def test_emperor_is_a_form_that_revolts(self) -> None:
        s = t(["S3.H4.D5.C6.C9", "S7.S8.S9.ST.HA", "D7"], forms__emperor=True)
        assert "S3.H4.D5.C6" in legal(s)
        s = go(s, "S3.H4.D5.C6")
        assert obs(s)["revolution"]
        assert legal(s) == {"pass"}  # a sequence of four does not answer an emperor


class TestCoupDetat:
    def test_three_nines_revolt(self) -> None:
        s = go(t(["S9.H9.D9.C3", "HA", "D7"], order__coup_detat=True), "S9.H9.D9")
        assert obs(s)["revolution"]


class TestOmen:
    def test_three_sixes_invert_for_good_and_switch_effects_off(self) -> None:
        s = t(["S6.H6.D6.S8.C3", "S4.H4.D4.C4.HK.DK", "S5.H5.D5.C5.D7.H8"],
              order__omen=True, clears__eight_cut=True)
        s = go(s, "S6.H6.D6")
        assert obs(s)["inverted"]
        s = go(s, "S4.H4.D4", "pass", "pass")  # 4 beats 6 in the inverted order
        assert obs(s)["to_move"] == 1
        s = go(s, "S4.H4.D4.C4"[:0] or "HK")  # any lead
        s = go(s, "H8")  # an 8 no longer cuts
        assert obs(s)["field"] is not None


class TestGreatRevolution:
    def test_four_twos_revolt_and_the_player_goes_out(self) -> None:
        s = go(t(["S2.H2.D2.C2.S3.H4", "HA.DA", "D7.D8"], order__great_revolution=True), "S2.H2.D2.C2")
        o = obs(s)
        assert o["revolution"] and o["out"] == [0] and o["counts"][0] == 0
        assert {"S3", "H4"} <= set(o["played"])  # the rest is discarded face up


class TestElevenBack:
    def test_toggle_inverts_until_the_trick_clears(self) -> None:
        s = go(t(["SJ.C3", "HT.HQ", "D7.D8"], order__eleven_back="toggle"), "SJ")
        assert obs(s)["back"] and obs(s)["inverted"]
        assert legal(s) == {"HT", "pass"}
        s = go(s, "HT", "D7", "pass", "pass")  # 7 beats 10 while inverted
        assert obs(s)["field"] is None and not obs(s)["back"]

    def test_first_only_sets_back(self) -> None:
        s = go(t(["SJ.C3", "HT.HQ", "D7.D8"], order__eleven_back="first_only"), "SJ")
        assert obs(s)["back"]


class TestElevenBackSequences:
    def test_a_sequence_with_a_jack_triggers(self) -> None:
        opts = {"order__eleven_back": "toggle", "order__eleven_back_sequences": True}
        s = go(t(["S9.ST.SJ.C3", "HA", "D7"], **opts), "S9.ST.SJ")
        assert obs(s)["back"]
        s = go(t(["S9.ST.SJ.C3", "HA", "D7"], order__eleven_back="toggle"), "S9.ST.SJ")
        assert not obs(s)["back"]


class TestStrongElevenBack:
    def test_three_jacks_keep_back_through_the_next_trick(self) -> None:
        opts = {"order__eleven_back": "toggle", "order__strong_eleven_back": True}
        s = go(t(["SJ.HJ.DJ.C3.C4", "HA", "D7"], **opts), "SJ.HJ.DJ", "pass", "pass")
        assert obs(s)["field"] is None and obs(s)["back"]
        s = go(s, "C4", "pass", "pass")
        assert obs(s)["field"] is None and not obs(s)["back"]


class TestJokerInverts:
    def test_a_lone_joker_is_the_weakest_single_while_inverted(self) -> None:
        s = go(t(["JK.C3", "H4.H5", "D7.D8"], revolution=True, order__joker_inverts=True), "JK")
        assert {"H4", "H5"} <= legal(s)
        s = go(t(["JK.C3", "H4.H5", "D7.D8"], revolution=True), "JK")
        assert legal(s) == {"pass"}


# --- clears --------------------------------------------------------------------------------

class TestEightCut:
    def test_an_eight_clears_and_its_player_leads(self) -> None:
        s = go(t(["S8.S9", "H9.HT", "D3.D4"], clears__eight_cut=True), "S8")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 0

    def test_without_the_rule_play_goes_on(self) -> None:
        s = go(t(["S8.S9", "H9.HT", "D3.D4"]), "S8")
        assert obs(s)["field"] is not None and obs(s)["to_move"] == 1


class TestEightCutSequences:
    @pytest.mark.parametrize("on", [True, False])
    def test_a_sequence_containing_an_eight(self, on: bool) -> None:
        s = go(t(["S6.S7.S8.C3", "HA", "D3"], clears__eight_cut=True, clears__eight_cut_sequences=on),
               "S6.S7.S8")
        assert (obs(s)["field"] is None) is on


class TestEightCutJoker:
    @pytest.mark.parametrize("on", [True, False])
    def test_a_joker_standing_for_an_eight(self, on: bool) -> None:
        opts = {"clears__eight_cut": True, "clears__eight_cut_sequences": True, "clears__eight_cut_joker": on}
        s = go(t(["S6.S7.JK.C3", "HA", "D3"], **opts), "S6.S7.JK=S8")
        assert (obs(s)["field"] is None) is on


class TestFourStop:
    def test_fours_stop_an_eight_cut(self) -> None:
        opts = {"clears__eight_cut": True, "clears__four_stop": True}
        s = go(t(["S8.C3", "S4.H5", "H4.D9"], **opts), "S8")
        assert s.phase == "four_stop" and obs(s)["to_move"] == 1 and legal(s) == {"S4", "pass"}
        s = go(s, "S4")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 1  # the 4s clear and their player leads
        assert obs(s)["counts"] == [1, 1, 2]

    def test_when_everyone_declines_the_cut_happens(self) -> None:
        opts = {"clears__eight_cut": True, "clears__four_stop": True}
        s = go(t(["S8.H8.C3", "S4.H5", "H4.D4.D9"], **opts), "S8.H8")
        assert legal(s) == {"pass"}  # player 1 has no pair of 4s
        s = go(s, "pass")
        assert legal(s) == {"H4.D4", "pass"}
        s = go(s, "pass")
        assert s.phase == "play" and obs(s)["field"] is None and obs(s)["to_move"] == 0


class TestQCut:
    def test_a_queen_clears_in_the_two_player_game(self) -> None:
        s = go(table("two_player", ["SQ.S3", "H4.H5"]), "SQ")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 0


class TestSpade3Return:
    def test_a_lone_spade_three_answers_a_lone_joker_and_clears(self) -> None:
        s = go(t(["JK.D5", "S3.H4", "C6.C7"], clears__spade3_return=True), "JK")
        assert legal(s) == {"S3", "pass"}
        s = go(s, "S3")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 1

    def test_without_the_rule(self) -> None:
        s = go(t(["JK.D5", "S3.H4", "C6.C7"]), "JK")
        assert legal(s) == {"pass"}


class TestSandstorm:
    def test_on_triples_beats_any_triple(self) -> None:
        s = go(t(["SK.HK.DK.C4", "S3.H3.D3.H9", "D7"], clears__sandstorm="on_triples"), "SK.HK.DK")
        assert "S3.H3.D3" in legal(s)
        s = go(s, "S3.H3.D3")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 1

    def test_any_time_on_any_field(self) -> None:
        s = go(t(["SA.C4", "S3.H3.D3.H9", "D7"], clears__sandstorm="any_time"), "SA")
        assert "S3.H3.D3" in legal(s)
        assert obs(go(s, "S3.H3.D3"))["field"] is None

    def test_on_joker(self) -> None:
        s = go(t(["JK.C4", "S3.H3.D3.H9", "D7"], clears__sandstorm="on_joker"), "JK")
        assert legal(s) == {"S3.H3.D3", "pass"}
        assert obs(go(s, "S3.H3.D3"))["field"] is None


class TestAmbulance:
    def test_a_pair_of_nines_on_a_low_field_clears(self) -> None:
        s = go(t(["S7.C3", "S9.H9.H2", "D7"], clears__ambulance=True), "S7")
        assert "S9.H9" in legal(s)
        s = go(s, "S9.H9")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 1
        s = go(t(["SK.C3", "S9.H9.H2", "D7"], clears__ambulance=True), "SK")
        assert "S9.H9" not in legal(s)


class TestRokurokubi:
    def test_a_pair_of_sixes_on_a_low_field_clears(self) -> None:
        s = go(t(["S4.C3", "S6.H6.H2", "D7"], clears__rokurokubi=True), "S4")
        assert "S6.H6" in legal(s)
        assert obs(go(s, "S6.H6"))["field"] is None


class TestJokerPair:
    def test_top_pair_beats_any_pair_and_nothing_beats_it(self) -> None:
        opts = {"deck__jokers": 2, "forms__joker_pair": "top_pair"}
        s = go(t(["S2.H2.C3", "JK.JK.D4", "DA.CA"], **opts), "S2.H2")
        assert "JK.JK" in legal(s)
        s = go(s, "JK.JK")
        assert legal(s) == {"pass"} and obs(s)["field"] is not None

    def test_clears(self) -> None:
        opts = {"deck__jokers": 2, "forms__joker_pair": "clears"}
        s = go(t(["S2.H2.C3", "JK.JK.D4", "DA.CA"], **opts), "S2.H2", "JK.JK")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 1


class TestFinishClears:
    def test_going_out_clears_and_the_next_player_leads(self) -> None:
        s = go(t(["S5", "H6.H7", "D3.D4"], clears__finish_clears=True), "S5")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 1


# --- turn order ----------------------------------------------------------------------------

class TestFiveSkip:
    def test_per_card(self) -> None:
        s = go(t(["S5.H5.C9", "D6.DA", "C6.CA", "H6.HA"], effects__five="skip"), "S5.H5")
        assert obs(s)["to_move"] == 3 and obs(s)["passed"] == [1, 2]

    def test_one(self) -> None:
        s = go(t(["S5.H5.C9", "D6.DA", "C6.CA", "H6.HA"], effects__five="skip_one"), "S5.H5")
        assert obs(s)["to_move"] == 2 and obs(s)["passed"] == [1]


class TestNineReverse:
    def test_permanent(self) -> None:
        s = go(t(["S9.C3", "D6.DA", "C6.CA", "HT.HA"], effects__nine="reverse"), "S9")
        assert obs(s)["to_move"] == 3 and obs(s)["direction"] == -1
        s = go(s, "HT", "pass", "pass", "pass")
        assert obs(s)["field"] is None and obs(s)["direction"] == -1

    def test_until_clear(self) -> None:
        s = go(t(["S9.C3", "D6.DA", "C6.CA", "HT.HA"], effects__nine="reverse_trick"), "S9",
               "HT", "pass", "pass", "pass")
        assert obs(s)["direction"] == 1


class TestSevenPass:
    def test_up_to_k_cards_to_the_next_player(self) -> None:
        s = go(t(["S7.H3.D4", "HA.H8", "D9.D8"], effects__seven="pass"), "S7")
        assert s.phase == "seven_pass" and legal(s) == {"give:-", "give:H3", "give:D4"}
        s = go(s, "give:H3")
        assert obs(s)["counts"] == [1, 3, 2] and "H3" in s.observation(1)["hand"]
        assert obs(s)["to_move"] == 1

    def test_exactly_and_giving_away_the_last_card_is_a_legal_finish(self) -> None:
        s = go(t(["S7.H7.D4", "HA.H8", "D9.D8"], base="popular", effects__seven="pass_exactly"), "S7.H7")
        assert legal(s) == {"give:D4"}
        s = go(s, "give:D4")
        assert obs(s)["out"] == [0] and obs(s)["offenders"] == []


class TestTenDiscard:
    def test_discard_up_to_k(self) -> None:
        s = go(t(["ST.H3.D4", "HA.H8", "D9.D8"], effects__ten="discard"), "ST")
        assert legal(s) == {"discard:-", "discard:H3", "discard:D4"}
        s = go(s, "discard:H3")
        assert "H3" in obs(s)["played"] and obs(s)["counts"][0] == 1


class TestQBomber:
    def test_everyone_discards_the_named_ranks(self) -> None:
        s = go(t(["SQ.S5.H9", "H5.D5.C8", "C5.S9.SA"], effects__queen="bomb"), "SQ")
        assert s.phase == "q_bomber" and "bomb:-" in legal(s) and "bomb:5" in legal(s) and len(legal(s)) == 14
        s = go(s, "bomb:5")
        assert obs(s)["counts"] == [1, 1, 2]
        assert {"S5", "H5", "D5", "C5"} <= set(obs(s)["played"])


# --- locks ---------------------------------------------------------------------------------

class TestSuitLock:
    def test_exact(self) -> None:
        s = go(t(["S5.S7", "S6.H8", "H9.S9"], locks__suit_lock="exact"), "S5", "S6")
        assert obs(s)["lock"] == ["♠"]
        assert legal(s) == {"S9", "pass"}
        with pytest.raises(IllegalActionError, match="breaks the suit lock"):
            s.apply("H9")

    def test_partial(self) -> None:
        s = go(t(["S5.H5.C3", "S6.D6.C2", "S7.C7.H7.D7"], locks__suit_lock="partial"), "S5.H5", "S6.D6")
        assert obs(s)["lock"] == ["♠"]
        acts = legal(s)
        assert "S7.C7" in acts and "H7.D7" not in acts

    def test_after_three(self) -> None:
        s = go(t(["S5.S8.C3", "S6.H9", "S7.HT"], locks__suit_lock="after_three"), "S5", "S6")
        assert obs(s)["lock"] == []
        s = go(s, "S7")
        assert obs(s)["lock"] == ["♠"]


class TestLockJoker:
    def test_wild_joker_cannot_start_a_lock_and_a_lone_joker_keeps_it(self) -> None:
        s = go(t(["S5.H5.C3", "S6.JK.C2", "D9"], locks__suit_lock="exact"), "S5.H5", "S6.JK=H6")
        assert obs(s)["lock"] == []
        s = go(t(["S5.S9", "S6.HA", "JK.D3"], locks__suit_lock="exact"), "S5", "S6", "JK")
        assert obs(s)["lock"] == ["♠"]

    def test_declared_joker_counts_its_suit_and_a_lone_joker_releases(self) -> None:
        opts = {"locks__suit_lock": "exact", "locks__lock_joker": "declared"}
        s = go(t(["S5.H5.C3", "S6.JK.C2", "D9"], **opts), "S5.H5", "S6.JK=H6")
        assert obs(s)["lock"] == ["♠", "♥"]
        s = go(t(["S5.S9", "S6.HA", "JK.D3"], **opts), "S5", "S6", "JK")
        assert obs(s)["lock"] == []


class TestColourLock:
    def test_same_colour_pattern_locks(self) -> None:
        s = go(t(["S5.H5.C3", "C6.D6.C2", "S7.C7.H7.S8.D8"], locks__colour_lock=True), "S5.H5", "D6.C6")
        assert obs(s)["colour_lock"] == {"red": 1, "black": 1}
        acts = legal(s)
        assert "S7.H7" in acts and "S7.C7" not in acts


class TestNumberLock:
    def test_on(self) -> None:
        s = go(t(["S5.C2", "H6.HA", "D7.D9"], locks__number_lock="on"), "S5", "H6")
        assert obs(s)["number_lock"] == "7"
        assert legal(s) == {"D7", "pass"}

    def test_strict_needs_the_suit_too(self) -> None:
        opts = {"locks__number_lock": "strict", "locks__suit_lock": "exact"}
        s = go(t(["S5.C2", "H6.HA", "D7.D9"], **opts), "S5", "H6")
        assert obs(s)["number_lock"] is None
        s = go(t(["S5.C2", "S6.HA", "S7.D7.D9"], **opts), "S5", "S6")
        assert obs(s)["number_lock"] == "7" and legal(s) == {"S7", "pass"}


class TestQRelease:
    def test_a_queen_ends_the_lock(self) -> None:
        opts = {"locks__suit_lock": "exact", "locks__q_release": True}
        s = go(t(["S5.HK", "S6.C3", "SQ.D3"], **opts), "S5", "S6", "SQ")
        assert obs(s)["lock"] == []
        assert "HK" in legal(s)


# --- finishing -----------------------------------------------------------------------------

class TestForbiddenFinish:
    @pytest.mark.parametrize(("hand", "play"), [("S2", "S2"), ("JK", "JK"), ("S8", "S8")])
    def test_the_offender_is_placed_last(self, hand: str, play: str) -> None:
        s = go(table("popular", [hand, "H6.H7", "D3.D4"]), play)
        assert obs(s)["offenders"] == [0] and obs(s)["out"] == []
        s = play_random_until(s, lambda st: st.current_player == TERMINAL)
        assert placing(s)[-1] == 0

    def test_top_rank_is_three_under_revolution(self) -> None:
        s = go(table("popular", ["S3", "H6.H7", "D3.D4"], revolution=True), "S3")
        assert obs(s)["offenders"] == [0]

    def test_refuse_makes_the_play_illegal(self) -> None:
        s = table("popular", ["S2", "H6.H7", "D3.D4"], options={"finishing__forbidden_penalty": "refuse"})
        assert legal(s) == {"pass"}  # stuck: the only lead is forbidden
        with pytest.raises(IllegalActionError, match="forbidden finish"):
            s.apply("S2")

    def test_spade3_return_and_jack_and_bottom_rank(self) -> None:
        s = go(table("jdf", ["JK.C4", "S3", "D5.D6", "H5.H6"]), "JK", "S3")
        assert obs(s)["offenders"] == [1]
        s = go(table("popular", ["SJ", "H6.H7", "D3.D4"], options={"finishing__forbidden_finish": ("jack",)}), "SJ")
        assert obs(s)["offenders"] == [0]
        s = go(table("basic", ["S3", "H6.H7", "D3.D4"], options={"finishing__forbidden_finish": ("bottom_rank",)}),
               "S3")
        assert obs(s)["offenders"] == [0]


class TestMiyakoOchi:
    CLASSES = (0, 1, 2, 3)  # player 0 is the reigning 大富豪, player 3 the 大貧民

    def test_immediate(self) -> None:
        s = go(table("jdf", ["S3.S4", "SA", "H5.H6", "D7.D9"], 1, classes=self.CLASSES), "SA")
        o = obs(s)
        assert o["fallen"] == 0 and o["counts"][0] == 0 and o["face_down"] == 2
        s = play_random_until(s, lambda st: st.current_player == TERMINAL)
        assert placing(s)[0] == 1 and placing(s)[-1] == 0

    def test_next_game(self) -> None:
        s = go(table("popular", ["S3.S4", "SA", "H5.H6", "D7.D9"], 1, classes=self.CLASSES), "SA")
        assert obs(s)["fallen"] == 0 and obs(s)["counts"][0] == 2  # keeps playing
        s = play_random_until(s, lambda st: st.current_player == TERMINAL)
        assert placing(s)[0] == 1 and placing(s)[-1] == 0

    def test_only_if_beggar_wins(self) -> None:
        opts = {"finishing__miyako_ochi": "only_if_beggar_wins"}
        s = go(table("popular", ["S3.S4", "SA", "H5.H6", "D7.D8"], 1, classes=self.CLASSES, options=opts), "SA")
        assert obs(s)["fallen"] == -1
        s = go(table("popular", ["S3.S4", "S5.S6", "H5.H6", "DA"], 3, classes=self.CLASSES, options=opts), "DA")
        assert obs(s)["fallen"] == 0

    def test_nothing_when_the_tycoon_goes_out_first(self) -> None:
        s = go(table("popular", ["SA", "S3.S4", "H5.H6", "D7.D8"], 0, classes=self.CLASSES), "SA")
        assert obs(s)["fallen"] == -1


class TestGekokujo:
    def test_the_beggar_going_out_first_reverses_the_classes(self) -> None:
        s = go(table("popular", ["S3.S4", "S5.S6", "H5.H6", "DA"], 3, classes=(0, 1, 2, 3),
                     options={"finishing__gekokujo": True}), "DA")
        assert s.current_player == TERMINAL and placing(s) == [3, 2, 1, 0]


class TestKyotoOchi:
    def test_the_rich_falls_when_the_tycoon_goes_out_first(self) -> None:
        s = go(table("popular", ["SA", "S3.S4", "H5.H6", "D7.D9"], 0, classes=(0, 1, 2, 3),
                     options={"finishing__kyoto_ochi": "next_game"}), "SA")
        assert obs(s)["fallen"] == 1
        s = play_random_until(s, lambda st: st.current_player == TERMINAL)
        assert placing(s)[0] == 0 and placing(s)[-1] == 1


class TestTenpenChii:
    def test_a_beggar_without_high_cards_swaps_hands_with_the_tycoon(self) -> None:
        s = new_match("popular", 4, exchange__tenpen_chii=True)
        s = play_random_until(s, lambda st: st._e.game_no == 2, seed=5)
        tycoon, rich, poor, beggar = s._e.classes
        low = "S3.H3.D3.C3.S4.H4.D4.C4.S5.H5.D5.C5.S6"
        s = scripted_deal(s, {beggar: low})
        assert s.phase == "play"
        assert s.observation(tycoon)["hand"] == low.split(".")
        assert s.current_player == beggar


# --- passing -------------------------------------------------------------------------------

class TestLeaderPass:
    def test_second_lap_must_play(self) -> None:
        s = t(["S5.S6", "H6.H7", "D3.D4"], turns__leader_pass="second_lap")
        assert "pass" in legal(s)
        s = go(s, "pass", "pass", "pass")
        assert obs(s)["to_move"] == 0 and "pass" not in legal(s)

    def test_free_and_the_twenty_pass_limit(self) -> None:
        s = t(["S5.S6", "H6.H7", "D3.D4"], turns__leader_pass="free")
        for _ in range(19):
            s = go(s, "pass")
            assert s.phase == "play"
        s = go(s, "pass")
        assert s.is_chance() and s.chance_outcomes()[0][0].startswith("place:")  # random places


class TestStickyPass:
    def test_off_lets_a_passed_player_play_later(self) -> None:
        s = go(t(["S5.S7.C3", "H8.H9", "D6.DA"], turns__sticky_pass=False), "S5", "pass", "D6", "S7")
        assert obs(s)["to_move"] == 1 and "H8" in legal(s)
        s = go(t(["S5.S7.C3", "H8.H9", "D6.DA"]), "S5", "pass", "D6", "S7")
        assert obs(s)["to_move"] == 2  # sticky: player 1 stays out of the trick


class TestTrickEnd:
    def test_all_passed_gives_the_top_player_another_turn(self) -> None:
        s = go(t(["S5.S7.C3", "H3.H4", "D3.D4"], turns__trick_end="all_passed"), "S5", "pass", "pass")
        assert obs(s)["field"] is not None and obs(s)["to_move"] == 0
        assert "S7" in legal(s)
        s = go(s, "pass")
        assert obs(s)["field"] is None and obs(s)["to_move"] == 0


class TestSeqJokerEnds:
    def test_the_joker_may_sit_below_three_or_above_two(self) -> None:
        s = table("uecda", ["H3.H4.JK.C9", "HA.H2", "D5", "D6", "D7"])
        assert {"JK=H-.H3.H4", "H3.H4.JK=H5"} <= legal(s)
        s = table("uecda", ["HA.H2.JK.C9", "H3", "D5", "D6", "D7"])
        assert "HA.H2.JK=H+" in legal(s)
        s = table("popular", ["H3.H4.JK.C9", "HA.H2", "D5"])
        assert "JK=H-.H3.H4" not in legal(s)


# --- interactions --------------------------------------------------------------------------

class TestInteractions:
    def test_four_stop_with_four_fours_after_four_eights_revolts_back(self) -> None:
        opts = {"clears__eight_cut": True, "clears__four_stop": True}
        s = go(t(["S8.H8.D8.C8.C3", "S4.H4.D4.C4.H5", "D9"], **opts), "S8.H8.D8.C8")
        assert obs(s)["revolution"] and s.phase == "four_stop"
        s = go(s, "S4.H4.D4.C4")
        assert not obs(s)["revolution"] and obs(s)["field"] is None and obs(s)["to_move"] == 1

    def test_eleven_back_under_revolution_restores_the_normal_order(self) -> None:
        s = go(t(["SJ.C3", "HQ.H5", "D7"], revolution=True, order__eleven_back="toggle"), "SJ")
        assert obs(s)["revolution"] and obs(s)["back"] and not obs(s)["inverted"]
        assert legal(s) == {"HQ", "pass"}

    def test_lock_and_joker_standins_must_follow_the_locked_suits(self) -> None:
        s = go(table("popular", ["S5.H5.C3", "S6.H6.CA", "S7.JK.D2"]), "S5.H5", "S6.H6")
        assert obs(s)["lock"] == ["♠", "♥"]
        joker_plays = {a for a in legal(s) if "JK" in a}
        assert joker_plays == {"S7.JK=H7"}

    def test_spade3_return_ignores_a_non_spade_lock(self) -> None:
        s = go(table("popular", ["H5.C3.C4", "H6.D4.D7", "JK.S9.D5", "S3.D6.D9"]), "H5", "H6", "JK")
        assert obs(s)["lock"] == ["♥"]  # a lone joker leaves a wild lock in place
        assert legal(s) == {"S3", "pass"}

    def test_forbidden_finish_with_an_eight_still_cuts(self) -> None:
        s = go(table("popular", ["S8", "H6.H7", "D3.D4"]), "S8")
        o = obs(s)
        assert o["offenders"] == [0] and o["field"] is None and o["to_move"] == 1

    def test_q_bomber_simultaneous_finishes_go_in_turn_order(self) -> None:
        s = go(t(["SQ.S5.H9", "H5", "D5", "C6.C7"], effects__queen="bomb"), "SQ", "bomb:5")
        assert obs(s)["out"] == [1, 2]
        s = go(t(["SQ.S5", "H5", "D5", "C6.C7"], effects__queen="bomb"), "SQ", "bomb:5")
        assert obs(s)["out"] == [0, 1, 2] and s.current_player == TERMINAL
        assert placing(s) == [0, 1, 2, 3]
