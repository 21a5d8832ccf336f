"""Which Daifugō rule sets can be played: ``DaifugoRules.validate`` in named checks (§2.4).

Each check refuses (:class:`~pyengine.core.errors.InvalidRulesError`) with a message that names
the options involved by their paths (the rules panel offers fixes from them); the first
problem found is reported.

>>> from pyengine.daifugo.rules import DaifugoRules
>>> DaifugoRules.preset("popular").with_option("effects.eight", "cut").validate()
Traceback (most recent call last):
...
pyengine.core.errors.InvalidRulesError: effects.eight 'cut' is the 8-cut: use clears.eight_cut
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import InvalidRulesError
from .values import (
    FORBIDDEN_ITEMS,
    RANK_FIELDS,
    DealStart,
    Deck,
    Effect,
    ElevenBack,
    ExchangeMode,
    FourStopCount,
    JokerPair,
    Kyoto,
    Miyako,
    NumberLock,
    Remainder,
    Revolution,
    RoyalDefence,
    Scoring,
    SeqRevolution,
    SuitLock,
    SuperRevolution,
    Tribute,
)

if TYPE_CHECKING:
    from .rules import DaifugoRules


def check(r: DaifugoRules) -> None:
    """Every check that does not depend on the number of players."""
    _check_ranges(r)
    _check_jokers(r)
    _check_dependencies(r)
    _check_effect_table(r)
    _check_same_triggers(r)
    _check_revolutions(r)
    _check_class_rules(r)
    _check_exchange(r)
    _check_decks(r)


def _refuse(message: str) -> None:
    raise InvalidRulesError(message)


def _check_ranges(r: DaifugoRules) -> None:
    """Numbers within their ranges, known forbidden-finish items."""
    d, m, f, fin, ex = r.deck, r.match, r.forms, r.finishing, r.exchange
    if not 0 <= d.jokers <= 2:
        _refuse(f"deck.jokers must be 0, 1 or 2, not {d.jokers}")
    if not 2 <= f.seq_min <= 5:
        _refuse(f"forms.seq_min must be between 2 and 5, not {f.seq_min}")
    if not 2 <= f.max_group <= 6:
        _refuse(f"forms.max_group must be between 2 and 6, not {f.max_group}")
    if not 1 <= m.games <= 1000:
        _refuse(f"match.games must be between 1 and 1000, not {m.games}")
    if not 0 <= m.set_games <= 1000:
        _refuse(f"match.set_games must be between 0 and 1000, not {m.set_games}")
    if not 0 <= m.target_score <= 10000:
        _refuse(f"match.target_score must be between 0 and 10000, not {m.target_score}")
    if not 0 <= fin.guillotine <= 200:
        _refuse(f"finishing.guillotine must be between 0 and 200, not {fin.guillotine}")
    if ex.exchange_counts not in (1, 2):
        _refuse(f"exchange.exchange_counts must be 1 or 2, not {ex.exchange_counts}")
    for item in fin.forbidden_finish:
        if item not in FORBIDDEN_ITEMS:
            _refuse(f"finishing.forbidden_finish: unknown item {item!r} (known: {', '.join(FORBIDDEN_ITEMS)})")
    if len(set(fin.forbidden_finish)) != len(fin.forbidden_finish):
        _refuse("finishing.forbidden_finish lists an item twice")


def _check_jokers(r: DaifugoRules) -> None:
    """Rules about jokers need jokers (two for the rules of the pair of jokers)."""
    d, f, o, c, fin, ex, sp = r.deck, r.forms, r.order, r.clears, r.finishing, r.exchange, r.specials
    if d.jokers == 0:
        for path, on in (
            ("clears.spade3_return", c.spade3_return),
            ("clears.spade2_return", c.spade2_return),
            ("order.joker_inverts", o.joker_inverts),
            ("exchange.exchange_joker_exempt", ex.exchange_joker_exempt),
            ("forms.seq_joker_ends", f.seq_joker_ends),
        ):
            if on:
                _refuse(f"{path} needs a joker, but deck.jokers is 0")
        if "joker" in fin.forbidden_finish:
            _refuse("finishing.forbidden_finish 'joker' needs a joker, but deck.jokers is 0")
    for path, on in (
        ("forms.joker_pair", f.joker_pair is JokerPair.CLEARS),
        ("order.joker_revolution", o.joker_revolution),
        ("clears.strongest_cannon", c.strongest_cannon),
        ("specials.taepodong", sp.taepodong),
    ):
        if on and d.jokers < 2:
            _refuse(f"{path} needs two jokers, but deck.jokers is {d.jokers}")
    for path, on in (("clears.strongest_cannon", c.strongest_cannon), ("specials.taepodong", sp.taepodong)):
        if on and f.max_group < 6:
            _refuse(f"{path} is a play of six cards, but forms.max_group is {f.max_group}")


def _check_dependencies(r: DaifugoRules) -> None:
    """Options that refine another option need it (8-cut variants, sequences, 11-back, locks)."""
    f, o, c, lk, fin, fx = r.forms, r.order, r.clears, r.locks, r.finishing, r.effects
    for path, on in (
        ("clears.eight_cut_sequences", c.eight_cut_sequences),
        ("clears.eight_cut_joker", c.eight_cut_joker),
        ("clears.four_stop", c.four_stop),
        ("clears.ten_return", c.ten_return),
    ):
        if on and not c.eight_cut:
            what = {"clears.four_stop": "4-stop cancels an 8-cut", "clears.ten_return": "10-return cancels an 8-cut"}
            _refuse(f"{path} needs clears.eight_cut ({what.get(path, 'it changes what 8-cuts')})")
    if c.four_stop_count is FourStopCount.DOUBLE and not c.four_stop:
        _refuse("clears.four_stop_count 'double' needs clears.four_stop")
    for path, on in (
        ("clears.eight_cut_sequences", c.eight_cut_sequences),
        ("order.seq_revolution", o.seq_revolution is not SeqRevolution.OFF),
        ("order.eleven_back_sequences", o.eleven_back_sequences),
        ("effects.sequences", fx.sequences),
        ("clears.majesty", c.majesty),
    ):
        if on and not f.sequences:
            _refuse(f"{path} needs forms.sequences")
    if (o.eleven_back_sequences or o.strong_eleven_back) and o.eleven_back is ElevenBack.OFF:
        which = "order.eleven_back_sequences" if o.eleven_back_sequences else "order.strong_eleven_back"
        _refuse(f"{which} needs order.eleven_back")
    if f.seq_joker_ends and not f.sequences:
        _refuse("forms.seq_joker_ends needs forms.sequences")
    for item, path, on in (
        ("jack", "order.eleven_back", o.eleven_back is not ElevenBack.OFF),
        ("eight", "clears.eight_cut", c.eight_cut),
        ("spade3_return", "clears.spade3_return", c.spade3_return),
    ):
        if item in fin.forbidden_finish and not on:
            _refuse(f"finishing.forbidden_finish {item!r} needs {path}")
    if lk.number_lock is NumberLock.STRICT and lk.suit_lock is not SuitLock.EXACT:
        _refuse("locks.number_lock 'strict' needs locks.suit_lock 'exact'")


def _check_effect_table(r: DaifugoRules) -> None:
    """The 8-cut, the Q-cut and 11-back have their own options; the table does not repeat them."""
    fx = r.effects
    for field, effect, named, what in (
        ("eight", Effect.CUT, "clears.eight_cut", "the 8-cut"),
        ("queen", Effect.CUT, "clears.q_cut", "the Q-cut"),
        ("jack", Effect.BACK, "order.eleven_back", "11-back"),
    ):
        if getattr(fx, field) is effect:
            _refuse(f"effects.{field} {effect.value!r} is {what}: use {named}")
    inverted_cut = [f for f in RANK_FIELDS if getattr(fx, f) is Effect.CUT_INVERTED]
    if inverted_cut and r.order.revolution is Revolution.OFF and not _other_revolutions(r):
        _refuse(f"effects.{inverted_cut[0]} 'cut_inverted' cuts during a revolution, but order.revolution is off")


def _other_revolutions(r: DaifugoRules) -> bool:
    o = r.order
    return (o.seq_revolution is not SeqRevolution.OFF or o.coup_detat or o.nanasan or o.joker_revolution
            or o.chasing_revolution or o.omen or o.great_revolution or r.forms.emperor or r.specials.taepodong)


TRIPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("3s", "three", ("specials.zombie",)),
    ("4s", "four", ("specials.death", "specials.thief")),
    ("6s", "six", ("order.omen", "order.coup_counter", "specials.damian", "specials.satan")),
    ("7s", "seven", ("order.nanasan", "specials.lucky_seven")),
    ("9s", "nine", ("order.coup_detat",)),
    ("Qs", "queen", ("specials.bloody_mary", "specials.jeanne")),
    ("Ks", "king", ("specials.kings_privilege",)),
)
"""The rules set off by three cards of one rank: at most one per rank."""


def _check_same_triggers(r: DaifugoRules) -> None:
    """Two rules that give three of the same rank different effects cannot both be on."""
    for rank, _field, paths in TRIPLES:
        on = [p for p in paths if r.get(p)]
        if len(on) > 1:
            _refuse(f"{on[0]} and {on[1]} both give three {rank} an effect: choose one")


def _check_revolutions(r: DaifugoRules) -> None:
    """Rules about revolutions need a revolution to happen."""
    o, c = r.order, r.clears
    if o.coup_counter and not o.coup_detat:
        _refuse("order.coup_counter needs order.coup_detat (three 6s undo a coup d'état)")
    any_revolution = o.revolution is not Revolution.OFF or _other_revolutions(r)
    for path, on in (
        ("order.super_revolution", o.super_revolution is not SuperRevolution.OFF),
        ("clears.revolution_eight", c.revolution_eight),
        ("clears.spade2_return", c.spade2_return),
    ):
        if on and not any_revolution:
            _refuse(f"{path} needs a revolution, but order.revolution is off")


def _check_class_rules(r: DaifugoRules) -> None:
    """Rules about classes need games with classes; jdf scoring needs sets."""
    m, fin, ex, sp = r.match, r.finishing, r.exchange, r.specials
    class_rules = [
        ("finishing.miyako_ochi", fin.miyako_ochi is not Miyako.OFF),
        ("finishing.gekokujo", fin.gekokujo),
        ("finishing.kyoto_ochi", fin.kyoto_ochi is not Kyoto.OFF),
        ("exchange.tenpen_chii", ex.tenpen_chii),
        ("exchange.monarchy", ex.monarchy),
        ("exchange.royal_defence", ex.royal_defence is not RoyalDefence.OFF),
        ("exchange.antimonopoly", ex.antimonopoly),
        ("exchange.tribute", ex.tribute is Tribute.BLIND),
        ("specials.relief", sp.relief),
        ("deck.remainder", r.deck.remainder is Remainder.LOWEST_FIRST),
    ]
    for path, on in class_rules:
        if not on:
            continue
        if ex.exchange is ExchangeMode.OFF and path != "deck.remainder":
            _refuse(f"{path} needs classes, but exchange.exchange is off")
        # A one-game match (or sets of one game) has no classes either: the class rules then simply
        # never apply, as in the first game of any match, so it is allowed.
    if m.scoring is Scoring.JDF and m.set_games < 1:
        _refuse("match.scoring 'jdf' needs match.set_games (the set bonus goes to a set's last game)")


def _check_exchange(r: DaifugoRules) -> None:
    """Exchange variants that replace one another."""
    ex = r.exchange
    if ex.monarchy and ex.royal_defence is not RoyalDefence.OFF:
        _refuse("exchange.monarchy and exchange.royal_defence both set how many cards the 大富豪 gets: choose one")
    if ex.tribute is Tribute.BLIND and ex.exchange is ExchangeMode.SIMULTANEOUS:
        _refuse("exchange.tribute 'blind' draws from the poorer hand before the return: exchange.exchange "
                "must be poor_first")


def _check_decks(r: DaifugoRules) -> None:
    """The two-player deck's fixed shape; UECda's dealing has no blind cards."""
    d, m, ex = r.deck, r.match, r.exchange
    if d.deck is Deck.TWO_PLAYER:
        if d.jokers != 1:
            _refuse("deck.deck 'two_player' is the 33-card deck with exactly one joker (deck.jokers must be 1)")
        if ex.exchange is not ExchangeMode.OFF:
            _refuse("deck.deck 'two_player' has no classes: exchange.exchange must be off")
        if d.remainder is not Remainder.UNEVEN:
            _refuse("deck.deck 'two_player' deals 13 cards each: deck.remainder must be uneven")
    if m.deal_start is DealStart.TYCOON and d.remainder is not Remainder.UNEVEN:
        _refuse(f"match.deal_start 'tycoon' (UECda) and deck.remainder {d.remainder.value!r} cannot be combined")


def check_players(r: DaifugoRules, players: int) -> None:
    """The checks that depend on the number of players."""
    name = r.preset_name()
    if r.deck.deck is Deck.TWO_PLAYER and players != 2:
        _refuse(f"the 33-card two-player deck is for 2 players, not {players}")
    if players == 2 and r.deck.deck is not Deck.TWO_PLAYER:
        _refuse("two players play the 33-card variant: use the two_player preset (deck.deck)")
    if not 2 <= players <= 8:
        _refuse(f"Daifugō is played by 3–8 players (or 2 with the two-player deck), not {players}")
    if r.match.scoring is Scoring.JDF and players != 4:
        _refuse(f"match.scoring 'jdf' (6/4/2/0) is for 4 players, not {players}")
    if name == "jdf" and players != 4:
        _refuse(f"the jdf preset is for 4 players only, not {players}")
    if name == "uecda" and players != 5:
        _refuse(f"the uecda preset is for 5 players only, not {players}")
    if r.match.scoring is Scoring.UECDA and players != 5:
        _refuse(f"match.scoring 'uecda' (5/4/3/2/1) is for 5 players, not {players}")
    if r.deck.remainder is Remainder.BLIND and players == 2:
        _refuse("deck.remainder 'blind' is not for the two-player deck")
    if r.exchange.monarchy and players != 4:
        _refuse(f"exchange.monarchy (3, 2 and 1 cards to the 大富豪) is for 4 players, not {players}")


__all__ = ["TRIPLES", "check", "check_players"]
