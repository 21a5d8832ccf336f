"""Chabashi's table view model: what the page's Chabashi table (``web/tables/chabashi.js``) draws.

:func:`table_view` is built only from what the viewer may know: the viewer's observation of the
position on screen (and of the last finished hand), the legal actions when the viewer is a human
to act, and public facts.  Other seats' hidden cards appear as ``None`` and nothing else about
them is ever looked at.  Every text the page shows is a key of ``web/i18n/chabashi.<lang>.json``
plus values, except the engine's own action descriptions (``label``).

Cards are written by their codes (``R5``); a card in a row is ``{"card": code | None, "up": bool,
"key": str}`` where ``key`` is what a pick path (below) names: ``h:R5`` (one of the viewer's hand
cards), ``f:2`` (the viewer's floor card 2), ``c:1`` (centre card 1).

The viewer's choices (``actions``) come grouped for the UI:

* ``buttons``: one-click actions (``draw:0`` … ``draw:2``, ``decline``, ``pass``, the betting
  actions with the chips they put in);
* ``picks``: choices made by picking cards, each a group ``{"id", "label_key", "steps",
  "options": [{"path": [key, ...], "action", "label"}]}``: the page highlights the cards that
  continue some path and plays the action once a whole path is picked.  The 8-1 swap is a
  two-card path (a hand card, then a floor card).

>>> from pyengine.chabashi.game import GAME
>>> from pyengine.app.views import TableContext
>>> s = GAME.new_initial_state(num_players=3)
>>> for a in "R1 R2 R3 R4  B1 B2  Y1 Y2  Y3 Y4  G1 G2 G3 G4".split():
...     s = s.apply(a)
>>> v = table_view(TableContext([s], [], 0, 0, "en", ("human",) * 3))
>>> v["step"], [b["action"] for b in v["actions"]["buttons"]], v["seats"][0]["hand"]
('draw', ['draw:0', 'draw:1', 'draw:2'], [{'card': 'G1', 'up': False, 'key': 'h:G1'}, {'card': 'G3', 'up': False, 'key': 'h:G3'}])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ...chabashi.cards import CODES, DECK, cards
from ...chabashi.describe import describe
from ...chabashi.hands import (
    BARRED_WITH_THREE,
    KOREAN,
    SEED_ORDER,
    Evaluator,
    HandValue,
    evaluator,
    full_order,
    why_stronger,
)
from ...chabashi.notation import parse_action
from ...chabashi.rules import ChabashiRules
from ...chabashi.scoring import build_pots
from ...chabashi.state import ChabashiState
from ...core.game import JSON
from ...core.messages import msg
from ...core.rng import Pcg32
from . import SessionLike, TableContext

EXAMPLE_TRIES = 20000
"""Random 4-card sets tried for the help's examples before an ordered search finds the rarest hands."""
_SPLITS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2), (1, 2, 0, 3), (1, 3, 0, 2), (2, 3, 0, 1))
"""The six ways to split a 4-card set into 2 hand cards and 2 floor cards (positions)."""

ROMAN: dict[str, str] = {
    "gongpaegun": "gong-pae-gun", "wanjeonwon": "wan-jeon-won", "jinhongok": "jin-hon-gok",
    "sasaekyeon": "sa-saek-yeon", "honseonyahaeng": "hon-seon-ya-haeng", "yasaekgunju": "ya-saek-gun-ju",
    "seonjihaengjin": "seon-ji-haeng-jin", "samyeonpae": "sam-yeon-pae", "dasaekjikseon": "da-saek-jik-seon",
    "ssangyeonpae": "ssang-yeon-pae", "juyeompae": "ju-yeom-pae", "suryupae": "su-ryu-pae",
    "noeroesin": "noe-roe-sin", "sujeonpae": "su-jeon-pae", "yeonpae": "yeon-pae", "kkeut": "kkeut",
    "choegopae": "choe-go-pae", "geon": "geon", "ji": "ji", "seon": "seon",
}
"""The romanisation of every hand name (§12); the page adds a translation from its strings."""

_BET_VERBS = ("check", "bet", "call", "raise", "fold")


