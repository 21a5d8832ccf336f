"""Playouts on one mutable engine: the random game (the benchmark's) and the AI's policies.

The playout steps a single :class:`~pyengine.daifugo.engine.Engine` in place, without the
public history, string notation or state copies, but with the same :meth:`Engine.legal`
and :meth:`Engine.step` as the public state: there is one source of legality.

Chance is resolved with exactly the public distribution: the deal is a uniformly shuffled
deck dealt card by card (the same as drawing "which card comes next" uniformly each time;
the shuffle draws several positions from one unbiased ``below(i·(i-1)·…)`` call), every
other chance node picks uniformly from its pool.  The random *policy* picks a legal action
with one 32-bit output by multiply-and-shift (bias below 2⁻²⁵ for fewer than 128 actions),
which is what makes playouts cheap.

The strong level plays its guessed worlds out with :func:`playout`: each player by a policy, the
quick :func:`light_move`, the more thoughtful :func:`smart_move` or, for an opponent taken for the
standard client, :func:`kit_move`.

>>> from pyengine.daifugo.rules import DaifugoRules
>>> from pyengine.core.rng import Pcg32
>>> placing = random_game(DaifugoRules.preset("uecda"), 5, Pcg32(1))
>>> sorted(placing)
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.rng import Pcg32
from ...daifugo.cards import NATURALS, PASS, Play, bits_of
from ...daifugo.ctx import Ctx, compile_rules
from ...daifugo.engine import (
    BOMB,
    CHANCE_PHASES,
    DEAL,
    FOURSTOP,
    OVER,
    PLAY,
    RETURN,
    REVCHOICE,
    SEVEN,
    TEN,
    Engine,
)
from ...daifugo.rules import DaifugoRules
from .division import weakness
from .standard_client import kit_follow, kit_lead_of, lock_suits

_LIMIT = 1 << 32


def shuffled(items: list[int], rng: Pcg32) -> list[int]:
    """A uniformly random permutation of ``items`` (Fisher–Yates, several draws per output)."""
    items = list(items)
    i = len(items)
    while i > 1:
        # take as many consecutive factors i, i-1, … as fit in 32 bits, draw once, split
        prod = i
        k = 1
        while k < i - 1 and prod * (i - k) <= _LIMIT:
            prod *= i - k
            k += 1
        r = rng.below(prod)
        for _ in range(k):
            j = r % i
            r //= i
            items[i - 1], items[j] = items[j], items[i - 1]
            i -= 1
    return items


def resolve_chance(e: Engine, rng: Pcg32) -> None:
    """Resolve every pending chance node of ``e`` with its exact probabilities."""
    while e.phase in CHANCE_PHASES:
        if e.phase == DEAL:
            step = e.step
            for i in shuffled(bits_of(e.deck), rng)[: e.deal_left]:
                step(("card", i))
            continue
        outcomes = e.chance_outcomes()
        pick = rng.below(outcomes[0][2])
        acc = 0
        for action, num, _den in outcomes:
            acc += num
            if pick < acc:
                e.step(action)
                break


def play_out(e: Engine, rng: Pcg32, max_games: int = 1) -> None:
    """Play ``e`` on with uniformly random legal actions until ``max_games`` more games ended."""
    results = e.results
    target = len(results) + max_games
    nxt = rng.next_u32
    may_pass = e.cx.may_pass
    while len(results) < target:
        ph = e.phase
        if ph == PLAY:
            plays = e.legal_plays()
            if (e.field is not None and may_pass) or e.can_pass(plays):
                if not plays:
                    e._pass(e.turn)
                    continue
                k = (len(plays) + 1) * nxt() >> 32
                if k == len(plays):
                    e._pass(e.turn)
                else:
                    e._play(e.turn, plays[k])
            else:
                e._play(e.turn, plays[len(plays) * nxt() >> 32] if len(plays) > 1 else plays[0])
        elif ph == OVER:
            break
        elif ph in CHANCE_PHASES:
            resolve_chance(e, rng)
        else:
            moves = e.legal()
            e.step(moves[len(moves) * nxt() >> 32])


def random_game(rules: DaifugoRules | Ctx, players: int, rng: Pcg32) -> tuple[int, ...]:
    """One random game from the deal to the end; returns the final placing (players, best first)."""
    cx = rules if isinstance(rules, Ctx) else compile_rules(rules, players)
    e = Engine(cx, log=False)
    play_out(e, rng, 1)
    return e.results[-1]


# --- the AI's policies ---------------------------------------------------------------------------

def light_move(e: Engine, rng: Pcg32) -> Any:
    """A quick, sensible move for the player to act (used inside playouts)."""
    ph = e.phase
    nxt = rng.next_u32
    if ph == PLAY:
        plays = e.legal_plays()
        can_pass = (e.field is not None and e.cx.may_pass) or e.can_pass(plays)
        if not plays:
            return PASS
        inv = e.revolution != e.back
        if e.field is None:
            # lead: the most cards at once, weakest first; noise keeps playouts varied
            best = plays[0]
            best_score = -1e9
            hand_size = e.hands[e.turn].bit_count()
            for m in plays:
                if m[1] == hand_size:
                    return m  # goes out
                s = m[1] * 3 - weakness(m, inv) - (6 if m[4] else 0) + (nxt() >> 29)
                if s > best_score:
                    best_score = s
                    best = m
            return best
        return _light_answer(plays, inv, can_pass, e.hands[e.turn].bit_count(), rng)
    if ph == SEVEN or ph == TEN:
        # shed as many of the weakest natural cards as allowed (weakest in the order that outlasts
        # an 11-back: the revolution's)
        lo, hi = e._transfer_range()
        nat = e.hands[e.turn] & NATURALS
        if nat.bit_count() >= hi:
            return ("give" if ph == SEVEN else "discard", weakest_in_order(nat, hi, e.revolution))
    elif ph == RETURN:
        # give back the weakest cards (as the standard client does)
        count = e.exch[0][3]
        nat = e.hands[e.turn] & NATURALS
        if nat.bit_count() >= count:
            return ("return", weakest_in_order(nat, count, False))
    elif ph == BOMB:
        # name the strongest ranks the bomber does not hold
        assert e.cont is not None
        names = 0
        for r in strongest_missing_ranks(e.hands[e.turn], e.cont[3], e.revolution):
            names |= 1 << r
        return ("bomb", names)
    moves = e.legal()
    return moves[len(moves) * nxt() >> 32] if len(moves) > 1 else moves[0]


def _light_answer(plays: list[Play], inv: bool, can_pass: bool, hand_size: int, rng: Pcg32) -> Any:
    """:func:`light_move`'s answer to a field: the weakest play that beats it, sometimes a pass."""
    best = plays[0]
    bw = 99
    for m in plays:
        w = weakness(m, inv) + (4 if m[4] else 0)
        if w < bw:
            bw = w
            best = m
    if can_pass:
        if best[1] == hand_size:
            return best
        p_pass = 0.12 if bw < 9 else 0.55
        if (rng.next_u32() >> 8) < p_pass * (1 << 24):
            return PASS
    return best


