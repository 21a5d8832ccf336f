"""What the Cetkaik bots know about positions: casts, threats, hands, utilities, search.

Everything here works on :class:`~.state.CetkaikState` values and takes its moves from the
engine's one move generator (:func:`.movegen.generate_moves`, the same lists
``legal_actions()`` returns); nothing here decides legality.  Internally the search calls
the state's ``_apply`` (the transition without the legality check) on actions that the
generator produced, which is the "light internal state" the house style allows.

* :func:`outcomes` turns a move into its exact chance outcomes (stepping cast, water cast)
  with their probabilities, the mover landing on the planned square when the cast allows.
* :func:`threats` maps every square one side could capture on next turn to the best
  success probability of such a capture (stick casts included).
* :func:`season_utility` turns a cash into a game-level utility in ``[-1.2, 1.2]`` that
  weighs both scores and the seasons left (a win probability, roughly, plus a small term
  for the score difference).
* :class:`Searcher` is the ``strong`` bot's search: expectimax with the casts as chance
  nodes, every move of the side to move at depth 1, the best ones searched one ply deeper
  against every capture the opponent has (a quiescence step), with a static evaluation of
  hands, near-complete hands (pieces whose capture would form a hand), captured pieces,
  protection (whether threats can be parried) and tempo.  Its work is fixed (``width``
  moves searched deeper, ``replies`` captures each); the clock only arms a safety net,
  unless a :class:`~pyengine.ai.bot.Deadline` (the protocol's ``movetime``) makes it anytime.
* :func:`captures_first` orders moves for an anytime pass: the likeliest, most valuable
  captures first, so that a pass cut short has looked at the moves most likely to be best.

>>> from pyengine.cetkaik.rules import OFFICIAL
>>> from pyengine.cetkaik.state import CetkaikState
>>> state = CetkaikState(OFFICIAL).apply("一位色赤")
>>> [(round(p, 4), s.phase_name) for p, s in outcomes(state, "NI片NO水")]
[(0.5, 'move'), (0.5, 'move')]
>>> [round(p, 4) for p, _ in outcomes(state, "KA片KE心KA")]
[0.9688, 0.0312]
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from ...cetkaik.board import HAND_CODE, KING, OWNER, PROF, SQUARE_NAMES, TAM2, VESSEL, WATER, distance
from ...cetkaik.movegen import generate_moves
from ...cetkaik.notation import (
    CAST_DIGITS,
    STEP_CAST,
    TA_XOT,
    TY_MOK,
    WATER_CAST,
    Drop,
    PieceMove,
    TamMove,
    parse_action,
)
from ...cetkaik.scoring import _HANDS, hand_score
from ...cetkaik.state import (
    DECLARATION,
    MOVE,
    OVER,
    STEPPING_CAST,
    STEPPING_CHOICE,
    WATER_CAST_PHASE,
    CetkaikState,
)
from ..bot import Deadline, SafetyNet

TAIL: Final[tuple[float, ...]] = (1.0, 31 / 32, 26 / 32, 16 / 32, 6 / 32, 1 / 32)
"""TAIL[d]: the probability that a stepping cast reaches distance ``d`` (at least d sticks)."""

PIECE, DROP, TAM = 0, 1, 2
W_POT = 0.25
W_KEYS = 0.3
W_HELD = 0.08
W_PRESS = 0.35
W_MOBILITY = 0.003
W_TEMPO = 0.15
FAILED_CAST = 0.1
"""What a failed cast costs the mover, in utility: the turn is lost (a tempo).  A move whose
cast fails leaves the board as it was and passes the turn, which the static evaluation alone
would value like any quiet move; with this cost a ranged step or a water entry is chosen (and
chosen again after it failed) only when its odds make it the best expected move."""

MoveInfo = tuple[int, int, int, int, bool, bool]
"""(kind, src, via, dest, ranged, water): ``via`` is -1 without stepping, ``src`` -1 for a drop."""

_INFO: dict[str, MoveInfo] = {}


def move_info(action: str) -> MoveInfo:
    """The parsed shape of a move string (cached: the strings repeat endlessly)."""
    info = _INFO.get(action)
    if info is None:
        m = parse_action(action)
        if isinstance(m, PieceMove):
            info = (PIECE, m.src, -1 if m.via is None else m.via, m.dest, m.ranged, m.water)
        elif isinstance(m, Drop):
            info = (DROP, -1, -1, m.dest, False, False)
        elif isinstance(m, TamMove):
            info = (TAM, m.src, -1 if m.via is None else m.via, m.second, False, False)
        else:
            raise ValueError(f"{action!r} is not a move")
        if len(_INFO) < 400_000:
            _INFO[action] = info
    return info


def success(board: tuple[int, ...], info: MoveInfo) -> float:
    """The probability that a piece move reaches its destination (casts included)."""
    kind, src, via, dest, ranged, water = info
    if kind != PIECE:
        return 1.0
    if ranged:
        d = distance(via, dest)
        p = TAIL[d] if d <= 5 else 0.0
        if WATER[dest] and not WATER[src] and PROF[board[src]] != VESSEL:
            p *= 0.5
        return p
    return 0.5 if water else 1.0


def captures_first(state: CetkaikState, moves: list[str]) -> list[int]:
    """The indices of ``moves`` in the order an anytime pass looks at them: captures of the
    opponent's pieces first, by success probability × (1 + the hand score they add), then
    the other moves in their own order.  Cheap (no evaluation): its first move is the answer
    when a deadline passes before any move is valued.

    >>> from pyengine.cetkaik.rules import OFFICIAL
    >>> state = CetkaikState(OFFICIAL).apply("一位色赤")
    >>> captures_first(state, ["KE片KIKU", "ME片MI心MU"])  # no capture: the moves' own order
    [0, 1]
    """
    board = state.board
    opp = 1 - state.side
    hand = state.hands[state.side]
    keyed = []
    for i, action in enumerate(moves):
        info = move_info(action)
        worth = 0.0
        if info[0] == PIECE and OWNER[board[info[3]]] == opp:
            worth = success(board, info) * (1 + gain(hand, HAND_CODE[board[info[3]]]))
        keyed.append((-worth, i))
    keyed.sort()
    return [i for _, i in keyed]


def pointless(board: tuple[int, ...], tam: int, info: MoveInfo) -> bool:
    """A move that cannot help: a piece stepping back onto its origin, or over tam2 (a penalty)."""
    kind, src, via, dest, _ranged, _water = info
    return kind == PIECE and (dest == src or (via >= 0 and board[via] == TAM2))


def outcomes(state: CetkaikState, action: str) -> list[tuple[float, CetkaikState]]:
    """The states a move can lead to once its casts are made, with their probabilities.

    A ranged second leg lands on its planned square whenever the cast allows it (the
    player could decline, :func:`choose_step` decides that when it happens); every
    returned state is a ``move``, ``declaration`` or ``over`` state.
    """
    out: list[tuple[float, CetkaikState]] = []
    _settle(state._apply(action), 1.0, out)
    return out


def _settle(s: CetkaikState, p: float, out: list[tuple[float, CetkaikState]]) -> None:
    phase = s.phase
    if phase == STEPPING_CAST:
        via, planned = s.pending[1], s.pending[2]
        d = distance(via, planned)
        reach = TAIL[d] if d <= 5 else 0.0
        if reach > 0.0:
            landed = s._apply(STEP_CAST + CAST_DIGITS[5])._apply(SQUARE_NAMES[planned])
            _settle(landed, p * reach, out)
        if reach < 1.0:
            _settle(s._apply(STEP_CAST + CAST_DIGITS[0]), p * (1.0 - reach), out)
    elif phase == WATER_CAST_PHASE:
        _settle(s._apply(WATER_CAST + CAST_DIGITS[5]), p * 0.5, out)
        _settle(s._apply(WATER_CAST + CAST_DIGITS[0]), p * 0.5, out)
    elif phase == STEPPING_CHOICE:  # pragma: no cover - _settle never stops at a choice
        _settle(s._apply(SQUARE_NAMES[s.pending[4][0]]), p, out)
    else:
        out.append((p, s))


def failed(before: CetkaikState, after: CetkaikState) -> bool:
    """Whether the turn that led from ``before`` to ``after`` failed: a cast too low, a water
    cast lost or a declined step leave the board unchanged (a move that succeeds always
    changes it, steps back onto the origin aside, which the bots never choose)."""
    return after.board == before.board


def choice_outcomes(state: CetkaikState, choice: str) -> list[tuple[float, CetkaikState]]:
    """At a ``stepping_choice``: the states after choosing a square (or 此無), casts included."""
    out: list[tuple[float, CetkaikState]] = []
    _settle(state._apply(choice), 1.0, out)
    return out


def capture_moves(state: CetkaikState, side: int) -> list[str]:
    """The board moves of ``side`` (no drops, no tam2 moves) on ``state``'s board."""
    return generate_moves(state.board, side, (), state.tam, state._flags.tam_self_hue, False, True)


