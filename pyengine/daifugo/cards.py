"""Cards as bits of an int, plays as small tuples, and the compact notation.

A natural card is bit ``(rank - 1) * 4 + suit`` with ``rank`` 1..13 for 3 4 5 6 7 8 9 10 J Q K
A 2 and ``suit`` 0..3 for ♠ ♥ ♦ ♣; the jokers are bits 52 and 53.  A hand, a pile or a
deck is an ``int``.  Codes: ``S3``, ``HT`` (the 10 of hearts), ``DA``, ``C2``, ``JK``.

A **play** is a tuple ``(form, size, rank, nat, jokers, standins, suits, high)``:

* ``form``: :data:`SINGLE`, :data:`GROUP`, :data:`SEQ`, :data:`JOKER` (a lone joker),
  :data:`JPAIR` (two jokers alone), :data:`EMPEROR`, :data:`PASS_FORM` for a pass, or
  :data:`NOFORM` for well-written cards that make no form (A-2-3: never legal, see
  :func:`read_play` and :func:`noform_reason`);
* ``rank``/``high``: the rank of a single or group (both equal), or the lowest and highest
  position of a sequence or emperor; positions 0 and 14 are "below 3" and "above 2"
  (only a joker sits there, UECda);
* ``nat``: the natural cards it takes from the hand; ``jokers``: how many jokers;
* ``standins``: the cards the jokers stand for, as sorted ``(position, suit)`` pairs
  (suit 4 is the joker's own "fifth suit" in a group that already has all four suits);
* ``suits``: the suit set (bits 0..3, bit 4 for the fifth suit), jokers counted as declared.

Notation: the cards joined by ``.`` in order of (position, suit), a joker written
``JK=<suit><rank>`` with its stand-in (``JK=H-`` below 3, ``JK=H+`` above 2, ``JK=*5`` the
fifth 5); a lone joker is ``JK``, the pair of jokers ``JK.JK``; ``pass``.

>>> fmt_play(parse_play("H5.S5"))
'S5.H5'
>>> fmt_play(parse_play("H6.JK=H7.H5"))
'H5.H6.JK=H7'
>>> parse_play("JK")[0] == JOKER
True
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ..core.errors import InvalidNotationError
from ..core.messages import msg

SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANKS: Final = "3456789TJQKA2"
RANK_NAMES: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
POS_CHARS: Final = "-" + RANKS + "+"
JOKER_CODE: Final = "JK"

J1: Final = 1 << 52
J2: Final = 1 << 53
JOKER_BITS: Final = J1 | J2
NATURALS: Final = (1 << 52) - 1

SINGLE: Final = 1
GROUP: Final = 2
SEQ: Final = 3
JOKER: Final = 4
JPAIR: Final = 5
EMPEROR: Final = 6
NOFORM: Final = 7
PASS_FORM: Final = 0

Play = tuple[int, int, int, int, int, tuple[tuple[int, int], ...], int, int]
PASS: Final[Play] = (PASS_FORM, 0, 0, 0, 0, (), 0, 0)
LONE_JOKER: Final[Play] = (JOKER, 1, 14, 0, 1, (), 0, 14)
JOKER_PAIR: Final[Play] = (JPAIR, 2, 14, 0, 2, (), 0, 14)

RANK_MASK: Final = tuple([0] + [0xF << (4 * (r - 1)) for r in range(1, 14)])
"""All four cards of a rank (index 1..13)."""
SUIT_ROW: Final = tuple(sum(1 << (4 * i + s) for i in range(13)) for s in range(4))
"""All thirteen cards of a suit."""
TWO_PLAYER_DECK: Final = sum(RANK_MASK[r] for r in (1, 2, 3, 9, 10, 11, 12, 13)) | J1


def bit(rank: int, suit: int) -> int:
    return 1 << (4 * (rank - 1) + suit)


def card_code(index: int) -> str:
    """The code of the card at bit ``index``."""
    if index >= 52:
        return JOKER_CODE
    return SUITS[index & 3] + RANKS[index >> 2]


CODES: Final = tuple(card_code(i) for i in range(54))


def parse_card(code: str) -> int:
    """The bit index of a card code (``JK`` is bit 52)."""
    if code == JOKER_CODE:
        return 52
    if len(code) == 2 and code[0] in SUITS and code[1] in RANKS:
        return 4 * RANKS.index(code[1]) + SUITS.index(code[0])
    raise InvalidNotationError(msg("{code} is not a card (cards are written like S3, HT, DA, C2, JK)", code=repr(code)))


def bits_of(mask: int) -> list[int]:
    """The set bit indexes of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes(mask: int) -> list[str]:
    """The codes of a set of cards, weakest rank first, ♠ ♥ ♦ ♣ within a rank, jokers last."""
    return [CODES[i] for i in bits_of(mask)]


