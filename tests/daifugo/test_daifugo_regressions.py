"""Regressions of the bugs found against the tournament server and the specification (issue 20).

Each test quotes the words of ``shared/rules/daifugo.md`` it holds the engine to.
"""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from daifugo_helpers import go, legal, obs, placing, rules, table  # noqa: E402

from pyengine.core import TERMINAL, IllegalActionError, InvalidNotationError, Pcg32  # noqa: E402
from pyengine.daifugo import GAME, DaifugoRules, DaifugoState  # noqa: E402
from pyengine.daifugo.engine import OVER, PLACES, PLAY  # noqa: E402


class TestTheLastPlayStillRevolts:
    """§1.13: "After a play is validated and its cards leave the hand: 1. going out …; 2. order
    changes (revolution, 11-back)"; §4.6: "the cards leave the hand (the player goes out if the
    hand is empty …); then, unless it is a lone joker or a ♠3 return: revolution toggles for a
    group of 4 or 5 cards"."""

    def test_the_fourth_player_going_out_with_four_of_a_kind_revolts(self) -> None:
        s = DaifugoState.custom("uecda", ["S3.H3", "", "", "S5.H5.D5.C5", ""], 3).apply("S5.H5.D5.C5")
        assert s.current_player == TERMINAL
        assert obs(s)["revolution"] is True
        assert ["revolution", True] in obs(s)["history"]

    def test_a_sequence_revolution_ends_the_game_revolted(self) -> None:
        s = DaifugoState.custom("uecda", ["S3.H3", "", "", "D5.D6.D7.D8.D9", ""], 3).apply("D5.D6.D7.D8.D9")
        assert s.current_player == TERMINAL and obs(s)["revolution"] is True

    def test_no_revolution_choice_is_asked_after_the_last_play(self) -> None:
        s = table("basic", ["S5.H5.D5.C5", "D9"], 0, options={"order__revolution_choice": True})
        s = s.apply("S5.H5.D5.C5")
        assert s.current_player == TERMINAL and obs(s)["revolution"] is True


class TestTheFourStopIsAPlay:
    """§5.2 four_stop: "The first to do so cancels the 8-cut: their 4s become the top play"; §5.1
    revolution_choice: "Applies to every trigger"."""

    OPTS = {"clears__eight_cut": True, "clears__four_stop": True, "order__revolution_choice": True}

    def test_four_fours_that_stop_four_eights_ask_for_the_revolution(self) -> None:
        s = go(table("basic", ["S8.H8.D8.C8.C3", "S4.H4.D4.C4.H5", "D9"], options=self.OPTS), "S8.H8.D8.C8")
        assert s.phase == "revolution_choice" and legal(s) == {"revolt:yes", "revolt:no"}  # the 8s revolt
        s = go(s, "revolt:no")
        assert s.phase == "four_stop" and obs(s)["to_move"] == 1
        s = go(s, "S4.H4.D4.C4")
        assert s.phase == "revolution_choice" and obs(s)["to_move"] == 1  # the 4s revolt too: asked
        s = go(s, "revolt:yes")
        assert obs(s)["revolution"] is True and obs(s)["field"] is None and obs(s)["to_move"] == 1

    def test_the_stop_is_recorded_as_a_four_stop(self) -> None:
        s = go(table("basic", ["S8.C3", "S4.H5", "D9"], options={"clears__eight_cut": True,
                                                                 "clears__four_stop": True}), "S8", "S4")
        assert ["four_stop", 1, "S4"] in obs(s)["history"]


class TestTwentyPassesKeepEveryPlayer:
    """§5.6: "Final placing at the end of a game: players who went out legally, in the order they
    went out; then the player still holding cards; then a 大富豪 fallen by miyako-ochi …";
    ``next_game``: "at the end is placed as a fallen 大富豪 (above) whatever their actual finish";
    §4.6: "20 consecutive passes … end the game at once: the players still holding cards get the
    remaining places in random order"."""

    CLASSES = (0, 1, 2, 3)  # player 0 reigns as 大富豪

    def _twenty_passes(self, s: DaifugoState) -> DaifugoState:
        for _ in range(40):
            if s.phase != "play":
                break
            s = s.apply("pass")
        assert s.phase == "places"
        return s

    def test_immediate_the_fallen_tycoon_takes_the_fallen_slot(self) -> None:
        options = {"turns__leader_pass": "free", "finishing__miyako_ochi": "immediate"}
        s = go(table("popular", ["S3.S4", "HA", "D5.D6", "C6.C7"], 1, classes=self.CLASSES, options=options), "HA")
        assert obs(s)["fallen"] == 0 and obs(s)["counts"][0] == 0
        s = self._twenty_passes(s)
        assert {a for a, _ in s.chance_outcomes()} == {"place:2", "place:3"}  # the fallen is not drawn
        s = s.apply("place:3")
        assert placing(s) == [1, 3, 2, 0]

    def test_next_game_a_fallen_tycoon_who_went_out_is_still_placed_as_fallen(self) -> None:
        options = {"turns__leader_pass": "free"}
        s = go(table("popular", ["S3", "HA", "D5.D6", "C6.C7"], 1, classes=self.CLASSES, options=options),
               "HA", "pass", "pass", "pass")
        assert obs(s)["fallen"] == 0 and obs(s)["to_move"] == 2
        s = go(s, "pass", "pass", "S3")  # player 2 and 3 pass the lead, the fallen 大富豪 goes out
        assert obs(s)["out"] == [1, 0]
        s = self._twenty_passes(s)
        s = s.apply("place:2")
        assert placing(s) == [1, 2, 3, 0]

    def test_a_match_goes_on_after_a_twenty_pass_ending_with_a_fallen_tycoon(self) -> None:
        r = rules("popular", turns__leader_pass="free", finishing__miyako_ochi="immediate", match__games=3)
        assert sum(_pass_heavy_match(r, seed) for seed in range(30)) >= 3  # the situation happened


