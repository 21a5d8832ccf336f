"""The Cetkaik table's view model (pyengine.app.views.cetkaik): what the page draws and offers."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from cetkaik_support import vectors
from web_modules import WEB

from pyengine.app.session import Session
from pyengine.app.views import TableContext
from pyengine.app.views.cetkaik import group_moves, import_record, table_view, ui_call
from pyengine.cetkaik.board import INITIAL_BOARD, SQUARE_INDEX, TAM2, piece_code
from pyengine.cetkaik.rules import CERKE_ONLINE, OFFICIAL, CetkaikRules
from pyengine.cetkaik.state import MOVE, CetkaikState
from pyengine.core.errors import EngineError

SQ = SQUARE_INDEX
A, IA = 0, 1
RED, BLACK = 0, 1
PAWN, OFFICER, GENERAL, KING, VESSEL = 1, 6, 8, 9, 0


def ctx_of(states: list[Any], actions: list[str], viewer: int = 0, cursor: int | None = None,
           kinds: tuple[str, ...] = ("human", "human"), lang: str = "en") -> TableContext:
    return TableContext(states, actions, len(actions) if cursor is None else cursor, viewer, lang, kinds)


def play_line(rules: Any, actions: list[str]) -> list[CetkaikState]:
    states = [CetkaikState(rules)]
    for a in actions:
        states.append(states[-1].apply(a))
    return states


def leaves(moves: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for entry in moves["pieces"].values():
        out |= set(entry["to"].values())
        for leg in entry["via"].values():
            out |= set(leg["to"].values()) | set(leg["cast"].values())
    for dests in moves["drops"].values():
        out |= set(dests.values())
    for seconds in moves["tam"].values():
        out |= set(seconds.values())
    return out


def record_tokens(text: str) -> tuple[list[str], list[str]]:
    """Move tokens and declaration choices of a cerke_online record, read independently."""
    moves: list[str] = []
    decls: list[str] = []
    for line in text.splitlines():
        if line.startswith("{") or not line.strip():
            continue
        for token in line.split():
            if token in ("再行", "終季"):
                decls.append(token)
            elif token.startswith("或為") or re.fullmatch("[春夏秋冬]終", token) or token == "星一周":
                continue
            else:
                moves.append(token)
    return moves, decls


# --- board, marks, hands -----------------------------------------------------------------------
def test_initial_board_marks_and_scores() -> None:
    states = play_line(OFFICIAL, ["一位色赤"])
    v = table_view(ctx_of(states, ["一位色赤"]))
    assert v["board"][SQ["ZO"]] == "tam" and v["tam"] == SQ["ZO"]
    assert v["board"][SQ["ZA"]] == {"p": KING, "c": RED, "s": A}
    assert v["board"][SQ["ZIA"]] == {"p": KING, "c": BLACK, "s": IA}
    assert v["board"][SQ["ZAI"]] == {"p": VESSEL, "c": BLACK, "s": IA}
    assert v["board"][SQ["ZU"]] is None
    assert sorted(v["water"]) == sorted(SQ[n] for n in ("ZI", "ZU", "ZO", "ZY", "ZAI", "NO", "TO", "XO", "CO"))
    fixed = {"NI", "CI", "TU", "XU", "ZO", "TY", "XY", "NAI", "CAI"}
    around_zo = {"TU", "ZU", "XU", "TO", "XO", "TY", "ZY", "XY"}
    assert set(v["hue"]) == {SQ[n] for n in fixed | around_zo}
    assert v["scores"] == [20, 20] and v["rate"] == 1 and v["season"] == 0 and v["seasons"] == 4
    assert v["season_name"] == "Spring" and v["phase"] == "move" and v["side"] == A
    assert v["hands"][0]["pieces"] == [] and v["hands"][1]["hands"] == []
    assert v["first_mover"] == {"side": A, "at": 0}
    json.dumps(v)  # JSON-ready


def test_hue_follows_tam2_and_the_preset() -> None:
    # tam2 on TY (a fixed hue square); under cerke_online tam2's own square is hue too
    board = list(INITIAL_BOARD)
    board[SQ["ZO"]] = 0
    board[SQ["TY"]] = TAM2
    for rules in (OFFICIAL, CERKE_ONLINE):
        s = CetkaikState(rules, board=tuple(board), tam=SQ["TY"], phase=MOVE)
        hue = set(table_view(ctx_of([s], []))["hue"])
        assert {SQ["TO"], SQ["NO"], SQ["NY"], SQ["TAI"], SQ["ZAI"]} <= hue
        assert SQ["ZU"] not in hue  # a neighbour of ZO only while tam2 stood there
    board2 = list(INITIAL_BOARD)
    board2[SQ["ZO"]] = 0
    board2[SQ["ZU"]] = TAM2
    official = set(table_view(ctx_of([CetkaikState(OFFICIAL, board=tuple(board2), tam=SQ["ZU"], phase=MOVE)], []))["hue"])
    online = set(table_view(ctx_of([CetkaikState(CERKE_ONLINE, board=tuple(board2), tam=SQ["ZU"], phase=MOVE)], []))["hue"])
    assert SQ["ZU"] not in official and SQ["ZU"] in online
    assert online - official == {SQ["ZU"]}


def test_hands_form_named_hands_with_values() -> None:
    hands = ((5, 4, 1), ())  # red Horse, red Tiger, red Pawn held by the A side
    s = CetkaikState(OFFICIAL, hands=hands, phase=MOVE)
    v = table_view(ctx_of([s], [], lang="ja"))
    mine = v["hands"][0]
    assert [(p["name"], p["count"]) for p in mine["pieces"]] == [("赤兵", 1), ("赤虎", 1), ("赤馬", 1)]
    assert {(h["name"], h["value"]) for h in mine["hands"]} == {("同色獣", 5)}
    assert mine["score"] == 5
    assert v["names"]["professions"][5] == "馬"
    en = table_view(ctx_of([s], []))
    assert en["hands"][0]["hands"][0]["label"] == "The Animals of one colour"


# --- grouped legal actions ---------------------------------------------------------------------
def test_grouping_covers_exactly_the_legal_moves_at_the_start() -> None:
    s = CetkaikState(OFFICIAL, phase=MOVE)
    moves = group_moves(s)
    legal = set(s.legal_actions())
    assert leaves(moves) <= legal
    piece_moves = {a for a in legal if "片" in a}
    assert piece_moves <= leaves(moves)
    # every tam2 (first, second) pair of the legal list is offered
    pairs = {(m[m.index("[") + 1: m.index("]")], re.findall("[KLNTZXCMP](?:AI|AU|IA|A|E|I|U|O|Y)", m.split("]")[1])[-1])
             for m in legal if "皇" in m}
    from pyengine.cetkaik.board import SQUARE_NAMES
    offered = {(SQUARE_NAMES[int(f)], SQUARE_NAMES[int(g)]) for f, gs in moves["tam"].items() for g in gs}
    assert offered == pairs
    assert moves["tam_src"] == SQ["ZO"]
    # the Officer on KA steps over the Shaman on KE: a ranged second leg back to KA is a cast
    assert moves["pieces"][str(SQ["KA"])]["via"][str(SQ["KE"])]["cast"][str(SQ["KA"])] == "KA片KE心KA"
    # a water move carries its flag
    assert moves["pieces"][str(SQ["NI"])]["to"][str(SQ["NO"])] == "NI片NO水"


def test_protected_piece_can_only_be_stepped_over() -> None:
    board = [0] * 81
    board[SQ["ZO"]] = TAM2
    board[SQ["NI"]] = piece_code(A, RED, GENERAL)  # on a fixed hue square
    board[SQ["NU"]] = piece_code(A, BLACK, PAWN)  # next to it: protected
    board[SQ["NY"]] = piece_code(IA, RED, OFFICER)  # ranged forward (towards A) over NO
    s = CetkaikState(OFFICIAL, board=tuple(board), tam=SQ["ZO"], phase=MOVE, side=IA)
    v = table_view(ctx_of([s], [], viewer=IA))
    officer = v["moves"]["pieces"][str(SQ["NY"])]
    assert str(SQ["NU"]) not in officer["to"] and str(SQ["NU"]) in officer["via"]
    assert SQ["NU"] in v["protected"] and SQ["NI"] not in v["protected"]
    # without the General the Pawn can be captured
    board[SQ["NI"]] = 0
    s2 = CetkaikState(OFFICIAL, board=tuple(board), tam=SQ["ZO"], phase=MOVE, side=IA)
    v2 = table_view(ctx_of([s2], [], viewer=IA))
    assert str(SQ["NU"]) in v2["moves"]["pieces"][str(SQ["NY"])]["to"] and v2["protected"] == []


def test_moves_only_for_the_human_to_act_at_the_end() -> None:
    states = play_line(OFFICIAL, ["一位色赤"])
    assert table_view(ctx_of(states, ["一位色赤"], viewer=A))["moves"] is not None
    assert table_view(ctx_of(states, ["一位色赤"], viewer=IA))["moves"] is None
    assert table_view(ctx_of(states, ["一位色赤"], viewer=-1))["moves"] is None
    assert table_view(ctx_of(states, ["一位色赤"], viewer=A, kinds=("bot:random", "human")))["moves"] is None
    more = ["一位色赤", "NI片NU"]
    states = play_line(OFFICIAL, more)
    assert table_view(ctx_of(states, more, viewer=A, cursor=1))["moves"] is None  # replaying


# --- phases: stepping, water, declaration ------------------------------------------------------
def test_stepping_cast_then_choice_and_failure() -> None:
    line = ["一位色赤", "KA片KE心KA", "橋三"]
    states = play_line(OFFICIAL, line)
    v = table_view(ctx_of(states, line))
    assert v["phase"] == "stepping_choice"
    assert v["pending"] == {"src": SQ["KA"], "via": SQ["KE"], "planned": SQ["KA"], "sticks": 3, "options": [SQ["KA"]]}
    assert v["moves"] == {"choice": {str(SQ["KA"]): "KA"}, "decline": "此無"}
    assert v["casts"] == [{"kind": "step", "sticks": 3, "ok": True, "at": 2}]
    assert v["last"]["src"] == SQ["KA"] and v["last"]["via"] == SQ["KE"] and v["last"]["failed"] is False
    # a cast too short: the move fails at once and the turn passes
    short = ["一位色赤", "KA片KE心KA", "橋無"]
    states = play_line(OFFICIAL, short)
    v = table_view(ctx_of(states, short, viewer=IA))
    assert v["phase"] == "move" and v["side"] == IA
    assert v["casts"] == [{"kind": "step", "sticks": 0, "ok": False, "at": 2}] and v["last"]["failed"] is True
    assert v["kiaak"][-1]["text"] == "KA筆KEKA橋無此無"


def test_water_cast_shown_and_failed_entry() -> None:
    line = ["一位色赤", "NI片NO水"]
    states = play_line(OFFICIAL, line)
    v = table_view(ctx_of(states, line, viewer=A))
    assert v["phase"] == "water_cast" and v["pending"] == {"src": SQ["NI"], "via": None, "dest": SQ["NO"]}
    failed = line + ["水二"]
    states = play_line(OFFICIAL, failed)
    v = table_view(ctx_of(states, failed, viewer=IA))
    assert v["board"][SQ["NI"]] is not None and v["board"][SQ["NO"]] is None
    assert v["casts"] == [{"kind": "water", "sticks": 2, "ok": False, "at": 2}]
    assert v["last"]["failed"] is True and v["kiaak"][-1]["text"] == "NI兵NO水二此無"
    ok = line + ["水四"]
    v = table_view(ctx_of(play_line(OFFICIAL, ok), ok, viewer=IA))
    assert v["casts"][0]["ok"] is True and v["last"]["failed"] is False and v["board"][SQ["NO"]] is not None


def _session_of(name: str) -> Session:
    result = ui_call(None, "import", {"text": (vectors() / "records" / "real" / name).read_text(encoding="utf-8")})
    session = Session.from_record(result["record"])
    assert isinstance(session, Session)
    return session


def test_declaration_offers_both_choices_with_values() -> None:
    session = _session_of("case4.txt")
    decl = next(i for i, s in enumerate(session.states) if s.phase_name == "declaration")
    session.goto(decl)
    v = table_view(ctx_of(session.states, list(session.record.actions), viewer=IA, cursor=decl))
    assert v["phase"] == "declaration"
    assert v["pending"]["hands"] == [{"name": "王", "label": "The King", "value": 5}]
    assert v["pending"]["value"] == 5 and v["pending"]["rate"] == 1 and v["pending"]["rate_after"] == 2
    # as the last action of a live game, the side to act gets both buttons
    states = session.states[: decl + 1]
    live = table_view(ctx_of(states, list(session.record.actions[:decl]), viewer=states[-1].current_player))
    assert live["moves"] == {"declare": {"ty_mok": "再行", "ta_xot": "終季"}}


# --- records -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["case1.txt", "case4.txt"])
def test_kiaak_list_matches_the_record(name: str) -> None:
    text = (vectors() / "records" / "real" / name).read_text(encoding="utf-8")
    session = _session_of(name)
    assert session.cursor == 0 and session.record.seats[0].name == "A"
    actions = list(session.record.actions)
    v = table_view(ctx_of(session.states, actions, viewer=-1, cursor=0))
    plies = [e for e in v["kiaak"] if e["kind"] == "ply"]
    decls = [e["text"].split()[-1] if "終季" not in e["text"] else "終季" for e in v["kiaak"] if e["kind"] == "decl"]
    moves, choices = record_tokens(text)
    assert [e["text"] for e in plies] == moves
    assert decls == choices
    stops = v["stops"]
    assert stops[0] == 0 and stops[-1] == len(actions) and stops == sorted(set(stops))
    assert all(e["cursor"] in stops for e in v["kiaak"])


@pytest.mark.cpython_only  # fontTools reads the cut (not installed in Pyodide)
def test_the_record_panel_has_a_glyph_for_every_character_it_shows() -> None:
    """The record panel's kiaak is drawn in the table's own cut of Noto Sans CJK JP (cetkaik.css,
    "Cetkaik Notation"), so a device with no CJK font shows it too: over every real and generated
    record of the vectors, each CJK character of the panel is in that cut; and so is each that the
    English table quotes (its words, the hands' and pieces' names in its view), the cut being the
    English table's last font."""
    from fontTools.ttLib import TTFont

    css = (WEB / "tables" / "cetkaik.css").read_text(encoding="utf-8")
    src = re.search(r'font-family: "Cetkaik Notation"; src: url\("([^"]+)"\)', css)
    assert src is not None and re.search(r'\.ck-kiaak \{[^}]*font-family: "Cetkaik Notation"', css)
    cut = {chr(c) for c in TTFont(str(WEB / "tables" / src[1])).getBestCmap()}
    shown: set[str] = set()
    paths = sorted((vectors() / "records").glob("*/*.txt"))
    assert len(paths) >= 10
    for path in paths:
        session = Session.from_record(ui_call(None, "import", {"text": path.read_text(encoding="utf-8")})["record"])
        actions = list(session.record.actions)
        for lang in ("en", "ko", "ja"):
            v = table_view(ctx_of(session.states, actions, viewer=-1, lang=lang))
            shown |= {ch for e in v["kiaak"] for ch in e["text"] if "\u3400" <= ch <= "\u9fff"}
        for cursor in range(0, len(actions) + 1, 5):
            english = json.dumps(table_view(ctx_of(session.states, actions, viewer=-1, cursor=cursor)), ensure_ascii=False)
            shown |= {ch for ch in english if "\u3400" <= ch <= "\u9fff"}
    words = json.loads((WEB / "i18n" / "cetkaik.en.json").read_text(encoding="utf-8"))
    quoted = {ch for text in words.values() for ch in text if "\u3400" <= ch <= "\u9fff"}
    assert "役" in quoted and re.search(r'\.ck:lang\(en\) \{ font-family: [^}]*, "Cetkaik Notation"; \}', css)
    shown |= quoted
    assert shown and shown <= cut, sorted(shown - cut)