def fmt_cards(mask: int) -> str:
    return ".".join(codes(mask)) if mask else "-"


def parse_cards(text: str) -> int:
    """Inverse of :func:`fmt_cards` (jokers fill bit 52 first, then 53)."""
    if text == "-":
        return 0
    mask = 0
    for token in text.split("."):
        index = parse_card(token)
        if index == 52:
            if mask & J1:
                if mask & J2:
                    raise InvalidNotationError(msg("there are at most two jokers"))
                index = 53
        elif mask >> index & 1:
            raise InvalidNotationError(msg("{token} is listed twice", token=token))
        mask |= 1 << index
    if fmt_cards(mask) != text:
        raise InvalidNotationError(msg("write the cards in order: {cards}", cards=fmt_cards(mask)))
    return mask


def joker_count(mask: int) -> int:
    return (mask >> 52 & 1) + (mask >> 53 & 1)


def take_jokers(hand: int, count: int) -> int:
    """The joker bits that ``count`` jokers taken from ``hand`` use (the lowest first)."""
    out = 0
    for b in (J1, J2):
        if count and hand & b:
            out |= b
            count -= 1
    return out


# --- plays -----------------------------------------------------------------------------------

def play_cards(play: Play, hand: int) -> int:
    """The card bits ``play`` removes from ``hand`` (naturals and the jokers it uses)."""
    return play[3] | take_jokers(hand, play[4]) if play[4] else play[3]


def rank_count(play: Play, rank: int) -> int:
    """How many cards of ``rank`` a play contains (jokers standing for it included)."""
    form = play[0]
    if form == SINGLE or form == GROUP:
        return play[1] if play[2] == rank else 0
    if form == SEQ or form == EMPEROR:
        return 1 if play[2] <= rank <= play[7] else 0
    return 0


def _token(pos: int, suit: int, joker: bool) -> str:
    if not joker:
        return SUITS[suit] + RANKS[pos - 1]
    return "JK=" + ("*" if suit == 4 else SUITS[suit]) + POS_CHARS[pos]


def fmt_play(play: Play) -> str:
    form = play[0]
    if form == PASS_FORM:
        return "pass"
    if form == JOKER:
        return "JK"
    if form == JPAIR:
        return "JK.JK"
    items = [((i >> 2) + 1, i & 3, False) for i in bits_of(play[3])]
    items += [(pos, suit, True) for pos, suit in play[5]]
    items.sort()
    return ".".join(_token(p, s, j) for p, s, j in items)


def parse_play(text: str) -> Play:
    """The play a string names (its form is worked out; legality is the state's business).

    Cards that make no form are refused here (:func:`read_play` returns them as a
    :data:`NOFORM` play instead, for the state to refuse as an illegal action):

    >>> parse_play("SA.S2.S3")
    Traceback (most recent call last):
    ...
    pyengine.core.errors.InvalidNotationError: 'S3.SA.S2' is neither a group of one rank nor a sequence
    """
    m = read_play(text)
    if m[0] == NOFORM:
        raise InvalidNotationError(noform_reason(m))
    return m


def read_play(text: str) -> Play:
    """The play a string names: a form, or a :data:`NOFORM` play for written cards that make none.

    Only the writing is checked here (card codes, a card or joker named twice, a joker's
    stand-in written right); whether the cards make a form is for :func:`noform_reason`.

    >>> read_play("SA.S2.S3")[0] == NOFORM, fmt_play(read_play("SA.S2.S3"))
    (True, 'S3.SA.S2')
    """
    if text == "pass":
        return PASS
    if text == "JK":
        return LONE_JOKER
    if text == "JK.JK":
        return JOKER_PAIR
    if not text or len(text) > 120:
        raise InvalidNotationError(msg("{text} is not a Daifugō action", text=repr(text[:40])))
    items = _play_items(text)
    nat = 0
    standins = []
    for pos, suit, joker in items:
        if joker:
            standins.append((pos, suit))
        else:
            nat |= bit(pos, suit)
    if len(standins) > 2:
        raise InvalidNotationError(msg("there are at most two jokers"))
    suits = 0
    for _, s, _ in items:
        suits |= 1 << s
    play, _ = _form(items, nat, tuple(standins), suits)
    return play


def noform_reason(m: Play) -> str:
    """Why the cards of a :data:`NOFORM` play make no form (``""`` for a form)."""
    items = [((i >> 2) + 1, i & 3, False) for i in bits_of(m[3])] + [(p, s, True) for p, s in m[5]]
    items.sort()
    _, reason = _form(items, m[3], m[5], m[6])
    return reason


