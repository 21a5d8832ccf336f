"""Daifugō (大富豪 / 대부호 / Tycoon): the engine, its rules, notation and the UECda client.

>>> from pyengine.core import load_game
>>> load_game("daifugo").info.name("ja")
'大富豪'
"""

from __future__ import annotations

from .info import INFO
from .rules import DaifugoRules
from .state import DAIFUGO, DaifugoGame, DaifugoState

__all__ = ["DAIFUGO", "INFO", "DaifugoGame", "DaifugoRules", "DaifugoState"]
