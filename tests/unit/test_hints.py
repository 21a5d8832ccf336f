"""Hints and the Cetkaik review (issue 21, item 3): the Worker tasks, what they may see, and the
mark a hint leaves in the record (saves, links, undo)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from bot_decisions import SLACK, clock_speed

from pyengine.ai.bot import BotView
from pyengine.ai.cetkaik.bots import MasterBot
from pyengine.ai.chabashi.bots import StrongBot as ChabashiStrong
from pyengine.ai.daifugo.bots import Choice, GreedyBot
from pyengine.ai.daifugo.bots import MasterBot as DaifugoMaster
from pyengine.ai.daifugo.reasons import reason
from pyengine.app.links import open_link
from pyengine.app.saves import from_save, save_json
from pyengine.app.session import Session, parse_hints
from pyengine.app.tasks import chabashi as chabashi_tasks
from pyengine.app.tasks import daifugo as daifugo_tasks
from pyengine.app.tasks import view_seed
from pyengine.app.tasks.cetkaik import review
from pyengine.app.views import ui_call
from pyengine.app.worker import task
from pyengine.cetkaik.rules import OFFICIAL
from pyengine.cetkaik.state import CetkaikState
from pyengine.core import (
    EngineError,
    IllegalActionError,
    Record,
    Seat,
    State,
    decode_fragment,
    encode_fragment,
)
from pyengine.core.chance import SeededChance
from pyengine.core.rng import Pcg32
from pyengine.daifugo.state import DaifugoState


@pytest.fixture(autouse=True)
def _slow_clocks() -> Iterator[None]:
    """Every clock a bot reads runs ten times as slow here (``bot_decisions.SLACK``): the hints'
    figures come from their fixed work, and a loaded machine must not trip the safety net that
    would replace them with the level's fallback."""
    with clock_speed(SLACK):
        yield


def hint_args(state: State, rules: str) -> dict[str, Any]:
    """What a table sends: the seat to move's observation and legal actions, nothing else."""
    seat = state.current_player
    return {"rules": rules, "seat": seat, "observation": state.observation(seat), "legal": list(state.legal_actions())}


