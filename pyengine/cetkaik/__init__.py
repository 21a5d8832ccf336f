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

Where each rule lives
=====================

Each numbered section and rule of the specification (``shared/rules/cetkaik.md``) and what
carries it out, as ``module.name`` inside this package (``CetkaikState`` is
:class:`.state.CetkaikState`).  ``§7.4`` is item 4 of §7's list and ``§17.7.5`` item 5 of
§17.7's.  ``tests/cetkaik/test_cetkaik_rule_index.py`` checks that every section of the
specification is listed, in order, and that every name exists; the README carries a copy.

Board, pieces and movement (§1–§11)::

    §1       squares: names, parsing, numbers    board.SQUARE_NAMES, board.parse_square, board.split_squares
             Chebyshev distance                  board.distance
             sides, forward, colours             board.A_SIDE, board.IA_SIDE, board._pattern (fwd),
                                                 board.COLOUR_CHARS
    §2       water (tam2 nua2)                   board.WATER_NAMES, board.WATER
             tam2 hue: fixed, tam2's neighbours  board.FIXED_HUE, board._hue_map, board.HUE,
                                                 board.HUE_WITH_TAM
    §3       pieces, professions, how many       board.PROFESSION_CHARS, board.piece_code, board.PIECE_COUNTS
    §4       initial position                    board._INITIAL_ROWS, board._initial_board,
                                                 board.INITIAL_BOARD
    §5       movement patterns, by hue status    board._moves, board._pattern, board.PATTERNS
             Vessel 船                           board._vessel
             Pawn 兵                             board._pawn
             Archer 弓                           board._archer
             Chariot 車                          board._chariot
             Tiger 虎                            board._tiger
             Horse 馬 (ranged-from-2 on hue)     board._horse, board.FROM2
             Officer 筆                          board._officer
             Shaman 巫 (ranged-skip1 on hue)     board._shaman, board.SKIP1
             General 将                          board._general
             King 王                             board._king
    §6       first leg: move, capture, or via    movegen._first_legs
    §7       stepping (踏越え)                   movegen.generate_moves, movegen._first_legs,
                                                 movegen._second_legs
    §7.1     the mover leaves its origin         movegen.generate_moves (empties the origin)
    §7.2     movement again from the via square  movegen.generate_moves (the via square's hue)
    §7.3     finite second leg                   movegen._second_legs
    §7.4     ranged second leg: plan, cast, go   movegen._second_legs (src片via心planned),
                                                 CetkaikState._apply_move, CetkaikState._line,
                                                 CetkaikState._after_stepping_cast, CetkaikState._land
             declining; a failed move            CetkaikState._apply (此無), CetkaikState._finish_failed
    §7.5     a water cast after the second leg   CetkaikState._land
    §7.6     stepping back onto the origin       movegen.generate_moves, CetkaikState._complete
    §8       the sticks: C(5, h)/32              state.STICKS, state._STEP_OUTCOMES, state._WATER_OUTCOMES,
                                                 CetkaikState.chance_outcomes
             which moves need a water cast       movegen._PLAIN_WATER (the 水 flag), CetkaikState._land
             the water cast: 3 or more enters    CetkaikState._apply (water_cast),
                                                 CetkaikState._finish_failed
    §9       tam2 moves (two king steps)         movegen._tam_moves, CetkaikState._apply_move (TamMove)
    §10      captures go to the hand             CetkaikState._complete, board.HAND_CODE
             drops onto any empty square         movegen.generate_moves (drops), movegen._DROPS,
                                                 CetkaikState._apply_move (Drop)
    §11      protection by a General on hue      movegen.protected_squares

Penalties, hands, turns and seasons (§12–§15)::

    §12      kut2 tam2 撃皇 (−5)                 CetkaikState._apply_move (kut2), CetkaikState._end_turn,
                                                 scoring.KUT2TAM2
             tam2 ty sak2 皇再来 (−3), 2 forms   CetkaikState._apply_move (TamMove), scoring.TAM2_TY_SAK2,
                                                 scoring.PENALTY_VALUES
    §13      hands and values                    scoring._HANDS, scoring.HAND_VALUES, scoring.hand_names,
                                                 scoring.hand_score, scoring.calculate_hands
             無抗行処 筆兵無傾 地心 馬弓兵 行行  scoring._HANDS
             王 獣 戦集 助友 闇戦之集            scoring.KING_HAND, scoring._HANDS
             impossible sets                     scoring.ImpossibleHandError, scoring.calculate_hands
    §13.1    same colour 同色 (+2)               scoring._names_of, scoring.hand_names, scoring.FLASH
    §13.2    each name at most once              scoring.hand_names (a set of names)
    §13.3    a piece in several hands            scoring._base
    §13.4    King as wildcard                    scoring._variants
    §13.5    the hand score                      scoring.hand_score
    §14      a game of seasons, 20 points each   game.CetkaikGame.new_initial_state, state.CetkaikState
    §14.1    a new season: board, hands, rate    CetkaikState._declare (a fresh CetkaikState)
    §14.2    the first mover                     state._FIRST_OUTCOMES, CetkaikState._apply (first_mover)
    §14.3    a turn: a move, a drop or tam2      CetkaikState._apply_move, CetkaikState._end_turn
    §14.4    new hand → ty mok1 / ta xot1        CetkaikState._end_turn, CetkaikState._declare,
                                                 CetkaikState.ta_xot_value
    §14.5    the rate belongs to the season      CetkaikState._declare (rate)
             end of the game                     CetkaikState._declare, CetkaikState.returns
    §15      decisions for this project          rules.CetkaikRules
    §15.1    the two presets                     rules.CetkaikRules.presets, rules.OFFICIAL,
                                                 rules.CERKE_ONLINE
             kut2tam2.step_tam_is_a_hand         rules.Kut2Tam2Rules, CetkaikState._apply_move,
                                                 CetkaikState._end_turn
             hue.tam_itself_is_tam_hue           rules.HueRules, board.HUE_WITH_TAM,
                                                 movegen.protected_squares
             tam2_moves.moving_tam_immediately_after_tam_has_moved
                                                 rules.Tam2MoveRules, rules.Consequence,
                                                 CetkaikState._generate, CetkaikState._apply_move
             tam2_moves.tam_mun_mok              rules.Tam2MoveRules, movegen._tam_moves (may_return),
                                                 CetkaikState._apply_move
             kut2tam2.failure_to_complete_the_move_means_exempt_from_kut2_tam2
                                                 rules.Kut2Tam2Rules, CetkaikState._finish_failed
             kut2tam2.game_can_end_without_tymok_taxot_because_of_negative_hand
                                                 rules.Kut2Tam2Rules, CetkaikState._end_turn
             stepping.what_to_say_before_casting_sticks
                                                 rules.SteppingRules, rules.Plan, CetkaikState._line
    §15.2    Horse on hue: ranged-from-2         board._horse
             casts as chance outcomes            state.STICKS, CetkaikState.chance_outcomes
             first mover: ½ each                 state._FIRST_OUTCOMES
             new hand: a capture raised the score
                                                 CetkaikState._end_turn
             the value ta xot1 cashes            CetkaikState.ta_xot_value, CetkaikState._declare
             scores 0…40, total 40               state._pay
             rate ×2 up to ×64                   CetkaikState._declare, state._MAX_RATE
             1, 2 or 4 seasons                   rules.CetkaikRules.seasons, rules.CetkaikRules.validate,
                                                 CetkaikState._declare
             no legal move ends the game         CetkaikState.current_player
    §15.3    cerke_online: kut2 tam2 paid at once
                                                 CetkaikState._apply_move, CetkaikState._end_turn, state._pay
    §15.4    official: penalties are hands       CetkaikState._end_turn, CetkaikState._declare

Notation, records and the replay tool (§16–§19)::

    §16      candidate notation: the legal list  movegen.generate_moves, CetkaikState.legal_actions (sorted)
             parse and format an action          notation.parse_action, notation.PieceMove, notation.Drop,
                                                 notation.TamMove
             the other phases' actions           notation.Cast, notation.FirstMover, notation.GoTo,
                                                 notation.Decline, notation.Declare
    §17      kiaak: read, check, import, write   kiaak.walk, kiaak.import_kiaak, kiaak_writer.export_kiaak
    §17.1    layout: headers and tokens          kiaak.parse_kiaak, kiaak.Kiaak, kiaak_writer._Exporter.text
    §17.2    move tokens                         kiaak._MOVE_RE, kiaak._play, kiaak._play_water_cast,
                                                 kiaak._play_stepping, kiaak_writer._Exporter._move_token
    §17.3    declarations, 星一周                kiaak._Reader._declaration, kiaak._Reader._declare,
                                                 kiaak._Reader._end, kiaak_writer._Exporter._declaration
    §17.4    numbers                             kiaak_text.parse_number, kiaak_text.format_number
    §17.5    older variants                      kiaak.parse_kiaak (player lines), kiaak._first_mover,
                                                 kiaak._CKKA_DECL_RE, kiaak._Reader._capture,
                                                 kiaak._Reader._score
    §17.6    official penalties written as hands CetkaikState._end_turn (names),
                                                 kiaak._Reader._check_declaration_line,
                                                 kiaak_writer._Exporter._declaration
    §17.7    when a record is valid              kiaak.walk, kiaak._Reader
    §17.7.1  every token has a known form        kiaak._classify, kiaak._Reader.read
    §17.7.2  legal moves, the right profession   kiaak._play
    §17.7.3  consistent cast outcomes            kiaak._play, kiaak._water_cast_check, kiaak._play_stepping
    §17.7.4  capture comments                    kiaak._Reader.move, kiaak._Reader._capture,
                                                 kiaak._comment_matches
    §17.7.5  declarations where due, with values kiaak._Reader.close_ply, kiaak._Reader._declare,
                                                 kiaak._Reader._check_declaration_line, kiaak._Reader.finish
    §17.7.6  season comments, score tokens       kiaak._Reader._season, kiaak._Reader._score
    §17.7.7  nothing after the end               kiaak.walk, kiaak._Reader.close_ply, kiaak._Reader._end
    §17.7.8  each season's first mover           kiaak._first_mover
    §18      python -m pyengine.cetkaik replay   __main__.main, __main__.replay, kiaak.Ply.to_json
    §19      notes: tables, hue, phases          board.PATTERNS, board.HUE, movegen.generate_moves,
                                                 state.PHASE_NAMES

Beyond the specification::

             describe an action; explain a refusal
                                                 describe.describe, describe.hand_label,
                                                 describe.explain_illegal
             the observation a seat sees         CetkaikState._observation
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
