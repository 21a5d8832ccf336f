"""The ``master`` level's search: iterative deepening expectimax over captures, with the stick
casts as chance nodes, alpha-beta bounds and a fixed amount of work.

* **Every move at depth 0.**  Each candidate move (every legal move but tam2 moves and
  pointless steps, :func:`.search.pointless`) is expanded into its exact cast outcomes
  (stepping cast 1,5,10,10,5,1/32 and water cast ½, :func:`outcomes`) and each outcome is
  valued by the static evaluation (:mod:`.evaluation`).  A failed cast leaves the board as it
  was and passes the turn: it is valued as that position with the opponent to move, less
  the weight ``failed_cast`` (a lost tempo).  So a ranged step or a water entry is played
  again after it failed only when, weighed with its odds, it is still the best expected move:
  the casts are independent, and the position tells everything the odds depend on.
* **Deeper, while the budget lasts.**  Depth ``d`` then searches, after each candidate, ``d``
  plies of captures (each side may instead *stand pat*: the static value of the position, in
  which the side to move's immediate hand-forming captures already count), with negamax
  alpha-beta windows through the chance nodes (Ballard's Star1 bounds, utilities lie in
  ``±UTILITY_BOUND``).  Candidates are searched best first (the previous depth's order), so a
  later one is usually refuted by the opponent's first good capture.
* **Fixed work.**  ``nodes`` bounds the work units (attack maps computed and positions
  evaluated, :attr:`.evaluation.Evaluation.work`).  The search stops inside an iteration when
  they run out; the iteration's best move is kept if the previous iteration's best was
  already searched in it (it is searched first), as chess engines do.  A decision therefore
  depends on the position and the budget only.  The wall-clock :class:`~pyengine.ai.bot.SafetyNet`
  is checked between candidates; if it trips, the best move at depth 0 is played (always
  computed in full first), whatever the moment it tripped.
* **Anytime under a deadline.**  A :class:`~pyengine.ai.bot.Deadline` (the protocol's
  ``movetime``; the page never sets one) stops the search as running out of work does,
  whichever comes first: it is checked wherever the work is counted and between candidates.
  The depth-0 pass looks at the candidates captures first (:func:`.search.captures_first`;
  the order changes no value and no tie) and, if the deadline passes during it, plays the
  best candidate valued so far (the first capture when none is).  With time to spare the
  decision is the one made without a deadline.

:func:`analyse` returns the chosen move with its value and the ranked alternatives with
their values (expected scores, for a hint); :func:`analyse_game` gives, for each decision of
a finished game, the loss of the move played against the best move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...cetkaik.board import HAND_CODE, SQUARE_NAMES, TAM2, distance
from ...cetkaik.notation import CAST_DIGITS, STEP_CAST, TA_XOT, TY_MOK, WATER_CAST
from ...cetkaik.rules import CetkaikRules
from ...cetkaik.state import (
    DECLARATION,
    MOVE,
    STEPPING_CAST,
    STEPPING_CHOICE,
    WATER_CAST_PHASE,
    CetkaikState,
)
from ..bot import Deadline, SafetyNet
from .attacks import TAIL
from .attacks import action as capture_action
from .evaluation import UTILITY_BOUND, Evaluation
from .search import TAM, captures_first, gain, move_info, pointless

U: Final = UTILITY_BOUND
MASTER_NODES: Final = 3000
"""The ``master`` level's work budget per decision (work units, see the module docstring)."""
MAX_DEPTH: Final = 6
"""Capture plies searched after a candidate at most (the budget usually stops earlier)."""
REPLIES: Final = 12
"""Captures tried at most at a node of the capture search (best first)."""

Outcome = tuple[float, CetkaikState, bool]
"""(probability, state, failed): a state where the turn has ended, and whether a cast failed."""


class OutOfWork(Exception):
    """The work budget (or the time, under a deadline) ran out inside an iteration."""


def outcomes(state: CetkaikState, action: str) -> list[Outcome]:
    """The states a move can end in once its casts are made, with their probabilities and
    whether the move failed (a cast too low: the piece stays, the turn passes).

    A ranged second leg goes to its planned square when the cast allows it; every state
    returned is a ``move``, ``declaration`` or ``over`` state.

    >>> from pyengine.cetkaik.rules import OFFICIAL
    >>> state = CetkaikState(OFFICIAL).apply("一位色赤")
    >>> [(round(p, 4), failed) for p, _, failed in outcomes(state, "ME片MI心MAI")]
    [(0.1875, False), (0.8125, True)]
    """
    out: list[Outcome] = []
    _settle(state._apply(action), 1.0, False, out)
    return out


