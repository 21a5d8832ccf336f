"""The engine's messages in the player's language (issues 16 and 17).

Every template raised through ``msg(...)`` is found by reading the engine's source with
:mod:`ast` (no hand list), and must have a Korean and a Japanese translation with the same
``{names}``; the tables hold nothing else.  Errors met in play come back from the page's bridge
(``web/main.py``) in the call's language, with the English kept for details.
"""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path
from types import ModuleType

import pytest

import pyengine
from pyengine.app.messages import TABLES, localize
from pyengine.app.session import Session
from pyengine.core import IllegalActionError, InvalidRecordError
from pyengine.core.messages import Msg, msg, words

ROOT = Path(pyengine.__file__).resolve().parent


def _msg_calls() -> list[tuple[str, int, ast.Call]]:
    calls = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "msg":
                calls.append((str(path.relative_to(ROOT)), node.lineno, node))
    return calls


CALLS = _msg_calls()
TEMPLATES = sorted({c.args[0].value for _, _, c in CALLS
                    if c.args and isinstance(c.args[0], ast.Constant) and isinstance(c.args[0].value, str)})


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_the_scan_finds_the_engines_messages() -> None:
    # the scan is not vacuous: messages of the session, the games and record import are all there
    assert len(TEMPLATES) > 100
    for template in ("you cannot move now: {who}", "{action}: there is no piece on {square}",
                     "{token}: 此無 but the piece moved", "the link's fair-play transcript is damaged"):
        assert template in TEMPLATES


def test_every_msg_call_has_a_literal_template_and_named_fields() -> None:
    # a template built at run time would escape the scan (and the tables)
    for where, line, call in CALLS:
        if where == "core/messages.py":
            continue  # the definition's own doctests
        first = call.args[0] if call.args else None
        assert isinstance(first, ast.Constant) and isinstance(first.value, str), f"{where}:{line}"
        for _, name, spec, conversion in string.Formatter().parse(first.value):
            if name is not None:
                assert name.isidentifier() and not spec and not conversion, f"{where}:{line}: {{{name}}}"
        assert _fields(first.value) == {k.arg for k in call.keywords}, f"{where}:{line}"


@pytest.mark.parametrize("lang", sorted(TABLES))
def test_every_template_is_translated_with_the_same_fields(lang: str) -> None:
    table = TABLES[lang]
    missing = [t for t in TEMPLATES if t not in table]
    assert not missing, f"{lang}: {len(missing)} templates without a translation, e.g. {missing[:5]}"
    for template in TEMPLATES:
        assert _fields(table[template]) == _fields(template), (lang, template)
        words_of = "".join(text for text, _, _, _ in string.Formatter().parse(template))
        assert table[template] != template or not any(c.isalpha() and c.isascii() for c in words_of), template
    stale = sorted(set(table) - set(TEMPLATES))
    assert not stale, f"{lang}: translations of templates no code raises: {stale[:5]}"


def test_str_is_the_english_text_and_localize_translates_nested_messages() -> None:
    inner = msg("it is a bot's turn")
    outer = msg("you cannot move now: {who}", who=inner)
    assert isinstance(outer, Msg) and outer == "you cannot move now: it is a bot's turn"
    exc = IllegalActionError(outer)
    assert str(exc) == "you cannot move now: it is a bot's turn"
    assert localize(exc, "ko") == "지금은 둘 수 없습니다: 컴퓨터의 차례입니다"
    assert localize(exc, "ja") == "今は指せません: コンピューターの番です"
    assert localize(exc, "en") == str(exc)
    # a record error's ply prefix is a message too, and its reason is translated inside it
    rec = InvalidRecordError(msg("{token}: 此無 but the piece moved", token="LE片LI"), 7)
    assert str(rec) == "ply 7: LE片LI: 此無 but the piece moved"
    assert localize(rec, "ja") == "7手目: LE片LI: 此無と書かれていますが駒は動きました"


def test_unknown_templates_and_languages_fall_back_to_english() -> None:
    assert localize(IllegalActionError("a message nobody translated"), "ko") == "a message nobody translated"
    assert localize(msg("the game is over"), "fr") == "the game is over"
    assert localize(words(en="Daifugō", ko="대부호", ja="大富豪"), "ko") == "대부호"


def test_a_session_error_in_korean() -> None:
    session = Session.new("cetkaik")
    session.run_auto()
    with pytest.raises(IllegalActionError) as caught:
        session.undo()
    assert str(caught.value) == "there is no move of yours to take back"
    assert localize(caught.value, "ko") == "무를 수 있는 내 수가 없습니다"


# --- through the page's bridge ----------------------------------------------------------------
def _call(bridge: ModuleType, method: str, **args: object) -> dict[str, object]:
    result: dict[str, object] = json.loads(bridge.call(method, json.dumps(args)))
    return result


def test_an_illegal_cetkaik_move_comes_back_in_korean(bridge: ModuleType) -> None:
    opened = _call(bridge, "new", game="cetkaik", lang="ko", seats=[["A", "human"], ["B", "human"]])
    assert opened["ok"] is True
    for _ in range(5):  # the first mover is cast: resolve chance until a person must move
        if _call(bridge, "auto", lang="ko", chance_run=True)["moved"] is False:
            break
    # no piece stands on KO (the middle row) at the start
    r = _call(bridge, "play", lang="ko", action="KO片KU")
    assert r["ok"] is False and r["kind"] == "IllegalActionError"
    assert r["error_en"] == "KO片KU: there is no piece on KO"
    assert r["error"] == "KO片KU: KO에 말이 없습니다"


def test_a_bad_kiaak_record_comes_back_in_japanese(bridge: ModuleType) -> None:
    # the record's first move starts from an empty square: the reason nests the engine's own
    r = _call(bridge, "game", game="cetkaik", name="import", args={"text": "{一位色:赤赤赤赤}\nKO片KU無撃裁"},
              lang="ja")
    assert r["ok"] is False and r["kind"] == "InvalidRecordError"
    assert r["error_en"] == "ply 1: KO片KU無撃裁: KO片KU: there is no piece on KO"
    assert r["error"] == "1手目: KO片KU無撃裁: KO片KU: KOに駒がありません"


def test_a_link_error_keeps_its_code_and_translates_its_reason(bridge: ModuleType) -> None:
    r = _call(bridge, "restore", save="not json", lang="ko")
    assert r["ok"] is False and r["code"] == "bad_save"
    assert r["error_en"] == "the saved game is not readable"
    assert r["error"] == "저장된 게임을 읽을 수 없습니다"


def test_a_result_that_says_ok_itself_is_an_internal_error_not_a_success(bridge: ModuleType) -> None:
    """A method's own ``ok`` would be hidden under the call's (a failed live verification once
    came back as a success so): the bridge answers it as an internal error."""
    bridge.ANYTIME["probe_ok"] = lambda a, lang: {"ok": False, "problem": "a cheat"}
    got = _call(bridge, "probe_ok")
    assert got["ok"] is False and got["kind"] == "InternalError" and "probe_ok" in str(got["error"])
    assert _call(bridge, "live_warm", game="daifugo") == {"warm": True, "ok": True}