def _pass_heavy_match(r: DaifugoRules, seed: int) -> int:
    """A match where everyone plays at random until someone is out, then passes: every game's
    placing holds every player, the fallen 大富豪 last, and the next game opens; returns how many
    games ended by 20 passes with a fallen 大富豪."""
    s = GAME.new_initial_state(r, 4)
    rng = Pcg32(seed)
    hits = 0
    drawing_with_fallen = -1
    while not s.is_terminal():
        e = s._e  # noqa: SLF001
        if e.phase == PLACES and e.fallen >= 0:
            drawing_with_fallen = e.fallen
        if s.is_chance():
            outcomes = s.chance_outcomes()
            s = s.apply(outcomes[rng.below(len(outcomes))][0])
        else:
            acts = s.legal_actions()
            pass_now = e.phase == PLAY and "pass" in acts and bool(e.out_order)
            s = s.apply("pass" if pass_now else acts[rng.below(len(acts))])
        if len(s._e.results) != len(e.results):  # noqa: SLF001 - a game ended
            last = s._e.results[-1]  # noqa: SLF001
            assert sorted(last) == [0, 1, 2, 3]
            if drawing_with_fallen >= 0:
                assert last[-1] == drawing_with_fallen
                hits += 1
            drawing_with_fallen = -1
            for seat in (-1, 0, 1, 2, 3):
                s.observation(seat)  # the next game's classes hold every player
    assert s._e.phase == OVER  # noqa: SLF001
    return hits


class TestTheJokerPairIsAGroupEverywhere:
    """§1.5(3): "two jokers alone form a group of two (§2.2)"; §2.2(3): "a pair of two jokers is a group
    of two ranked above 2s … nothing beats it"."""

    def test_popular_with_two_jokers_plays_them_together(self) -> None:
        s = go(table("popular", ["S2.H2.C3", "JK.JK.D4", "DA.CA"], options={"deck__jokers": 2}), "S2.H2")
        assert "JK.JK" in legal(s)
        s = go(s, "JK.JK")
        assert legal(s) == {"pass"} and obs(s)["field"] is not None  # it does not clear: nothing beats it

    def test_old_links_with_the_pair_switched_off_open_with_the_pair(self) -> None:
        r = DaifugoRules.decode("1.popular~deck.jokers=2~forms.joker_pair=off")
        assert r.forms.joker_pair.value == "top_pair" and r.deck.jokers == 2


class TestFormsAreLegalityNotNotation:
    """§1.5: "A move is one of: pass; single; group; sequence"; README: "illegal input raises a
    precise ValueError subclass (IllegalActionError, InvalidNotationError)" — cards well written
    that make no form are an illegal action, with the reason."""

    def test_a_two_three_is_an_illegal_action_with_its_reason(self) -> None:
        s = table("basic", ["SA.S2.S3.H4", "D5", "C6"])
        with pytest.raises(IllegalActionError, match="make no play: .* neither a group of one rank nor a sequence"):
            s.apply("S3.SA.S2")
        assert "neither a group" in s.explain_illegal("S3.SA.S2")
        assert s.describe("S3.SA.S2") == "Play ♠3 ♠A ♠2"

    @pytest.mark.parametrize(("action", "reason"), [
        ("S3.H4.D5", "a sequence is of one suit"),
        ("JK=H5", "must be played with natural cards"),
        ("S4.JK=*4", "fifth card of a rank only when all four suits"),
    ])
    def test_other_non_forms(self, action: str, reason: str) -> None:
        s = table("basic", ["S3.H4.D5.S4.JK", "D6", "C6"])
        with pytest.raises(IllegalActionError, match=reason):
            s.apply(action)

    def test_bad_writing_is_still_bad_notation(self) -> None:
        s = table("basic", ["S3.H4.D5", "D6", "C6"])
        for action in ("S3.S3", "X9", "S3.JK", "JK=X9.S3"):
            with pytest.raises(InvalidNotationError):
                s.apply(action)


class TestCustomHandsAreADeal:
    """§1.2: "Cards are dealt one at a time … until the deck is used up": a card is in one hand."""

    def test_the_same_card_in_two_hands_is_refused(self) -> None:
        with pytest.raises(InvalidNotationError, match="S3 is in two hands"):
            DaifugoState.custom("basic", ["S3.H4", "D5", "S3"])

    def test_cards_outside_the_deck_are_refused(self) -> None:
        with pytest.raises(InvalidNotationError, match="JK is not in this deck"):
            DaifugoState.custom("basic", ["JK", "JK", "D5"])  # one joker
        with pytest.raises(InvalidNotationError, match="S6 is not in this deck"):
            DaifugoState.custom("two_player", ["S6", "D5"])

    def test_two_jokers_in_two_hands_are_both_jokers(self) -> None:
        s = table("jdf", ["JK.S3", "JK.H3", "D5", "C5"])
        assert obs(s)["counts"] == [2, 2, 1, 1] and "JK" in legal(s)