def test_import_replays_to_the_recorded_end_scores() -> None:
    manifest = json.loads((vectors() / "manifest.json").read_text(encoding="utf-8"))
    for item in manifest:
        if "real/case" not in item["record"]:
            continue
        session = _session_of(item["record"].split("/")[-1])
        assert session.record.rules.startswith("1.cerke_online")  # auto found the preset
        session.goto(len(session.record.actions))
        v = session.view()["table"]
        assert v["scores"] == [item["final_scores"]["A"], item["final_scores"]["IA"]]
        assert v["result"] is not None and v["moves"] is None


def test_official_records_import_under_auto_and_export_round_trip() -> None:
    text = (vectors() / "records" / "generated" / "official_343.txt").read_text(encoding="utf-8")
    record = import_record(text)
    assert record.rules.startswith("1.official")
    session = Session.from_record(ui_call(None, "import", {"text": text})["record"])
    out = ui_call(session, "export", {})
    assert out["filename"].endswith(".txt")
    again = import_record(out["text"], "official")
    assert again.actions == record.actions


def test_import_errors_are_engine_errors() -> None:
    with pytest.raises(EngineError):
        ui_call(None, "import", {"text": "   "})
    with pytest.raises(EngineError):
        ui_call(None, "import", {"text": "ZZ片QQ無撃裁"})
    with pytest.raises(EngineError):
        ui_call(None, "nonsense", {})


