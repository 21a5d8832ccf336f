"""The games' own table view models, found through :mod:`pyengine.catalog`.

A game's view module (``pyengine/app/views/<game>.py``) has
``table_view(ctx: TableContext) -> dict | None`` — the JSON-ready view model of its rich
table in the page, built only from what ``ctx.viewer`` may see — and
``ui_call(session, name, args, lang) -> dict`` for the table's own requests (importing a
record, the rules panel, the odds…).  A ``ui_call`` that opens another game returns
``{"record": Record}``; the page's bridge turns it into a session.  View modules never
import the session: they see it through :class:`SessionLike`.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

from ...catalog import entry
from ...core.errors import InvalidRecordError
from ...core.game import JSON, State
from ...core.messages import msg
from ...core.record import Record


@dataclass(frozen=True, slots=True)
class TableContext:
    """What a game's rich table view is built from.

    ``states[i]`` is the state before ``actions[i]``; ``states[cursor]`` is on screen.
    ``viewer`` is the seat whose eyes the page uses (-1: a spectator), so a view must
    reveal only what ``states[cursor].observation(viewer)`` reveals.
    """

    states: Sequence[State]
    actions: Sequence[str]
    cursor: int
    viewer: int
    lang: str
    seat_kinds: Sequence[str]

    @property
    def state(self) -> State:
        return self.states[self.cursor]


class SessionLike(Protocol):
    """What a table call may read of the page's session (:class:`pyengine.app.session.Session`)."""

    record: Record
    cursor: int

    @property
    def state(self) -> State: ...

    def viewer(self) -> int: ...

    def note_hint(self) -> tuple[int, ...]: ...


def view_module(game_id: str) -> ModuleType | None:
    """The view module of ``game_id`` (imported on first use), or ``None`` for a game that
    has only the generic table."""
    name = entry(game_id).view
    return importlib.import_module(name) if name else None


def table_view(game_id: str, ctx: TableContext) -> dict[str, JSON] | None:
    """The game's rich-table view model (``None``: the page shows the generic table)."""
    module = view_module(game_id)
    result: dict[str, JSON] | None = module.table_view(ctx) if module else None
    return result


def ui_call(game_id: str, session: SessionLike | None, name: str, args: dict[str, Any],
            lang: str = "en") -> dict[str, Any]:
    """A table's own call (``ctx.gameCall(name, args)`` in the page).  Every game has
    ``hint_used``: the page shows a hint for the move to come, and the session marks that move
    (``{"hints": [ply, ...]}``, see :meth:`pyengine.app.session.Session.note_hint`)."""
    if name == "hint_used":
        if session is None:
            raise InvalidRecordError(msg("there is no game on the table"))
        return {"hints": list(session.note_hint())}
    module = view_module(game_id)
    if module is None:
        raise InvalidRecordError(msg("{game_id} has no table calls", game_id=game_id))
    result: dict[str, Any] = module.ui_call(session, name, args, lang)
    return result


def page_strings(game_id: str, lang: str) -> dict[str, str]:
    """Strings of the game's table that the engine owns (the build adds them to
    ``i18n/<game>.<lang>.json``): for Daifugō, the words of every rule option. Empty for a game whose
    view has none.

    >>> page_strings("daifugo", "ja")["daifugo.opt.clears.eight_cut.name"]
    '8切り'
    >>> page_strings("cetkaik", "en")
    {}
    """
    module = view_module(game_id)
    strings = getattr(module, "page_strings", None)
    return dict(strings(lang)) if strings else {}


__all__ = ["SessionLike", "TableContext", "page_strings", "table_view", "ui_call", "view_module"]
