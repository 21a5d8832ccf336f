"""The engine's action strings, parsed into small value types and formatted back.

Moves use the candidate notation of spec §16; the engine phases inside a turn add a few
more strings (see the package docstring for how a record's ply maps onto them):

>>> parse_action("CA片CIPO")
PieceMove(src=6, dest=44, via=24, ranged=False, water=False)
>>> str(parse_action("KA片KE心KA")), str(parse_action("黒弓CY")), str(parse_action("ZE皇TI[NU]LO"))
('KA片KE心KA', '黒弓CY', 'ZE皇TI[NU]LO')
>>> parse_action("橋三"), parse_action("一位色黒"), parse_action("此無")
(Cast(kind='橋', sticks=3), FirstMover(side=1), Decline())

:func:`parse_action` and ``str`` are exact inverses on every valid string; anything else
raises :class:`~pyengine.core.errors.InvalidNotationError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ..core.errors import InvalidNotationError
from ..core.messages import msg
from .board import COLOUR_CHARS, PROFESSION_CHARS, SQUARE_INDEX, SQUARE_NAMES

CAST_DIGITS: Final = "無一二三四五"
"""Stick counts 0–5 as written in records and in cast outcomes."""
STEP_CAST: Final = "橋"
WATER_CAST: Final = "水"
DECLINE: Final = "此無"
TY_MOK: Final = "再行"
TA_XOT: Final = "終季"
FIRST_MOVER: Final = "一位色"

_SQ = r"[KLNTZXCMP](?:AI|AU|IA|A|E|I|U|O|Y)"
_PIECE_RE = re.compile(f"({_SQ})片({_SQ})({_SQ})?(水)?")
_RANGED_RE = re.compile(f"({_SQ})片({_SQ})心({_SQ})")
_DROP_RE = re.compile(f"([赤黒])([{PROFESSION_CHARS}])({_SQ})")
_TAM_RE = re.compile(rf"({_SQ})皇({_SQ})?\[({_SQ})\]({_SQ})({_SQ})?")
_CAST_RE = re.compile(f"([橋水])([{CAST_DIGITS}])")
_SQUARE_RE = re.compile(_SQ)


def _sq(name: str) -> int:
    return SQUARE_INDEX[name]


@dataclass(frozen=True, slots=True)
class PieceMove:
    """A move of a piece: plain (``src片dest``), finite step (``src片viadest``) or ranged step
    (``src片via心dest``, ``dest`` being the planned square); ``water`` is the 水 flag."""

    src: int
    dest: int
    via: int | None = None
    ranged: bool = False
    water: bool = False

    def __str__(self) -> str:
        via = "" if self.via is None else SQUARE_NAMES[self.via]
        mid = "心" if self.ranged else ""
        return SQUARE_NAMES[self.src] + "片" + via + mid + SQUARE_NAMES[self.dest] + ("水" if self.water else "")


@dataclass(frozen=True, slots=True)
class Drop:
    """A piece from hand (``colour`` 0 red / 1 black, ``prof`` 0–9) onto an empty square."""

    colour: int
    prof: int
    dest: int

    def __str__(self) -> str:
        return COLOUR_CHARS[self.colour] + PROFESSION_CHARS[self.prof] + SQUARE_NAMES[self.dest]


@dataclass(frozen=True, slots=True)
class TamMove:
    """Tam2 from ``src`` to ``first`` to ``second``, stepping over ``via`` in the first half
    (``via_first``) or the second, or over nothing."""

    src: int
    first: int
    second: int
    via: int | None = None
    via_first: bool = False

    def __str__(self) -> str:
        n = SQUARE_NAMES
        via = "" if self.via is None else n[self.via]
        if self.via_first:
            return n[self.src] + "皇" + via + "[" + n[self.first] + "]" + n[self.second]
        return n[self.src] + "皇[" + n[self.first] + "]" + via + n[self.second]


@dataclass(frozen=True, slots=True)
class Cast:
    """A stick cast's outcome: ``kind`` 橋 (stepping cast) or 水 (water cast), 0–5 sticks."""

    kind: str
    sticks: int

    def __str__(self) -> str:
        return self.kind + CAST_DIGITS[self.sticks]


@dataclass(frozen=True, slots=True)
class FirstMover:
    """The outcome of a season's first-mover contest: side 0 (A, 赤) or 1 (IA, 黒)."""

    side: int

    def __str__(self) -> str:
        return FIRST_MOVER + COLOUR_CHARS[self.side]


@dataclass(frozen=True, slots=True)
class GoTo:
    """After a stepping cast: the piece goes to ``dest``."""

    dest: int

    def __str__(self) -> str:
        return SQUARE_NAMES[self.dest]


@dataclass(frozen=True, slots=True)
class Decline:
    """After a stepping cast: the player declines; the move fails."""

    def __str__(self) -> str:
        return DECLINE


@dataclass(frozen=True, slots=True)
class Declare:
    """ty mok1 (再行, continue: ``ty_mok`` true) or ta xot1 (終季, end the season)."""

    ty_mok: bool

    def __str__(self) -> str:
        return TY_MOK if self.ty_mok else TA_XOT


Action = PieceMove | Drop | TamMove | Cast | FirstMover | GoTo | Decline | Declare


def parse_action(text: str) -> Action:
    """The structured form of an action string (see the module docstring)."""
    if not isinstance(text, str) or len(text) > 24:
        raise InvalidNotationError(msg("{text} is not a Cetkaik action", text=repr(text)))
    action: Action | None
    if "片" in text:
        action = _parse_piece_move(text)
    elif "皇" in text:
        action = _parse_tam_move(text)
    else:
        action = _parse_other(text)
    if action is None:
        raise InvalidNotationError(msg("{text} is not a Cetkaik action", text=repr(text)))
    return action


def _parse_piece_move(text: str) -> PieceMove | None:
    m = _RANGED_RE.fullmatch(text)
    if m:
        return PieceMove(_sq(m[1]), _sq(m[3]), _sq(m[2]), ranged=True)
    m = _PIECE_RE.fullmatch(text)
    if m:
        if m[3] is None:
            return PieceMove(_sq(m[1]), _sq(m[2]), water=bool(m[4]))
        return PieceMove(_sq(m[1]), _sq(m[3]), _sq(m[2]), water=bool(m[4]))
    return None


def _parse_tam_move(text: str) -> TamMove | None:
    m = _TAM_RE.fullmatch(text)
    if not m or (m[2] and m[5]):
        return None
    src, first = _sq(m[1]), _sq(m[3])
    if m[2]:
        return TamMove(src, first, _sq(m[4]), _sq(m[2]), via_first=True)
    if m[5]:
        return TamMove(src, first, _sq(m[5]), _sq(m[4]))
    return TamMove(src, first, _sq(m[4]))


def _parse_other(text: str) -> Action | None:
    """A drop, a cast, a square, a decline, a declaration or a first-mover outcome."""
    m = _DROP_RE.fullmatch(text)
    if m:
        return Drop(COLOUR_CHARS.index(m[1]), PROFESSION_CHARS.index(m[2]), _sq(m[3]))
    m = _CAST_RE.fullmatch(text)
    if m:
        return Cast(m[1], CAST_DIGITS.index(m[2]))
    if _SQUARE_RE.fullmatch(text):
        return GoTo(_sq(text))
    if text == DECLINE:
        return Decline()
    if text in (TY_MOK, TA_XOT):
        return Declare(text == TY_MOK)
    if len(text) == 4 and text.startswith(FIRST_MOVER) and text[3] in COLOUR_CHARS:
        return FirstMover(COLOUR_CHARS.index(text[3]))
    return None
