"""The game protocol every game implements.

A game is a :class:`Game` object (metadata, rules type, initial state) and its
immutable :class:`State` values.  The protocol knows nothing of bots or of the page:
bots live in :mod:`pyengine.ai`, views in :mod:`pyengine.app.views`, and
:mod:`pyengine.catalog` says where each game's are.  Actions are strings in the game's stable, context-free
notation: the same strings appear in records, share links, the page's automation API and
bot decisions.  Chance (a stick cast, a shuffle) is a state of its own whose outcomes are
strings with exact :class:`~fractions.Fraction` probabilities; applying an outcome is the
same ``apply`` call as applying a move.

``current_player`` is a seat number ``0..n-1``, or :data:`CHANCE`, or :data:`TERMINAL`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Final, Union

from .errors import IllegalActionError

if TYPE_CHECKING:
    from .rules import Rules

JSON = Union[None, bool, int, float, str, Sequence["JSON"], Mapping[str, "JSON"]]
"""What ``observation`` returns: only JSON-serialisable values."""

CHANCE: Final = -1
"""``current_player`` of a chance node."""
TERMINAL: Final = -2
"""``current_player`` of a finished game."""

LANGUAGES: Final = ("en", "ko", "ja")
"""The languages every human-facing text is offered in."""


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

        Raises :class:`~pyengine.core.errors.InvalidNotationError` for a string that is not
        an action at all and :class:`~pyengine.core.errors.IllegalActionError` (with the
        reason) for one that is not legal here.  The state itself never changes.
        """
        player = self.current_player
        if player == TERMINAL:
            raise IllegalActionError("the game is over")
        if player == CHANCE:
            if action not in {o for o, _ in self.chance_outcomes()}:
                self.parse_action(action)
                raise IllegalActionError(f"{action!r} is not a possible outcome here")
            return self._apply(action)
        if action not in self.legal_actions():
            self.parse_action(action)
            raise IllegalActionError(self.explain_illegal(action))
        return self._apply(action)

    def apply_as(self, seat: int, action: str) -> State:
        """:meth:`apply` on behalf of ``seat``: an action out of turn is refused with
        :class:`~pyengine.core.errors.IllegalActionError` (a string that is no action at all
        is still :class:`~pyengine.core.errors.InvalidNotationError`)."""
        player = self.current_player
        if player != seat:
            if player == TERMINAL:
                raise IllegalActionError("the game is over")
            self.parse_action(action)
            turn = "chance's" if player == CHANCE else f"seat {player}'s"
            raise IllegalActionError(f"not your turn (not seat {seat}'s turn: it is {turn} turn)")
        return self.apply(action)

    def explain_illegal(self, action: str) -> str:
        """Why a well-formed action is not legal here (games give precise reasons)."""
        return f"{action} is not a legal move here"

    def parse_action(self, text: str) -> object:
        """Parse an action string into the game's structured form.

        Raises :class:`~pyengine.core.errors.InvalidNotationError` when ``text`` is not
        in the notation.  :meth:`format_action` is its exact inverse.
        """
        return text

    def format_action(self, action: object) -> str:
        """The action string of a structured action (inverse of :meth:`parse_action`)."""
        return str(action)

    def describe(self, action: str, lang: str = "en") -> str:
        """A human description of an action in this position, in ``lang``."""
        return action

    @abstractmethod
    def observation(self, seat: int) -> dict[str, JSON]:
        """What ``seat`` may know, JSON-ready, with every other secret removed.

        ``seat`` may be ``-1`` for a spectator who sees only public information.
        """

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

    def check_players(self, num_players: int | None) -> int:
        n = self.info.default_players if num_players is None else num_players
        if not self.info.min_players <= n <= self.info.max_players:
            raise IllegalActionError(
                f"{self.info.name()} is played by {self.info.min_players}–"
                f"{self.info.max_players} players, not {n}"
            )
        return n
