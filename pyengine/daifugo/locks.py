"""Locks (§5.5, UECda §4.5): what keeps a play off the field, and how plays start and end locks.

* :func:`lock_ok` — whether a play keeps the trick's locks (legality, :mod:`.plays`);
* :func:`lock_update` — step 3 of a play's effects (§1.13), one function per rule:
  :func:`suit_lock` (#29 マーク縛り: ``exact``, ``partial``, ``after_three``), :func:`lock_joker`
  (#30: ``wild`` — a play with a joker starts no lock; ``declared`` — a lone joker releases the
  locks), :func:`colour_lock` (#31 色縛り), :func:`number_lock` (#32 数縛り, ``strict``) and
  :func:`q_release` (#33 Q解き); ``lock_joker=colourless``: a joker has no suit, so a play
  with one keeps no suit or colour lock and starts none.

The trick's lock state: ``Engine.lock`` (suit set), ``colour`` (pattern, -1 none),
``numnext``/``numdir`` (number lock, -1 none) and ``run`` (``after_three``); a clear resets it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import GROUP, JOKER, JPAIR, SINGLE, Play, bits_of, rank_count

if TYPE_CHECKING:
    from .engine import Engine

R_QUEEN = 10
RED = 0b0110  # ♥ ♦


def lock_ok(e: Engine, m: Play) -> bool:
    """Whether ``m`` keeps the trick's suit, colour and number locks (a joker alone always does, but
    under ``lock_joker=colourless`` a play with a joker never keeps a suit or colour lock)."""
    form = m[0]
    if m[4] and e.cx.colourless and (e.lock or e.colour >= 0):  # m[4]: the play's jokers (a lone joker too)
        return False
    if form == JOKER or form == JPAIR:
        return True
    lock = e.lock
    if lock:
        if e.cx.suit_lock == 2:
            if m[6] & lock != lock:
                return False
        elif m[6] != lock:
            return False
    if e.colour >= 0 and colour(m) != e.colour:
        return False
    return not (e.numnext >= 0 and (form != SINGLE and form != GROUP or m[2] != e.numnext))


def colour(m: Play) -> int:
    """The colour pattern of a play: 8 × red cards + black cards (jokers by their stand-ins)."""
    red = black = 0
    for i in bits_of(m[3]):
        if RED >> (i & 3) & 1:
            red += 1
        else:
            black += 1
    for _pos, s in m[5]:
        if s < 4:
            if RED >> s & 1:
                red += 1
            else:
                black += 1
    return red * 8 + black


def lock_update(e: Engine, m: Play, prev: Play | None, inv_before: bool) -> None:
    """The trick's locks after ``m`` covered ``prev`` (``inv_before``: the order was inverted before)."""
    cx = e.cx
    form = m[0]
    if form == JOKER or form == JPAIR:
        lock_joker(e)
        return
    if cx.q_release and not e.omen and rank_count(m, R_QUEEN):
        q_release(e)
        return
    if prev is None or prev[0] == JOKER or prev[0] == JPAIR:
        e.run = 1
        return
    block = (not cx.declared) and bool(m[4] or prev[4])  # lock_joker=wild: a joker starts no lock
    if cx.suit_lock:
        suit_lock(e, m, prev, block)
    if cx.colour_lock and e.colour < 0 and not block:
        colour_lock(e, m, prev)
    if cx.number_lock and (form == SINGLE or form == GROUP) and (prev[0] == SINGLE or prev[0] == GROUP):
        number_lock(e, m, prev, block, inv_before)


def lock_joker(e: Engine) -> None:
    """Joker and locks (#30): a lone joker (or the pair) starts no lock; ``declared``: it releases them."""
    if e.cx.declared:
        e.lock = 0
        e.colour = -1
        e.numnext = -1
    e.run = 0


def q_release(e: Engine) -> None:
    """Q-release Q解き (#33): a play with a Q ends every lock of the trick."""
    if e.lock or e.colour >= 0 or e.numnext >= 0:
        e.event(("lock_released",))
    e.lock = 0
    e.colour = -1
    e.numnext = -1
    e.run = 1


def suit_lock(e: Engine, m: Play, prev: Play, block: bool) -> None:
    """Suit lock マーク縛り (#29): ``exact`` (the same suit set as the covered play), ``partial`` (the
    shared suits), ``after_three`` (three plays in a row with the same suit set)."""
    sl = e.cx.suit_lock
    if sl == 1:
        if not e.lock and not block and m[6] == prev[6]:
            e.lock = m[6]
            e.event(("lock", m[6]))
    elif sl == 2:
        shared = m[6] & prev[6]
        if not e.lock and not block and shared:
            e.lock = shared
            e.event(("lock", shared))
    else:
        e.run = e.run + 1 if (not block and m[6] == prev[6]) else 1
        if e.run >= 3 and not e.lock:
            e.lock = m[6]
            e.event(("lock", m[6]))


def colour_lock(e: Engine, m: Play, prev: Play) -> None:
    """Colour lock 色縛り (#31): two plays in a row with the same colour pattern lock it."""
    if colour(m) == colour(prev):
        e.colour = colour(m)
        e.event(("colour_lock", e.colour))


def number_lock(e: Engine, m: Play, prev: Play, block: bool, inv_before: bool) -> None:
    """Number lock 数縛り (#32): a play one rank above the covered one locks each next play one rank
    further (``strict``: with the same suit set)."""
    if e.numnext >= 0:
        e.numnext = m[2] + e.numdir
        return
    step = -1 if inv_before else 1
    if m[2] == prev[2] + step and (e.cx.number_lock == 1 or (not block and m[6] == prev[6])):
        e.numdir = step
        e.numnext = m[2] + step
        e.event(("number_lock", e.numnext))


__all__ = [
    "colour", "colour_lock", "lock_joker", "lock_ok", "lock_update", "number_lock", "q_release", "suit_lock",
]
