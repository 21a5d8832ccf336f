"""Shared helpers for the Cetkaik tests: the golden vectors in ``shared/vectors/cetkaik``."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

VECTORS = Path(
    os.environ.get("CETKAIK_VECTORS", Path(__file__).resolve().parents[3] / "shared" / "vectors" / "cetkaik")
)


def manifest() -> list[dict[str, Any]]:
    return json.loads((VECTORS / "manifest.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def invalid_cases() -> list[dict[str, Any]]:
    return json.loads((VECTORS / "invalid" / "expected.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]

