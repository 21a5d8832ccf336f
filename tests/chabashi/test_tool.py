"""The ``python -m pyengine.chabashi evaluate`` tool (§13), run as a real subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # runs the tool as a subprocess

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (
    "R2 B3 | Y4 G5\nY8 B4 | R2 G6\nY8 B4 R2 | G6 R7\nR0 B1 | Y2 G6\nR3 R5 | B1 G7\n"
    "R4 B4 Y4 | G4 B6\nG5 R1 | G8 B2 Y2 R3\nR6 Y6 | B1 G1 R5 B2\nR1 R2 | R3 B5\nR1 | B2 Y3\n"
)


def run(stdin: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "pyengine.chabashi", "evaluate", *args],
        input=stdin.encode("utf-8"), capture_output=True, cwd=ROOT, env=env, timeout=60,
    )


def test_the_specification_example_under_seed() -> None:
    done = run(EXAMPLE)
    assert done.returncode == 0
    assert done.stdout.decode("utf-8").splitlines() == [
        "사색연\tY4 G5", "혼선야행\tR2 G6", "끗\tG6 R7", "야색군주\tY2 G6", "최고패\tB1 G7",
        "쌍연패\tG4 B6", "혼선야행\tB2 Y2", "야색군주\tG1 B2", "최고패\tR3 B5", "error\thand must have 2 or 3 cards",
    ]


def test_balanced_preset() -> None:
    done = run(EXAMPLE, "--preset", "balanced")
    lines = done.stdout.decode("utf-8").splitlines()
    assert done.returncode == 0 and len(lines) == 10
    assert lines[3] == "삼연패\tY2 G6" and lines[7] == "쌍연패\tB1 G1"


@pytest.mark.parametrize(
    "line",
    ["R1 B2 Y3 G4", "R1 | B2 | Y3", "", "R1 b2 | Y3 G4", "R1 B9 | Y3 G4", "R1 B2 | Y3 R10", "R1 R1 | Y3 G4",
     "R1 B2 Y3 G4 | R5 R6", "R1 B2 | Y3", "R1 B2 | Y3 G4 R5 R6 R7", "R1 B2 Y3 | G4 G5 G6 G7", "X1 B2 | Y3 G4"],
)
def test_invalid_lines_print_error_and_go_on(line: str) -> None:
    done = run(line + "\nR2 B3 | Y4 G5\n")
    out = done.stdout.decode("utf-8").splitlines()
    assert done.returncode == 0
    assert len(out) == 2 and out[0].startswith("error\t") and len(out[0]) > 6
    assert out[1] == "사색연\tY4 G5"


def test_spaces_around_bar_are_optional_and_crlf_is_accepted() -> None:
    done = run("R2 B3|Y4 G5\r\n  R2   B3 |Y4\tG5")
    assert done.stdout.decode("utf-8").splitlines() == ["사색연\tY4 G5", "사색연\tY4 G5"]


def test_unknown_preset_is_a_usage_error() -> None:
    done = run("R2 B3 | Y4 G5\n", "--preset", "nonsense")
    assert done.returncode == 2 and done.stdout == b"" and done.stderr


def test_every_printed_pair_achieves_the_category() -> None:
    from pyengine.chabashi.cards import cards
    from pyengine.chabashi.hands import KOREAN, evaluator
    from pyengine.chabashi.tool import evaluate_line, parse_line

    ev = evaluator()
    lines = ["R1 B2 Y3 | G4 G5 G6", "B4 R7 | Y8 G0 R0 B0", "Y2 Y7 | R3 R5 B2 B4", "G0 R8 | R0 B0 Y0 G8"]
    for line in lines:
        name, pair = evaluate_line(line, ev).split("\t")
        hand, floor = parse_line(line)
        assert KOREAN[ev.evaluate(hand, cards(pair)).category] == name
        assert set(cards(pair)) <= set(floor)
