"""The Chabashi table's view model: grouped choices, amounts, showdown, payout, and no secrets."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pyengine.app.session import Session
from pyengine.app.tasks import chabashi as tasks
from pyengine.app.views import TableContext
from pyengine.app.views.chabashi import table_view, ui_call
from pyengine.chabashi.cards import CODES
from pyengine.chabashi.game import GAME
from pyengine.chabashi.rules import ChabashiRules
from pyengine.chabashi.state import ChabashiState
from pyengine.core import CHANCE, Pcg32, sample_chance

ROOT = Path(__file__).resolve().parents[2]
SIDE_POT_DEAL = "G1 G3 G6 G7  G2 G4  Y0 Y5 B8  G0 G5 R1  R0 R5 R3  B0 B5 Y6"
SIMPLE_DEAL = "R1 R2 R3 R4  B1 B2  Y1 Y2  Y3 Y4  G1 G2 G3 G4"


def start(n: int, chips: tuple[int, ...] | None = None, rules: str = "1.seed") -> ChabashiState:
    s = GAME.new_initial_state(ChabashiRules.decode(rules), n)
    return replace(s, chips=chips) if chips else s


def line(s: ChabashiState, actions: str) -> list[ChabashiState]:
    states = [s]
    for a in actions.split():
        states.append(states[-1].apply(a))
    return states


def view(states: list[ChabashiState], viewer: int, kinds: tuple[str, ...] | None = None,
         cursor: int | None = None) -> dict[str, Any]:
    n = states[0].num_players
    ctx = TableContext(states, [], len(states) - 1 if cursor is None else cursor, viewer, "en",
                       kinds or ("human",) * n)
    v = table_view(ctx)
    json.dumps(v)  # JSON-ready
    return v  # type: ignore[return-value]


def strings(value: object) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(strings(v) | {str(k)} for k, v in value.items()))
    if isinstance(value, list):
        return set().union(set(), *(strings(v) for v in value))
    return set()


def all_actions(v: dict[str, Any]) -> list[str]:
    acts = v["actions"]
    if acts is None:
        return []
    out = [b["action"] for b in acts["buttons"]]
    for g in acts["picks"]:
        out += [o["action"] for o in g["options"]]
    return out


def test_deal_shows_own_cards_and_backs_for_hidden_ones() -> None:
    states = line(start(3), SIMPLE_DEAL)
    v = view(states, 1)
    assert v["step"] == "draw" and v["mine"] and v["to_act"] == 1
    assert [c["card"] for c in v["dealer_floor"]] == ["R1", "R2", "R3", "R4"]
    assert v["centre"] == [{"card": "B1", "up": True, "key": "c:1"}, {"card": None, "up": False, "key": "c:2"}]
    me, other = v["seats"][1], v["seats"][2]
    # own face-down floor card: a back (unknown even to its owner), keyed so it can be picked
    assert me["floor"] == [{"card": "Y1", "up": True, "key": "f:1"}, {"card": None, "up": False, "key": "f:2"}]
    assert [c["card"] for c in me["hand"]] == ["G1", "G3"] and me["you"]
    assert [c["card"] for c in other["hand"]] == [None, None] and other["floor"][1]["card"] is None
    assert other["floor"][0]["key"] is None and not other["you"]
    assert v["seats"][0]["role"] == "dealer" and me["role"] == "player"
    assert [s["chips"] for s in v["seats"]] == [100, 99, 99] and v["pot"] == 2
    assert [b["action"] for b in v["actions"]["buttons"]] == ["draw:0", "draw:1", "draw:2"]
    assert v["actions"]["picks"] == [] and v["prompt"]["key"] == "chabashi.prompt.draw"
    # the other seat waits, with no actions; a spectator sees no hand at all
    w = view(states, 2)
    assert w["actions"] is None and w["prompt"] == {"key": "chabashi.prompt.wait_draw", "vars": {"seat": 1}}
    spectator = view(states, -1)
    assert all(c["card"] is None for s in spectator["seats"] for c in s["hand"])


def test_step_6_follow_up_groups() -> None:
    states = line(start(3), SIMPLE_DEAL + " draw:2 B3 B4")
    v = view(states, 1)
    assert v["step"] == "follow" and v["prompt"]["key"] == "chabashi.prompt.follow2"
    assert [b["action"] for b in v["actions"]["buttons"]] == ["decline"]
    picks = {g["id"]: g for g in v["actions"]["picks"]}
    assert [o["path"] for o in picks["take"]["options"]] == [["f:1"], ["f:2"], ["f:3"], ["f:4"]]
    assert [o["action"] for o in picks["turn"]["options"]] == ["turn:f2", "turn:f3", "turn:f4"]
    assert picks["turn"]["options"][0]["label"] == "turn floor card 2 face up"
    # after a one-card draw there is nothing to turn
    states = line(states[-1], "decline draw:1 B5")
    v = view(states, 2)
    assert v["prompt"]["key"] == "chabashi.prompt.follow1"
    assert [g["id"] for g in v["actions"]["picks"]] == ["take"]
    assert v["seats"][1]["last"] == {"event": "decline", "value": None}


def test_betting_buttons_carry_amounts() -> None:
    states = line(start(4, chips=(100, 3, 10, 100)), SIDE_POT_DEAL + " draw:0 draw:0 draw:0")
    v = view(states, 1)
    assert v["step"] == "bet1" and v["bet_unit"] == 2
    assert [(b["id"], b["amount"]) for b in v["actions"]["buttons"]] == [("check", 0), ("bet", 2)]
    assert v["prompt"] == {"key": "chabashi.prompt.bet_open", "vars": {"unit": 2}}
    states = line(states[-1], "bet")
    v = view(states, 2)
    assert [(b["id"], b["amount"], b["total"]) for b in v["actions"]["buttons"]] == [
        ("call", 2, 2), ("raise", 4, 4), ("fold", 0, 0)]
    assert v["prompt"] == {"key": "chabashi.prompt.bet_facing", "vars": {"to_call": 2, "unit": 2}}
    assert v["seats"][1]["all_in"] and v["seats"][1]["round_put"] == 2
    states = line(states[-1], "raise call pass pass pass bet raise")
    v = view(states, 2)
    assert v["step"] == "bet2" and v["bet_unit"] == 4
    # 1 chip left facing a raise: call all-in for less, no raise
    assert [(b["id"], b["amount"], b["all_in"]) for b in v["actions"]["buttons"]] == [
        ("call", 1, True), ("fold", 0, False)]
    assert [p["amount"] for p in v["pots"]] == [9, 12, 4] and v["pot"] == 25  # 3 + 9 + 13 put in so far


def test_step_8_choices_only_when_legal() -> None:
    # seat 1 draws two and takes Y1 into the hand: (h, f) = (3, 3); seat 2 ends at (3, 2)
    states = line(start(3), SIMPLE_DEAL + " draw:2 B3 B4 take:f1 draw:1 B5 take:f3 check check")
    v = view(states, 1)
    assert v["step"] == "interact" and v["prompt"]["key"] == "chabashi.prompt.interact"
    picks = {g["id"]: g for g in v["actions"]["picks"]}
    assert set(picks) == {"swap"}  # h + f = 6: no 8-3; h = 3: no 8-2
    swap = picks["swap"]
    assert swap["steps"] == 2 and len(swap["options"]) == 9
    assert {"path": ["h:G1", "f:1"], "action": "swap:G1:f1",
            "label": "8-1: put G1 face down in the centre, take floor card 1 into the hand"} in swap["options"]
    assert [b["action"] for b in v["actions"]["buttons"]] == ["pass"]
    states = line(states[-1], "swap:G1:f1")
    v = view(states, 2)
    picks = {g["id"]: g for g in v["actions"]["picks"]}
    assert set(picks) == {"centre"} and [o["path"] for o in picks["centre"]["options"]] == [["c:1"], ["c:2"], ["c:3"]]
    # the discarded G1 is known to seat 1 only
    assert v["centre"][2]["card"] is None and view(states, 1)["centre"][2]["card"] == "G1"
    # 8-2 appears when h = 2, d >= 2 and f = 4
    states = line(start(2), "B1 B2  Y1 Y2  Y3 Y4  G1 G2 G3 G4 draw:2 R1 R2 turn:f3 draw:2 R3 R4 decline check check")
    picks = {g["id"]: g for g in view(states, 1)["actions"]["picks"]}
    assert set(picks) == {"swap", "late_take", "late_turn"}
    assert [o["action"] for o in picks["late_turn"]["options"]] == ["late:turn:f2", "late:turn:f4"]


def test_showdown_reveals_names_pairs_pots_and_payout() -> None:
    states = line(start(4, chips=(100, 3, 10, 100)),
                  SIDE_POT_DEAL + " draw:0 draw:0 draw:0 bet raise call pass pass pass bet raise call")
    v = view(states, 0)
    assert v["step"] == "result"
    r = v["result"]
    assert r["showdown"] and r["current"]
    assert [(h["seat"], h["ko"], h["roman"]) for h in r["hands"]] == [
        (1, "공패군", "gong-pae-gun"), (2, "진혼곡", "jin-hon-gok"), (3, "최고패", "choe-go-pae")]
    assert r["hands"][0]["hand"] == ["R0", "B0"] and sorted(r["hands"][0]["pair"]) == ["G0", "Y0"]
    assert all(c["card"] for h in r["hands"] for c in h["floor"])  # floors revealed at the showdown
    assert [(p["amount"], p["outcome"], p["winner"]) for p in r["pots"]] == [
        (9, "won", 1), (14, "won", 2), (3, "returned", 3)]
    assert r["delta"] == [0, 6, 4, -10] and r["chips"] == [100, 9, 14, 90]
    assert r["dealer_hand"]["ko"] and len(r["dealer_hand"]["pair"]) == 2


def test_result_stays_during_the_next_deal_and_fold_wins() -> None:
    states = line(start(3), SIMPLE_DEAL + " draw:0 draw:0 bet fold")
    v = view(states, 2)
    r = v["result"]
    assert not r["showdown"] and r["winner"] == 1 and r["hands"] == [] and r["delta"] == [0, 1, -1]
    # the folded hand stays hidden; the next hand's deal keeps the last result for the table
    assert all(c["card"] is None for c in view(states, 2)["seats"][1]["hand"])
    states += line(states[-1], "G8")[1:]
    v = view(states, 2)
    assert v["step"] == "deal" and v["result"]["winner"] == 1 and not v["result"]["current"]


def test_random_sessions_reveal_no_secret_and_offer_every_legal_action() -> None:
    rng = Pcg32(11)
    for n, rules in ((2, "1.seed~hand_limit=2"), (3, "1.balanced~hand_limit=2"), (5, "1.seed~hand_limit=1")):
        s = GAME.new_initial_state(ChabashiRules.decode(rules), n)
        states = [s]
        while not s.is_terminal():
            s = s.apply(sample_chance(s, rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
            states.append(s)
        for cursor in range(0, len(states), 3):
            st = states[cursor]
            for viewer in range(-1, n):
                v = view(states, viewer, cursor=cursor)
                result = v.pop("result")
                leaked = strings(v) & st.hidden_tokens(viewer)
                assert not leaked, (cursor, viewer, leaked)
                if result is not None:
                    end = next(states[i] for i in range(cursor, -1, -1) if states[i].result)
                    assert not strings(result) & end.hidden_tokens(viewer)
                if st.current_player == viewer:
                    acts = all_actions(v)
                    assert sorted(acts) == sorted(st.legal_actions())
                else:
                    assert v["actions"] is None


def test_bot_seat_gets_no_actions() -> None:
    states = line(start(3), SIMPLE_DEAL)
    v = view(states, 1, kinds=("human", "bot:random", "human"))
    assert v["actions"] is None and not v["mine"]


def test_every_key_used_is_translated_in_every_language() -> None:
    files = {lang: json.loads((ROOT / f"web/i18n/chabashi.{lang}.json").read_text("utf-8")) for lang in ("en", "ko", "ja")}
    assert files["en"].keys() == files["ko"].keys() == files["ja"].keys()
    # (the rule sets' names are the set-up form's words, named as every game's: preset.<game>.<id>)
    assert all(k.startswith(("chabashi.", "preset.chabashi.")) for k in files["en"])
    rng = Pcg32(5)
    keys: set[str] = set()
    s = GAME.new_initial_state(ChabashiRules.decode("1.seed~hand_limit=2~wiki_2025_05_21_hands=1"), 3)
    states = [s]
    while not s.is_terminal():
        s = s.apply(sample_chance(s, rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
        states.append(s)
        for viewer in (-1, max(s.current_player, -1)):  # the last state's player is TERMINAL (-2)
            v = view(states, viewer)
            keys.add(v["prompt"]["key"])
            keys |= {g["label_key"] for g in (v["actions"] or {"picks": []})["picks"]}
            keys |= {f"chabashi.hand.{h['id']}" for h in v["hand_order"]}
            keys |= {f"chabashi.log.{e['event']}" for e in v["events"]}
            keys |= {f"chabashi.step.{v['step']}"}
    keys |= {f"chabashi.hint.why.{kind}" for kind in tasks.REASONS}  # a hint's reasons
    missing = keys - files["en"].keys()
    assert not missing, sorted(missing)


def test_odds_task_and_ui_call() -> None:
    session = Session.new("chabashi", "1.seed", [("", "human"), ("", "bot:random"), ("", "bot:random")], seed=4)
    session.run_auto()
    out = ui_call(session, "odds", {"samples": 200})
    assert out["available"] and abs(sum(c["p"] for c in out["categories"]) - 1) < 1e-9
    assert 0 <= out["win"] <= 1 and out["beats_dealer"] is not None
    obs = session.state.observation(session.viewer())
    again = tasks.odds({"observation": obs, "rules": "1.seed", "samples": 200, "seed": session.cursor})
    assert again == out
    assert tasks.odds({"observation": session.states[0].observation(0), "rules": "1.seed"}) == {"available": False}
    with pytest.raises(ValueError, match="samples"):
        tasks.odds({"observation": obs, "samples": 10**9})
    with pytest.raises(ValueError, match="observation"):
        tasks.odds({})
    with pytest.raises(ValueError, match="unknown"):
        ui_call(session, "nope", {})
    # the session's view carries the table
    assert session.view()["table"]["viewer"] == 0
    assert set(CODES) >= {c["card"] for c in session.view()["table"]["seats"][0]["hand"]}


# --- issue 17: help, replay, standings, the dealer's press, odds with a folded seat ---------------

def finished(n: int, rules: str, seed: int) -> Session:
    s = Session.new("chabashi", rules, [("", "human")] + [("", "bot:random")] * (n - 1), seed)
    while s.status() != "over":
        s.run_auto()
        if s.status() != "over":
            s.play(s.legal()[0])
    return s


def test_replaying_a_finished_session_shows_every_card_and_only_then() -> None:
    s = finished(3, "1.seed~hand_limit=1", 3)
    end = len(s.record.actions)
    assert s.view()["table"]["revealed"] is None
    kinds = ("human", "bot:random", "bot:random")
    for cursor in range(1, end, 5):
        state = s.states[cursor]
        v = table_view(TableContext(s.states, s.record.actions, cursor, 0, "en", kinds))
        r = v["revealed"]
        shown = {c["card"] for c in r["centre"]} | {c for x in r["seats"] for c in x["hand"]} | {
            c["card"] for x in r["seats"] for c in x["floor"]}
        assert None not in shown
        dealt = {c for c in CODES if c not in {CODES[k] for k in state.stock}} - {CODES[k] for k in state.dfloor}
        assert shown == dealt
        # a face-down card keeps its mark
        assert [c["up"] for c in r["centre"]] == [up for _, up, _ in state.centre]
    # in progress nothing is revealed at any position
    live = Session.new("chabashi", "1.seed", [("", "human")] + [("", "bot:random")] * 2, 3)
    live.run_auto()
    for cursor in range(len(live.record.actions)):
        assert table_view(TableContext(live.states, live.record.actions, cursor, 0, "en", kinds))["revealed"] is None


def test_final_standings_mark_ties() -> None:
    from pyengine.app.views.chabashi import _standings

    assert _standings([100, 80, 100]) == [{"seat": 0, "chips": 100, "place": 1}, {"seat": 2, "chips": 100, "place": 1},
                                          {"seat": 1, "chips": 80, "place": 3}]
    s = finished(3, "1.seed~hand_limit=1", 5)
    v = s.view()["table"]
    assert [x["chips"] for x in v["standings"]] == sorted(s.state.chips, reverse=True)
    assert s.view()["table"]["standings"] is not None
    assert Session.new("chabashi", "1.seed", None, 1).view()["table"]["standings"] is None


def test_the_end_of_a_session_says_who_finished_first() -> None:
    """The step line says the session is over; the prompt under it no longer says it again but names
    who finished first and with how many chips, or how many share first place."""
    from pyengine.app.views.chabashi import _prompt

    s = finished(3, "1.seed~hand_limit=1", 5)
    prompt = s.view()["table"]["prompt"]
    top = max(s.state.chips)
    assert s.state.chips.count(top) == 1
    assert prompt == {"key": "chabashi.prompt.over", "vars": {"seat": s.state.chips.index(top), "chips": top}}
    kinds = ("human", "bot:random", "bot:random")
    shared = _prompt({"phase": "over", "to_act": -1, "chips": [100, 80, 100]}, 0, False, kinds)
    assert shared == {"key": "chabashi.prompt.over_shared", "vars": {"n": 2, "chips": 100}}
    words = {lang: json.loads((ROOT / "web" / "i18n" / f"chabashi.{lang}.json").read_text("utf-8")) for lang in ("en", "ko", "ja")}
    for lang, table in words.items():
        assert "{seat}" in table["chabashi.prompt.over"] and "{chips}" in table["chabashi.prompt.over"], lang
        assert "{n}" in table["chabashi.prompt.over_shared"], lang
        assert table["chabashi.prompt.over"] != table["chabashi.step.over"].rstrip(".") + ".", lang


def test_a_hand_the_person_deals_starts_with_their_press() -> None:
    people = Session.new("chabashi", "1.seed", [("", "human")] + [("", "bot:random")] * 3, 1)
    assert people.view()["table"]["deals_next"] is True  # seat 0 deals hand 1 and never acts in it
    people.run_auto()
    assert people.view()["table"]["deals_next"] is False
    # seat 1 deals hand 1: the person acts in it, nothing to press
    second = Session.new("chabashi", "1.seed", [("", "bot:random"), ("", "human"), ("", "bot:random")], 1)
    assert second.view()["table"]["deals_next"] is False
    # the two-player game has no dealer hand: whoever deals also plays
    assert Session.new("chabashi", "1.seed", [("", "human"), ("", "bot:random")], 1).view()["table"]["deals_next"] is False


@pytest.mark.slow
def test_the_help_ranking_has_the_spec_frequencies_and_an_example_of_every_hand() -> None:
    from pyengine.chabashi.hands import Evaluator, evaluator

    seed = tasks.ranking({"rules": "1.seed"})
    counts = {h["ko"]: h["count"] for h in seed["hands"]}
    # §10 of the specification (golden figures from outside the code)
    assert seed["total"] == 353430
    assert counts["공패군"] == 6 and counts["야색군주"] == 85746 and counts["선지행진"] == 0 and counts["끗"] == 94544
    balanced = tasks.ranking({"rules": "1.balanced~wiki_2025_05_21_hands=1"})
    counts = {h["ko"]: h["count"] for h in balanced["hands"]}
    assert counts["선지행진"] == 1404 and counts["선"] == 11533 and counts["야색군주"] == 67110
    assert [h["id"] for h in seed["hands"]] == list(evaluator().order)
    for data, ev in ((seed, evaluator()), (balanced, None)):
        for h in data["hands"]:
            ex = h["example"]
            assert len(ex["hand"]) == 2 and len(ex["floor"]) == 2
            if h["count"] and ev is not None:  # the example scores as that hand (the floor pair it shows)
                from pyengine.chabashi.cards import cards
                assert ev.evaluate(cards(" ".join(ex["hand"])), cards(" ".join(ex["floor"]))).category == h["id"]
    # the hand seed can never score still gets a picture that meets its definition
    ex = {h["id"]: h["example"] for h in seed["hands"]}["seonjihaengjin"]
    first = Evaluator(("seonjihaengjin",) + tuple(c for c in evaluator().order if c != "seonjihaengjin"))
    from pyengine.chabashi.cards import cards
    assert first.evaluate(cards(" ".join(ex["hand"])), cards(" ".join(ex["floor"]))).category == "seonjihaengjin"
    assert ui_call(None, "ranking", {"rules": "1.seed"})["hands"] == seed["hands"]
