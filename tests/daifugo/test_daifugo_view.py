"""The Daifugō table's view model (pyengine/app/views/daifugo.py), tested without a browser."""

from __future__ import annotations

import json
import re
from typing import Any

from pyengine.app.session import Session
from pyengine.app.views import TableContext, page_strings
from pyengine.app.views.daifugo import table_view, ui_call
from pyengine.app.views.daifugo_rules_panel import rules_panel, rules_set
from pyengine.daifugo import DaifugoState

HUMAN_BOTS = ("human", "bot:random", "bot:random", "bot:random")


def view_of(state: DaifugoState, viewer: int = 0, kinds: tuple[str, ...] | None = None) -> dict[str, Any]:
    kinds = kinds or ("human",) + ("bot:random",) * (state.num_players - 1)
    return table_view(TableContext([state], [], 0, viewer, "en", kinds))


def ids_in(obj: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("id", "ids") and isinstance(v, str):
                out.add(v)
            elif k == "ids" and isinstance(v, list):
                out.update(v)
            else:
                out |= ids_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= ids_in(v)
    return out


def test_choices_are_exactly_the_legal_actions_as_card_sets() -> None:
    s = DaifugoState.custom("popular", ["S3.H3.D5.H9.JK", "D4.C4", "C6"])
    v = view_of(s)
    assert v["mode"] == "play" and v["me"] == 0
    legal = set(s.legal_actions())
    assert {c["action"] for c in v["choices"]} | ({"pass"} if v["can_pass"] else set()) == legal
    hand_ids = [c["id"] for c in v["hand"]]
    for c in v["choices"]:
        assert c["sig"] == ".".join(sorted(c["ids"]))
        for i in c["ids"]:
            assert c["ids"].count(i) <= hand_ids.count(i)
    assert next(c for c in v["choices"] if c["action"] == "S3.H3")["sig"] == "H3.S3"
    assert next(c for c in v["choices"] if c["action"] == "JK")["ids"] == ["JK"]


def test_joker_stand_ins_are_separate_choices_with_the_same_cards() -> None:
    s = DaifugoState.custom("basic", ["H5.H6.JK.C9", "D4", "C6"])
    v = view_of(s)
    seq = [c for c in v["choices"] if c["sig"] == "H5.H6.JK"]
    assert {c["standin"] for c in seq} == {"♥4", "♥7"}
    assert {c["action"] for c in seq} == {"JK=H4.H5.H6", "H5.H6.JK=H7"}
    assert all("Joker" in c["label"] for c in seq)


def test_two_jokers_get_distinct_keys() -> None:
    s = DaifugoState.custom("jdf", ["S3.JK.JK", "D4", "C6", "C7"])
    v = view_of(s)
    assert [c["key"] for c in v["hand"]] == ["S3", "JK", "JK#2"]
    assert v["hand_strength"][-2:] == ["JK", "JK#2"]
    pair = [c for c in v["choices"] if c["action"] == "JK.JK"]
    assert pair and pair[0]["ids"] == ["JK", "JK"]


def test_hand_sorted_by_strength_follows_a_revolution_and_by_suit() -> None:
    hand = "S3.C2.H7.DA.JK"
    normal = view_of(DaifugoState.custom("basic", [hand, "D4", "C6"]))
    assert normal["hand_strength"] == ["S3", "H7", "DA", "C2", "JK"]
    assert normal["hand_suit"] == ["S3", "H7", "DA", "C2", "JK"]
    rev = view_of(DaifugoState.custom("basic", [hand, "D4", "C6"], revolution=True))
    assert rev["hand_strength"] == ["C2", "DA", "H7", "S3", "JK"]
    assert rev["strip"]["revolution"] is True and rev["strip"]["inverted"] is True
    mixed = view_of(DaifugoState.custom("basic", ["C3.S9.H4.S4", "D4", "C6"]))
    assert mixed["hand_suit"] == ["S4", "S9", "H4", "C3"]


def test_eight_cut_revolution_and_lock_show_in_the_strip() -> None:
    s = DaifugoState.custom("popular", ["S8.H5.C9", "D4.H6", "C6.D7.DK"], turn=0)
    s = s.apply("S8")
    v = view_of(s)
    assert [e["kind"] for e in v["strip"]["effects"]] == ["eight_cut"]
    assert v["field"] is None and v["trick"] == []
    assert v["seats"][0]["active"] and v["mode"] == "play"  # the cutter leads again
    r = DaifugoState.custom("popular", ["S5.H5.D5.C5.H9", "D4", "C6"], turn=0).apply("S5.H5.D5.C5")
    rv = view_of(r, viewer=1)
    assert "revolution" in [e["kind"] for e in rv["strip"]["effects"]]
    assert rv["strip"]["revolution"] is True
    lk = DaifugoState.custom("popular", ["H5.C9", "H6.D4", "C6.S7"], turn=0).apply("H5").apply("H6")
    lv = view_of(lk, viewer=2)
    assert lv["strip"]["lock"] == ["♥"]
    assert [e["kind"] for e in lv["strip"]["effects"]] == ["lock"]
    assert [t["cards"][0]["id"] for t in lv["trick"]] == ["H5", "H6"]
    assert lv["field"] == {"seat": 1, "cards": [{"id": "H6", "note": ""}]}


def test_passed_marks_and_active_seat() -> None:
    s = DaifugoState.custom("basic", ["S5.C9", "D4.H6", "C6.S7"], turn=0).apply("S5").apply("pass")
    v = view_of(s, viewer=2)
    by_seat = {x["seat"]: x for x in v["seats"]}
    assert by_seat[1]["passed"] and not by_seat[0]["passed"]
    assert by_seat[2]["active"] and by_seat[2]["me"] and v["seats"][0]["seat"] == 2  # viewer first
    assert by_seat[0]["owner"] and by_seat[0]["count"] == 1
    assert v["trick"][-1] == {"key": v["trick"][-1]["key"], "seat": 1, "kind": "pass", "cards": []}


def test_nothing_hidden_is_revealed_through_a_whole_match() -> None:
    session = Session.new("daifugo", "1.popular~match.games=2", [("", k) for k in HUMAN_BOTS], 4)
    checked = 0
    modes = set()
    while True:
        session.run_auto()
        state = session.state
        for viewer in (0, 2, -1):
            v = table_view(TableContext(session.states, session.record.actions, session.cursor, viewer, "en", HUMAN_BOTS))
            json.dumps(v)
            hidden = state.hidden_tokens(viewer)
            assert not (ids_in(v) & hidden), (viewer, ids_in(v) & hidden)
            if viewer == 0:
                modes.add(v["mode"])
            if viewer == -1:
                assert v["hand"] == [] and v["mode"] in ("wait", "over")
            checked += 1
        if session.status() == "over":
            break
        v = session.view()["table"]
        session.play(v["choices"][0]["action"] if v["choices"] else session.legal()[0])
    assert checked > 50
    assert "play" in modes and "over" in modes


def test_exchange_results_and_scoreboard() -> None:
    session = Session.new("daifugo", "1.popular~match.games=2", [("", k) for k in HUMAN_BOTS], 4)
    saw_exchange = False
    while session.status() != "over":
        session.run_auto()
        if session.status() == "over":
            break
        v = session.view()["table"]
        if v["game_no"] == 2 and v["exchange"]:
            saw_exchange = True
            assert v["results"] and len(v["results"]) == 1
            assert all(s["title"] is not None for s in v["seats"])
        if v["mode"] == "select":
            assert v["select"]["kind"] in ("return", "tribute")
            assert v["select"]["min"] == v["select"]["max"] == len(v["choices"][0]["ids"]) > 0
        session.play(v["choices"][0]["action"] if v["choices"] else session.legal()[0])
    v = session.view()["table"]
    assert saw_exchange
    assert v["mode"] == "over" and len(v["results"]) == 2
    totals = [sum(r["points"][p] for r in v["results"]) for p in range(4)]
    assert totals == v["scores"]
    assert sorted(v["results"][0]["points"]) == [1, 2, 3, 4]
    for r in v["results"]:
        assert sorted(r["placing"]) == [0, 1, 2, 3]


def test_received_cards_are_shown_only_to_the_two_players() -> None:
    # find game 2's exchange and look at it from each seat
    session = Session.new("daifugo", "1.popular~match.games=2", [("", "bot:random")] * 4, 11)
    session.run_auto()
    assert session.status() == "over"
    for cursor in range(len(session.record.actions), 0, -1):
        state = session.states[cursor]
        obs = state.observation(-1)
        if obs["game"] == 2 and obs["phase"] == "play":
            break
    kinds = ("bot:random",) * 4
    views = [table_view(TableContext(session.states, session.record.actions, cursor, p, "en", kinds)) for p in range(4)]
    public = table_view(TableContext(session.states, session.record.actions, cursor, -1, "en", kinds))
    assert public["exchange"] and all("count" in x and "cards" not in x for x in public["exchange"])
    for p, v in enumerate(views):
        for x in v["exchange"]:
            assert ("cards" in x) == (p in (x["seat"], x["to"]))


def test_follow_up_prompts() -> None:
    seven = DaifugoState.custom("party", ["S7.H9.C3", "D4.H6", "C6.S8"], turn=0).apply("S7")
    v = view_of(seven)
    assert v["mode"] == "select" and v["select"]["kind"] == "seven_pass"
    assert v["select"]["min"] == 0 and v["select"]["max"] == 1 and v["select"]["none"] == "give:-"
    assert v["select"]["to"] == 1
    bomb = DaifugoState.custom("party", ["SQ.H9.C3", "D4.H6", "C6.S8"], turn=0).apply("SQ")
    b = view_of(bomb)
    assert b["mode"] == "bomb" and b["bomb"]["max"] == 1
    assert [r["text"] for r in b["bomb"]["ranks"]][7] == "10"


def test_rules_panel_explains_and_never_fixes() -> None:
    p = rules_panel("1.popular", 4)
    paths = [o["path"] for g in p["groups"] for o in g["options"]]
    assert len(paths) == len(set(paths)) > 50
    rev = next(o for g in p["groups"] for o in g["options"] if o["path"] == "order.revolution")
    assert rev["kind"] == "enum" and rev["value"] == "immediate" and "after_clear" in rev["choices"]
    r = rules_set("1.popular", {"clears.eight_cut": False}, 4)
    assert r["error"] and "eight_cut" in r["error"]  # 8-cut joker and the 'eight' forbidden finish need it
    assert "clears.eight_cut=0" in r["rules"]
    again = rules_panel(r["rules"], 4)
    assert again["error"] == r["error"]
    fixed = rules_set(r["rules"], {"clears.eight_cut_joker": False, "finishing.forbidden_finish": ["joker", "top_rank"]}, 4)
    assert fixed["error"] is None
    assert rules_set("1.jdf", {}, 5)["error"] == "match.scoring 'jdf' (6/4/2/0) is for 4 players, not 5"
    assert ui_call(None, "rules_set", {"rules": "1.basic", "changes": {"match.games": "3"}, "players": 4}, "en")[
        "rules"] == "2.basic~match.games=3"


def test_q_bomber_offers_every_legal_rank_set_with_its_action() -> None:
    bomb = DaifugoState.custom("party", ["SQ.HQ.H9.C3", "D4.H6", "C6.S8"], turn=0).apply("SQ.HQ")
    b = view_of(bomb)["bomb"]
    assert b["max"] == 2
    options = b["options"]
    assert [o["action"] for o in options] == list(bomb.legal_actions())
    by_ranks = {tuple(sorted(o["ranks"])): o["action"] for o in options}
    assert by_ranks[()] == "bomb:-"
    assert by_ranks[("5", "T")] == "bomb:5.T"
    assert by_ranks[("2", "3")] == "bomb:3.2"
    assert len(by_ranks) == len(options) == 1 + 13 + 78  # no rank, one of 13, two of 13
    assert all(o["label"] for o in options)
    assert [r["id"] for r in b["ranks"]] == list("3456789TJQKA2")


def test_pass_is_offered_as_an_action_string_only_when_legal() -> None:
    lead = view_of(DaifugoState.custom("basic", ["S3.H3.D5", "D4", "C6"]))
    assert lead["pass_action"] is None and lead["can_pass"] is False
    follow = DaifugoState.custom("basic", ["S3.H3.D5", "D4.C9", "C6"]).apply("D5")
    v = view_of(follow, viewer=1, kinds=("bot:random", "human", "bot:random"))
    assert v["mode"] == "play" and v["pass_action"] == "pass" and "pass" in follow.legal_actions()


def test_results_carry_each_seats_class_new_sets_and_standings() -> None:
    session = Session.new("daifugo", "1.popular~match.games=3~match.set_games=2", [("", "bot:random")] * 4, 3)
    session.run_auto()
    v = session.view()["table"]
    assert len(v["results"]) == 3
    for r in v["results"]:
        assert [r["classes"][p] for p in r["placing"]] == ["tycoon", "rich", "poor", "beggar"]
    assert [r["new_set"] for r in v["results"]] == [False, False, True]
    scores = v["scores"]
    assert sorted(v["standings"]) == [0, 1, 2, 3]
    assert [scores[p] for p in v["standings"]] == sorted(scores, reverse=True)
    three = Session.new("daifugo", "1.popular~match.games=1~finishing.miyako_ochi=off", [("", "bot:random")] * 3, 5)
    three.run_auto()
    r = three.view()["table"]["results"][0]
    assert [r["classes"][p] for p in r["placing"]] == ["tycoon", "commoner", "beggar"]


def test_game_points_follow_the_jdf_table_and_its_set_bonus() -> None:
    session = Session.new("daifugo", "1.jdf~match.games=5", [("", "bot:random")] * 4, 3)
    session.run_auto()
    v = session.view()["table"]
    assert [r["new_set"] for r in v["results"]] == [False, False, False, False, True]
    for r in v["results"]:
        by_place = [r["points"][p] for p in r["placing"]]
        assert by_place == ([8, 4, 2, 0] if r["game"] == 4 else [6, 4, 2, 0])  # +2: the set's last game
    assert [sum(r["points"][p] for r in v["results"]) for p in range(4)] == v["scores"]
    # replaying: only the games finished before the position on screen
    middle = next(i for i, s in enumerate(session.states) if len(s.observation(-1)["results"]) == 2)
    kinds = ("bot:random",) * 4
    back = table_view(TableContext(session.states, session.record.actions, middle, -1, "en", kinds))
    assert [r["points"] for r in back["results"]] == [r["points"] for r in v["results"][:2]]


# --- issue 17: the rules panel, the help's data, replays, ties ------------------------------------

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
LANGS = ("en", "ko", "ja")


def i18n(lang: str) -> dict[str, str]:
    """The table's strings as the build writes them: the page's file plus the engine's option words."""
    return {**json.loads((ROOT / f"web/i18n/daifugo.{lang}.json").read_text("utf-8")), **page_strings("daifugo", lang)}


def test_every_conflict_is_listed_at_once_with_fixes_that_keep_the_players_change() -> None:
    # turning 8-cut off under popular: two other rules need it; both are listed at once
    p = rules_panel("1.popular~clears.eight_cut=0", 4, "clears.eight_cut")
    named = [[o["path"] for o in c["options"]] for c in p["conflicts"]]
    assert named == [["clears.eight_cut_joker", "clears.eight_cut"], ["finishing.forbidden_finish", "clears.eight_cut"]]
    assert [o["value"] for c in p["conflicts"] for o in c["options"]] == [True, False, ["joker", "top_rank", "eight"], False]
    # the best fix of each keeps 8-cut off (what the player asked for); turning it back on is offered too
    assert [c["fixes"][0] for c in p["conflicts"]] == [
        {"set": {"clears.eight_cut_joker": False}}, {"set": {"finishing.forbidden_finish": ["joker", "top_rank"]}}]
    assert all({"set": {"clears.eight_cut": True}} in c["fixes"] for c in p["conflicts"])
    # one click each: after both fixes nothing is left, and 8-cut is still off
    r = rules_set(p["rules"], {"clears.eight_cut_joker": False}, 4)
    assert [c["options"][0]["path"] for c in r["conflicts"]] == ["finishing.forbidden_finish"]
    done = rules_set(r["rules"], r["conflicts"][0]["fixes"][0]["set"], 4)
    assert done["conflicts"] == [] and "clears.eight_cut=0" in done["rules"]


def test_a_conflict_about_the_number_of_players_is_fixed_by_the_players_or_a_preset() -> None:
    jdf = rules_panel("1.jdf", 5)["conflicts"]
    assert len(jdf) == 1 and jdf[0]["players"] == 5 and jdf[0]["fixes"][0] == {"players": 4}
    two = rules_panel("1.popular", 2)["conflicts"]
    assert two[0]["players"] == 2 and {"preset": "two_player"} in two[0]["fixes"]
    assert rules_panel("1.jdf", 4)["conflicts"] == []
    # a preset's usual number of players, from the engine's player counts
    usual = rules_panel("1.popular", 4)["usual_players"]
    assert usual == {"popular": 4, "basic": 4, "jdf": 4, "uecda": 5, "party": 4, "two_player": 2}


def test_a_one_game_match_is_allowed_and_plays_to_the_end() -> None:
    # popular keeps miyako-ochi on: in a one-game match there are no classes, so it simply never applies
    assert rules_panel("1.popular~match.games=1", 4)["conflicts"] == []
    session = Session.new("daifugo", "1.popular~match.games=1", [("", "bot:random")] * 4, 2)
    session.run_auto()
    assert session.status() == "over" and len(session.view()["table"]["results"]) == 1


def test_every_option_is_named_explained_and_exemplified_in_every_language() -> None:
    p = rules_panel("1.popular", 4)
    paths = [o["path"] for g in p["groups"] for o in g["options"]]
    for lang in LANGS:
        strings = i18n(lang)
        missing = [k for path in paths for k in (f"daifugo.opt.{path}.name", f"daifugo.opt.{path}",
                                                   f"daifugo.opt.{path}.example") if not strings.get(k)]
        missing += [f"daifugo.val.{c}" for g in p["groups"] for o in g["options"] for c in o.get("choices", [])
                    if not strings.get(f"daifugo.val.{c}") and not strings.get(f"daifugo.opt.{o['path']}.val.{c}")]
        missing += [f"daifugo.val.{v}" for v in ("on", "off", "none") if not strings.get(f"daifugo.val.{v}")]
        missing += [f"daifugo.group.{g['id']}" for g in p["groups"] if not strings.get(f"daifugo.group.{g['id']}")]
        missing += [f"daifugo.preset_about.{name}" for name in p["players"] if not strings.get(f"daifugo.preset_about.{name}")]
        assert not missing, (lang, missing)
    assert i18n("en").keys() == i18n("ko").keys() == i18n("ja").keys()


def test_replaying_a_finished_match_shows_every_hand_and_only_then() -> None:
    session = Session.new("daifugo", "1.popular~match.games=1", [("", "human")] + [("", "bot:random")] * 3, 5)
    while session.status() != "over":
        session.run_auto()
        if session.status() == "over":
            break
        live = session.view()["table"]
        assert live["revealed"] is None  # in progress: never
        session.play(live["choices"][0]["action"] if live["choices"] else session.legal()[0])
    end = len(session.record.actions)
    assert session.view()["table"]["revealed"] is None  # the final position shows what it shows
    kinds = HUMAN_BOTS
    first_play = next(i for i, s in enumerate(session.states) if s.observation(-1)["phase"] == "play")
    for cursor in (first_play, first_play + 7, end - 1):
        v = table_view(TableContext(session.states, session.record.actions, cursor, 0, "en", kinds))
        state = session.states[cursor]
        assert [sorted(c["id"] for c in s["cards"]) for s in v["revealed"]] == [
            sorted(state.observation(p)["hand"]) for p in range(4)]
        assert [len(s["cards"]) for s in v["revealed"]] == state.observation(-1)["counts"]
    # the deal: cards arrive one by one before the first play
    dealing = table_view(TableContext(session.states, session.record.actions, 5, 0, "en", kinds))
    assert sum(len(s["cards"]) for s in dealing["revealed"]) == 5 - 1  # the dealer draw, then four cards


def test_final_standings_mark_ties() -> None:
    from pyengine.app.views.daifugo import _ranks

    assert _ranks([5, 7, 5, 2]) == [2, 1, 2, 4]
    assert _ranks([3, 3, 3]) == [1, 1, 1]
    for seed in range(1, 200):
        session = Session.new("daifugo", "1.popular~match.games=2", [("", "bot:random")] * 4, seed)
        session.run_auto()
        v = session.view()["table"]
        scores = v["scores"]
        if len(set(scores)) < 4:
            break
    else:  # pragma: no cover - the seeds above include ties
        raise AssertionError("no tied match")
    for p in range(4):
        assert v["ranks"][p] == 1 + sum(1 for q in scores if q > scores[p])
    tied = [p for p in range(4) if scores.count(scores[p]) > 1]
    assert tied and len({v["ranks"][p] for p in tied}) < len(tied)


def hint_sentence(lang: str, key: str, move: str) -> str:
    """The hint line as the table words it (web/tables/daifugo.js, renderHint)."""
    text = i18n(lang)[f"daifugo.hint.{key}"]
    return text.replace("{move}", move).replace("{place}", "1.5").replace("{players}", "4")


def test_a_hint_names_the_suggested_move_in_its_own_words_and_adds_no_verb() -> None:
    """The hint quotes the action's own label, which carries its verb ("Play ♣2", "Pass", "♣2 내기",
    "♣2を出す"): a template that put a verb of its own before it read "The strong level would play
    Play ♣2." and "… would play Pass." (issue 30)."""
    s = DaifugoState.custom("popular", ["C2.S5.H5.JK", "D4", "C6"])
    en = {"pass": "The master level suggests: Pass.",
          "C2": "The master level suggests: Play ♣2 (expected place 1.5 of 4)."}
    assert hint_sentence("en", "plain", s.describe("pass", "en")) == en["pass"]
    assert hint_sentence("en", "reason", s.describe("C2", "en")) == en["C2"]
    verbs = {"en": ("play", "pass"), "ko": ("내기", "패스"), "ja": ("出す", "パス")}
    for lang in LANGS:
        for action in ("pass", "C2", "S5.H5", "JK"):
            label = s.describe(action, lang)
            for key in ("reason", "exact", "plain"):
                line = hint_sentence(lang, key, label)
                assert line.count(label) == 1, line
                rest = line.replace(label, "|").lower()
                # the words before the label govern nothing: no verb of the labels, no word twice in a row
                before = rest.split("|")[0]
                assert not any(v in before for v in verbs[lang]), line
                assert not re.search(r"\b([^\W\d_]+)\W+\1\b", line.lower()), line
