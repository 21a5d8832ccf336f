"""The bot protocol and the ``random`` bot every game gets.

A bot sees only a :class:`BotView`: its seat's observation, the legal actions, a time
budget and its own seeded generator.  It cannot see the state, so it cannot cheat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.rng import Pcg32


@dataclass(frozen=True, slots=True)
class BotView:
    game: str
    rules: str
    seat: int
    observation: Mapping[str, Any]
    legal: tuple[str, ...]
    budget: float = 1.0


class Bot(ABC):
    """A player program. ``rng`` is the bot's own generator (seeded by the match)."""

    level = "random"

    def __init__(self, rng: Pcg32) -> None:
        self.rng = rng

    @abstractmethod
    def act(self, view: BotView) -> str:
        """One of ``view.legal``."""


class RandomBot(Bot):
    """Uniform over the legal actions.

    >>> view = BotView("toy", "1.basic", 0, {}, ("a", "b", "c"))
    >>> RandomBot(Pcg32(1)).act(view) in view.legal
    True
    """

    level = "random"

    def act(self, view: BotView) -> str:
        return self.rng.choice(view.legal)


RANDOM_ONLY: dict[str, type[Bot]] = {"random": RandomBot}
"""The levels of a game that has no bots of its own (the catalogue's default)."""


def decision_rng(seed: int, seat: int, ply: int) -> Pcg32:
    """The generator of the bot that decides at ``ply`` for ``seat`` in a game with ``seed``.

    Bots are stateless between decisions: the page's Worker builds a fresh bot for every
    move, so the same record always gets the same bot moves wherever they are computed.

    >>> decision_rng(7, 1, 12).next_u32() == decision_rng(7, 1, 12).next_u32()
    True
    >>> decision_rng(7, 1, 12).next_u32() == decision_rng(7, 2, 12).next_u32()
    False
    """
    return Pcg32(seed, 0xB07).derive(seat + 1).derive(ply + 1)