def weakest_in_order(cards: int, count: int, inv: bool) -> int:
    """The ``count`` weakest of ``cards`` in the order in force (all of them if fewer)."""
    if count <= 0:
        return 0
    idx = bits_of(cards)
    if inv:
        idx.reverse()
    out = 0
    for i in idx[:count]:
        out |= 1 << i
    return out


def strongest_missing_ranks(hand: int, k: int, inv: bool) -> list[int]:
    """Up to ``k`` ranks (1-13, strongest first in the order in force) ``hand`` holds no card of."""
    names: list[int] = []
    for r in range(1, 14) if inv else range(13, 0, -1):
        if len(names) >= k:
            break
        if not hand >> (4 * (r - 1)) & 15:
            names.append(r)
    return names


def kit_move(e: Engine, rng: Pcg32) -> Any:
    """The standard client's move in the play phase (other phases: :func:`light_move`)."""
    if e.phase != PLAY:
        return light_move(e, rng)
    inv = e.revolution != e.back
    f = e.field
    if f is None:
        return kit_lead_of(e, e.hands[e.turn], inv) or PASS
    plays = e.legal_plays()
    if not plays:
        return PASS
    got = kit_follow(plays, e.hands[e.turn], f, inv, e.cx, lock_suits(e))
    if got is None:
        return PASS if (e.cx.may_pass or e.can_pass(plays)) else plays[0]
    return got


