"""The move generator: every legal move of a position in the candidate notation (spec §16).

This is the engine's only move generator: :meth:`CetkaikState.legal_actions` calls
:func:`generate_moves`, and everything else (record import, the stepping phase's choices,
the UI, bots) goes through ``legal_actions``.

It works on the raw position (a tuple of 81 piece codes, see :mod:`.board`) with
precomputed tables: movement patterns per side, profession, hue status and square, the hue
map per tam2 square, and every string it can emit built once at import time, so that the
inner loops only index tuples and append strings.

>>> from .board import INITIAL_BOARD, INITIAL_TAM
>>> moves = generate_moves(INITIAL_BOARD, 0, (), INITIAL_TAM, False, True, True)
>>> len(moves), len(set(moves))
(249, 249)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from .board import (
    GENERAL,
    HAND_NAMES,
    HUE,
    HUE_WITH_TAM,
    NEIGHBOURS,
    OWNER,
    PATTERNS,
    PROF,
    SKIP1,
    SQUARE_NAMES,
    TAM2,
    VESSEL,
    WATER,
    Pattern,
    piece_code,
)

WATER_FLAG: Final = "水"
PIECE_MARK: Final = "片"
PLAN_MARK: Final = "心"
TAM_MARK: Final = "皇"

_SQN: Final = SQUARE_NAMES
_SQ_WATER: Final[tuple[str, ...]] = tuple(n + WATER_FLAG if WATER[i] else n for i, n in enumerate(_SQN))
_SQ_PLAN: Final[tuple[str, ...]] = tuple(PLAN_MARK + n for n in _SQN)
_PLAIN: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(_SQN[s] + PIECE_MARK + _SQN[t] for t in range(81)) for s in range(81)
)
"""_PLAIN[s][t] = "s片t" (no water flag): a Vessel's move, a water origin's, or a step prefix."""
_PLAIN_WATER: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(_PLAIN[s][t] + (WATER_FLAG if WATER[t] and not WATER[s] else "") for t in range(81))
    for s in range(81)
)
"""_PLAIN_WATER[s][t]: the same with the water flag where a non-Vessel needs a water cast."""
_DROPS: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(HAND_NAMES[c] + _SQN[t] for t in range(81)) for c in range(20)
)
_TAM_FIRST: Final[tuple[dict[int, str], ...]] = tuple(
    {f: _SQN[s] + TAM_MARK + "[" + _SQN[f] + "]" for f in NEIGHBOURS[s]} for s in range(81)
)
_NO_PROTECTION: Final = (False,) * 81
_GENERALS: Final = ((piece_code(0, 0, GENERAL), piece_code(0, 1, GENERAL)),
                    (piece_code(1, 0, GENERAL), piece_code(1, 1, GENERAL)))


def _find_all(board: list[int], code: int) -> list[int]:
    out: list[int] = []
    if code in board:
        i = board.index(code)
        out.append(i)
        while code in board[i + 1:]:
            i = board.index(code, i + 1)
            out.append(i)
    return out


def protected_squares(board: list[int] | tuple[int, ...], side: int, tam: int,
                      tam_self_hue: bool) -> tuple[bool, ...] | list[bool]:
    """prot[sq]: a piece of ``side`` on ``sq`` is protected by a General of ``side`` on hue."""
    hue = (HUE_WITH_TAM if tam_self_hue else HUE)[tam]
    b = list(board)
    generals = [s for g in _GENERALS[side] for s in _find_all(b, g) if hue[s]]
    if not generals:
        return _NO_PROTECTION
    prot = [False] * 81
    for g in generals:
        for n in NEIGHBOURS[g]:
            prot[n] = True
    return prot


def generate_moves(board: tuple[int, ...], side: int, hand: tuple[int, ...], tam: int,
                   tam_self_hue: bool, tam_moves: bool, tam_may_return: bool) -> list[str]:
    """Every legal move of ``side`` (unsorted, without duplicates).

    ``hand`` holds the hand codes of ``side``'s captured pieces; ``tam`` is tam2's square;
    ``tam_self_hue`` counts tam2's square as hue; ``tam_moves`` allows tam2 moves at all and
    ``tam_may_return`` allows those that end on tam2's starting square.
    """
    b = list(board)
    hue = (HUE_WITH_TAM if tam_self_hue else HUE)[tam]
    opp = 1 - side
    owner = OWNER
    prot = protected_squares(b, opp, tam, tam_self_hue)
    patterns = PATTERNS[side]
    out: list[str] = []
    app = out.append
    for s in range(81):
        p = b[s]
        if owner[p] != side:
            continue
        prof = PROF[p]
        pat = patterns[prof]
        plain_nw = _PLAIN[s]
        if prof == VESSEL or WATER[s]:
            plain = plain_nw
            sq2 = _SQN
        else:
            plain = _PLAIN_WATER[s]
            sq2 = _SQ_WATER
        b[s] = 0  # the mover leaves its origin (matters only to the second leg)
        for t in _first_legs(b, pat[hue[s]][s], plain, opp, prot, app):
            _second_legs(b, pat[hue[t]][t], plain_nw[t], sq2, opp, prot, app)
        b[s] = p
    if hand:
        empties = [i for i in range(81) if b[i] == 0]
        for code in sorted(set(hand)):
            drops = _DROPS[code]
            out += [drops[e] for e in empties]
    if tam_moves:
        _tam_moves(b, tam, tam_may_return, app)
    return out


def _first_legs(b: list[int], pattern: Pattern, plain: tuple[str, ...], opp: int, prot: Sequence[bool],
                app: Callable[[str], None]) -> list[int]:
    """Emit the one-leg moves of a piece (``pattern`` from its square); return the occupied
    squares it reaches, where a stepping move may go on (the via squares)."""
    owner = OWNER
    finite, rays = pattern
    vias: list[int] = []
    for t, mid in finite:
        if mid >= 0 and b[mid]:
            continue
        q = b[t]
        if q == 0:
            app(plain[t])
        else:
            if owner[q] == opp and not prot[t]:
                app(plain[t])
            vias.append(t)
    for kind, ray in rays:
        seen = 0 if kind == SKIP1 else 1  # SKIP1 rays go on past one occupied square
        for t in ray:
            q = b[t]
            if q == 0:
                app(plain[t])
                continue
            if owner[q] == opp and not prot[t]:
                app(plain[t])
            vias.append(t)
            if seen:
                break
            seen = 1
    return vias


def _second_legs(b: list[int], pattern: Pattern, base: str, sq2: tuple[str, ...], opp: int,
                 prot: Sequence[bool], app: Callable[[str], None]) -> None:
    """Emit the stepping moves that go on from a via square (``pattern`` from the via square)."""
    owner = OWNER
    sq_plan = _SQ_PLAN
    finite2, rays2 = pattern
    for f, mid in finite2:
        if mid >= 0 and b[mid]:
            continue
        q = b[f]
        if q == 0 or (owner[q] == opp and not prot[f]):
            app(base + sq2[f])
    for kind, ray in rays2:
        seen = 0 if kind == SKIP1 else 1
        for r in ray:
            q = b[r]
            if q == 0:
                app(base + sq_plan[r])
                continue
            if owner[q] == opp and not prot[r]:
                app(base + sq_plan[r])
            if seen:
                break
            seen = 1


def _tam_moves(b: list[int], src: int, may_return: bool, emit: Callable[[str], None]) -> None:
    """Tam2's moves (spec §9): two king steps, at most one via square, landing squares empty."""
    nb = NEIGHBOURS
    sqn = _SQN
    b[src] = 0
    first = _TAM_FIRST[src]
    for n1 in nb[src]:
        if b[n1] == 0:
            pf = first[n1]
            for n2 in nb[n1]:
                if b[n2] == 0:
                    if may_return or n2 != src:
                        emit(pf + sqn[n2])
                else:
                    pv = pf + sqn[n2]
                    for g in nb[n2]:
                        if b[g] == 0 and (may_return or g != src):
                            emit(pv + sqn[g])
        else:
            pv = sqn[src] + TAM_MARK + sqn[n1] + "["
            for f in nb[n1]:
                if b[f] == 0:
                    pf = pv + sqn[f] + "]"
                    for g in nb[f]:
                        if b[g] == 0 and (may_return or g != src):
                            emit(pf + sqn[g])
    b[src] = TAM2
