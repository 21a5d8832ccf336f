"""Bots decide alike in Pyodide inside a Chromium Worker (as on the page) and in CPython (issue 19).

The same positions (``tests/bot_decisions.py``) are decided by every level of every game in a
module Worker of Chromium running the site's wheel, and in this process; the decisions must be
identical and no safety net may trip in either.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools"))

from bot_decisions import GAMES, report, script  # noqa: E402
from pyodide_run import result_of, run_python_in_chromium  # noqa: E402


def test_chromium_worker_decides_as_cpython(site: Path, browser: Any) -> None:
    count = 6
    there = result_of(run_python_in_chromium(script(count), public=site, browser=browser))
    here = report(count)
    assert here["trips"] == there["trips"] == 0
    assert {len(here["decisions"][g]["random"]) for g in GAMES} == {count}
    for game_id in GAMES:
        assert here["decisions"][game_id] == there["decisions"][game_id], game_id
