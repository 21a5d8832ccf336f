"""Chabashi's rules as data: the category order (presets ``seed`` and ``balanced``), the optional
wiki hands, the dealer's payout mode, who deals the first hand, the stakes and the session length.

>>> ChabashiRules.default().encode()
'2.seed'
>>> ChabashiRules.decode("2.seed~dealer_mode=ignore").dealer_mode.value
'ignore'

Version 1 had no ``first_dealer``: its first seat dealt the first hand, and a v1 encoding still
means that (:meth:`ChabashiRules.migrate`), so old links and saved games replay as they were.

>>> ChabashiRules.decode("1.seed").first_dealer.value, ChabashiRules.decode("1.seed").encode()
('first_seat', '2.seed~first_dealer=first_seat')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar, Self

from ..core.errors import InvalidRulesError
from ..core.messages import msg
from ..core.rules import Rules
from .hands import BALANCED_ORDER, SEED_ORDER


class DealerMode(str, enum.Enum):
    """What a pot does when the dealer hand beats every contestant (§7.4, A-1)."""

    QUALIFIER = "qualifier"
    IGNORE = "ignore"
    DEALER_COLLECTS = "dealer_collects"


class FirstDealer(str, enum.Enum):
    """Who deals a session's first hand (§3.1 says only that the dealer role then moves on).

    ``last_seat``: the last seat deals, so the first seat is first in seat order and plays the
    first hand (with 2 seats: the first seat acts first, D-7).  ``first_seat``: the first seat
    deals and sits the first hand out (every session of rules version 1)."""

    LAST_SEAT = "last_seat"
    FIRST_SEAT = "first_seat"


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
    VERSION: ClassVar[int] = 2

    hand_order: tuple[str, ...] = SEED_ORDER
    """The category order, strongest first (romanised ids of §8.3, see ``hands.KOREAN``)."""
    wiki_2025_05_21_hands: bool = False
    """Insert 건, 지 and 선 right after 뇌뢰신 (§8.4)."""
    dealer_mode: DealerMode = DealerMode.QUALIFIER
    first_dealer: FirstDealer = FirstDealer.LAST_SEAT
    stakes: Stakes = field(default_factory=Stakes)
    hand_limit: int = 0
    """End the session after this many hands (0: no limit)."""

    @classmethod
    def presets(cls) -> dict[str, Self]:
        return {"seed": cls(), "balanced": cls(hand_order=BALANCED_ORDER)}

    @classmethod
    def migrate(cls, version: int, preset: str, pairs: list[tuple[str, str]]) -> tuple[str, list[tuple[str, str]]]:
        """Version 1 in version 2's terms: the same options, and the first seat dealt the first hand."""
        if version != 1:
            raise InvalidRulesError(msg("rules v{version} can no longer be read", version=version))
        return preset, [("first_dealer", FirstDealer.FIRST_SEAT.value), *pairs]

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
