"""The values of the Daifugō options that are not yes/no or numbers (string enums, link-safe).

Each enum is one option's set of meanings (``shared/rules/daifugo.md`` §5); the first value
other than ``off``/``none`` is the rule's default meaning, the others its popular alternatives.
:class:`Effect` is the value of a rank in the effect table (``effects.<rank>``, see
:class:`~pyengine.daifugo.rules.EffectRules`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

FORBIDDEN_ITEMS: Final = ("joker", "top_rank", "eight", "spade3_return", "jack", "bottom_rank")
"""The items ``finishing.forbidden_finish`` may list, in the catalogue's order."""

RANK_FIELDS: Final = ("three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king",
                      "ace", "two")
"""The fields of the effect table (``effects.<rank>``), rank 1 (3) to 13 (2)."""


class Deck(StrEnum):
    FULL = "full"
    TWO_PLAYER = "two_player"


class Remainder(StrEnum):
    UNEVEN = "uneven"
    BLIND = "blind"
    LOWEST_FIRST = "lowest_first"  # the extra cards go to the lowest classes first (uneven in a game without classes)


class Scoring(StrEnum):
    PLACES = "places"  # N + 1 - place
    JDF = "jdf"  # 6/4/2/0 and +2 for the 大富豪 of a set's 4th game
    UECDA = "uecda"  # 5/4/3/2/1
    WIN = "win"  # 1 for the winner, 0 otherwise (two-player variant)


class Reseat(StrEnum):
    FIXED = "fixed"
    RANDOM = "random"
    BY_CLASS = "by_class"  # in class order from the 大富豪 (descending)
    PER_SET = "per_set"
    EVERY_3_GAMES = "every_3_games"
    BY_CLASS_ASCENDING = "by_class_ascending"  # in class order from the 大貧民


class DealStart(StrEnum):
    AFTER_DEALER = "after_dealer"  # the dealer (random, then the previous 大貧民) deals from the next seat
    TYCOON = "tycoon"  # UECda: dealing starts at the previous 大富豪's own seat


class FirstLead(StrEnum):
    D3 = "d3"
    S3 = "s3"
    RANDOM = "random"
    SPADE_SEAT = "spade_seat"  # JDF: the ♠ seat (table position 0)
    DEALER_LEFT = "dealer_left"  # the player after the dealer


class LaterLead(StrEnum):
    BEGGAR = "beggar"
    TYCOON = "tycoon"
    SAME_AS_FIRST = "same_as_first"


class SeqCompare(StrEnum):
    EXCEED = "exceed"
    LOWEST = "lowest"


class JokerPair(StrEnum):
    TOP_PAIR = "top_pair"  # the pair of jokers is the strongest pair (§2.2(3))
    CLEARS = "clears"  # … and it clears the trick


class Revolution(StrEnum):
    OFF = "off"
    IMMEDIATE = "immediate"
    AFTER_CLEAR = "after_clear"


class SeqRevolution(StrEnum):
    OFF = "off"
    FOUR = "4"
    FIVE = "5"


class SuperRevolution(StrEnum):
    OFF = "off"
    FIVE = "5"  # 超革命: the game's first revolution of 5+ cards fixes the order
    SIX = "6"  # 核爆弾: … of 6+ cards


class ElevenBack(StrEnum):
    OFF = "off"
    TOGGLE = "toggle"
    FIRST_ONLY = "first_only"


class Sandstorm(StrEnum):
    OFF = "off"
    ON_TRIPLES = "on_triples"
    ANY_TIME = "any_time"
    ON_JOKER = "on_joker"


class FourStopCount(StrEnum):
    SAME = "same"  # k 4s stop k 8s
    DOUBLE = "double"  # 2k 4s stop k 8s (two 4s stop one 8)


class LeaderPass(StrEnum):
    OFF = "off"
    SECOND_LAP = "second_lap"
    FREE = "free"


class TrickEnd(StrEnum):
    OTHERS_PASSED = "others_passed"
    ALL_PASSED = "all_passed"


