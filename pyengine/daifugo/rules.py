"""Daifugō rules as data: grouped options, the six presets and validation.

Every local rule of the specification's catalogue (``shared/rules/daifugo.md`` §5) is one
option with exactly one default meaning; popular alternative meanings are further values
of the same option.  Options are grouped by what they change.  Presets (§6):

>>> DaifugoRules.default().preset_name()
'popular'
>>> sorted(DaifugoRules.presets())
['basic', 'jdf', 'party', 'popular', 'two_player', 'uecda']
>>> DaifugoRules.preset("party").effects.queen
<Effect.BOMB: 'bomb'>
>>> DaifugoRules.decode("1.party").effects == DaifugoRules.preset("party").effects  # old links still open
True
>>> DaifugoRules.preset("basic").with_option("clears.four_stop", True).validate()
Traceback (most recent call last):
...
pyengine.core.errors.InvalidRulesError: clears.four_stop needs clears.eight_cut (4-stop cancels an 8-cut)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar, Self

from ..core.errors import InvalidRulesError
from ..core.messages import msg
from ..core.rules import Rules
from .checks import check, check_players
from .values import (
    FORBIDDEN_ITEMS,
    RANK_FIELDS,
    DealStart,
    Deck,
    Effect,
    ElevenBack,
    ExchangeMode,
    FirstLead,
    ForbiddenOrder,
    FourStopCount,
    JokerPair,
    Kyoto,
    LaterLead,
    LeaderPass,
    LockJoker,
    Miyako,
    NumberLock,
    Penalty,
    Remainder,
    Reseat,
    Revolution,
    RoyalDefence,
    Sandstorm,
    Scoring,
    SeqCompare,
    SeqRevolution,
    SuitLock,
    SuperRevolution,
    Tribute,
    TributeSuits,
    TrickEnd,
)

_PRESET_CACHE: dict[type, list[tuple[str, DaifugoRules]]] = {}



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
    target_score: int = 0  # the match also ends once a player has this many points (0: never)
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
    joker_pair: JokerPair = JokerPair.TOP_PAIR


@dataclass(frozen=True, slots=True)
class OrderRules:
    """Rules that change the order of strength (§5.1)."""

    revolution: Revolution = Revolution.OFF
    revolution_clears: bool = False
    revolution_choice: bool = False
    seq_revolution: SeqRevolution = SeqRevolution.OFF
    coup_detat: bool = False
    coup_counter: bool = False
    nanasan: bool = False
    joker_revolution: bool = False
    chasing_revolution: bool = False
    super_revolution: SuperRevolution = SuperRevolution.OFF
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
    four_stop_count: FourStopCount = FourStopCount.SAME
    ten_return: bool = False
    q_cut: bool = False
    spade3_return: bool = False
    spade2_return: bool = False
    sandstorm: Sandstorm = Sandstorm.OFF
    ambulance: bool = False
    rokurokubi: bool = False
    finish_clears: bool = False
    revolution_eight: bool = False
    majesty: bool = False
    strongest_cannon: bool = False
    assassination: bool = False
    next_ace: bool = False


@dataclass(frozen=True, slots=True)
class EffectRules:
    """The effect table: what a single or group of each rank does (§5.3, §5.4 and the article's
    "N-effect" variants), plus how jokers and sequences take part.

    The 8-cut, the Q-cut and 11-back keep their own options (``clears.eight_cut``,
    ``clears.q_cut``, ``order.eleven_back``, with their variants); the table gives every other
    rank-triggered effect to any rank: ``five=skip`` is the 5-skip, ``ten=skip_one`` the
    10-skip, ``king=reverse_trick`` the K-reverse, ``six=cut`` the 6-cut.
    """

    three: Effect = Effect.NONE
    four: Effect = Effect.NONE
    five: Effect = Effect.NONE
    six: Effect = Effect.NONE
    seven: Effect = Effect.NONE
    eight: Effect = Effect.NONE
    nine: Effect = Effect.NONE
    ten: Effect = Effect.NONE
    jack: Effect = Effect.NONE
    queen: Effect = Effect.NONE
    king: Effect = Effect.NONE
    ace: Effect = Effect.NONE
    two: Effect = Effect.NONE
    jokers: bool = True  # a joker standing for the rank in a group or sequence triggers its effect
    sequences: bool = False  # a sequence through the rank triggers its skip, reverse, cut or back

    def of(self, rank: int) -> Effect:
        """The effect of ``rank`` (1 = 3 … 13 = 2)."""
        value: Effect = getattr(self, RANK_FIELDS[rank - 1])
        return value


@dataclass(frozen=True, slots=True)
class TurnRules:
    """Turn order and passing (§5.3, §5.8)."""

    leader_pass: LeaderPass = LeaderPass.OFF
    sticky_pass: bool = True
    trick_end: TrickEnd = TrickEnd.OTHERS_PASSED
    may_pass_when_able: bool = True


@dataclass(frozen=True, slots=True)
class SpecialRules:
    """Special plays and special wins of the article (§6.2, §6.5, §6.6): three of a rank with an
    effect, instant wins and losses, the 大貧民's relief."""

    lucky_seven: bool = False
    death: bool = False
    thief: bool = False
    damian: bool = False
    satan: bool = False
    zombie: bool = False
    rescue: bool = False
    bloody_mary: bool = False
    jeanne: bool = False
    kings_privilege: bool = False
    relief: bool = False
    dokan: bool = False
    monopoly: bool = False
    taepodong: bool = False


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
    forbidden_order: ForbiddenOrder = ForbiddenOrder.BEFORE
    miyako_ochi: Miyako = Miyako.OFF
    gekokujo: bool = False
    kyoto_ochi: Kyoto = Kyoto.OFF
    guillotine: int = 0  # the player who passes the n-th time in a game loses (0: off)

    def __post_init__(self) -> None:
        # a set: stored in the catalogue's order so that equal sets compare equal
        items = tuple(self.forbidden_finish)
        known = tuple(i for i in FORBIDDEN_ITEMS if i in items)
        unknown = tuple(sorted({i for i in items if i not in FORBIDDEN_ITEMS}))
        object.__setattr__(self, "forbidden_finish", known + unknown)


