"""Long Chabashi computations for the page's AI Worker (``ctx.task(name, args)`` in the table).

Each task takes and returns plain JSON-ready dicts, so the page's main thread never waits.
:func:`hint` is what the ``strong`` level plays from the seat's view alone
(:func:`pyengine.app.tasks.seat_view`), with its equity: the expected share of the pot at showdown.

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
>>> h["action"] in s.legal_actions(), 0.0 <= h["equity"] <= 1.0
(True, True)
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


def hint(args: dict[str, Any]) -> dict[str, Any]:
    """``{"rules", "seat", "observation", "legal"}`` → ``{"action", "equity"}``: what the strong
    level plays, with a generator seeded from the view (the same position, the same hint), and
    its expected share of the pot at showdown (0 … 1)."""
    view = seat_view(args, "chabashi")
    to_move = view.observation.get("to_act")
    if isinstance(to_move, int) and to_move != view.seat:
        raise ValueError(f"seat {view.seat} is not to move")
    action, equity = StrongBot(Pcg32(view_seed(view))).analyse(view)
    return {"action": action, "equity": round(equity, 4)}


__all__ = ["hint", "odds", "ranking"]
