"""The Daifugō table's view model (what ``web/tables/daifugo.js`` draws) and its page calls.

:func:`table_view` turns the position on screen into plain JSON: the seats around the table,
the viewer's hand in two sort orders, the legal actions as card sets (so the page can
highlight playable cards and find the play a selection makes without knowing any rule), the
field and the current trick, a state strip (revolution, 11-back, locks, direction, pending
effect, the latest effect), the exchange, follow-up choices, results (with each seat's class)
and the match scoreboard.  Every action string the page sends comes from here: the choices,
``pass_action`` and the Q-bomber's ``bomb.options`` (each legal set of ranks with its action).
It reads only ``state.observation(viewer)`` and, when the viewer is to move, the legal actions,
so it never reveals more than the viewer may know.

:func:`ui_call` serves the rules panel of the set-up form (``rules_panel``, ``rules_set``).

>>> from pyengine.daifugo import DaifugoState
>>> from pyengine.app.views import TableContext
>>> s = DaifugoState.custom("basic", ["S3.H3.D5", "D4", "C6"])
>>> v = table_view(TableContext([s], [], 0, 0, "en", ("human", "bot:random", "bot:random")))
>>> v["mode"], [c["action"] for c in v["choices"]]
('play', ['D5', 'H3', 'S3', 'S3.H3'])
>>> v["hand_strength"]
['S3', 'H3', 'D5']
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Any

from ...core.errors import EngineError
from ...core.game import JSON
from ...core.messages import msg
from ...daifugo.cards import RANKS
from ...daifugo.info import INFO
from ...daifugo.notation import parse_action
from ...daifugo.options import GROUPS, OPTIONS, group_text, option_text
from ...daifugo.rules import FORBIDDEN_ITEMS, PRESET_PLAYERS, DaifugoRules
from ...daifugo.scoring import class_id
from ...daifugo.state import DaifugoState
from . import TableContext

SUIT_ORDER = "SHDC"
RANK_TEXT = {"T": "10", "-": "↓3", "+": "↑2"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "*": "★"}
MODES = {
    "play": "play", "four_stop": "play", "tribute": "select", "return": "select", "seven_pass": "select",
    "ten_discard": "select", "q_bomber": "bomb", "revolution_choice": "revolt",
}
INT_RANGES = {
    "deck.jokers": (0, 2), "match.games": (1, 1000), "match.set_games": (0, 1000), "forms.seq_min": (3, 5),
    "forms.max_group": (2, 6), "exchange.exchange_counts": (1, 2),
}


# --- cards ---------------------------------------------------------------------------------------

def _strength(code: str, inverted: bool) -> int:
    if code == "JK":
        return 99
    r = RANKS.index(code[1]) + 1
    return 14 - r if inverted else r


def _standin_text(spec: str) -> str:
    """``H7`` → ``♥7`` (a joker's stand-in, as written after ``JK=``)."""
    return SUIT_SYMBOL.get(spec[0], spec[0]) + RANK_TEXT.get(spec[1], spec[1])


def play_cards(text: str) -> list[dict[str, JSON]]:
    """The cards of a play or card set as ``{id, note}`` (a joker's note is its stand-in).

    >>> play_cards("H5.H6.JK=H7")
    [{'id': 'H5', 'note': ''}, {'id': 'H6', 'note': ''}, {'id': 'JK', 'note': '♥7'}]
    """
    if text in ("", "-", "pass"):
        return []
    out: list[dict[str, JSON]] = []
    for token in text.split("."):
        if token.startswith("JK="):
            out.append({"id": "JK", "note": _standin_text(token[3:])})
        else:
            out.append({"id": token, "note": ""})
    return out


def _keys(ids: list[str]) -> list[str]:
    """Hand keys for a list of card ids: the second joker is ``JK#2``."""
    out = []
    seen = 0
    for i in ids:
        if i == "JK":
            seen += 1
            out.append("JK" if seen == 1 else f"JK#{seen}")
        else:
            out.append(i)
    return out


def _sig(ids: list[str]) -> str:
    return ".".join(sorted(ids))


# --- the view ------------------------------------------------------------------------------------

def _effects(history: list[Any], rules: DaifugoRules, start: int) -> tuple[list[dict[str, JSON]], int]:
    """The effects of the latest play (after its event) and the index of that play event."""
    last = -1
    for i in range(len(history) - 1, start - 1, -1):
        if history[i][0] in ("play", "four_stop"):
            last = i
            break
    if last < 0:
        return [], -1
    play = str(history[last][2])
    ids = [t if not t.startswith("JK=") else "J" + t[4] for t in play.split(".")] if play not in ("JK", "JK.JK") else []
    ranks = {t[1] for t in ids}
    out: list[dict[str, JSON]] = []
    c, o = rules.clears, rules.order
    for ev in history[last + 1:]:
        kind = ev[0]
        if kind in ("play", "pass", "four_stop"):
            break
        if kind == "revolution":
            out.append({"kind": "revolution" if ev[1] else "counter_revolution"})
        elif kind == "revolution_pending":
            out.append({"kind": "revolution_pending"})
        elif kind in ("lock", "number_lock", "colour_lock", "lock_released", "reverse", "omen", "great_revolution",
                      "miyako_ochi", "kyoto_ochi", "gekokujo", "forbidden_finish"):
            out.append({"kind": kind})
        elif kind == "skip":
            out.append({"kind": "skip", "seats": list(ev[1])})
        elif kind == "out":
            out.append({"kind": "out", "seat": ev[1], "place": ev[2]})
        elif kind == "clear":
            if c.eight_cut and "8" in ranks:
                out.append({"kind": "eight_cut"})
            elif c.q_cut and "Q" in ranks:
                out.append({"kind": "q_cut"})
            elif c.spade3_return and play == "S3":
                out.append({"kind": "spade3_return"})
            else:
                out.append({"kind": "clear"})
    if o.eleven_back.value != "off" and "J" in ranks and len({t[1] for t in ids}) == 1:
        out.insert(0, {"kind": "eleven_back"})
    return out, last


def _bomb_ranks(action: str) -> list[str]:
    """The ranks a Q-bomber action names, weakest first.

    >>> _bomb_ranks("bomb:5.T"), _bomb_ranks("bomb:-")
    (['5', 'T'], [])
    """
    _, mask = parse_action(action)
    return [RANKS[r - 1] for r in range(1, 14) if mask >> r & 1]


def _bomb(state: DaifugoState, legal: Sequence[str], pending: Any, lang: str) -> dict[str, JSON]:
    """The Q-bomber choice: the rank buttons and every legal selection with its action string."""
    options: list[dict[str, JSON]] = [
        {"action": a, "ranks": list(_bomb_ranks(a)), "label": state.describe(a, lang)} for a in legal
    ]
    named = {r for o in options for r in _bomb_ranks(str(o["action"]))}
    up_to = int(pending["up_to"]) if isinstance(pending, dict) else 1
    return {"ranks": [{"id": r, "text": RANK_TEXT.get(r, r)} for r in RANKS if r in named],
            "max": min(up_to, 13), "options": options}


def _standings(scores: list[int]) -> list[JSON]:
    """The seats by match points, most first (ties in seat order).

    >>> _standings([3, 7, 3, 9])
    [3, 1, 0, 2]
    """
    order = sorted(range(len(scores)), key=lambda p: -scores[p])
    return list[JSON](order)


def _ranks(scores: list[int]) -> list[JSON]:
    """Each seat's place by match points (1 = most); equal points share a place.

    >>> _ranks([3, 7, 3, 9])
    [3, 2, 3, 1]
    """
    return [1 + sum(1 for q in scores if q > x) for x in scores]



def _revealed(ctx: TableContext, inverted: bool) -> list[dict[str, JSON]] | None:
    """Every seat's hand at the position on screen, when replaying a finished match (its whole
    record is public then: the link of a finished game carries every card).  ``None`` while the
    match is in progress or at its very end."""
    end = len(ctx.actions)
    if len(ctx.states) != end + 1 or not ctx.states[-1].is_terminal() or ctx.cursor >= end:
        return None
    state = ctx.state
    out: list[dict[str, JSON]] = []
    for p in range(state.num_players):
        ids = [str(c) for c in state.observation(p)["hand"]]  # type: ignore[union-attr]
        ordered = sorted(ids, key=lambda c: (_strength(c, inverted), SUIT_ORDER.find(c[0])))
        out.append({"seat": p, "cards": [{"id": c, "note": ""} for c in ordered]})
    return out


def _game_points(ctx: TableContext) -> list[list[int]]:
    """Each finished game's points by seat, up to the position on screen, read from the
    engine's match scores (they change only when a game ends, and every game gives its
    winner points), so the view never repeats the scoring rules."""
    out: list[list[int]] = []
    last = ctx.states[0].returns()
    for st in ctx.states[1: ctx.cursor + 1]:
        now = st.returns()
        if now != last:
            out.append([round(a - b) for a, b in zip(now, last, strict=True)])
            last = now
    return out


def table_view(ctx: TableContext) -> dict[str, JSON]:
    state = ctx.state
    assert isinstance(state, DaifugoState)
    rules = state.rules
    n = state.num_players
    viewer = ctx.viewer if 0 <= ctx.viewer < n else -1
    obs: dict[str, Any] = dict(state.observation(viewer))
    phase = str(obs["phase"])
    history: list[Any] = list(obs["history"])
    at_end = ctx.cursor == len(ctx.actions)
    to_move = state.current_player
    my_turn = (viewer >= 0 and to_move == viewer and at_end and ctx.seat_kinds[viewer] == "human")
    inverted = bool(obs["inverted"])

    # the hand, keyed (two jokers apart) and in two orders
    hand_ids: list[str] = list(obs["hand"])
    keys = _keys(hand_ids)
    hand = [{"key": k, "id": i} for k, i in zip(keys, hand_ids, strict=True)]
    by_strength = sorted(hand, key=lambda c: (_strength(str(c["id"]), inverted), SUIT_ORDER.find(str(c["id"])[0])))
    by_suit = sorted(hand, key=lambda c: (str(c["id"]) == "JK", SUIT_ORDER.find(str(c["id"])[0]),
                                          _strength(str(c["id"]), False)))

    # the current trick (since the last clear / lead) and the latest effect
    trick_start = 0
    for i in range(len(history) - 1, -1, -1):
        if history[i][0] in ("clear", "lead", "game"):
            trick_start = i + 1
            break
    trick: list[dict[str, JSON]] = []
    for i in range(trick_start, len(history)):
        ev = history[i]
        if ev[0] in ("play", "four_stop"):
            trick.append({"key": i, "seat": ev[1], "kind": "play", "cards": play_cards(str(ev[2]))})
        elif ev[0] == "pass":
            trick.append({"key": i, "seat": ev[1], "kind": "pass", "cards": []})
    game_start = 0
    for i in range(len(history) - 1, -1, -1):
        if history[i][0] == "game":
            game_start = i
            break
    effects, effect_at = _effects(history, rules, game_start)

    # the log of this game (structured: the page words it)
    log: list[dict[str, JSON]] = []
    for i in range(game_start, len(history)):
        ev = history[i]
        kind = str(ev[0])
        item: dict[str, JSON] = {"key": i, "kind": kind}
        if kind in ("play", "four_stop"):
            item.update(seat=ev[1], cards=play_cards(str(ev[2])))
        elif kind in ("pass", "lead", "clear", "dealer", "forbidden_finish", "miyako_ochi", "kyoto_ochi", "gekokujo",
                      "omen", "four_stop_declined"):
            item.update(seat=ev[1])
        elif kind == "out":
            item.update(seat=ev[1], place=ev[2])
        elif kind in ("revolution", "revolution_pending"):
            item.update(on=bool(ev[1]))
        elif kind in ("tribute", "return", "give"):
            item.update(seat=ev[1], to=ev[2])
            if isinstance(ev[3], str):
                item.update(cards=play_cards(ev[3]), private=True)
            else:
                item.update(count=ev[3])
        elif kind == "discard":
            item.update(seat=ev[1], cards=play_cards(str(ev[2])))
        elif kind == "bomb":
            item.update(seat=ev[1], ranks=[RANK_TEXT.get(RANKS[r - 1], RANKS[r - 1]) for r in ev[2]])
        elif kind == "skip":
            item.update(seats=list(ev[1]))
        elif kind == "reverse":
            item.update(direction=ev[1])
        elif kind == "result":
            item.update(placing=list(ev[1]))
        elif kind == "game":
            item.update(game=ev[1])
        elif kind in ("seats", "dealt", "lock", "number_lock", "colour_lock", "lock_released", "great_revolution",
                      "tenpen_chii", "stalemate", "pass_limit", "revolution_choice"):
            pass
        log.append(item)
    # drop the public count line of a transfer the viewer saw in full
    private = {(x["kind"], x["seat"], x["to"]) for x in log if x.get("private")}
    log = [x for x in log if "count" not in x or (x["kind"], x["seat"], x["to"]) not in private]

    # the exchange of this game
    exchange: list[dict[str, JSON]] = [
        {k: v for k, v in x.items() if k in ("kind", "seat", "to", "cards", "count")}
        for x in log if x["kind"] in ("tribute", "return")
    ]

    # seats around the table, the viewer (or table position 0) first
    order: list[int] = list(obs["order"]) or list(range(n))
    if len(order) != n:
        order = list(range(n))
    first = order.index(viewer) if viewer in order else 0
    ring = order[first:] + order[:first]
    classes = obs["classes"]
    passed = set(obs["passed"])
    out_list: list[int] = list(obs["out"])
    field = obs["field"]
    seats: list[dict[str, JSON]] = []
    for p in ring:
        seats.append({
            "seat": p,
            "count": obs["counts"][p],
            "title": classes[p] if classes is not None else None,
            "passed": p in passed,
            "out": out_list.index(p) + 1 if p in out_list else 0,
            "offender": p in obs["offenders"],
            "fallen": obs["fallen"] == p,
            "owner": field is not None and field["by"] == p,
            "active": to_move == p,
            "me": p == viewer,
            "kind": ctx.seat_kinds[p] if p < len(ctx.seat_kinds) else "human",
        })

    # what the viewer may do
    mode = "wait"
    choices: list[dict[str, JSON]] = []
    can_pass = False
    pass_action: str | None = None
    select: dict[str, JSON] | None = None
    bomb: dict[str, JSON] | None = None
    pending = obs.get("pending")
    if phase == "over":
        mode = "over"
    elif my_turn:
        mode = MODES.get(phase, "wait")
        legal = state.legal_actions()
        if mode in ("play", "select"):
            sizes: set[int] = set()
            for a in legal:
                if a == "pass":
                    can_pass = True
                    pass_action = a
                    continue
                body = a.partition(":")[2] if mode == "select" else a
                cards = play_cards(body) if mode == "select" or a not in ("JK", "JK.JK") else (
                    [{"id": "JK", "note": ""}] * (2 if a == "JK.JK" else 1))
                ids = [str(c["id"]) for c in cards]
                sizes.add(len(ids))
                notes = [str(c["note"]) for c in cards if c["note"]]
                choices.append({"action": a, "sig": _sig(ids), "ids": ids, "standin": " ".join(notes),
                                "label": state.describe(a, ctx.lang)})
            if mode == "select":
                assert isinstance(pending, dict) or phase in ("seven_pass", "ten_discard")
                info = pending if isinstance(pending, dict) else {}
                select = {
                    "kind": phase, "to": info.get("to"),
                    "min": min(sizes) if sizes else 0, "max": max(sizes) if sizes else 0,
                    "none": next((str(c["action"]) for c in choices if not c["ids"]), None),
                }
        elif mode == "bomb":
            bomb = _bomb(state, legal, pending, ctx.lang)
        elif mode == "revolt":
            choices = [{"action": a, "label": state.describe(a, ctx.lang)} for a in legal]

    # results and the scoreboard
    results: list[dict[str, JSON]] = []
    set_games = rules.match.set_games
    points = _game_points(ctx)
    assert len(points) == len(obs["results"]), "every finished game changes the match scores"
    for g, placing in enumerate(obs["results"], start=1):
        places = [list(placing).index(p) for p in range(n)]
        results.append({
            "game": g,
            "set": (g - 1) // set_games + 1 if set_games else 1,
            "new_set": bool(set_games) and g > 1 and (g - 1) % set_games == 0,
            "placing": list(placing),
            "points": list(points[g - 1]),
            "classes": [class_id(places[p], n) for p in range(n)],
        })
    scores: list[int] = list(obs["scores"])

    strip: dict[str, JSON] = {
        "revolution": bool(obs["revolution"]),
        "back": bool(obs["back"]),
        "inverted": inverted,
        "lock": list(obs["lock"]),
        "number_lock": (RANK_TEXT.get(str(obs["number_lock"]), obs["number_lock"])
                        if obs["number_lock"] is not None else None),
        "colour_lock": obs["colour_lock"],
        "direction": obs["direction"],
        "pending": pending,
        "effects": effects,
        "effect_key": f"{obs['game']}:{effect_at}" if effect_at >= 0 else None,
    }
    view: dict[str, JSON] = {
        "players": n,
        "me": viewer,
        "phase": phase,
        "mode": mode,
        "replaying": not at_end,
        "game_no": obs["game"],
        "games": obs["games"],
        "set_games": rules.match.set_games,
        "to_move": to_move,
        "seats": seats,
        "hand": hand,
        "hand_strength": [str(c["key"]) for c in by_strength],
        "hand_suit": [str(c["key"]) for c in by_suit],
        "choices": choices,
        "can_pass": can_pass,
        "pass_action": pass_action,
        "select": select,
        "bomb": bomb,
        "field": ({"seat": field["by"], "cards": play_cards(str(field["play"]))} if field is not None else None),
        "trick": trick,
        "strip": strip,
        "exchange": exchange,
        "log": log[-60:],
        "results": results,
        "scores": scores,
        "standings": _standings(scores),
        "ranks": _ranks(scores),
        "revealed": _revealed(ctx, inverted),
        "first_game": classes is None,
        "discarded": len(obs["played"]),
    }
    return view


# --- the rules panel -----------------------------------------------------------------------------
#
# Everything here is built from the rules' data (``DaifugoRules.options()``, the presets, the
# engine's ``validate``), so an option added to the engine shows up in the panel, the help and the
# conflict list without a change here or in the page; the page words each option from its own
# strings (``daifugo.opt.<path>.name`` …).

MAX_CONFLICTS = 12
"""The panel lists at most this many conflicts (each found after assuming the ones before it fixed)."""


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, enum.Enum):
        return "enum"
    if isinstance(value, int):
        return "int"
    if isinstance(value, tuple):
        return "set"
    return "str"  # pragma: no cover - every option is one of the above


