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

from .cards import J1, J2, JOKER_BITS, NATURALS, bits_of, fmt_cards, subsets_with_jokers
from .ctx import Ctx
from .phases import DRAW, RETURN, TRIBUTE
from .turns import setup_lead

if TYPE_CHECKING:
    from .engine import Engine

TWOS = 0xF << 48
"""The four 2s."""
HIGH_CARDS = JOKER_BITS | ~((1 << 32) - 1) & NATURALS
"""J, Q, K, A, 2 and the jokers: a 大貧民 dealt none of them calls tenpen-chii."""


def setup_exchange(e: Engine) -> None:
    """Queue the game's exchange (or swap hands by tenpen-chii) and run it up to the first choice."""
    cx = e.cx
    cl = e.classes
    assert cl is not None
    tycoon, beggar = cl[0], cl[-1]
    if cx.tenpen and e.ask(tenpen_due, beggar):
        tenpen_chii(e, tycoon, beggar)
        setup_lead(e)
        return
    pairs = exchange_pairs(e)
    kind = "draw" if cx.tribute_blind else "tribute"
    tributes = [(kind, poor, rich, c) for rich, poor, c in pairs]
    returns = [] if cx.monarchy else [("return", rich, poor, c) for rich, poor, c in pairs]
    if cx.exchange == 1:
        e.exch = [*tributes, *returns]
        e.cont = None
    else:
        e.exch = [*returns, *tributes]
        e.cont = ("deferred", ())
    run_exchange(e)


def exchange_pairs(e: Engine) -> list[tuple[int, int, int]]:
    """``(richer, poorer, cards)`` of the game's exchange (§1.10): 2 cards between 大富豪 and 大貧民
    (1 or 2 at 3 players), 1 between 富豪 and 貧民; ``royal_defence`` raises the first count;
    ``monarchy`` (4 players): the 富豪, 貧民 and 大貧民 give 1, 2 and 3 cards to the 大富豪."""
    cx = e.cx
    cl = e.classes
    assert cl is not None
    n = e.n
    tycoon, beggar = cl[0], cl[-1]
    if cx.monarchy:
        return [(tycoon, beggar, 3), (tycoon, cl[-2], 2), (tycoon, cl[1], 1)]
    c1 = cx.exch3 if n == 3 else 2
    if cx.royal_defence:
        c1 = min(c1 + royal_defence(e), e.hands[tycoon].bit_count(), e.hands[beggar].bit_count())
    pairs = [(tycoon, beggar, c1)]
    if n >= 4:
        pairs.append((cl[1], cl[-2], 1))
    return pairs


def royal_defence(e: Engine) -> int:
    """Royal defence 王政防衛: the cards the reigning 大富豪 trades beyond the usual, from their titles in
    this set: ``streak`` one more for each game in a row as 大富豪 after the first; ``capped`` one more
    once kept, or after coming up from 大貧民."""
    cl = e.classes
    assert cl is not None
    tycoon = cl[0]
    start = e.game_no - 1 - _games_in_set_before(e)
    games = e.results[start:]
    streak = 0
    for placing in reversed(games):
        if placing[0] != tycoon:
            break
        streak += 1
    if e.cx.royal_defence == 1:
        return max(streak - 1, 0)
    was_beggar = len(games) >= 2 and games[-2][-1] == tycoon
    return 1 if streak >= 2 or was_beggar else 0


def _games_in_set_before(e: Engine) -> int:
    """How many games of the current set were played before this one."""
    sg = e.cx.set_games
    done = e.game_no - 1
    return done % sg if sg else done


def tenpen_due(e: Engine, beggar: int) -> bool:
    """Whether the 大貧民 was dealt none of :data:`HIGH_CARDS` (a hidden read that everyone learns:
    :meth:`Engine.ask`)."""
    return not e.hands[beggar] & HIGH_CARDS


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
    """The sets of ``count`` cards the richer ``player`` may give back (no joker if exempt; not a card
    just received with ``return_received`` off)."""
    hand = e.hands[player]
    if e.cx.joker_exempt:
        hand &= NATURALS
    if not e.cx.return_received:
        hand &= ~e.received
    return subsets_with_jokers(hand, range(count, count + 1))


def run_exchange(e: Engine) -> None:
    """Make the moves that need no choice; stop at the first choice, or finish and go to the lead."""
    while e.exch:
        kind, giver, receiver, count = e.exch[0]
        if kind == "tribute":
            if e.ask(tribute_forced, giver, count):
                e.exch.pop(0)
                cards = e.ask(forced_tribute, giver, count, seen=move_seers(e, giver, receiver))
                _transfer(e, kind, giver, receiver, cards)
                continue
            e.phase = TRIBUTE
            e.turn = giver
        elif kind == "draw":
            e.phase = DRAW
            e.turn = receiver  # the richer player draws
        else:
            e.phase = RETURN
            e.turn = giver
        return
    if e.cont is not None and e.cont[0] == "deferred":
        for i, (kind, giver, receiver, _) in enumerate(e.cont[1]):
            _move(e, kind, giver, receiver, e.ask(deferred_cards, i, seen=(1 << giver) | (1 << receiver)))
        e.cont = None
    if e.cx.antimonopoly and not e.exchange_stage and antimonopoly(e):
        run_exchange(e)
        return
    setup_lead(e)