def threats(state: CetkaikState, side: int, moves: list[str] | None = None) -> dict[int, float]:
    """Square → best probability that ``side`` captures the opponent piece standing there
    with one move from this board (stick casts included; protection respected)."""
    board = state.board
    opp = 1 - side
    if moves is None:
        moves = capture_moves(state, side)
    best: dict[int, float] = {}
    info_of = move_info
    owner = OWNER
    for action in moves:
        info = _INFO.get(action) or info_of(action)
        dest = info[3]
        if owner[board[dest]] != opp or info[0] != PIECE:
            continue
        p = success(board, info) if (info[4] or info[5]) else 1.0
        if p > best.get(dest, 0.0):
            best[dest] = p
    return best


@lru_cache(maxsize=8192)
def potential(hand: tuple[int, ...]) -> float:
    """How close a hand is to forming more hands: Σ value × 0.4^(pieces still missing) over the
    hands not yet formed (a held King stands in for one missing piece)."""
    counts = [0] * 10
    for code in hand:
        counts[code % 10] += 1
    kings = counts[KING]
    total = 0.0 if kings else 5 * 0.4
    for _name, value, _flash, needs in _HANDS:
        missing = sum(max(0, n - counts[p]) for p, n in needs)
        missing = max(0, missing - kings)
        if missing:
            total += value * 0.4 ** missing
    return total