def _choices(rules: DaifugoRules, path: str) -> list[str] | None:
    value = rules.get(path)
    if isinstance(value, enum.Enum):
        return [m.value for m in type(value)]
    if isinstance(value, tuple):
        return list(FORBIDDEN_ITEMS)
    return None


def _plain(value: Any) -> JSON:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return list(value)
    assert isinstance(value, (bool, int, str))
    return value


def option_groups(rules: DaifugoRules) -> list[tuple[str, list[str]]]:
    """The option paths grouped as the rules group them (``deck``, ``match``, …), in field order.

    >>> [g for g, _ in option_groups(DaifugoRules.default())][:3]
    ['deck', 'match', 'forms']
    """
    groups: dict[str, list[str]] = {}
    for path, _ in rules.options():
        groups.setdefault(path.split(".")[0], []).append(path)
    return list(groups.items())


def usual_players(preset: str) -> int:
    """The player count a preset is usually played with (the game's default when it allows it).

    >>> [usual_players(p) for p in ("popular", "jdf", "uecda", "two_player")]
    [4, 4, 5, 2]
    """
    counts = PRESET_PLAYERS.get(preset, ())
    if not counts or INFO.default_players in counts:
        return INFO.default_players
    return counts[0]


def _problem(rules: DaifugoRules, players: int | None) -> str | None:
    """The engine's reason for refusing ``rules`` (at ``players`` seats), or ``None``."""
    try:
        if players is None:
            rules.validate()
        else:
            rules.validate_for(players)
    except EngineError as exc:
        return str(exc)
    return None


