"""The registered Daifugō game object.

>>> s = GAME.new_initial_state(None, 4)
>>> s.is_chance(), s.chance_outcomes()[0][0]
(True, 'dealer:0')
"""

from __future__ import annotations

from typing import Final

from ..core.errors import IllegalActionError
from ..core.game import Game, State
from ..core.messages import msg
from ..core.replica import Replica, SeatEvent
from ..core.rules import Rules
from .ctx import compile_rules
from .engine import Engine
from .info import INFO
from .rules import DaifugoRules
from .state import DaifugoState


class DaifugoGame(Game):
    """The registered Daifugō game."""

    info = INFO
    conformance = [  # whole matches, short enough to play to the end: the exchange, a new set (jdf), reseating (uecda)
        ("2.popular~match.games=3", 3), ("2.popular~match.games=2", 4), ("2.popular~match.games=2", 8),
        ("2.basic~match.games=2", 5), ("2.jdf~match.games=5", 4), ("2.uecda~match.games=4", 5),
        ("2.party~match.games=2", 3), ("2.party~match.games=2", 6), ("2.two_player~match.games=2", 2),
    ]
    conformance_max_plies = 2000

    @property
    def rules_type(self) -> type[Rules]:
        return DaifugoRules

    def new_initial_state(self, rules: Rules | None = None, num_players: int | None = None) -> DaifugoState:
        r = rules if rules is not None else DaifugoRules.default()
        if not isinstance(r, DaifugoRules):
            raise IllegalActionError(msg("these are not Daifugō rules"))
        if num_players is None:
            name = r.preset_name()
            num_players = {"jdf": 4, "uecda": 5, "two_player": 2}.get(name or "", self.info.default_players)
        self.check_players(num_players)
        r.validate_for(num_players)
        return DaifugoState(Engine(compile_rules(r, num_players)))

    def seat_events(self, before: State, action: str, after: State) -> tuple[SeatEvent, ...]:
        """What each seat receives of a step (:func:`pyengine.daifugo.replica.seat_events`)."""
        from .replica import seat_events

        if not isinstance(before, DaifugoState) or not isinstance(after, DaifugoState):
            raise TypeError("Daifugō events need Daifugō states")
        return seat_events(before, action, after)

    def seat_replica(self, seat: int, rules: Rules | None = None, num_players: int | None = None) -> Replica:
        """``seat``'s :class:`~pyengine.daifugo.replica.DaifugoReplica` of a new match."""
        from .replica import DaifugoReplica

        return DaifugoReplica.new(self.new_initial_state(rules, num_players), seat)



GAME: Final = DaifugoGame()


__all__ = ["GAME", "DaifugoGame"]
