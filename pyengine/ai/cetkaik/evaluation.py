"""The ``master`` level's static evaluation: a hand race, with tuned weights.

A position is valued at the end of a turn, for the side that just moved (the *mover*) while
the other side is to move.  In a one-season game the first hand formed almost always
decides the game, so the evaluation is an estimate of that race:

* the side to move may capture, right now, a piece that forms a hand for it (its best such
  capture succeeds with probability ``p_n``): then it cashes that hand (captures that step
  over tam2 do not count: the kut2 tam2 penalty takes back what the hand would give);
* otherwise the mover's own threats to form a hand next turn survive the reply with a
  probability that depends on whether there is one threat (it can be parried:
  ``survive_one``) or several (``survive_fork``);
* otherwise a logistic estimate ``q`` of who forms a hand first, from the pieces whose
  capture would form a hand (``keys``), the pieces held (``held``), how close the hands are
  to more hands (``potential``), the side to move's best other capture (``loss``), the
  mover's best other threat (``press``), the number of board moves (``mobility``) and the
  side to move's tempo (``tempo``).

Every probability counts the stick casts; the cashes go through :func:`.search.cash_utility`
(the scores, the rate and the seasons left), so the result is a game utility in about
``[-1.1, 1.1]`` (+1 a won game).  The weights are plain data in :mod:`.weights`, fitted by
:mod:`.tune`.  :meth:`Evaluation.features` exposes the inputs, for the tuning script.

>>> from pyengine.cetkaik.rules import OFFICIAL
>>> from pyengine.cetkaik.state import CetkaikState
>>> ev = Evaluation()
>>> state = CetkaikState(OFFICIAL).apply("一位色赤").apply("TE片ZITU")
>>> f = ev.features(state)
>>> f.p_n, f.keys, f.mobility  # no hand in reach yet; the A side has 24 more board moves
(0.0, 0, 24)
>>> -0.2 < ev.static(state) < 0.2
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Final, NamedTuple

from ...cetkaik.board import HAND_CODE, OWNER, TAM2
from ...cetkaik.notation import TY_MOK
from ...cetkaik.scoring import hand_score
from ...cetkaik.state import DECLARATION, FIRST_MOVER_PHASE, MOVE, OVER, CetkaikState
from .attacks import Capture, attacks
from .search import cash_utility, potential, season_utility, terminal_utility
from .weights import WEIGHTS

UTILITY_BOUND: Final = 1.25
"""No utility the evaluation returns is larger than this in absolute value."""


@lru_cache(maxsize=4096)
def forming(hand: tuple[int, ...]) -> frozenset[int]:
    """The hand codes whose capture would raise the score of ``hand`` (form a new hand).

    >>> sorted(forming(()))  # only a King forms a hand on its own
    [9, 19]
    """
    before = hand_score(hand)
    return frozenset(c for c in range(20) if hand_score(tuple(sorted(hand + (c,)))) > before)


@lru_cache(maxsize=65536)
def grown(hand: tuple[int, ...], code: int) -> tuple[int, float]:
    """The score and the :func:`.search.potential` of ``hand`` once ``code`` is added to it."""
    bigger = tuple(sorted(hand + (code,)))
    return hand_score(bigger), potential(bigger)


class Features(NamedTuple):
    """The inputs of the evaluation, for the mover (see the module docstring)."""

    p_n: float
    v_n: int
    p_m: float
    v_m: int
    forks: int
    keys: int
    held: int
    potential: float
    loss: float
    press: float
    mobility: int
    h_m: int
    h_n: int


class Evaluation:
    """The static evaluation with its caches (one per decision: positions repeat through
    casts and through the search).  ``work`` counts the attack maps computed and the
    positions evaluated, the unit of the search's fixed budget."""

    def __init__(self, weights: Mapping[str, float] = WEIGHTS) -> None:
        self.w = dict(weights)
        self.cache: dict[CetkaikState, float] = {}
        self.maps: dict[tuple[tuple[int, ...], int], tuple[list[Capture], int]] = {}
        self.work = 0

    def attacks_of(self, state: CetkaikState, side: int) -> tuple[list[Capture], int]:
        """``side``'s captures on ``state``'s board and its number of board moves (cached)."""
        key = (state.board, side)
        found = self.maps.get(key)
        if found is None:
            self.work += 1
            found = self.maps[key] = attacks(state.board, side, state.tam, state._flags.tam_self_hue)
        return found

    # --- utilities of the states a turn can end in --------------------------------------------
    def after(self, state: CetkaikState, mover: int) -> float:
        """Utility for ``mover`` of a state reached at the end of ``mover``'s turn: the other
        side to move, a declaration ``mover`` must make, or the end of the game."""
        phase = state.phase
        if phase == MOVE:
            value = self.static(state)
            return value if state.side != mover else -value
        if phase == DECLARATION:
            return max(self.ta_xot(state), self.ty_mok(state))
        if phase == OVER:
            return terminal_utility(state, mover)
        if phase == FIRST_MOVER_PHASE:  # ta xot1 ended a season and the next one begins
            return season_utility(state.scores[mover], state.season - 1, state._flags.seasons)
        raise ValueError(f"a turn does not end in the {state.phase_name} phase")

    def ta_xot(self, state: CetkaikState) -> float:
        cashed = (state.pending[0] + state.pending[1]) * state.rate
        return cash_utility(state, state.side, cashed)

    def ty_mok(self, state: CetkaikState) -> float:
        side = state.side
        after = state._apply(TY_MOK)
        if after.phase == OVER:
            return terminal_utility(after, side)
        return self.after(after, side)

    # --- the static evaluation ----------------------------------------------------------------
    def static(self, state: CetkaikState) -> float:
        """Utility for the side that just moved; ``state.side`` (the other side) is to move."""
        value = self.cache.get(state)
        if value is None:
            self.work += 1
            value = self.cache[state] = self.value(state, self.features(state))
        return value

    def features(self, state: CetkaikState) -> Features:
        """The evaluation's inputs for ``state`` (a ``move`` state), for the side that just moved."""
        to_move = state.side
        mover = 1 - to_move
        board = state.board
        hand_m, hand_n = state.hands[mover], state.hands[to_move]
        caps_n, count_n = self.attacks_of(state, to_move)
        caps_m, count_m = self.attacks_of(state, mover)
        form_m, form_n = forming(hand_m), forming(hand_n)
        h_m, h_n = hand_score(hand_m), hand_score(hand_n)
        pot_m, pot_n = potential(hand_m), potential(hand_n)
        # the side to move: its best capture that forms a hand, and its best other capture
        w_pot, w_held = self.w["potential"], self.w["held"]
        p_n, v_n, loss = 0.0, 0, 0.0
        for cap in caps_n:
            p = cap[0]
            if cap[2] >= 0 and board[cap[2]] == TAM2:  # kut2 tam2 costs as much as a hand gains
                continue
            code = HAND_CODE[board[cap[3]]]
            if code in form_n:
                if p > p_n or (p == p_n and p > 0.0):
                    after = grown(hand_n, code)[0]
                    if p > p_n or after > v_n:
                        p_n, v_n = p, after
            elif p > 0.0:
                worth = p * (w_pot * (grown(hand_n, code)[1] - pot_n) + w_held)
                loss = max(loss, worth)
        # the mover: its threats on pieces that would form a hand (one per square), other captures
        p_m, v_m, press = 0.0, 0, 0.0
        threatened: set[int] = set()
        for cap in caps_m:
            p = cap[0]
            if p <= 0.0 or (cap[2] >= 0 and board[cap[2]] == TAM2):
                continue
            dest = cap[3]
            code = HAND_CODE[board[dest]]
            if code in form_m:
                threatened.add(dest)
                if p >= p_m:
                    after = grown(hand_m, code)[0]
                    if p > p_m or after > v_m:
                        p_m, v_m = p, after
            else:
                worth = p * (w_pot * (grown(hand_m, code)[1] - pot_m) + w_held)
                press = max(press, worth)
        keys_m = keys_n = 0
        for code in board:
            owner = OWNER[code]
            if owner == to_move:
                if HAND_CODE[code] in form_m:
                    keys_m += 1
            elif owner == mover and HAND_CODE[code] in form_n:
                keys_n += 1
        return Features(p_n, v_n, p_m, v_m, len(threatened), keys_m - keys_n, len(hand_m) - len(hand_n),
                        pot_m - pot_n, loss, press, count_m - count_n, h_m, h_n)

    def value(self, state: CetkaikState, f: Features) -> float:
        """The utility the weights give to features ``f`` of ``state``."""
        w = self.w
        mover = 1 - state.side
        rate = state.rate
        x = (w["keys"] * f.keys + w["held"] * f.held + w["potential"] * f.potential - w["loss"] * f.loss
             + w["press"] * f.press + w["mobility"] * f.mobility - w["tempo"])
        q = 1.0 / (1.0 + math.exp(-x))
        win_m = cash_utility(state, mover, max(f.h_m + 4, 5) * rate)
        win_n = cash_utility(state, mover, -max(f.h_n + 4, 5) * rate)
        rest = q * win_m + (1.0 - q) * win_n
        survive = (w["survive_one"] if f.forks <= 1 else w["survive_fork"]) * f.p_m
        if survive > 0.0:
            rest = survive * cash_utility(state, mover, f.v_m * rate) + (1.0 - survive) * rest
        if f.p_n > 0.0:
            return f.p_n * cash_utility(state, mover, -f.v_n * rate) + (1.0 - f.p_n) * rest
        return rest


__all__ = ["UTILITY_BOUND", "Evaluation", "Features", "forming", "grown"]