def _paths_in(message: str, paths: Sequence[str]) -> list[str]:
    """The option paths a message names, in the order they appear.

    >>> _paths_in("clears.four_stop needs clears.eight_cut", ["clears.eight_cut", "clears.four_stop"])
    ['clears.four_stop', 'clears.eight_cut']
    """
    found: list[tuple[int, str]] = []
    for path in paths:
        m = re.search(rf"(?<![\w.]){re.escape(path)}(?![\w])", message)
        if m:
            found.append((m.start(), path))
    return [p for _, p in sorted(found)]


def _alternatives(rules: DaifugoRules, path: str) -> list[Any]:
    """The values worth trying for ``path`` as a one-click fix (the current value excluded)."""
    value = rules.get(path)
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, enum.Enum):
        return [m for m in type(value) if m is not value]
    if isinstance(value, int):
        lo, hi = INT_RANGES.get(path, (value, value))
        wanted = list(range(lo, hi + 1)) if hi - lo <= 8 else [DaifugoRules().get(path), lo]
        wanted += [preset.get(path) for preset in DaifugoRules.presets().values()]
        return sorted({v for v in wanted if v != value and lo <= v <= hi})
    if isinstance(value, tuple):
        return [tuple(x for x in value if x != item) for item in value]
    return []  # pragma: no cover


