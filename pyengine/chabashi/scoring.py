"""Pots and payouts (§7): the side pots built from each seat's contribution."""

from __future__ import annotations

from collections.abc import Sequence


def build_pots(contrib: Sequence[int], live: Sequence[int], carry: int = 0) -> list[tuple[int, tuple[int, ...]]]:
    """Side pots (§7.3): ``(amount, contestants)`` from the smallest level up.

    >>> build_pots([0, 5, 9, 9, 3], [1, 2, 3], carry=2)
    [(20, (1, 2, 3)), (8, (2, 3))]
    """
    levels = sorted({contrib[p] for p in live})
    pots: list[tuple[int, tuple[int, ...]]] = []
    prev = 0
    for v in levels:
        amount = sum(min(c, v) - min(c, prev) for c in contrib)
        pots.append((amount, tuple(p for p in live if contrib[p] >= v)))
        prev = v
    excess = sum(max(0, c - prev) for c in contrib)
    if excess:  # cannot happen under §7.2 (the top contributor never folds); kept for safety
        amount, who = pots[-1]
        pots[-1] = (amount + excess, who)
    amount, who = pots[0]
    pots[0] = (amount + carry, who)
    return pots


__all__ = ["build_pots"]
