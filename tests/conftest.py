"""Test set-up: the toy game joins the registry so the conformance suite always has a game
with chance and hidden information, whatever games have landed."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from pyengine.core import registry  # noqa: E402
from toygame import INFO  # noqa: E402

registry.register(INFO, "toygame:KUHN")
