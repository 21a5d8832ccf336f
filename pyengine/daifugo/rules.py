"""Daifugō rules as data: grouped options, the six presets and validation.

Every local rule of the specification's catalogue (``shared/rules/daifugo.md`` §5) is one
option with exactly one default meaning; popular alternative meanings are further values
of the same option.  Options are grouped by what they change.  Presets (§6):

>>> DaifugoRules.default().preset_name()
'popular'
>>> sorted(DaifugoRules.presets())
['basic', 'jdf', 'party', 'popular', 'two_player', 'uecda']
>>> DaifugoRules.preset("party").transfers.q_bomber
True
>>> DaifugoRules.preset("basic").with_option("clears.four_stop", True).validate()
Traceback (most recent call last):
...
pyengine.core.errors.InvalidRulesError: clears.four_stop needs clears.eight_cut (4-stop cancels an 8-cut)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Self

from ..core.errors import InvalidRulesError
from ..core.rules import Rules


class Deck(StrEnum):
    FULL = "full"
    TWO_PLAYER = "two_player"


class Remainder(StrEnum):
    UNEVEN = "uneven"
    BLIND = "blind"


class Scoring(StrEnum):
    PLACES = "places"  # N + 1 - place
    JDF = "jdf"  # 6/4/2/0 and +2 for the 大富豪 of a set's 4th game
    UECDA = "uecda"  # 5/4/3/2/1
    WIN = "win"  # 1 for the winner, 0 otherwise (two-player variant)


class Reseat(StrEnum):
    FIXED = "fixed"
    RANDOM = "random"
    BY_CLASS = "by_class"
    PER_SET = "per_set"
    EVERY_3_GAMES = "every_3_games"


class DealStart(StrEnum):
    AFTER_DEALER = "after_dealer"  # the dealer (random, then the previous 大貧民) deals from the next seat
    TYCOON = "tycoon"  # UECda: dealing starts at the previous 大富豪's own seat


class FirstLead(StrEnum):
    D3 = "d3"
    S3 = "s3"
    RANDOM = "random"
    SPADE_SEAT = "spade_seat"  # JDF: the ♠ seat (table position 0)


class LaterLead(StrEnum):
    BEGGAR = "beggar"
    TYCOON = "tycoon"
    SAME_AS_FIRST = "same_as_first"


class SeqCompare(StrEnum):
    EXCEED = "exceed"
    LOWEST = "lowest"


class JokerPair(StrEnum):
    OFF = "off"
    TOP_PAIR = "top_pair"
    CLEARS = "clears"


class Revolution(StrEnum):
    OFF = "off"
    IMMEDIATE = "immediate"
    AFTER_CLEAR = "after_clear"


class SeqRevolution(StrEnum):
    OFF = "off"
    FOUR = "4"
    FIVE = "5"


class ElevenBack(StrEnum):
    OFF = "off"
    TOGGLE = "toggle"
    FIRST_ONLY = "first_only"


class Sandstorm(StrEnum):
    OFF = "off"
    ON_TRIPLES = "on_triples"
    ANY_TIME = "any_time"
    ON_JOKER = "on_joker"


class FiveSkip(StrEnum):
    OFF = "off"
    PER_CARD = "per_card"
    ONE = "one"


class NineReverse(StrEnum):
    OFF = "off"
    PERMANENT = "permanent"
    UNTIL_CLEAR = "until_clear"


class LeaderPass(StrEnum):
    OFF = "off"
    SECOND_LAP = "second_lap"
    FREE = "free"


class TrickEnd(StrEnum):
    OTHERS_PASSED = "others_passed"
    ALL_PASSED = "all_passed"


class Transfer(StrEnum):
    OFF = "off"
    UP_TO = "up_to"
    EXACTLY = "exactly"


class SuitLock(StrEnum):
    OFF = "off"
    EXACT = "exact"
    PARTIAL = "partial"
    AFTER_THREE = "after_three"


class LockJoker(StrEnum):
    WILD = "wild"
    DECLARED = "declared"


class NumberLock(StrEnum):
    OFF = "off"
    ON = "on"
    STRICT = "strict"


class Penalty(StrEnum):
    LAST = "last"
    REFUSE = "refuse"


class Miyako(StrEnum):
    OFF = "off"
    IMMEDIATE = "immediate"
    NEXT_GAME = "next_game"
    ONLY_IF_BEGGAR_WINS = "only_if_beggar_wins"


class ExchangeMode(StrEnum):
    POOR_FIRST = "poor_first"
    SIMULTANEOUS = "simultaneous"
    OFF = "off"


class TributeSuits(StrEnum):
    CHOOSE = "choose"  # among equal ranks the giver chooses the suits
    FIXED = "fixed"  # UECda: ♠ ♥ ♦ ♣


_PRESET_CACHE: dict[type, list[tuple[str, "DaifugoRules"]]] = {}

FORBIDDEN_ITEMS = ("joker", "top_rank", "eight", "spade3_return", "jack", "bottom_rank")


@dataclass(frozen=True, slots=True)
class DeckRules:
    """The deck and the deal (§1.1, §1.2, §1.12)."""

    deck: Deck = Deck.FULL
    jokers: int = 1
    remainder: Remainder = Remainder.UNEVEN


@dataclass(frozen=True, slots=True)
class MatchRules:
    """Games, sets, scoring, seating and who deals and leads (§1.3, §1.11, §3.1, §4.1)."""

    games: int = 5
    set_games: int = 0  # classes reset at the start of every set of this many games (0: never)
    scoring: Scoring = Scoring.PLACES
    reseat: Reseat = Reseat.FIXED
    deal_start: DealStart = DealStart.AFTER_DEALER
    first_lead: FirstLead = FirstLead.D3
    first_lead_must_include: bool = False
    later_lead: LaterLead = LaterLead.BEGGAR


@dataclass(frozen=True, slots=True)
class FormRules:
    """Legal forms (§1.5, §5.7)."""

    sequences: bool = True
    seq_min: int = 3
    seq_compare: SeqCompare = SeqCompare.EXCEED
    seq_joker_ends: bool = False
    max_group: int = 6
    emperor: bool = False
    joker_pair: JokerPair = JokerPair.OFF


@dataclass(frozen=True, slots=True)
class OrderRules:
    """Rules that change the order of strength (§5.1)."""

    revolution: Revolution = Revolution.OFF
    revolution_clears: bool = False
    revolution_choice: bool = False
    seq_revolution: SeqRevolution = SeqRevolution.OFF
    coup_detat: bool = False
    omen: bool = False
    great_revolution: bool = False
    eleven_back: ElevenBack = ElevenBack.OFF
    eleven_back_sequences: bool = False
    strong_eleven_back: bool = False
    joker_inverts: bool = False


@dataclass(frozen=True, slots=True)
class ClearRules:
    """Rules that clear the trick (§5.2)."""

    eight_cut: bool = False
    eight_cut_sequences: bool = False
    eight_cut_joker: bool = False
    four_stop: bool = False
    q_cut: bool = False
    spade3_return: bool = False
    sandstorm: Sandstorm = Sandstorm.OFF
    ambulance: bool = False
    rokurokubi: bool = False
    finish_clears: bool = False


@dataclass(frozen=True, slots=True)
class TurnRules:
    """Turn order and passing (§5.3, §5.8)."""

    five_skip: FiveSkip = FiveSkip.OFF
    nine_reverse: NineReverse = NineReverse.OFF
    leader_pass: LeaderPass = LeaderPass.OFF
    sticky_pass: bool = True
    trick_end: TrickEnd = TrickEnd.OTHERS_PASSED
    may_pass_when_able: bool = True


@dataclass(frozen=True, slots=True)
class TransferRules:
    """Follow-up choices that move cards (§5.4); each is an engine phase."""

    seven_pass: Transfer = Transfer.OFF
    ten_discard: Transfer = Transfer.OFF
    q_bomber: bool = False


@dataclass(frozen=True, slots=True)
class LockRules:
    """Locks (§5.5)."""

    suit_lock: SuitLock = SuitLock.OFF
    lock_joker: LockJoker = LockJoker.WILD
    colour_lock: bool = False
    number_lock: NumberLock = NumberLock.OFF
    q_release: bool = False


@dataclass(frozen=True, slots=True)
class FinishRules:
    """Going out and the class rules (§5.6)."""

    forbidden_finish: tuple[str, ...] = ()
    forbidden_penalty: Penalty = Penalty.LAST
    miyako_ochi: Miyako = Miyako.OFF
    gekokujo: bool = False
    kyoto_ochi: bool = False

    def __post_init__(self) -> None:
        # a set: stored in the catalogue's order so that equal sets compare equal
        items = tuple(self.forbidden_finish)
        known = tuple(i for i in FORBIDDEN_ITEMS if i in items)
        unknown = tuple(sorted({i for i in items if i not in FORBIDDEN_ITEMS}))
        object.__setattr__(self, "forbidden_finish", known + unknown)


@dataclass(frozen=True, slots=True)
class ExchangeRules:
    """The card exchange (§1.10, §5.9)."""

    exchange: ExchangeMode = ExchangeMode.POOR_FIRST
    exchange_counts: int = 1  # cards between 大富豪 and 大貧民 at a 3-player table (1 or 2)
    exchange_joker_exempt: bool = False
    tenpen_chii: bool = False
    tribute_suits: TributeSuits = TributeSuits.CHOOSE


@dataclass(frozen=True, slots=True)
class DaifugoRules(Rules):
    """The whole rule set; every field is a group of options."""

    deck: DeckRules = field(default_factory=DeckRules)
    match: MatchRules = field(default_factory=MatchRules)
    forms: FormRules = field(default_factory=FormRules)
    order: OrderRules = field(default_factory=OrderRules)
    clears: ClearRules = field(default_factory=ClearRules)
    turns: TurnRules = field(default_factory=TurnRules)
    transfers: TransferRules = field(default_factory=TransferRules)
    locks: LockRules = field(default_factory=LockRules)
    finishing: FinishRules = field(default_factory=FinishRules)
    exchange: ExchangeRules = field(default_factory=ExchangeRules)

    @classmethod
    def presets(cls) -> dict[str, Self]:
        cached = _PRESET_CACHE.get(cls)
        if cached is None:
            cached = _PRESET_CACHE[cls] = _presets(cls)
        return dict(cached)  # type: ignore[arg-type]

    # --- validation -----------------------------------------------------------------------
    def validate(self) -> None:
        """Refuse (:class:`InvalidRulesError`, the first problem found) a rule set that cannot be played."""
        _check_ranges(self)
        _check_jokers(self)
        _check_dependencies(self)
        _check_class_rules(self)
        _check_decks(self)

    def validate_for(self, players: int) -> None:
        """:meth:`validate` plus the checks that depend on the number of players."""
        self.validate()
        name = self.preset_name()
        if self.deck.deck is Deck.TWO_PLAYER and players != 2:
            raise InvalidRulesError(f"the 33-card two-player deck is for 2 players, not {players}")
        if players == 2 and self.deck.deck is not Deck.TWO_PLAYER:
            raise InvalidRulesError("two players play the 33-card variant: use the two_player preset (deck.deck)")
        if not 2 <= players <= 8:
            raise InvalidRulesError(f"Daifugō is played by 3–8 players (or 2 with the two-player deck), not {players}")
        if self.match.scoring is Scoring.JDF and players != 4:
            raise InvalidRulesError(f"match.scoring 'jdf' (6/4/2/0) is for 4 players, not {players}")
        if name == "jdf" and players != 4:
            raise InvalidRulesError(f"the jdf preset is for 4 players only, not {players}")
        if name == "uecda" and players != 5:
            raise InvalidRulesError(f"the uecda preset is for 5 players only, not {players}")
        if self.match.scoring is Scoring.UECDA and players != 5:
            raise InvalidRulesError(f"match.scoring 'uecda' (5/4/3/2/1) is for 5 players, not {players}")
        if self.deck.remainder is Remainder.BLIND and players == 2:
            raise InvalidRulesError("deck.remainder 'blind' is not for the two-player deck")


def _refuse(message: str) -> None:
    raise InvalidRulesError(message)


def _check_ranges(r: DaifugoRules) -> None:
    """Numbers within their ranges, known forbidden-finish items."""
    d, m, f, fin, ex = r.deck, r.match, r.forms, r.finishing, r.exchange
    if not 0 <= d.jokers <= 2:
        _refuse(f"deck.jokers must be 0, 1 or 2, not {d.jokers}")
    if not 3 <= f.seq_min <= 5:
        _refuse(f"forms.seq_min must be between 3 and 5, not {f.seq_min}")
    if not 2 <= f.max_group <= 6:
        _refuse(f"forms.max_group must be between 2 and 6, not {f.max_group}")
    if not 1 <= m.games <= 1000:
        _refuse(f"match.games must be between 1 and 1000, not {m.games}")
    if not 0 <= m.set_games <= 1000:
        _refuse(f"match.set_games must be between 0 and 1000, not {m.set_games}")
    if ex.exchange_counts not in (1, 2):
        _refuse(f"exchange.exchange_counts must be 1 or 2, not {ex.exchange_counts}")
    for item in fin.forbidden_finish:
        if item not in FORBIDDEN_ITEMS:
            _refuse(f"finishing.forbidden_finish: unknown item {item!r} (known: {', '.join(FORBIDDEN_ITEMS)})")
    if len(set(fin.forbidden_finish)) != len(fin.forbidden_finish):
        _refuse("finishing.forbidden_finish lists an item twice")


def _check_jokers(r: DaifugoRules) -> None:
    """Rules about jokers need jokers (two for the joker pair)."""
    d, f, o, c, fin, ex = r.deck, r.forms, r.order, r.clears, r.finishing, r.exchange
    if d.jokers == 0:
        for path, on in (
            ("clears.spade3_return", c.spade3_return),
            ("order.joker_inverts", o.joker_inverts),
            ("exchange.exchange_joker_exempt", ex.exchange_joker_exempt),
            ("forms.seq_joker_ends", f.seq_joker_ends),
        ):
            if on:
                _refuse(f"{path} needs a joker, but deck.jokers is 0")
        if "joker" in fin.forbidden_finish:
            _refuse("finishing.forbidden_finish 'joker' needs a joker, but deck.jokers is 0")
    if f.joker_pair is not JokerPair.OFF and d.jokers < 2:
        _refuse(f"forms.joker_pair needs two jokers, but deck.jokers is {d.jokers}")


def _check_dependencies(r: DaifugoRules) -> None:
    """Options that refine another option need it (8-cut variants, sequences, 11-back, locks)."""
    f, o, c, lk, fin = r.forms, r.order, r.clears, r.locks, r.finishing
    for path, on in (
        ("clears.eight_cut_sequences", c.eight_cut_sequences),
        ("clears.eight_cut_joker", c.eight_cut_joker),
        ("clears.four_stop", c.four_stop),
    ):
        if on and not c.eight_cut:
            what = "4-stop cancels an 8-cut" if path.endswith("four_stop") else "it changes what 8-cuts"
            _refuse(f"{path} needs clears.eight_cut ({what})")
    for path, on in (
        ("clears.eight_cut_sequences", c.eight_cut_sequences),
        ("order.seq_revolution", o.seq_revolution is not SeqRevolution.OFF),
        ("order.eleven_back_sequences", o.eleven_back_sequences),
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


def _check_class_rules(r: DaifugoRules) -> None:
    """Rules about classes need an exchange (classes); jdf scoring needs sets."""
    m, fin, ex = r.match, r.finishing, r.exchange
    class_rules = [
        ("finishing.miyako_ochi", fin.miyako_ochi is not Miyako.OFF),
        ("finishing.gekokujo", fin.gekokujo),
        ("finishing.kyoto_ochi", fin.kyoto_ochi),
        ("exchange.tenpen_chii", ex.tenpen_chii),
    ]
    for path, on in class_rules:
        if not on:
            continue
        if ex.exchange is ExchangeMode.OFF:
            _refuse(f"{path} needs classes, but exchange.exchange is off")
        # A one-game match (or sets of one game) has no classes either: the class rules then simply
        # never apply, as in the first game of any match, so it is allowed.
    if m.scoring is Scoring.JDF and m.set_games < 1:
        _refuse("match.scoring 'jdf' needs match.set_games (the set bonus goes to a set's last game)")


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
    if m.deal_start is DealStart.TYCOON and d.remainder is Remainder.BLIND:
        _refuse("match.deal_start 'tycoon' (UECda) and deck.remainder 'blind' cannot be combined")


def _presets(cls: type[DaifugoRules]) -> list[tuple[str, DaifugoRules]]:
    r = dataclasses.replace
    base = cls()
    basic = r(base, order=OrderRules(revolution=Revolution.IMMEDIATE))
    popular = r(
        basic,
        clears=ClearRules(eight_cut=True, eight_cut_joker=True, spade3_return=True),
        locks=LockRules(suit_lock=SuitLock.EXACT, lock_joker=LockJoker.WILD),
        order=OrderRules(revolution=Revolution.IMMEDIATE, eleven_back=ElevenBack.TOGGLE),
        finishing=FinishRules(forbidden_finish=("joker", "top_rank", "eight"), miyako_ochi=Miyako.NEXT_GAME),
    )
    jdf = r(
        base,
        deck=DeckRules(jokers=2, remainder=Remainder.BLIND),
        match=MatchRules(games=12, set_games=4, scoring=Scoring.JDF, reseat=Reseat.PER_SET,
                         first_lead=FirstLead.SPADE_SEAT, later_lead=LaterLead.BEGGAR),
        forms=FormRules(max_group=6, joker_pair=JokerPair.TOP_PAIR),
        order=OrderRules(revolution=Revolution.IMMEDIATE),
        clears=ClearRules(eight_cut=True, eight_cut_joker=True, spade3_return=True),
        locks=LockRules(suit_lock=SuitLock.EXACT, lock_joker=LockJoker.WILD),
        finishing=FinishRules(forbidden_finish=("joker", "top_rank", "eight", "spade3_return"),
                              miyako_ochi=Miyako.IMMEDIATE),
        turns=TurnRules(leader_pass=LeaderPass.SECOND_LAP),
        exchange=ExchangeRules(exchange=ExchangeMode.SIMULTANEOUS),
    )
    uecda = r(
        base,
        match=MatchRules(games=100, set_games=100, scoring=Scoring.UECDA, reseat=Reseat.EVERY_3_GAMES,
                         deal_start=DealStart.TYCOON, first_lead=FirstLead.D3,
                         later_lead=LaterLead.SAME_AS_FIRST),
        forms=FormRules(seq_joker_ends=True, max_group=5),
        order=OrderRules(revolution=Revolution.IMMEDIATE, seq_revolution=SeqRevolution.FIVE),
        clears=ClearRules(eight_cut=True, eight_cut_sequences=True, eight_cut_joker=True, spade3_return=True),
        locks=LockRules(suit_lock=SuitLock.EXACT, lock_joker=LockJoker.DECLARED),
        turns=TurnRules(leader_pass=LeaderPass.FREE, trick_end=TrickEnd.ALL_PASSED),
        exchange=ExchangeRules(tribute_suits=TributeSuits.FIXED),
    )
    party = r(
        popular,
        order=r(popular.order, seq_revolution=SeqRevolution.FOUR),
        turns=TurnRules(five_skip=FiveSkip.PER_CARD, nine_reverse=NineReverse.PERMANENT),
        transfers=TransferRules(seven_pass=Transfer.UP_TO, ten_discard=Transfer.UP_TO, q_bomber=True),
        locks=r(popular.locks, number_lock=NumberLock.ON),
    )
    two_player = r(
        popular,
        deck=DeckRules(deck=Deck.TWO_PLAYER),
        match=MatchRules(scoring=Scoring.WIN),
        clears=r(popular.clears, q_cut=True),
        finishing=r(popular.finishing, miyako_ochi=Miyako.OFF),
        exchange=ExchangeRules(exchange=ExchangeMode.OFF),
    )
    return [("popular", popular), ("basic", basic), ("jdf", jdf), ("uecda", uecda), ("party", party),
            ("two_player", two_player)]


PRESET_PLAYERS: dict[str, tuple[int, ...]] = {
    "popular": (3, 4, 5, 6, 7, 8),
    "basic": (3, 4, 5, 6, 7, 8),
    "jdf": (4,),
    "uecda": (5,),
    "party": (3, 4, 5, 6, 7, 8),
    "two_player": (2,),
}
"""The player counts each preset is for."""