def test_session_view_carries_the_table_and_setup_seasons() -> None:
    session = Session.new("cetkaik", "1.cerke_online~seasons=2", seed=2)
    session.run_auto()
    v = session.view("ko")["table"]
    assert v["seasons"] == 2 and v["plan"] == "direction" and v["season_name"] == "봄"
    assert v["can_act"] is True and v["moves"] is not None


# --- what the page reads instead of knowing the rules -------------------------------------------
def test_square_names_and_side_marks_come_from_the_view() -> None:
    v = table_view(ctx_of(play_line(OFFICIAL, ["一位色赤"]), ["一位色赤"]))
    assert v["columns"] == list("KLNTZXCMP") and v["rows"] == ["A", "E", "I", "U", "O", "Y", "AI", "AU", "IA"]
    assert len(v["squares"]) == 81 and v["squares"][0] == "KA" and v["squares"][80] == "PIA"
    assert v["squares"][SQ["ZO"]] == "ZO"
    assert v["names"]["side_marks"] == ["A", "IA"]
    assert v["import_rules"] == ["auto", "official", "cerke_online"]


def test_water_destinations_are_marked_for_exactly_the_water_moves() -> None:
    s = CetkaikState(OFFICIAL, phase=MOVE)
    moves = group_moves(s)
    assert moves["pieces"][str(SQ["NI"])]["water"] == [str(SQ["NO"])]
    marked = 0
    for entry in moves["pieces"].values():
        for group in [entry, *entry["via"].values()]:
            assert set(group["water"]) <= set(group["to"])
            for dest, action in group["to"].items():
                assert (dest in group["water"]) == action.endswith("水")
            marked += len(group["water"])
    assert marked == sum(1 for a in s.legal_actions() if a.endswith("水"))


