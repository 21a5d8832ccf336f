"""The match and each game's set-up: classes, seating, blind cards, the dealer, the deal.

A game starts with :func:`start_game` and goes through chance phases until the cards are out:

1. ``seating`` (§1.11, ``reseat``): the table order is drawn seat by seat — :func:`seat`;
2. ``blind`` (§1.2, ``remainder=blind``, the first game of a set): ``(52 + jokers) mod N``
   non-joker cards are put aside face down — :func:`put_blind`;
3. ``dealer``: in a game without classes a random dealer (not under JDF's ``spade_seat``, not
   when classes exist: then the previous 大貧民 deals, or the 大富豪 under UECda's
   ``deal_start=tycoon``) — :func:`choose_dealer`;
4. ``deal``: one card at a time in table order from the seat after the dealer (``remainder=
   lowest_first``: from the 大貧民 up the classes, so the extra cards go to the lowest) —
   :func:`deal_card`.

Then the exchange (:mod:`.exchange`) if classes exist, and the lead (:mod:`.turns`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import J1, J2, JOKER_BITS, NATURALS, bits_of
from .exchange import setup_exchange
from .phases import BLIND, DEAL, DEALER, OVER, SEAT
from .turns import inverse, setup_lead

if TYPE_CHECKING:
    from .engine import Engine


def start_game(e: Engine) -> None:
    """Start the match's next game, or end the match (phase ``over``) after the last one."""
    cx = e.cx
    log = e.log
    e.game_no += 1
    if e.game_no > cx.games or not e.auto_next or (cx.target_score and max(e.scores) >= cx.target_score):
        e.game_no -= 1
        e.phase = OVER
        e.turn = -1
        return
    prev, order, blind, game_no = e.prev_placing, e.order, e.blind, e.game_no
    e.new_game_fields()
    if log is not None:
        log.clear()
    first_of_set = game_no == 1 or (cx.set_games > 0 and (game_no - 1) % cx.set_games == 0)
    e.first_of_set = first_of_set
    e.classes = None if (first_of_set or cx.two_player or prev is None) else prev
    e.event(("game", game_no))
    if cx.reseat.value == "by_class" and e.classes is not None:
        order = list(e.classes)  # clockwise from the 大富豪
    elif cx.reseat.value == "by_class_ascending" and e.classes is not None:
        order = list(reversed(e.classes))  # clockwise from the 大貧民
    e.order = order
    e.pos = inverse(order)
    if first_of_set and cx.blind:
        blind = 0
    e.blind = blind
    e.deck = cx.deck & ~blind  # every card is somewhere from the start
    if _reseats(e):
        e.phase = SEAT
        e.pool = list(range(e.n))
        e.order = []
        return
    _after_seating(e)


def _reseats(e: Engine) -> bool:
    """Whether this game starts by drawing the seats (``reseat``, §1.11)."""
    reseat = e.cx.reseat.value
    return (reseat == "random" or (reseat == "per_set" and e.first_of_set)
            or (reseat == "every_3_games" and e.game_no % 3 == 1))


def seat(e: Engine, p: int) -> None:
    """Chance: ``p`` takes the next table position (the last one is forced)."""
    e.pool.remove(p)
    e.order.append(p)
    if len(e.pool) == 1:
        e.order.append(e.pool.pop())
    if not e.pool:
        _after_seating(e)


def _after_seating(e: Engine) -> None:
    cx = e.cx
    e.pos = inverse(e.order)
    e.event(("seats", tuple(e.order)))
    if cx.blind and e.first_of_set:
        need = (52 + cx.jokers) % e.n
        if need:
            e.phase = BLIND
            e.deck = cx.deck
            e.deal_left = need
            return
    _after_blind(e)


def put_blind(e: Engine, index: int) -> None:
    """Chance: the card at bit ``index`` is put aside face down as a blind card."""
    e.blind |= 1 << index
    e.deck &= ~(1 << index)
    e.deal_left -= 1
    if not e.deal_left:
        _after_blind(e)


def _after_blind(e: Engine) -> None:
    cx = e.cx
    e.deck = cx.deck & ~e.blind
    e.deal_left = cx.deal_total - e.blind.bit_count()
    if e.classes is not None:
        if cx.deal_tycoon:
            e.dealer = e.classes[0]
            _begin_deal(e, e.pos[e.classes[0]])
        else:
            e.dealer = e.classes[-1]
            _begin_deal(e, e.pos[e.classes[-1]] + 1)
        return
    if cx.first_lead_kind == "spade_seat":
        e.dealer = e.order[0]
        _begin_deal(e, 1)
        return
    e.phase = DEALER
    e.pool = list(range(e.n))


def choose_dealer(e: Engine, p: int) -> None:
    """Chance: ``p`` deals (from the next seat; from their own under ``deal_start=tycoon``)."""
    e.pool = []
    e.dealer = p
    e.event(("dealer", p))
    _begin_deal(e, e.pos[p] + (0 if e.cx.deal_tycoon else 1))


def _begin_deal(e: Engine, start: int) -> None:
    """Deal one card at a time in table order from table position ``start`` (the first seats dealt get
    the extra cards); ``remainder=lowest_first`` in a game with classes: from the 大貧民 up the classes."""
    e.deal_pos = start % e.n
    if e.cx.lowest_first and e.classes is not None:
        e.deal_seq = tuple(reversed(e.classes))
        e.deal_pos = 0
    e.phase = DEAL


def dealt_to(e: Engine) -> int:
    """Who gets the next card: the player at table position ``deal_pos``, or the ``deal_pos``-th of
    ``deal_seq`` when the cards go round in class order."""
    return e.deal_seq[e.deal_pos] if e.deal_seq else e.order[e.deal_pos]


def deal_outcomes(e: Engine) -> list[tuple[tuple[str, int], int, int]]:
    """The next card dealt (or put aside) with its probability; the jokers are one outcome."""
    ph = e.phase
    deck = e.deck if ph == DEAL else e.deck & NATURALS
    total = deck.bit_count()
    out = [(("card", i), 1, total) for i in bits_of(deck & NATURALS)]
    jk = deck & JOKER_BITS
    if jk and ph == DEAL:
        out.append((("card", 52), jk.bit_count(), total))
    return out


def deal_card(e: Engine, index: int) -> None:
    """Chance: the card at bit ``index`` (52: a joker) goes to the next seat."""
    b = 1 << index
    if index >= 52:
        b = J1 if e.deck & J1 else J2
    p = e.deal_seq[e.deal_pos] if e.deal_seq else e.order[e.deal_pos]
    e.hands[p] |= b
    e.deck &= ~b
    e.deal_pos = (e.deal_pos + 1) % e.n
    e.deal_left -= 1
    if not e.deal_left:
        _after_deal(e)


def _after_deal(e: Engine) -> None:
    e.undealt = e.deck
    e.deck = 0
    e.event(("dealt", tuple(h.bit_count() for h in e.hands)))
    if e.classes is not None and e.cx.exchange:
        setup_exchange(e)
    else:
        setup_lead(e)


__all__ = ["choose_dealer", "deal_card", "dealt_to", "deal_outcomes", "put_blind", "seat", "start_game"]
