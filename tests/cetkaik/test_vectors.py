"""The golden data: initial move lists, hand cases, real and generated records, rejections."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pyengine.cetkaik import CetkaikState, ImpossibleHandError, calculate_hands, walk
from pyengine.cetkaik.board import INITIAL_TAM, SQUARE_NAMES
from pyengine.cetkaik.rules import CERKE_ONLINE, OFFICIAL
from pyengine.cetkaik.state import MOVE
from pyengine.core.errors import InvalidRecordError

from cetkaik_support import VECTORS, invalid_cases, manifest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("rules", [OFFICIAL, CERKE_ONLINE], ids=["official", "cerke_online"])
@pytest.mark.parametrize("side", [0, 1], ids=["A", "IA"])
def test_initial_move_lists(rules: Any, side: int) -> None:
    state = CetkaikState(rules, phase=MOVE, side=side)
    legal = state.legal_actions()
    name = "A" if side == 0 else "IA"
    expected = (VECTORS / f"initial_moves_{name}_to_move.txt").read_text(encoding="utf-8").split()
    assert list(legal) == expected
    assert len(legal) == 249
    tam = SQUARE_NAMES[INITIAL_TAM]
    without = [m for m in legal if "片" + tam not in m]
    expected_without = (VECTORS / f"initial_moves_{name}_to_move_without_kut2tam2.txt").read_text(
        encoding="utf-8").split()
    assert without == expected_without
    assert len(without) == 240


def _hand_cases() -> list[Any]:
    return json.loads((VECTORS / "hand_cases.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


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
    return [json.loads(line) for line in (VECTORS / entry["expected"]).read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("entry", manifest(), ids=lambda e: Path(e["record"]).stem)
def test_every_record_replays_with_identical_legal_sets_scores_and_rates(entry: dict[str, Any]) -> None:
    text = (VECTORS / entry["record"]).read_text(encoding="utf-8")
    expected = _expected(entry)
    got = [ply.to_json(True) for ply in walk(text, entry["rules"])]
    assert len(got) == entry["plies"] == len(expected) - 1
    for ours, theirs in zip(got, expected):
        assert ours == theirs, f"ply {theirs['ply']}"
    last = got[-1]["scores"]
    assert last == expected[-1]["scores"] == entry["final_scores"]


@pytest.mark.parametrize("entry", manifest()[::4], ids=lambda e: Path(e["record"]).stem)
def test_replay_command_prints_the_expected_bytes(entry: dict[str, Any]) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pyengine.cetkaik", "replay", "--rules", entry["rules"], "--legal",
         str(VECTORS / entry["record"])], capture_output=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr.decode()
    assert run.stdout == (VECTORS / entry["expected"]).read_bytes()


@pytest.mark.parametrize("case", invalid_cases(), ids=lambda c: Path(c["record"]).stem)
def test_invalid_records_fail_at_the_right_ply(case: dict[str, Any]) -> None:
    text = (VECTORS / case["record"]).read_text(encoding="utf-8")
    with pytest.raises(InvalidRecordError) as info:
        for _ in walk(text, case["rules"]):
            pass
    assert info.value.ply == case["error_ply"]
    assert str(info.value).startswith(f"ply {case['error_ply']}:")


@pytest.mark.parametrize("case", invalid_cases()[:2], ids=lambda c: Path(c["record"]).stem)
def test_replay_command_rejects_with_exit_1(case: dict[str, Any]) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pyengine.cetkaik", "replay", "--rules", case["rules"], str(VECTORS / case["record"])],
        capture_output=True, cwd=ROOT, timeout=60)
    assert run.returncode == 1
    first = run.stderr.decode("utf-8").splitlines()[0]
    assert first.startswith(f"ply {case['error_ply']}:")
    lines = [json.loads(x) for x in run.stdout.decode("utf-8").splitlines()]
    assert [x["ply"] for x in lines] == list(range(1, len(lines) + 1))
    assert len(lines) < case["error_ply"] and not any("end" in x for x in lines)


def test_replay_command_usage_errors_exit_2(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "pyengine.cetkaik", "replay"]
    assert subprocess.run(base + [str(tmp_path / "missing.txt")], capture_output=True, cwd=ROOT).returncode == 2
    assert subprocess.run(base + ["--rules", "strict", "x"], capture_output=True, cwd=ROOT).returncode == 2
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"\xff\xfe\xfa")
    assert subprocess.run(base + [str(bad)], capture_output=True, cwd=ROOT).returncode == 2


def test_replay_reads_stdin_with_a_bom_and_an_empty_record() -> None:
    run = subprocess.run([sys.executable, "-m", "pyengine.cetkaik", "replay", "-"], input="\ufeff".encode(),
                         capture_output=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0
    assert run.stdout.decode() == '{"end":true,"scores":{"A":20,"IA":20}}\n'
