"""Kuhn poker, a tiny game with chance and hidden cards, used to test the core protocol.

It is registered only by the test suite (never shipped on the start page), so the
conformance suite always has a game with a chance node and a secret to run on.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from typing import Self

from pyengine.core import CHANCE, JSON, TERMINAL, Game, GameInfo, Rules, State
from pyengine.core.errors import InvalidNotationError, InvalidRulesError

INFO = GameInfo(
    id="kuhn",
    names={"en": "Kuhn poker", "ko": "쿤 포커", "ja": "クーン・ポーカー"},
    min_players=2,
    max_players=2,
    default_players=2,
    has_chance=True,
    hidden_information=True,
)
_CARDS = "JQK"


@dataclass(frozen=True, slots=True)
class KuhnRules(Rules):
    ante: int = 1
    bet: int = 1

    @classmethod
    def presets(cls) -> dict[str, Self]:
        return {"basic": cls(), "high": cls(bet=2)}

    def validate(self) -> None:
        if self.ante < 1 or self.bet < 1:
            raise InvalidRulesError("ante and bet must be at least 1")


@dataclass(frozen=True, slots=True)
class KuhnState(State):
    _rules: KuhnRules
    cards: str = ""  # "" before the deal, else seat 0's card then seat 1's
    history: tuple[str, ...] = ()

    game_id = "kuhn"

    @property
    def rules(self) -> KuhnRules:
        return self._rules

    @property
    def num_players(self) -> int:
        return 2

    def _finished(self) -> bool:
        h = self.history
        return h in (("pass", "pass"), ("pass", "bet", "pass"), ("pass", "bet", "bet"),
                     ("bet", "pass"), ("bet", "bet"))

    @property
    def current_player(self) -> int:
        if not self.cards:
            return CHANCE
        if self._finished():
            return TERMINAL
        return len(self.history) % 2

    def legal_actions(self) -> tuple[str, ...]:
        return ("bet", "pass") if self.current_player >= 0 else ()

    def chance_outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        if self.cards:
            return ()
        return tuple(("".join(p), Fraction(1, 6)) for p in permutations(_CARDS, 2))

    def parse_action(self, text: str) -> object:
        if text not in ("bet", "pass") and not (len(text) == 2 and set(text) <= set(_CARDS)):
            raise InvalidNotationError(f"{text!r} is not a Kuhn poker action")
        return text

    def _apply(self, action: str) -> KuhnState:
        if not self.cards:
            return KuhnState(self._rules, action)
        return KuhnState(self._rules, self.cards, self.history + (action,))

    def _showdown(self) -> bool:
        return self.history in (("pass", "pass"), ("pass", "bet", "bet"), ("bet", "bet"))

    def _observation(self, seat: int) -> dict[str, JSON]:
        obs: dict[str, JSON] = {"history": list(self.history), "to_move": self.current_player}
        if self.cards and 0 <= seat < 2:
            obs["card"] = self.cards[seat]
        if self.is_terminal() and self._showdown():
            obs["shown"] = list(self.cards)
        return obs

    def hidden_tokens(self, seat: int) -> frozenset[str]:
        if not self.cards or (self.is_terminal() and self._showdown()):
            return frozenset()
        return frozenset(c for i, c in enumerate(self.cards) if i != seat)

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0, 0)
        stake = self._rules.ante + (self._rules.bet if self.history.count("bet") == 2 else 0)
        if self.history[-1] == "pass" and "bet" in self.history:
            loser = (len(self.history) - 1) % 2
        else:
            loser = 0 if _CARDS.index(self.cards[0]) < _CARDS.index(self.cards[1]) else 1
        return (-stake, stake) if loser == 0 else (stake, -stake)


class KuhnGame(Game):
    info = INFO

    @property
    def rules_type(self) -> type[Rules]:
        return KuhnRules

    def new_initial_state(self, rules: Rules | None = None, num_players: int | None = None) -> State:
        self.check_players(num_players)
        r = rules if rules is not None else KuhnRules()
        assert isinstance(r, KuhnRules)
        r.validate()
        return KuhnState(r)


KUHN = KuhnGame()
