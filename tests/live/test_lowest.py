"""The hidden-lowest protocol of live Daifugō tables (web/live/lowest.js: who holds the earliest
card anyone holds, found by every seat together, where blind cards lie out) under Node with the
real @noble libraries: tests/live/lowest_test.mjs runs every scenario in one Node process and
reports each one here.  Honest tables find the seat and nothing else (the zero that marks it
lands in any column); a key its seat cannot prove, a wrong opening and a malformed message are
refused at once; a list that is not yes or no, a mix that changes who leads and a revealed key
that is not the one said are named by the end's audit."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.cpython_only  # runs Node

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCENARIOS = [
    "honest_tables_find_the_leader_and_only_the_leader",
    "the_zero_moves_to_any_column",
    "a_key_without_its_proof_is_refused",
    "a_wrong_opening_is_refused_at_once",
    "a_list_that_is_not_yes_or_no_is_named_at_the_end",
    "a_mix_that_changes_the_answer_is_named_at_the_end",
    "a_revealed_key_that_is_not_its_own_is_named",
    "a_malformed_message_is_refused",
]


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    if not (ROOT / "node_modules" / "@noble" / "curves" / "package.json").exists():
        pytest.fail("node_modules lacks @noble/curves: run `npm ci`")
    node = shutil.which("node")
    assert node, "Node is needed"
    done = subprocess.run([node, str(HERE / "lowest_test.mjs")], capture_output=True, text=True, timeout=300,
                          cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def test_every_scenario_ran(results: dict[str, Any]) -> None:
    assert sorted(results) == sorted(SCENARIOS)


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario(results: dict[str, Any], name: str) -> None:
    result = results[name]
    assert result["ok"], result.get("error")
