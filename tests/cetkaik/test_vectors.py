"""The golden data: initial move lists, hand cases, real and generated records, rejections."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from cetkaik_support import cases, invalid_cases, manifest, vectors

from pyengine.cetkaik import CetkaikState, ImpossibleHandError, calculate_hands, walk
from pyengine.cetkaik.__main__ import main
from pyengine.cetkaik.board import INITIAL_TAM, SQUARE_NAMES
from pyengine.cetkaik.rules import CERKE_ONLINE, OFFICIAL
from pyengine.cetkaik.state import MOVE
from pyengine.core.errors import InvalidRecordError


@pytest.mark.parametrize("rules", [OFFICIAL, CERKE_ONLINE], ids=["official", "cerke_online"])
@pytest.mark.parametrize("side", [0, 1], ids=["A", "IA"])
def test_initial_move_lists(rules: Any, side: int) -> None:
    state = CetkaikState(rules, phase=MOVE, side=side)
    legal = state.legal_actions()
    name = "A" if side == 0 else "IA"
    expected = (vectors() / f"initial_moves_{name}_to_move.txt").read_text(encoding="utf-8").split()
    assert list(legal) == expected
    assert len(legal) == 249
    tam = SQUARE_NAMES[INITIAL_TAM]
    without = [m for m in legal if "片" + tam not in m]
    expected_without = (vectors() / f"initial_moves_{name}_to_move_without_kut2tam2.txt").read_text(
        encoding="utf-8").split()
    assert without == expected_without
    assert len(without) == 240


def _hand_cases() -> list[Any]:
    return json.loads((vectors() / "hand_cases.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_all_126_hand_cases() -> None:
    cases = _hand_cases()
    assert len(cases) == 126
    for pieces, answer in cases:
        if answer["error"]:
            with pytest.raises(ImpossibleHandError) as info:
                calculate_hands(pieces)
            assert sorted(info.value.too_many) == sorted(answer["too_many"]), pieces
        else:
            result = calculate_hands(pieces)
            assert result.score == answer["score"], pieces
            assert sorted(result.names) == sorted(answer["hands"]), pieces


def _expected(entry: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (vectors() / entry["expected"]).read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("entry", cases(manifest))
def test_every_record_replays_with_identical_legal_sets_scores_and_rates(entry: dict[str, Any]) -> None:
    text = (vectors() / entry["record"]).read_text(encoding="utf-8")
    expected = _expected(entry)
    got = [ply.to_json(True) for ply in walk(text, entry["rules"])]
    assert len(got) == entry["plies"] == len(expected) - 1
    for ours, theirs in zip(got, expected, strict=False):
        assert ours == theirs, f"ply {theirs['ply']}"
    last = got[-1]["scores"]
    assert last == expected[-1]["scores"] == entry["final_scores"]


def run_replay(args: list[str], capsysbinary: pytest.CaptureFixture[bytes]) -> tuple[int, bytes, str]:
    """``python -m pyengine.cetkaik replay ARGS`` in-process (it also runs inside Pyodide)."""
    try:
        code = main(["replay", *args])
    except SystemExit as exc:  # argparse's usage errors
        code = int(exc.code or 0)
    out, err = capsysbinary.readouterr()
    return code, out, err.decode("utf-8")


@pytest.mark.parametrize("entry", cases(manifest))
def test_replay_command_prints_the_expected_bytes(entry: dict[str, Any], capsysbinary: Any) -> None:
    vectors()  # a clear failure first when the vectors are missing
    code, out, err = run_replay(["--rules", entry["rules"], "--legal", str(vectors() / entry["record"])], capsysbinary)
    assert code == 0, err
    assert out == (vectors() / entry["expected"]).read_bytes()


@pytest.mark.parametrize("case", cases(invalid_cases))
def test_invalid_records_fail_at_the_right_ply(case: dict[str, Any]) -> None:
    text = (vectors() / case["record"]).read_text(encoding="utf-8")
    with pytest.raises(InvalidRecordError) as info:
        for _ in walk(text, case["rules"]):
            pass
    assert info.value.ply == case["error_ply"]
    assert str(info.value).startswith(f"ply {case['error_ply']}:")


@pytest.mark.parametrize("case", cases(invalid_cases))
def test_replay_command_rejects_with_exit_1(case: dict[str, Any], capsysbinary: Any) -> None:
    vectors()  # a clear failure first when the vectors are missing
    code, out, err = run_replay(["--rules", case["rules"], str(vectors() / case["record"])], capsysbinary)
    assert code == 1
    assert err.splitlines()[0].startswith(f"ply {case['error_ply']}:")
    lines = [json.loads(x) for x in out.decode("utf-8").splitlines()]
    assert [x["ply"] for x in lines] == list(range(1, len(lines) + 1))
    assert len(lines) < case["error_ply"] and not any("end" in x for x in lines)


def test_replay_command_usage_errors_exit_2(tmp_path: Path, capsysbinary: Any) -> None:
    assert run_replay([str(tmp_path / "missing.txt")], capsysbinary)[0] == 2
    assert run_replay(["--rules", "strict", "x"], capsysbinary)[0] == 2
    assert run_replay([], capsysbinary)[0] == 2
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"\xff\xfe\xfa")
    assert run_replay([str(bad)], capsysbinary)[0] == 2


def test_replay_reads_stdin_with_a_bom_and_an_empty_record(monkeypatch: pytest.MonkeyPatch, capsysbinary: Any) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("\ufeff".encode())))
    code, out, _ = run_replay(["-"], capsysbinary)
    assert code == 0
    assert out.decode() == '{"end":true,"scores":{"A":20,"IA":20}}\n'
