"""How strong Daifugō plays and cards are, and hand division: the fewest plays that empty a hand."""

from __future__ import annotations

from ...daifugo.cards import JOKER, JPAIR, NATURALS, SEQ, Play
from ...daifugo.ctx import Ctx


def weakness(m: Play, inv: bool) -> int:
    """0 for the weakest rank in the order in force … 12 for the strongest; jokers 13+."""
    form = m[0]
    if form == JOKER or form == JPAIR:
        return 14
    r = m[2] if form != SEQ or not inv else m[7]
    return 13 - r if inv else r - 1


def card_value(i: int, inv: bool, cx: Ctx) -> float:
    """How valuable a card is to keep (0 weakest … 1 strongest; joker above)."""
    if i >= 52:
        return 1.4
    r = (i >> 2) + 1
    v = (13 - r) / 12 if inv else (r - 1) / 12
    if cx.eight_cut and r == 6:
        v = max(v, 0.75)
    return v * v


def division(hand: int, cx: Ctx) -> int:
    """The fewest plays that empty ``hand`` when leading each time (jokers used as wild).

    >>> from pyengine.daifugo.cards import parse_cards
    >>> from pyengine.daifugo.ctx import compile_rules
    >>> from pyengine.daifugo.rules import DaifugoRules
    >>> cx = compile_rules(DaifugoRules.preset("popular"), 4)
    >>> division(parse_cards("S3.S4.S5.H9.D9.CK"), cx)
    3
    """
    return _division(hand & NATURALS, (hand >> 52 & 1) + (hand >> 53 & 1), cx, {})


def _division(nat: int, njk: int, cx: Ctx, memo: dict[tuple[int, int], int]) -> int:
    key = (nat, njk)
    got = memo.get(key)
    if got is not None:
        return got
    # groups only: one play per rank present (jokers join a group or go alone)
    ranks = 0
    for r in range(13):
        if nat >> (4 * r) & 15:
            ranks += 1
    best = ranks + (1 if njk and not ranks else 0)
    if cx.sequences:
        m = cx.seq_min
        for s in range(4):
            row = [bool(nat >> (4 * r + s) & 1) for r in range(13)]
            r = 0
            while r < 13:
                if not row[r]:
                    r += 1
                    continue
                end = r
                while end + 1 < 13 and row[end + 1]:
                    end += 1
                # try every natural run of length ≥ seq_min inside [r, end]
                for lo in range(r, end + 1):
                    for hi in range(lo + m - 1, end + 1):
                        cut = 0
                        for q in range(lo, hi + 1):
                            cut |= 1 << (4 * q + s)
                        sub = 1 + _division(nat & ~cut, njk, cx, memo)
                        if sub < best:
                            best = sub
                r = end + 1
        if njk:
            # one joker fills a one-card gap: x _ y in a suit
            for s in range(4):
                for lo in range(11):
                    cells = [bool(nat >> (4 * q + s) & 1) for q in range(lo, lo + 3)]
                    if sum(cells) == 2:
                        cut = 0
                        for q in range(lo, lo + 3):
                            if nat >> (4 * q + s) & 1:
                                cut |= 1 << (4 * q + s)
                        sub = 1 + _division(nat & ~cut, njk - 1, cx, memo)
                        if sub < best:
                            best = sub
    memo[key] = best
    return best


__all__ = ["card_value", "division", "weakness"]