def hand_name(category: str) -> dict[str, str]:
    """A hand's names: its id, the Korean name and the romanisation.

    >>> hand_name("yeonpae")
    {'id': 'yeonpae', 'ko': '연패', 'roman': 'yeon-pae'}
    """
    return {"id": category, "ko": KOREAN[category], "roman": ROMAN[category]}


def _row(entries: Sequence[Mapping[str, Any]], prefix: str | None) -> list[dict[str, JSON]]:
    return [{"card": e["card"], "up": bool(e["up"]), "key": f"{prefix}:{i + 1}" if prefix else None}
            for i, e in enumerate(entries)]


def _step(obs: Mapping[str, Any]) -> str:
    phase = obs["phase"]
    if phase in ("draw", "drawcard", "follow"):
        return "draw" if phase != "follow" else "follow"
    if phase == "bet":
        return f"bet{obs['bet_round']}"
    if phase == "interact":
        return "interact"
    if phase == "over":
        return "over"
    if phase == "between":
        return "result" if obs.get("result") else "start"
    return "deal"


def _amounts(obs: Mapping[str, Any], seat: int) -> dict[str, int]:
    """Chips each betting action puts in for ``seat`` (public: chips, contributions, the unit)."""
    to_call = obs["to_call"]
    unit = obs["bet_unit"]
    chips = obs["chips"][seat]
    return {"check": 0, "fold": 0, "bet": unit, "call": min(to_call, chips), "raise": to_call + unit}


def _actions(state: ChabashiState, obs: Mapping[str, Any], seat: int, lang: str) -> dict[str, JSON] | None:
    legal = state.legal_actions()
    if not legal:
        return None
    buttons: list[dict[str, JSON]] = []
    picks: dict[str, dict[str, Any]] = {}
    round_put = obs["round_put"][seat] if obs["round_put"] else 0

    def pick(group: str, path: list[str], action: str) -> None:
        g = picks.setdefault(group, {"id": group, "label_key": f"chabashi.pick.{group}",
                                     "steps": len(path), "options": []})
        g["options"].append({"path": path, "action": action, "label": describe(action, lang)})

    for action in legal:
        a = parse_action(action)
        kind = a[0]
        if kind in _BET_VERBS:
            put = _amounts(obs, seat)[kind]
            buttons.append({"action": action, "id": kind, "label": describe(action, lang), "amount": put,
                            "total": round_put + put,
                            "all_in": kind == "call" and put < obs["to_call"] or (put > 0 and put == obs["chips"][seat])})
        elif kind in ("draw", "decline", "pass"):
            buttons.append({"action": action, "id": kind if kind != "draw" else f"draw{a[1]}",
                            "label": describe(action, lang), "amount": a[1] if kind == "draw" else None})
        elif kind == "swap":
            pick("swap", [f"h:{a[1]}", f"f:{a[2]}"], action)
        elif kind in ("take", "turn", "late:take", "late:turn"):
            pick(kind.replace(":", "_"), [f"f:{a[1]}"], action)
        elif kind == "centre":
            pick("centre", [f"c:{a[1]}"], action)
    order = {k: i for i, k in enumerate(("draw0", "draw1", "draw2", "decline", "pass",
                                         "check", "call", "bet", "raise", "fold"))}
    buttons.sort(key=lambda b: order.get(str(b["id"]), 99))
    group_order = ("take", "turn", "swap", "late_take", "late_turn", "centre")
    kind = {"draw": "draw", "follow": "follow", "interact": "interact", "bet": "bet"}[state.phase]
    return {"kind": kind, "buttons": buttons,
            "picks": [picks[g] for g in group_order if g in picks]}


def _prompt(obs: Mapping[str, Any], viewer: int, mine: bool, seat_kinds: Sequence[str]) -> dict[str, JSON]:
    step = _step(obs)
    actor = obs["to_act"]
    if step == "over":  # who finished first, and with what (the standings below say the rest)
        first = [s for s in _standings(obs["chips"]) if s["place"] == 1]
        if len(first) > 1:
            return {"key": "chabashi.prompt.over_shared", "vars": {"n": len(first), "chips": first[0]["chips"]}}
        return {"key": "chabashi.prompt.over", "vars": {"seat": first[0]["seat"], "chips": first[0]["chips"]}}
    if not mine:
        if actor < 0:
            return {"key": "chabashi.prompt.dealing", "vars": {}}
        return {"key": f"chabashi.prompt.wait_{step}", "vars": {"seat": actor}}
    if step == "follow":
        return {"key": f"chabashi.prompt.follow{obs['drawn']}", "vars": {}}
    if step in ("bet1", "bet2"):
        if obs["to_call"]:
            return {"key": "chabashi.prompt.bet_facing", "vars": {"to_call": obs["to_call"], "unit": obs["bet_unit"]}}
        return {"key": "chabashi.prompt.bet_open", "vars": {"unit": obs["bet_unit"]}}
    return {"key": f"chabashi.prompt.{step}", "vars": {}}


