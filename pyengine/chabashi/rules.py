"""Chabashi's rules as data: the category order (presets ``seed`` and ``balanced``), the optional
wiki hands, the dealer's payout mode, the stakes and the session length.

>>> ChabashiRules.default().encode()
'1.seed'
>>> ChabashiRules.decode("1.seed~dealer_mode=ignore").dealer_mode.value
'ignore'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Self

from ..core.errors import InvalidRulesError
from ..core.messages import msg
from ..core.rules import Rules
from .hands import BALANCED_ORDER, SEED_ORDER


class DealerMode(str, enum.Enum):
    """What a pot does when the dealer hand beats every contestant (§7.4, A-1)."""

    QUALIFIER = "qualifier"
    IGNORE = "ignore"
    DEALER_COLLECTS = "dealer_collects"


@dataclass(frozen=True, slots=True)
class Stakes:
    """Fixed-limit stakes (§7.1)."""

    bankroll: int = 100
    ante: int = 1
    small_bet: int = 2
    big_bet: int = 4
    max_raises: int = 3


@dataclass(frozen=True, slots=True)
class ChabashiRules(Rules):
    hand_order: tuple[str, ...] = SEED_ORDER
    """The category order, strongest first (romanised ids of §8.3, see ``hands.KOREAN``)."""
    wiki_2025_05_21_hands: bool = False
    """Insert 건, 지 and 선 right after 뇌뢰신 (§8.4)."""
    dealer_mode: DealerMode = DealerMode.QUALIFIER
    stakes: Stakes = field(default_factory=Stakes)
    hand_limit: int = 0
    """End the session after this many hands (0: no limit)."""

    @classmethod
    def presets(cls) -> dict[str, Self]:
        return {"seed": cls(), "balanced": cls(hand_order=BALANCED_ORDER)}

    def validate(self) -> None:
        if sorted(self.hand_order) != sorted(SEED_ORDER):
            raise InvalidRulesError(msg("hand_order must list each of the 17 hands of §8.3 exactly once"))
        s = self.stakes
        if s.bankroll < 1 or s.bankroll > 1_000_000:
            raise InvalidRulesError(msg("the bankroll must be between 1 and 1,000,000 chips"))
        if s.ante < 0 or s.small_bet < 1 or s.big_bet < 1:
            raise InvalidRulesError(msg("the ante must be at least 0 and the bet units at least 1"))
        if not 0 <= s.max_raises <= 20:
            raise InvalidRulesError(msg("max_raises must be between 0 and 20"))
        if self.hand_limit < 0:
            raise InvalidRulesError(msg("hand_limit must be 0 (no limit) or more"))
