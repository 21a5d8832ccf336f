"""The Cetkaik bot levels, weakest first: ``random``, ``greedy``, ``rules``, ``strong``, ``master``.

Every bot sees only its :class:`~pyengine.ai.bot.BotView` (the observation, the legal
actions, a time budget that only arms a safety net, its own generator) and is stateless
between calls: the page's Worker builds a fresh bot for every decision.
:func:`state_from_view` rebuilds the position from the observation (Cetkaik has no hidden
information, so nothing is guessed).

* ``greedy``: one ply.  For each move that is not a tam2 move or a step back onto the origin,
  the expected (not sampled) result of its casts, scored own − opponent score + 2 × hand
  score + pieces held, a failed cast costing a point (the lost turn); it always ends the
  season (ta xot1) as soon as it can.
* ``rules``: a rule-based player in the manner of cerke_online's CPU: never a pointless step
  (back onto the origin, over tam2, a tam2 move) nor a long shot (a move whose casts fail more
  often than not); a move that surely completes a hand (no
  water cast, a stepping cast of at most 2) when there is one; no move after which the
  opponent can likely complete a hand; a Shaman kept on tam2 hue where it cannot be
  captured; captures that cannot be taken back; otherwise a random move.
* ``strong``: expectimax with the casts as chance nodes (:class:`.search.Searcher`): every
  move at depth 1, the best 10 one ply deeper against the opponent's 10 best captures.  That
  work is fixed; if the wall-clock safety net (:class:`~pyengine.ai.bot.SafetyNet`, 10 ×
  ``view.budget``) trips during the deeper search, the best move at depth 1 is played.
* ``master``: iterative deepening expectimax over captures (:class:`.master.MasterSearch`); a
  game's first move is the one that search always makes there, kept (:mod:`.openings`).

``strong`` and ``master`` become anytime when the view carries a
:class:`~pyengine.ai.bot.Deadline` (the engine protocol's ``movetime``; the page never sends
one): the usual work if the time allows, else the best answer found so far.

>>> from pyengine.core.rng import Pcg32
>>> from pyengine.ai.bot import BotView
>>> from pyengine.cetkaik.rules import OFFICIAL
>>> from pyengine.cetkaik.state import CetkaikState
>>> state = CetkaikState(OFFICIAL).apply("一位色赤")
>>> view = BotView("cetkaik", OFFICIAL.encode(), 0, state.observation(0), state.legal_actions())
>>> state_from_view(view) == state
True
>>> GreedyBot(Pcg32(1)).act(view) in state.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Mapping

from ...cetkaik.board import (
    HAND_CODE,
    HAND_INDEX,
    HUE,
    HUE_WITH_TAM,
    OWNER,
    PROF,
    SHAMAN,
    SIDE_NAMES,
    SQUARE_INDEX,
    TAM2,
    piece_code,
)
from ...cetkaik.notation import DECLINE, TA_XOT
from ...cetkaik.rules import CetkaikRules
from ...cetkaik.scoring import PENALTY_VALUES, TAM2_TY_SAK2, hand_score
from ...cetkaik.state import DECLARATION, MOVE, OVER, PHASE_NAMES, STEPPING_CHOICE, CetkaikState, _flags
from ..bot import Bot, BotView, RandomBot, SafetyNet
from .master import MASTER_NODES, MasterSearch
from .openings import opening
from .search import (
    PIECE,
    TAM,
    Searcher,
    choice_outcomes,
    failed,
    move_info,
    outcomes,
    pointless,
    success,
    threats,
)


def state_from_view(view: BotView) -> CetkaikState:
    """The position a view shows (the observation holds everything; nothing is hidden)."""
    obs = view.observation
    rules = CetkaikRules.decode(view.rules)
    board = [0] * 81
    tam = -1
    for sq, name in enumerate(obs["board"]):
        if name is None:
            continue
        if name == "皇":
            board[sq] = TAM2
            tam = sq
            continue
        code = HAND_INDEX[name[:2]]
        board[sq] = piece_code(SIDE_NAMES.index(name[2:]), code // 10, code % 10)
    hands_obs = obs["hands"]
    hands = (tuple(sorted(HAND_INDEX[n] for n in hands_obs["A"])),
             tuple(sorted(HAND_INDEX[n] for n in hands_obs["IA"])))
    phase = PHASE_NAMES.index(obs["phase"])
    side = SIDE_NAMES.index(obs["to_move"])
    scores = (int(obs["scores"]["A"]), int(obs["scores"]["IA"]))
    rate = int(obs["rate"])
    pending: tuple[object, ...] = ()
    if phase == STEPPING_CHOICE:
        st = obs["stepping"]
        src, via, planned = SQUARE_INDEX[st["src"]], SQUARE_INDEX[st["via"]], SQUARE_INDEX[st["planned"]]
        options = tuple(sorted(SQUARE_INDEX[a] for a in view.legal if a != DECLINE))
        flags = _flags(rules)
        kut2 = board[via] == TAM2 and (flags.kut2_is_hand or flags.kut2_exempt)
        pending = (src, via, planned, int(st["sticks"]), options, kut2)
    elif phase == DECLARATION:
        names = tuple(obs["declaration"]["names"])
        penalty = sum(PENALTY_VALUES.get(n, 0) for n in names)
        hand_value = int(obs["declaration"]["value"]) // rate - penalty
        pending = (hand_value, penalty, names, TAM2_TY_SAK2 in names)
    return CetkaikState(rules, tuple(board), hands, tam, scores, rate, int(obs["season"]), phase, side,
                        bool(obs["tam_moved_last_turn"]), pending)


def _best(rng_choice: list[str], bot: Bot) -> str:
    return bot.rng.choice(rng_choice) if len(rng_choice) > 1 else rng_choice[0]


# --- greedy --------------------------------------------------------------------------------------
def greedy_score(state: CetkaikState, side: int) -> float:
    """own − opponent score + 2 × own hand score + pieces held, the season ended by ta xot1
    if the state asks for a declaration (the hand stays counted)."""
    scores = state.scores
    hand = state.hands[side]
    if state.phase == DECLARATION and state.side == side:
        cashed = (state.pending[0] + state.pending[1]) * state.rate
        mine = min(40, max(0, scores[side] + cashed))
        scores = (mine, 40 - mine) if side == 0 else (40 - mine, mine)
    return scores[side] - scores[1 - side] + 2 * hand_score(hand) + len(hand)


FAILED_CAST_POINTS = 1.0
"""What a failed cast costs in :func:`greedy_score` points (a lost turn): a ranged step or a
water entry is worth its odds only if what it may win outweighs the turn it may waste."""


class GreedyBot(Bot):
    """One ply, the expected result of the casts (see the module docstring)."""

    level = "greedy"

    def act(self, view: BotView) -> str:
        state = state_from_view(view)
        side = state.side
        legal = view.legal
        if state.phase == DECLARATION:
            return TA_XOT
        if state.phase == STEPPING_CHOICE:
            return self._pick([(self._expect(state, choice_outcomes(state, a), side), a) for a in legal])
        moves = [a for a in legal if move_info(a)[0] != TAM
                 and not (move_info(a)[0] == PIECE and move_info(a)[1] == move_info(a)[3])]
        if not moves:
            moves = list(legal)
        return self._pick([(self._expect(state, outcomes(state, a), side), a) for a in moves])

    @staticmethod
    def _expect(state: CetkaikState, outs: list[tuple[float, CetkaikState]], side: int) -> float:
        """The expected score of a move's outcomes, a failed cast costing :data:`FAILED_CAST_POINTS`."""
        return sum(p * (greedy_score(s, side) - FAILED_CAST_POINTS * failed(state, s)) for p, s in outs)

    def _pick(self, scored: list[tuple[float, str]]) -> str:
        top = max(v for v, _ in scored)
        return _best([a for v, a in scored if v >= top - 1e-9], self)