Fix = dict[str, Any]
"""A one-click fix: ``{"set": {path: value}}``, ``{"players": n}`` or ``{"preset": name}``."""


def _apply_fix(rules: DaifugoRules, players: int | None, fix: Fix) -> tuple[DaifugoRules, int | None]:
    if "preset" in fix:
        return DaifugoRules.preset(fix["preset"]), players
    if "players" in fix:
        return rules, int(fix["players"])
    for path, value in fix["set"].items():
        rules = rules.with_option(path, value)
    return rules, players


def _fixes(rules: DaifugoRules, players: int | None, message: str, changed: str | None) -> list[Fix]:
    """One-click fixes for ``message`` (the first problem of ``rules``), best first.

    A fix changes one option the message names, the number of players, or (when the players do
    not fit) the preset.  Worst: makes a problem about the option it changes.  Otherwise a fix
    that keeps the player's choices (the option just changed, ``changed``, and every option set
    apart from the preset) comes first;
    then one that leaves nothing wrong before one that lets another, already present problem come
    first; then an option before the player count before a preset; then one that goes back to
    the preset's value."""
    paths = [p for p, _ in rules.options()]
    named = _paths_in(message, paths)
    base = DaifugoRules.preset(rules.encode().split("~")[0].partition(".")[2])
    candidates: list[Fix] = [{"set": {p: v}} for p in named for v in _alternatives(rules, p)]
    about_players = players is not None and _problem(rules, None) is None
    if about_players:
        assert players is not None
        nearest = sorted(range(2, 9), key=lambda n: (abs(n - players), n))
        candidates += [{"players": n} for n in nearest if n != players]
        candidates += [{"preset": name} for name, counts in PRESET_PLAYERS.items() if players in counts
                       and DaifugoRules.preset(name) != rules]
    scored: list[tuple[tuple[int, ...], int, Fix]] = []
    for order, fix in enumerate(candidates):
        after, n = _apply_fix(rules, players, fix)
        problem = _problem(after, n)
        if problem == message:
            continue
        touched = next(iter(fix["set"])) if "set" in fix else None
        if problem is None:
            badness = 0
        elif touched is not None and touched in _paths_in(problem, paths):
            badness = 2
        else:
            badness = 1
        if "players" in fix:
            badness = max(badness, 1) if problem else badness
        # a problem about the number of players is best fixed by the number of players
        kind = (0 if "players" in fix else 1 if "set" in fix else 2) if about_players else (
            0 if "set" in fix else 1 if "players" in fix else 2)
        # the player's own choices: the option just changed and every option set apart from the preset
        mine = touched is not None and (touched == changed or rules.get(touched) != base.get(touched))
        keeps = 1 if mine else 0
        back = 0 if touched is not None and after.get(touched) == base.get(touched) else 1
        scored.append(((badness == 2, keeps, badness, kind, back), order, fix))
    scored.sort(key=lambda x: (x[0], x[1]))
    out: list[Fix] = []
    for _, _, fix in scored:
        plain = {"set": {p: _plain(v) for p, v in fix["set"].items()}} if "set" in fix else fix
        # one value per option, one player count and one preset are enough to offer
        same = [f for f in out if ("set" in f and "set" in plain and f["set"].keys() == plain["set"].keys())
                or any(kind in plain and kind in f for kind in ("players", "preset"))]
        if not same:
            out.append(plain)
    return out


