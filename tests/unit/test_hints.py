"""Hints and the Cetkaik review (issue 21, item 3): the Worker tasks, what they may see, and the
mark a hint leaves in the record (saves, links, undo)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from pyengine.ai.bot import BotView
from pyengine.ai.cetkaik.bots import MasterBot
from pyengine.ai.chabashi.bots import StrongBot as ChabashiStrong
from pyengine.ai.daifugo.bots import StrongBot as DaifugoStrong
from pyengine.app.links import open_link
from pyengine.app.saves import from_save, save_json
from pyengine.app.session import Session, parse_hints
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


def test_daifugo_hint_is_the_strong_levels_play_with_its_expected_place() -> None:
    s = dealt("daifugo", 1, 4)
    args = hint_args(s.state, s.record.rules)
    h = ask("daifugo", "hint", args)
    view = BotView("daifugo", s.record.rules, args["seat"], args["observation"], tuple(args["legal"]), 0.8)
    assert h["action"] == DaifugoStrong(Pcg32(view_seed(view))).act(view)
    assert h["action"] in s.legal() and h["method"] == "playouts" and h["players"] == 4
    assert 1.0 <= h["place"] <= 4.0
    assert h["ranked"][0]["action"] == h["action"] and len(h["ranked"]) == 3
    assert ask("daifugo", "hint", args) == h


def test_daifugo_hint_with_one_legal_action_says_so() -> None:
    from pyengine.daifugo.state import DaifugoState

    state = DaifugoState.custom("basic", ["C9", "S5.H5.D6", "D4"], 0).apply("C9")
    assert state.legal_actions() == ("pass",)
    h = ask("daifugo", "hint", hint_args(state, state.rules.encode()))
    assert (h["action"], h["method"], h["place"]) == ("pass", "only", None)


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