# --- rules ---------------------------------------------------------------------------------------
LIKELY = 0.5
"""A capture the opponent makes with at least this probability is 'likely'."""


def _forming(state: CetkaikState, side: int, thr: Mapping[int, float], least: float) -> float:
    """The best probability ≥ ``least`` with which ``side`` captures a piece that forms a hand."""
    hand = state.hands[side]
    before = hand_score(hand)
    best = 0.0
    for sq, p in thr.items():
        if p >= least and p > best and hand_score(tuple(sorted(hand + (HAND_CODE[state.board[sq]],)))) > before:
            best = p
    return best


class RulesBot(Bot):
    """A human-like rule-based player (see the module docstring)."""

    level = "rules"

    def act(self, view: BotView) -> str:
        state = state_from_view(view)
        legal = view.legal
        if state.phase == DECLARATION:
            return TA_XOT
        if state.phase == STEPPING_CHOICE:
            return self._step(state, legal)
        side = state.side
        board = state.board
        tam = state.tam
        moves = [a for a in legal if move_info(a)[0] != TAM and not pointless(board, tam, move_info(a))
                 and success(board, move_info(a)) >= LIKELY]
        if not moves:
            return self.rng.choice(legal)
        hand = state.hands[side]
        before = hand_score(hand)
        # 1. a move that surely completes a hand
        sure: list[tuple[int, str]] = []
        for a in moves:
            info = move_info(a)
            if info[0] != PIECE or OWNER[board[info[3]]] != 1 - side or info[5]:
                continue
            if info[4] and (success(board, info) < 26 / 32):
                continue
            after = hand_score(tuple(sorted(hand + (HAND_CODE[board[info[3]]],))))
            if after > before:
                sure.append((after, a))
        if sure:
            top = max(v for v, _ in sure)
            return _best([a for v, a in sure if v == top], self)
        # 2. avoid moves after which the opponent can likely complete a hand
        safe: list[str] = []
        landed: dict[str, CetkaikState] = {}
        for a in moves:
            outs = outcomes(state, a)
            _, after_state = max(outs, key=lambda o: o[0])
            landed[a] = after_state
            if after_state.phase != MOVE:
                safe.append(a)
                continue
            if _forming(after_state, 1 - side, threats(after_state, 1 - side), LIKELY) == 0.0:
                safe.append(a)
        pool = safe or moves
        # 3. captures that cannot be taken back
        keep: list[str] = []
        for a in pool:
            info = move_info(a)
            if info[0] != PIECE or OWNER[board[info[3]]] != 1 - side or info[5] or info[4]:
                continue
            after_state = landed[a]
            if after_state.phase == MOVE and info[3] not in threats(after_state, 1 - side):
                keep.append(a)
        if keep:
            return self.rng.choice(keep)
        # 4. a Shaman onto tam2 hue where it cannot be captured (unless one already sits there)
        hue = (HUE_WITH_TAM if state._flags.tam_self_hue else HUE)[tam]
        shamans = [sq for sq in range(81) if OWNER[board[sq]] == side and PROF[board[sq]] == SHAMAN]
        opp_threats = threats(state, 1 - side)
        if not any(hue[sq] and sq not in opp_threats for sq in shamans):
            for a in pool:
                info = move_info(a)
                if info[0] != PIECE or PROF[board[info[1]]] != SHAMAN or info[4] or info[5]:
                    continue
                after_state = landed[a]
                if (after_state.phase == MOVE and after_state.board[info[3]] == board[info[1]]
                        and (HUE_WITH_TAM if state._flags.tam_self_hue else HUE)[after_state.tam][info[3]]
                        and info[3] not in threats(after_state, 1 - side)):
                    keep.append(a)
            if keep:
                return self.rng.choice(keep)
        # 5. otherwise random
        return self.rng.choice(pool)

    def _step(self, state: CetkaikState, legal: tuple[str, ...]) -> str:
        """After a stepping cast: a square that captures, else the planned square, else decline."""
        side = state.side
        squares = [a for a in legal if a != DECLINE]
        captures = [a for a in squares if OWNER[state.board[SQUARE_INDEX[a]]] == 1 - side]
        if captures:
            return captures[0]
        planned = state.pending[2]
        for a in squares:
            if SQUARE_INDEX[a] == planned:
                return a
        return DECLINE


