"""Cetkaik (机戦): the standardized rule with the ``official`` and ``cerke_online`` presets.

The specification is ``shared/rules/cetkaik.md``; its section numbers are cited throughout.

Actions
=======

Every rule-relevant step inside a turn is an engine phase with its own legal actions (or its
own chance outcomes), never UI state.  A state's ``phase`` is one of:

* ``first_mover`` (chance, at the start of each season): ``一位色赤`` (the A side, red King,
  moves first) or ``一位色黒`` (the IA side), ½ each;
* ``move`` (the side to move): the candidate strings of spec §16, e.g. ``CA片CIPO``,
  ``NI片NO水`` (the 水 flag: a water cast follows), ``KA片KE心KA`` (a ranged second leg with
  its planned square: the stepping cast follows), ``黒弓CY`` (drop), ``ZO皇[TO]NO`` (tam2);
* ``stepping_cast`` (chance): ``橋無 橋一 橋二 橋三 橋四 橋五`` — 0…5 sticks with probability
  1, 5, 10, 10, 5, 1 over 32;
* ``stepping_choice`` (the same side): the square the piece goes to — the planned square under
  ``official``; under ``cerke_online`` (a stated direction) any legal square on that line within
  the cast — or ``此無`` to decline (the move fails).  When the cast reaches no square at all the
  move fails at once and this phase is skipped;
* ``water_cast`` (chance): ``水無`` … ``水五``; 3 or more: the piece enters, else the move fails;
* ``declaration`` (the side that formed a hand, or under ``official`` took a penalty):
  ``再行`` (ty mok1: the rate doubles, play goes on) or ``終季`` (ta xot1: cash and end the season).

The stated plan of a ranged second leg is part of the move string itself (``…心planned``),
exactly as in the candidate notation.

How a record's ply maps onto engine actions
===========================================

============================================  =====================================================
kiaak token (spec §17)                        engine actions, in order
============================================  =====================================================
``{一位色:…}``'s k-th character, or inferred   ``一位色赤`` / ``一位色黒`` before season k's first ply
``src P dest 無撃裁``                          ``src片dest``
``src P via dest 無撃裁``                      ``src片viadest``
``src P [via] dest 水N`` / ``水N此無``         ``src片[via]dest水``, ``水N``
``src P via dest 橋N``                         ``src片via心dest``, ``橋N``, ``dest``
``src P via dest 橋N此無``                     ``src片via心dest``, ``橋N``, then ``此無`` when the cast
                                              left a choice (a cast too short fails at once)
``src P via dest 橋N水M`` / ``…此無``          ``src片via心dest``, ``橋N``, ``dest``, ``水M``
drop ``黒弓CY``, tam2 ``ZO皇[TO]NO``          the same string
``再行`` / ``終季`` (with or without ``或為…``)  ``再行`` / ``終季``
============================================  =====================================================

``P`` (profession or ``片``) and a capture comment ``手赤王`` carry no action: the replay checks
them against the board.  Under ``cerke_online`` a record shows the square actually reached; any
planned square on that line would do, and the importer plans that square itself.
:mod:`.kiaak` implements the mapping both ways; ``python -m pyengine.cetkaik replay`` is the
command-line check of a record (spec §18).

>>> from pyengine.core import load_game
>>> game = load_game("cetkaik")
>>> state = game.new_initial_state()
>>> state.chance_outcomes()
(('一位色赤', Fraction(1, 2)), ('一位色黒', Fraction(1, 2)))
>>> state = state.apply("一位色赤")
>>> len(state.legal_actions())
249
>>> state = state.apply("KA片KE心KA").apply("橋三")
>>> state.phase_name, state.legal_actions()
('stepping_choice', ('KA', '此無'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.lazy import lazy_exports

if TYPE_CHECKING:
    from .game import GAME, CetkaikGame
    from .kiaak import export_kiaak, format_number, import_kiaak, parse_number, walk
    from .rules import CERKE_ONLINE, OFFICIAL, CetkaikRules, Consequence, Plan
    from .scoring import HandResult, ImpossibleHandError, calculate_hands
    from .state import CetkaikState

# The engine loads on first use: the start page imports only ``pyengine.cetkaik.info``.
__getattr__ = lazy_exports(__name__, {
    "GAME": ".game", "CetkaikGame": ".game",
    "HandResult": ".scoring", "ImpossibleHandError": ".scoring", "calculate_hands": ".scoring",
    "export_kiaak": ".kiaak", "format_number": ".kiaak", "import_kiaak": ".kiaak", "parse_number": ".kiaak",
    "walk": ".kiaak",
    "CERKE_ONLINE": ".rules", "OFFICIAL": ".rules", "CetkaikRules": ".rules", "Consequence": ".rules", "Plan": ".rules",
    "CetkaikState": ".state",
})

__all__ = [
    "CERKE_ONLINE", "CetkaikGame", "CetkaikRules", "CetkaikState", "Consequence", "GAME", "HandResult",
    "ImpossibleHandError", "OFFICIAL", "Plan", "calculate_hands", "export_kiaak", "format_number",
    "import_kiaak", "parse_number", "walk",
]