def conflicts(rules: DaifugoRules, players: int | None = None,
              changed: str | None = None) -> list[dict[str, JSON]]:
    """Every problem of ``rules`` at once, each with the options it names (and their values), whether
    it is about the number of players, and its one-click fixes (best first).

    The engine's ``validate`` reports one problem at a time; the next ones are found by assuming
    the best fix of each made.  ``message`` is the engine's English text (for logs); the page words
    a conflict from the option names and values in its own strings.

    >>> no_cut = DaifugoRules.preset("popular").with_option("clears.eight_cut", False)
    >>> c = conflicts(no_cut, 4, "clears.eight_cut")
    >>> [x["options"][0]["path"] for x in c]
    ['clears.eight_cut_joker', 'finishing.forbidden_finish']
    >>> c[0]["fixes"][0]
    {'set': {'clears.eight_cut_joker': False}}
    >>> conflicts(DaifugoRules.preset("jdf"), 5)[0]["fixes"][0]
    {'players': 4}
    """
    out: list[dict[str, JSON]] = []
    paths = [p for p, _ in rules.options()]
    scratch, n = rules, players
    for _ in range(MAX_CONFLICTS):
        message = _problem(scratch, n)
        if message is None:
            break
        named = _paths_in(message, paths)
        fixes = _fixes(scratch, n, message, changed)
        out.append({
            "message": message,
            "options": [{"path": p, "kind": _kind(rules.get(p)), "value": _plain(rules.get(p))}
                        for p in named],
            "players": players if _problem(scratch, None) is None else None,
            "fixes": list(fixes[:3]),
        })
        if not fixes:
            break
        scratch, n = _apply_fix(scratch, n, fixes[0])
    return out


