"""Board, squares, pieces and the precomputed movement tables (spec §1–§5).

Squares are plain ints ``0..80``: ``row * 9 + column`` with row 0 = ``A`` (the top, the A
side's home) and column 0 = ``K``.  Their names are column letter + row name:

>>> square_name(40), parse_square("ZO"), parse_square("ZIA")
('ZO', 40, 76)
>>> split_squares("ZAIZIA")
(58, 76)

Pieces on the board are small ints too (:data:`EMPTY`, :data:`TAM2`, or
``2 + 20 * side + 10 * colour + profession``); a piece in hand is ``10 * colour +
profession``.  Sides: 0 = the A side (red King, moves towards ``IA``), 1 = the IA side.
Colours: 0 = red (赤), 1 = black (黒).  Professions are numbered in the order
``船兵弓車虎馬筆巫将王``, the reference implementations' order.

Everything a move generator needs per square is precomputed here: the neighbours, the
tam2-hue map for each tam2 square (with and without tam2's own square), and for every
side, profession, hue status and square the finite targets (with the square that must be
empty in between, if any) and the rays of the ranged kinds.
"""

from __future__ import annotations

import re
from typing import Final

from ..core.errors import InvalidNotationError
from ..core.messages import msg

COLUMNS: Final = "KLNTZXCMP"
ROWS: Final = ("A", "E", "I", "U", "O", "Y", "AI", "AU", "IA")
SQUARE_NAMES: Final[tuple[str, ...]] = tuple(c + r for r in ROWS for c in COLUMNS)
SQUARE_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(SQUARE_NAMES)}

_SQUARE = r"[KLNTZXCMP](?:AI|AU|IA|A|E|I|U|O|Y)"
SQUARE_RE: Final = re.compile(_SQUARE)
SQUARES_RE: Final = re.compile(f"(?:{_SQUARE})+")

A_SIDE: Final = 0
IA_SIDE: Final = 1
SIDE_NAMES: Final = ("A", "IA")

RED: Final = 0
BLACK: Final = 1
COLOUR_CHARS: Final = "赤黒"

PROFESSION_CHARS: Final = "船兵弓車虎馬筆巫将王"
VESSEL, PAWN, ARCHER, CHARIOT, TIGER, HORSE, OFFICER, SHAMAN, GENERAL, KING = range(10)

EMPTY: Final = 0
TAM2: Final = 1
NO_SIDE: Final = 2  # OWNER of an empty square
TAM_OWNER: Final = 3  # OWNER of tam2


def piece_code(side: int, colour: int, prof: int) -> int:
    """The board code of a side's piece."""
    return 2 + 20 * side + 10 * colour + prof


