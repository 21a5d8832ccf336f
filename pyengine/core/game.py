"""The game protocol every game implements.

A game is a :class:`Game` object (metadata, rules type, initial state) and its
immutable :class:`State` values.  The protocol knows nothing of bots or of the page:
bots live in :mod:`pyengine.ai`, views in :mod:`pyengine.app.views`, and
:mod:`pyengine.catalog` says where each game's are.  Actions are strings in the game's stable, context-free
notation, one string per action (:meth:`State.apply` refuses any other spelling): the same
strings appear in records, share links, the page's automation API and bot decisions.
Chance (a stick cast, a shuffle) is a state of its own whose outcomes are
strings with exact :class:`~fractions.Fraction` probabilities; applying an outcome is the
same ``apply`` call as applying a move.

``current_player`` is a seat number ``0..n-1``, or :data:`CHANCE`, or :data:`TERMINAL`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Final

from .errors import IllegalActionError, InvalidNotationError, InvalidSeatError
from .messages import msg, words

if TYPE_CHECKING:
    from .replica import Replica, SeatEvent
    from .rules import Rules

JSON = None | bool | int | float | str | Sequence["JSON"] | Mapping[str, "JSON"]
"""What ``observation`` returns: only JSON-serialisable values."""

CHANCE: Final = -1
"""``current_player`` of a chance node."""
TERMINAL: Final = -2
"""``current_player`` of a finished game."""

LANGUAGES: Final = ("en", "ko", "ja")
"""The languages every human-facing text is offered in."""


def check_seat(seat: object, num_players: int) -> None:
    """Raise :class:`~pyengine.core.errors.InvalidSeatError` unless ``seat`` is ``-1``
    (a spectator, or chance in :meth:`State.apply_as`) or a seat ``0..num_players-1``.

    >>> check_seat(2, 3)
    >>> check_seat(3, 3)
    Traceback (most recent call last):
    ...
    pyengine.core.errors.InvalidSeatError: there is no seat 3: seats are 0–2 (or -1 for a spectator)
    """
    if type(seat) is not int or not -1 <= seat < num_players:
        shown = seat if type(seat) is int else repr(seat)
        raise InvalidSeatError(msg("there is no seat {seat}: seats are 0–{last} (or -1 for a spectator)", seat=shown,
                                   last=num_players - 1))


def spelling_message(canonical: str, text: str) -> str:
    """The message that refuses another spelling of an action.

    >>> spelling_message("H9.D9", "D9.H9")
    'write H9.D9, not D9.H9 (each action has one spelling)'
    """
    return msg("write {canonical}, not {text} (each action has one spelling)", canonical=canonical, text=text)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the start page and the tools know about a game without loading it."""

    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    default_players: int
    has_chance: bool
    hidden_information: bool
    summary: Mapping[str, str] = field(default_factory=dict)

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names["en"]