# --- strong --------------------------------------------------------------------------------------
class StrongBot(Bot):
    """Expectimax over moves and stick casts with a hand-race evaluation (:mod:`.search`)."""

    level = "strong"

    def act(self, view: BotView) -> str:
        state = state_from_view(view)
        searcher = Searcher(net=SafetyNet(view.budget), deadline=view.deadline)
        if state.phase == DECLARATION:
            return searcher.declare(state)
        if state.phase == STEPPING_CHOICE:
            return searcher.choose_step(state, view.legal)
        if state.phase != MOVE or state.phase == OVER:
            return self.rng.choice(view.legal)
        return searcher.choose_move(state, view.legal)


# --- master --------------------------------------------------------------------------------------
class MasterBot(Bot):
    """Iterative deepening expectimax over captures with a tuned evaluation (:mod:`.master`)."""

    level = "master"
    nodes = MASTER_NODES

    def act(self, view: BotView) -> str:
        state = state_from_view(view)
        kept = opening(state) if self.nodes == MASTER_NODES else None
        if kept is not None:  # a game's first move: the search's own answer, kept (.openings)
            return kept
        search = MasterSearch(self.nodes, net=SafetyNet(view.budget), deadline=view.deadline)
        if state.phase == DECLARATION:
            return search.declare(state)
        if state.phase == STEPPING_CHOICE:
            return search.choose_step(state, view.legal)
        if state.phase != MOVE:
            return self.rng.choice(view.legal)
        return search.choose_move(state, view.legal)


LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "rules": RulesBot, "strong": StrongBot,
                                "master": MasterBot}
"""The Cetkaik levels, weakest first (the catalogue points here)."""
