"""Chabashi (차바시) with the Dido-poikas deck: the rules, the hand evaluator and the odds.

>>> from pyengine.core import load_game
>>> load_game("chabashi").info.name("ko")
'차바시'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.lazy import lazy_exports
from .info import INFO

if TYPE_CHECKING:
    from .game import GAME, ChabashiGame
    from .rules import ChabashiRules
    from .state import ChabashiState

# The engine loads on first use: the start page imports only ``pyengine.chabashi.info``.
__getattr__ = lazy_exports(__name__, {
    "ChabashiRules": ".rules", "GAME": ".game", "ChabashiGame": ".game", "ChabashiState": ".state",
})

__all__ = ["GAME", "INFO", "ChabashiGame", "ChabashiRules", "ChabashiState"]
