"""Opening a link: a shared record, a set-up link that resumes the saved game it hides, or a game
played by link between two devices (joined, or continued with the opponent's moves, every
commitment and every recorded cast checked).

>>> from pyengine.app.session import Session
>>> s = Session.new("cetkaik")
>>> open_link(s.fragment()).record == s.record
True
"""

from __future__ import annotations

from dataclasses import replace

from ..core import EngineError, Record, decode_fragment
from ..core.errors import InvalidLinkError
from ..core.messages import message_of, msg
from .fairplay import Event, FairPlay
from .saves import from_save, remember
from .session import FAIR_KEY, GAME_ID_KEY, HINTS_KEY, MODE_KEY, Session, parse_hints, unopenable, with_hints


class OlderLinkError(InvalidLinkError):
    """A play-by-link link older than the game this device already has (it changes nothing)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "older")


def open_link(fragment: str, save: str | None = None) -> Session:
    """Open a link; a set-up link of a private game resumes the saved game played
    from that set-up (a reload must not lose the game the address bar hides)."""
    record = decode_fragment(fragment)
    meta = dict(record.meta)
    if FAIR_KEY in meta:
        return _open_link_game(record, meta, save)
    session = Session.from_fragment(fragment)
    if save:
        try:
            saved = from_save(save)
        except EngineError:
            return session
        if saved.setup_record() == session.setup_record():
            if not session.record.actions:
                return saved
            # an earlier position of a game kept here: the casts and deals drawn there stay drawn
            remember(session, saved)
    return session


def _open_link_game(record: Record, meta: dict[str, str], save: str | None) -> Session:
    """A play-by-link link: continue this device's game, or join it as the seat the link
    was sent to.  Every commitment and every recorded cast is checked."""
    transcript = FairPlay.decode_transcript(meta.pop(FAIR_KEY))
    game_id = meta.get(GAME_ID_KEY)
    if not game_id or meta.get(MODE_KEY) != "link":
        raise InvalidLinkError(msg("this play-by-link link is damaged (it names no game)"))
    plain = replace(record, cursor=None, meta=tuple(sorted(meta.items())))
    saved = None
    if save:
        try:
            saved = from_save(save)
        except EngineError:
            saved = None
    if saved is not None and saved.fair is not None and saved.game_id == game_id:
        receive_link(saved, plain, transcript)
        return saved
    try:
        session = Session.from_record(plain)
    except EngineError as exc:
        raise unopenable(exc, record.game) from None
    session.fair = FairPlay.join(game_id, transcript)
    session.fair.check_outcomes(session.states, session.record.actions)
    session.floor = len(plain.actions)
    return session


def take_link(session: Session, fragment: str) -> None:
    """A live table: the friend's link into the play-by-link game on the table, which it must
    continue (an older one raises :class:`OlderLinkError`; nothing changes if it is refused).

    >>> a = Session.new("cetkaik", by_link=True)
    >>> b = open_link(a.link_to_send())  # the friend joins; both wait for the first contest
    >>> a.waiting_for(), b.waiting_for()
    ('secret', 'secret')
    >>> take_link(a, b.link_to_send())  # b's open secret: a can cast the contest
    >>> a.waiting_for() is None
    True
    >>> take_link(a, Session.new("cetkaik", by_link=True).link_to_send())
    Traceback (most recent call last):
    ...
    pyengine.core.errors.InvalidLinkError: this link does not continue your game: its moves differ from yours
    """
    if session.fair is None:
        raise InvalidLinkError(msg("this game is not played by link"), "not_this_game")
    record = decode_fragment(fragment)
    meta = dict(record.meta)
    if FAIR_KEY not in meta or meta.get(GAME_ID_KEY) != session.game_id or meta.get(MODE_KEY) != "link":
        raise InvalidLinkError(msg("this link does not continue your game: its moves differ from yours"),
                               "not_this_game")
    transcript = FairPlay.decode_transcript(meta.pop(FAIR_KEY))
    receive_link(session, replace(record, cursor=None, meta=tuple(sorted(meta.items()))), transcript)


def receive_link(session: Session, record: Record, transcript: tuple[Event, ...]) -> None:
    """Take the opponent's link into this device's play-by-link game (nothing changes if
    it is refused)."""
    assert session.fair is not None
    mine, theirs = session.record.actions, record.actions
    if theirs[: len(mine)] != mine:
        if mine[: len(theirs)] == theirs:
            raise OlderLinkError(msg("this link is older than your game: you already have everything in it"))
        raise InvalidLinkError(msg("this link does not continue your game: its moves differ from yours"),
                               "not_this_game")
    fair = session.fair.copy()
    try:
        fair.receive(transcript)
    except InvalidLinkError as exc:
        if "older" in str(exc):
            raise OlderLinkError(message_of(exc)) from None
        raise
    try:
        states = record.replay()
    except EngineError as exc:
        raise unopenable(exc, record.game) from None
    previous = (session.fair, session.record, session.states, session.cursor)
    marks = {*session.hints(), *parse_hints(dict(record.meta).get(HINTS_KEY))}
    merged = with_hints(replace(record, cursor=None), [p for p in marks if p <= len(theirs) + 1])
    session.put_on_table(merged, states, fair)
    try:
        fair.check_outcomes(states, merged.actions)
    except InvalidLinkError:
        session.fair, session.record, session.states, session.cursor = previous
        raise
    session.floor = len(record.actions)


__all__ = ["OlderLinkError", "open_link", "receive_link", "take_link"]
