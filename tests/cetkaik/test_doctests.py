"""The docstrings' examples of the Cetkaik package run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["__init__", "board", "describe", "kiaak", "kiaak_text", "movegen", "notation", "rules", "scoring"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module("pyengine.cetkaik" + ("" if name == "__init__" else f".{name}"))
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