class State(ABC):
    """An immutable game state.

    Subclasses must be immutable values: ``apply`` returns a new state, and two states
    reached by the same actions compare equal (``==``) and hash alike.
    """

    __slots__ = ()

    game_id: ClassVar[str]
    """The registered id of the game (``load_game(state.game_id)`` is its :class:`Game`)."""

    @property
    @abstractmethod
    def rules(self) -> Rules:
        """The rules in force."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """The number of seats."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    @abstractmethod
    def legal_actions(self) -> tuple[str, ...]:
        """The legal actions of the seat to act, sorted; empty at chance and terminal states."""

    def chance_outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        """At a chance node, every outcome with its exact probability (they sum to 1)."""
        return ()

    @abstractmethod
    def _apply(self, action: str) -> State:
        """Apply an action already checked to be legal (or a chance outcome)."""

    def apply(self, action: str) -> State:
        """The state after ``action`` (a move of the seat to act, or a chance outcome).

        Only the one spelling of each action that :meth:`legal_actions` and
        :meth:`chance_outcomes` list is accepted, so records only ever hold those strings.
        Raises :class:`~pyengine.core.errors.InvalidNotationError` for a string that is not
        an action at all or is another spelling of one (the message names the right one),
        and :class:`~pyengine.core.errors.IllegalActionError` (with the reason) for one that
        is not legal here.  The state itself never changes.
        """
        player = self.current_player
        if player == TERMINAL:
            raise IllegalActionError(msg("the game is over"))
        if player == CHANCE:
            if action not in {o for o, _ in self.chance_outcomes()}:
                self.check_spelling(action)
                raise IllegalActionError(msg("{action} is not a possible outcome here", action=repr(action)))
            return self._apply(action)
        if action not in self.legal_actions():
            self.check_spelling(action)
            raise IllegalActionError(self.explain_illegal(action))
        return self._apply(action)

    def apply_as(self, seat: int, action: str) -> State:
        """:meth:`apply` on behalf of ``seat``: an action out of turn is refused with
        :class:`~pyengine.core.errors.IllegalActionError` (a string that is no action at all,
        or another spelling of one, is still
        :class:`~pyengine.core.errors.InvalidNotationError`; a seat that is not ``-1..n-1``
        is :class:`~pyengine.core.errors.InvalidSeatError`)."""
        check_seat(seat, self.num_players)
        player = self.current_player
        if player != seat:
            if player == TERMINAL:
                raise IllegalActionError(msg("the game is over"))
            self.check_spelling(action)
            if player == CHANCE:
                raise IllegalActionError(msg("not your turn (not seat {seat}'s turn: it is chance's turn)", seat=seat))
            raise IllegalActionError(msg("not your turn (not seat {seat}'s turn: it is seat {player}'s turn)",
                                         seat=seat, player=player))
        return self.apply(action)

    def explain_illegal(self, action: str) -> str:
        """Why a well-formed action is not legal here (games give precise reasons)."""
        return msg("{action} is not a legal move here", action=action)

    def parse_action(self, text: str) -> object:
        """Parse an action string into the game's structured form.

        Raises :class:`~pyengine.core.errors.InvalidNotationError` when ``text`` is not
        in the notation.  :meth:`format_action` is its exact inverse on the one spelling
        of each action (another spelling parses to the same action and formats to the
        one spelling).
        """
        return text

    def format_action(self, action: object) -> str:
        """The action string of a structured action (inverse of :meth:`parse_action`)."""
        return str(action)

    def check_spelling(self, text: str) -> None:
        """Raise :class:`~pyengine.core.errors.InvalidNotationError` unless ``text`` is an
        action written the one way records use (``format_action(parse_action(text))``)."""
        canonical = self.format_action(self.parse_action(text))
        if canonical != text:
            raise InvalidNotationError(spelling_message(canonical, text))

    def describe(self, action: str, lang: str = "en") -> str:
        """A human description of an action in this position, in ``lang``."""
        return action

    def observation(self, seat: int) -> dict[str, JSON]:
        """What ``seat`` may know, JSON-ready, with every other secret removed.

        ``seat`` may be ``-1`` for a spectator who sees only public information; any other
        value outside ``0..n-1`` raises :class:`~pyengine.core.errors.InvalidSeatError`.
        """
        check_seat(seat, self.num_players)
        return self._observation(seat)

    @abstractmethod
    def _observation(self, seat: int) -> dict[str, JSON]:
        """:meth:`observation` for a seat already checked to be ``-1..n-1``."""

    def hidden_tokens(self, seat: int) -> frozenset[str]:
        """Strings naming things ``seat`` must not know now (e.g. other hands' cards).

        The conformance suite checks that none of them appears in ``observation(seat)``.
        Perfect-information games return the empty set.
        """
        return frozenset()

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each seat's result (final at a terminal state, running totals before)."""


class Game(ABC):
    """A registered game: metadata, rules and the initial state."""

    info: GameInfo

    @property
    @abstractmethod
    def rules_type(self) -> type[Rules]:
        """The game's :class:`~pyengine.core.rules.Rules` subclass."""

    @abstractmethod
    def new_initial_state(self, rules: Rules | None = None, num_players: int | None = None) -> State:
        """The state before anything happened (often a chance node: the deal)."""

    def default_rules(self) -> Rules:
        return self.rules_type.default()

    def seat_events(self, before: State, action: str, after: State) -> tuple[SeatEvent, ...]:
        """What each seat receives of the step from ``before`` by ``action`` to ``after``, seat by
        seat (:mod:`pyengine.core.replica`)."""
        raise NotImplementedError(f"{self.info.id} has no seat replicas")

    def seat_replica(self, seat: int, rules: Rules | None = None, num_players: int | None = None) -> Replica:
        """``seat``'s replica of a new game (:meth:`new_initial_state`, which holds no secret yet),
        advanced by the events :meth:`seat_events` gives that seat."""
        raise NotImplementedError(f"{self.info.id} has no seat replicas")

    def check_players(self, num_players: int | None) -> int:
        n = self.info.default_players if num_players is None else num_players
        if not self.info.min_players <= n <= self.info.max_players:
            raise IllegalActionError(
                msg("{game} is played by {low}–{high} players, not {n}", game=words(**self.info.names),
                    low=self.info.min_players, high=self.info.max_players, n=n)
            )
        return n