def _settle(s: CetkaikState, p: float, failed: bool, out: list[Outcome]) -> None:
    phase = s.phase
    if phase == STEPPING_CAST:
        via, planned = s.pending[1], s.pending[2]
        reach = TAIL[distance(via, planned)]
        if reach > 0.0:
            _settle(s._apply(STEP_CAST + CAST_DIGITS[5])._apply(SQUARE_NAMES[planned]), p * reach, failed, out)
        if reach < 1.0:
            _settle(s._apply(STEP_CAST + CAST_DIGITS[0]), p * (1.0 - reach), True, out)
    elif phase == WATER_CAST_PHASE:
        _settle(s._apply(WATER_CAST + CAST_DIGITS[5]), p * 0.5, failed, out)
        _settle(s._apply(WATER_CAST + CAST_DIGITS[0]), p * 0.5, True, out)
    else:
        out.append((p, s, failed))


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the search found: the move it plays, its value and the alternatives (values are
    expected scores of the side to move, 0 … 1: a win counts 1, a draw ½)."""

    best: str
    value: float
    ranked: tuple[tuple[str, float], ...]
    depth: int
    work: int


def expected_score(utility: float) -> float:
    """A utility (+1 a won game, −1 a lost one, plus a small term for the score lead) as an
    expected score between 0 and 1.

    >>> expected_score(1.0), expected_score(0.0), expected_score(-1.2)
    (1.0, 0.5, 0.0)
    """
    return min(1.0, max(0.0, (utility + 1.0) / 2.0))


class MasterSearch:
    """The ``master`` decision procedure (see the module docstring)."""

    def __init__(self, nodes: int = MASTER_NODES, net: SafetyNet | None = None,
                 evaluation: Evaluation | None = None, deadline: Deadline | None = None) -> None:
        self.nodes = nodes
        self.net = net
        self.deadline = deadline
        self.ev = evaluation if evaluation is not None else Evaluation()
        self.fail_cost = self.ev.w["failed_cast"]
        self.depth = 0
        self.ranked: list[tuple[float, str]] = []
        self.fallback = ""

    # --- the search -----------------------------------------------------------------------------
    def spend(self) -> None:
        if self.ev.work > self.nodes or (self.deadline is not None and self.deadline.passed()):
            raise OutOfWork

    def captures(self, state: CetkaikState, side: int) -> list[str]:
        """``side``'s captures on ``state``, the likeliest and most valuable first."""
        caps, _ = self.ev.attacks_of(state, side)
        board = state.board
        hand = state.hands[side]
        scored = []
        for cap in caps:
            p, via = cap[0], cap[2]
            if p <= 0.0 or (via >= 0 and board[via] == TAM2):  # no kut2 tam2 in the search
                continue
            scored.append((p * (1 + gain(hand, HAND_CODE[board[cap[3]]])), capture_action(cap)))
        scored.sort(reverse=True)
        return [a for _, a in scored[:REPLIES]]

    def node(self, state: CetkaikState, depth: int, alpha: float, beta: float) -> float:
        """Value for the side to move of a ``move`` state: stand pat or capture, ``depth`` plies."""
        stand = -self.ev.static(state)
        if depth <= 0 or stand >= beta:
            return stand
        self.spend()
        best = stand
        alpha = max(alpha, stand)
        side = state.side
        for action in self.captures(state, side):
            value = self.move_value(state, action, side, depth, alpha, beta)
            if value > best:
                best = value
                if value >= beta:
                    return value
                alpha = max(alpha, value)
        return best

    def move_value(self, state: CetkaikState, action: str, side: int, depth: int,
                   alpha: float, beta: float) -> float:
        """Expected value for ``side`` of playing ``action`` (Star1 bounds at the chance node)."""
        return self.chance_value(outcomes(state, action), side, depth, alpha, beta)

    def chance_value(self, outs: Sequence[Outcome], side: int, depth: int, alpha: float, beta: float) -> float:
        acc = 0.0
        rest = 1.0
        fail_cost = self.fail_cost
        for p, s, failed in outs:
            rest -= p
            shift = fail_cost if failed else 0.0
            if s.phase == MOVE:
                if depth <= 1:
                    v = self.ev.static(s)
                    if s.side == side:
                        v = -v
                else:
                    lo = (alpha - acc - rest * U) / p + shift
                    hi = (beta - acc + rest * U) / p + shift
                    v = -self.node(s, depth - 1, -hi, -lo)
            else:
                v = self.ev.after(s, side)
            acc += p * (v - shift)
            if acc + rest * U <= alpha:
                return acc + rest * U
            if acc - rest * U >= beta:
                return acc - rest * U
        return acc

    # --- the decisions --------------------------------------------------------------------------
    def candidates(self, state: CetkaikState, legal: Sequence[str]) -> list[str]:
        board, tam = state.board, state.tam
        moves = [a for a in legal if move_info(a)[0] != TAM and not pointless(board, tam, move_info(a))]
        return moves or list(legal)

    def rank(self, state: CetkaikState, legal: Sequence[str]) -> list[tuple[float, str]]:
        """Every candidate with its value at the deepest depth the budget allows (a bound
        for the candidates that cannot be best), best first."""
        side = state.side
        moves = self.candidates(state, legal)
        deadline = self.deadline
        expanded: dict[str, list[Outcome]] = {}
        valued: list[tuple[float, int, str]] = []
        order = captures_first(state, moves)
        for i in order:  # the order changes nothing but what a deadline leaves out (ties go by i)
            if deadline is not None and deadline.passed():  # the valued ones, best first, then the rest
                valued.sort(reverse=True)
                ranked = [(v, a) for v, _, a in valued] + [(-math.inf, moves[j]) for j in order[len(valued):]]
                self.fallback = ranked[0][1]
                return ranked
            outs = expanded[moves[i]] = outcomes(state, moves[i])
            valued.append((self.chance_value(outs, side, 1, -math.inf, math.inf), -i, moves[i]))
        valued.sort(reverse=True)
        ranked = [(v, a) for v, _, a in valued]
        self.fallback = ranked[0][1]
        self.depth = 1
        for depth in range(2, MAX_DEPTH + 2):
            result: list[tuple[float, str]] = []
            best = -math.inf
            try:
                for _, action in ranked:
                    if self.net is not None and self.net.tripped():
                        return [(ranked[0][0], self.fallback)]
                    if deadline is not None and deadline.passed():
                        raise OutOfWork
                    value = self.chance_value(expanded[action], side, depth, best, math.inf)
                    result.append((value, action))
                    best = max(best, value)
            except OutOfWork:
                if result:
                    done = {a for _, a in result}
                    result.sort(key=lambda va: -va[0])
                    ranked = result + [(v, a) for v, a in ranked if a not in done]
                    self.depth = depth
                return ranked
            ranked = sorted(result, key=lambda va: -va[0])
            self.depth = depth
        return ranked

    def choose_move(self, state: CetkaikState, legal: Sequence[str]) -> str:
        self.ranked = self.rank(state, legal)
        return self.ranked[0][1]

    def choose_step(self, state: CetkaikState, legal: Sequence[str]) -> str:
        """After a stepping cast: the square (or 此無) with the best value, searched like a
        move, as deep as the budget allows."""
        side = state.side
        expanded = []
        for choice in legal:
            outs: list[Outcome] = []
            _settle(state._apply(choice), 1.0, False, outs)
            expanded.append((choice, outs))
        best = legal[-1]
        for depth in range(1, MAX_DEPTH + 2):
            try:
                scored = [(self.chance_value(outs, side, depth, -math.inf, math.inf), -i, choice)
                          for i, (choice, outs) in enumerate(expanded)]
            except OutOfWork:
                break
            best = max(scored)[2]
            self.depth = depth
        return best

    def declare(self, state: CetkaikState) -> str:
        """ty mok1 or ta xot1: cashing now against going on at double rate (searched as deep
        as the budget allows)."""
        side = state.side
        after = state._apply(TY_MOK)
        cash = self.ev.ta_xot(state)
        if after.phase != MOVE:
            return TY_MOK if self.ev.after(after, side) > cash else TA_XOT
        go_on = -self.ev.static(after) if after.side == side else self.ev.static(after)
        for depth in range(1, MAX_DEPTH + 1):
            try:
                go_on = -self.node(after, depth, -math.inf, math.inf)
            except OutOfWork:
                break
            self.depth = depth + 1
        return TY_MOK if go_on > cash else TA_XOT


    # --- hints and reviews ----------------------------------------------------------------------
    def options(self, state: CetkaikState) -> list[tuple[str, list[Outcome]]]:
        """The decision's options with their outcomes: the candidate moves, the squares after a
        stepping cast (and 此無), or ty mok1 and ta xot1."""
        if state.phase == MOVE:
            return [(a, outcomes(state, a)) for a in self.candidates(state, state.legal_actions())]
        found = []
        for choice in state.legal_actions():
            outs: list[Outcome] = []
            _settle(state._apply(choice), 1.0, False, outs)
            found.append((choice, outs))
        return found

    def exact(self, state: CetkaikState, chosen: Sequence[tuple[str, list[Outcome]]], depth: int,
              extra: int) -> tuple[int, list[tuple[float, str]]]:
        """Exact values (full windows) of ``chosen`` at ``depth``, or as deep below it as
        ``extra`` more work units allow; depth 1 (the static values) always completes."""
        self.nodes = self.ev.work + extra
        side = state.side
        for d in range(depth, 0, -1):
            try:
                return d, [(self.chance_value(outs, side, d, -math.inf, math.inf), a) for a, outs in chosen]
            except OutOfWork:
                continue
        raise AssertionError("depth 1 never runs out of work")  # pragma: no cover

    def decide(self, state: CetkaikState) -> str:
        """The move, square or declaration the ``master`` level plays in ``state``."""
        if state.phase == DECLARATION:
            return self.declare(state)
        if state.phase == STEPPING_CHOICE:
            return self.choose_step(state, state.legal_actions())
        return self.choose_move(state, state.legal_actions())


