"""The standard client's choices: the UECda kit's "default" client (our ``greedy`` level).

It leads the longest sequence, else the largest group, else the weakest single (mirrored in
revolution), and answers with the weakest play that beats the field without breaking a group or
a sequence.  These pure choices serve the greedy level, the playouts
(:func:`~pyengine.ai.daifugo.playout.kit_move`) and the guessed worlds, which weigh a deal by how
well the standard client would have played it (:func:`kit_agrees`).
"""

from __future__ import annotations

from ...daifugo.cards import (
    EMPEROR,
    GROUP,
    JOKER,
    JOKER_BITS,
    NATURALS,
    SEQ,
    SINGLE,
    SUIT_ROW,
    Play,
)
from ...daifugo.ctx import Ctx
from ...daifugo.engine import Engine
from .division import weakness

ROW0 = SUIT_ROW[0]

_NIB1 = int("1" * 14, 16)  # the lowest bit of every rank's nibble (the jokers' too)


def natural_runs(nat: int, cx: Ctx) -> int:
    """The natural cards that belong to some sequence of at least ``seq_min`` cards.

    A card starts such a run when the next ``seq_min - 1`` ranks of its suit are held too (one
    shift of a rank is one nibble); the run's cards are those starts shifted back up.

    >>> from pyengine.daifugo.cards import fmt_cards, parse_cards
    >>> from pyengine.daifugo.ctx import compile_rules
    >>> from pyengine.daifugo.rules import DaifugoRules
    >>> cx = compile_rules(DaifugoRules.preset("uecda"), 5)
    >>> fmt_cards(natural_runs(parse_cards("S3.S4.H4.S5.H5.S6.D9.DT.DJ.CK"), cx))
    'S3.S4.S5.S6.D9.DT.DJ'
    """
    if not cx.sequences:
        return 0
    nat &= NATURALS
    m = cx.seq_min
    starts = nat
    for j in range(1, m):
        starts &= nat >> (4 * j)
    out = starts
    for j in range(1, m):
        out |= starts << (4 * j)
    return out


def grouped(nat: int) -> int:
    """The natural cards whose rank appears at least twice (each nibble's cards counted at once:
    a count of 2 or more plus 6 reaches the nibble's top bit, and no sum carries out of its nibble).

    >>> from pyengine.daifugo.cards import fmt_cards, parse_cards
    >>> fmt_cards(grouped(parse_cards("S3.H3.S4.S9.H9.D9")))
    'S3.H3.S9.H9.D9'
    """
    count = (nat & _NIB1) + (nat >> 1 & _NIB1) + (nat >> 2 & _NIB1) + (nat >> 3 & _NIB1)
    return nat & ((count + 6 * _NIB1) >> 3 & _NIB1) * 15


def lock_suits(e: Engine) -> int:
    """The natural cards of the suits a suit lock allows (every card when nothing is locked)."""
    lock = e.lock & 15
    if not lock:
        return NATURALS
    out = 0
    for s in range(4):
        if lock >> s & 1:
            out |= ROW0 << s
    return out


_FREE: dict[tuple[int, int, int], int] = {}


def free_cards(nat: int, cx: Ctx) -> int:
    """The natural cards of ``nat`` in no group and no sequence (cached)."""
    key = (nat, cx.seq_min if cx.sequences else 0, 0)
    got = _FREE.get(key)
    if got is None:
        if len(_FREE) > 50000:
            _FREE.clear()
        got = _FREE[key] = nat & ~grouped(nat) & ~natural_runs(nat, cx)
    return got


def kit_lead(plays: list[Play], inv: bool) -> Play:
    """The standard client's lead: the longest sequence, else the largest group, else the weakest
    single, the weakest of each (fewest jokers)."""
    best = plays[0]
    bkey = (9, 0, 0, 0)
    for m in plays:
        form = m[0]
        if form == SEQ:
            key = (0, -m[1], weakness(m, inv), m[4])
        elif form == GROUP:
            key = (1, -m[1], weakness(m, inv), m[4])
        elif form == SINGLE:
            key = (2, 0, weakness(m, inv), 0)
        else:
            continue
        if key < bkey:
            bkey = key
            best = m
    return best


