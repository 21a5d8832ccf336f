"""The Dido-poikas deck (디도포이카스): 36 cards as small integers.

A card is ``colour * 9 + number`` with colour 0–3 for ``R B Y G`` and number 0–8 (0 is the
zero card, 공패).  Its code is the colour letter and the digit, e.g. ``Y8``.

>>> card("Y8"), code(card("B4")), TYPE_NAMES[TYPE[card("Y8")]]
(26, 'B4', '원')
>>> sorted((code(c) for c in DECK), key=lambda s: -STRENGTH[card(s)])[:3]
['R0', 'R8', 'R7']
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.errors import InvalidNotationError
from ..core.messages import msg

COLOURS = "RBYG"
"""Colour letters, strongest first (R > B > Y > G)."""

WON, SEON, HON, GONG = 3, 2, 1, 0
"""Card types, as their rank (원 > 선 > 혼 > 공)."""
TYPE_NAMES = {WON: "원", SEON: "선", HON: "혼", GONG: "공"}

# The deck table of §2, one row per colour, numbers 1..8 (the zero card is always 공).
_TYPE_ROWS = {
    "R": "혼혼선선혼선혼선",
    "B": "선혼선원선혼선선",
    "Y": "선혼혼선선선혼원",
    "G": "혼혼선선혼혼혼선",
}
_TYPE_OF = {"원": WON, "선": SEON, "혼": HON}

DECK: tuple[int, ...] = tuple(range(36))
CODES: tuple[str, ...] = tuple(COLOURS[c // 9] + str(c % 9) for c in DECK)
COLOUR: tuple[int, ...] = tuple(c // 9 for c in DECK)
NUMBER: tuple[int, ...] = tuple(c % 9 for c in DECK)
"""Printed number, 0 for a zero card."""
TYPE: tuple[int, ...] = tuple(
    GONG if c % 9 == 0 else _TYPE_OF[_TYPE_ROWS[COLOURS[c // 9]][c % 9 - 1]] for c in DECK
)
STRENGTH: tuple[int, ...] = tuple((3 - c // 9) * 9 + (8 if c % 9 == 0 else c % 9 - 1) for c in DECK)
"""The per-card key of §9 as one integer 0..35: colour first, then number (zero as 9).

Every (colour, number) pair is unique, so the type key is never reached."""
BIT: tuple[int, ...] = tuple(1 << c for c in DECK)
ZEROS: tuple[int, ...] = (0, 9, 18, 27)

_BY_CODE = {s: i for i, s in enumerate(CODES)}


def card(text: str) -> int:
    """The card of a code such as ``R5`` (upper case only)."""
    try:
        return _BY_CODE[text]
    except (KeyError, TypeError):
        raise InvalidNotationError(msg("{text} is not a card (a colour R/B/Y/G and a digit 0-8)", text=repr(text))) from None


def code(c: int) -> str:
    return CODES[c]


def cards(text: str | Iterable[str]) -> list[int]:
    """Cards from whitespace-separated codes (or an iterable of codes)."""
    items = text.split() if isinstance(text, str) else list(text)
    return [card(t) for t in items]


def codes(cs: Iterable[int]) -> str:
    return " ".join(CODES[c] for c in cs)


def strongest_first(cs: Iterable[int]) -> list[int]:
    """Cards sorted by the per-card key, strongest first."""
    return sorted(cs, key=STRENGTH.__getitem__, reverse=True)
