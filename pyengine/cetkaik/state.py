"""The Cetkaik game state: phases, turns, casts, declarations, seasons (spec §6–§15).

A state is an immutable value.  Its ``phase`` says what happens next:

========================  =============  =========================================================
phase                     who            actions
========================  =============  =========================================================
``first_mover``           chance         ``一位色赤`` (the A side moves first) / ``一位色黒``, ½ each
``move``                  the side       the candidate list of spec §16 (:mod:`.movegen`)
``stepping_cast``         chance         ``橋無`` … ``橋五`` (0–5 sticks, 1,5,10,10,5,1 / 32)
``stepping_choice``       the side       a square the piece may now reach, or ``此無`` (decline)
``water_cast``            chance         ``水無`` … ``水五`` (≥ 3: the piece enters)
``declaration``           the side       ``再行`` (ty mok1) / ``終季`` (ta xot1)
``over``                  —              none
========================  =============  =========================================================
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from ..core.errors import IllegalActionError
from ..core.game import CHANCE, JSON, TERMINAL, State
from ..core.messages import msg
from .board import (
    A_SIDE,
    COLOUR_CHARS,
    HAND_CODE,
    HAND_NAMES,
    INITIAL_BOARD,
    INITIAL_TAM,
    OWNER,
    PROF,
    SIDE_NAMES,
    SQUARE_NAMES,
    TAM2,
    VESSEL,
    WATER,
    direction,
    distance,
    piece_code,
)
from .describe import describe, explain_illegal
from .movegen import generate_moves
from .notation import (
    CAST_DIGITS,
    DECLINE,
    STEP_CAST,
    TA_XOT,
    TY_MOK,
    WATER_CAST,
    Drop,
    FirstMover,
    GoTo,
    PieceMove,
    TamMove,
    parse_action,
)
from .rules import CetkaikRules, Consequence, Plan
from .scoring import KUT2TAM2, PENALTY_VALUES, TAM2_TY_SAK2, hand_names, hand_score

FIRST_MOVER_PHASE: Final = 0
MOVE: Final = 1
STEPPING_CAST: Final = 2
STEPPING_CHOICE: Final = 3
WATER_CAST_PHASE: Final = 4
DECLARATION: Final = 5
OVER: Final = 6
PHASE_NAMES: Final = ("first_mover", "move", "stepping_cast", "stepping_choice", "water_cast",
                      "declaration", "over")

STICKS: Final[tuple[Fraction, ...]] = tuple(Fraction(n, 32) for n in (1, 5, 10, 10, 5, 1))
"""P(h marked faces) for h = 0…5: C(5, h) / 32."""
_STEP_OUTCOMES: Final = tuple((STEP_CAST + CAST_DIGITS[h], STICKS[h]) for h in range(6))
_WATER_OUTCOMES: Final = tuple((WATER_CAST + CAST_DIGITS[h], STICKS[h]) for h in range(6))
_FIRST_OUTCOMES: Final = tuple((str(FirstMover(s)), Fraction(1, 2)) for s in (0, 1))
_OUTCOME_SETS: Final = {
    phase: frozenset(o for o, _ in outcomes)
    for phase, outcomes in ((FIRST_MOVER_PHASE, _FIRST_OUTCOMES), (STEPPING_CAST, _STEP_OUTCOMES),
                            (WATER_CAST_PHASE, _WATER_OUTCOMES))
}
"""The chance outcomes' strings by chance phase (first mover, stepping cast, water cast)."""
_MAX_RATE: Final = 64
_NO_HANDS: Final[tuple[tuple[int, ...], tuple[int, ...]]] = ((), ())


class _Flags:
    """The rules compiled to plain attributes for the hot paths."""

    __slots__ = ("tam_self_hue", "after_tam", "mun_mok", "kut2_is_hand", "kut2_exempt",
                 "end_without_declaration", "by_direction", "seasons")

    def __init__(self, rules: CetkaikRules) -> None:
        self.tam_self_hue = rules.hue.tam_itself_is_tam_hue
        self.after_tam = rules.tam2_moves.moving_tam_immediately_after_tam_has_moved
        self.mun_mok = rules.tam2_moves.tam_mun_mok
        self.kut2_is_hand = rules.kut2tam2.step_tam_is_a_hand
        self.kut2_exempt = rules.kut2tam2.failure_to_complete_the_move_means_exempt_from_kut2_tam2
        self.end_without_declaration = rules.kut2tam2.game_can_end_without_tymok_taxot_because_of_negative_hand
        self.by_direction = rules.stepping.what_to_say_before_casting_sticks is Plan.DIRECTION
        self.seasons = rules.seasons