def _last_result(ctx: TableContext) -> dict[str, JSON] | None:
    """The outcome of the last finished hand at or before the cursor, as the viewer saw it."""
    at = None
    for i in range(ctx.cursor, -1, -1):
        s = ctx.states[i]
        assert isinstance(s, ChabashiState)
        if s.result:
            at = i
            break
    if at is None:
        return None
    end = ctx.states[at]
    assert isinstance(end, ChabashiState)
    before = end
    for i in range(at - 1, -1, -1):
        s = ctx.states[i]
        assert isinstance(s, ChabashiState)
        if s.phase in ("between",) and s.hand_no == end.hand_no - 1:
            before = s
            break
    obs: dict[str, Any] = dict(end.observation(ctx.viewer))
    result = obs["result"]
    assert isinstance(result, Mapping)
    hands: list[dict[str, JSON]] = []
    for hand in result["hands"]:
        hands.append({"seat": hand["seat"], **hand_name(hand["category"]), "hand": hand["hand"],
                      "pair": hand["pair"], "pair_positions": hand["pair_positions"],
                      "defining": hand["defining"], "kickers": hand["kickers"],
                      "floor": _row(obs["floors"][hand["seat"]], None)})
    dealer = result["dealer_hand"]
    dealer_json: dict[str, JSON] | None = None
    if isinstance(dealer, Mapping):
        dealer_json = {**hand_name(dealer["category"]), "hand": dealer["hand"], "pair": dealer["pair"],
                       "defining": dealer["defining"], "kickers": dealer["kickers"]}
    pots = [{"amount": p["amount"], "contestants": p["contestants"], "outcome": p["outcome"],
             "winner": p["winner"]} for p in result["pots"]]
    if result["showdown"]:
        _explain(end, result, pots, hands, dealer_json)
    return {
        "hand_no": result["hand_no"],
        "showdown": result["showdown"],
        "winner": result["winner"],
        "amount": result["amount"],
        "carry_in": result["carry_in"],
        "carry_out": result["carry_out"],
        "carry_shared": result.get("carry_shared"),
        "hands": hands,
        "dealer_hand": dealer_json,
        "dealer": obs["dealer"],
        "dealer_floor": list(obs["dealer_floor"]),
        "centre": _row(obs["centre"], None),
        "pots": pots,
        "delta": [a - b for a, b in zip(end.chips, before.chips, strict=False)],
        "chips": list(end.chips),
        "current": at == ctx.cursor,
    }


def _explain(end: ChabashiState, result: Mapping[str, Any], pots: list[dict[str, Any]],
             hands: list[dict[str, JSON]], dealer: dict[str, JSON] | None) -> None:
    """Why each contested pot went where it went, from the engine's comparison (§9, ``why_stronger``):
    its winner against the best other contestant, and against the dealer hand when that hand counts
    (§7.4); or, when the dealer hand was stronger, the dealer hand against the best contestant.  Each
    reason names its two sides (a seat, or ``"dealer"``).  The hands that win a pot, and the dealer
    hand when it was stronger, are marked ``wins``."""
    ev = end.evaluator
    values: dict[int | str, HandValue] = {h["seat"]: ev.evaluate(cards(h["hand"]), cards(h["pair"]))
                                          for h in result["hands"]}
    if result["dealer_hand"] is not None and end.rules.dealer_mode.value != "ignore":
        d = result["dealer_hand"]
        values["dealer"] = ev.evaluate(cards(d["hand"]), cards(d["pair"]))

    def reason(win: int | str, lose: int | str) -> dict[str, JSON]:
        return {"winner": win, "loser": lose, **why_stronger(values[win], values[lose])}

    winners: set[int | str] = set()
    for pot in pots:
        who = pot["contestants"]
        if len(who) < 2:
            pot["why"] = []
            continue
        ranked = sorted(who, key=lambda q: values[q].key, reverse=True)
        if pot["outcome"] == "won":
            why = [reason(ranked[0], ranked[1])]
            if "dealer" in values:
                why.append(reason(ranked[0], "dealer"))
            winners.add(ranked[0])
        else:  # the dealer hand was stronger than every contestant
            why = [reason("dealer", ranked[0])]
            winners.add("dealer")
        pot["why"] = why
    for h in hands:
        h["wins"] = h["seat"] in winners
    if dealer is not None:
        dealer["wins"] = "dealer" in winners


