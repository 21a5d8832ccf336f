"""Long Daifugō computations for the page's AI Worker: a hint.

:func:`hint` asks the top level, ``master`` (:meth:`pyengine.ai.daifugo.bots.StrongBot.analyse` with
master's search: the level the set-up seats by default), what it
would play from the seat's view alone (:func:`pyengine.app.tasks.seat_view`: the seat's
observation, never another hand), with a generator seeded from that view, so the same position
always gets the same hint.  Its reason is the expected final place (1 = first) the playouts gave
that play, exact when two players are left and the endgame was solved; ``why`` says in a kind and
its values why (:func:`pyengine.ai.daifugo.reasons.reason`: "keeps your ♠2 ♥2 for the end"), which
the page words in the player's language (``daifugo.hint.why.<kind>``).

>>> from pyengine.app.session import Session
>>> from pyengine.core.chance import SeededChance
>>> s = Session.new("daifugo", chance=SeededChance(1))
>>> _ = s.step_chance_run()
>>> seat = s.state.current_player
>>> h = hint({"rules": s.record.rules, "seat": seat, "observation": s.state.observation(seat),
...           "legal": s.legal()})
>>> h["action"] in s.legal(), h["players"], h["why"]["kind"] in REASONS
(True, 4, True)

(Its figures, ``method`` ``playouts`` and a ``place`` between 1 and 4 here, are checked in
``tests/unit/test_hints.py`` with the clocks slowed: on a machine loaded past the safety net
the hint is the level's fallback, with no figures.)
"""

from __future__ import annotations

from typing import Any

from ...ai.daifugo.bots import MasterBot
from ...ai.daifugo.reasons import REASONS, reason
from ...core.rng import Pcg32
from . import seat_view, view_seed

HINT_TOP = 3
"""Options a hint lists (the best first)."""


def hint(args: dict[str, Any]) -> dict[str, Any]:
    """``{"rules", "seat", "observation", "legal"}`` → ``{"action", "place", "points", "method",
    "players", "ranked": [{"action", "place", "points"}, ...], "why": {"kind", ...}}``.  ``method`` says where the
    figures come from: ``playouts`` (their mean), ``exact`` (the solved endgame: ``place`` only),
    ``only`` (the one legal action) or ``rule`` (a choice the level makes without playouts, such as
    the cards it gives away: no figures)."""
    view = seat_view(args, "daifugo")
    to_move = view.observation.get("to_move")
    if isinstance(to_move, int) and to_move != view.seat:
        raise ValueError(f"seat {view.seat} is not to move")
    players = len(view.observation.get("counts") or ()) or None
    choices = MasterBot(Pcg32(view_seed(view))).analyse(view)
    best = choices[0]
    if len(view.legal) == 1:
        method = "only"
    elif best.playouts:
        method = "playouts"
    elif best.place is not None:
        method = "exact"
    else:
        method = "rule"
    ranked = [{"action": c.action, "place": _round(c.place), "points": _round(c.points)}
              for c in choices[:HINT_TOP]]
    return {"action": best.action, "place": _round(best.place), "points": _round(best.points),
            "method": method, "players": players, "ranked": ranked, "why": reason(view, choices)}


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


__all__ = ["REASONS", "hint"]