def antimonopoly(e: Engine) -> bool:
    """Antimonopoly 独占禁止法: after the exchange, a 大富豪 holding five or more 2s and jokers gives a 2
    to each other player in turn order (♠ ♥ ♦ ♣ first, [open]); each who got one gives back a card of
    their choice (``return``).  Whether there is something to give back."""
    e.exchange_stage = 1
    assert e.classes is not None
    tycoon = e.classes[0]
    count = e.ask(antimonopoly_twos, tycoon)
    q = tycoon
    for _ in range(count):
        q = e.order[(e.pos[q] + 1) % e.n]
        _move(e, "antimonopoly", tycoon, q, e.ask(lowest_two, tycoon, seen=(1 << tycoon) | (1 << q)))
        e.exch.append(("return", q, tycoon, 1))
    return count > 0


def antimonopoly_twos(e: Engine, tycoon: int) -> int:
    """How many 2s the antimonopoly takes from the 大富豪 (one for each other player while they last),
    0 unless they hold five or more 2s and jokers (a hidden read that everyone learns: :meth:`Engine.ask`)."""
    hand = e.hands[tycoon]
    twos = (hand & TWOS).bit_count()
    if twos + (hand & JOKER_BITS).bit_count() < 5:
        return 0
    return min(twos, e.n - 1)


def lowest_two(e: Engine, tycoon: int) -> int:
    """The 2 the 大富豪 gives next by the antimonopoly (♠ ♥ ♦ ♣ first, [open])."""
    twos = e.hands[tycoon] & TWOS
    return twos & -twos


def draw_options(e: Engine) -> list[int]:
    """Blind exchange 伏せ交換: the sets of positions (bit i: the i-th weakest card of the poorer hand
    laid face down by strength) the richer player may draw."""
    _, giver, _, count = e.exch[0]
    size = e.hands[giver].bit_count()
    out = []
    for combo in combinations(range(size), min(count, size)):
        m = 0
        for i in combo:
            m |= 1 << i
        out.append(m)
    return out


def draw(e: Engine, positions: int) -> None:
    """The blind exchange's choice: the cards at ``positions`` of the poorer hand (weakest first, jokers
    last, ♠ ♥ ♦ ♣ among equals) go to the richer player."""
    _, giver, receiver, _ = e.exch.pop(0)
    _transfer(e, "tribute", giver, receiver, e.ask(drawn_cards, giver, positions, seen=(1 << giver) | (1 << receiver)))
    run_exchange(e)


def drawn_cards(e: Engine, giver: int, positions: int) -> int:
    """The cards at ``positions`` of ``giver``'s hand laid out face down (a hidden read: :meth:`Engine.ask`)."""
    cards = 0
    for i, b in enumerate(bits_of(e.hands[giver])):  # weakest rank first, jokers last
        if positions >> i & 1:
            cards |= 1 << b
    return cards


def tribute_forced(e: Engine, giver: int, count: int) -> bool:
    """Whether the poorer ``giver``'s tribute leaves no choice (everyone sees whether they choose: a
    hidden read, :meth:`Engine.ask`)."""
    return len(tribute_options(e.cx, e.hands[giver], count)) == 1


def forced_tribute(e: Engine, giver: int, count: int) -> int:
    """The cards of a tribute that leaves no choice (a hidden read: :meth:`Engine.ask`)."""
    return tribute_options(e.cx, e.hands[giver], count)[0]


def deferred_cards(e: Engine, index: int) -> int:
    """The cards of the ``index``-th move of a simultaneous exchange, chosen face down (a hidden read:
    :meth:`Engine.ask`)."""
    assert e.cont is not None
    cards: int = e.cont[1][index][3]
    return cards


def move_seers(e: Engine, giver: int, receiver: int) -> int:
    """Who sees the cards of a move now: its two players, or only the giver while a simultaneous
    exchange keeps the choices face down."""
    if e.cont is not None and e.cont[0] == "deferred":
        return 1 << giver
    return (1 << giver) | (1 << receiver)


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
    """``cards`` go from ``giver`` to ``receiver``.  ``received`` keeps the tribute cards their
    receivers still hold (``return_received``): a 2 the 大富豪 received and hands on by the
    antimonopoly is not a card its new holder just received (who gave it is theirs to know only)."""
    if kind == "tribute":
        e.received |= cards
    else:
        e.received &= ~cards
    e.hands[giver] &= ~cards
    e.hands[receiver] |= cards
    e.known[giver] |= cards
    e.known[receiver] |= cards
    e.event((kind, giver, receiver, cards.bit_count()))
    e.event((kind, giver, receiver, fmt_cards(cards)), (1 << giver) | (1 << receiver))


__all__ = [
    "antimonopoly", "antimonopoly_twos", "deferred_cards", "draw", "draw_options", "drawn_cards", "exchange_pairs",
    "forced_tribute", "give", "lowest_two", "move_seers", "return_options", "royal_defence", "run_exchange", "setup_exchange",
    "tenpen_chii", "tenpen_due", "tribute_forced", "tribute_options",
]
