"""Saved games: what the page keeps in local storage to survive a reload, restoring it, and
what the page's library lists about a game.

A save holds the full record at the position on screen, the undo memory (so a reload cannot
re-roll a cast or a deal) and, playing by link, the fair-play state; it is JSON, versioned
(:data:`SAVE_VERSION`).

>>> from pyengine.app.session import Session
>>> s = Session.new("cetkaik")
>>> from_save(save_json(s)).record == s.record
True
"""

from __future__ import annotations

import json
from typing import Any

from ..core import EngineError
from ..core.codec import load_json
from ..core.errors import IllegalActionError, InvalidLinkError
from ..core.messages import msg
from .fairplay import FairPlay
from .session import Session

SAVE_VERSION = 2
"""Saved games: ``{"v": 2, "fragment", "memory", "fair"?, "floor"?}`` (version 1 still opens)."""


def save_json(session: Session) -> str:
    """What the page keeps in local storage to survive a reload: the full record at this
    position and the undo memory (so a reload cannot re-roll either)."""
    data: dict[str, Any] = {"v": SAVE_VERSION, "fragment": session.fragment(), "memory": session.memory}
    if session.fair is not None:
        data["fair"] = session.fair.to_json()
        data["floor"] = session.floor
    return json.dumps(data)


def from_save(text: str) -> Session:
    """Restore a saved game; a corrupt or tampered save raises :class:`InvalidLinkError`."""
    try:
        data = load_json(text)
    except (TypeError, ValueError):
        raise InvalidLinkError(msg("the saved game is not readable"), "bad_save") from None
    if not isinstance(data, dict) or data.get("v") not in (1, SAVE_VERSION) or not isinstance(
            data.get("fragment"), str):
        raise InvalidLinkError(msg("the saved game is not in a format this version can read"), "bad_save")
    memory = data.get("memory", {})
    if not isinstance(memory, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= 64 and len(v) <= 200 for k, v in memory.items()):
        raise InvalidLinkError(msg("the saved game is damaged (its chance memory is unreadable)"), "bad_save")
    session = Session.from_fragment(data["fragment"])
    session.memory = dict(memory)
    if "fair" in data:
        session.fair = FairPlay.from_json(data["fair"])
        floor = data.get("floor", 0)
        session.floor = floor if isinstance(floor, int) and 0 <= floor <= len(session.record.actions) else 0
        if session.fair.game_id != session.game_id:
            raise InvalidLinkError(msg("the saved game's fair-play data belongs to another game"), "bad_save")
        session.fair.check_outcomes(session.states, session.record.actions)
    return session


def continues(session: Session, save: str) -> bool:
    """Whether this game is the saved one or goes on from it (the same game, with every move
    the saved one has), so that keeping this one in its place loses nothing."""
    try:
        saved = from_save(save)
    except EngineError:
        return True  # an unreadable save holds nothing to keep
    mine, theirs = session.record.actions, saved.record.actions
    return saved.save_key == session.save_key and mine[: len(theirs)] == theirs


def remember(session: Session, other: Session) -> None:
    """Take the chance outcomes another copy of this game (the same set-up) has drawn: its
    memory and every chance action of its record, so that no line of play this one takes
    can re-roll what was already drawn there (what this one drew itself takes precedence)."""
    if other.setup_record() != session.setup_record():
        raise IllegalActionError(msg("these are not the same game"))
    drawn = dict(other.memory)
    for ply, action in enumerate(other.record.actions):
        if other.states[ply].is_chance():
            drawn[other.prefix_digest(ply)] = action
    session.memory = {**drawn, **session.memory}


def library_entry(session: Session) -> dict[str, Any]:
    """What the page's library lists about this game (the page adds the dates)."""
    return {
        "key": session.save_key,
        "game": session.record.game,
        "seats": [s.kind for s in session.record.seats],
        "ply": session.cursor,
        "length": len(session.record.actions),
        "status": session.status(),
        "to_move": session.state.current_player,
        "returns": [float(r) for r in session.state.returns()],
    }


__all__ = ["SAVE_VERSION", "continues", "from_save", "library_entry", "remember", "save_json"]
