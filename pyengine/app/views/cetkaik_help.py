"""The Cetkaik help's pieces: a move diagram for each piece and the legend of their names.

Every diagram is read from the engine, never written by hand: the piece stands alone on the
board (tam2 far off, on no line through it), :meth:`CetkaikState.legal_actions` lists where it
may go in one leg, and the movement table (:data:`board.PATTERNS`) says how it gets there (a step, a jump
over what is between, or a range along a line).  A piece is shown from a square off tam2 hue
(:data:`OFF_HUE`) and from one on it (:data:`ON_HUE`), as the IA side, whose forward is up
(towards row A) as a player sees their own pieces.

A diagram is the part of the board within :data:`RADIUS` of the piece: ``cells`` are the
destinations in it as offsets from the piece (``dr`` down, ``dc`` right) with their kind, and
``rays`` the lines the piece ranges along, with the distance they start at (2 for a Horse on
hue, whose first square is jumped) and whether they go on past the window's edge.

>>> from pyengine.cetkaik.board import GENERAL, HORSE
>>> d = piece_diagram(GENERAL, hue=False)
>>> sorted((c["dr"], c["dc"]) for c in d["cells"])  # every neighbour but straight back
[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 1)]
>>> [(r["dr"], r["dc"], r["kind"], r["from"]) for r in piece_diagram(HORSE, hue=True)["rays"]]
[(-1, -1, 'range', 2), (-1, 1, 'range', 2), (1, -1, 'range', 2), (1, 1, 'range', 2)]
"""

from __future__ import annotations

from typing import Final

from ...cetkaik.board import (
    BLACK,
    HUE,
    IA_SIDE,
    PATTERNS,
    PROFESSION_CHARS,
    SKIP1,
    SQUARE_INDEX,
    SQUARE_NAMES,
    TAM2,
    distance,
    piece_code,
)
from ...cetkaik.describe import PROFESSIONS, TAM2_NAME
from ...cetkaik.notation import PieceMove, TamMove, parse_action
from ...cetkaik.rules import OFFICIAL
from ...cetkaik.state import MOVE, CetkaikState
from ...core.game import JSON

RADIUS: Final = 2
"""How far around the piece a diagram shows (a 5 × 5 window)."""
OFF_HUE: Final = "ZU"
"""Where a piece stands off tam2 hue: three squares of room in every direction."""
ON_HUE: Final = "ZO"
"""Where a piece stands on tam2 hue (a fixed hue square), and where tam2's own diagram starts."""
TAM_AWAY: Final = "LIA"
"""Where tam2 waits while a piece is shown: near a corner, on no line through either square above."""
SIDE: Final = IA_SIDE
"""The side shown: its forward is up (row −1), as the player sees their own pieces."""
PEKZEP: Final = ("nuak1", "kauk2", "gua2", "kaun1", "dau2", "maun1", "kua2", "tuk2", "uai1", "io")
"""The professions' pekzep names (spec §3), by profession number."""
TAM_PEKZEP: Final = "tam2"


def _alone(code: int, square: int, tam: int) -> CetkaikState:
    board = [0] * 81
    board[tam] = TAM2
    if code:
        board[square] = code
    return CetkaikState(OFFICIAL, board=tuple(board), tam=tam, phase=MOVE, side=SIDE)


def one_leg_destinations(state: CetkaikState, src: int) -> set[int]:
    """Where the piece on ``src`` may go in one leg, as the move generator lists it."""
    out = set()
    for action in state.legal_actions():
        move = parse_action(action)
        if isinstance(move, PieceMove) and move.src == src and move.via is None:
            out.add(move.dest)
    return out


def _offset(src: int, sq: int) -> tuple[int, int]:
    return sq // 9 - src // 9, sq % 9 - src % 9


def _cell(src: int, sq: int, kind: str) -> JSON:
    dr, dc = _offset(src, sq)
    return {"dr": dr, "dc": dc, "kind": kind}


def piece_diagram(prof: int, hue: bool) -> dict[str, JSON]:
    """The move diagram of profession ``prof`` standing off (``hue=False``) or on tam2 hue."""
    src = SQUARE_INDEX[ON_HUE if hue else OFF_HUE]
    tam = SQUARE_INDEX[TAM_AWAY]
    if HUE[tam][src] != hue:  # the squares above are chosen so; a change to them must keep it
        raise AssertionError(f"{SQUARE_NAMES[src]} is not {'on' if hue else 'off'} tam2 hue")
    dests = one_leg_destinations(_alone(piece_code(SIDE, BLACK, prof), src, tam), src)
    finite, rays = PATTERNS[SIDE][prof][hue][src]
    kinds: dict[int, str] = {}
    for target, between in finite:
        # a target two squares off with nothing that must be empty between is a jump
        kinds[target] = "jump" if between < 0 and distance(src, target) == 2 else "step"
    out_rays: list[JSON] = []
    for kind, squares in rays:
        reached = [sq for sq in squares if sq in dests]
        if not reached:
            continue
        name = "skip1" if kind == SKIP1 else "range"
        for sq in squares:
            kinds[sq] = name
        dr, dc = _offset(src, squares[0])
        first = max(abs(dr), abs(dc))
        out_rays.append({"dr": dr // first, "dc": dc // first, "kind": name, "from": first,
                         "beyond": any(distance(src, sq) > RADIUS for sq in reached)})
    unknown = dests - kinds.keys()
    if unknown:  # the move generator and the movement table must agree
        raise AssertionError(f"no movement pattern reaches {sorted(SQUARE_NAMES[s] for s in unknown)}")
    cells = [_cell(src, sq, kinds[sq]) for sq in sorted(dests) if distance(src, sq) <= RADIUS]
    return {"hue": hue, "square": SQUARE_NAMES[src], "radius": RADIUS, "cells": cells, "rays": out_rays}


def tam_diagram() -> dict[str, JSON]:
    """Where tam2 may end its two king steps on an empty board; its own square is a return
    (a −3 penalty under the official rules, §12)."""
    src = SQUARE_INDEX[ON_HUE]
    state = _alone(0, src, src)
    ends: set[int] = set()
    for action in state.legal_actions():
        move = parse_action(action)
        if isinstance(move, TamMove):
            ends.add(move.second)
    cells = [_cell(src, sq, "return" if sq == src else "tam") for sq in sorted(ends) if distance(src, sq) <= RADIUS]
    return {"hue": None, "square": SQUARE_NAMES[src], "radius": RADIUS, "cells": cells, "rays": []}


def piece_help() -> list[JSON]:
    """The legend and the diagrams, one entry per profession and one for tam2 (``prof`` −1):
    an ``id`` for the page's words, its kanji, pekzep name, names in every language, and its
    diagrams (one when hue changes nothing)."""
    out: list[JSON] = []
    for prof, kanji in enumerate(PROFESSION_CHARS):
        off, on = piece_diagram(prof, False), piece_diagram(prof, True)
        same = (off["cells"], off["rays"]) == (on["cells"], on["rays"])
        out.append({"id": PROFESSIONS["en"][prof].lower(), "prof": prof, "kanji": kanji, "pekzep": PEKZEP[prof], "names": {lang: names[prof] for lang, names in PROFESSIONS.items()},
                    "diagrams": [off] if same else [off, on], "same": same})
    out.append({"id": "tam2", "prof": -1, "kanji": "皇", "pekzep": TAM_PEKZEP, "names": dict(TAM2_NAME),
                "diagrams": [tam_diagram()], "same": True})
    return out
