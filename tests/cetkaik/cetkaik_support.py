"""Shared helpers for the Cetkaik tests: the golden vectors in ``../shared/vectors/cetkaik``.

The vectors live outside this repository, beside the checkout (``CETKAIK_VECTORS`` names
another folder).  Collection never reads them: without them, every test that needs them
fails with one clear message (:data:`MISSING`) and every other test still runs.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

VECTORS = Path(
    os.environ.get("CETKAIK_VECTORS", Path(__file__).resolve().parents[3] / "shared" / "vectors" / "cetkaik")
)
MISSING = (f"../shared/vectors is missing: no Cetkaik golden vectors at {VECTORS} (they are shared beside "
           "this repository, in ../shared/vectors/cetkaik; CETKAIK_VECTORS names another folder)")


def present() -> bool:
    return (VECTORS / "manifest.json").is_file()


def vectors() -> Path:
    """The vectors' folder; fails the calling test with :data:`MISSING` when it is not there."""
    if not present():
        pytest.fail(MISSING, pytrace=False)
    return VECTORS


def read(relative: str) -> str:
    return (vectors() / relative).read_text(encoding="utf-8")


def manifest() -> list[dict[str, Any]]:
    return json.loads(read("manifest.json"))  # type: ignore[no-any-return]


def invalid_cases() -> list[dict[str, Any]]:
    return json.loads(read("invalid/expected.json"))  # type: ignore[no-any-return]


def cases(load: Callable[[], list[dict[str, Any]]]) -> list[Any]:
    """Test parameters over the entries ``load()`` gives, named after their records; without
    the vectors a single parameter ``None``, whose test fails with :data:`MISSING`."""
    if not present():
        return [pytest.param(None, id="vectors-missing")]
    return [pytest.param(e, id=Path(e["record"]).stem) for e in load()]


@functools.cache
def records() -> dict[str, tuple[str, str]]:
    """Every manifest record's text and rules, by the record file's stem."""
    return {Path(e["record"]).stem: (read(e["record"]), e["rules"]) for e in manifest()}


def record_names() -> list[str]:
    """The records' stems (for parametrising; ``["vectors-missing"]`` without the vectors)."""
    return sorted(Path(e["record"]).stem for e in manifest()) if present() else ["vectors-missing"]
