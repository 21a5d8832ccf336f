"""Turn order and the lead: who is next, who leads a game's first trick, the start of play.

* :func:`inverse` — table positions from a seating order (§1.11);
* :func:`next_holder` — the next player in the current direction who still holds cards
  (§1.7; a reverse rule flips ``direction``);
* :func:`setup_lead` — who leads the first trick of a game (§1.3: ``first_lead`` — ♦3, ♠3, at
  random, the ♠ seat or the player after the dealer —
  ``first_lead_must_include``, ``later_lead``);
* :func:`begin_play` — the play phase starts with that leader.

>>> inverse([2, 0, 1])
[1, 2, 0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import bit
from .endings import monopoly
from .phases import LEAD, PLAY

if TYPE_CHECKING:
    from .engine import Engine


def inverse(order: list[int]) -> list[int]:
    """The table position of each player, from the players in table order."""
    pos = [0] * len(order)
    for i, p in enumerate(order):
        pos[p] = i
    return pos


def next_holder(e: Engine, p: int, exclude: int = 0, include_self: bool = False) -> int:
    """The next player after ``p`` in the current direction who holds cards and is not in ``exclude``.

    ``exclude`` is a bit set of players; ``-1`` when there is nobody (``p`` itself only with
    ``include_self``).
    """
    n = e.n
    order = e.order
    hands = e.hands
    i = e.pos[p]
    d = e.direction
    for _ in range(n - 1):
        i = (i + d) % n
        q = order[i]
        if hands[q] and not exclude >> q & 1:
            return q
    if include_self and hands[p] and not exclude >> p & 1:
        return p
    return -1


def setup_lead(e: Engine) -> None:
    """Choose who leads the game's first trick (§1.3), or wait for the draw under ``first_lead=random``."""
    cx = e.cx
    kind = cx.first_lead_kind
    if e.classes is not None and cx.later_lead_kind != "same_as_first":
        begin_play(e, e.classes[-1] if cx.later_lead_kind == "beggar" else e.classes[0])
        return
    if kind == "spade_seat":
        begin_play(e, e.order[0])
        return
    if kind == "dealer_left":
        begin_play(e, e.order[(e.pos[e.dealer] + 1) % e.n] if e.dealer >= 0 else e.order[0])
        return
    if kind == "random":
        e.phase = LEAD
        e.pool = list(range(e.n))
        return
    leader, e.must_card = e.ask(first_card, 2 if kind == "d3" else 0)
    begin_play(e, leader)


def first_card(e: Engine, suit: int) -> tuple[int, int]:
    """Who leads under ``first_lead`` ♦3 or ♠3 (the holder of the 3 of ``suit``, else of the next card:
    :func:`_first_card_holder`), and the card the first play must include (that 3 if it was dealt,
    with ``first_lead_must_include``; else 0).  A hidden read (:meth:`Engine.ask`): everyone learns both.
    """
    target = bit(1, suit)
    must = target if e.cx.must_include and any(h & target for h in e.hands) else 0
    return _first_card_holder(e, suit), must


def search_order(suit: int) -> list[int]:
    """The cards in the order the first lead looks for them ([open]): the 3 of ``suit``, the other
    3s (♠ ♥ ♦ ♣), then the 4s, …"""
    return [bit(r, s) for r in range(1, 14) for s in dict.fromkeys((suit, 0, 1, 2, 3))]


def _first_card_holder(e: Engine, suit: int) -> int:
    """The holder of the 3 of ``suit``, else of the next card in :func:`search_order`."""
    for b in search_order(suit):
        for p in range(e.n):
            if e.hands[p] & b:
                return p
    return e.order[0]  # pragma: no cover - someone always holds a card


def draw_leader(e: Engine, p: int) -> None:
    """Chance (``first_lead=random``): ``p`` leads."""
    e.pool = []
    begin_play(e, p)


def begin_play(e: Engine, leader: int) -> None:
    """The play phase starts: ``leader`` leads the first trick (after a monopoly, if any)."""
    e.phase = PLAY
    if e.cx.monopoly:
        monopoly(e)
        if not e.hands[leader]:
            leader = next_holder(e, leader)
    e.turn = leader
    e.trick_leader = leader
    e.event(("lead", leader))


__all__ = ["begin_play", "draw_leader", "first_card", "inverse", "next_holder", "search_order", "setup_lead"]