class Effect(StrEnum):
    """What a single or group of a rank does (the effect table, ``effects.<rank>``).

    ``k`` is the number of cards of that rank in the play (jokers standing for it count with
    ``effects.jokers``).  The step of §1.13 each effect belongs to is in brackets.
    """

    NONE = "none"
    SKIP = "skip"  # [5] skips the next k players who have not passed (5-skip)
    SKIP_ONE = "skip_one"  # [5] skips the next player whatever k (10-skip, K-skip)
    REVERSE = "reverse"  # [5] reverses the direction of play until the next reverse (9-reverse)
    REVERSE_TRICK = "reverse_trick"  # [5] … until the trick clears (K-reverse, Q-reverse temporary)
    PASS = "pass"  # [4] gives up to k cards to the next player (7-pass)
    PASS_EXACTLY = "pass_exactly"  # [4] gives exactly min(k, hand) cards to the next player
    PASS_BACK = "pass_back"  # [4] gives exactly min(k, hand) cards to the previous player (9-return)
    DISCARD = "discard"  # [4] discards up to k cards face up (10-discard)
    DISCARD_EXACTLY = "discard_exactly"  # [4] discards exactly min(k, hand) cards (7-attach)
    BOMB = "bomb"  # [4] names up to k ranks everyone discards (Q-bomber)
    CUT = "cut"  # [6] clears the trick like an 8-cut (4-cut, 6-cut, 10-cut)
    CUT_INVERTED = "cut_inverted"  # [6] clears while a revolution is on, unless the play revolts (5/6/7-cut)
    BACK = "back"  # [2] inverts the order until the trick clears, like 11-back (2-back)
    END_BACK = "end_back"  # [2] ends an 11-back in force (6-return)


class Penalty(StrEnum):
    LAST = "last"
    REFUSE = "refuse"


class ForbiddenOrder(StrEnum):
    BEFORE = "before"  # the order in force before the final play (A in the article)
    AFTER = "after"  # the order after it: a revolving final play is judged in the new order (B)


class Miyako(StrEnum):
    OFF = "off"
    IMMEDIATE = "immediate"
    NEXT_GAME = "next_game"
    ONLY_IF_BEGGAR_WINS = "only_if_beggar_wins"


class Kyoto(StrEnum):
    OFF = "off"
    NEXT_GAME = "next_game"  # the 富豪 plays on, placed in the fallen slot
    IMMEDIATE = "immediate"  # the 富豪's hand is discarded at once (the article's wording)


class LockJoker(StrEnum):
    WILD = "wild"
    DECLARED = "declared"
    COLOURLESS = "colourless"  # the joker has no suit: it never keeps or starts a suit lock


class SuitLock(StrEnum):
    OFF = "off"
    EXACT = "exact"
    PARTIAL = "partial"
    AFTER_THREE = "after_three"


class NumberLock(StrEnum):
    OFF = "off"
    ON = "on"
    STRICT = "strict"


class ExchangeMode(StrEnum):
    POOR_FIRST = "poor_first"
    SIMULTANEOUS = "simultaneous"
    OFF = "off"


class TributeSuits(StrEnum):
    CHOOSE = "choose"  # among equal ranks the giver chooses the suits
    FIXED = "fixed"  # UECda: ♠ ♥ ♦ ♣


class Tribute(StrEnum):
    STRONGEST = "strongest"  # the poorer player's strongest cards
    BLIND = "blind"  # 伏せ交換: the richer player draws them unseen from the poorer player's hand


class RoyalDefence(StrEnum):
    OFF = "off"
    STREAK = "streak"  # 王政防衛: a 大富豪 n games in a row trades n + 1 cards with the 大貧民
    CAPPED = "capped"  # 防衛: 3 cards for a 大富豪 who kept the title or came up from 大貧民


__all__ = [
    "FORBIDDEN_ITEMS", "RANK_FIELDS", "Deck", "DealStart", "Effect", "ElevenBack", "ExchangeMode", "FirstLead", "ForbiddenOrder", "FourStopCount",
    "JokerPair", "Kyoto", "LaterLead", "LeaderPass", "LockJoker", "Miyako", "NumberLock", "Penalty", "Remainder",
    "Reseat", "Revolution", "RoyalDefence", "Sandstorm", "Scoring", "SeqCompare", "SeqRevolution", "SuitLock",
    "SuperRevolution", "TrickEnd", "Tribute", "TributeSuits",
]
