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

from hypothesis import settings

sys.path.insert(0, os.path.dirname(__file__))

from toygame import INFO  # noqa: E402

from pyengine import catalog  # noqa: E402

catalog.add(catalog.Entry(INFO, "toygame:KUHN"))

settings.register_profile("default", deadline=None, derandomize=True, database=None)
settings.register_profile("pyodide", deadline=None, derandomize=True, database=None, max_examples=25)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