def _events(obs: Mapping[str, Any]) -> list[dict[str, JSON]]:
    out: list[dict[str, JSON]] = []
    for e in obs["log"]:
        out.append({"event": e["event"], "seat": e["seat"], "value": e.get("value")})
    return out


def _standings(chips: Sequence[int]) -> list[dict[str, JSON]]:
    """Seats by chips, most first, each with its place; equal chips share a place.

    >>> _standings([90, 120, 90])  # doctest: +NORMALIZE_WHITESPACE
    [{'seat': 1, 'chips': 120, 'place': 1}, {'seat': 0, 'chips': 90, 'place': 2},
     {'seat': 2, 'chips': 90, 'place': 2}]
    """
    order = sorted(range(len(chips)), key=lambda p: (-chips[p], p))
    return [{"seat": p, "chips": chips[p], "place": 1 + sum(1 for c in chips if c > chips[p])} for p in order]



def _revealed(ctx: TableContext) -> dict[str, JSON] | None:
    """Every card of the position on screen, face up, when replaying a finished session (its whole
    record is public then: the link of a finished game carries every card).  Each card says
    whether it lies face down on the table.  ``None`` while the session is in progress or at its
    very end."""
    end = len(ctx.actions)
    if len(ctx.states) != end + 1 or not ctx.states[-1].is_terminal() or ctx.cursor >= end:
        return None
    state = ctx.state
    assert isinstance(state, ChabashiState)

    def row(slots: Sequence[tuple[int, bool, int]]) -> list[JSON]:
        return [{"card": CODES[c], "up": bool(up)} for c, up, _ in slots]

    return {
        "centre": row(state.centre),
        "seats": [{"seat": p, "hand": [CODES[c] for c, _ in state.hands[p]] if p < len(state.hands) else [],
                   "floor": row(state.floors[p]) if p < len(state.floors) else []} for p in range(state.n)],
    }


def _deals_next(ctx: TableContext) -> bool:
    """Whether the viewer (a person) deals the hand about to start (3+ seats): the dealer never acts in
    a hand, so the page lets that hand start with the dealer's press instead of letting bots play
    it before the person can follow.  Who deals comes from the engine (the state the next card
    starts), never from a rule written here."""
    state = ctx.state
    assert isinstance(state, ChabashiState)
    viewer = ctx.viewer
    if (ctx.cursor != len(ctx.actions) or state.phase != "between" or viewer < 0
            or ctx.seat_kinds[viewer] != "human"):
        return False
    started = state.apply(state.chance_outcomes()[0][0])
    assert isinstance(started, ChabashiState)
    return started.dealer == viewer and not started.two_player


