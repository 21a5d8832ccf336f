"""The registered Chabashi game object.

>>> from pyengine.core import sample_chance, Pcg32
>>> s = GAME.new_initial_state(num_players=3)
>>> rng = Pcg32(1)
>>> while s.is_chance():
...     s = s.apply(sample_chance(s, rng))
>>> s.phase, s.current_player, s.legal_actions()
('draw', 0, ('draw:0', 'draw:1', 'draw:2'))
"""

from __future__ import annotations

from typing import Final

from ..core.game import Game, State
from ..core.replica import Replica, SeatEvent
from ..core.rules import Rules
from .info import INFO
from .rules import ChabashiRules
from .state import ChabashiState


class ChabashiGame(Game):
    info = INFO
    conformance = [
        ("2.seed~hand_limit=2", 2),
        ("2.seed~hand_limit=2", 4),
        ("2.balanced~wiki_2025_05_21_hands=1~hand_limit=2", 5),
        ("2.seed~dealer_mode=dealer_collects~first_dealer=first_seat~stakes.bankroll=8", 3),
        ("2.balanced~dealer_mode=ignore~stakes.bankroll=6", 2),
    ]
    conformance_max_plies = 2000

    @property
    def rules_type(self) -> type[Rules]:
        return ChabashiRules

    def new_initial_state(self, rules: Rules | None = None, num_players: int | None = None) -> ChabashiState:
        n = self.check_players(num_players)
        r = rules if rules is not None else ChabashiRules()
        if not isinstance(r, ChabashiRules):
            raise TypeError("Chabashi needs ChabashiRules")
        r.validate()
        return ChabashiState(r, n, (r.stakes.bankroll,) * n, (True,) * n)

    def seat_events(self, before: State, action: str, after: State) -> tuple[SeatEvent, ...]:
        """What each seat receives of a step (:func:`pyengine.chabashi.replica.seat_events`)."""
        from .replica import seat_events

        if not isinstance(before, ChabashiState) or not isinstance(after, ChabashiState):
            raise TypeError("Chabashi events need Chabashi states")
        return seat_events(before, action, after)

    def seat_replica(self, seat: int, rules: Rules | None = None, num_players: int | None = None) -> Replica:
        """``seat``'s :class:`~pyengine.chabashi.replica.ChabashiReplica` of a new session."""
        from .replica import ChabashiReplica

        return ChabashiReplica.new(self.new_initial_state(rules, num_players), seat)


GAME: Final = ChabashiGame()

__all__ = ["GAME", "ChabashiGame"]
