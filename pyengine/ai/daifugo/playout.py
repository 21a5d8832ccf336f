"""Fast random playouts on one mutable engine (for the AI and the benchmark).

The playout steps a single :class:`~pyengine.daifugo.engine.Engine` in place, without the
public history, string notation or state copies, but with the same :meth:`Engine.legal`
and :meth:`Engine.step` as the public state: there is one source of legality.

Chance is resolved with exactly the public distribution: the deal is a uniformly shuffled
deck dealt card by card (the same as drawing "which card comes next" uniformly each time;
the shuffle draws several positions from one unbiased ``below(i·(i-1)·…)`` call), every
other chance node picks uniformly from its pool.  The random *policy* picks a legal action
with one 32-bit output by multiply-and-shift (bias below 2⁻²⁵ for fewer than 128 actions),
which is what makes playouts cheap.

>>> from pyengine.daifugo.rules import DaifugoRules
>>> from pyengine.core.rng import Pcg32
>>> placing = random_game(DaifugoRules.preset("uecda"), 5, Pcg32(1))
>>> sorted(placing)
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

from ...core.rng import Pcg32
from ...daifugo.cards import bits_of
from ...daifugo.ctx import Ctx, compile_rules
from ...daifugo.engine import CHANCE_PHASES, DEAL, OVER, PLAY, Engine
from ...daifugo.rules import DaifugoRules

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


__all__ = ["play_out", "random_game", "resolve_chance", "shuffled"]
