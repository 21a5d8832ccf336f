"""Seat replicas: a game played from one seat's knowledge (OpenSpiel's information state).

A table whose browsers each hold only their own cards cannot run the full state anywhere.
Instead every step of the game becomes one :class:`SeatEvent` per seat (the game's
``seat_events(before, action, after)``): the action as that seat may know it (each card hidden
from it written ``?``) and what the step shows it (the cards it is dealt or handed, the cards
turned face up, the answers it may know to the rules' reads of hidden cards).  A seat's
:class:`Replica` starts where every game starts, at a position that holds no secret yet, and is
advanced by that seat's events alone.  It never holds another seat's secret; where it needs a
card it cannot see, it uses a guess of its own that nothing it shows depends on.  It then
decides everything the seat's table shows (its ``observation``, which each game's conformance
test proves equal to the full state's ``observation(seat)`` at every step, and the seat's legal
actions) with the game's own rules: there is no second copy of them.

A game without secrets needs nothing more than the actions: :class:`PublicReplica` is its
replica, the state itself advanced by every seat's (identical) events (:func:`public_events`).
Every game's replica is a :class:`StateReplica`: a state of the game's own (the full one here, one
holding the seat's guesses in a game with secrets) from which the seat's observation, the seat to
act and its legal actions are read.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from .errors import EngineError
from .game import CHANCE, JSON, TERMINAL, check_seat

if TYPE_CHECKING:
    from .game import State

S = TypeVar("S", bound="State")

HIDDEN = "?"
"""How an event's action writes a card that its seat cannot see."""


class ReplicaError(EngineError):
    """An event that does not fit the replica it is applied to (another seat's, out of order)."""


@dataclass(frozen=True, slots=True)
class SeatEvent:
    """What ``seat`` receives of one step of the game: JSON-ready, free of other seats' secrets."""

    seat: int
    action: str
    """The action in the game's notation, each card hidden from ``seat`` written ``?``."""
    shown: Mapping[str, JSON] = field(default_factory=dict)
    """What the step shows this seat beyond the action (each game's replica says what)."""

    def to_json(self) -> dict[str, JSON]:
        """The event as it would travel to the seat's browser."""
        return {"seat": self.seat, "action": self.action, **self.shown}


class Replica(ABC):
    """One seat's copy of a game, advanced by that seat's :class:`SeatEvent` values only.

    Immutable, like a state: :meth:`apply` returns a new replica.
    """

    __slots__ = ()

    @property
    @abstractmethod
    def seat(self) -> int:
        """The seat whose knowledge this is."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`~pyengine.core.game.CHANCE` or :data:`~pyengine.core.game.TERMINAL`."""

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    @abstractmethod
    def observation(self) -> dict[str, JSON]:
        """The seat's observation: what the full state's ``observation(seat)`` is now."""

    @abstractmethod
    def legal_actions(self) -> tuple[str, ...]:
        """The seat's legal actions when it is to act (sorted, as the full state lists them), else ``()``."""

    @abstractmethod
    def apply(self, event: SeatEvent) -> Replica:
        """The replica after the step that ``event`` (this seat's) tells of."""

    def _check(self, event: SeatEvent) -> None:
        if event.seat != self.seat:
            raise ReplicaError(f"an event for seat {event.seat} given to seat {self.seat}'s replica")


def public_events(before: State, action: str, after: State) -> tuple[SeatEvent, ...]:
    """Every seat's event of a step in a game without secrets: the action itself."""
    del after  # nothing is hidden: the action says everything
    return tuple(SeatEvent(seat, action) for seat in range(before.num_players))


class StateReplica(Replica, Generic[S]):
    """A replica that answers from a state of the game's own, stepped by the seat's events.

    The state is the full game's where nothing is secret (:class:`PublicReplica`), else one whose
    hidden cards are the seat's guesses; either way the seat's observation, the seat to act and its
    legal actions are read from it with the game's own rules.  Each game says how its events step it
    (:meth:`apply`).
    """

    __slots__ = ("_seat", "_state")

    def __init__(self, state: S, seat: int) -> None:
        self._state = state
        self._seat = seat

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def current_player(self) -> int:
        return self._state.current_player

    @property
    def guess_state(self) -> S:
        """The state itself: its hidden cards are guesses, so only what the seat may see of it
        (where cards lie, who knows them, the public counts) means anything."""
        return self._state

    def observation(self) -> dict[str, JSON]:
        return self._state.observation(self._seat)

    def legal_actions(self) -> tuple[str, ...]:
        state = self._state
        return state.legal_actions() if state.current_player == self._seat else ()


class PublicReplica(StateReplica["State"]):
    """The replica of a game without secrets: the state itself, advanced by the actions."""

    __slots__ = ()

    def __init__(self, state: State, seat: int) -> None:
        check_seat(seat, state.num_players)
        super().__init__(state, seat)

    def apply(self, event: SeatEvent) -> PublicReplica:
        self._check(event)
        return PublicReplica(self._state.apply(event.action), self._seat)


__all__ = ["HIDDEN", "PublicReplica", "Replica", "ReplicaError", "SeatEvent", "StateReplica", "public_events"]
