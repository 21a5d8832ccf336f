"""Kiaak (棋譜) game records: reading, checking, importing and writing (spec §17).

:func:`walk` replays a record with the engine, ply by ply, and checks everything §17.7
asks; :func:`import_kiaak` turns a record into a core :class:`~pyengine.core.record.Record`
(its actions are the engine actions each ply maps onto, see the package docstring), and
:func:`export_kiaak` writes a record of engine actions in the cerke_online format.

>>> text = "{一位色:黒}\\nMAU弓MAIMY橋一\\tME弓MIMU橋五\\n"
>>> record = import_kiaak(text, "cerke_online")
>>> record.actions[:5]
('一位色黒', 'MAU片MAI心MY', '橋一', 'MY', 'ME片MI心MU')
>>> export_kiaak(record).splitlines()[-1]
'MAU弓MAIMY橋一\\tME弓MIMU橋五'

Errors are :class:`~pyengine.core.errors.InvalidRecordError` with ``ply`` set to the N of the
spec's §18 and a reason for people.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Final

from ..core.errors import EngineError, InvalidNotationError, InvalidRecordError
from ..core.messages import message_of, msg
from ..core.record import Record, Seat
from .board import (
    COLOUR_CHARS,
    HAND_NAMES,
    INITIAL_BOARD,
    OWNER,
    PROF,
    PROFESSION_CHARS,
    SIDE_NAMES,
    SQUARE_INDEX,
    SQUARE_NAMES,
    distance,
    split_squares,
)
from .kiaak_text import END_MARK, SEASON_CHARS, format_number, parse_number
from .kiaak_writer import export_kiaak
from .notation import CAST_DIGITS, DECLINE, TA_XOT, TY_MOK, FirstMover
from .rules import CetkaikRules
from .state import (
    DECLARATION,
    FIRST_MOVER_PHASE,
    STEPPING_CHOICE,
    WATER_CAST_PHASE,
    CetkaikState,
)

_SQ = r"[KLNTZXCMP](?:AI|AU|IA|A|E|I|U|O|Y)"
_P = f"[{PROFESSION_CHARS}]"
_C = f"[{CAST_DIGITS}]"
_NUM = "下?[無一二三四五六七八九十百]+"
_MOVE_RE: Final = re.compile(
    rf"({_SQ})([{PROFESSION_CHARS}片])((?:{_SQ}){{1,2}})"
    rf"(?:(無撃裁)|水({_C})(此無)?|橋({_C})(?:水({_C}))?(此無)?)"
    rf"(?:手([赤黒])?({_P}))?"
)
_DROP_RE: Final = re.compile(f"[赤黒]{_P}{_SQ}")
_TAM_RE: Final = re.compile(rf"{_SQ}皇(?:{_SQ})?\[{_SQ}\](?:{_SQ}){{1,2}}")
_CAPTURE_RE: Final = re.compile(f"手([赤黒])?({_P})")
_SCORE_RE: Final = re.compile(f"手({_NUM})")
_DECL_RE: Final = re.compile(f"或為(.+?)(?:而手({_NUM}))?")
_CKKA_DECL_RE: Final = re.compile(r"\[[^\]]*\]為((?:\([^()]+\))+)(再行|終季)")
_SEASON_RE: Final = re.compile("([春夏秋冬])終")


# --- tokens ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Kiaak:
    """A record split into its header values and body tokens (nothing replayed yet)."""

    first_movers: str | None
    start: str | None
    end: str | None
    tokens: tuple[str, ...]
    headers: tuple[tuple[str, str], ...] = ()


def parse_kiaak(text: str) -> Kiaak:
    """Split a record into headers and tokens (spec §17.1); never fails on any text."""
    if text.startswith("\ufeff"):
        text = text[1:]
    headers: list[tuple[str, str]] = []
    tokens: list[str] = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        stripped = line.strip()
        if stripped.startswith("{"):
            key, _, value = stripped[1:].removesuffix("}").partition(":")
            headers.append((key, value))
            continue
        if stripped.startswith("[") and "為" not in stripped:
            continue  # an old record's player line
        tokens.extend(line.split())
    values = dict(headers)
    return Kiaak(values.get("一位色"), values.get("始時"), values.get("終時"), tuple(tokens), tuple(headers))


@dataclass(frozen=True, slots=True)
class Ply:
    """One ply of a replayed record, as the ``replay`` tool prints it (spec §18)."""

    ply: int
    season: int
    mover: str
    move: str
    legal: tuple[str, ...]
    scores: tuple[int, int]
    rate: int

    def to_json(self, legal: bool) -> dict[str, object]:
        out: dict[str, object] = {"ply": self.ply, "season": self.season, "mover": self.mover, "move": self.move}
        if legal:
            out["legal"] = list(self.legal)
        out["scores"] = {"A": self.scores[0], "IA": self.scores[1]}
        out["rate"] = self.rate
        return out


@dataclass
class Walk:
    """What :func:`walk` has read so far: the engine actions and the current state."""

    state: CetkaikState
    actions: list[str] = field(default_factory=list)
    plies: int = 0

    def apply(self, action: str) -> None:
        self.state = self.state.apply(action)
        self.actions.append(action)


def walk(text: str, rules: CetkaikRules | str = "official", progress: Walk | None = None,
         partial: bool = False) -> Iterator[Ply]:
    """Replay a kiaak record, yielding each ply once its declaration (if any) is read.

    Raises :class:`InvalidRecordError` (with ``ply``) at the first problem; ``progress`` (if
    given) holds the engine actions read so far, so a caller keeps them after the end.
    With ``partial`` a record may stop between a ply and the declaration it requires (a game
    in progress); the replay then stops in the declaration phase.
    """
    if isinstance(rules, str):
        rules = CetkaikRules.preset(rules)
    kiaak = parse_kiaak(text)
    w = progress if progress is not None else Walk(CetkaikState(rules))
    if progress is not None:
        w.state = CetkaikState(rules)
        w.actions.clear()
        w.plies = 0
    reader = _Reader(kiaak, w)
    for index, token in enumerate(kiaak.tokens):
        if reader.ended:
            raise reader.fail(msg("nothing may follow {end}: {token}", end=END_MARK, token=repr(token)))
        kind = _classify(token)
        if kind == "move":
            done = reader.close_ply(token)
            if done is not None:
                yield done
            reader.move(index, token)
        else:
            reader.read(kind, token)
    last = reader.finish(partial)
    if last is not None:
        yield last


class _Reader:
    """What :func:`walk` has read so far beyond the engine actions, and reads the next token."""

    def __init__(self, kiaak: Kiaak, w: Walk) -> None:
        self.kiaak = kiaak
        self.w = w
        self.open_ply: Ply | None = None  # the last ply, waiting for its declaration
        self.last_move_text = ""  # the last ply's token, for detached capture comments
        self.last_capture = -1  # hand code captured by the last ply
        self.after_ta_xot: int | None = None  # value cashed by the ta xot1 just read (for 手V / X終)
        self.ended_season = -1
        self.declaration_line: tuple[list[str], int | None] | None = None
        self.last_was_move = False
        self.ended = False

    def fail(self, reason: str, ply: int | None = None) -> InvalidRecordError:
        return InvalidRecordError(reason, max(1, self.w.plies if ply is None else ply))

    # --- moves --------------------------------------------------------------------------------
    def close_ply(self, token: str) -> Ply | None:
        """A move token comes: check that one may, and hand over the previous ply (now complete)."""
        w = self.w
        if self.declaration_line is not None or w.state.phase == DECLARATION:
            raise self.fail(msg("a declaration (再行 or 終季) is required after this ply"))
        if w.state.is_terminal():
            raise self.fail(msg("the game is over: no move may follow ({token})", token=repr(token)), w.plies + 1)
        done, self.open_ply = self.open_ply, None
        return done

    def move(self, index: int, token: str) -> None:
        """Replay the move token at ``index`` (after the season's first mover, if not yet known)."""
        w = self.w
        if w.state.phase == FIRST_MOVER_PHASE:
            w.apply(_first_mover(self.kiaak, self.kiaak.tokens, index, w.state.season, w.plies + 1))
        w.plies += 1
        before = w.state
        _play(w, token)
        self.last_capture = _captured(before, w.state)
        m = _MOVE_RE.fullmatch(token)
        if m and m[11]:  # a capture comment glued to the move
            if self.last_capture < 0:
                raise self.fail(msg("the capture comment names {piece} but nothing was captured",
                                    piece=f"{m[10] or ''}{m[11]}"))
            if not _comment_matches(self.last_capture, m[10], m[11]):
                raise self.fail(msg("the capture comment names {piece} but the ply captured {captured}",
                                    piece=f"{m[10] or ''}{m[11]}", captured=HAND_NAMES[self.last_capture]))
        self.open_ply = Ply(w.plies, before.season, SIDE_NAMES[before.side], token, before.legal_actions(),
                            w.state.scores, w.state.rate)
        self.last_move_text = token
        self.after_ta_xot = None
        self.last_was_move = True

    # --- everything else ----------------------------------------------------------------------
    def read(self, kind: str, token: str) -> None:
        """A token other than a move (``kind`` from :func:`_classify`)."""
        follows_move = self.last_was_move
        self.last_was_move = False
        if kind == "capture":
            self._capture(token, follows_move)
        elif kind == "declaration":
            self._declaration(token)
        elif kind in ("ckka", TY_MOK, TA_XOT):
            self._declare(kind, token)
        elif kind == "season":
            self._season(token)
        elif kind == "score":
            self._score(token)
        elif kind == "end":
            self._end()
        else:
            w = self.w
            raise self.fail(msg("cannot read {token}", token=repr(token)), w.plies if follows_move else w.plies + 1)

    def _capture(self, token: str, follows_move: bool) -> None:
        m = _CAPTURE_RE.fullmatch(token)
        assert m is not None
        if not follows_move:
            raise self.fail(msg("a capture comment {token} must follow its move", token=repr(token)),
                            self.w.plies + (0 if self.w.plies else 1))
        if self.last_capture < 0:
            raise self.fail(msg("the capture comment {token} names a piece but {move} captured nothing",
                                token=repr(token), move=repr(self.last_move_text)))
        if not _comment_matches(self.last_capture, m[1], m[2]):
            raise self.fail(msg("the capture comment {token} does not match the piece captured ({captured})",
                                token=repr(token), captured=HAND_NAMES[self.last_capture]))

    def _declaration(self, token: str) -> None:
        """A declaration line 或為…(而手N): checked against the ty mok1 / ta xot1 that follows."""
        if self.w.state.phase != DECLARATION or self.declaration_line is not None:
            raise self.fail(msg("no declaration is due here ({token})", token=repr(token)))
        m = _DECL_RE.fullmatch(token)
        assert m is not None
        try:
            value = parse_number(m[2]) if m[2] else None
        except InvalidNotationError as exc:
            raise self.fail(message_of(exc)) from None
        self.declaration_line = (m[1].split("加"), value)

    def _declare(self, kind: str, token: str) -> None:
        """再行 / 終季 (alone, or after a cerke_online declaration line in one token)."""
        w = self.w
        if w.state.phase != DECLARATION:
            raise self.fail(msg("no declaration is due here ({token})", token=repr(token)))
        if kind == "ckka":
            if self.declaration_line is not None:
                raise self.fail(msg("a second declaration line {token}", token=repr(token)))
            m = _CKKA_DECL_RE.fullmatch(token)
            assert m is not None
            names = re.findall(r"\(([^()]+)\)", m[1])
            self.declaration_line = (names, None)
            kind = m[2]
        if self.declaration_line is not None:
            self._check_declaration_line(kind, self.declaration_line)
        cashed = w.state.ta_xot_value()
        rate = w.state.rate
        self.ended_season = w.state.season
        w.apply(kind)
        self.declaration_line = None
        ply = self.open_ply
        assert ply is not None
        self.open_ply = Ply(ply.ply, ply.season, ply.mover, ply.move, ply.legal,
                            w.state.scores, rate if kind == TA_XOT else w.state.rate)
        self.after_ta_xot = cashed if kind == TA_XOT else None

    def _check_declaration_line(self, kind: str, line: tuple[list[str], int | None]) -> None:
        state = self.w.state
        names, value = line
        expected = list(state.pending[2])
        if Counter(names) != Counter(expected):
            raise self.fail(msg("declared hands {declared} but the hands are {hands}", declared="加".join(names),
                                hands="加".join(expected)))
        if kind == TY_MOK and value is not None:
            raise self.fail(msg("再行 (ty mok1) carries no value"))
        if kind == TA_XOT and value is not None and value != state.ta_xot_value():
            raise self.fail(msg("declared 而手{declared} but the value is {value}", declared=value,
                                value=state.ta_xot_value()))

    def _season(self, token: str) -> None:
        if self.after_ta_xot is None:
            raise self.fail(msg("a season comment {token} may only follow 終季", token=repr(token)))
        if SEASON_CHARS.index(token[0]) != self.ended_season:
            raise self.fail(msg("{token} but the season that ended is {season}", token=repr(token),
                                season=SEASON_CHARS[self.ended_season]))

    def _score(self, token: str) -> None:
        m = _SCORE_RE.fullmatch(token)
        assert m is not None
        if self.after_ta_xot is None:
            raise self.fail(msg("a score token {token} may only follow 終季", token=repr(token)))
        try:
            value = parse_number(m[1])
        except InvalidNotationError as exc:
            raise self.fail(message_of(exc)) from None
        if value != self.after_ta_xot:
            raise self.fail(msg("declared 手{declared} but the value is {value}", declared=value,
                                value=self.after_ta_xot))

    def _end(self) -> None:
        w = self.w
        if self.declaration_line is not None or w.state.phase == DECLARATION:
            raise self.fail(msg("a declaration (再行 or 終季) is required after this ply"))
        if not w.state.is_terminal():
            raise self.fail(msg("{end} but the game is not over", end=END_MARK))
        self.ended = True

    def finish(self, partial: bool) -> Ply | None:
        """The end of the record: the last ply, unless a declaration is still due."""
        if self.declaration_line is not None or (self.w.state.phase == DECLARATION and not partial):
            raise self.fail(msg("a declaration (再行 or 終季) is required after this ply"))
        return self.open_ply


def _classify(token: str) -> str:
    if _MOVE_RE.fullmatch(token) or _DROP_RE.fullmatch(token) or _TAM_RE.fullmatch(token):
        return "move"
    if _CAPTURE_RE.fullmatch(token):
        return "capture"
    if _SCORE_RE.fullmatch(token):
        return "score"
    if _DECL_RE.fullmatch(token):
        return "declaration"
    if _CKKA_DECL_RE.fullmatch(token):
        return "ckka"
    if token in (TY_MOK, TA_XOT):
        return token
    if _SEASON_RE.fullmatch(token):
        return "season"
    if token == END_MARK:
        return "end"
    return "junk"


def _comment_matches(code: int, colour: str | None, prof: str) -> bool:
    name = HAND_NAMES[code]
    return name[1] == prof and (colour is None or colour == name[0])


def _captured(before: CetkaikState, after: CetkaikState) -> int:
    """The hand code the mover captured between two states (-1 for none)."""
    side = before.side
    new = Counter(after.hands[side])
    new.subtract(Counter(before.hands[side]))
    gained = [c for c, n in new.items() if n > 0]
    return gained[0] if gained else -1


def _first_mover(kiaak: Kiaak, tokens: tuple[str, ...], index: int, season: int, ply: int) -> str:
    """The first-mover outcome of a season: ``一位色``'s entry, else inferred (spec §17.5)."""
    entries = kiaak.first_movers or ""
    if season < len(entries):
        char = entries[season]
        if char not in COLOUR_CHARS:
            raise InvalidRecordError(msg("一位色 gives {char} for season {season}: not 赤 or 黒", char=repr(char),
                                         season=season + 1), ply)
        return str(FirstMover(COLOUR_CHARS.index(char)))
    k = 0
    for token in tokens[index:]:
        kind = _classify(token)
        if kind == TA_XOT or (kind == "ckka" and token.endswith(TA_XOT)):
            break
        if kind != "move":
            continue
        m = _MOVE_RE.fullmatch(token)
        if m:
            owner = OWNER[INITIAL_BOARD[SQUARE_INDEX[m[1]]]]
            if owner < 2:
                return str(FirstMover(owner if k % 2 == 0 else 1 - owner))
        k += 1
    return str(FirstMover(0))


def _play(w: Walk, token: str) -> None:
    """Apply the engine actions of one move token, checking its outcome (spec §17.7)."""
    ply = w.plies

    def apply(action: str) -> None:
        try:
            w.apply(action)
        except EngineError as exc:
            raise InvalidRecordError(msg("{token}: {reason}", token=token, reason=exc), ply) from None

    m = _MOVE_RE.fullmatch(token)
    if m is None:  # a drop or a tam2 move: written as its candidate string
        apply(token)
        return
    state = w.state
    src = SQUARE_INDEX[m[1]]
    if m[2] != "片":
        code = state.board[src]
        if PROF[code] < 0 or PROFESSION_CHARS[PROF[code]] != m[2]:
            found = state.piece_at(src) or "nothing"
            raise InvalidRecordError(msg("{token}: the piece on {square} is {found}, not {named}", token=token,
                                         square=m[1], found=found, named=m[2]), ply)
    if m[4]:  # 無撃裁
        plain = m[1] + "片" + m[3]
        if plain not in state.legal_actions() and plain + "水" in state.legal_actions():
            raise InvalidRecordError(msg("{token}: this move needs a water cast (水N), not 無撃裁", token=token), ply)
        apply(plain)
    elif m[5]:  # 水N
        _play_water_cast(w, token, m, apply)
    else:  # 橋N: a ranged second leg
        _play_stepping(w, token, m, apply)


def _water_cast_check(token: str, sticks: int, failed: bool, ply: int) -> None:
    """A water cast fails below 3, and 此無 says so."""
    if (sticks < 3) != failed:
        reason = (msg("{token}: a water cast of {sticks} fails, so 此無 must be written", token=token, sticks=sticks)
                  if sticks < 3 else
                  msg("{token}: a water cast of {sticks} succeeds, so 此無 must not be written", token=token, sticks=sticks))
        raise InvalidRecordError(reason, ply)


def _play_water_cast(w: Walk, token: str, m: re.Match[str], apply: Callable[[str], None]) -> None:
    """A move into water with its cast 水N (此無 when it fails)."""
    state = w.state
    action = m[1] + "片" + m[3] + "水"
    if action not in state.legal_actions() and action[:-1] in state.legal_actions():
        raise InvalidRecordError(msg("{token}: this move needs no water cast (write 無撃裁)", token=token), w.plies)
    apply(action)
    _water_cast_check(token, CAST_DIGITS.index(m[5]), bool(m[6]), w.plies)
    apply("水" + m[5])


def _play_stepping(w: Walk, token: str, m: re.Match[str], apply: Callable[[str], None]) -> None:
    """A stepping move with its cast 橋N: the via square, the cast, the choice, maybe a water cast."""
    ply = w.plies
    squares = split_squares(m[3])
    if len(squares) != 2:
        raise InvalidRecordError(msg("{token}: a stepping cast needs a via square and a destination", token=token), ply)
    via, dest = squares
    apply(m[1] + "片" + SQUARE_NAMES[via] + "心" + SQUARE_NAMES[dest])
    sticks = CAST_DIGITS.index(m[7])
    apply("橋" + m[7])
    failed = bool(m[9])
    water = m[8]
    if failed and not water:
        if w.state.phase == STEPPING_CHOICE:
            apply(DECLINE)
        return
    if distance(via, dest) > sticks:
        raise InvalidRecordError(msg("{token}: stepping cast {sticks} is less than the distance {distance}",
                                     token=token, sticks=sticks, distance=distance(via, dest)), ply)
    if w.state.phase != STEPPING_CHOICE or SQUARE_NAMES[dest] not in w.state.legal_actions():
        raise InvalidRecordError(msg("{token}: the piece cannot end on {square} after this cast", token=token,
                                     square=SQUARE_NAMES[dest]), ply)
    apply(SQUARE_NAMES[dest])
    if w.state.phase == WATER_CAST_PHASE:
        if not water:
            raise InvalidRecordError(msg("{token}: the piece reached water: a water cast (水M) is required",
                                         token=token), ply)
        _water_cast_check(token, CAST_DIGITS.index(water), failed, ply)
        apply("水" + water)
    elif water:
        raise InvalidRecordError(msg("{token}: no water cast is needed on {square}", token=token,
                                     square=SQUARE_NAMES[dest]), ply)
    elif failed:  # pragma: no cover - 此無 without water was handled above
        raise InvalidRecordError(msg("{token}: 此無 but the piece moved", token=token), ply)


# --- import / export -------------------------------------------------------------------------
def import_kiaak(text: str, rules: CetkaikRules | str = "official", partial: bool = False) -> Record:
    """The record of engine actions a kiaak record stands for (checked, spec §17.7).

    ``partial`` accepts a record that stops before a declaration it requires (see :func:`walk`).
    """
    rules_obj = CetkaikRules.preset(rules) if isinstance(rules, str) else rules
    progress = Walk(CetkaikState(rules_obj))
    for _ in walk(text, rules_obj, progress, partial):
        pass
    kiaak = parse_kiaak(text)
    meta = tuple(sorted((k, v) for k, v in (("kiaak.start", kiaak.start), ("kiaak.end", kiaak.end)) if v))
    return Record("cetkaik", rules_obj.encode(), (Seat("A"), Seat("IA")), tuple(progress.actions), meta=meta)


__all__ = ["END_MARK", "SEASON_CHARS", "Kiaak", "Ply", "Walk", "export_kiaak", "format_number", "import_kiaak",
           "parse_kiaak", "parse_number", "walk"]
