"""Hands (役) and their values (spec §13), and the penalties written like hands (§17.6).

>>> calculate_hands(["黒虎", "黒王"])
HandResult(score=10, names=('同色獣', '王'))
>>> calculate_hands(["赤兵", "赤兵", "黒王"]).names
('助友', '戦集', '王')

Names are the kanji of the rulebook (the record format's names); :mod:`.names` has their
English, Korean and Japanese forms.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ..core.errors import EngineError
from ..core.messages import msg
from .board import (
    ARCHER,
    CHARIOT,
    GENERAL,
    HAND_INDEX,
    HAND_NAMES,
    HORSE,
    KING,
    OFFICER,
    PAWN,
    PIECE_COUNTS,
    SHAMAN,
    TIGER,
    VESSEL,
)

FLASH: Final = "同色"
KUT2TAM2: Final = "撃皇"
TAM2_TY_SAK2: Final = "皇再来"
KING_HAND: Final = "王"

# name -> (plain value, 同色 value, required count per profession)
_HANDS: Final[tuple[tuple[str, int, int, tuple[tuple[int, int], ...]], ...]] = (
    ("無抗行処", 50, 52, tuple((p, 1) for p in range(10))),
    ("筆兵無傾", 10, 12, ((OFFICER, 1), (PAWN, 1), (ARCHER, 1), (GENERAL, 1), (SHAMAN, 1))),
    ("地心", 7, 9, ((GENERAL, 1), (SHAMAN, 1), (OFFICER, 1))),
    ("馬弓兵", 5, 7, ((HORSE, 1), (ARCHER, 1), (PAWN, 1))),
    ("行行", 5, 7, ((HORSE, 1), (CHARIOT, 1), (VESSEL, 1))),
    ("獣", 3, 5, ((HORSE, 1), (TIGER, 1))),
    ("戦集", 3, 5, ((GENERAL, 1), (PAWN, 2))),
    ("助友", 3, 5, ((CHARIOT, 1), (PAWN, 2))),
    ("闇戦之集", 3, 5, ((PAWN, 5),)),
)
HAND_VALUES: Final[dict[str, int]] = {KING_HAND: 5}
for _name, _plain, _flash, _ in _HANDS:
    HAND_VALUES[_name] = _plain
    HAND_VALUES[FLASH + _name] = _flash
PENALTY_VALUES: Final[dict[str, int]] = {KUT2TAM2: -5, TAM2_TY_SAK2: -3}


def hand_table() -> tuple[tuple[str, int, int, tuple[tuple[int, int], ...]], ...]:
    """The hands of §13 for a rules panel, in the rulebook's order: ``(name, value, 同色 value,
    needs)`` with ``needs`` the pieces as ``(profession, count)`` pairs (the King hand,
    :data:`KING_HAND`, is one King and always worth 5).

    >>> hand_table()[3]
    ('馬弓兵', 5, 7, ((5, 1), (2, 1), (1, 1)))
    """
    return _HANDS


class ImpossibleHandError(EngineError):
    """A set of pieces that cannot exist (more of a piece than the game has)."""

    def __init__(self, too_many: list[str]) -> None:
        super().__init__("more pieces than the game has: " + ", ".join(too_many))
        self.too_many = too_many


@dataclass(frozen=True, slots=True)
class HandResult:
    score: int
    names: tuple[str, ...]


def _base(counts: list[int]) -> set[str]:
    """Names (without 同色, without 王) formed by a profession count vector."""
    return {name for name, _, _, need in _HANDS if all(counts[p] >= n for p, n in need)}


def _names_of(codes: list[int]) -> tuple[set[str], set[str]]:
    """(plain names, 同色 base names) formed by a list of hand codes, no wildcard."""
    red = [0] * 10
    black = [0] * 10
    for c in codes:
        if c < 10:
            red[c] += 1
        else:
            black[c - 10] += 1
    plain = _base([r + b for r, b in zip(red, black, strict=False)])
    flash = _base(red) | _base(black)
    return plain, flash


def _variants(codes: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The set itself and every set where held Kings stand in for missing pieces (rule 4)."""
    out = {codes}
    todo = [codes]
    while todo:
        current = todo.pop()
        for king in (KING, 10 + KING):
            if king not in current:
                continue
            rest = list(current)
            rest.remove(king)
            base = 10 * (king // 10)
            for prof in range(9):
                variant = tuple(sorted(rest + [base + prof]))
                if variant not in out:
                    out.add(variant)
                    todo.append(variant)
    return out


@lru_cache(maxsize=4096)
def hand_names(codes: tuple[int, ...]) -> tuple[str, ...]:
    """The hand names formed by a sorted tuple of hand codes, sorted by code point."""
    plain: set[str] = set()
    flash: set[str] = set()
    for variant in _variants(codes):
        p, f = _names_of(list(variant))
        plain |= p
        flash |= f
    names = {FLASH + n for n in flash} | (plain - flash)
    if KING in codes or 10 + KING in codes:
        names.add(KING_HAND)
    return tuple(sorted(names))


@lru_cache(maxsize=4096)
def hand_score(codes: tuple[int, ...]) -> int:
    """The hand score of a sorted tuple of hand codes."""
    return sum(HAND_VALUES[n] for n in hand_names(codes))


def calculate_hands(pieces: Iterable[str]) -> HandResult:
    """Score and names of a list of pieces such as ``"赤王"``.

    Raises :class:`ImpossibleHandError` when the list holds more of a piece than exist and
    :class:`~pyengine.core.errors.InvalidNotationError` for a string that is not a piece.
    """
    from ..core.errors import InvalidNotationError

    codes: list[int] = []
    for piece in pieces:
        code = HAND_INDEX.get(piece)
        if code is None:
            raise InvalidNotationError(msg("{piece} is not a piece (colour 赤/黒 + profession)", piece=repr(piece)))
        codes.append(code)
    too_many: list[str] = []
    for code in codes:
        if codes.count(code) > PIECE_COUNTS[code] and HAND_NAMES[code] not in too_many:
            too_many.append(HAND_NAMES[code])
    if too_many:
        raise ImpossibleHandError(too_many)
    key = tuple(sorted(codes))
    return HandResult(hand_score(key), hand_names(key))
