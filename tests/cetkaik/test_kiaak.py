"""Kiaak records: numbers, lossless round trips, rejections, and fuzzing of the parser."""

from __future__ import annotations

import json
from typing import Any

import pytest
from cetkaik_support import record_names, records, vectors
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.cetkaik import export_kiaak, format_number, import_kiaak, parse_number, walk
from pyengine.cetkaik.kiaak import parse_kiaak
from pyengine.core.errors import InvalidNotationError, InvalidRecordError
from pyengine.core.record import Record


@pytest.mark.parametrize(("text", "value"), [
    ("無", 0), ("五", 5), ("十", 10), ("十三", 13), ("二十", 20), ("二十三", 23), ("二三", 23), ("百", 100),
    ("百九十二", 192), ("二八百八十", 2880), ("三二百", 3200), ("下五", -5), ("下十", -10),
    ("下百九十二", -192), ("下六八百四八", -6848), ("下百六十", -160),
])
def test_numbers(text: str, value: int) -> None:
    assert parse_number(text) == value


@given(st.integers(-7000, 7000))
def test_number_format_round_trips(n: int) -> None:
    assert parse_number(format_number(n)) == n


@pytest.mark.parametrize("junk", ["", "下", "下無", "十十", "百百", "二二二", "一百", "五無"])
def test_malformed_numbers_are_refused(junk: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_number(junk)


@pytest.mark.parametrize("name", record_names())
def test_round_trip_is_lossless(name: str) -> None:
    text, rules = records()[name]
    record = import_kiaak(text, rules)
    exported = export_kiaak(record)
    again = import_kiaak(exported, rules)
    assert again == record  # same actions (every cast and choice), same rules, same times
    assert export_kiaak(again) == exported
    assert [p.to_json(False) | {"move": None} for p in walk(exported, rules)] == [
        p.to_json(False) | {"move": None} for p in walk(text, rules)]
    assert record.final_state().scores == again.final_state().scores
    if "generated" in str(vectors() / name) or name.startswith(("official_", "cerke_online_")):
        assert exported == text  # records written in the canonical layout come back byte for byte


def test_both_header_styles_and_the_times_are_kept() -> None:
    old = import_kiaak(records()["old_version"][0], "cerke_online")
    new = import_kiaak(records()["case4"][0], "cerke_online")
    assert dict(old.meta) == {"kiaak.start": "2021-10-02T17:02:23.217Z"}
    assert dict(new.meta)["kiaak.end"] == "2022-09-08T07:20:13.412Z"
    # the old record names only the first season's first mover: the rest are inferred (§17.5),
    # and the expected replay output says who made each season's first ply
    expected = [json.loads(line) for line in (vectors() / "expected" / "old_version.jsonl").read_text(
        encoding="utf-8").splitlines()[:-1]]
    firsts = [next(p["mover"] for p in expected if p["season"] == s) for s in range(4)]
    colours = "".join("赤" if m == "A" else "黒" for m in firsts)
    assert [a for a in old.actions if a.startswith("一位色")] == ["一位色" + c for c in colours]
    assert export_kiaak(old).startswith(f"{{一位色:{colours}}}\n{{始時:2021-10-02T17:02:23.217Z}}\n")


def test_a_record_may_stop_before_the_end_but_not_before_a_declaration() -> None:
    text, rules = records()["case4"]
    head = text.split("或為王")[0]
    with pytest.raises(InvalidRecordError) as info:
        import_kiaak(head, rules)
    assert info.value.ply == 5
    partial = import_kiaak(head, rules, partial=True)
    state = partial.final_state()
    assert state.phase_name == "declaration" and state.legal_actions() == ("再行", "終季")
    assert import_kiaak(text.split("TE虎ZA")[0], rules).final_state().phase_name == "move"


def test_export_leaves_out_a_turn_in_progress() -> None:
    record = import_kiaak(records()["case4"][0], "cerke_online").truncated(3)  # first mover, move, cast
    assert record.final_state().phase_name == "stepping_choice"
    assert [line[0] for line in export_kiaak(record).splitlines()] == ["{", "{", "{"]


@pytest.mark.parametrize(("old", "new", "ply", "reason"), [
    ("MAU弓MAIMY橋一", "MAU筆MAIMY橋一", 1, "not 筆"),
    ("ZI船ZIA無撃裁手黒王", "ZI船ZIA無撃裁手赤王", 10, "capture comment"),
    ("TE虎ZA無撃裁手黒船", "TE虎ZA無撃裁", 6, None),  # a capture comment may be left out
    ("或為王而手二十", "或為王而手十", 10, "value"),
    ("或為馬弓兵加王", "或為馬弓兵", 9, "declared hands"),
    ("終季\t春終", "終季\t夏終", 10, "season"),
    ("ME弓MIMU橋五", "ME弓MIMU水五", 2, None),
    ("MU弓MYZY橋一此無", "MU弓MYZY橋一", 4, "stepping cast 1 is less than the distance 3"),
    ("星一周", "星一周 XA将XE無撃裁", 10, "nothing may follow"),
    ("ZI船ZIA無撃裁手黒王", "ZI船ZIA無撃裁手黒王 ZI船ZIA無撃裁", 10, None),
    ("\n\n星一周", "\n\n星一周\n或為王", 10, None),
])
def test_faults_are_reported_at_their_ply(old: str, new: str, ply: int, reason: str | None) -> None:
    text, rules = records()["case4"]
    assert old in text
    changed = text.replace(old, new, 1)
    if reason is None and "TE虎ZA無撃裁\t" in changed:
        import_kiaak(changed, rules)  # still valid
        return
    with pytest.raises(InvalidRecordError) as info:
        import_kiaak(changed, rules)
    assert info.value.ply == ply, str(info.value)
    if reason:
        assert reason in str(info.value)


def test_water_outcomes_are_checked() -> None:
    text, rules = records()["case1"]
    for old, new in (("NI兵NO水三", "NI兵NO無撃裁"), ("NI兵NO水三", "NI兵NO水二"), ("NI兵NO水三", "NI兵NO水三此無"),
                     ("TE虎ZI水二此無", "TE虎ZI水二")):
        with pytest.raises(InvalidRecordError):
            import_kiaak(text.replace(old, new, 1), rules)
    text3, _ = records()["case3"]
    with pytest.raises(InvalidRecordError, match="water"):
        import_kiaak(text3.replace("XE弓XUZO橋一水三", "XE弓XUZO橋一", 1), rules)


def test_a_wrong_first_mover_makes_the_first_move_illegal() -> None:
    text, rules = records()["case4"]
    with pytest.raises(InvalidRecordError) as info:
        import_kiaak(text.replace("{一位色:黒}", "{一位色:赤}"), rules)
    assert info.value.ply == 1
    with pytest.raises(InvalidRecordError) as info:
        import_kiaak(text.replace("{一位色:黒}", "{一位色:x}"), rules)
    assert info.value.ply == 1


def test_unreadable_tokens_get_the_ply_they_follow() -> None:
    text, rules = records()["case4"]
    with pytest.raises(InvalidRecordError) as info:
        import_kiaak(text.replace("ME弓MIMU橋五", "ME弓MIMU橋五 ???", 1), rules)
    assert info.value.ply == 2
    with pytest.raises(InvalidRecordError) as info:
        import_kiaak(text.replace("再行\n", "再行\n???\n", 1), rules)
    assert info.value.ply == 6


# --- fuzzing: only the documented errors may escape -------------------------------------------
_ALPHABET = st.sampled_from(
    list("KLNTZXCMPAEIUOY") + list("片船兵弓車虎馬筆巫将王皇赤黒心水橋無一二三四五六七八九十百下此撃裁手或為加而再行終季春夏秋冬星周")
    + ["[", "]", "(", ")", "{", "}", ":", " ", "\t", "\n", "\u3000", "\ufeff", "AI", "AU", "IA", "無撃裁", "一位色"]
)


def _replay(text: str, rules: str) -> None:
    try:
        for ply in walk(text, rules):
            assert ply.ply >= 1
    except InvalidRecordError as exc:
        assert exc.ply is not None and exc.ply >= 1
        assert str(exc).startswith(f"ply {exc.ply}: ")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ALPHABET, max_size=60).map("".join), st.sampled_from(["official", "cerke_online"]))
