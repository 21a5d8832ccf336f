"""Daifugō (大富豪 / 대부호 / Tycoon): the rules, the engine and the notation.

>>> from pyengine.core import load_game
>>> load_game("daifugo").info.name("ja")
'大富豪'

Where each rule lives
---------------------
The engine (:class:`~pyengine.daifugo.engine.Engine`, one mutable match) keeps its rules in
modules by concern.  Each rule of the specification (``shared/rules/daifugo.md``) and the
function that carries it out; ``#n`` is the rule's number in the local-rule catalogue (§5.0).

Core game (§1)::

    §1.2  deal, remainders, blind cards     deal.start_game, deal.seat, deal.put_blind,
                                            deal.choose_dealer, deal.deal_card
    §1.3  first lead, later_lead            turns.setup_lead
    §1.4  revolution XOR back               Engine.inverted
    §1.5  legal forms                       cards.parse_play, ctx.Ctx.groups, ctx.Ctx.seqs
    §1.6  beating the top play              plays.legal_plays (singles), plays.beat_group,
                                            plays.beat_sequence, plays.beat_joker
    §1.7  turns, passing, clearing          tricks.pass_turn, tricks.after_play, tricks.clear_trick,
                                            turns.next_holder
    §1.8  going out, end of a game          endings.go_out, endings.check_end, endings.end_game
    §1.9  classes                           scoring.class_id
    §1.10 card exchange                     exchange.setup_exchange, exchange.tribute_options,
                                            exchange.return_options, exchange.give
    §1.11 seating (reseat)                  deal.start_game, deal.seat
    §1.13 order of effects of one play      effects.play, effects.effects
    scoring (places, uecda, jdf, win)       scoring.place_points
    20 consecutive passes (UECda, §4.6)     tricks.pass_turn, endings.draw_places

Local-rule catalogue (§5.0)::

    #1  revolution                effects.revolts, effects.revolution
    #2  revolution_clears         effects.revolution_clears
    #3  revolution_choice         effects.revolution_choice, effects.revolution_chosen
    #4  seq_revolution            effects.revolts
    #5  emperor                   ctx.Ctx.emperors, plays.beat_emperor, effects.revolts
    #6  coup_detat                effects.revolts
    #7  omen                      effects.omen
    #8  great_revolution          effects.great_revolution, effects.revolts
    #9  eleven_back               effects.eleven_back
    #10 eleven_back_sequences     effects.eleven_back
    #11 strong_eleven_back        effects.eleven_back, tricks.clear_trick
    #12 joker_inverts             plays.legal_plays, plays.beat_joker
    #13 eight_cut                 effects.eight_cut
    #14 eight_cut_sequences       effects.eight_cut
    #15 eight_cut_joker           effects.eight_cut
    #16 four_stop                 effects.eight_cut (the offer), plays.four_stop_plays, effects.four_stop
    #17 q_cut                     effects.q_cut
    #18 spade3_return             plays.special_plays, effects.spade3_return
    #19 sandstorm                 plays.special_plays, effects.sandstorm
    #20 ambulance                 plays.special_plays, effects.ambulance
    #21 rokurokubi                plays.special_plays, effects.rokurokubi
    #22 joker_pair                plays.lead_plays, plays.beat_group, effects.joker_pair
    #23 finish_clears             effects.finish_clears
    #24 effects.five=skip         effects.turn_effect, effects.five_skip
    #25 effects.nine=reverse      effects.turn_effect, effects.nine_reverse, tricks.clear_trick
    #26 effects.seven=pass        effects.seven_pass, plays.transfer_range, effects.seven_pass_give
    #27 effects.ten=discard       effects.ten_discard, plays.transfer_range, effects.ten_discard_cards
    #28 effects.queen=bomb        effects.q_bomber, plays.bomb_choices, effects.q_bomber_ranks
    #29 suit_lock                 locks.suit_lock, locks.lock_ok
    #30 lock_joker                locks.lock_joker, locks.lock_update
    #31 colour_lock               locks.colour_lock, locks.lock_ok
    #32 number_lock               locks.number_lock, locks.lock_ok
    #33 q_release                 locks.q_release
    #34 forbidden_finish          endings.forbidden_finish, endings.finish, plays.legal_plays (refuse)
    #35 miyako_ochi               endings.miyako_ochi, endings.final_placing
    #36 gekokujo                  endings.gekokujo
    #37 kyoto_ochi                endings.kyoto_ochi
    #38 tenpen_chii               exchange.tenpen_chii
    #39 leader_pass               plays.can_pass, tricks.pass_turn
    #40 sticky_pass               effects.play, tricks.pass_turn
    #41 trick_end                 tricks.pass_turn, tricks.after_play
    #42 exchange_joker_exempt     exchange.tribute_options, exchange.return_options
    #43 seq_joker_ends            ctx.Ctx.seqs

The phases a match goes through are named in :mod:`.phases`; the immutable public state is
:mod:`.state`; why an action is refused, :mod:`.explain`; rules as data, :mod:`.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.lazy import lazy_exports
from .info import INFO

if TYPE_CHECKING:
    from .game import GAME, DaifugoGame
    from .rules import DaifugoRules
    from .state import DaifugoState

# The engine loads on first use: the start page imports only ``pyengine.daifugo.info``.
__getattr__ = lazy_exports(__name__, {
    "DaifugoRules": ".rules", "GAME": ".game", "DaifugoGame": ".game", "DaifugoState": ".state",
})

__all__ = ["GAME", "INFO", "DaifugoGame", "DaifugoRules", "DaifugoState"]