def _option_json(rules: DaifugoRules, base: DaifugoRules, path: str) -> dict[str, JSON]:
    value = rules.get(path)
    opt: dict[str, JSON] = {
        "path": path, "kind": _kind(value), "value": _plain(value),
        "base": _plain(base.get(path)), "changed": base.get(path) != value,
    }
    ch = _choices(rules, path)
    if ch is not None:
        opt["choices"] = list(ch)
    if path in INT_RANGES:
        lo, hi = INT_RANGES[path]
        opt["min"], opt["max"] = lo, hi
    return opt


def rules_panel(encoding: str | None, players: int | None = None,
                changed: str | None = None) -> dict[str, JSON]:
    """Every option of the rules, grouped, with its kind, choices and the nearest preset's value,
    plus every conflict with its fixes (the set-up form's rules panel and the table's help).

    >>> p = rules_panel("1.basic", 4)
    >>> p["preset"], p["error"], p["conflicts"], p["groups"][0]["id"]
    ('basic', None, [], 'deck')
    >>> [o for o in p["groups"][4]["options"] if o["path"] == "clears.eight_cut"][0]["value"]
    False
    >>> p["usual_players"]["uecda"]
    5
    """
    rules = _decode_lenient(encoding)
    base_name = rules.encode().split("~")[0].partition(".")[2]
    base = DaifugoRules.preset(base_name)
    groups: list[dict[str, JSON]] = [
        {"id": g, "options": [_option_json(rules, base, p) for p in ps]} for g, ps in option_groups(rules)
    ]
    found = conflicts(rules, players, changed)
    return {
        "rules": rules.encode(),
        "preset": rules.preset_name(),
        "base": base_name,
        "players": {name: list(ps) for name, ps in PRESET_PLAYERS.items()},
        "usual_players": {name: usual_players(name) for name in PRESET_PLAYERS},
        "groups": groups,
        "conflicts": found,
        "error": str(found[0]["message"]) if found else None,
    }


