"""The registered Cetkaik game object."""

from __future__ import annotations

from typing import Final

from ..core.game import Game, State
from ..core.replica import PublicReplica, SeatEvent, public_events
from ..core.rules import Rules
from .info import INFO
from .rules import CetkaikRules
from .state import CetkaikState


class CetkaikGame(Game):
    """Cetkaik for two players; seat 0 is the A side (red King), seat 1 the IA side."""

    info = INFO

    @property
    def rules_type(self) -> type[Rules]:
        return CetkaikRules

    def new_initial_state(self, rules: Rules | None = None, num_players: int | None = None) -> State:
        """The state before the first season's first-mover contest (a chance node)."""
        self.check_players(num_players)
        r = rules if rules is not None else CetkaikRules.default()
        if not isinstance(r, CetkaikRules):
            raise TypeError("Cetkaik needs CetkaikRules")
        r.validate()
        return CetkaikState(r)

    def seat_events(self, before: State, action: str, after: State) -> tuple[SeatEvent, ...]:
        """Nothing is hidden but a cast not yet made: every seat receives the action itself.

        >>> before = GAME.new_initial_state()
        >>> after = before.apply("一位色赤")
        >>> [(ev.seat, ev.action) for ev in GAME.seat_events(before, "一位色赤", after)]
        [(0, '一位色赤'), (1, '一位色赤')]
        """
        return public_events(before, action, after)

    def seat_replica(self, seat: int, rules: Rules | None = None, num_players: int | None = None) -> PublicReplica:
        """The state itself (:class:`~pyengine.core.replica.PublicReplica`).

        >>> replica = GAME.seat_replica(1).apply(SeatEvent(1, "一位色赤"))
        >>> replica.observation() == GAME.new_initial_state().apply("一位色赤").observation(1)
        True
        """
        return PublicReplica(self.new_initial_state(rules, num_players), seat)


GAME: Final = CetkaikGame()
