"""Chabashi (차바시) with the Dido-poikas deck: the rules, the hand evaluator and the odds.

>>> from pyengine.core import load_game
>>> load_game("chabashi").info.name("ko")
'차바시'

Where each rule lives
---------------------
Each numbered section, step and decision of the specification (``shared/rules/chabashi.md``)
and what carries it out, as ``module.name`` inside this package (``ChabashiState`` is
:class:`.state.ChabashiState`, ``Transition`` :class:`.transitions.Transition` and
``Evaluator`` :class:`.hands.Evaluator`).  ``§4.6`` is step 6 of §4's procedure, ``6-1`` its
first follow-up and ``A-1``/``D-1`` the decisions of §11.
``tests/chabashi/test_chabashi_rule_index.py`` checks that every section, step, decision and hand
category of the specification is listed, in order, and that every name exists; the README
carries a copy.

The deck, the table and one hand (§1–§7)::

    §1    card codes (R0 … G8)                  cards.card, cards.code, cards.cards, cards.codes
    §2    the deck: 36 cards, their types       cards.DECK, cards.COLOUR, cards.NUMBER, cards._TYPE_ROWS,
                                                cards.TYPE
          orders: colour, number (0 as 9), type cards.COLOURS, cards.STRENGTH, cards.strongest_first
    §3    seats, zones, knowledge               state.ChabashiState
    §3.1  seat order, the dealer moves on       Transition.start_hand, transitions._next_seat
          who deals the first hand (first_dealer) rules.FirstDealer, Transition.start_hand
    §3.2  stock, centre, hands, floors          ChabashiState.stock, ChabashiState.centre,
                                                ChabashiState.dfloor, ChabashiState.floors,
                                                ChabashiState.hands
    §3.3  who knows each card (a seat mask)     ChabashiState.known_cards, ChabashiState.hidden_tokens,
                                                ChabashiState._observation
          dealt face down / face up             Transition.deal
          into a hand; turned face up           Transition.to_hand, Transition.turn_up
          8-1 discard; 8-3 take; showdown       Transition.interact, Transition.showdown
    §4    the procedure of one hand             state.ChabashiState, ChabashiState.legal_actions,
                                                ChabashiState._apply
    §4.1  prepare, the ante                     Transition.start_hand
    §4.2  dealer floor (3+ seats)               Transition.deal_plan, Transition.deal
    §4.3  centre: one up, one down              Transition.deal_plan
    §4.4  player floors                         Transition.deal_plan
    §4.5  hands; each card a chance node        Transition.deal_plan, ChabashiState.chance_outcomes
    §4.6  extra floor draws                     ChabashiState.legal_actions (draw), Transition.draw,
                                                Transition.deal (drawcard), Transition.next_drawer
    6-1   follow-up after one card              ChabashiState.legal_actions (follow), Transition.follow,
                                                Transition.to_hand
    6-2   follow-up after two cards             Transition.follow, Transition.turn_up, Transition.to_hand
    §4.7  betting round 1                       Transition.next_drawer, Transition.start_betting
    §4.8  interaction, one pass in seat order   ChabashiState.legal_actions (interact), Transition.interact,
                                                Transition.end_round
    8-1   swap through the centre               ChabashiState.legal_actions (swap),
                                                Transition.interact (swap)
    8-2   late follow-up                        ChabashiState.legal_actions (late),
                                                Transition.interact (late)
    8-3   take from the centre                  ChabashiState.legal_actions (centre),
                                                Transition.interact (centre)
          the invariant h, f                    ChabashiState.invariant_ok
    §4.9  betting round 2, showdown             Transition.end_round, Transition.showdown,
                                                Transition.everybody_folded
    §5    the dealer hand                       Evaluator.best_dealer, Transition.showdown
    §6    the two-player game                   Transition.start_hand (two_player), Transition.deal_plan
    §7    betting and sessions                  Transition.bet, Transition.end_hand
    §7.1  stakes: bankroll, ante, units, cap    rules.Stakes, Transition.start_hand, ChabashiState._unit
    §7.2  a betting round                       ChabashiState._bet_actions, Transition.start_betting,
                                                Transition.bet
    §7.3  side pots                             scoring.build_pots
    §7.4  showdown and payout                   Transition.showdown, rules.DealerMode
          dealer_mode qualifier                 rules.DealerMode.QUALIFIER, Transition.showdown (carried)
          dealer_mode ignore                    rules.DealerMode.IGNORE
          dealer_mode dealer_collects           rules.DealerMode.DEALER_COLLECTS,
                                                Transition.showdown (dealer)
    §7.5  everybody folds                       Transition.everybody_folded
    §7.6  sessions: leaving, the end, carry-over
                                                Transition.end_hand, rules.ChabashiRules.hand_limit

Hand evaluation (§8–§10)::

    §8    hand evaluation                       hands.Evaluator, hands.evaluator, hands.HandValue
    §8.1  S = hand + the best floor pair        Evaluator.evaluate, Evaluator.best, Evaluator.best_key,
                                                Evaluator._evaluate
    §8.2  runs (zero as 0 or 9)                 categories._run_order
          different colours                     categories._distinct_colours
          floor-anchored pairs                  hands._ANCHORED_PAIRS, Evaluator._evaluate, Evaluator.key4,
                                                Evaluator.key5
    §8.3  the hand list; one check each         categories.SET_CHECKS, categories.HEAD4, hands.KOREAN
          공패군 gongpaegun                     categories._gongpaegun, categories._head4_gongpaegun
          완전원 wanjeonwon                     hands._ANCHORED_PAIRS, Evaluator._evaluate, Evaluator.key4
          진혼곡 jinhongok                      categories._jinhongok, categories._head4_jinhongok
          사색연 sasaekyeon                     categories._sasaekyeon, categories._head4_sasaekyeon
          혼선야행 honseonyahaeng               categories._four_of_type (HON), categories._head4_of_type,
                                                Evaluator._evaluate (#5b)
          야색군주 yasaekgunju                  categories._yasaekgunju, categories._head4_yasaekgunju
          선지행진 seonjihaengjin               categories._four_of_type (SEON), categories._head4_of_type
          삼연패 samyeonpae                     categories._samyeonpae, categories._head4_samyeonpae
          다색직선 dasaekjikseon                categories._dasaekjikseon, categories._alternating_run,
                                                categories._head4_dasaekjikseon
          쌍연패 ssangyeonpae                   categories._ssangyeonpae, categories._two_pairs,
                                                categories._head4_ssangyeonpae
          주염패 수류패 뇌뢰신 수전패           hands._ANCHORED_PAIRS, Evaluator._evaluate, Evaluator.key4,
                                                Evaluator.key5
          연패 yeonpae                          categories._yeonpae, categories._head4_yeonpae
          끗 kkeut                              categories._kkeut, categories._head4_kkeut
          최고패 choegopae                      categories._choegopae, categories._head4_choegopae
    §8.4  presets seed and balanced             hands.SEED_ORDER, hands.BALANCED_ORDER,
                                                rules.ChabashiRules.presets
          the order is data                     rules.ChabashiRules.hand_order, hands.full_order
          wiki_2025_05_21_hands: 건 지 선       rules.ChabashiRules.wiki_2025_05_21_hands, hands.WIKI_HANDS,
                                                hands.full_order
          건 geon, 지 ji                        hands._ANCHORED_PAIRS
          선 seon                               hands._SEON_CARDS, Evaluator._evaluate, Evaluator.key4,
                                                Evaluator.key5
    §8.5  the 3-card-hand bar                   hands.BARRED_WITH_THREE, Evaluator._evaluate, Evaluator.key5
    §9    tie-breaking: one integer key         Evaluator._key, hands.HandValue.key
    §9.1  category                              Evaluator._key (the category first), Evaluator.category_of
    §9.2  card count |S|                        Evaluator._key (7 - size)
    §9.3  |M| of the hand 선                    Evaluator._key (m)
    §9.4  defining cards, the strongest subset  categories._first, categories.seq_key, cards.STRENGTH
    §9.5  kickers                               Evaluator._key, Evaluator.evaluate
    §10   exact frequencies                     Evaluator.frequencies

Decisions, glossary and the tool (§11–§13)::

    §11   decisions for this project            rules.ChabashiRules
    A-1   the dealer is a qualifier             rules.DealerMode, Transition.showdown
    A-2   two players: no dealer hand           Transition.start_hand, Transition.deal_plan,
                                                Transition.showdown
    A-3   face-down cards unknown to all        Transition.deal (knowers 0)
    A-4   any floor card may move to the hand   ChabashiState.legal_actions, Transition.to_hand
    A-5   step 6 in seat order, public          Transition.draw, Transition.next_drawer
    A-6   8-2: no draw, the follow-up           ChabashiState.legal_actions (late), Transition.interact
    A-7   step 8: one pass, folded skipped      Transition.end_round, Transition.interact
    A-8   8-3 keeps the card's face             Transition.interact (centre)
    A-9   a zero ranks 9; 0 or 9 in runs        cards.STRENGTH, categories._run_order
    A-10  a zero's colour and type 공           cards.TYPE, categories._yasaekgunju, categories._four_of_type
    A-11  dealer hand with < 2 centre cards     Evaluator.best_dealer
    A-12  완전원 in the hand is 혼선야행        Evaluator._evaluate, Evaluator.key4, Evaluator.key5
    A-13  seed and balanced                     hands.SEED_ORDER, hands.BALANCED_ORDER
    A-14  tie-break priority                    Evaluator._key, cards.STRENGTH
    A-15  one category per line                 hands.SEED_ORDER
    A-16  contains a qualifying subset          categories._first
    A-17  only the best category counts         Evaluator._evaluate
    A-18  the dealer never bets                 Transition.start_hand (players), Transition.everybody_folded
    D-1   쌍연패 includes four of a kind        categories._two_pairs
    D-2   the strongest floor pair              Evaluator.best_key, Evaluator.best
    D-3   dealing order                         Transition.deal_plan
    D-4   betting details                       ChabashiState._bet_actions, Transition.bet,
                                                scoring.build_pots
    D-5   knowledge after an 8-1 discard        Transition.interact (swap)
    D-6   carry-over at the session's end       Transition.end_hand
    D-7   two players: who acts first           Transition.start_hand
    D-8   the wiki hand 선: one card on the floor
                                                Evaluator._evaluate, Evaluator.key4, Evaluator.key5
    §12   glossary: English names               pyengine.app.views.chabashi.ROMAN, hands.KOREAN
    §13   python -m pyengine.chabashi evaluate  tool.main, tool.parse_line, tool.evaluate_line

Beyond the specification::

          action strings; their descriptions    notation.parse_action, notation.format_action,
                                                describe.describe
          why an action is refused              ChabashiState.explain_illegal
          the odds the table shows              odds.odds
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.lazy import lazy_exports
from .info import INFO

if TYPE_CHECKING:
    from .game import GAME, ChabashiGame
    from .rules import ChabashiRules
    from .state import ChabashiState

# The engine loads on first use: the start page imports only ``pyengine.chabashi.info``.
__getattr__ = lazy_exports(__name__, {
    "ChabashiRules": ".rules", "GAME": ".game", "ChabashiGame": ".game", "ChabashiState": ".state",
})

__all__ = ["GAME", "INFO", "ChabashiGame", "ChabashiRules", "ChabashiState"]
