"""The engine's error hierarchy.

Every error a caller can provoke with bad input is a :class:`ValueError` subclass with a
message written for people: the UI shows it as is.

>>> issubclass(IllegalActionError, EngineError) and issubclass(EngineError, ValueError)
True
"""

from __future__ import annotations

from .messages import msg


class EngineError(ValueError):
    """Base class of every error raised for bad input."""


class IllegalActionError(EngineError):
    """An action that is well-formed but not legal in this state (or not this seat's turn)."""


class InvalidNotationError(EngineError):
    """A string that is not an action, card, square or record token at all."""


class InvalidSeatError(EngineError):
    """A seat number that is not ``-1`` (a spectator) or ``0..n-1`` (or not a number at all),
    given to :meth:`~pyengine.core.game.State.observation` or
    :meth:`~pyengine.core.game.State.apply_as`."""


class InvalidRulesError(EngineError):
    """Rules that cannot be decoded, or a combination of options that is refused."""


class InvalidRecordError(EngineError):
    """A record that cannot be read or does not replay.

    ``ply`` is the 1-based index of the first action that failed, or ``None`` when the
    problem is not tied to one action (a garbled header, an unknown game).
    """

    def __init__(self, message: str, ply: int | None = None) -> None:
        super().__init__(message if ply is None else msg("ply {ply}: {reason}", ply=ply, reason=message))
        self.ply = ply
        self.reason = message


class InvalidLinkError(EngineError):
    """A share-link fragment (or a saved game) that is garbled, truncated, tampered with or
    from the future.

    ``code`` says what is wrong in a stable word the page translates (the English message
    stays for details and logs); ``params`` fills its placeholders:

    ============== ==========================================================
    ``not_a_link``  not one of our links at all (empty, not text, no version)
    ``too_long``    longer than any link we make
    ``newer_version`` made by a newer version of the app (``version``)
    ``damaged``     cut short or altered (bad base64, checksum, JSON)
    ``unknown_game`` names a game this version does not have (``game``)
    ``illegal_record`` well-formed but does not replay (``reason``, ``ply``)
    ``not_this_game`` a play-by-link link of another game than this device's
    ``older``       a play-by-link link this device has gone past
    ``bad_save``    a saved game that cannot be read
    ============== ==========================================================

    >>> e = InvalidLinkError("this link was made by a newer version of the app", "newer_version", version=3)
    >>> e.code, e.params, str(e)
    ('newer_version', {'version': 3}, 'this link was made by a newer version of the app')
    """

    def __init__(self, message: str, code: str = "damaged", **params: str | int | None) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class UnknownGameError(EngineError):
    """A game id that is not registered."""
