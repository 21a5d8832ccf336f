"""Writing kiaak records (spec §17.1–17.3, 17.6): :func:`export_kiaak`.

The reader, importer and checker are in :mod:`.kiaak`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..core.errors import InvalidRecordError
from ..core.messages import msg
from ..core.record import Record
from .board import HAND_NAMES, PROF, PROFESSION_CHARS, SQUARE_NAMES
from .kiaak_text import END_MARK, SEASON_CHARS, format_number
from .notation import CAST_DIGITS, DECLINE, TA_XOT, GoTo, PieceMove, parse_action
from .rules import CetkaikRules
from .state import (
    DECLARATION,
    FIRST_MOVER_PHASE,
    MOVE,
    STEPPING_CAST,
    STEPPING_CHOICE,
    WATER_CAST_PHASE,
    CetkaikState,
)


@dataclass
class _Turn:
    token: str
    src: int = -1
    via: int | None = None
    dest: int = -1
    ranged: bool = False
    step: int | None = None
    water: int | None = None
    failed: bool = False


def export_kiaak(record: Record, old_header: bool = False) -> str:
    """The cerke_online-format text of a record of engine actions (spec §17.1–17.3, 17.6).

    The header starts with ``{一位色:…}`` (cerke_online since 2022), or with ``{始時:…}`` when
    ``old_header`` is set (the older style).  A turn still in progress at the end of the actions
    (before its casts or its choice) is left out: a kiaak token always describes a finished ply.
    """
    if record.game != "cetkaik":
        raise InvalidRecordError(msg("not a Cetkaik record: {game}", game=repr(record.game)))
    out = _Exporter(CetkaikState(CetkaikRules.decode(record.rules)))
    for action in record.actions:
        out.add(action)
    return out.text(dict(record.meta), old_header)


class _Exporter:
    """Writes a kiaak record action by action: a token per finished ply, two plies a line."""

    def __init__(self, state: CetkaikState) -> None:
        self.state = state
        self.first: list[str] = []  # first movers, one colour per season
        self.lines: list[str] = []
        self.pair: list[str] = []
        self.turn: _Turn | None = None
        self.hands_before: tuple[int, ...] = ()
        self.mover = 0

    def add(self, action: str) -> None:
        state = self.state
        phase = state.phase
        after = state.apply(action)
        turn = self.turn
        if phase == FIRST_MOVER_PHASE:
            self.first.append(action[-1])
        elif phase == MOVE:
            self._start_turn(action)
        elif phase == STEPPING_CAST and turn is not None:
            turn.step = CAST_DIGITS.index(action[1])
            turn.failed = after.phase != STEPPING_CHOICE  # the cast reached no square
        elif phase == STEPPING_CHOICE and turn is not None:
            if action == DECLINE:
                turn.failed = True
            else:
                go = parse_action(action)
                assert isinstance(go, GoTo)
                turn.dest = go.dest
        elif phase == WATER_CAST_PHASE and turn is not None:
            turn.water = CAST_DIGITS.index(action[1])
            turn.failed = turn.water < 3
        elif phase == DECLARATION:
            self._declaration(action)
        self.state = after
        done = after.phase in (MOVE, FIRST_MOVER_PHASE, DECLARATION) or after.is_terminal()
        if self.turn is not None and done:
            self._close_turn()  # the ply is complete (a turn still in progress at the end is left out)

    def _start_turn(self, action: str) -> None:
        state = self.state
        self.mover = state.side
        self.hands_before = state.hands[self.mover]
        move = parse_action(action)
        if isinstance(move, PieceMove):
            prof = PROFESSION_CHARS[PROF[state.board[move.src]]]
            self.turn = _Turn(SQUARE_NAMES[move.src] + prof, move.src, move.via, move.dest, move.ranged)
        else:
            self.turn = _Turn(action)

    def _declaration(self, action: str) -> None:
        state = self.state
        if self.pair:
            self.lines.append("\t".join(self.pair) + "\n")
            self.pair.clear()
        names = "加".join(state.pending[2])
        if action == TA_XOT:
            self.lines.append(f"\n或為{names}而手{format_number(state.ta_xot_value())}\n")
            self.lines.append(f"終季\t{SEASON_CHARS[state.season]}終\n\n")
        else:
            self.lines.append(f"\n或為{names}\n再行\n\n")

    def _close_turn(self) -> None:
        turn = self.turn
        assert turn is not None
        if turn.src >= 0:
            turn.token = self._move_token(turn)
        self.pair.append(turn.token)
        if len(self.pair) == 2:
            self.lines.append("\t".join(self.pair) + "\n")
            self.pair.clear()
        self.turn = None

    def _move_token(self, turn: _Turn) -> str:
        """A piece move's token: squares, cast outcomes, and the piece captured."""
        captured: Counter[int] = Counter(self.state.hands[self.mover])
        captured.subtract(Counter(self.hands_before))
        gained = [c for c, n in captured.items() if n > 0]
        via = "" if turn.via is None else SQUARE_NAMES[turn.via]
        if turn.ranged:
            outcome = "橋" + CAST_DIGITS[turn.step or 0]
            if turn.water is not None:
                outcome += "水" + CAST_DIGITS[turn.water]
        elif turn.water is not None:
            outcome = "水" + CAST_DIGITS[turn.water]
        else:
            outcome = "無撃裁"
        if turn.failed:
            outcome += "此無"
        text = turn.token + via + SQUARE_NAMES[turn.dest] + outcome
        if gained:
            text += "手" + HAND_NAMES[gained[0]]
        return text

    def text(self, meta: dict[str, str], old_header: bool) -> str:
        lines = list(self.lines)
        if self.pair:
            lines.append("\t".join(self.pair) + "\n")
        head = [f"{{一位色:{''.join(self.first)}}}\n"]
        if "kiaak.start" in meta:
            head.insert(len(head) if not old_header else 0, f"{{始時:{meta['kiaak.start']}}}\n")
        if "kiaak.end" in meta:
            head.append(f"{{終時:{meta['kiaak.end']}}}\n")
        body = "".join(head + lines)
        if self.state.is_terminal():
            body += f"\n{END_MARK}\n\n"
        return body


__all__ = ["export_kiaak"]
