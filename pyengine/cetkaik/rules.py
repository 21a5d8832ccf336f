"""Cetkaik rule variants (spec §15): the ``official`` and ``cerke_online`` presets.

Each setting where the two presets differ is a field named after the reference state
machine's configuration field, grouped by what it changes:

* ``hue.tam_itself_is_tam_hue`` — movement: whether tam2's own square is tam2 hue;
* ``tam2_moves.moving_tam_immediately_after_tam_has_moved`` and ``tam2_moves.tam_mun_mok`` —
  the two forms of 皇再来 (futile tam2 move): ``allowed`` (no penalty), ``penalised`` (a −3
  hand that forces a declaration) or ``forbidden`` (not a legal move);
* ``kut2tam2.step_tam_is_a_hand`` — stepping over tam2 is a −5 hand that forces a
  declaration (``official``), or the stepper pays 5 × rate at once (``cerke_online``);
  ``kut2tam2.failure_to_complete_the_move_means_exempt_from_kut2_tam2`` — a failed move is
  not penalised; ``kut2tam2.game_can_end_without_tymok_taxot_because_of_negative_hand`` — a
  penalty paid at once that empties a score ends the game right after the ply, before any
  declaration;
* ``stepping.what_to_say_before_casting_sticks`` — the plan stated before a stepping cast:
  the exact ``square`` or a ``direction``;
* ``seasons`` — 4 (the standard), 2 or 1.

>>> CetkaikRules.default().preset_name()
'official'
>>> CetkaikRules.preset("cerke_online").encode()
'1.cerke_online'
>>> CetkaikRules.decode("1.official~seasons=1").seasons
1
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Self

from ..core.errors import InvalidRulesError
from ..core.messages import msg
from ..core.rules import Rules


class Consequence(enum.Enum):
    """What a futile tam2 move entails."""

    ALLOWED = "allowed"
    PENALISED = "penalised"
    FORBIDDEN = "forbidden"


class Plan(enum.Enum):
    """What the player states before a stepping cast."""

    SQUARE = "square"
    DIRECTION = "direction"


@dataclass(frozen=True, slots=True)
class HueRules:
    tam_itself_is_tam_hue: bool = False


@dataclass(frozen=True, slots=True)
class Tam2MoveRules:
    moving_tam_immediately_after_tam_has_moved: Consequence = Consequence.PENALISED
    tam_mun_mok: Consequence = Consequence.PENALISED


@dataclass(frozen=True, slots=True)
class Kut2Tam2Rules:
    step_tam_is_a_hand: bool = True
    failure_to_complete_the_move_means_exempt_from_kut2_tam2: bool = False
    game_can_end_without_tymok_taxot_because_of_negative_hand: bool = False


@dataclass(frozen=True, slots=True)
class SteppingRules:
    what_to_say_before_casting_sticks: Plan = Plan.SQUARE


@dataclass(frozen=True, slots=True)
class CetkaikRules(Rules):
    """The rules of a Cetkaik game (defaults: the ``official`` preset)."""

    seasons: int = 4
    hue: HueRules = field(default_factory=HueRules)
    tam2_moves: Tam2MoveRules = field(default_factory=Tam2MoveRules)
    kut2tam2: Kut2Tam2Rules = field(default_factory=Kut2Tam2Rules)
    stepping: SteppingRules = field(default_factory=SteppingRules)

    @classmethod
    def presets(cls) -> dict[str, Self]:
        return {
            "official": cls(),
            # the cerke_online client's configuration (its ``cerke_online_alpha``)
            "cerke_online": cls(
                hue=HueRules(tam_itself_is_tam_hue=True),
                tam2_moves=Tam2MoveRules(
                    moving_tam_immediately_after_tam_has_moved=Consequence.FORBIDDEN,
                    tam_mun_mok=Consequence.ALLOWED,
                ),
                kut2tam2=Kut2Tam2Rules(
                    step_tam_is_a_hand=False,
                    game_can_end_without_tymok_taxot_because_of_negative_hand=True,
                ),
                stepping=SteppingRules(what_to_say_before_casting_sticks=Plan.DIRECTION),
            ),
        }

    def validate(self) -> None:
        if self.seasons not in (1, 2, 4):
            raise InvalidRulesError(msg("a game has 1, 2 or 4 seasons, not {seasons}", seasons=self.seasons))


OFFICIAL = CetkaikRules.preset("official")
CERKE_ONLINE = CetkaikRules.preset("cerke_online")
