"""The page's bridge (``web/main.py``) loaded as a module of its own, fresh for each test."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BRIDGE = Path(__file__).resolve().parents[2] / "web" / "main.py"


@pytest.fixture
def bridge() -> ModuleType:
    spec = importlib.util.spec_from_file_location("page_bridge", BRIDGE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
