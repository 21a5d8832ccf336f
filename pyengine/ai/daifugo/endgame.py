"""The exact Daifugō endgame: two players left holding cards, every card known.

The strong level asks :class:`EndgameSolver` for the best play when only it and one opponent
still hold cards and nothing is hidden; the search counts its nodes (never the clock) and gives
up past its limit.
"""

from __future__ import annotations

from typing import Any

from ...daifugo.engine import CHANCE_PHASES, OVER, PLAY, Engine
from ...daifugo.notation import format_action
from ..bot import SafetyNet
from .places import place_of


class OverBudget(Exception):
    """The search met its node limit, or the safety net tripped."""


class EndgameSolver:
    """Alpha-beta over the last two players (the seat minimises its final place, the other
    player maximises it), with a table of positions already searched.

    It gives up (:class:`OverBudget`) after ``limit`` nodes, or when ``net`` trips."""

    def __init__(self, me: int, limit: int, net: SafetyNet | None = None) -> None:
        self.me = me
        self.limit = limit
        self.net = net
        self.nodes = 0
        self.memo: dict[Any, tuple[float, int]] = {}  # key -> (value, 0 exact / 1 lower / 2 upper)
        self.best_value = float("nan")  # the seat's final place (0 = first) after :meth:`best`'s move

    def best(self, e: Engine) -> str | None:
        best_m = None
        best_v = 1e9
        beta = float(e.n)
        for m in self._ordered(e):
            c = e.copy()
            c.step(m)
            v = self.value(c, -1.0, min(beta, best_v))
            if v < best_v - 1e-12:
                best_v = v
                best_m = m
        self.best_value = best_v
        return format_action(best_m) if best_m is not None else None

    @staticmethod
    def _ordered(e: Engine) -> list[Any]:
        """The legal moves, those that empty the hand first."""
        moves = e.legal()
        if e.phase == PLAY and e.turn >= 0:
            size = e.hands[e.turn].bit_count()
            moves.sort(key=lambda m: 0 if m[1] == size else 1)
        return moves

    def value(self, e: Engine, alpha: float, beta: float) -> float:
        """The seat's final place with best play, exact if strictly between ``alpha`` and ``beta``
        (else a bound on the side of the window it fell)."""
        if e.results:
            return float(place_of(e, self.me))
        if e.phase == OVER:  # pragma: no cover
            return float(e.n - 1)
        if e.phase in CHANCE_PHASES:
            # random places among the remaining players
            pool = e.holders()
            if self.me in pool:
                first = len(e.out_order)
                return first + (len(pool) - 1) / 2
            return float(place_of(e, self.me)) if e.results else 0.0
        self.nodes += 1
        if self.nodes > self.limit or (self.nodes & 255 == 0 and self.net is not None and self.net.tripped()):
            raise OverBudget
        key = e.key()
        got = self.memo.get(key)
        if got is not None:
            v, flag = got
            if flag == 0 or (flag == 1 and v >= beta) or (flag == 2 and v <= alpha):
                return v
        a0, b0 = alpha, beta
        mine = e.turn == self.me
        best = 1e9 if mine else -1e9
        for m in self._ordered(e):
            c = e.copy()
            c.step(m)
            v = self.value(c, alpha, beta)
            if mine:
                best = min(best, v)
                beta = min(beta, v)
            else:
                best = max(best, v)
                alpha = max(alpha, v)
            if alpha >= beta:
                break
        self.memo[key] = (best, 2 if best <= a0 else 1 if best >= b0 else 0)
        return best


__all__ = ["EndgameSolver", "OverBudget"]
