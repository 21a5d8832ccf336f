"""Long Chabashi computations for the page's AI Worker (``ctx.task(name, args)`` in the table).

Each task takes and returns plain JSON-ready dicts, so the page's main thread never waits.
:func:`hint` is what the ``strong`` level plays from the seat's view alone
(:func:`pyengine.app.tasks.seat_view`), with its equity (the expected share of the pot at showdown)
and why, in pot-odds terms (:data:`REASONS`; the page words it: ``chabashi.hint.why.<kind>``).

>>> from pyengine.chabashi.game import GAME
>>> from pyengine.core import Pcg32, sample_chance
>>> s, rng = GAME.new_initial_state(num_players=3), Pcg32(3)
>>> while s.is_chance():
...     s = s.apply(sample_chance(s, rng))
>>> o = odds({"observation": s.observation(1), "rules": "1.seed", "samples": 300})
>>> o["available"], round(sum(c["p"] for c in o["categories"]), 6), o["categories"][0]["ko"] != ""
(True, 1.0, True)
>>> seat = s.current_player
>>> h = hint({"rules": "1.seed", "seat": seat, "observation": s.observation(seat), "legal": list(s.legal_actions())})
>>> h["action"] in s.legal_actions(), 0.0 <= h["equity"] <= 1.0, h["why"]["kind"] in REASONS
(True, True, True)
"""

from __future__ import annotations

from typing import Any

from ...ai.chabashi.bots import StrongBot
from ...core.messages import msg
from ...core.rng import Pcg32
from ..views.chabashi import odds_json, ranking_json
from . import seat_view, view_seed

MAX_SAMPLES = 20000


def odds(args: dict[str, Any]) -> dict[str, Any]:
    """The odds panel: ``{"observation": <the viewer's observation>, "rules": "<encoding>",
    "samples": n, "seed": k}`` → chances of each hand and of winning (see :func:`.view.odds_json`)."""
    observation = args.get("observation")
    if not isinstance(observation, dict):
        raise ValueError(msg("odds needs the seat's observation"))
    samples = int(args.get("samples", 3000))
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(msg("samples must be between 1 and {max_samples}", max_samples=MAX_SAMPLES))
    return odds_json(observation, str(args.get("rules", "1.seed")), samples=samples, seed=int(args.get("seed", 0)))


def ranking(args: dict[str, Any]) -> dict[str, Any]:
    """The help's hand ranking: ``{"rules": "<encoding>"}`` (see :func:`.view.ranking_json`)."""
    return ranking_json(str(args.get("rules", "1.seed")))


REASONS: dict[str, tuple[str, ...]] = {
    "only": (), "check_free": (), "bet": ("equity", "fair", "live"), "slow_play": ("equity",), "bluff": ("equity",),
    "check": ("equity", "fair", "live"), "raise": ("equity", "fair", "live"), "call_mixed": ("equity",),
    "call": ("odds", "cost", "pot", "need", "equity"), "fold": ("odds", "cost", "pot", "need", "equity"),
    "cards": ("next", "next_equity"), "cards_tie": (),
}
"""Every kind of a hint's reason with the values it carries (``chabashi.hint.why.<kind>`` in the page's
strings uses exactly these): the strong level's betting branch (:meth:`StrongBot.bet_why`) in
pot-odds terms, or a card play against the next best option."""


def hint(args: dict[str, Any]) -> dict[str, Any]:
    """``{"rules", "seat", "observation", "legal"}`` → ``{"action", "equity", "why"}``: what the
    strong level plays, with a generator seeded from the view (the same position, the same hint),
    its expected share of the pot at showdown (0 … 1), and why (``{"kind": <one of REASONS>,
    ...}``: percentages as numbers 0 … 100, chips as counts, ``odds`` the pot odds ``pot / cost``
    to one, ``next`` an action)."""
    view = seat_view(args, "chabashi")
    to_move = view.observation.get("to_act")
    if isinstance(to_move, int) and to_move != view.seat:
        raise ValueError(f"seat {view.seat} is not to move")
    bot = StrongBot(Pcg32(view_seed(view)))
    action, equity = bot.analyse(view)
    return {"action": action, "equity": round(equity, 4), "why": _why(bot.why, equity, len(view.legal))}


def _why(why: dict[str, Any], equity: float, choices: int) -> dict[str, Any]:
    """The reason for the page, from the bot's :attr:`StrongBot.why` (see :data:`REASONS`)."""
    kind = why["why"]
    if choices == 1:
        return {"kind": "only"}
    if kind == "cards":
        if why["next"] is None or why["next_share"] >= equity:  # a tie: the most conservative option
            return {"kind": "cards_tie"}
        return {"kind": "cards", "next": why["next"], "next_equity": _pcts(equity, why["next_share"])[1]}
    out: dict[str, Any] = {"kind": kind}
    if kind in ("call", "fold"):
        cost, pot = why["to_call"], why["pot"]
        out["equity"], out["need"] = _pcts(equity, why["need"])
        out.update(cost=cost, pot=pot, odds=_ratio(pot / cost))
    elif "fair" in REASONS[kind]:
        out["equity"], out["fair"] = _pcts(equity, why["fair"])
        out["live"] = why["live"]
    elif "equity" in REASONS[kind]:
        out["equity"] = _pct(equity)
    return out


def _pct(x: float, digits: int = 0) -> float | int:
    """A share as a percentage (a whole number unless ``digits``)."""
    return round(100 * x, digits) if digits else round(100 * x)


def _pcts(a: float, b: float) -> tuple[float | int, float | int]:
    """Two shares as percentages, with as many decimals (up to 3) as it takes for unequal shares
    not to look equal ("you need 20%, you win 20%")."""
    digits = 0
    while digits < 3 and a != b and _pct(a, digits) == _pct(b, digits):
        digits += 1
    return _pct(a, digits), _pct(b, digits)


def _ratio(x: float) -> float | int:
    """Odds to one, with one decimal where they are not whole (4, 3.5)."""
    r = round(x, 1)
    return int(r) if r == int(r) else r


__all__ = ["REASONS", "hint", "odds", "ranking"]
