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

:func:`ui_call` serves the rules panel of the set-up form (``rules_panel``, ``rules_set``: see
:mod:`pyengine.app.views.daifugo_rules_panel`), and :func:`page_strings` words its options.

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

from collections.abc import Sequence
from typing import Any

from ...core.game import JSON
from ...core.messages import msg
from ...daifugo.cards import RANKS
from ...daifugo.notation import parse_action
from ...daifugo.options import GROUPS, OPTIONS, group_text, option_text
from ...daifugo.rules import DaifugoRules
from ...daifugo.scoring import class_id
from ...daifugo.state import DaifugoState
from . import TableContext
from .daifugo_rules_panel import rules_panel, rules_set

SUIT_ORDER = "SHDC"
RANK_TEXT = {"T": "10", "-": "↓3", "+": "↑2"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "*": "★"}
MODES = {
    "play": "play", "four_stop": "play", "tribute": "select", "return": "select", "seven_pass": "select",
    "ten_discard": "select", "q_bomber": "bomb", "revolution_choice": "revolt",
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


__all__ = ["page_strings", "play_cards", "table_view", "ui_call"]