def kit_follow(plays: list[Play], hand: int, f: Play, inv: bool, cx: Ctx, lockable: int) -> Play | None:
    """The standard client's answer to ``f``: the weakest play that beats it without breaking a group
    or sequence (singles from free cards, the joker only when nothing else fits), or None (pass).

    ``lockable``: the natural cards a suit lock still allows (groups count only those)."""
    form = f[0]
    nat = hand & NATURALS
    best: Play | None = None
    bw = 99
    if form == SINGLE:
        free = free_cards(nat, cx)
        for m in plays:
            if m[0] == SINGLE and m[3] & free:
                w = weakness(m, inv)
                if w < bw:
                    bw = w
                    best = m
        if best is None:
            for m in plays:
                if m[0] == JOKER:
                    return m
        return best
    if form == GROUP:
        size = f[1]
        avail = nat & lockable
        joker: Play | None = None
        jw = 99
        for m in plays:
            if m[0] != GROUP or m[1] != size:
                continue
            count = (avail >> (4 * (m[2] - 1)) & 15).bit_count()
            w = weakness(m, inv)
            if not m[4] and count == size:
                if w < bw:
                    bw = w
                    best = m
            elif m[4] == 1 and count == size - 1 and w < jw:
                jw = w
                joker = m
        return best or joker
    if form == SEQ or form == EMPEROR:
        bkey = (99, 9)
        for m in plays:
            if m[0] == form and m[1] == f[1]:
                key = (1 if m[4] else 0, weakness(m, inv) * 4 + m[4])
                if key < bkey:
                    bkey = key
                    best = m
        return best
    return None


_LEADS: dict[Ctx, dict[tuple[int, bool], Play | None]] = {}


def kit_lead_of(e: Engine, hand: int, inv: bool) -> Play | None:
    """The standard client's lead from ``hand`` (cached per rules, hand and order), or None."""
    cache = _LEADS.get(e.cx)
    if cache is None:
        if len(_LEADS) > 8:
            _LEADS.clear()
        cache = _LEADS[e.cx] = {}
    key = (hand, inv)
    if key in cache and not e.must_card:
        return cache[key]
    turn = e.turn
    e.hands[turn], held = hand, e.hands[turn]
    plays = e.legal_plays()
    e.hands[turn] = held
    got = kit_lead(plays, inv) if plays else None
    if not e.must_card:
        if len(cache) > 20000:
            cache.clear()
        cache[key] = got
    return got


_ABOVE = (
    tuple(NATURALS & ~((1 << (4 * r)) - 1) if r >= 1 else NATURALS for r in range(15)),
    tuple((1 << (4 * (r - 1))) - 1 if r >= 1 else 0 for r in range(15)),
)


def kit_agrees(held: int, f: Play, inv: bool, lockable: int, played: Play | None, cx: Ctx) -> bool:
    """Whether the standard client holding ``held`` would answer the single or group ``f`` with
    ``played`` (None: a pass); the same choice as :func:`kit_follow`, worked out on the cards."""
    nat = held & NATURALS
    above = _ABOVE[inv][f[2]] & lockable
    if f[0] == SINGLE:
        cands = free_cards(nat, cx) & above
        if cands:
            if inv:
                top = (cands.bit_length() - 1) >> 2
                nib = cands >> (4 * top) & 15
                card = (nib & -nib) << (4 * top)
            else:
                card = cands & -cands
            return played is not None and played[0] == SINGLE and played[3] == card
        if held & JOKER_BITS and not (inv and cx.joker_inverts):
            return played is not None and played[0] == JOKER
        return played is None
    k = f[1]
    avail = nat & above
    joker = -1
    ranks = range(f[2] - 1, 0, -1) if inv else range(f[2] + 1, 14)
    for q in ranks:
        cards = avail >> (4 * (q - 1)) & 15
        c = cards.bit_count()
        if c == k:
            return played is not None and played[4] == 0 and played[3] == cards << (4 * (q - 1))
        if joker < 0 and c == k - 1 and c:
            joker = q
    if joker > 0 and held & JOKER_BITS:
        cards = avail >> (4 * (joker - 1)) & 15
        return played is not None and played[4] == 1 and played[3] == cards << (4 * (joker - 1))
    return played is None


__all__ = ["free_cards", "grouped", "kit_agrees", "kit_follow", "kit_lead", "kit_lead_of", "lock_suits", "natural_runs"]