def test_cast_plies_are_the_stick_casts_only() -> None:
    line = ["一位色赤", "NI片NO水", "水四", "KAU片LAU心KAU", "橋三"]
    v = table_view(ctx_of(play_line(OFFICIAL, line), line, viewer=IA))
    assert v["cast_plies"] == [2, 4]
    step = ["一位色赤", "KA片KE心KA", "橋三", "KA"]
    assert table_view(ctx_of(play_line(OFFICIAL, step), step))["cast_plies"] == [2]


def test_set_up_offers_the_game_lengths_as_rules_encodings() -> None:
    assert ui_call(None, "seasons", {"rules": "1.official"}) == {"choices": [
        {"seasons": 4, "rules": "1.official"},
        {"seasons": 2, "rules": "1.official~seasons=2"},
        {"seasons": 1, "rules": "1.official~seasons=1"},
    ]}
    assert ui_call(None, "seasons", {})["choices"][0]["rules"] == "1.official"
    for choice in ui_call(None, "seasons", {"rules": "1.cerke_online"})["choices"]:
        session = Session.new("cetkaik", str(choice["rules"]), seed=1)
        assert session.state.rules.seasons == choice["seasons"]
        assert session.state.rules.preset_name() in ("cerke_online", None)


# --- news, season summaries, the rules panel (issue 16) -----------------------------------------
HUMAN_BOT = ("human", "bot:strong")


