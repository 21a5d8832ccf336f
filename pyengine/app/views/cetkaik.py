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
from ...cetkaik.describe import PROFESSIONS, SIDES, TAM2_NAME, describe_failed, hand_label
from ...cetkaik.kiaak import SEASON_CHARS, export_kiaak, format_number, import_kiaak
from ...cetkaik.movegen import protected_squares
from ...cetkaik.notation import (
    CAST_DIGITS,
    DECLINE,
    TA_XOT,
    TY_MOK,
    Drop,
    GoTo,
    PieceMove,
    TamMove,
    parse_action,
)
from ...cetkaik.rules import CetkaikRules, Plan
from ...cetkaik.scoring import (
    HAND_VALUES,
    KING_HAND,
    KUT2TAM2,
    PENALTY_VALUES,
    TAM2_TY_SAK2,
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

WATER_SQUARES: Final[list[JSON]] = [i for i in range(81) if WATER[i]]
SPOKEN_SQUARES: Final[list[JSON]] = [f"{c}-{r}" for r in ROWS for c in COLUMNS]
"""Square names as a screen reader should spell them: ``Z-O``, ``L-IA``."""
_PENALTY_KEYS: Final = {KUT2TAM2: "kut2tam2", TAM2_TY_SAK2: "tam2tysak2"}
_SEASON_WORDS: Final = {"en": ("Spring", "Summer", "Autumn", "Winter"), "ko": ("봄", "여름", "가을", "겨울"),
                        "ja": ("春", "夏", "秋", "冬")}


def _lang(lang: str) -> str:
    return lang if lang in PROFESSIONS else "en"


def _cell(code: int) -> JSON:
    if code == 0:
        return None
    if code == TAM2:
        return "tam"
    return {"p": PROF[code], "c": COLOUR[code], "s": OWNER[code]}


def _hand_entries(names: tuple[str, ...] | list[str], lang: str) -> list[JSON]:
    out: list[JSON] = []
    for name in names:
        value = HAND_VALUES.get(name, PENALTY_VALUES.get(name, 0))
        out.append({"name": name, "label": hand_label(name, lang), "value": value})
    return out


def _hand(state: CetkaikState, side: int, lang: str) -> dict[str, JSON]:
    counts: dict[int, int] = {}
    for code in state.hands[side]:
        counts[code] = counts.get(code, 0) + 1
    pieces: list[JSON] = [
        {"code": code, "p": code % 10, "c": code // 10, "count": n,
         "name": "赤黒"[code // 10] + PROFESSION_CHARS[code % 10]}
        for code, n in sorted(counts.items(), key=lambda kv: (kv[0] % 10, kv[0] // 10))
    ]
    return {"side": side, "pieces": pieces, "hands": _hand_entries(hand_names(state.hands[side]), lang),
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
        return {"hands": _hand_entries(list(pend[2]), lang), "hand_value": pend[0], "penalty_value": pend[1],
                "value": state.ta_xot_value(), "rate": state.rate, "rate_after": _rate_after_ty_mok(state),
                "penalties": _penalty_entries(pend[2], lang), "penalty_only": _penalty_only(state)}
    return None


def _penalty_entries(names: tuple[str, ...] | list[str], lang: str) -> list[JSON]:
    """The penalties among a declaration's names (撃皇, 皇再来), each with the explanation key
    the page words it with."""
    return [{"name": n, "label": hand_label(n, lang), "value": PENALTY_VALUES[n], "explain": _PENALTY_KEYS[n]}
            for n in names if n in PENALTY_VALUES]


def _penalty_only(state: CetkaikState) -> bool:
    """A declaration that only penalties called for (no new hand was formed)."""
    hand_value, _penalty, names, _moved = state.pending
    return hand_value == 0 and all(n in PENALTY_VALUES for n in names)


def _turn_start(ctx: TableContext) -> int:
    """The index of the action that started the turn shown (the last player move up to the
    cursor), or -1."""
    for i in range(ctx.cursor - 1, -1, -1):
        if ctx.states[i].phase_name == "move":  # type: ignore[attr-defined]
            return i
        if ctx.states[i].phase_name in ("first_mover", "declaration"):  # type: ignore[attr-defined]
            return -1
    return -1


def _turn_failed(ctx: TableContext, start: int) -> bool:
    """Whether the turn started by the move ``actions[start]`` failed (a cast too low, or a
    stepping choice declined) by the cursor."""
    for i in range(start + 1, ctx.cursor):
        st, after, action = ctx.states[i], ctx.states[i + 1], ctx.actions[i]
        assert isinstance(st, CetkaikState) and isinstance(after, CetkaikState)
        if st.phase == STEPPING_CAST:
            if after.phase != STEPPING_CHOICE:
                return True
        elif st.phase == WATER_CAST_PHASE:
            if CAST_DIGITS.index(action[1]) < 3:
                return True
        elif st.phase == STEPPING_CHOICE:
            if action == DECLINE:
                return True
        else:
            break
    return False


def _last_turn(ctx: TableContext) -> tuple[JSON, list[JSON]]:
    """The last move up to the cursor (its squares, and whether it failed) and the stick casts
    of its turn, each with the index of its action (the page animates each cast once)."""
    start = _turn_start(ctx)
    if start < 0:
        return None, []
    before = ctx.states[start]
    assert isinstance(before, CetkaikState)
    move = parse_action(ctx.actions[start])
    last: dict[str, JSON] = {"at": start}
    if isinstance(move, PieceMove):
        last.update(kind="piece", src=move.src, via=move.via, dest=move.dest)
    elif isinstance(move, Drop):
        last.update(kind="drop", dest=move.dest)
    elif isinstance(move, TamMove):
        last.update(kind="tam", src=move.src, first=move.first, via=move.via, dest=move.second)
    casts: list[JSON] = []
    failed = False
    for i in range(start + 1, ctx.cursor):
        st = ctx.states[i]
        assert isinstance(st, CetkaikState)
        action = ctx.actions[i]
        after = ctx.states[i + 1]
        assert isinstance(after, CetkaikState)
        if st.phase == STEPPING_CAST:
            ok = after.phase == STEPPING_CHOICE
            failed = failed or not ok
            casts.append({"kind": "step", "sticks": CAST_DIGITS.index(action[1]), "ok": ok, "at": i})
        elif st.phase == WATER_CAST_PHASE:
            ok = CAST_DIGITS.index(action[1]) >= 3
            failed = failed or not ok
            casts.append({"kind": "water", "sticks": CAST_DIGITS.index(action[1]), "ok": ok, "at": i})
        elif st.phase == STEPPING_CHOICE:
            if action == DECLINE:
                failed = True
            else:
                go = parse_action(action)
                assert isinstance(go, GoTo)
                last["dest"] = go.dest
        else:
            break
    last["failed"] = failed
    return last, casts


def kiaak_list(ctx: TableContext, lang: str = "en") -> tuple[list[JSON], list[int]]:
    """The record so far in kiaak notation (spec §17), one entry per finished ply or
    declaration, each with the cursor just after it; and the cursors a replay steps through
    (0, each ply's end, each declaration's end)."""
    entries: list[JSON] = []
    stops = [0]
    turn: dict[str, Any] | None = None
    first_movers = ""
    states, actions = ctx.states, ctx.actions
    n = len(actions)
    for i in range(n):
        st = states[i]
        after = states[i + 1]
        assert isinstance(st, CetkaikState) and isinstance(after, CetkaikState)
        action = actions[i]
        phase = st.phase
        if phase == FIRST_MOVER_PHASE:
            first_movers += action[-1]
            continue
        if phase == MOVE:
            move = parse_action(action)
            turn = {"start": i, "side": st.side, "season": st.season, "hands": st.hands[st.side],
                    "label": st.describe(action, lang)}
            if isinstance(move, PieceMove):
                turn["token"] = SQUARE_NAMES[move.src] + PROFESSION_CHARS[PROF[st.board[move.src]]]
                turn.update(src=move.src, via=move.via, dest=move.dest, ranged=move.ranged, step=None,
                            water=None, failed=False)
            else:
                turn["token"] = action
                turn["src"] = -1
        elif phase == STEPPING_CAST and turn is not None:
            turn["step"] = CAST_DIGITS.index(action[1])
            turn["failed"] = after.phase != STEPPING_CHOICE
        elif phase == STEPPING_CHOICE and turn is not None:
            if action == DECLINE:
                turn["failed"] = True
            else:
                go = parse_action(action)
                assert isinstance(go, GoTo)
                turn["dest"] = go.dest
        elif phase == WATER_CAST_PHASE and turn is not None:
            turn["water"] = CAST_DIGITS.index(action[1])
            turn["failed"] = turn["water"] < 3
        elif phase == DECLARATION:
            names = "加".join(st.pending[2])
            if action == TA_XOT:
                text = f"或為{names}而手{format_number(st.ta_xot_value())} 終季 {SEASON_CHARS[st.season]}終"
            else:
                text = f"或為{names} 再行"
            entries.append({"kind": "decl", "text": text, "side": st.side, "season": st.season,
                            "cursor": i + 1, "label": st.describe(action, lang)})
            stops.append(i + 1)
            continue
        if turn is not None and (after.phase in (MOVE, FIRST_MOVER_PHASE, DECLARATION) or after.is_terminal()):
            text = turn["token"]
            if turn["src"] >= 0:
                if turn["ranged"]:
                    outcome = "橋" + CAST_DIGITS[turn["step"] or 0]
                    if turn["water"] is not None:
                        outcome += "水" + CAST_DIGITS[turn["water"]]
                elif turn["water"] is not None:
                    outcome = "水" + CAST_DIGITS[turn["water"]]
                else:
                    outcome = "無撃裁"
                if turn["failed"]:
                    outcome += "此無"
                via = "" if turn["via"] is None else SQUARE_NAMES[turn["via"]]
                text += via + SQUARE_NAMES[turn["dest"]] + outcome
                gained = list(after.hands[turn["side"]])
                for code in turn["hands"]:
                    gained.remove(code)
                if gained:
                    text += "手" + "赤黒"[gained[0] // 10] + PROFESSION_CHARS[gained[0] % 10]
            label = turn["label"]
            if turn.get("failed"):  # the attempt, and that it captured nothing
                label = describe_failed(states[turn["start"]], actions[turn["start"]], lang)
            entries.append({"kind": "ply", "text": text, "side": turn["side"], "season": turn["season"],
                            "cursor": i + 1, "start": turn["start"], "label": label})
            stops.append(i + 1)
            turn = None
    if stops[-1] != n:
        stops.append(n)
    return entries, stops


def cast_plies(ctx: TableContext) -> list[JSON]:
    """The indices of the actions that are stick casts (stepping or water), which the page
    announces with the players' moves (the first-mover contest is not announced)."""
    out: list[JSON] = []
    for i in range(len(ctx.actions)):
        st = ctx.states[i]
        assert isinstance(st, CetkaikState)
        if st.phase in (STEPPING_CAST, WATER_CAST_PHASE):
            out.append(i)
    return out


def window_start(ctx: TableContext) -> int:
    """The first action of what the table keeps on screen as news: the start of the last turn a
    person played up to the cursor, so that their own casts and everything the other side did
    since stay visible until they move again (with no person at the table: the turn shown).

    >>> from pyengine.cetkaik.rules import OFFICIAL
    >>> line = ["一位色赤", "NI片NO水", "水四", "NAI片NY"]
    >>> states = [CetkaikState(OFFICIAL)]
    >>> for a in line: states.append(states[-1].apply(a))
    >>> window_start(TableContext(states, line, 4, 0, "en", ("human", "bot:strong")))
    1
    >>> window_start(TableContext(states, line, 4, -1, "en", ("bot:weak", "bot:strong")))
    3
    """
    people = {i for i, kind in enumerate(ctx.seat_kinds) if kind == "human"}
    for i in range(ctx.cursor - 1, -1, -1):
        st = ctx.states[i]
        assert isinstance(st, CetkaikState)
        if st.phase == MOVE and (not people or st.side in people):
            return i
    return 0


def _cast_event(st: CetkaikState, after: CetkaikState, action: str, at: int) -> dict[str, JSON]:
    sticks = CAST_DIGITS.index(action[1])
    if st.phase == STEPPING_CAST:
        return {"kind": "cast", "cast": "step", "sticks": sticks, "ok": after.phase == STEPPING_CHOICE,
                "side": st.side, "at": at}
    return {"kind": "cast", "cast": "water", "sticks": sticks, "ok": sticks >= 3, "side": st.side, "at": at}


def _declaration_event(st: CetkaikState, action: str, at: int, lang: str) -> dict[str, JSON]:
    names = st.pending[2]
    out: dict[str, JSON] = {"kind": "declare", "side": st.side, "at": at,
                            "choice": "ty_mok" if action == TY_MOK else "ta_xot",
                            "hands": _hand_entries(list(names), lang), "penalties": _penalty_entries(names, lang),
                            "penalty_only": _penalty_only(st), "value": st.ta_xot_value(), "rate": st.rate}
    if action == TY_MOK:
        out["rate_after"] = st.apply(TY_MOK).rate
    return out


def recent_events(ctx: TableContext, lang: str = "en") -> list[JSON]:
    """What happened from :func:`window_start` up to the cursor, for the table's news line: each
    turn (``move``, with its label), stick cast (``cast``), declined cast (``decline``), points
    paid at once for a kut2 tam2 (``paid``, the ``cerke_online`` rule), declaration
    (``declare``), season's first mover (``first_mover``), each with the acting ``side`` and the
    index ``at`` of its action."""
    out: list[JSON] = []
    states, actions = ctx.states, ctx.actions
    for i in range(window_start(ctx), ctx.cursor):
        st, after, action = states[i], states[i + 1], actions[i]
        assert isinstance(st, CetkaikState) and isinstance(after, CetkaikState)
        phase = st.phase
        if phase == MOVE:
            move = parse_action(action)
            kut2 = isinstance(move, PieceMove) and move.via is not None and st.board[move.via] == TAM2
            # a move whose cast failed (as far as the cursor shows) is told as an attempt
            label = describe_failed(st, action, lang) if _turn_failed(ctx, i) else st.describe(action, lang)
            out.append({"kind": "move", "side": st.side, "at": i, "label": label, "kut2": kut2})
        elif phase in (STEPPING_CAST, WATER_CAST_PHASE):
            out.append(_cast_event(st, after, action, i))
        elif phase == STEPPING_CHOICE and action == DECLINE:
            out.append({"kind": "decline", "side": st.side, "at": i})
        elif phase == DECLARATION:
            out.append(_declaration_event(st, action, i, lang))
        elif phase == FIRST_MOVER_PHASE:
            out.append({"kind": "first_mover", "side": after.side, "season": after.season,
                        "season_name": _SEASON_WORDS[lang][after.season], "at": i})
        if phase != DECLARATION and after.scores != st.scores:
            side = st.side
            out.append({"kind": "paid", "side": side, "points": st.scores[side] - after.scores[side],
                        "rate": st.rate, "scores": list(after.scores), "at": i})
    return out


def season_summaries(ctx: TableContext, lang: str = "en") -> list[JSON]:
    """Every season ended up to the cursor: who ended it with which hands (or penalties), at
    what rate, the points cashed, the scores before and after, whether the game ended, and the
    next season's first mover once the contest is cast (``None`` before)."""
    out: list[JSON] = []
    states, actions = ctx.states, ctx.actions
    for i in range(ctx.cursor):
        st = states[i]
        assert isinstance(st, CetkaikState)
        if st.phase != DECLARATION or actions[i] != TA_XOT:
            continue
        after = states[i + 1]
        assert isinstance(after, CetkaikState)
        nxt: JSON = None
        if not after.is_terminal() and i + 1 < ctx.cursor:
            following = states[i + 2]
            assert isinstance(following, CetkaikState)
            nxt = following.side
        names = st.pending[2]
        out.append({"season": st.season, "season_name": _SEASON_WORDS[lang][st.season], "side": st.side,
                    "hands": _hand_entries([n for n in names if n not in PENALTY_VALUES], lang),
                    "penalties": _penalty_entries(names, lang), "hand_value": st.pending[0],
                    "penalty_value": st.pending[1], "rate": st.rate, "value": st.ta_xot_value(),
                    "before": list(st.scores), "scores": list(after.scores), "over": after.is_terminal(),
                    "next": nxt, "at": i + 1})
    return out


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
    last, casts = _last_turn(ctx)
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
        "season_name": _SEASON_WORDS[lang][state.season],
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
                  "side_marks": list(SIDE_NAMES), "seasons": list(_SEASON_WORDS[lang])},
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
    return {"hands": hands, "penalties": _penalty_entries(list(PENALTY_VALUES), lang),
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
