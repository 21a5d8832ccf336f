"""Test set-up shared by every layer.

* The toy game joins the registry so the conformance suite always has a game with chance
  and hidden information, whatever games have landed.
* Hypothesis profiles: ``default`` (CPython) and ``pyodide`` (fewer examples: the same
  tests run inside Pyodide under Node, which is slower).  Both are derandomised so a run
  repeats exactly, with no deadline (CI machines are shared).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from hypothesis import settings

sys.path.insert(0, os.path.dirname(__file__))

from toygame import INFO  # noqa: E402

from pyengine import catalog  # noqa: E402

catalog.add(catalog.Entry(INFO, "toygame:KUHN"))

settings.register_profile("default", deadline=None, derandomize=True, database=None)
settings.register_profile("pyodide", deadline=None, derandomize=True, database=None, max_examples=25)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_ignore_collect(collection_path: Any, config: Any) -> bool | None:
    """tests/e2e_live (browsers connected by WebRTC) runs only when named, inside a network
    namespace of its own (its conftest says how): a run of all of tests/ leaves it out."""
    if collection_path.name == "e2e_live" and not any("e2e_live" in str(a) for a in config.args):
        return True
    return None
