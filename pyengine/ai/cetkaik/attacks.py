"""Captures and attack maps for the search, computed on plain ints.

The evaluation and the quiescence search need, many thousand times a decision, only the
*captures* each side has on a board (with the probability that the casts let them succeed)
and how many board moves each side has.  :func:`attacks` walks the same movement tables
(:data:`~pyengine.cetkaik.board.PATTERNS`) and protection rule
(:func:`~pyengine.cetkaik.movegen.protected_squares`) as the engine's move generator, in the
same way, but builds no string for the quiet moves.  It decides nothing about legality: the
bots still choose among ``legal_actions()``, and the tests check that every capture string
here is exactly one of the engine's generated moves and that the counts agree, position by
position (``tests/cetkaik/test_cetkaik_master.py``).

>>> from pyengine.cetkaik.board import INITIAL_BOARD, INITIAL_TAM
>>> caps, count = attacks(INITIAL_BOARD, 0, INITIAL_TAM, False)
>>> count, len(caps)
(123, 3)
>>> sorted((action(c), round(c[0], 4)) for c in caps)
[('LE片LI心LAI', 0.1875), ('ME片MI心MAI', 0.1875), ('ZI片ZO心ZAI', 0.8125)]
"""

from __future__ import annotations

from typing import Final

from ...cetkaik.board import (
    HUE,
    HUE_WITH_TAM,
    OWNER,
    PATTERNS,
    PROF,
    SKIP1,
    SQUARE_NAMES,
    VESSEL,
    WATER,
    distance,
)
from ...cetkaik.movegen import protected_squares

TAIL: Final[tuple[float, ...]] = (1.0, 31 / 32, 26 / 32, 16 / 32, 6 / 32, 1 / 32, 0.0, 0.0, 0.0)
"""TAIL[d]: the probability that a stepping cast reaches distance ``d`` (at least d sticks)."""

Capture = tuple[float, int, int, int, bool, bool]
"""(probability, src, via, dest, ranged, water): ``via`` is -1 for a one-leg capture; the
probability counts the stepping cast and the water cast (``water``: one is needed)."""

_NAMES: Final = SQUARE_NAMES
_REACH: Final[tuple[tuple[float, ...], ...]] = tuple(
    tuple(TAIL[distance(a, b)] for b in range(81)) for a in range(81)
)
"""_REACH[via][dest]: the probability that a stepping cast from ``via`` reaches ``dest``."""


def action(cap: Capture) -> str:
    """The candidate string of a capture (the one the engine's move generator lists).

    >>> action((1.0, 22, -1, 31, False, True)), action((0.5, 16, 25, 61, True, False))
    ('ZI片ZU水', 'ME片MI心MAI')
    """
    _, src, via, dest, ranged, water = cap
    text = _NAMES[src] + "片"
    if via >= 0:
        text += _NAMES[via] + ("心" if ranged else "")
    text += _NAMES[dest]
    return text + "水" if water and not ranged else text


def attacks(board: tuple[int, ...], side: int, tam: int, tam_self_hue: bool) -> tuple[list[Capture], int]:
    """Every capture ``side`` has on ``board`` (no drops, no tam2 moves) and the number of
    board moves it has (captures included), as ``generate_moves(..., hand=(), tam_moves=False)``
    would list them."""
    b = list(board)
    hue = (HUE_WITH_TAM if tam_self_hue else HUE)[tam]
    opp = 1 - side
    owner = OWNER
    prot = protected_squares(b, opp, tam, tam_self_hue)
    patterns = PATTERNS[side]
    water = WATER
    reach = _REACH
    caps: list[Capture] = []
    count = 0
    for s in range(81):
        p = b[s]
        if owner[p] != side:
            continue
        prof = PROF[p]
        pat = patterns[prof]
        dry = prof == VESSEL or water[s]  # no water cast for this piece
        b[s] = 0
        finite, rays = pat[hue[s]][s]
        vias: list[int] = []
        for t, mid in finite:
            if mid >= 0 and b[mid]:
                continue
            q = b[t]
            if q == 0:
                count += 1
                continue
            if owner[q] == opp and not prot[t]:
                count += 1
                wet = water[t] and not dry
                caps.append((0.5 if wet else 1.0, s, -1, t, False, wet))
            vias.append(t)
        for kind, ray in rays:
            seen = 0 if kind == SKIP1 else 1
            for t in ray:
                q = b[t]
                if q == 0:
                    count += 1
                    continue
                if owner[q] == opp and not prot[t]:
                    count += 1
                    wet = water[t] and not dry
                    caps.append((0.5 if wet else 1.0, s, -1, t, False, wet))
                vias.append(t)
                if seen:
                    break
                seen = 1
        for t in vias:
            finite2, rays2 = pat[hue[t]][t]
            reach_from = reach[t]
            for f, mid in finite2:
                if mid >= 0 and b[mid]:
                    continue
                q = b[f]
                if q == 0:
                    count += 1
                elif owner[q] == opp and not prot[f]:
                    count += 1
                    wet = water[f] and not dry
                    caps.append((0.5 if wet else 1.0, s, t, f, False, wet))
            for kind, ray in rays2:
                seen = 0 if kind == SKIP1 else 1
                for r in ray:
                    q = b[r]
                    if q == 0:
                        count += 1
                        continue
                    if owner[q] == opp and not prot[r]:
                        count += 1
                        wet = water[r] and not dry
                        caps.append((reach_from[r] * 0.5 if wet else reach_from[r], s, t, r, True, wet))
                    if seen:
                        break
                    seen = 1
        b[s] = p
    return caps, count


def best_by_square(caps: list[Capture]) -> dict[int, float]:
    """Square → the best probability among ``caps`` of capturing what stands there."""
    best: dict[int, float] = {}
    for cap in caps:
        p, dest = cap[0], cap[3]
        if p > best.get(dest, 0.0):
            best[dest] = p
    return best


__all__ = ["TAIL", "Capture", "action", "attacks", "best_by_square"]
