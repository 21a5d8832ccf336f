"""Long Cetkaik computations for the page's AI Worker: a hint and the review of a finished game.

* :func:`hint`: what the ``master`` level plays for the seat to move, with its value as a win
  chance (an expected score, 0 … 1) and the next best options, from the seat's view alone
  (:func:`pyengine.app.tasks.seat_view`; Cetkaik hides nothing, but the hint still reads no more
  than a bot would).
* :func:`review`: a finished game's decisions, a slice at a time (the page shows the progress
  and may stop between slices), each with the loss of the move played against the best one and
  the mark the move list shows (:func:`mark`).

>>> from pyengine.cetkaik.rules import OFFICIAL
>>> from pyengine.cetkaik.state import CetkaikState
>>> state = CetkaikState(OFFICIAL).apply("一位色赤")
>>> h = hint({"rules": OFFICIAL.encode(), "seat": 0, "observation": state.observation(0),
...           "legal": list(state.legal_actions()), "nodes": 300})
>>> h["action"] in state.legal_actions(), 0.0 <= h["value"] <= 1.0, h["ranked"][0]["action"] == h["action"]
(True, True, True)
>>> mark(0.0), mark(0.04), mark(0.1), mark(0.3)
('', '?!', '?', '??')
"""

from __future__ import annotations

from typing import Any

from ...ai.cetkaik.bots import state_from_view
from ...ai.cetkaik.master import HINT_NODES, REVIEW_NODES, analyse, review_position
from ...cetkaik.notation import Drop, GoTo, PieceMove, TamMove, parse_action
from ...cetkaik.rules import CetkaikRules
from ...cetkaik.state import DECLARATION, MOVE, STEPPING_CHOICE, CetkaikState
from . import seat_view

HINT_TOP = 3
"""Options a hint lists (the best first)."""
MAX_NODES = 20000
"""The most work a page may ask for one decision."""
MARKS = ((0.25, "??"), (0.08, "?"), (0.03, "?!"))
"""Loss thresholds (expected-score units) of the marks a review puts on a move, worst first."""
MAX_SLICE = 400
"""The most actions one :func:`review` call covers."""


def _nodes(args: dict[str, Any], default: int) -> int:
    nodes = int(args.get("nodes", default))
    if not 1 <= nodes <= MAX_NODES:
        raise ValueError(f"nodes must be between 1 and {MAX_NODES}")
    return nodes


def hint(args: dict[str, Any]) -> dict[str, Any]:
    """``{"rules", "seat", "observation", "legal", "nodes"?}`` → ``{"action", "value", "squares",
    "ranked": [{"action", "value"}, ...], "depth"}``: ``value`` is the win chance of the side to
    move after ``action`` (an expected score: a draw counts ½), ``squares`` what it touches."""
    view = seat_view(args, "cetkaik")
    state = state_from_view(view)
    if state.side != view.seat:
        raise ValueError(f"seat {view.seat} is not to move")
    if len(view.legal) == 1:
        only = view.legal[0]
        return {"action": only, "value": None, "squares": squares(only), "ranked": [{"action": only, "value": None}],
                "depth": 0}
    found = analyse(state, nodes=_nodes(args, HINT_NODES), top=HINT_TOP)
    return {"action": found.best, "value": round(found.value, 4), "squares": squares(found.best),
            "ranked": [{"action": a, "value": round(v, 4)} for a, v in found.ranked], "depth": found.depth}


def squares(action: str) -> list[int]:
    """The squares an action touches, for the board to highlight: the origin, the square stepped
    over and the destination (a drop's or a stepping choice's one square; none for a declaration).

    >>> from pyengine.cetkaik.board import SQUARE_NAMES
    >>> [SQUARE_NAMES[i] for i in squares("ME片MI心MU")], squares("再行")
    (['ME', 'MI', 'MU'], [])
    """
    move = parse_action(action)
    if isinstance(move, PieceMove):
        return [move.src] + ([] if move.via is None else [move.via]) + [move.dest]
    if isinstance(move, TamMove):
        return [move.src] + ([] if move.via is None else [move.via]) + [move.first, move.second]
    if isinstance(move, (Drop, GoTo)):
        return [move.dest]
    return []


def mark(loss: float) -> str:
    """The mark of a move that lost ``loss`` against the best: ``??``, ``?``, ``?!`` or nothing."""
    return next((m for threshold, m in MARKS if loss >= threshold), "")


def review(args: dict[str, Any]) -> dict[str, Any]:
    """``{"rules", "actions", "start", "stop", "lang"?, "nodes"?}`` (a finished game's engine
    actions; the decisions among ``actions[start:stop]`` are reviewed) → ``{"reviews": [{"ply",
    "side", "played", "best", "best_label", "played_value", "best_value", "loss", "mark"}],
    "next", "total"}``; ``ply`` is 1-based (the move list's numbering), ``next`` where the next
    slice starts."""
    rules = CetkaikRules.decode(str(args.get("rules", "")))
    actions = args.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("a review needs the game's actions")
    start, stop = int(args.get("start", 0)), int(args.get("stop", len(actions)))
    if not 0 <= start <= stop <= len(actions) or stop - start > MAX_SLICE:
        raise ValueError(f"start and stop must cut at most {MAX_SLICE} of the {len(actions)} actions")
    nodes, lang = _nodes(args, REVIEW_NODES), str(args.get("lang", "en"))
    state = CetkaikState(rules)
    for action in actions[:start]:
        state = state.apply(action)
    reviews = []
    for index in range(start, stop):
        action = actions[index]
        if state.phase in (MOVE, STEPPING_CHOICE, DECLARATION) and len(state.legal_actions()) > 1:
            best, value, best_value = review_position(state, action, nodes)
            loss = max(0.0, best_value - value)
            reviews.append({"ply": index + 1, "side": state.side, "played": action, "best": best,
                            "best_label": state.describe(best, lang), "played_value": round(value, 4),
                            "best_value": round(best_value, 4), "loss": round(loss, 4), "mark": mark(loss)})
        state = state.apply(action)
    return {"reviews": reviews, "next": stop, "total": len(actions)}


__all__ = ["hint", "review"]
