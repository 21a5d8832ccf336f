"""The registry of games, loaded lazily.

Each entry names its :class:`GameInfo` (cheap: the start page lists games from it) and the
module and attribute of its :class:`Game` object, imported on first use.  The built-in
games are registered by :mod:`pyengine.catalog` when :mod:`pyengine` is imported.

>>> [info.id for info in list_games()][:3]
['cetkaik', 'daifugo', 'chabashi']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from .errors import UnknownGameError
from .game import Game, GameInfo
from .messages import msg


@dataclass(frozen=True, slots=True)
class Entry:
    info: GameInfo
    target: str  # "package.module:ATTRIBUTE"


_ENTRIES: dict[str, Entry] = {}
_LOADED: dict[str, Game] = {}


def register(info: GameInfo, target: str) -> None:
    """Register a game (idempotent for the same target)."""
    old = _ENTRIES.get(info.id)
    if old is not None and old.target != target:
        raise ValueError(f"game id {info.id!r} is already registered for {old.target}")
    _ENTRIES[info.id] = Entry(info, target)


def list_games() -> list[GameInfo]:
    """Every registered game's metadata, in registration order, without importing them."""
    return [e.info for e in _ENTRIES.values()]


def load_game(game_id: str) -> Game:
    """The game object for ``game_id`` (imports its module the first time)."""
    game = _LOADED.get(game_id)
    if game is not None:
        return game
    entry = _ENTRIES.get(game_id)
    if entry is None:
        raise UnknownGameError(msg("unknown game {game_id}", game_id=repr(game_id)))
    module_name, _, attr = entry.target.partition(":")
    game = getattr(importlib.import_module(module_name), attr)
    if not isinstance(game, Game):
        raise TypeError(f"{entry.target} is not a Game")
    _LOADED[game_id] = game
    return game
