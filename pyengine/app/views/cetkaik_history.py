"""What has happened at the Cetkaik table, for its view: the turn shown and its casts, the kiaak move
list, the recent events, the seasons' summaries, and the words for hands and penalties they use."""

from __future__ import annotations

from typing import Any, Final

from ...cetkaik.board import (
    PROF,
    PROFESSION_CHARS,
    SQUARE_NAMES,
    TAM2,
)
from ...cetkaik.describe import describe_failed, hand_label
from ...cetkaik.kiaak import SEASON_CHARS, format_number
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
from ...cetkaik.scoring import (
    HAND_VALUES,
    KUT2TAM2,
    PENALTY_VALUES,
    TAM2_TY_SAK2,
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
from ...core.game import JSON
from . import TableContext

_PENALTY_KEYS: Final = {KUT2TAM2: "kut2tam2", TAM2_TY_SAK2: "tam2tysak2"}

SEASON_WORDS: Final = {"en": ("Spring", "Summer", "Autumn", "Winter"), "ko": ("봄", "여름", "가을", "겨울"),
                        "ja": ("春", "夏", "秋", "冬")}


def hand_entries(names: tuple[str, ...] | list[str], lang: str) -> list[JSON]:
    out: list[JSON] = []
    for name in names:
        value = HAND_VALUES.get(name, PENALTY_VALUES.get(name, 0))
        out.append({"name": name, "label": hand_label(name, lang), "value": value})
    return out


def penalty_entries(names: tuple[str, ...] | list[str], lang: str) -> list[JSON]:
    """The penalties among a declaration's names (撃皇, 皇再来), each with the explanation key
    the page words it with."""
    return [{"name": n, "label": hand_label(n, lang), "value": PENALTY_VALUES[n], "explain": _PENALTY_KEYS[n]}
            for n in names if n in PENALTY_VALUES]


def penalty_only(state: CetkaikState) -> bool:
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


def last_turn(ctx: TableContext) -> tuple[JSON, list[JSON]]:
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
                            "hands": hand_entries(list(names), lang), "penalties": penalty_entries(names, lang),
                            "penalty_only": penalty_only(st), "value": st.ta_xot_value(), "rate": st.rate}
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
                        "season_name": SEASON_WORDS[lang][after.season], "at": i})
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
        out.append({"season": st.season, "season_name": SEASON_WORDS[lang][st.season], "side": st.side,
                    "hands": hand_entries([n for n in names if n not in PENALTY_VALUES], lang),
                    "penalties": penalty_entries(names, lang), "hand_value": st.pending[0],
                    "penalty_value": st.pending[1], "rate": st.rate, "value": st.ta_xot_value(),
                    "before": list(st.scores), "scores": list(after.scores), "over": after.is_terminal(),
                    "next": nxt, "at": i + 1})
    return out



__all__ = ["SEASON_WORDS", "cast_plies", "hand_entries", "kiaak_list", "last_turn", "penalty_entries", "penalty_only",
           "recent_events", "season_summaries", "window_start"]
