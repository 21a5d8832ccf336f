"""The card exchange at the start of a game with classes (§1.10, §5.9, JDF §3.5, UECda §4.2).

* :func:`setup_exchange` — who gives how many cards to whom, in which order:
  ``exchange=poor_first`` moves the tributes first, so the rich see them before returning;
  ``simultaneous`` (JDF) collects every choice face down and moves the cards together;
  ``tenpen_chii`` (§5.6) swaps the 大貧民's and the 大富豪's whole hands instead;
* :func:`tribute_options` — the poorer player's strongest cards (the suits chosen by the
  giver, or fixed ♠ ♥ ♦ ♣ under UECda's ``tribute_suits=fixed``; ``exchange_joker_exempt``);
* :func:`return_options` — any cards of the richer player's choice;
* :func:`give` — one choice made (the ``tribute`` and ``return`` phases), then the next.

Pending moves live in ``Engine.exch`` as ``(kind, giver, receiver, count)``; a simultaneous
exchange keeps the chosen cards in ``Engine.cont = ("deferred", moves)`` until all are chosen.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .cards import J1, J2, JOKER_BITS, NATURALS, fmt_cards, subsets_with_jokers
from .ctx import Ctx
from .phases import RETURN, TRIBUTE
from .turns import setup_lead

if TYPE_CHECKING:
    from .engine import Engine

HIGH_CARDS = JOKER_BITS | ~((1 << 32) - 1) & NATURALS
"""J, Q, K, A, 2 and the jokers: a 大貧民 dealt none of them calls tenpen-chii."""


def setup_exchange(e: Engine) -> None:
    """Queue the game's exchange (or swap hands by tenpen-chii) and run it up to the first choice."""
    cx = e.cx
    cl = e.classes
    assert cl is not None
    n = e.n
    tycoon, beggar = cl[0], cl[-1]
    if cx.tenpen and not e.hands[beggar] & HIGH_CARDS:
        tenpen_chii(e, tycoon, beggar)
        setup_lead(e)
        return
    c1 = cx.exch3 if n == 3 else 2
    pairs = [(tycoon, beggar, c1)]
    if n >= 4:
        pairs.append((cl[1], cl[-2], 1))
    tributes = [("tribute", poor, rich, c) for rich, poor, c in pairs]
    returns = [("return", rich, poor, c) for rich, poor, c in pairs]
    if cx.exchange == 1:
        e.exch = [*tributes, *returns]
        e.cont = None
    else:
        e.exch = [*returns, *tributes]
        e.cont = ("deferred", ())
    run_exchange(e)


def tenpen_chii(e: Engine, tycoon: int, beggar: int) -> None:
    """Tenpen-chii 天変地異 (§5.6): the 大貧民 and the 大富豪 swap whole hands; no exchange this game."""
    hands = e.hands
    a, b = hands[tycoon], hands[beggar]
    hands[tycoon], hands[beggar] = b, a
    e.known[tycoon] |= a
    e.known[beggar] |= b
    e.event(("tenpen_chii", beggar, tycoon))


def tribute_options(cx: Ctx, hand: int, count: int) -> list[int]:
    """The sets of cards a poorer player may hand over: their ``count`` strongest cards.

    >>> from pyengine.daifugo.ctx import compile_rules
    >>> from pyengine.daifugo.rules import DaifugoRules
    >>> from pyengine.daifugo.cards import parse_cards, fmt_cards
    >>> cx = compile_rules(DaifugoRules.preset("popular"), 4)
    >>> [fmt_cards(m) for m in tribute_options(cx, parse_cards("S3.SA.HA.C2"), 2)]
    ['SA.C2', 'HA.C2']
    """
    chosen = 0
    need = count
    if not cx.joker_exempt:
        for b in (J1, J2):
            if need and hand & b:
                chosen |= b
                need -= 1
    if not need:
        return [chosen]
    for r in range(13, 0, -1):
        nib = hand >> (4 * (r - 1)) & 15
        if not nib:
            continue
        cards = [4 * (r - 1) + s for s in range(4) if nib >> s & 1]
        if len(cards) <= need:
            for i in cards:
                chosen |= 1 << i
            need -= len(cards)
            if not need:
                return [chosen]
            continue
        return _choices(chosen, cards, need, cx.tribute_fixed)
    return [chosen]  # fewer cards than asked: all of them


def _choices(chosen: int, cards: list[int], need: int, fixed: bool) -> list[int]:
    """``chosen`` plus ``need`` of ``cards`` (one rank): the giver's choice, or the first suits if fixed."""
    if fixed:
        for i in cards[:need]:
            chosen |= 1 << i
        return [chosen]
    out = []
    for combo in combinations(cards, need):
        m = chosen
        for i in combo:
            m |= 1 << i
        out.append(m)
    return out


def return_options(e: Engine, player: int, count: int) -> list[int]:
    """The sets of ``count`` cards the richer ``player`` may give back (no joker if exempt)."""
    hand = e.hands[player]
    if e.cx.joker_exempt:
        hand &= NATURALS
    return subsets_with_jokers(hand, range(count, count + 1))


def run_exchange(e: Engine) -> None:
    """Make the moves that need no choice; stop at the first choice, or finish and go to the lead."""
    while e.exch:
        kind, giver, receiver, count = e.exch[0]
        if kind == "tribute":
            options = tribute_options(e.cx, e.hands[giver], count)
            if len(options) == 1:
                e.exch.pop(0)
                _transfer(e, kind, giver, receiver, options[0])
                continue
            e.phase = TRIBUTE
        else:
            e.phase = RETURN
        e.turn = giver
        return
    if e.cont is not None and e.cont[0] == "deferred":
        for kind, giver, receiver, cards in e.cont[1]:
            _move(e, kind, giver, receiver, cards)
        e.cont = None
    setup_lead(e)


def give(e: Engine, cards: int) -> None:
    """The player to act chose ``cards`` for the pending tribute or return."""
    kind, giver, receiver, _ = e.exch.pop(0)
    _transfer(e, kind, giver, receiver, cards)
    run_exchange(e)


def _transfer(e: Engine, kind: str, giver: int, receiver: int, cards: int) -> None:
    if e.cont is not None and e.cont[0] == "deferred":
        e.cont = ("deferred", e.cont[1] + ((kind, giver, receiver, cards),))
    else:
        _move(e, kind, giver, receiver, cards)


def _move(e: Engine, kind: str, giver: int, receiver: int, cards: int) -> None:
    e.hands[giver] &= ~cards
    e.hands[receiver] |= cards
    e.known[giver] |= cards
    e.known[receiver] |= cards
    e.event((kind, giver, receiver, cards.bit_count()))
    e.event((kind, giver, receiver, fmt_cards(cards)), (1 << giver) | (1 << receiver))


__all__ = ["give", "return_options", "run_exchange", "setup_exchange", "tenpen_chii", "tribute_options"]