def table_view(ctx: TableContext) -> dict[str, JSON]:
    """The Chabashi table's view model for ``ctx.viewer`` (see the module docstring)."""
    state = ctx.state
    assert isinstance(state, ChabashiState)
    viewer = ctx.viewer
    obs: dict[str, Any] = dict(state.observation(viewer))
    n = state.num_players
    actor = state.current_player
    mine = (actor >= 0 and actor == viewer and ctx.seat_kinds[viewer] == "human")
    in_hand = obs["phase"] not in ("between", "over") and bool(obs["seat_order"])
    order = list(obs["seat_order"])
    seats: list[dict[str, JSON]] = []
    last_action: dict[int, dict[str, JSON]] = {}
    for e in obs["log"]:
        if e["seat"] >= 0:
            last_action[e["seat"]] = {"event": e["event"], "value": e.get("value")}
    for i in range(n):
        role = "out"
        if obs["active"][i]:
            role = "idle"
            if in_hand or obs["phase"] == "between":
                if i in order:
                    role = "player"
                elif obs["dealer"] == i:
                    role = "dealer"
        floor = obs["floors"][i] if i < len(obs["floors"]) else []
        hand = obs["hands"][i] if i < len(obs["hands"]) else []
        seats.append({
            "seat": i,
            "role": role,
            "you": i == viewer,
            "chips": obs["chips"][i],
            "active": obs["active"][i],
            "folded": bool(obs["folded"][i]),
            "to_act": i == actor,
            "order": order.index(i) if i in order else None,
            "round_put": obs["round_put"][i],
            "contrib": obs["contrib"][i],
            "all_in": in_hand and i in order and obs["chips"][i] == 0 and not obs["folded"][i],
            "floor": _row(floor, "f" if i == viewer else None),
            "hand": [{"card": c, "up": False, "key": f"h:{c}" if i == viewer else None} for c in hand],
            "last": last_action.get(i) if in_hand else None,
        })
    pots: list[dict[str, JSON]] = []
    if in_hand:
        live = [p for p in order if not obs["folded"][p]]
        pots = [{"amount": a, "contestants": list(who)} for a, who in build_pots(obs["contrib"], live, obs["carry"])]
    rules = state.rules
    return {
        "v": 1,
        "players": n,
        "viewer": viewer,
        "to_act": actor,
        "mine": mine,
        "phase": obs["phase"],
        "step": _step(obs),
        "hand_no": obs["hand_no"],
        "hand_limit": obs["hand_limit"],
        "two_player": obs["two_player"],
        "dealer": obs["dealer"],
        "dealing_seat": obs["dealing_seat"],
        "seat_order": order,
        "dealer_floor": [{"card": c, "up": True, "key": None} for c in obs["dealer_floor"]],
        "centre": _row(obs["centre"], "c"),
        "stock": obs["stock"],
        "seats": seats,
        "pot": obs["pot"] + obs["carry"] if in_hand else obs["carry"],
        "carry": obs["carry"],
        "pots": pots,
        "bet_round": obs["bet_round"],
        "bet_unit": obs["bet_unit"],
        "to_call": obs["to_call"],
        "raises": obs["raises"],
        "max_raises": 1 + rules.stakes.max_raises,
        "drawn": obs["drawn"],
        "prompt": _prompt(obs, viewer, mine, ctx.seat_kinds),
        "actions": _actions(state, obs, viewer, ctx.lang) if mine else None,
        "events": _events(obs),
        "result": _last_result(ctx),
        "hand_order": [{**hand_name(c), "barred_with_three": c in BARRED_WITH_THREE}
                       for c in full_order(rules.hand_order, rules.wiki_2025_05_21_hands)],
        "odds": {"available": viewer >= 0 and viewer in order and not obs["folded"][viewer]
                 and obs["phase"] not in ("deal", "between", "over"),
                 "key": f"{ctx.cursor}:{viewer}"},
        "stakes": {"ante": rules.stakes.ante, "small": rules.stakes.small_bet, "big": rules.stakes.big_bet,
                   "bankroll": rules.stakes.bankroll},
        "dealer_mode": rules.dealer_mode.value,
        "standings": _standings(obs["chips"]) if obs["phase"] == "over" else None,
        "revealed": _revealed(ctx),
        "you_deal": viewer >= 0 and in_hand and obs["dealer"] == viewer,
        "deals_next": _deals_next(ctx),
    }


def odds_json(observation: Mapping[str, Any], rules: str, samples: int = 3000, seed: int = 0) -> dict[str, Any]:
    """The odds panel's figures from one seat's observation (see :mod:`.odds`), hand names included."""
    from ...chabashi.odds import odds

    r = ChabashiRules.decode(rules)
    out = odds(observation, r, samples=samples, seed=seed, exact_limit=samples * 4)
    if not out.get("available"):
        return {"available": False}
    by_ko = {v: k for k, v in KOREAN.items()}
    cats = [{**hand_name(by_ko[name]), "p": p} for name, p in out["categories"].items()]
    return {"available": True, "categories": cats, "win": out["win"], "beats_dealer": out["beats_dealer"],
            "win_and_beat_dealer": out["win_and_beat_dealer"], "method": out["method"], "cases": out["cases"]}