def rules_set(encoding: str | None, changes: dict[str, Any], players: int | None = None) -> dict[str, JSON]:
    """Apply option changes; an incompatible result is kept and explained (with its fixes), never
    fixed behind the player's back.

    >>> r = rules_set("1.basic", {"clears.four_stop": True}, 4)
    >>> r["rules"], r["error"]
    ('2.basic~clears.four_stop=1', 'clears.four_stop needs clears.eight_cut (4-stop cancels an 8-cut)')
    >>> [f for f in r["conflicts"][0]["fixes"]]
    [{'set': {'clears.eight_cut': True}}, {'set': {'clears.four_stop': False}}]
    >>> rules_set(r["rules"], {"clears.eight_cut": True}, 4)["error"] is None
    True
    """
    rules = _decode_lenient(encoding)
    for path, value in changes.items():
        current = rules.get(path)
        if isinstance(current, tuple) and isinstance(value, list):
            value = tuple(str(v) for v in value)
        elif isinstance(current, bool) and not isinstance(value, bool):
            value = bool(value)
        elif isinstance(current, int) and not isinstance(current, bool) and isinstance(value, str):
            value = int(value)
        rules = rules.with_option(path, value)
    changed = next(iter(changes), None) if len(changes) == 1 else None
    found = conflicts(rules, players, changed)
    return {"rules": rules.encode(), "preset": rules.preset_name(), "conflicts": found,
            "error": str(found[0]["message"]) if found else None}


