"""The bot levels of every game, found through :mod:`pyengine.catalog`.

>>> list(levels("cetkaik"))
['random', 'greedy', 'rules', 'strong', 'master']
>>> bot_class("daifugo", "greedy").__name__
'GreedyBot'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from ..catalog import entry
from ..core.errors import InvalidRecordError
from .bot import Bot


def levels(game_id: str) -> Mapping[str, type[Bot]]:
    """``{level: Bot class}`` for ``game_id``, weakest first (every game has ``random``)."""
    module_name, _, attr = entry(game_id).bots.partition(":")
    found: Mapping[str, type[Bot]] = getattr(importlib.import_module(module_name), attr)
    return found


def bot_class(game_id: str, level: str) -> type[Bot]:
    """The bot class of one level; an unknown level is :class:`InvalidRecordError`."""
    table = levels(game_id)
    if level not in table:
        raise InvalidRecordError(f"{game_id} has no bot level {level!r}")
    return table[level]


__all__ = ["bot_class", "levels"]
