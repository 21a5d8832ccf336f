"""The engine's error hierarchy.

Every error a caller can provoke with bad input is a :class:`ValueError` subclass with a
message written for people: the UI shows it as is.

>>> issubclass(IllegalActionError, EngineError) and issubclass(EngineError, ValueError)
True
"""

from __future__ import annotations


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
        super().__init__(message if ply is None else f"ply {ply}: {message}")
        self.ply = ply
        self.reason = message


class InvalidLinkError(EngineError):
    """A share-link fragment that is garbled, truncated, tampered with or from the future."""


class UnknownGameError(EngineError):
    """A game id that is not registered."""
