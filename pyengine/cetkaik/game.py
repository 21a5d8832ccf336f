"""The registered Cetkaik game object."""

from __future__ import annotations

from typing import Final

from ..core.game import Game, State
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


GAME: Final = CetkaikGame()