def _form(items: list[tuple[int, int, bool]], nat: int, standins: tuple[tuple[int, int], ...],
          suits: int) -> tuple[Play, str]:
    """The play the cards make, or a :data:`NOFORM` play and the reason."""
    text = ".".join(_token(p, s, j) for p, s, j in items)
    if len(standins) == len(items):
        reason: str = msg("a joker with a stand-in must be played with natural cards")
    elif len({p for p, _, _ in items}) == 1:
        play, reason = _group(text, items, nat, standins, suits)
        if not reason:
            return play, ""
    else:
        play, reason = _run(text, items, nat, standins, suits)
        if not reason:
            return play, ""
    positions = [p for p, _, _ in items]
    return (NOFORM, len(items), positions[0], nat, len(standins), standins, suits, positions[-1]), reason


def _play_items(text: str) -> list[tuple[int, int, bool]]:
    """The ``(position, suit, is_joker)`` of each card a play names, sorted."""
    items: list[tuple[int, int, bool]] = []
    for token in text.split("."):
        if token.startswith("JK="):
            spec = token[3:]
            if len(spec) != 2 or spec[0] not in SUITS + "*" or spec[1] not in POS_CHARS:
                raise InvalidNotationError(
                    msg("{token}: a joker's stand-in is written like JK=H5, JK=H- or JK=*5", token=repr(token)))
            items.append((POS_CHARS.index(spec[1]), 4 if spec[0] == "*" else SUITS.index(spec[0]), True))
        elif token == JOKER_CODE:
            raise InvalidNotationError(msg("a joker played with other cards needs its stand-in, e.g. JK=H5"))
        else:
            index = parse_card(token)
            items.append(((index >> 2) + 1, index & 3, False))
    if len({(p, s) for p, s, _ in items if s < 4}) != sum(1 for _, s, _ in items if s < 4):
        raise InvalidNotationError(msg("{text} names the same card twice", text=repr(text)))
    items.sort()
    return items


def _group(text: str, items: list[tuple[int, int, bool]], nat: int, standins: tuple[tuple[int, int], ...],
           suits: int) -> tuple[Play, str]:
    """A single or group: the cards of one rank (or the reason they are none)."""
    pos = items[0][0]
    size = len(items)
    form = SINGLE if size == 1 else GROUP
    play = (form, size, pos, nat, len(standins), standins, suits, pos)
    if not 1 <= pos <= 13:
        return play, msg("{text}: only a sequence's joker may stand below 3 or above 2", text=repr(text))
    fifth = sum(1 for _, s, _ in items if s == 4)
    if fifth and suits & 15 != 15:
        return play, msg("{text}: a joker is the fifth card of a rank only when all four suits are there", text=repr(text))
    return play, ""


def _run(text: str, items: list[tuple[int, int, bool]], nat: int, standins: tuple[tuple[int, int], ...],
         suits: int) -> tuple[Play, str]:
    """A sequence (one suit) or an emperor (four suits): consecutive ranks (or the reason they are none)."""
    size = len(items)
    positions = [p for p, _, _ in items]
    lo, hi = positions[0], positions[-1]
    play = (SEQ, size, lo, nat, len(standins), standins, suits, hi)
    if positions != list(range(lo, lo + size)):
        return play, msg("{text} is neither a group of one rank nor a sequence", text=repr(text))
    if any(s == 4 for _, s, _ in items):
        return play, msg("{text}: the fifth-suit joker exists only in a group", text=repr(text))
    if suits.bit_count() == 1:
        return play, ""
    if size == 4 and suits == 15 and lo >= 1 and hi <= 13:
        return (EMPEROR, 4, lo, nat, len(standins), standins, 15, hi), ""
    return play, msg("{text}: a sequence is of one suit (an emperor has four different suits)", text=repr(text))


def subsets_with_jokers(hand: int, sizes: range) -> list[int]:
    """Every set of cards from ``hand`` whose size is in ``sizes`` (jokers are interchangeable).

    >>> [fmt_cards(m) for m in subsets_with_jokers(parse_cards("S3.H4.JK"), range(1, 2))]
    ['S3', 'H4', 'JK']
    """
    naturals = [1 << i for i in bits_of(hand & NATURALS)]
    jokers = [b for b in (J1, J2) if hand & b]
    out: list[int] = []
    for size in sizes:
        for j in range(min(len(jokers), size) + 1):
            jbits = sum(jokers[:j])
            # distinct bits: their sum is their union
            out += [jbits + sum(combo) for combo in combinations(naturals, size - j)]
    return out