def test_news_window_starts_at_the_last_turn_a_person_played() -> None:
    # A (a person) sends a Pawn into the water and fails; IA (a bot) answers with a water cast
    line = ["一位色赤", "NI片NO水", "水二", "NAI片NO水", "水四"]
    states = play_line(OFFICIAL, line)
    v = table_view(ctx_of(states, line, viewer=A, kinds=HUMAN_BOT))
    assert v["fresh_from"] == 1
    assert [(e["kind"], e["side"], e["at"]) for e in v["events"]] == [
        ("move", A, 1), ("cast", A, 2), ("move", IA, 3), ("cast", IA, 4)]
    own, theirs = v["events"][1], v["events"][3]
    assert (own["cast"], own["sticks"], own["ok"]) == ("water", 2, False)
    assert (theirs["cast"], theirs["sticks"], theirs["ok"]) == ("water", 4, True)
    # the cast failed: the move is told as an attempt that captured nothing
    assert v["events"][0]["label"] == "Pawn NI to NO (water cast): the move fails, the Pawn stays on NI and captures nothing"
    # the person's next move starts a new window: what came before leaves the news
    more = [*line, "KA片KE心KA"]
    v = table_view(ctx_of(play_line(OFFICIAL, more), more, viewer=A, kinds=HUMAN_BOT))
    assert v["fresh_from"] == 5 and [e["kind"] for e in v["events"]] == ["move"]
    # with no person at the table the news is the turn shown
    v = table_view(ctx_of(states, line, viewer=-1, kinds=("bot:weak", "bot:strong")))
    assert v["fresh_from"] == 3 and [e["at"] for e in v["events"]] == [3, 4]


