"""The Cetkaik table's view model for the page (``Game.table_view``) and its own calls.

:func:`table_view` turns the position on screen into plain JSON for ``web/tables/cetkaik.js``:
the board, tam2 hue and water, both hands with the hands (役) they form, scores, rate,
season, the phase in progress and, for a human to move, every legal action grouped by what
the player clicks first (a piece, a via square, a piece in hand, tam2), so the page shows
destinations without asking the engine again.  The JavaScript has no rules in it: every
string it plays comes from this grouping of ``state.legal_actions()``.

Squares are the engine's ints ``0..80`` (``row * 9 + column``, row 0 = ``A`` at the top);
JSON object keys are their decimal strings.

>>> from pyengine.app.session import Session
>>> s = Session.new("cetkaik")
>>> s.play_chance("一位色赤")  # the A side moves first
>>> v = s.view()["table"]
>>> v["phase"], v["season"], v["rate"], v["scores"]
('move', 0, 1, [20, 20])
>>> v["board"][40]
'tam'
>>> sorted(v["moves"]["pieces"]["6"]["via"]["24"]["to"].items())  # the Chariot on CA over CI
[('44', 'CA片CIPO')]

:func:`ui_call` serves the table's own requests: importing a kiaak record (``import``) into
a replayable game and exporting the game on screen (``export``).
"""

from __future__ import annotations

from typing import Any, Final, cast

from ...cetkaik.board import (
    A_SIDE,
    COLOUR,
    COLUMNS,
    HUE,
    HUE_WITH_TAM,
    OWNER,
    PROF,
    PROFESSION_CHARS,
    ROWS,
    SIDE_NAMES,
    SQUARE_INDEX,
    SQUARE_NAMES,
    TAM2,
    WATER,
    parse_square,
    piece_code,
)
from ...cetkaik.describe import PROFESSIONS, SIDES, TAM2_NAME, hand_label
from ...cetkaik.kiaak import export_kiaak, import_kiaak
from ...cetkaik.movegen import protected_squares
from ...cetkaik.notation import (
    DECLINE,
    TA_XOT,
    TY_MOK,
    Drop,
    PieceMove,
    TamMove,
    parse_action,
)
from ...cetkaik.rules import CetkaikRules, Plan
from ...cetkaik.scoring import (
    HAND_VALUES,
    KING_HAND,
    PENALTY_VALUES,
    hand_names,
    hand_score,
    hand_table,
)
from ...cetkaik.state import (
    DECLARATION,
    FIRST_MOVER_PHASE,
    MOVE,
    STEPPING_CAST,
    STEPPING_CHOICE,
    WATER_CAST_PHASE,
    CetkaikState,
)
from ...core.errors import EngineError, InvalidRecordError
from ...core.game import JSON
from ...core.messages import msg
from ...core.record import Record, Seat
from . import SessionLike, TableContext
from .cetkaik_help import piece_help
from .cetkaik_history import (
    SEASON_WORDS,
    cast_plies,
    hand_entries,
    kiaak_list,
    last_turn,
    penalty_entries,
    penalty_only,
    recent_events,
    season_summaries,
    window_start,
)

WATER_SQUARES: Final[list[JSON]] = [i for i in range(81) if WATER[i]]
SPOKEN_SQUARES: Final[list[JSON]] = [f"{c}-{r}" for r in ROWS for c in COLUMNS]
"""Square names as a screen reader should spell them: ``Z-O``, ``L-IA``."""


def _lang(lang: str) -> str:
    return lang if lang in PROFESSIONS else "en"


def _cell(code: int) -> JSON:
    if code == 0:
        return None
    if code == TAM2:
        return "tam"
    return {"p": PROF[code], "c": COLOUR[code], "s": OWNER[code]}