def gain(hand: tuple[int, ...], code: int) -> int:
    """Hand score after adding the hand code ``code`` minus the score before."""
    return hand_score(tuple(sorted(hand + (code,)))) - hand_score(hand)


def season_utility(score: int, season: int, seasons: int) -> float:
    """Utility of a season that just ended with ``score`` for the player (0…40).

    At the end of the game it is the result (+1 win, -1 loss, 0 draw); before, a smooth
    estimate from the lead and the seasons left; both plus ``0.005 ×`` the lead.

    >>> season_utility(25, 0, 1), season_utility(20, 0, 1)
    (1.025, 0.0)
    >>> 0 < season_utility(25, 0, 4) < 1
    True
    """
    lead = score - 20
    left = seasons - season - 1
    if left <= 0 or score in (0, 40):
        base = 1.0 if lead > 0 else -1.0 if lead < 0 else 0.0
    else:
        base = math.tanh(lead / (7.0 * math.sqrt(left)))
    return base + 0.005 * lead


def cash_utility(state: CetkaikState, side: int, amount: int) -> float:
    """Utility for ``side`` when ``side`` gains ``amount`` (negative: pays) and the season ends."""
    mine = min(40, max(0, state.scores[side] + amount))
    return season_utility(mine, state.season, state._flags.seasons)


def terminal_utility(state: CetkaikState, side: int) -> float:
    lead = state.scores[side] - 20
    return (1.0 if lead > 0 else -1.0 if lead < 0 else 0.0) + 0.005 * lead