def test_fuzzed_text_only_raises_invalid_record(text: str, rules: str) -> None:
    parse_kiaak(text)
    _replay(text, rules)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(record_names()), st.data())
def test_mutated_records_only_raise_invalid_record(name: str, data: Any) -> None:
    text, rules = records()[name]
    tokens = text.split(" ") if data.draw(st.booleans()) else list(text)
    ops = data.draw(st.lists(st.tuples(st.sampled_from(["del", "dup", "swap", "put"]),
                                       st.integers(0, max(0, len(tokens) - 1)), _ALPHABET), max_size=4))
    for op, i, char in ops:
        if not tokens:
            break
        i %= len(tokens)
        if op == "del":
            del tokens[i]
        elif op == "dup":
            tokens.insert(i, tokens[i])
        elif op == "swap" and i + 1 < len(tokens):
            tokens[i], tokens[i + 1] = tokens[i + 1], tokens[i]
        else:
            tokens[i] = char
    joined = (" " if " " in text and len(tokens) < len(text) / 2 else "").join(tokens)
    _replay(joined, rules)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_unicode_text_only_raises_invalid_record(text: str) -> None:
    _replay(text, "official")


def test_record_from_import_replays_through_the_core() -> None:
    text, rules = records()["official_343"]
    record = import_kiaak(text, rules)
    assert Record.from_json(record.to_json()) == record
    assert record.final_state().is_terminal()
    assert record.final_state().scores == (40, 0)


def test_export_in_the_old_header_style() -> None:
    text, rules = records()["old_version"]
    record = import_kiaak(text, rules)
    old = export_kiaak(record, old_header=True)
    assert old.startswith("{始時:2021-10-02T17:02:23.217Z}\n{一位色:")
    assert import_kiaak(old, rules) == record