# smart_move's two chances (tuned against FujiGokoro on the UECda server: 0.4 and 0.35 did worse)
HOLD_STRONG = 0.2  # keep a strong answer (an ace or better in the order in force) back
BREAK_GROUP = 0.15  # break a group or sequence when nothing else beats the field


def smart_move(e: Engine, rng: Pcg32) -> Any:
    """A more thoughtful playout move: answer the field as the standard client does (the weakest
    play that breaks no group or sequence), but keep a strong answer back now and then
    (``HOLD_STRONG``) and break a group only sometimes (``BREAK_GROUP``, with :func:`light_move`'s
    choice) when nothing else beats the field; lead as :func:`light_move`."""
    f = e.field
    if e.phase != PLAY or f is None:
        return light_move(e, rng)
    plays = e.legal_plays()
    if not plays:
        return PASS
    hand = e.hands[e.turn]
    can_pass = e.cx.may_pass or e.can_pass(plays)
    size = hand.bit_count()
    inv = e.revolution != e.back
    got = kit_follow(plays, hand, f, inv, e.cx, lock_suits(e))
    if got is not None:
        if (can_pass and got[1] != size and weakness(got, inv) >= 9
                and (rng.next_u32() >> 8) < HOLD_STRONG * (1 << 24)):
            return PASS
        return got
    m = _light_answer(plays, inv, can_pass, size, rng)
    if not can_pass or (m[0] != 0 and (m[1] == size or (rng.next_u32() >> 8) < BREAK_GROUP * (1 << 24))):
        return m
    return PASS


POLICIES: dict[str, Callable[[Engine, Pcg32], Any]] = {"light": light_move, "smart": smart_move, "kit": kit_move}
"""The playout policies by name (a search level's ``policy``)."""


def playout(e: Engine, rng: Pcg32, kit: int = 0, policy: Callable[[Engine, Pcg32], Any] = light_move) -> None:
    """Play ``e`` on until the current game is over (in place): the players in the bit set ``kit``
    with :func:`kit_move` (the standard client), the others with ``policy`` in the play phase."""
    r0 = len(e.results)
    results = e.results
    guard = 0
    while len(results) == r0 and e.phase != OVER:
        ph = e.phase
        if ph == PLAY:
            t = e.turn
            m = kit_move(e, rng) if kit >> t & 1 else policy(e, rng)
            if m[0] == 0:
                e._pass(t)
            else:
                e._play(t, m)
        elif ph in CHANCE_PHASES:
            resolve_chance(e, rng)
            continue
        else:
            e.step(light_move(e, rng))
        guard += 1
        if guard > 2000:  # pragma: no cover - the rules always end a game
            break


FOLLOW_UP_PHASES = (SEVEN, TEN, BOMB, REVCHOICE, FOURSTOP)
"""The follow-up phases, where :func:`light_move` chooses for the player who set them off."""


__all__ = ["BREAK_GROUP", "FOLLOW_UP_PHASES", "HOLD_STRONG", "POLICIES", "kit_move", "light_move", "play_out", "playout",
           "random_game", "resolve_chance", "shuffled", "smart_move", "strongest_missing_ranks", "weakest_in_order"]
