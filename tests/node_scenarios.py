"""Scenarios run under Node with the real libraries (tests/live/*_test.mjs): one Node process runs
every scenario of a file and prints one JSON object, each scenario's name with ``{ok, ...}`` or
``{ok: false, error}``; :func:`scenario_tests` makes a test module's fixture and its two tests
(every scenario ran, and each one passed) from the file and the names it must report."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def node_results(script: Path, timeout: int) -> dict[str, Any]:
    """Every scenario's result, from one run of ``script`` under Node."""
    if not (ROOT / "node_modules" / "@noble" / "curves" / "package.json").exists():
        pytest.fail("node_modules lacks @noble/curves: run `npm ci`")
    node = shutil.which("node")
    assert node, "Node is needed"
    done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=timeout, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def scenario_tests(script: Path, names: list[str], timeout: int = 300) -> tuple[Any, Callable[..., None], Callable[..., None]]:
    """``results`` (a module-scoped fixture), ``test_every_scenario_ran`` and ``test_scenario``
    (one test per name) for a test module to bind to those names."""

    @pytest.fixture(scope="module")
    def results() -> dict[str, Any]:
        return node_results(script, timeout)

    def test_every_scenario_ran(results: dict[str, Any]) -> None:
        assert sorted(results) == sorted(names)

    @pytest.mark.parametrize("name", names)
    def test_scenario(results: dict[str, Any], name: str) -> None:
        result = results[name]
        assert result["ok"], result.get("error")

    return results, test_every_scenario_ran, test_scenario