def test_a_bots_declaration_is_news_until_the_person_moves() -> None:
    # official: A (a bot here) steps over tam2 (kut2 tam2): a penalty-only declaration
    line = ["一位色赤", "ZI片ZOCO", "再行"]
    states = play_line(OFFICIAL, line)
    v = table_view(ctx_of(states, line, viewer=IA, kinds=("bot:strong", "human")))
    first, move, decl = v["events"]  # the person has not moved yet: the news starts with the season
    assert first["kind"] == "first_mover" and first["side"] == A
    assert move["kind"] == "move" and move["kut2"] is True
    assert decl["kind"] == "declare" and decl["choice"] == "ty_mok" and decl["side"] == A
    assert decl["penalty_only"] is True and decl["rate_after"] == 2
    assert [p["name"] for p in decl["penalties"]] == ["撃皇"] and decl["penalties"][0]["explain"] == "kut2tam2"
    assert v["rate"] == 2


def test_penalty_only_declaration_is_marked_in_the_pending_choice() -> None:
    line = ["一位色赤", "ZI片ZOCO"]
    v = table_view(ctx_of(play_line(OFFICIAL, line), line, viewer=A))
    assert v["pending"]["penalty_only"] is True and v["pending"]["value"] == -5
    assert v["pending"]["penalties"] == [{"name": "撃皇", "label": "The Stepping (penalty)", "value": -5, "explain": "kut2tam2"}]
    session = _session_of("case4.txt")  # a King captured: a real hand, no penalty
    decl = next(i for i, s in enumerate(session.states) if s.phase_name == "declaration")
    v = table_view(ctx_of(session.states, list(session.record.actions), viewer=IA, cursor=decl))
    assert v["pending"]["penalty_only"] is False and v["pending"]["penalties"] == []


def test_cerke_online_kut2_tam2_is_paid_at_once_and_said_so() -> None:
    line = ["一位色赤", "ZI片ZOCO"]
    v = table_view(ctx_of(play_line(CERKE_ONLINE, line), line, viewer=IA, kinds=("bot:strong", "human")))
    paid = [e for e in v["events"] if e["kind"] == "paid"]
    assert paid == [{"kind": "paid", "side": A, "points": 5, "rate": 1, "scores": [15, 25], "at": 1}]
    assert v["phase"] == "move" and v["scores"] == [15, 25]


def test_season_summary_with_scores_and_the_next_first_mover() -> None:
    line = ["一位色赤", "ZI片ZOCO", "終季"]
    v = table_view(ctx_of(play_line(OFFICIAL, line), line, viewer=A))
    (summary,) = v["summaries"]
    assert summary["season"] == 0 and summary["season_name"] == "Spring" and summary["side"] == A
    assert summary["hands"] == [] and [p["name"] for p in summary["penalties"]] == ["撃皇"]
    assert (summary["value"], summary["rate"], summary["before"], summary["scores"]) == (-5, 1, [20, 20], [15, 25])
    assert summary["next"] is None and summary["over"] is False and summary["at"] == 3
    assert summary["at"] > v["fresh_from"]
    # once the next season's contest is cast, the summary names its first mover
    line = [*line, "一位色黒"]
    v = table_view(ctx_of(play_line(OFFICIAL, line), line, viewer=A, lang="ja"))
    assert v["summaries"][0]["next"] == IA and v["summaries"][0]["season_name"] == "春"
    assert v["events"][-1] == {"kind": "first_mover", "side": IA, "season": 1, "season_name": "夏", "at": 3}