OWNER: Final[tuple[int, ...]] = (NO_SIDE, TAM_OWNER) + tuple(c // 20 for c in range(40))
"""OWNER[code]: the side of a board piece, NO_SIDE for an empty square, TAM_OWNER for tam2."""
PROF: Final[tuple[int, ...]] = (-1, -1) + tuple(c % 10 for c in range(40))
COLOUR: Final[tuple[int, ...]] = (-1, -1) + tuple((c // 10) % 2 for c in range(40))
HAND_CODE: Final[tuple[int, ...]] = (-1, -1) + tuple(c % 20 for c in range(40))
"""HAND_CODE[code]: the hand code (colour and profession) of a board piece."""


def hand_name(code: int) -> str:
    """``"赤兵"`` for hand code 1."""
    return COLOUR_CHARS[code // 10] + PROFESSION_CHARS[code % 10]


HAND_NAMES: Final[tuple[str, ...]] = tuple(hand_name(c) for c in range(20))
HAND_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(HAND_NAMES)}

WATER_NAMES: Final = ("ZI", "ZU", "ZO", "ZY", "ZAI", "NO", "TO", "XO", "CO")
WATER: Final[tuple[bool, ...]] = tuple(name in WATER_NAMES for name in SQUARE_NAMES)
FIXED_HUE_NAMES: Final = ("NI", "CI", "TU", "XU", "ZO", "TY", "XY", "NAI", "CAI")
FIXED_HUE: Final[tuple[bool, ...]] = tuple(name in FIXED_HUE_NAMES for name in SQUARE_NAMES)


def square_name(sq: int) -> str:
    return SQUARE_NAMES[sq]


def parse_square(text: str) -> int:
    """The square named ``text``; :class:`InvalidNotationError` if it is not one."""
    try:
        return SQUARE_INDEX[text]
    except KeyError:
        raise InvalidNotationError(msg("{text} is not a square (columns K…P, rows A…IA)", text=repr(text))) from None


def split_squares(text: str) -> tuple[int, ...]:
    """A run of square names split the only way it can be (``ZAIZIA`` → ZAI, ZIA)."""
    if not SQUARES_RE.fullmatch(text):
        raise InvalidNotationError(msg("{text} is not a run of squares", text=repr(text)))
    return tuple(SQUARE_INDEX[m] for m in SQUARE_RE.findall(text))


def distance(a: int, b: int) -> int:
    """Chebyshev distance between two squares."""
    return max(abs(a // 9 - b // 9), abs(a % 9 - b % 9))


def direction(a: int, b: int) -> tuple[int, int]:
    """The unit step (drow, dcol) from ``a`` towards ``b`` (on a line or not)."""
    dr, dc = b // 9 - a // 9, b % 9 - a % 9
    return ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))


def _on_board(r: int, c: int) -> bool:
    return 0 <= r < 9 and 0 <= c < 9


ALL8: Final = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((s // 9 + dr) * 9 + s % 9 + dc for dr, dc in ALL8 if _on_board(s // 9 + dr, s % 9 + dc))
    for s in range(81)
)


def _hue_map(tam: int, self_is_hue: bool) -> tuple[bool, ...]:
    near = set(NEIGHBOURS[tam])
    if self_is_hue:
        near.add(tam)
    return tuple(FIXED_HUE[s] or s in near for s in range(81))


HUE: Final[tuple[tuple[bool, ...], ...]] = tuple(_hue_map(t, False) for t in range(81))
"""HUE[tam][sq]: is ``sq`` tam2 hue while tam2 stands on ``tam`` (tam2's square excluded)."""
HUE_WITH_TAM: Final[tuple[tuple[bool, ...], ...]] = tuple(_hue_map(t, True) for t in range(81))
"""The same with tam2's own square counted as hue (the ``cerke_online`` reading)."""

# --- movement patterns ---------------------------------------------------------------------
# A pattern is (finite, rays): finite is a tuple of (target, between) where ``between`` is the
# square that must be empty (-1 for none); rays is a tuple of (kind, squares) with the squares
# in order of distance, kind RANGED or SKIP1 (a FROM2 ray is stored as a RANGED ray that
# starts at distance 2).
RANGED: Final = 0  # any distance, all squares between empty
SKIP1: Final = 1  # any distance, at most one occupied square between
FROM2: Final = 2  # distance >= 2 along a diagonal, distance 1 ignored, the rest between empty

Finite = tuple[tuple[int, int], ...]
Rays = tuple[tuple[int, tuple[int, ...]], ...]
Pattern = tuple[Finite, Rays]

ORTH: Final = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAG: Final = ((-1, -1), (-1, 1), (1, -1), (1, 1))


Steps = list[tuple[int, int, int]]
RayDirs = list[tuple[int, int, int]]
_SIDE_DIRS: Final = ((0, -1), (0, 1))


def _vessel(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    if hue:
        return [(0, -1, 0), (0, 1, 0), (0, -2, 1), (0, 2, 1)], [(fwd, 0, RANGED), (-fwd, 0, RANGED)]
    return [], [(fwd, 0, RANGED)]


def _pawn(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    if hue:
        return [(dr, dc, 0) for dr, dc in ORTH] + [(2 * fwd, 0, 1)], []
    return [(fwd, 0, 0)], []


def _archer(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    return [], [(dr, dc, RANGED) for dr, dc in (DIAG if hue else ORTH)]


def _chariot(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    return [(2 * dr, 2 * dc, 2) for dr, dc in (DIAG if hue else ORTH)], []


def _tiger(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    if hue:
        return [], [(dr, dc, RANGED) for dr, dc in DIAG]
    return [(dr, dc, 0) for dr, dc in DIAG], []


def _horse(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    if hue:
        return [], [(dr, dc, FROM2) for dr, dc in DIAG]
    return [(2 * dr, 2 * dc, 2) for dr, dc in DIAG], []


def _officer(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    if hue:
        return [], [(dr, dc, RANGED) for dr, dc in ORTH]
    return [(dr, dc, 0) for dr, dc in _SIDE_DIRS], [(fwd, 0, RANGED), (-fwd, 0, RANGED)]


def _shaman(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    if hue:
        return [], [(dr, dc, SKIP1) for dr, dc in ALL8]
    return [(fwd, 0, 0), (-fwd, 0, 0)], [(dr, dc, RANGED) for dr, dc in _SIDE_DIRS]


def _general(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    return [(dr, dc, 0) for dr, dc in ALL8 if hue or (dr, dc) != (-fwd, 0)], []


def _king(fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    return [(dr, dc, 0) for dr, dc in ALL8], []


_MOVES: Final = (_vessel, _pawn, _archer, _chariot, _tiger, _horse, _officer, _shaman, _general, _king)
"""Indexed by profession (VESSEL … KING)."""


def _moves(prof: int, fwd: int, hue: bool) -> tuple[Steps, RayDirs]:
    """(steps, rays) for a profession: steps are (drow, dcol, between-flag) with between-flag 1
    when the middle square must be empty, 2 for a jump; rays are (drow, dcol, kind)."""
    return _MOVES[prof](fwd, hue)


def _pattern(side: int, prof: int, hue: bool, s: int) -> Pattern:
    fwd = 1 if side == A_SIDE else -1
    r0, c0 = divmod(s, 9)
    steps, rays = _moves(prof, fwd, hue)
    finite: list[tuple[int, int]] = []
    for dr, dc, between in steps:
        r, c = r0 + dr, c0 + dc
        if not _on_board(r, c):
            continue
        mid = (r0 + dr // 2) * 9 + c0 + dc // 2 if between == 1 else -1
        finite.append((r * 9 + c, mid))
    out_rays: list[tuple[int, tuple[int, ...]]] = []
    for dr, dc, kind in rays:
        squares = []
        r, c = r0 + dr, c0 + dc
        while _on_board(r, c):
            squares.append(r * 9 + c)
            r, c = r + dr, c + dc
        if kind == FROM2:  # the same as a plain ranged ray that starts at distance 2
            kind, squares = RANGED, squares[1:]
        if squares:
            out_rays.append((kind, tuple(squares)))
    return tuple(finite), tuple(out_rays)


PATTERNS: Final[tuple[tuple[tuple[tuple[Pattern, ...], ...], ...], ...]] = tuple(
    tuple(tuple(tuple(_pattern(side, prof, hue, s) for s in range(81)) for hue in (False, True))
          for prof in range(10))
    for side in (A_SIDE, IA_SIDE)
)
"""PATTERNS[side][profession][hue][square] -> (finite, rays)."""

# --- the initial position (spec §4) ----------------------------------------------------------
_INITIAL_ROWS: Final = {
    "A": ("黒筆", "黒馬", "黒車", "黒将", "赤王", "赤将", "赤車", "赤馬", "赤筆"),
    "E": ("赤巫", "赤弓", "", "赤虎", "", "黒虎", "", "黒弓", "黒巫"),
    "I": ("黒兵", "赤兵", "黒兵", "赤兵", "赤船", "赤兵", "黒兵", "赤兵", "黒兵"),
    "AI": ("黒兵", "赤兵", "黒兵", "赤兵", "黒船", "赤兵", "黒兵", "赤兵", "黒兵"),
    "AU": ("黒巫", "黒弓", "", "黒虎", "", "赤虎", "", "赤弓", "赤巫"),
    "IA": ("赤筆", "赤馬", "赤車", "赤将", "黒王", "黒将", "黒車", "黒馬", "黒筆"),
}


def _initial_board() -> tuple[int, ...]:
    board = [EMPTY] * 81
    for row_name, names in _INITIAL_ROWS.items():
        row = ROWS.index(row_name)
        side = A_SIDE if row < 4 else IA_SIDE
        for col, name in enumerate(names):
            if name:
                code = HAND_INDEX[name]
                board[row * 9 + col] = piece_code(side, code // 10, code % 10)
    board[SQUARE_INDEX["ZO"]] = TAM2
    return tuple(board)


INITIAL_BOARD: Final[tuple[int, ...]] = _initial_board()
INITIAL_TAM: Final = SQUARE_INDEX["ZO"]

PIECE_COUNTS: Final[tuple[int, ...]] = tuple(
    (1 if p in (VESSEL, KING) else 8 if p == PAWN else 2) for p in range(10)
) * 2
"""How many pieces of each hand code (colour, profession) exist: 8 Pawns, 1 King, 1 Vessel,
2 of anything else, per colour."""