def _hand(state: CetkaikState, side: int, lang: str) -> dict[str, JSON]:
    counts: dict[int, int] = {}
    for code in state.hands[side]:
        counts[code] = counts.get(code, 0) + 1
    pieces: list[JSON] = [
        {"code": code, "p": code % 10, "c": code // 10, "count": n,
         "name": "赤黒"[code // 10] + PROFESSION_CHARS[code % 10]}
        for code, n in sorted(counts.items(), key=lambda kv: (kv[0] % 10, kv[0] // 10))
    ]
    return {"side": side, "pieces": pieces, "hands": hand_entries(hand_names(state.hands[side]), lang),
            "score": hand_score(state.hands[side])}


def group_moves(state: CetkaikState) -> dict[str, JSON]:
    """The legal actions of the side to act, grouped by what is clicked first.

    ``pieces[src]["to"][dest]`` is a move without stepping (a capture when ``dest`` holds an
    opponent piece); ``pieces[src]["via"][via]`` holds the second legs over ``via``: finite
    ones under ``to`` and ranged ones (a stepping cast follows; the key is the planned
    square) under ``cast``.  ``pieces[src]["water"]`` and a leg's ``water`` list the
    destinations under ``to`` whose move needs a water cast.  ``drops[code][dest]`` drops a piece of hand code ``code``;
    ``tam[first][second]`` moves tam2 (the route without a via square is preferred when
    several reach the same squares: they lead to the same position).  In the other phases:
    ``choice[dest]`` and ``decline`` after a stepping cast, ``declare`` at a declaration.
    """
    pieces: dict[str, dict[str, Any]] = {}
    drops: dict[str, dict[str, str]] = {}
    tam: dict[str, dict[str, str]] = {}
    out: dict[str, JSON] = {}
    phase = state.phase
    if phase == MOVE:
        for action in state.legal_actions():
            move = parse_action(action)
            if isinstance(move, PieceMove):
                entry = pieces.setdefault(str(move.src), {"to": {}, "via": {}, "water": []})
                if move.via is None:
                    entry["to"][str(move.dest)] = action
                    if move.water:
                        entry["water"].append(str(move.dest))
                else:
                    leg = entry["via"].setdefault(str(move.via), {"to": {}, "cast": {}, "water": []})
                    kind = "cast" if move.ranged else "to"
                    leg[kind].setdefault(str(move.dest), action)
                    if move.water:
                        leg["water"].append(str(move.dest))
            elif isinstance(move, Drop):
                drops.setdefault(str(10 * move.colour + move.prof), {})[str(move.dest)] = action
            elif isinstance(move, TamMove):
                seconds = tam.setdefault(str(move.first), {})
                key = str(move.second)
                if key not in seconds or move.via is None:
                    seconds[key] = action
        # a finite second leg and a ranged one to the same square: the finite one needs no cast
        for entry in pieces.values():
            for leg in entry["via"].values():
                for dest in list(leg["cast"]):
                    if dest in leg["to"]:
                        del leg["cast"][dest]
        out["pieces"] = pieces
        out["drops"] = drops
        out["tam"] = tam
        out["tam_src"] = state.tam
    elif phase == STEPPING_CHOICE:
        out["choice"] = {str(parse_square(a)): a for a in state.legal_actions() if a != DECLINE}
        out["decline"] = DECLINE
    elif phase == DECLARATION:
        legal = state.legal_actions()
        out["declare"] = {key: a for key, a in (("ty_mok", TY_MOK), ("ta_xot", TA_XOT)) if a in legal}
    return out


def _rate_after_ty_mok(state: CetkaikState) -> int | None:
    """The rate the game goes on at after ty mok1 (the engine's own answer), or ``None``
    when ty mok1 is not a choice."""
    return state.apply(TY_MOK).rate if TY_MOK in state.legal_actions() else None


def _pending(state: CetkaikState, lang: str) -> JSON:
    pend = state.pending
    phase = state.phase
    if phase in (STEPPING_CAST, STEPPING_CHOICE):
        out: dict[str, JSON] = {"src": pend[0], "via": pend[1], "planned": pend[2]}
        if phase == STEPPING_CHOICE:
            out["sticks"] = pend[3]
            out["options"] = list(pend[4])
        return out
    if phase == WATER_CAST_PHASE:
        return {"src": pend[0], "via": pend[1], "dest": pend[2]}
    if phase == DECLARATION:
        return {"hands": hand_entries(list(pend[2]), lang), "hand_value": pend[0], "penalty_value": pend[1],
                "value": state.ta_xot_value(), "rate": state.rate, "rate_after": _rate_after_ty_mok(state),
                "penalties": penalty_entries(pend[2], lang), "penalty_only": penalty_only(state)}
    return None


def _result(state: CetkaikState) -> JSON:
    """The end of the game: the winner (-1: a draw), the scores and why it ended (a score
    reached 0, or the last season was played)."""
    if not state.is_terminal():
        return None
    a, b = state.scores
    return {"winner": 0 if a > b else 1 if b > a else -1, "scores": [a, b],
            "reason": "zero" if 0 in state.scores else "seasons"}


def table_view(ctx: TableContext) -> dict[str, JSON]:
    """The Cetkaik table's view model of ``ctx.state`` for ``ctx.viewer`` (see the module)."""
    state = ctx.state
    assert isinstance(state, CetkaikState)
    lang = _lang(ctx.lang)
    rules = state.rules
    self_hue = rules.hue.tam_itself_is_tam_hue
    hue = (HUE_WITH_TAM if self_hue else HUE)[state.tam]
    protected = [
        sq for side in (0, 1)
        for sq, p in enumerate(protected_squares(state.board, side, state.tam, self_hue))
        if p and OWNER[state.board[sq]] == side
    ]
    player = state.current_player
    viewer = ctx.viewer
    at_end = ctx.cursor == len(ctx.actions)
    can_act = (at_end and player >= 0 and player == viewer and viewer < len(ctx.seat_kinds)
               and ctx.seat_kinds[viewer] == "human")
    last, casts = last_turn(ctx)
    entries, stops = kiaak_list(ctx, lang)
    ply_ends = [cast(int, e["cursor"]) for e in cast(list[dict[str, JSON]], entries) if e["kind"] == "ply"]
    first_mover: JSON = None
    for i in range(ctx.cursor - 1, -1, -1):
        st = ctx.states[i]
        assert isinstance(st, CetkaikState)
        if st.phase == FIRST_MOVER_PHASE:
            first_mover = {"side": "赤黒".index(ctx.actions[i][-1]), "at": i}
            break
    view: dict[str, JSON] = {
        "board": [_cell(code) for code in state.board],
        "tam": state.tam,
        "hue": [i for i in range(81) if hue[i]],
        "water": WATER_SQUARES,
        "protected": protected,
        "hands": [_hand(state, 0, lang), _hand(state, 1, lang)],
        "scores": list(state.scores),
        "rate": state.rate,
        "season": state.season,
        "seasons": rules.seasons,
        "season_name": SEASON_WORDS[lang][state.season],
        "phase": state.phase_name,
        "side": state.side,
        "to_act": player,
        "can_act": can_act,
        "viewer": viewer,
        "plan": "direction" if rules.stepping.what_to_say_before_casting_sticks is Plan.DIRECTION else "square",
        "pending": _pending(state, lang),
        "moves": group_moves(state) if can_act else None,
        "last": last,
        "casts": casts,
        "first_mover": first_mover,
        "result": _result(state),
        "events": recent_events(ctx, lang),
        "fresh_from": window_start(ctx),
        "summaries": season_summaries(ctx, lang),
        "preset": rules.preset_name(),
        "kiaak": entries,
        "stops": stops,
        # the replay counts plies as players do (the record's numbered moves), not engine actions
        "ply": sum(1 for end in ply_ends if end <= ctx.cursor),
        "plies": len(ply_ends),
        "cast_plies": cast_plies(ctx),
        "squares": list(SQUARE_NAMES),
        "spoken": SPOKEN_SQUARES,
        "columns": list(COLUMNS),
        "rows": list(ROWS),
        "import_rules": ["auto", *CetkaikRules.presets()],
        "names": {"professions": list(PROFESSIONS[lang]), "tam": TAM2_NAME[lang], "sides": list(SIDES[lang]),
                  "side_marks": list(SIDE_NAMES), "seasons": list(SEASON_WORDS[lang])},
    }
    return view


# --- the table's own calls ----------------------------------------------------------------------
def import_record(text: str, rules: str = "auto") -> Record:
    """The record of a kiaak text; ``rules`` ``auto`` tries ``cerke_online`` (the format's
    home) and then ``official``, else the named preset or rules encoding."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidRecordError(msg("the record is empty"))
    if rules == "auto":
        first_error: EngineError | None = None
        for name in ("cerke_online", "official"):
            try:
                return import_kiaak(text, name)
            except EngineError as exc:
                first_error = first_error or exc
        assert first_error is not None
        raise first_error
    rules_obj = CetkaikRules.preset(rules) if "." not in rules else CetkaikRules.decode(rules)
    return import_kiaak(text, rules_obj)


def season_choices(rules: str | None) -> list[dict[str, JSON]]:
    """The game lengths the set-up form offers for a rules encoding (``None``: the default
    rules), longest first, each with the rules encoding that plays it.

    >>> season_choices("1.cerke_online")
    [{'seasons': 4, 'rules': '1.cerke_online'}, {'seasons': 2, 'rules': '1.cerke_online~seasons=2'}, {'seasons': 1, 'rules': '1.cerke_online~seasons=1'}]
    """
    base = CetkaikRules.decode(rules) if rules else CetkaikRules.default()
    out: list[dict[str, JSON]] = []
    for n in range(CetkaikRules().seasons, 0, -1):
        candidate = base.with_option("seasons", n)
        try:
            candidate.validate()
        except EngineError:
            continue
        out.append({"seasons": n, "rules": candidate.encode()})
    return out


# --- the rules panel ---------------------------------------------------------------------------
def _diagram(key: str, state: CetkaikState, rows: tuple[int, int], cols: tuple[int, int],
             marks: dict[int, str]) -> dict[str, JSON]:
    """A part of the board for the rules panel: rows and columns ``[first, last]``, the pieces,
    water and tam2 hue in it, and ``marks`` (square → ``sel``, ``via``, ``dest``, ``cast``,
    ``water-cast``, ``protected``) taken from the engine's own answers."""
    inside = [r * 9 + c for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1)]
    hue = (HUE_WITH_TAM if state.rules.hue.tam_itself_is_tam_hue else HUE)[state.tam]
    return {"id": key, "rows": list(rows), "cols": list(cols),
            "cells": {str(sq): _cell(state.board[sq]) for sq in inside if state.board[sq]},
            "water": [sq for sq in inside if WATER[sq]], "hue": [sq for sq in inside if hue[sq]],
            "marks": {str(sq): mark for sq, mark in marks.items() if sq in inside}}


def _position(pieces: dict[str, int], tam: str = "ZO") -> CetkaikState:
    board = [0] * 81
    for name, code in pieces.items():
        board[SQUARE_INDEX[name]] = code
    board[SQUARE_INDEX[tam]] = TAM2
    from ...cetkaik.rules import OFFICIAL

    return CetkaikState(OFFICIAL, board=tuple(board), tam=SQUARE_INDEX[tam], phase=MOVE, side=A_SIDE)


def _moves_of(state: CetkaikState) -> Any:
    """:func:`group_moves` as a plain nested dict (read by the diagrams below)."""
    return group_moves(state)


def rule_diagrams() -> list[JSON]:
    """Small boards for the rules panel (stepping, the stepping cast, water, tam2, protection),
    each marked with the legal moves the engine lists for the position shown."""
    sq = SQUARE_INDEX
    red_pawn, red_archer, red_general = (piece_code(A_SIDE, 0, p) for p in (1, 2, 8))
    black_pawn = piece_code(A_SIDE, 1, 1)
    out: list[JSON] = []
    # stepping: the Pawn's square ahead is taken, so it steps over it (a finite second leg)
    state = _position({"LE": red_pawn, "LI": black_pawn})
    entry = _moves_of(state)["pieces"][str(sq["LE"])]
    marks = {sq["LE"]: "sel"} | {int(v): "via" for v in entry["via"]}
    marks |= {int(d): "dest" for leg in entry["via"].values() for d in leg["to"]}
    out.append(_diagram("stepping", state, (0, 4), (0, 3), marks))
    # the stepping cast: an Archer over a piece goes on as far as the sticks allow
    state = _position({"KE": red_archer, "KI": black_pawn})
    entry = _moves_of(state)["pieces"][str(sq["KE"])]
    leg = entry["via"][str(sq["KI"])]
    marks = {int(d): "cast" for d in leg["cast"]} | {int(d): "dest" for d in leg["to"]}
    marks |= {sq["KE"]: "sel", sq["KI"]: "via"}
    out.append(_diagram("cast", state, (0, 7), (0, 3), marks))
    # water: a Pawn entering the water needs a water cast
    state = _position({"NI": red_pawn})
    entry = _moves_of(state)["pieces"][str(sq["NI"])]
    marks = {sq["NI"]: "sel"} | {int(d): "water-cast" if d in entry["water"] else "dest" for d in entry["to"]}
    out.append(_diagram("water", state, (1, 5), (1, 5), marks))
    # tam2: two king steps (here its first step to TU, then the squares of the second)
    state = _position({})
    seconds = _moves_of(state)["tam"][str(sq["TU"])]
    marks = {int(d): "dest" for d in seconds} | {sq["ZO"]: "sel", sq["TU"]: "via"}
    out.append(_diagram("tam2", state, (1, 6), (1, 6), marks))
    # protection: a General on tam2 hue protects its neighbours
    state = _position({"TU": red_general, "NU": red_pawn, "TI": red_pawn, "XE": red_pawn}, tam="ZO")
    protected = protected_squares(state.board, A_SIDE, state.tam, False)
    marks = {s: "protected" for s in range(81) if protected[s] and OWNER[state.board[s]] == A_SIDE}
    out.append(_diagram("protection", state, (1, 5), (1, 6), marks))
    return out


def rules_help(lang: str = "en") -> dict[str, JSON]:
    """The rules panel: the hands with their values and the pieces they need, the penalties,
    both presets option by option, the diagrams (:func:`rule_diagrams`) and each piece's moves
    and names (:func:`.cetkaik_help.piece_help`)."""
    lang = _lang(lang)
    hands: list[JSON] = []
    for name, value, flash, needs in hand_table():
        hands.append({"name": name, "label": hand_label(name, lang), "value": value, "flash": flash,
                      "needs": [{"p": prof, "n": n} for prof, n in needs]})
        if name == "行行":  # the rulebook lists the King hand here
            hands.append({"name": KING_HAND, "label": hand_label(KING_HAND, lang), "value": HAND_VALUES[KING_HAND],
                          "flash": None, "needs": [{"p": PROFESSION_CHARS.index("王"), "n": 1}]})
    presets = CetkaikRules.presets()
    options = [path for path, _ in presets["official"].options() if path != "seasons"]
    return {"hands": hands, "penalties": penalty_entries(list(PENALTY_VALUES), lang),
            "options": options, "presets": {name: rules.to_json() for name, rules in presets.items()},
            "diagrams": rule_diagrams(), "professions": list(PROFESSIONS[lang]), "pieces": piece_help()}


def ui_call(session: SessionLike | None, name: str, args: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The Cetkaik table's calls through the page bridge.

    * ``import`` ``{text, rules?}`` — open a kiaak record in replay mode at its start
      (``{"record": Record}``, two human seats named after the sides: the bridge opens it);
    * ``export`` — the game on screen as kiaak text (``{"text", "filename"}``);
    * ``seasons`` ``{rules?}`` — the set-up form's game lengths (:func:`season_choices`);
    * ``help`` — the rules panel (:func:`rules_help`).
    """
    if name == "import":
        record = import_record(str(args.get("text", "")), str(args.get("rules", "auto")))
        return {"record": Record(record.game, record.rules, (Seat("A"), Seat("IA")), record.actions, None, 0,
                                 record.meta)}
    if name == "export":
        if session is None or session.record.game != "cetkaik":
            raise InvalidRecordError(msg("there is no Cetkaik game to export"))
        return {"text": export_kiaak(session.record), "filename": "cetkaik-kiaak.txt"}
    if name == "seasons":
        rules = args.get("rules")
        return {"choices": season_choices(str(rules) if rules else None)}
    if name == "help":
        return rules_help(lang)
    raise InvalidRecordError(msg("unknown Cetkaik table call {name}", name=repr(name)))