def ask(game: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(task(f"{game}.{name}", json.dumps(args)))
    return out


def dealt(game: str, seed: int, players: int) -> Session:
    s = Session.new(game, seats=[("", "human")] * players, chance=SeededChance(seed))
    s.run_auto()
    return s


# --- the tasks: the strongest level's choice and its reason ------------------------------------------

def test_cetkaik_hint_is_the_master_levels_move_with_its_win_chance() -> None:
    state = CetkaikState(OFFICIAL)
    for action in ("一位色赤", "ZI片ZOCO"):
        state = state.apply(action)  # the IA side to move after a kut2 tam2 and its declaration
    state = state.apply("再行")
    args = hint_args(state, OFFICIAL.encode())
    h = ask("cetkaik", "hint", args)
    assert h["ok"] is True
    view = BotView("cetkaik", OFFICIAL.encode(), args["seat"], args["observation"], tuple(args["legal"]))
    assert h["action"] == MasterBot(Pcg32(0)).act(view)
    assert 0.0 <= h["value"] <= 1.0
    values = [r["value"] for r in h["ranked"]]
    assert h["ranked"][0]["action"] == h["action"] and values == sorted(values, reverse=True) and len(values) == 3
    assert ask("cetkaik", "hint", args) == h  # the same position, the same hint


def test_cetkaik_hint_for_a_declaration_values_both_choices() -> None:
    state = CetkaikState(OFFICIAL).apply("一位色赤").apply("ZI片ZOCO")  # a penalty to declare
    h = ask("cetkaik", "hint", hint_args(state, OFFICIAL.encode()))
    assert {r["action"] for r in h["ranked"]} == set(state.legal_actions()) == {"再行", "終季"}
    # ending the season now at −5 loses the game's first season: going on is worth more
    assert h["action"] == "再行" and h["ranked"][1]["value"] < h["value"]


def test_daifugo_hint_is_the_master_levels_play_with_its_expected_place() -> None:
    s = dealt("daifugo", 1, 4)
    args = hint_args(s.state, s.record.rules)
    h = ask("daifugo", "hint", args)
    view = BotView("daifugo", s.record.rules, args["seat"], args["observation"], tuple(args["legal"]), 0.8)
    assert h["action"] == DaifugoMaster(Pcg32(view_seed(view))).act(view)
    assert h["action"] in s.legal() and h["method"] == "playouts" and h["players"] == 4
    assert 1.0 <= h["place"] <= 4.0
    assert h["ranked"][0]["action"] == h["action"] and len(h["ranked"]) == 3
    assert ask("daifugo", "hint", args) == h


def test_daifugo_hint_with_one_legal_action_says_so() -> None:
    state = DaifugoState.custom("basic", ["C9", "S5.H5.D6", "D4"], 0).apply("C9")
    assert state.legal_actions() == ("pass",)
    h = ask("daifugo", "hint", hint_args(state, state.rules.encode()))
    assert (h["action"], h["method"], h["place"]) == ("pass", "only", None)
    assert h["why"] == {"kind": "only"}


def test_chabashi_hint_is_the_strong_levels_action_with_its_equity() -> None:
    s = dealt("chabashi", 2, 3)
    seen = set()
    for _ in range(12):  # through the card play and the betting
        if s.status() != "human":
            break
        args = hint_args(s.state, s.record.rules)
        h = ask("chabashi", "hint", args)
        view = BotView("chabashi", s.record.rules, args["seat"], args["observation"], tuple(args["legal"]), 0.8)
        assert h["action"] == ChabashiStrong(Pcg32(view_seed(view))).act(view)
        assert 0.0 <= h["equity"] <= 1.0
        seen.add(s.state.observation(args["seat"])["phase"])
        s.play(h["action"])
        s.run_auto()
    assert "bet" in seen and len(seen) >= 2


def test_a_hint_needs_the_seat_to_move_and_its_view() -> None:
    s = dealt("daifugo", 1, 4)
    args = hint_args(s.state, s.record.rules)
    other = (args["seat"] + 1) % 4
    wrong = ask("daifugo", "hint", {**args, "seat": other, "observation": s.state.observation(other)})
    assert wrong["ok"] is False and "not to move" in wrong["error"]
    assert ask("daifugo", "hint", {k: v for k, v in args.items() if k != "observation"})["ok"] is False
    assert ask("chabashi", "hint", {**args, "legal": []})["ok"] is False


# --- why: the reason a hint gives, from the analysis, in three languages --------------------------------

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
LANGS = ("en", "ko", "ja")


def strings(game: str, lang: str) -> dict[str, str]:
    out: dict[str, str] = json.loads((ROOT / f"web/i18n/{game}.{lang}.json").read_text("utf-8"))
    return out


def values_used(text: str) -> set[str]:
    """The values a string uses: ``{name}`` and the plural form ``{name|one|other}`` (web/i18n.js)."""
    return set(re.findall(r"\{(\w+)(?:\|[^{}]*)?\}", text))


@pytest.mark.parametrize("game", ["daifugo", "chabashi"])
def test_every_reason_kind_has_a_sentence_in_every_language_using_only_its_values(game: str) -> None:
    kinds: dict[str, tuple[str, ...]] = (daifugo_tasks if game == "daifugo" else chabashi_tasks).REASONS
    for lang in LANGS:
        words = strings(game, lang)
        for kind, values in kinds.items():
            text = words.get(f"{game}.hint.why.{kind}", "")
            assert text.strip(), (lang, kind)
            assert values_used(text) <= set(values), (lang, kind, text)
            if lang == "en":  # English words every value (Korean and Japanese need no plural forms)
                assert values_used(text) == set(values), (kind, text)
        assert not {k for k in words if k.startswith(f"{game}.hint.why.")} - {f"{game}.hint.why.{k}" for k in kinds}


def view_of(state: State) -> BotView:
    seat = state.current_player
    return BotView("daifugo", state.rules.encode(), seat, state.observation(seat), state.legal_actions())


def why_of(state: State, action: str) -> dict[str, Any]:
    """The reason for ``action`` chosen by the search over it and one other candidate."""
    return reason(view_of(state), [Choice(action, playouts=40), Choice("other", playouts=40)])


# seat 0 follows a 7 holding two 2s: nothing unseen outranks them (no joker in these hands' deck matters)
FOLLOW_7 = ["C9.S2.H2.D4.D5.S6", "S5.H6.C8.SJ.DK", "H4.D7.D9.HT.CQ", "S7.H3.DT.SQ.HA"]


def test_following_low_keeps_the_pair_of_2s_for_the_end() -> None:
    s = DaifugoState.custom("basic", FOLLOW_7, 3).apply("S7")
    assert set(s.legal_actions()) == {"C9", "S2", "H2", "pass"}
    assert why_of(s, "C9") == {"kind": "keeps", "cards": ["S2", "H2"]}
    assert why_of(s, "S2")["kind"] != "keeps"  # spending a 2 keeps nothing
    # the hint says the reason of its own choice (master's: here it spends a 2 and takes the trick,
    # which its playouts rate well above the 9; the strong level kept them)
    args = hint_args(s, s.rules.encode())
    h = ask("daifugo", "hint", args)
    view = BotView("daifugo", s.rules.encode(), args["seat"], args["observation"], tuple(args["legal"]), 0.8)
    choices = DaifugoMaster(Pcg32(view_seed(view))).analyse(view)
    assert h["action"] == choices[0].action and h["why"] == reason(view, choices)


def test_in_a_revolution_the_3s_are_the_cards_kept() -> None:
    hands = ["C9.S3.H3.DA.CK.SQ", "S5.H6.C8.CJ.DK", "H4.D7.D9.HT.CQ", "SJ.S4.DT.HQ.HA"]
    s = DaifugoState.custom("basic", hands, 3, revolution=True).apply("SJ")
    assert why_of(s, "C9") == {"kind": "keeps", "cards": ["S3", "H3"]}
    # an 11-back reverses the order for this trick only: the 3s beat the jack now, but keeping them
    # is not keeping them "for the end", where they are the weakest cards again
    hands = ["C9.S3.H3.D5.S2", "S5.H6.C8.CJ.DK", "H4.D7.D9.HT.CQ", "SJ.S4.DT.SQ.HA"]
    back = DaifugoState.custom("popular", hands, 3).apply("SJ")
    assert back.observation(0)["inverted"] and {"S3", "H3"} <= set(back.legal_actions())
    assert why_of(back, "C9")["kind"] != "keeps"


def test_a_pass_says_what_the_cheapest_play_would_cost() -> None:
    # beating a 9 takes a queen of the pair: it breaks up the pair
    s = DaifugoState.custom("basic", ["SQ.HQ.D4.D5.C6", "S5.H6.C8.CJ.DK", "H4.D7.D9.HT.CQ", "S9.S4.DT.SK.HA"], 3).apply("S9")
    got = why_of(s, "pass")
    assert got["kind"] == "pass_breaks" and got["cards"] == ["SQ", "HQ"] and got["play"] in (["SQ"], ["HQ"])
    # beating a king takes the 2, which nothing unseen outranks
    s = DaifugoState.custom("basic", ["S2.D4.D5.C6", "S5.H6.C8.CJ.DK", "H4.D7.D9.HT.CQ", "SK.S4.DT.SQ.HA"], 3).apply("SK")
    assert why_of(s, "pass") == {"kind": "pass_saves", "cards": ["S2"]}
    # the 2 as the last card would be a forbidden finish (popular): nothing is saved for later
    s = DaifugoState.custom("popular", ["S2", "S5.H6.C8.CJ.DK", "H4.D7.D9.HT.CQ", "SK.S4.DT.SQ.HA"], 3).apply("SK")
    assert why_of(s, "pass")["kind"] == "search" and why_of(s, "S2")["kind"] == "search"


def test_going_out_an_8_cut_and_the_weakest_cards() -> None:
    s = DaifugoState.custom("popular", ["SA", "S5.H6.C8.CJ.DK", "H4.D7.D9.HT.CQ", "SK.S4.DT.SQ.HA"], 3).apply("SK")
    assert why_of(s, "SA") == {"kind": "out"}
    lead = ["H8.D4.D5.C6.SK", "S5.H6.C8.CJ.DK", "H4.D7.D9.HT.CQ", "S9.S4.DT.SQ.HA"]
    s = DaifugoState.custom("popular", lead, 0)
    assert why_of(s, "H8") == {"kind": "eight_cut"}
    assert why_of(DaifugoState.custom("basic", lead, 0), "H8")["kind"] != "eight_cut"  # no 8-cut in these rules
    assert why_of(s, "D4") == {"kind": "sheds", "n": 1}  # the lone 4, the weakest rank held
    # every single lead of this hand leaves four plays: none leaves fewer
    assert why_of(s, "C6") == {"kind": "division", "plays": 4}


def test_a_revolution_is_a_reason_only_when_the_rest_of_the_hand_gains() -> None:
    others = ["S3.H7.C8.CJ.DK", "H3.D7.D9.HT.CQ", "S9.C5.DT.SQ.HA.S2.H2"]
    weak = DaifugoState.custom("basic", ["S4.H4.D4.C4.S5.H6", *others], 0)
    assert why_of(weak, "S4.H4.D4.C4") == {"kind": "revolution"}  # the 5 and 6 become strong
    strong = DaifugoState.custom("basic", ["S4.H4.D4.C4.D2.CA", *others], 0)
    assert why_of(strong, "S4.H4.D4.C4") == {"kind": "search", "n": 2}  # the 2 and ace would become weak


def test_an_endgame_solved_exactly_says_so() -> None:
    s = Session.new("daifugo", "1.basic", seats=[("", "human"), ("", "bot:greedy"), ("", "bot:greedy")],
                    chance=SeededChance(3))
    while True:
        s.run_auto()
        assert s.status() == "human", "the game ended before an endgame"
        obs = s.state.observation(0)
        if obs["phase"] == "play" and sum(1 for c in obs["counts"] if c) == 2 and obs["counts"][0]:
            break
        s.play(GreedyBot(Pcg32(0)).act(view_of(s.state)))
    h = ask("daifugo", "hint", hint_args(s.state, s.record.rules))
    assert h["method"] in ("exact", "only")
    assert h["why"] == {"kind": "solved" if h["method"] == "exact" else "only"}


def test_every_daifugo_hint_carries_a_reason_with_its_values() -> None:
    s = dealt("daifugo", 4, 4)
    for _ in range(6):
        h = ask("daifugo", "hint", hint_args(s.state, s.record.rules))
        why = h["why"]
        assert set(why) == {"kind", *daifugo_tasks.REASONS[why["kind"]]}
        s.play(h["action"])
        s.run_auto()


def test_the_pot_odds_of_a_call_or_fold_in_numbers() -> None:
    # calling 2 into a pot of 8: odds 4:1, 2 / (8 + 2) = 20% of the pot needed
    why = {"why": "call", "pot": 8, "to_call": 2, "need": 0.2, "fair": 0.5, "live": 2}
    assert chabashi_tasks._why(why, 0.31, 3) == {"kind": "call", "cost": 2, "pot": 8, "odds": 4, "need": 20,
                                                 "equity": 31}
    why = {**why, "why": "fold", "pot": 7, "to_call": 2, "need": 2 / 9}
    assert chabashi_tasks._why(why, 0.12, 3) == {"kind": "fold", "cost": 2, "pot": 7, "odds": 3.5, "need": 22,
                                                 "equity": 12}
    # shares that round alike keep a decimal, so "need 20%, win 20%" never reads as a call refused
    assert chabashi_tasks._pcts(0.198, 0.2) == (19.8, 20.0)
    assert chabashi_tasks._why({"why": "cards", "next": "draw:1", "next_share": 0.5}, 0.5, 3)["kind"] == "cards_tie"


def test_a_chabashi_hint_facing_a_bet_gives_the_pot_odds_of_its_call_or_fold() -> None:
    spots = 0
    for seed in range(1, 40):
        s = Session.new("chabashi", seats=[("", "human"), ("", "bot:normal"), ("", "bot:normal")],
                        chance=SeededChance(seed))
        s.run_auto()
        while s.status() == "human" and spots < 2 and s.cursor < 150:
            obs = s.state.observation(0)
            args = hint_args(s.state, s.record.rules)
            if obs["phase"] == "bet" and obs["to_call"]:
                h = ask("chabashi", "hint", args)
                why = h["why"]
                if why["kind"] in ("call", "fold"):
                    cost, pot = obs["to_call"], obs["pot"] + obs["carry"]
                    assert (why["cost"], why["pot"]) == (cost, pot)
                    assert abs(why["odds"] - pot / cost) <= 0.05
                    assert abs(why["need"] - 100 * cost / (pot + cost)) <= 0.5
                    assert abs(why["equity"] - 100 * h["equity"]) <= 0.5
                    # the decision follows the numbers: call when the share covers the price
                    assert (h["action"] == "call") == (why["kind"] == "call") == (why["equity"] >= why["need"])
                    spots += 1
                else:
                    assert why["kind"] in ("raise", "call_mixed") and h["action"] in ("raise", "call")
            s.play("call" if "call" in s.legal() else "check" if "check" in s.legal() else s.legal()[0])
            s.run_auto()
        if spots >= 2:
            break
    assert spots >= 2


def test_every_chabashi_hint_carries_a_reason_with_its_values() -> None:
    s = dealt("chabashi", 2, 3)
    seen = set()
    for _ in range(12):
        if s.status() != "human":
            break
        h = ask("chabashi", "hint", hint_args(s.state, s.record.rules))
        why = h["why"]
        assert set(why) == {"kind", *chabashi_tasks.REASONS[why["kind"]]}
        if why["kind"] == "cards":  # the next best option, with a smaller share than the hint's
            assert why["next"] in s.legal() and why["next"] != h["action"] and why["next_equity"] < 100 * h["equity"]
        seen.add(why["kind"])
        s.play(h["action"])
        s.run_auto()
    assert "cards" in seen and seen & {"bet", "check", "call", "fold", "raise"}


# --- hidden cards: two positions that differ only in them get the same hint --------------------------

def twins(game: str, seed: int, players: int) -> Iterator[tuple[State, State, str]]:
    """Positions (a human to move) and the same record with two dealt cards exchanged, where the
    seat to move cannot tell them apart, but others can."""
    s = dealt(game, seed, players)
    actions, t = s.record.actions, len(s.record.actions)
    seat = s.state.current_player
    chance = [i for i in range(t) if s.states[i].is_chance()]
    for i in chance:
        for j in chance:
            if j <= i or actions[i] == actions[j]:
                continue
            swapped = list(actions)
            swapped[i], swapped[j] = actions[j], actions[i]
            try:
                other = Record(game, s.record.rules, s.record.seats, tuple(swapped)).final_state()
            except EngineError:
                continue
            if other.current_player != seat or other.observation(seat) != s.state.observation(seat):
                continue
            if any(other.observation(p) != s.state.observation(p) for p in range(players) if p != seat):
                yield s.state, other, s.record.rules
                return


@pytest.mark.parametrize(("game", "seed", "players"), [("daifugo", 1, 4), ("daifugo", 3, 3), ("chabashi", 2, 3),
                                                      ("chabashi", 5, 2)])
def test_positions_that_differ_only_in_hidden_cards_get_the_same_hint(game: str, seed: int, players: int) -> None:
    found = list(twins(game, seed, players))
    assert found, "no twin position"
    for real, other, rules in found:
        assert real != other and real.legal_actions() == other.legal_actions()
        a, b = hint_args(real, rules), hint_args(other, rules)
        assert ask(game, "hint", a) == ask(game, "hint", b)
        # a payload carrying more (the whole record) is read no further than the seat's view
        full = {**a, "record": encode_fragment(Record(game, rules, tuple(Seat() for _ in range(players)))),
                "state": repr(real)}
        assert ask(game, "hint", full) == ask(game, "hint", a)


# --- the mark in the record -------------------------------------------------------------------------------

def cetkaik_session() -> Session:
    s = Session.new("cetkaik", seats=[("", "human"), ("", "bot:greedy")], chance=SeededChance(4))
    s.run_auto()
    return s


def test_a_hint_marks_the_move_played_after_it_and_the_mark_travels_in_links_and_saves() -> None:
    s = cetkaik_session()
    while s.state.current_player != 0 or s.status() != "human":
        s.play(s.legal()[0]) if s.status() == "human" else s.run_auto()
    ply = s.cursor + 1
    assert s.hints() == ()
    assert ui_call("cetkaik", s, "hint_used", {}) == {"hints": [ply]}
    s.play(s.legal()[0])
    s.run_auto()
    assert s.hints() == (ply,)
    assert s.view()["hints"] == [ply]
    link = Session.from_fragment(s.fragment())
    assert link.hints() == (ply,) and dict(decode_fragment(s.fragment()).meta)["hints"] == str(ply)
    assert from_save(save_json(s)).hints() == (ply,)
    # a record made before hints existed opens with none
    old = replace(s.record, meta=tuple((k, v) for k, v in s.record.meta if k != "hints"))
    assert Session.from_fragment(encode_fragment(old)).hints() == ()


def test_undo_keeps_the_mark_of_a_position_seen_and_drops_later_ones() -> None:
    s = Session.new("cetkaik", seats=[("", "human"), ("", "human")], chance=SeededChance(4))
    s.run_auto()
    first = s.cursor + 1
    s.note_hint()
    s.play(s.legal()[0])
    s.run_auto()
    while s.status() != "human":
        s.run_auto()
    s.note_hint()
    second = s.cursor + 1
    s.play(s.legal()[0])
    s.run_auto()
    assert s.hints() == (first, second)
    s.undo()  # back to the second hinted position: that seat saw the hint for it
    assert s.hints() == (first, second) and s.cursor + 1 == second
    s.undo()
    assert s.hints() == (first,)


def test_hints_only_for_a_person_to_move_at_the_end() -> None:
    s = cetkaik_session()
    bots = Session.new("cetkaik", seats=[("", "bot:greedy"), ("", "bot:greedy")], chance=SeededChance(4))
    bots.run_auto(limit=3)
    assert bots.status() == "bot" and bots.view()["can_hint"] is False
    with pytest.raises(IllegalActionError):
        bots.note_hint()
    s.play(s.legal()[0])
    s.run_auto()
    s.goto(1)
    assert s.can_hint() is False
    with pytest.raises(IllegalActionError):
        s.note_hint()


def test_play_by_link_hints_only_for_this_devices_seat() -> None:
    mine = Session.new("cetkaik", seats=[("A", "human"), ("B", "human")], by_link=True)
    assert mine.fair is not None
    while mine.status() == "chance":
        mine.step_auto()
    if mine.state.current_player == mine.fair.my_seat:
        assert mine.can_hint()
    else:
        assert mine.status() == "waiting" and not mine.can_hint()


def test_a_private_games_setup_link_carries_no_mark_and_resumes_the_saved_game() -> None:
    s = dealt("daifugo", 1, 4)
    s.note_hint()
    s.play(s.legal()[0])
    assert s.hints() == (s.cursor,)
    setup = s.public_fragment()
    assert "hints" not in dict(decode_fragment(setup).meta)
    back = open_link(setup, save_json(s))
    assert back.record.actions == s.record.actions and back.hints() == s.hints()


def test_parse_hints_drops_what_is_not_a_ply() -> None:
    assert parse_hints("4,2,2,0,abc,,-3") == (2, 4)


# --- the Cetkaik review -------------------------------------------------------------------------------------

SHORT = ["一位色赤", "ZI片ZOCO", "終季"]  # a one-season game: kut2 tam2, then the season ended at −5
ONE_SEASON = replace(OFFICIAL, seasons=1).encode()


def test_review_marks_ending_a_lost_season_as_a_blunder_with_the_better_choice() -> None:
    r = ask("cetkaik", "review", {"rules": ONE_SEASON, "actions": SHORT})
    assert r["ok"] is True and r["total"] == 3 and r["next"] == 3
    by_ply = {x["ply"]: x for x in r["reviews"]}
    assert sorted(by_ply) == [2, 3]  # the first mover's cast is chance: not a decision
    end = by_ply[3]
    assert end["played"] == "終季" and end["best"] == "再行" and end["best_label"].startswith("ty mok1")
    assert end["played_value"] == 0.0 and end["loss"] >= 0.25 and end["mark"] == "??"


def test_review_in_slices_gives_what_one_call_gives() -> None:
    s = Session.new("cetkaik", ONE_SEASON, seats=[("", "bot:greedy"), ("", "bot:rules")], chance=SeededChance(7))
    s.run_auto(limit=30)
    actions = list(s.record.actions)
    whole = ask("cetkaik", "review", {"rules": ONE_SEASON, "actions": actions, "nodes": 200})["reviews"]
    parts: list[Any] = []
    for start in range(0, len(actions), 7):
        stop = min(len(actions), start + 7)
        got = ask("cetkaik", "review", {"rules": ONE_SEASON, "actions": actions, "start": start, "stop": stop,
                                        "nodes": 200})
        assert got["next"] == stop
        parts += got["reviews"]
    assert parts == whole and len(whole) >= 8
    assert all(x["mark"] == "" or x["loss"] >= 0.03 for x in whole)
    assert all((x["loss"] == 0.0) == (x["best"] == x["played"]) for x in whole)


def test_review_refuses_a_bad_slice() -> None:
    assert review.__name__ == "review"
    bad = ask("cetkaik", "review", {"rules": ONE_SEASON, "actions": SHORT, "start": 2, "stop": 9})
    assert bad["ok"] is False