def _decode_lenient(encoding: str | None) -> DaifugoRules:
    """Decode an encoding without refusing an incompatible combination (the panel shows it)."""
    if not encoding:
        return DaifugoRules.default()
    return DaifugoRules.decode(encoding, validate=False)


def page_strings(lang: str) -> dict[str, str]:
    """The page's words for every option, value and group of the rules, in ``lang``, from
    :mod:`pyengine.daifugo.options` (their one source): ``daifugo.opt.<path>.name``, ``daifugo.opt.<path>``
    (what it does), ``daifugo.opt.<path>.example``, ``daifugo.opt.<path>.val.<value>``,
    ``daifugo.group.<group>``.

    >>> s = page_strings("en")
    >>> s["daifugo.opt.clears.eight_cut.name"], s["daifugo.group.locks"]
    ('8-cut', 'Locks')
    """
    out: dict[str, str] = {}
    for path in OPTIONS:
        text = option_text(path, lang)
        key = f"daifugo.opt.{path}"
        out[f"{key}.name"], out[key], out[f"{key}.example"] = text.name, text.explain, text.example
        out.update({f"{key}.val.{value}": line for value, line in text.values.items()})
    out.update({f"daifugo.group.{group}": group_text(group, lang) for group in GROUPS})
    return out


def ui_call(session: Any, name: str, args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The table's own calls from the page (``ctx.gameCall(name, args)``)."""
    players = args.get("players")
    players = int(players) if players is not None else None
    if name == "rules_panel":
        changed = args.get("changed")
        return rules_panel(args.get("rules"), players, str(changed) if changed else None)
    if name == "rules_set":
        return rules_set(args.get("rules"), dict(args.get("changes") or {}), players)
    raise ValueError(msg("unknown Daifugō table call {name}", name=repr(name)))


__all__ = ["conflicts", "option_groups", "play_cards", "rules_panel", "rules_set", "table_view", "ui_call",
           "usual_players"]