def _first_examples(ev: Evaluator, wanted: set[str], tries: int) -> dict[str, tuple[list[int], list[int]]]:
    """An example split (hand, floor) of each category in ``wanted`` that ``ev`` scores: random
    4-card sets first (they look like real hands), then every set in order for the rarest."""
    ev.prepare()
    found: dict[str, tuple[list[int], list[int]]] = {}
    rng = Pcg32(17, 0xE7A)

    def look(four: list[int]) -> None:
        for a, b, c, d in _SPLITS:
            cat = ev.category_of(ev.key4(four[a], four[b], four[c], four[d]))
            if cat in wanted and cat not in found:
                found[cat] = ([four[a], four[b]], [four[c], four[d]])

    deck = list(DECK)
    for _ in range(tries):
        if len(found) == len(wanted):
            return found
        for i in range(4):  # a partial Fisher–Yates: four distinct cards
            j = i + rng.below(len(deck) - i)
            deck[i], deck[j] = deck[j], deck[i]
        look(deck[:4])
    for four in combinations(DECK, 4):
        if len(found) == len(wanted):
            break
        look(list(four))
    return found


def hand_examples(order: tuple[str, ...], wiki: bool) -> dict[str, dict[str, list[str]]]:
    """One example of every hand of the order in force: two hand cards and the floor pair it scores
    with.  A hand these rules can never score (선지행진 under ``seed``) gets a set that meets its
    definition, found with that hand first in the order.

    >>> ex = hand_examples(SEED_ORDER, False)
    >>> ex["juyeompae"]["hand"] + ex["juyeompae"]["floor"] != [], sorted(ex) == sorted(SEED_ORDER)
    (True, True)
    """
    ev = evaluator(order, wiki)
    found = _first_examples(ev, set(ev.order), EXAMPLE_TRIES)
    for cat in ev.order:
        if cat not in found and cat in SEED_ORDER:  # unreachable here: search with it strongest
            first = evaluator((cat,) + tuple(c for c in SEED_ORDER if c != cat), False)
            found.update(_first_examples(first, {cat}, 0))
    return {cat: {"hand": [CODES[c] for c in hand], "floor": [CODES[c] for c in floor]}
            for cat, (hand, floor) in found.items()}


def ranking_json(encoding: str) -> dict[str, Any]:
    """The help's hand ranking for the rules ``encoding``: every hand of the order in force,
    strongest first, with its exact frequency over all 353,430 splits into 2 hand and 2 floor
    cards (the engine's count, §10), whether a 3-card hand bars it (§8.5) and an example."""
    rules = ChabashiRules.decode(encoding)
    ev = evaluator(rules.hand_order, rules.wiki_2025_05_21_hands)
    counts = ev.frequencies()
    total = sum(counts.values())
    examples = hand_examples(rules.hand_order, rules.wiki_2025_05_21_hands)
    return {
        "rules": rules.encode(),
        "total": total,
        "hands": [{**hand_name(c), "count": counts[c], "p": counts[c] / total,
                   "barred_with_three": c in BARRED_WITH_THREE, "example": examples.get(c)}
                  for c in ev.order],
    }


def ui_call(session: SessionLike | None, name: str, args: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The Chabashi table's own calls from the page (``ctx.gameCall``).

    ``odds``: the odds panel computed here (a small sample; the page normally asks the Worker,
    see :func:`pyengine.app.tasks.chabashi.odds`); ``ranking``: the help's hand ranking (the page
    asks the Worker first, and keeps the answer).
    """
    if name == "ranking":
        return ranking_json(str(args.get("rules", "1.seed")))
    if name == "odds":
        if session is None:
            raise ValueError(msg("no game is open"))
        viewer = session.viewer()
        obs = session.state.observation(viewer)
        return odds_json(obs, session.record.rules, samples=int(args.get("samples", 400)), seed=session.cursor)
    raise ValueError(msg("unknown Chabashi table call {name}", name=repr(name)))


__all__ = ["ROMAN", "hand_examples", "hand_name", "odds_json", "ranking_json", "table_view", "ui_call"]
