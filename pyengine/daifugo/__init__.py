"""Daifugō (大富豪 / 대부호 / Tycoon): the rules, the engine and the notation.

>>> from pyengine.core import load_game
>>> load_game("daifugo").info.name("ja")
'大富豪'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.lazy import lazy_exports
from .info import INFO

if TYPE_CHECKING:
    from .game import GAME, DaifugoGame
    from .rules import DaifugoRules
    from .state import DaifugoState

# The engine loads on first use: the start page imports only ``pyengine.daifugo.info``.
__getattr__ = lazy_exports(__name__, {
    "DaifugoRules": ".rules", "GAME": ".game", "DaifugoGame": ".game", "DaifugoState": ".state",
})

__all__ = ["GAME", "INFO", "DaifugoGame", "DaifugoRules", "DaifugoState"]