HINT_NODES: Final = MASTER_NODES
"""Work for a hint: the decision itself, then as much again for the alternatives' exact values."""
REVIEW_NODES: Final = 1500
"""Work per decision when a finished game is reviewed (:func:`review_game`)."""


def analyse(state: CetkaikState, nodes: int = HINT_NODES, top: int = 5) -> Analysis:
    """A hint: what ``master`` plays in ``state`` (a ``move``, ``stepping_choice`` or
    ``declaration`` state) with its value, and the ``top`` best options with their values
    (expected scores of the side to move, from the same search depth), best first.

    >>> from pyengine.cetkaik.rules import OFFICIAL
    >>> state = CetkaikState(OFFICIAL).apply("一位色赤")
    >>> hint = analyse(state, nodes=300, top=3)
    >>> hint.best in state.legal_actions(), len(hint.ranked), 0.0 <= hint.value <= 1.0
    (True, 3, True)
    >>> [v for _, v in hint.ranked] == sorted((v for _, v in hint.ranked), reverse=True)
    True
    """
    search = MasterSearch(nodes)
    best = search.decide(state)
    options = dict(search.options(state))
    order = [a for _, a in search.ranked] if state.phase == MOVE else list(options)
    chosen = [(a, options[a]) for a in [best] + [a for a in order if a != best][: max(0, top - 1)]]
    depth, values = search.exact(state, chosen, max(search.depth, 1), nodes)
    ranked = sorted(((expected_score(v), a) for v, a in values), key=lambda va: -va[0])
    value = next(v for v, a in ranked if a == best)
    return Analysis(best, value, tuple((a, v) for v, a in ranked), depth, search.ev.work)