_FLAGS: dict[CetkaikRules, _Flags] = {}


def _flags(rules: CetkaikRules) -> _Flags:
    flags = _FLAGS.get(rules)
    if flags is None:
        flags = _FLAGS[rules] = _Flags(rules)
    return flags


def _pay(scores: tuple[int, int], side: int, amount: int) -> tuple[int, int]:
    """``side`` gains ``amount`` (negative: pays), clamped to 0…40; the total stays 40."""
    mine = min(40, max(0, scores[side] + amount))
    return (mine, 40 - mine) if side == A_SIDE else (40 - mine, mine)


class CetkaikState(State):
    """An immutable Cetkaik position with everything that decides what comes next.

    ``side`` is the side whose turn it is (0 = A, 1 = IA); ``pending`` holds the turn in
    progress: ``(src, via, planned, line, kut2)`` before a stepping cast (``line`` the squares
    the piece may still reach with their distances from ``via``), ``(src, via, planned, sticks,
    options, kut2)`` when the player chooses after it, ``(src, via, dest, kut2)`` before a water
    cast and ``(hand_value, penalty_value, names, moved_tam)`` at a declaration.
    """

    __slots__ = ("_rules", "_flags", "board", "hands", "tam", "scores", "rate", "season", "phase",
                 "side", "tam_moved", "pending", "_legal", "_legal_set", "_hash")

    game_id = "cetkaik"

    def __init__(self, rules: CetkaikRules, board: tuple[int, ...] = INITIAL_BOARD,
                 hands: tuple[tuple[int, ...], tuple[int, ...]] = _NO_HANDS, tam: int = INITIAL_TAM,
                 scores: tuple[int, int] = (20, 20), rate: int = 1, season: int = 0,
                 phase: int = FIRST_MOVER_PHASE, side: int = A_SIDE, tam_moved: bool = False,
                 pending: tuple[Any, ...] = ()) -> None:
        self._rules = rules
        self._flags = _flags(rules)
        self.board = board
        self.hands = hands
        self.tam = tam
        self.scores = scores
        self.rate = rate
        self.season = season
        self.phase = phase
        self.side = side
        self.tam_moved = tam_moved
        self.pending = pending
        self._legal: tuple[str, ...] | None = None
        self._legal_set: frozenset[str] | None = None
        self._hash: int | None = None

    # --- value semantics ------------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return (self._rules, self.board, self.hands, self.scores, self.rate, self.season,
                self.phase, self.side, self.tam_moved, self.pending)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CetkaikState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self) -> str:
        return (f"<CetkaikState season={self.season} phase={PHASE_NAMES[self.phase]} "
                f"side={SIDE_NAMES[self.side]} scores={self.scores} rate={self.rate}>")

    def _replace(self, **changes: Any) -> CetkaikState:
        fields: dict[str, Any] = {"board": self.board, "hands": self.hands, "tam": self.tam, "scores": self.scores,
                      "rate": self.rate, "season": self.season, "phase": self.phase, "side": self.side,
                      "tam_moved": self.tam_moved, "pending": self.pending}
        fields.update(changes)
        return CetkaikState(self._rules, **fields)

    # --- protocol ---------------------------------------------------------------------------
    @property
    def rules(self) -> CetkaikRules:
        return self._rules

    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase in (FIRST_MOVER_PHASE, STEPPING_CAST, WATER_CAST_PHASE):
            return CHANCE
        if phase == OVER or (phase == MOVE and not self.legal_actions()):
            return TERMINAL
        return self.side

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def legal_actions(self) -> tuple[str, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(sorted(self._generate()))
        return legal

    def _generate(self) -> list[str]:
        phase = self.phase
        if phase == MOVE:
            flags = self._flags
            tam_moves = not (self.tam_moved and flags.after_tam is Consequence.FORBIDDEN)
            return generate_moves(self.board, self.side, self.hands[self.side], self.tam,
                                  flags.tam_self_hue, tam_moves, flags.mun_mok is not Consequence.FORBIDDEN)
        if phase == STEPPING_CHOICE:
            return [SQUARE_NAMES[s] for s in self.pending[4]] + [DECLINE]
        if phase == DECLARATION:
            return [TY_MOK, TA_XOT]
        return []

    def chance_outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        phase = self.phase
        if phase == STEPPING_CAST:
            return _STEP_OUTCOMES
        if phase == WATER_CAST_PHASE:
            return _WATER_OUTCOMES
        if phase == FIRST_MOVER_PHASE:
            return _FIRST_OUTCOMES
        return ()

    def apply(self, action: str) -> CetkaikState:
        """The state after ``action`` (see :meth:`pyengine.core.game.State.apply`)."""
        phase = self.phase
        if phase in (FIRST_MOVER_PHASE, STEPPING_CAST, WATER_CAST_PHASE):
            if action not in _OUTCOME_SETS[phase]:
                self.check_spelling(action)
                raise IllegalActionError(msg("{action} is not a possible outcome here", action=repr(action)))
            return self._apply(action)
        if self.current_player == TERMINAL:
            raise IllegalActionError(msg("the game is over"))
        legal_set = self._legal_set
        if legal_set is None:
            legal_set = self._legal_set = frozenset(self.legal_actions())
        if action not in legal_set:
            self.check_spelling(action)
            raise IllegalActionError(self.explain_illegal(action))
        return self._apply(action)

    def parse_action(self, text: str) -> object:
        return parse_action(text)

    def format_action(self, action: object) -> str:
        return str(action)

    def explain_illegal(self, action: str) -> str:
        return explain_illegal(self, action)

    def describe(self, action: str, lang: str = "en") -> str:
        return describe(self, action, lang)

    def returns(self) -> tuple[float, ...]:
        return (self.scores[0] - 20, self.scores[1] - 20)

    def _observation(self, seat: int) -> dict[str, JSON]:
        board: list[JSON] = []
        for code in self.board:
            if code == 0:
                board.append(None)
            elif code == TAM2:
                board.append("皇")
            else:
                board.append(HAND_NAMES[HAND_CODE[code]] + SIDE_NAMES[OWNER[code]])
        obs: dict[str, JSON] = {
            "phase": self.phase_name,
            "season": self.season,
            "to_move": SIDE_NAMES[self.side],
            "board": board,
            "hands": {SIDE_NAMES[s]: [HAND_NAMES[c] for c in self.hands[s]] for s in (0, 1)},
            "scores": {"A": self.scores[0], "IA": self.scores[1]},
            "rate": self.rate,
            "tam_moved_last_turn": self.tam_moved,
            "seat": seat,
        }
        pend = self.pending
        if self.phase in (STEPPING_CAST, STEPPING_CHOICE):
            obs["stepping"] = {"src": SQUARE_NAMES[pend[0]], "via": SQUARE_NAMES[pend[1]],
                               "planned": SQUARE_NAMES[pend[2]]}
            if self.phase == STEPPING_CHOICE:
                obs["stepping"]["sticks"] = pend[3]  # type: ignore[index]
        elif self.phase == WATER_CAST_PHASE:
            obs["water"] = {"src": SQUARE_NAMES[pend[0]], "dest": SQUARE_NAMES[pend[2]]}
        elif self.phase == DECLARATION:
            obs["declaration"] = {"names": list(pend[2]), "value": (pend[0] + pend[1]) * self.rate}
        return obs

    # --- helpers for tools ------------------------------------------------------------------
    def piece_at(self, sq: int) -> str | None:
        """``"赤兵"`` style name of the piece on ``sq``, ``"皇"`` for tam2, ``None`` if empty."""
        code = self.board[sq]
        if code == 0:
            return None
        return "皇" if code == TAM2 else HAND_NAMES[HAND_CODE[code]]

    def hand_names(self, side: int) -> tuple[str, ...]:
        return hand_names(self.hands[side])

    def hand_score(self, side: int) -> int:
        return hand_score(self.hands[side])

    def ta_xot_value(self) -> int:
        """At a declaration: what ta xot1 would cash (rate included, before clamping)."""
        if self.phase != DECLARATION:
            raise IllegalActionError(msg("there is no declaration to make"))
        return int((self.pending[0] + self.pending[1]) * self.rate)

    # --- transitions ------------------------------------------------------------------------
    def _apply(self, action: str) -> CetkaikState:
        phase = self.phase
        if phase == MOVE:
            return self._apply_move(action)
        if phase == STEPPING_CAST:
            return self._after_stepping_cast(CAST_DIGITS.index(action[1]))
        if phase == STEPPING_CHOICE:
            src, via, _planned, _sticks, _options, kut2 = self.pending
            if action == DECLINE:
                return self._finish_failed(kut2)
            parsed = parse_action(action)
            assert isinstance(parsed, GoTo)
            return self._land(src, via, parsed.dest, kut2)
        if phase == WATER_CAST_PHASE:
            src, via, dest, kut2 = self.pending
            if CAST_DIGITS.index(action[1]) >= 3:
                return self._complete(src, dest, kut2)
            return self._finish_failed(kut2)
        if phase == DECLARATION:
            return self._declare(action == TY_MOK)
        if phase == FIRST_MOVER_PHASE:
            side = COLOUR_CHARS.index(action[3])
            return self._replace(phase=MOVE, side=side, pending=())
        raise IllegalActionError(msg("the game is over"))  # pragma: no cover - apply() checks first

    def _apply_move(self, action: str) -> CetkaikState:
        move = parse_action(action)
        side = self.side
        if isinstance(move, Drop):
            code = 10 * move.colour + move.prof
            hand = list(self.hands[side])
            hand.remove(code)
            board = list(self.board)
            board[move.dest] = piece_code(side, move.colour, move.prof)
            hands = (tuple(hand), self.hands[1]) if side == A_SIDE else (self.hands[0], tuple(hand))
            return self._end_turn(tuple(board), hands, self.scores, -1, False, (), False)
        if isinstance(move, TamMove):
            board = list(self.board)
            board[move.src] = 0
            board[move.second] = TAM2
            names: list[str] = []
            if self.tam_moved and self._flags.after_tam is Consequence.PENALISED:
                names.append(TAM2_TY_SAK2)
            if move.second == move.src and self._flags.mun_mok is Consequence.PENALISED:
                names.append(TAM2_TY_SAK2)
            return self._replace(tam=move.second)._end_turn(
                tuple(board), self.hands, self.scores, -1, False, tuple(names), True)
        assert isinstance(move, PieceMove)
        flags = self._flags
        kut2 = move.via is not None and self.board[move.via] == TAM2
        state = self
        if kut2 and not flags.kut2_is_hand and not flags.kut2_exempt:
            # cerke_online: the stepper pays 5 × rate at once, whatever happens next
            state = self._replace(scores=_pay(self.scores, side, -5 * self.rate))
            kut2 = False
        if move.ranged:
            assert move.via is not None
            return state._replace(phase=STEPPING_CAST,
                                  pending=(move.src, move.via, move.dest, self._line(action, move), kut2))
        if move.water:
            return state._replace(phase=WATER_CAST_PHASE, pending=(move.src, move.via, move.dest, kut2))
        return state._complete(move.src, move.dest, kut2)

    def _line(self, action: str, move: PieceMove) -> tuple[tuple[int, int], ...]:
        """The squares a ranged second leg may end on, with their distances from the via square:
        the planned square alone, or under the direction plan every legal planned square on
        the same line (taken from the legal list, the one source of truth)."""
        assert move.via is not None
        if not self._flags.by_direction:
            return ((move.dest, distance(move.via, move.dest)),)
        prefix = action[: action.index("心") + 1]
        heading = direction(move.via, move.dest)
        line = []
        for other in self.legal_actions():
            if other.startswith(prefix):
                sq = parse_action(other)
                assert isinstance(sq, PieceMove)
                if direction(move.via, sq.dest) == heading:
                    line.append((distance(move.via, sq.dest), sq.dest))
        return tuple((sq, d) for d, sq in sorted(line))

    def _after_stepping_cast(self, sticks: int) -> CetkaikState:
        src, via, planned, line, kut2 = self.pending
        options = tuple(sorted(sq for sq, d in line if d <= sticks))
        if not options:
            return self._finish_failed(kut2)
        return self._replace(phase=STEPPING_CHOICE, pending=(src, via, planned, sticks, options, kut2))

    def _land(self, src: int, via: int | None, dest: int, kut2: bool) -> CetkaikState:
        """The ranged leg reached ``dest``: a water cast if needed (spec §8), else done."""
        if WATER[dest] and not WATER[src] and PROF[self.board[src]] != VESSEL:
            return self._replace(phase=WATER_CAST_PHASE, pending=(src, via, dest, kut2))
        return self._complete(src, dest, kut2)

    def _complete(self, src: int, dest: int, kut2: bool) -> CetkaikState:
        """The piece on ``src`` ends on ``dest``, capturing what stands there."""
        side = self.side
        board = list(self.board)
        piece = board[src]
        board[src] = 0
        captured = board[dest]
        board[dest] = piece
        hands = self.hands
        code = -1
        if captured:
            code = HAND_CODE[captured]
            mine = tuple(sorted(hands[side] + (code,)))
            hands = (mine, hands[1]) if side == A_SIDE else (hands[0], mine)
        return self._end_turn(tuple(board), hands, self.scores, code, kut2, (), False)

    def _finish_failed(self, kut2: bool) -> CetkaikState:
        """The move failed: the piece stays on its origin, nothing is captured."""
        if self._flags.kut2_exempt:
            kut2 = False
        return self._end_turn(self.board, self.hands, self.scores, -1, kut2, (), False)

    def _end_turn(self, board: tuple[int, ...], hands: tuple[tuple[int, ...], tuple[int, ...]],
                  scores: tuple[int, int], captured: int, kut2: bool, penalties: tuple[str, ...],
                  moved_tam: bool) -> CetkaikState:
        """The turn's board is final: ask for a declaration if one is due, else pass the turn."""
        flags = self._flags
        side = self.side
        names = list(penalties)
        if kut2:
            if flags.kut2_is_hand:
                names.append(KUT2TAM2)
            else:  # paid at once, deferred to success by the exemption
                scores = _pay(scores, side, -5 * self.rate)
        hand_value = 0
        if captured >= 0:
            after = hand_score(hands[side])
            if after > hand_score(self.hands[side]):
                hand_value = after
                names = list(hand_names(hands[side])) + names
        penalty_value = sum(PENALTY_VALUES[n] for n in names if n in PENALTY_VALUES)
        over = 0 in scores
        if over and flags.end_without_declaration:
            return self._replace(board=board, hands=hands, scores=scores, phase=OVER, pending=())
        if names:
            return self._replace(board=board, hands=hands, scores=scores, phase=DECLARATION,
                                 pending=(hand_value, penalty_value, tuple(names), moved_tam))
        if over:
            return self._replace(board=board, hands=hands, scores=scores, phase=OVER, pending=())
        return self._replace(board=board, hands=hands, scores=scores, phase=MOVE, side=1 - side,
                             tam_moved=moved_tam, pending=())

    def _declare(self, ty_mok: bool) -> CetkaikState:
        hand_value, penalty_value, _names, moved_tam = self.pending
        if ty_mok:
            if 0 in self.scores:
                return self._replace(rate=min(_MAX_RATE, self.rate * 2), phase=OVER, pending=())
            return self._replace(rate=min(_MAX_RATE, self.rate * 2), phase=MOVE, side=1 - self.side,
                                 tam_moved=moved_tam, pending=())
        scores = _pay(self.scores, self.side, (hand_value + penalty_value) * self.rate)
        if 0 in scores or self.season + 1 >= self._flags.seasons:
            return self._replace(scores=scores, phase=OVER, pending=())
        return CetkaikState(self._rules, scores=scores, season=self.season + 1)
