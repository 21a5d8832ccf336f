"""What makes each hand category (§8.3): one check per category for a set of cards, and the
defining cards of a 4-card set for the table-driven evaluator (:mod:`.hands`).

Each check returns the defining cards, strongest first, or ``None`` when the set is not of
that category.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from .cards import COLOUR, HON, NUMBER, SEON, STRENGTH, TYPE

_B = 37
_W = (1, _B, _B**2, _B**3, _B**4)


def seq_key(ordered: Sequence[int]) -> int:
    """Base-37 digits of the cards in the given order, padded to five."""
    s = 0
    for c in ordered:
        s = s * _B + STRENGTH[c] + 1
    return s * _W[5 - len(ordered)]


def _run_order(cs: Sequence[int]) -> list[int] | None:
    """``cs`` in run order if its cards form a run (§8.2), else ``None``."""
    zeros = [c for c in cs if NUMBER[c] == 0]
    if len(zeros) > 1:
        return None
    rest = sorted((c for c in cs if NUMBER[c] != 0), key=NUMBER.__getitem__)
    nums = [NUMBER[c] for c in rest]
    if len(set(nums)) != len(nums):
        return None
    if rest and nums[-1] - nums[0] != len(rest) - 1:
        return None
    if not zeros:
        return rest
    if not rest:
        return None
    if nums[0] == 1:
        return zeros + rest
    if nums[-1] == 8:
        return rest + zeros
    return None


def _distinct_colours(cs: Sequence[int]) -> bool:
    return len({COLOUR[c] for c in cs}) == len(cs)


def _same_number(cs: Sequence[int]) -> bool:
    return len({NUMBER[c] for c in cs}) == 1


# --- the set-only conditions: each takes S (strongest first) and returns the defining cards ---
Check = Callable[[Sequence[int]], "list[int] | None"]


def _first(s: Sequence[int], k: int, test: Callable[[Sequence[int]], bool]) -> list[int] | None:
    for combo in combinations(s, k):  # lexicographic: the first hit is the strongest subset
        if test(combo):
            return list(combo)
    return None


def _gongpaegun(s: Sequence[int]) -> list[int] | None:
    return [c for c in s if NUMBER[c] == 0] if sum(1 for c in s if NUMBER[c] == 0) == 4 else None


def _jinhongok(s: Sequence[int]) -> list[int] | None:
    return _first(s, 4, _same_number) if len(s) >= 4 else None


def _sasaekyeon(s: Sequence[int]) -> list[int] | None:
    if len(s) < 4:
        return None
    return _first(s, 4, lambda cs: _distinct_colours(cs) and _run_order(cs) is not None)


def _four_of_type(kind: int) -> Check:
    def check(s: Sequence[int]) -> list[int] | None:
        if len(s) < 4:
            return None
        return _first(s, 4, lambda cs: all(TYPE[c] == kind for c in cs) and _distinct_colours(cs))

    return check


def _yasaekgunju(s: Sequence[int]) -> list[int] | None:
    return list(s) if _distinct_colours([c for c in s if NUMBER[c] != 0]) else None


def _samyeonpae(s: Sequence[int]) -> list[int] | None:
    if len(s) < 3:
        return None
    return _first(s, 3, lambda cs: _same_number(cs) or (_distinct_colours(cs) and _run_order(cs) is not None))


def _alternating_run(cs: Sequence[int]) -> bool:
    run = _run_order(cs)
    return run is not None and all(COLOUR[a] != COLOUR[b] for a, b in zip(run, run[1:], strict=False))


def _dasaekjikseon(s: Sequence[int]) -> list[int] | None:
    return _first(s, 4, _alternating_run) if len(s) >= 4 else None


def _two_pairs(cs: Sequence[int]) -> bool:
    nums = sorted(NUMBER[c] for c in cs)
    return nums[0] == nums[1] and nums[2] == nums[3]


def _ssangyeonpae(s: Sequence[int]) -> list[int] | None:
    return _first(s, 4, _two_pairs) if len(s) >= 4 else None


def _yeonpae(s: Sequence[int]) -> list[int] | None:
    return _first(s, 2, _same_number) if len(s) >= 2 else None


def _kkeut(s: Sequence[int]) -> list[int] | None:
    if len(s) < 2:
        return None
    return _first(s, 2, lambda cs: COLOUR[cs[0]] != COLOUR[cs[1]] and _run_order(cs) is not None)


def _choegopae(s: Sequence[int]) -> list[int] | None:
    return list(s)


SET_CHECKS: dict[str, Check] = {
    "gongpaegun": _gongpaegun,
    "jinhongok": _jinhongok,
    "sasaekyeon": _sasaekyeon,
    "honseonyahaeng": _four_of_type(HON),
    "yasaekgunju": _yasaekgunju,
    "seonjihaengjin": _four_of_type(SEON),
    "samyeonpae": _samyeonpae,
    "dasaekjikseon": _dasaekjikseon,
    "ssangyeonpae": _ssangyeonpae,
    "yeonpae": _yeonpae,
    "kkeut": _kkeut,
    "choegopae": _choegopae,
}


# --- the same conditions for exactly four cards (the fast path's table) -------------------------
# Each takes S = (a, b, c, d), strongest first, and a cache for the run order; it returns the
# defining cards followed by the kickers (S reordered), or () when the category does not apply.
Four = tuple[int, int, int, int]
RunCache = list["list[int] | None"]


def _run4(s: Four, cache: RunCache) -> list[int] | None:
    if not cache:
        cache.append(_run_order(s))
    return cache[0]


def _pair_splits(s: Four) -> tuple[Four, ...]:
    a, b, c, d = s
    return (a, b, c, d), (a, c, b, d), (a, d, b, c), (b, c, a, d), (b, d, a, c), (c, d, a, b)


def _head4_choegopae(s: Four, cache: RunCache) -> tuple[int, ...]:
    return s


def _head4_yeonpae(s: Four, cache: RunCache) -> tuple[int, ...]:
    for x, y, k1, k2 in _pair_splits(s):
        if NUMBER[x] == NUMBER[y]:
            return (x, y, k1, k2)
    return ()


def _head4_kkeut(s: Four, cache: RunCache) -> tuple[int, ...]:
    for x, y, k1, k2 in _pair_splits(s):
        nx, ny = NUMBER[x], NUMBER[y]
        if COLOUR[x] != COLOUR[y] and (
            (nx and ny and (nx - ny == 1 or ny - nx == 1))
            or (not nx and ny in (1, 8)) or (not ny and nx in (1, 8))
        ):
            return (x, y, k1, k2)
    return ()


def _head4_samyeonpae(s: Four, cache: RunCache) -> tuple[int, ...]:
    a, b, c, d = s
    for x, y, z, k in ((a, b, c, d), (a, b, d, c), (a, c, d, b), (b, c, d, a)):
        trio = (x, y, z)
        if (NUMBER[x] == NUMBER[y] == NUMBER[z]) or (
            len({COLOUR[x], COLOUR[y], COLOUR[z]}) == 3 and _run_order(trio) is not None
        ):
            return (x, y, z, k)
    return ()


def _head4_yasaekgunju(s: Four, cache: RunCache) -> tuple[int, ...]:
    nz = [COLOUR[x] for x in s if NUMBER[x]]
    return s if len(set(nz)) == len(nz) else ()


def _head4_gongpaegun(s: Four, cache: RunCache) -> tuple[int, ...]:
    return s if NUMBER[s[0]] == NUMBER[s[1]] == NUMBER[s[2]] == NUMBER[s[3]] == 0 else ()


def _head4_jinhongok(s: Four, cache: RunCache) -> tuple[int, ...]:
    return s if NUMBER[s[0]] == NUMBER[s[1]] == NUMBER[s[2]] == NUMBER[s[3]] else ()


def _head4_ssangyeonpae(s: Four, cache: RunCache) -> tuple[int, ...]:
    return s if _two_pairs(s) else ()


def _head4_of_type(kind: int) -> Callable[[Four, RunCache], tuple[int, ...]]:
    def head(s: Four, cache: RunCache) -> tuple[int, ...]:
        if len({COLOUR[x] for x in s}) == 4 and TYPE[s[0]] == TYPE[s[1]] == TYPE[s[2]] == TYPE[s[3]] == kind:
            return s
        return ()

    return head


def _head4_sasaekyeon(s: Four, cache: RunCache) -> tuple[int, ...]:
    run = _run4(s, cache)
    return s if run is not None and len({COLOUR[x] for x in s}) == 4 else ()


def _head4_dasaekjikseon(s: Four, cache: RunCache) -> tuple[int, ...]:
    run = _run4(s, cache)
    return s if run is not None and all(COLOUR[x] != COLOUR[y] for x, y in zip(run, run[1:], strict=False)) else ()


HEAD4: dict[str, Callable[[Four, RunCache], tuple[int, ...]]] = {
    "choegopae": _head4_choegopae,
    "yeonpae": _head4_yeonpae,
    "kkeut": _head4_kkeut,
    "samyeonpae": _head4_samyeonpae,
    "yasaekgunju": _head4_yasaekgunju,
    "gongpaegun": _head4_gongpaegun,
    "jinhongok": _head4_jinhongok,
    "ssangyeonpae": _head4_ssangyeonpae,
    "honseonyahaeng": _head4_of_type(HON),
    "seonjihaengjin": _head4_of_type(SEON),
    "sasaekyeon": _head4_sasaekyeon,
    "dasaekjikseon": _head4_dasaekjikseon,
}


__all__ = ["HEAD4", "SET_CHECKS", "Four", "RunCache", "seq_key"]