class Evaluator:
    """The static evaluation, with a cache per search (positions repeat through casts)."""

    def __init__(self) -> None:
        self.cache: dict[CetkaikState, float] = {}
        self.evals = 0

    def after(self, state: CetkaikState, mover: int) -> float:
        """Utility for ``mover`` of a state reached at the end of ``mover``'s turn: the
        other side to move, a declaration ``mover`` must make, or the end of the game."""
        phase = state.phase
        if phase == MOVE:
            value = self.cache.get(state)
            if value is None:
                value = self.cache[state] = self.static(state)
            return value if state.side != mover else -value
        if phase == DECLARATION:
            return max(self.ta_xot(state), self.ty_mok(state))
        if phase == OVER:
            return terminal_utility(state, mover)
        return -self.after(state, 1 - mover)  # pragma: no cover - a new season is not reached

    def ta_xot(self, state: CetkaikState) -> float:
        side = state.side
        cashed = (state.pending[0] + state.pending[1]) * state.rate
        return cash_utility(state, side, cashed)

    def ty_mok(self, state: CetkaikState) -> float:
        side = state.side
        after = state._apply(TY_MOK)
        if after.phase == OVER:
            return terminal_utility(after, side)
        return self.after(after, side)

    def static(self, state: CetkaikState) -> float:
        """Utility for the side that just moved; ``state.side`` (the other side) is to move."""
        self.evals += 1
        to_move = state.side
        mover = 1 - to_move
        board = state.board
        rate = state.rate
        hands = state.hands
        moves_n = capture_moves(state, to_move)
        moves_m = capture_moves(state, mover)
        thr_n = threats(state, to_move, moves_n)
        thr_m = threats(state, mover, moves_m)
        hand_m, hand_n = hands[mover], hands[to_move]
        h_m, h_n = hand_score(hand_m), hand_score(hand_n)
        pot_m, pot_n = potential(hand_m), potential(hand_n)
        # the side to move: its best capture that forms a hand, and its best other capture
        p_n = 0.0
        v_n = 0
        loss = 0.0
        for sq, p in thr_n.items():
            code = HAND_CODE[board[sq]]
            grown = tuple(sorted(hand_n + (code,)))
            after = hand_score(grown)
            if after > h_n:
                if p > p_n or (p == p_n and after > v_n):
                    p_n, v_n = p, after
            else:
                worth = p * (W_POT * (potential(grown) - pot_n) + W_HELD)
                if worth > loss:
                    loss = worth
        # the side that moved: its threats on pieces that would form a hand, and other captures
        p_m = 0.0
        v_m = 0
        forks = 0
        press = 0.0
        for sq, p in thr_m.items():
            code = HAND_CODE[board[sq]]
            grown = tuple(sorted(hand_m + (code,)))
            after = hand_score(grown)
            if after > h_m:
                forks += 1
                if p > p_m or (p == p_m and after > v_m):
                    p_m, v_m = p, after
            else:
                worth = p * (W_POT * (potential(grown) - pot_m) + W_HELD)
                if worth > press:
                    press = worth
        # near-complete hands: pieces on the board whose capture would form a hand
        keys_m = keys_n = 0
        for sq in range(81):
            code = board[sq]
            owner = OWNER[code]
            if owner == to_move:
                if gain(hand_m, HAND_CODE[code]) > 0:
                    keys_m += 1
            elif owner == mover and gain(hand_n, HAND_CODE[code]) > 0:
                keys_n += 1
        x = (W_KEYS * (keys_m - keys_n) + W_HELD * (len(hand_m) - len(hand_n))
             + W_POT * (pot_m - pot_n) - loss + W_PRESS * press
             + W_MOBILITY * (len(moves_m) - len(moves_n)) - W_TEMPO)
        q = 1.0 / (1.0 + math.exp(-x))
        win_m = cash_utility(state, mover, (max(h_m + 4, 5)) * rate)
        win_n = cash_utility(state, mover, -(max(h_n + 4, 5)) * rate)
        base = q * win_m + (1.0 - q) * win_n
        survive = (0.3 if forks <= 1 else 0.6) * p_m
        rest = base
        if survive > 0.0:
            rest = survive * cash_utility(state, mover, v_m * rate) + (1.0 - survive) * base
        if p_n > 0.0:
            return p_n * cash_utility(state, mover, -v_n * rate) + (1.0 - p_n) * rest
        return rest