@dataclass(frozen=True, slots=True)
class Review:
    """One decision of a finished game: the option played, the best one, and what the played
    one lost against it (expected-score units, 0 … 1; 0 when the best was played)."""

    index: int
    side: int
    played: str
    best: str
    played_value: float
    best_value: float

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.played_value)


def review_position(state: CetkaikState, played: str, nodes: int = REVIEW_NODES) -> tuple[str, float, float]:
    """``(best, value of played, value of best)`` in ``state``: the ``master`` search with
    ``nodes`` work, both values exact at the same depth (expected scores of the side to move);
    the option played is the best one when its value is the higher."""
    search = MasterSearch(nodes)
    best = search.decide(state)
    options = dict(search.options(state))
    if played not in options:  # a move the search leaves out (tam2 moves, pointless steps)
        outs: list[Outcome] = []
        _settle(state._apply(played), 1.0, False, outs)
        options[played] = outs
    chosen = [(best, options[best])] + ([(played, options[played])] if played != best else [])
    _, values = search.exact(state, chosen, max(search.depth, 1), nodes)
    best_value, played_value = expected_score(values[0][0]), expected_score(values[-1][0])
    if played_value > best_value:  # searched alike, the move played is the better one
        return played, played_value, played_value
    return best, played_value, best_value


def review_game(rules: str, actions: Sequence[str], nodes: int = REVIEW_NODES) -> list[Review]:
    """Every decision of a game (``rules`` encoded, the record's engine ``actions``) with the
    loss of the option played against the best one (see :func:`review_position`)."""
    state = CetkaikState(CetkaikRules.decode(rules))
    reviews = []
    for index, action in enumerate(actions):
        if state.phase in (MOVE, STEPPING_CHOICE, DECLARATION) and len(state.legal_actions()) > 1:
            best, value, best_value = review_position(state, action, nodes)
            reviews.append(Review(index, state.side, action, best, value, best_value))
        state = state.apply(action)
    return reviews


__all__ = ["HINT_NODES", "MASTER_NODES", "REVIEW_NODES", "Analysis", "MasterSearch", "Review", "analyse",
           "expected_score", "outcomes", "review_game", "review_position"]
