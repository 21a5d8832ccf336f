"""The catalogue: the one module that names every game and where its parts live.

Each game is an :class:`Entry`: its metadata (cheap, imported here: the start page lists
games from it) and, as ``"module:ATTRIBUTE"`` or module strings, its engine
(:class:`~pyengine.core.game.Game` object), its bot levels (in :mod:`pyengine.ai`), its
table's view model and table calls (in :mod:`pyengine.app.views`) and the long computations
the page's Worker runs for it (in :mod:`pyengine.app.tasks`).  Nothing is imported before
it is used, so the rings stay apart: the engines (ring 1) know nothing of bots or views,
and only the code that needs a part (:mod:`pyengine.ai.levels`, :mod:`pyengine.app.views`,
:mod:`pyengine.app.worker`) resolves its string.

Importing :mod:`pyengine` imports this module, which registers every engine with
:mod:`pyengine.core.registry`.

>>> [e.id for e in BUILTIN]
['cetkaik', 'daifugo', 'chabashi']
>>> entry("daifugo").bots
'pyengine.ai.daifugo.bots:LEVELS'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cetkaik.info import INFO as CETKAIK_INFO
from .chabashi.info import INFO as CHABASHI_INFO
from .core.errors import UnknownGameError
from .core.game import GameInfo
from .core.registry import register
from .daifugo.info import INFO as DAIFUGO_INFO


@dataclass(frozen=True, slots=True)
class Entry:
    """Where one game's parts live (strings: nothing is imported until used)."""

    info: GameInfo
    engine: str  # "module:ATTRIBUTE" of the Game object (ring 1: the rules only)
    bots: str = "pyengine.ai.bot:RANDOM_ONLY"  # "module:ATTRIBUTE" of {level: Bot class}, weakest first
    view: str | None = None  # module with table_view(ctx) and ui_call(...); None: the generic table
    tasks: str | None = None  # module whose public functions (its __all__) the Worker runs as tasks

    @property
    def id(self) -> str:
        return self.info.id


BUILTIN: tuple[Entry, ...] = (
    Entry(CETKAIK_INFO, "pyengine.cetkaik.game:GAME", "pyengine.ai.cetkaik.bots:LEVELS",
          "pyengine.app.views.cetkaik", "pyengine.app.tasks.cetkaik"),
    Entry(DAIFUGO_INFO, "pyengine.daifugo.game:GAME", "pyengine.ai.daifugo.bots:LEVELS",
          "pyengine.app.views.daifugo", "pyengine.app.tasks.daifugo"),
    Entry(CHABASHI_INFO, "pyengine.chabashi.game:GAME", "pyengine.ai.chabashi.bots:LEVELS",
          "pyengine.app.views.chabashi", "pyengine.app.tasks.chabashi"),
)


_ENTRIES: dict[str, Entry] = {}


def add(e: Entry) -> None:
    """Add a game to the catalogue and its engine to the registry (the built-in games are
    added on import; the test suite adds a toy game the same way)."""
    register(e.info, e.engine)
    _ENTRIES[e.id] = e


def entries() -> list[Entry]:
    """Every game in the catalogue, in the order they were added."""
    return list(_ENTRIES.values())


def entry(game_id: str) -> Entry:
    """The catalogue entry of ``game_id``."""
    found = _ENTRIES.get(game_id)
    if found is None:
        raise UnknownGameError(f"unknown game {game_id!r}")
    return found


for _e in BUILTIN:
    add(_e)

__all__ = ["BUILTIN", "Entry", "add", "entries", "entry"]