def test_the_end_of_the_game_says_why() -> None:
    short = CetkaikRules.decode("1.official~seasons=1")
    line = ["一位色赤", "ZI片ZOCO", "終季"]
    v = table_view(ctx_of(play_line(short, line), line, viewer=A))
    assert v["result"] == {"winner": IA, "scores": [15, 25], "reason": "seasons"}
    assert v["summaries"][0]["over"] is True
    session = _session_of("case4.txt")
    session.goto(len(session.record.actions))
    assert session.view()["table"]["result"]["reason"] == "zero"


def test_squares_are_spelt_out_for_screen_readers() -> None:
    v = table_view(ctx_of(play_line(OFFICIAL, ["一位色赤"]), ["一位色赤"]))
    assert v["spoken"][SQ["ZO"]] == "Z-O" and v["spoken"][SQ["LIA"]] == "L-IA" and v["spoken"][0] == "K-A"


def test_rules_panel_hands_presets_and_diagrams_come_from_the_engine() -> None:
    help_ = ui_call(None, "help", {}, "ko")
    hands = {x["name"]: x for x in help_["hands"]}
    assert hands["馬弓兵"]["value"] == 5 and hands["馬弓兵"]["flash"] == 7 and hands["馬弓兵"]["label"] == "마궁병"
    assert [(n["p"], n["n"]) for n in hands["戦集"]["needs"]] == [(GENERAL, 1), (PAWN, 2)]
    assert hands["王"] == {"name": "王", "label": "왕", "value": 5, "flash": None, "needs": [{"p": KING, "n": 1}]}
    assert len(hands) == 10 and help_["professions"][PAWN] == "병(兵)"
    assert {p["name"]: p["value"] for p in help_["penalties"]} == {"撃皇": -5, "皇再来": -3}
    presets = help_["presets"]
    assert set(presets) == {"official", "cerke_online"}
    differing = [o for o in help_["options"] if presets["official"][o] != presets["cerke_online"][o]]
    assert "kut2tam2.step_tam_is_a_hand" in differing and "stepping.what_to_say_before_casting_sticks" in differing
    assert "seasons" not in help_["options"]
    diagrams = {d["id"]: d for d in help_["diagrams"]}
    assert set(diagrams) == {"stepping", "cast", "water", "tam2", "protection"}
    step = diagrams["stepping"]["marks"]
    assert step == {str(SQ["LE"]): "sel", str(SQ["LI"]): "via", str(SQ["LU"]): "dest"}
    water = diagrams["water"]
    assert water["marks"][str(SQ["NO"])] == "water-cast" and str(SQ["NO"]) in map(str, water["water"])
    cast = diagrams["cast"]["marks"]
    assert cast[str(SQ["KU"])] == "cast" and cast[str(SQ["KI"])] == "via" and cast[str(SQ["KE"])] == "sel"
    prot = diagrams["protection"]["marks"]
    assert set(prot) == {str(SQ["TI"]), str(SQ["NU"])} and set(prot.values()) == {"protected"}


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_every_name_the_rules_panel_sends_has_words_in_each_language(lang: str) -> None:
    """The panel's option paths, their values, diagram ids and penalty explanations are keys of
    web/i18n/cetkaik.<lang>.json: an option the engine adds cannot show as a raw name."""
    strings = json.loads((WEB / "i18n" / f"cetkaik.{lang}.json").read_text(encoding="utf-8"))
    help_ = ui_call(None, "help", {}, lang)
    wanted = [f"cetkaik.opt.{o}" for o in help_["options"]]
    wanted += [f"cetkaik.opt.{o}.{str(rules[o]).lower()}" for rules in help_["presets"].values() for o in help_["options"]]
    wanted += [f"cetkaik.diagram.{d['id']}{end}" for d in help_["diagrams"] for end in ("", ".title")]
    wanted += [f"cetkaik.explain.{p['explain']}" for p in help_["penalties"]]
    wanted += [f"preset.cetkaik.{name}" for name in help_["presets"]] + [f"cetkaik.setup.about_{n}" for n in help_["presets"]]
    assert [k for k in wanted if k not in strings] == []