@dataclass(frozen=True, slots=True)
class ExchangeRules:
    """The card exchange (§1.10, §5.9, the article's §6.3)."""

    exchange: ExchangeMode = ExchangeMode.POOR_FIRST
    exchange_counts: int = 1  # cards between 大富豪 and 大貧民 at a 3-player table (1 or 2)
    exchange_joker_exempt: bool = False
    tenpen_chii: bool = False
    tribute_suits: TributeSuits = TributeSuits.CHOOSE
    tribute: Tribute = Tribute.STRONGEST
    return_received: bool = True  # poor_first: the richer player may give back a card just received
    monarchy: bool = False
    royal_defence: RoyalDefence = RoyalDefence.OFF
    antimonopoly: bool = False


@dataclass(frozen=True, slots=True)
class DaifugoRules(Rules):
    """The whole rule set; every field is a group of options."""

    VERSION: ClassVar[int] = 2

    deck: DeckRules = field(default_factory=DeckRules)
    match: MatchRules = field(default_factory=MatchRules)
    forms: FormRules = field(default_factory=FormRules)
    order: OrderRules = field(default_factory=OrderRules)
    clears: ClearRules = field(default_factory=ClearRules)
    effects: EffectRules = field(default_factory=EffectRules)
    turns: TurnRules = field(default_factory=TurnRules)
    specials: SpecialRules = field(default_factory=SpecialRules)
    locks: LockRules = field(default_factory=LockRules)
    finishing: FinishRules = field(default_factory=FinishRules)
    exchange: ExchangeRules = field(default_factory=ExchangeRules)

    @classmethod
    def presets(cls) -> dict[str, Self]:
        cached = _PRESET_CACHE.get(cls)
        if cached is None:
            cached = _PRESET_CACHE[cls] = _presets(cls)
        return dict(cached)  # type: ignore[arg-type]

    @classmethod
    def migrate(cls, version: int, preset: str, pairs: list[tuple[str, str]]) -> tuple[str, list[tuple[str, str]]]:
        """Version 1 (before the effect table) in version 2's terms: the 5-skip, 9-reverse, 7-pass,
        10-discard and Q-bomber options became entries of the effect table, ``kyoto_ochi`` has
        values, and ``joker_pair=off`` (which wrongly refused the pair of jokers) is ``top_pair``."""
        if version != 1:
            raise InvalidRulesError(msg("rules v{version} can no longer be read", version=version))
        return preset, [_v1_pair(path, raw) for path, raw in pairs]

    # --- validation -----------------------------------------------------------------------
    def validate(self) -> None:
        """Refuse (:class:`InvalidRulesError`, the first problem found) a rule set that cannot be played."""
        check(self)

    def validate_for(self, players: int) -> None:
        """:meth:`validate` plus the checks that depend on the number of players."""
        self.validate()
        check_players(self, players)


V1_EFFECTS: dict[str, tuple[str, dict[str, str]]] = {
    "turns.five_skip": ("effects.five", {"off": "none", "per_card": "skip", "one": "skip_one"}),
    "turns.nine_reverse": ("effects.nine", {"off": "none", "permanent": "reverse", "until_clear": "reverse_trick"}),
    "transfers.seven_pass": ("effects.seven", {"off": "none", "up_to": "pass", "exactly": "pass_exactly"}),
    "transfers.ten_discard": ("effects.ten", {"off": "none", "up_to": "discard", "exactly": "discard_exactly"}),
    "transfers.q_bomber": ("effects.queen", {"0": "none", "1": "bomb"}),
    "forms.joker_pair": ("forms.joker_pair", {"off": "top_pair", "top_pair": "top_pair", "clears": "clears"}),
    "finishing.kyoto_ochi": ("finishing.kyoto_ochi", {"0": "off", "1": "next_game"}),
}
"""Version 1 options whose path or values changed: the new path and each old value's new value."""


def _v1_pair(path: str, raw: str) -> tuple[str, str]:
    moved = V1_EFFECTS.get(path)
    if moved is None:
        return path, raw
    new_path, values = moved
    if raw not in values:
        raise InvalidRulesError(msg("{path} must be one of {choices}, not {value}", path=path, choices=", ".join(values),
                                value=repr(raw)))
    return new_path, values[raw]


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
        effects=EffectRules(five=Effect.SKIP, seven=Effect.PASS, nine=Effect.REVERSE, ten=Effect.DISCARD,
                            queen=Effect.BOMB),
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


__all__ = [
    "FORBIDDEN_ITEMS", "PRESET_PLAYERS", "RANK_FIELDS", "ClearRules", "DaifugoRules", "DeckRules", "EffectRules",
    "ExchangeRules", "FinishRules", "FormRules", "LockRules", "MatchRules", "OrderRules", "SpecialRules", "TurnRules",
]
