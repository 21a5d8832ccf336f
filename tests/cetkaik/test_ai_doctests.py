"""The docstring examples of the Cetkaik AI modules run as tests (in CPython and Pyodide)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["search", "bots", "protocol", "attacks", "evaluation", "master"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"pyengine.ai.cetkaik.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