class Searcher:
    """The ``strong`` bot's decision procedure (see the module docstring).

    ``width``: how many of the best depth-1 moves are searched one ply deeper;
    ``replies``: how many of the opponent's captures are tried there.  Both are fixed, so
    the decision depends on the position alone.  ``net`` is a wall-clock safety net
    (:class:`~pyengine.ai.bot.SafetyNet`, none by default): if it trips during the deeper
    search, that search is dropped and the best move at depth 1 is played, so even then
    the move does not depend on when it tripped (the depth-1 pass is always done).

    ``deadline`` (:class:`~pyengine.ai.bot.Deadline`, none by default: the page never sets
    one) makes the search anytime: it is checked between the moves of the depth-1 pass
    (looked at captures first, :func:`captures_first`) and of the deeper search.  When it
    passes during the depth-1 pass the best move valued so far is played (the first capture
    when none is); during the deeper search, the best of the moves searched deeper so far
    (the depth-1 favourite is searched first), or the depth-1 favourite.  With time to spare the answer is the same as
    without a deadline.
    """

    def __init__(self, width: int = 10, replies: int = 10, net: SafetyNet | None = None,
                 deadline: Deadline | None = None) -> None:
        self.width = width
        self.replies = replies
        self.net = net
        self.deadline = deadline
        self.ev = Evaluator()

    # --- the three kinds of decision ----------------------------------------------------------
    def declare(self, state: CetkaikState) -> str:
        """ty mok1 or ta xot1: the utility of cashing now against continuing at double rate."""
        return TY_MOK if self.ev.ty_mok(state) > self.ev.ta_xot(state) else TA_XOT

    def choose_step(self, state: CetkaikState, legal: tuple[str, ...]) -> str:
        """After a stepping cast: the square (or 此無) with the best expected utility."""
        side = state.side
        best, best_value = legal[-1], -math.inf
        for choice in legal:
            value = sum(p * (self.ev.after(s, side) - FAILED_CAST * failed(state, s))
                        for p, s in choice_outcomes(state, choice))
            if value > best_value:
                best, best_value = choice, value
        return best

    def choose_move(self, state: CetkaikState, legal: tuple[str, ...]) -> str:
        """Every move at depth 1, the ``width`` best of them one ply deeper (see the class)."""
        side = state.side
        board = state.board
        tam = state.tam
        candidates = [a for a in legal if not pointless(board, tam, move_info(a)) and move_info(a)[0] != TAM]
        if not candidates:
            candidates = list(legal)
        scored: list[tuple[float, int, str, list[tuple[float, CetkaikState, float]]]] = []
        deadline = self.deadline
        order = captures_first(state, candidates)
        for i in order:  # the order changes nothing but what a deadline leaves out (ties go by i)
            if deadline is not None and deadline.passed():
                if not scored:
                    return candidates[order[0]]
                return max(scored)[2]
            action = candidates[i]
            outs = [(p, s, FAILED_CAST * failed(state, s)) for p, s in outcomes(state, action)]
            value = 0.0
            for p, s, cost in outs:
                value += p * (self.ev.after(s, side) - cost)
            scored.append((value, -i, action, outs))
        scored.sort(reverse=True)
        net = self.net
        refined: list[tuple[float, int, str]] = []
        for _value, neg_i, action, outs in scored[: self.width]:
            if net is not None and net.tripped():
                return scored[0][2]  # the fallback: the best move at depth 1
            if deadline is not None and deadline.passed():  # the best searched deeper so far
                return max(refined)[2] if refined else scored[0][2]
            deep = 0.0
            for p, s, cost in outs:
                deep += p * (self.reply_value(s, side) - cost)
            refined.append((deep, neg_i, action))
        rest = [(v, i, a) for v, i, a, _ in scored[self.width:]]
        best = max(refined + rest[:1]) if refined else rest[0]
        return best[2]

    def reply_value(self, state: CetkaikState, side: int) -> float:
        """Utility for ``side`` after its move, the opponent answering with its best capture
        (or with a quiet move, valued statically)."""
        if state.phase != MOVE:
            return self.ev.after(state, side)
        opp = state.side
        stand = -self.ev.after(state, side)  # the opponent's utility for a quiet reply
        board = state.board
        moves = capture_moves(state, opp)
        caps: list[tuple[float, str]] = []
        for action in moves:
            info = move_info(action)
            if OWNER[board[info[3]]] != side or pointless(board, state.tam, info):
                continue
            code = HAND_CODE[board[info[3]]]
            caps.append((success(board, info) * (1 + gain(state.hands[opp], code)), action))
        caps.sort(reverse=True)
        best = stand
        for _, action in caps[: self.replies]:
            value = 0.0
            for p, s in outcomes(state, action):
                value += p * self.ev.after(s, opp)
            if value > best:
                best = value
        return -best


__all__ = [
    "FAILED_CAST", "Evaluator", "Searcher", "TAIL", "capture_moves", "captures_first", "cash_utility",
    "choice_outcomes", "failed", "gain", "move_info", "outcomes", "pointless", "season_utility", "success",
    "terminal_utility", "threats",
]
