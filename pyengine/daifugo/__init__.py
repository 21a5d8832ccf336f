"""Daifugō (大富豪 / 대부호 / Tycoon): the rules, the engine and the notation.

>>> from pyengine.core import load_game
>>> load_game("daifugo").info.name("ja")
'大富豪'

Where each rule lives
---------------------
The engine (:class:`~pyengine.daifugo.engine.Engine`, one mutable match) keeps its rules in
modules by concern (the effects of a play: :mod:`.effects` for steps 1–5 of §1.13,
:mod:`.clears` for step 6, :mod:`.table` for the effect table, :mod:`.triggers` for what a play
sets off, :mod:`.specials` for the article's special plays and wins).  Each rule of the specification (``shared/rules/daifugo.md``) and the
function that carries it out; ``#n`` is the rule's number in the local-rule catalogue (§5.0).

Core game (§1)::

    §1.2  deal, remainders, blind cards     deal.start_game, deal.seat, deal.put_blind,
                                            deal.choose_dealer, deal.deal_card
    §1.3  first lead, later_lead            turns.setup_lead
    §1.4  revolution XOR back               Engine.inverted
    §1.5  legal forms                       cards.read_play, cards.noform_reason, ctx.Ctx.groups, ctx.Ctx.seqs
    §1.6  beating the top play              plays.legal_plays (singles), plays.beat_group,
                                            plays.beat_sequence, plays.beat_joker
    §1.7  turns, passing, clearing          tricks.pass_turn, tricks.after_play, tricks.clear_trick,
                                            turns.next_holder
    §1.8  going out, end of a game          endings.go_out, endings.check_end, endings.end_game,
                                            effects.last_play
    §1.9  classes                           scoring.class_id
    §1.10 card exchange                     exchange.setup_exchange, exchange.exchange_pairs,
                                            exchange.tribute_options, exchange.return_options, exchange.give
    §1.11 seating (reseat)                  deal.start_game, deal.seat
    §1.13 order of effects of one play      effects.play, effects.effects, clears.clearing_effects
    scoring (places, uecda, jdf, win)       scoring.place_points
    20 consecutive passes (UECda, §4.6)     tricks.pass_turn, endings.draw_places

Local-rule catalogue (§5.0, then the article's rules added as options; the effect table's
entries are written ``effects.<rank>=<effect>``, ``docs/daifugo-rules.md`` lists every variant)::

    #1  revolution                effects.revolution, triggers.revolts
    #2  revolution_clears         clears.revolution_clears
    #3  revolution_choice         effects.revolution_choice, effects.revolution_chosen
    #4  seq_revolution            triggers.revolts
    #5  emperor                   ctx.Ctx.emperors, plays.beat_emperor, triggers.revolts
    #6  coup_detat                triggers.revolts
    #7  omen                      effects.omen
    #8  great_revolution          effects.great_revolution, endings.win_at_once, triggers.revolts
    #9  eleven_back               effects.eleven_back
    #10 eleven_back_sequences     effects.eleven_back
    #11 strong_eleven_back        effects.eleven_back, tricks.clear_trick
    #12 joker_inverts             plays.legal_plays, plays.beat_joker
    #13 eight_cut                 clears.eight_cut
    #14 eight_cut_sequences       clears.eight_cut
    #15 eight_cut_joker           clears.eight_cut
    #16 four_stop                 clears.eight_cut (the offer), plays.four_stop_plays, clears.four_stop
    #17 q_cut                     clears.q_cut
    #18 spade3_return             plays.special_plays, effects.spade3_return
    #19 sandstorm                 plays.special_plays, clears.sandstorm
    #20 ambulance                 plays.special_plays, clears.ambulance
    #21 rokurokubi                plays.special_plays, clears.rokurokubi
    #22 joker_pair                plays.lead_plays, plays.beat_group, clears.joker_pair
    #23 finish_clears             clears.finish_clears
    #24 effects.five=skip         effects.turn_effect, effects.five_skip, table.fx_count
    #25 effects.nine=reverse      effects.turn_effect, effects.nine_reverse, tricks.clear_trick
    #26 effects.seven=pass        effects.seven_pass, plays.transfer_range, effects.seven_pass_give
    #27 effects.ten=discard       effects.ten_discard, plays.transfer_range, effects.ten_discard_cards
    #28 effects.queen=bomb        effects.q_bomber, plays.bomb_choices, effects.q_bomber_ranks
    #29 suit_lock                 locks.suit_lock, locks.lock_ok
    #30 lock_joker                locks.lock_joker, locks.lock_update, locks.lock_ok
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
    #44 deck.remainder=lowest_first  deal.dealt_to, deal.deal_card
    #45 target_score              deal.start_game
    #46 match.reseat=by_class_ascending  deal.start_game
    #47 match.first_lead=dealer_left  turns.setup_lead, deal.choose_dealer
    #48 forms.seq_min=2           ctx.Ctx.seqs, plays.lead_plays
    #49 coup_counter              triggers.revolts
    #50 nanasan                   triggers.revolts
    #51 joker_revolution          triggers.revolts
    #52 chasing_revolution        triggers.chases, plays.article_special_plays, effects.special_flags
    #53 super_revolution          effects.revolution
    #54 four_stop_count           plays.four_stop_plays
    #55 ten_return                clears.eight_cut, plays.four_stop_plays, clears.four_stop
    #56 spade2_return             triggers.spade2_return, plays.article_special_plays, effects.special_flags
    #57 revolution_eight          clears.clearing_effects
    #58 majesty                   triggers.majesty, clears.special_clears
    #59 strongest_cannon          triggers.strongest_cannon, clears.special_clears
    #60 assassination             triggers.assassinates, plays.article_special_plays, effects.special_flags
    #61 next_ace                  effects.effects, tricks.clear_trick
    #62 effects.ten=skip_one      effects.turn_effect, effects.five_skip
    #63 effects.king=reverse_trick  effects.nine_reverse, tricks.clear_trick
    #64 effects.seven=pass_exactly  effects.seven_pass, plays.transfer_range
    #65 effects.nine=pass_back    effects.seven_pass, table.transfer_target, table.prev_holder
    #66 effects.seven=discard_exactly  effects.ten_discard, plays.transfer_range
    #67 effects.six=cut           clears.rank_cut, table.fx_ranks
    #68 effects.five=cut_inverted  clears.rank_cut
    #69 effects.two=back          effects.back_effect
    #70 effects.six=end_back      effects.back_effect
    #71 effects.jokers            table.fx_count
    #72 effects.sequences         table.fx_ranks, table.fx_count
    #73 lucky_seven               effects.out_at_once, specials.lucky_seven
    #74 death                     specials.triple_effect, specials.death, specials.strongest
    #75 thief                     specials.thief, specials.target, specials.neighbours
    #76 damian                    specials.damian, tricks.passing_loses, specials.loses
    #77 satan                     specials.satan, specials.pick, specials.discard_pile
    #78 zombie                    specials.zombie, specials.pick
    #79 rescue                    tricks.clear_trick, specials.rescue, specials.pick
    #80 bloody_mary               specials.bloody_mary
    #81 jeanne                    specials.jeanne
    #82 kings_privilege           specials.kings_privilege, specials.target
    #83 relief                    plays.declarations, specials.relief, effects.declare
    #84 dokan                     plays.declarations, specials.dokan, specials.hand_value
    #85 monopoly                  turns.begin_play, endings.monopoly
    #86 taepodong                 effects.out_at_once, specials.taepodong, triggers.taepodong
    #87 locks.lock_joker=colourless  locks.lock_ok
    #88 forbidden_order           endings.finish
    #89 finishing.kyoto_ochi=immediate  endings.kyoto_ochi
    #90 guillotine                tricks.passing_loses, specials.loses
    #91 exchange.tribute=blind    exchange.draw_options, exchange.draw
    #92 return_received           exchange.return_options
    #93 monarchy                  exchange.exchange_pairs
    #94 royal_defence             exchange.exchange_pairs, exchange.royal_defence
    #95 antimonopoly              exchange.run_exchange, exchange.antimonopoly

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
