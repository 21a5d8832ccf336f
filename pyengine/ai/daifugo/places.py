"""What finishing in each place is worth to a Daifugō bot: points on the preset's scale and the class
a place brings for the rest of the set."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...daifugo.ctx import Ctx
from ...daifugo.engine import Engine

if TYPE_CHECKING:
    from .knowledge import Knowledge


def points_table(cx: Ctx) -> list[float]:
    """Points for each place (0 = first) on the preset's scale."""
    n = cx.n
    if cx.scoring == "uecda":
        return [float(5 - i) for i in range(n)]
    if cx.scoring == "win":
        return [1.0] + [0.0] * (n - 1)
    if cx.scoring == "jdf":
        return [6.0, 4.0, 2.0, 0.0][:n] + [0.0] * max(0, n - 4)
    return [float(n - i) for i in range(n)]


CLASS_MOVES_5: tuple[tuple[float, ...], ...] = (
    (0.60, 0.20, 0.10, 0.06, 0.04),
    (0.35, 0.33, 0.15, 0.10, 0.07),
    (0.20, 0.20, 0.22, 0.22, 0.16),
    (0.08, 0.15, 0.25, 0.28, 0.24),
    (0.08, 0.15, 0.22, 0.20, 0.35),
)
"""P(place in the next game | place in this one) of the strong level at a five-player table with
the exchange (row: this game's place, 0 = first), measured in the arena (see the README)."""

FUTURE_GAMES = 12
"""How many later games of the set the worth of a class looks at."""


def games_left(game_no: int, cx: Ctx) -> int:
    """How many games of the current set (or match) come after game ``game_no``.

    >>> from pyengine.daifugo.ctx import compile_rules
    >>> from pyengine.daifugo.rules import DaifugoRules
    >>> cx = compile_rules(DaifugoRules.preset("uecda"), 5)
    >>> games_left(1, cx), games_left(100, cx), games_left(150, cx)
    (99, 0, 50)
    """
    if cx.set_games:
        return cx.set_games - (game_no - 1) % cx.set_games - 1
    return max(0, cx.games - game_no)


def place_values(k: Knowledge, pts: list[float], weight: float) -> list[float]:
    """What finishing in each place is worth: this game's points plus ``weight`` × the points the
    class it brings is worth in the rest of the set (the exchange favours the rich).

    Only five-player games with an exchange have a class worth (the measured table); elsewhere,
    and in the last game of a set, the points alone.
    """
    cx = k.cx
    left = games_left(k.game_no, cx)
    if weight <= 0 or k.n != 5 or not cx.exchange or cx.two_player or left <= 0:
        return pts
    table = CLASS_MOVES_5
    v = list(pts)
    for _ in range(min(left, FUTURE_GAMES)):
        v = [pts[i] + sum(table[i][j] * v[j] for j in range(5)) for i in range(5)]
        low = v[-1]
        v = [x - low for x in v]
    return [pts[i] + weight * (v[i] - pts[i] + pts[-1]) for i in range(5)]


def place_of(e: Engine, p: int) -> int:
    """``p``'s final place in the last finished game of ``e`` (0 = first)."""
    if e.results:
        return e.results[-1].index(p)
    return e.n - 1  # pragma: no cover


__all__ = ["CLASS_MOVES_5", "FUTURE_GAMES", "games_left", "place_of", "place_values", "points_table"]
