"""Long computations the page's AI Worker runs for a game's table (:mod:`pyengine.app.worker`).

Each game's module (``pyengine/app/tasks/<game>.py``, named in :mod:`pyengine.catalog`) exposes its
tasks in ``__all__``; each takes and returns plain JSON-ready dicts.  Every game has ``hint``: what
the strongest level would play for the seat to move, with a few words' reason, computed from
:func:`seat_view` alone (the seat's observation and legal actions: never a state or a record, so a
hint cannot see a hidden card) with a generator seeded from that view (:func:`view_seed`): the same
position always gets the same hint.

>>> view = seat_view({"rules": "1.seed", "seat": 1, "observation": {"hand": ["B3"]}, "legal": ["fold", "call"]},
...                  "chabashi")
>>> view.seat, view.legal, view_seed(view) == view_seed(seat_view({"rules": "1.seed", "seat": 1,
...     "observation": {"hand": ["B3"]}, "legal": ["fold", "call"], "record": "ignored"}, "chabashi"))
(1, ('fold', 'call'), True)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from ...ai.bot import BotView
from ...ai.decision import BOT_BUDGET

SEAT_VIEW_KEYS = ("rules", "seat", "observation", "legal")
"""The only arguments a hint reads: what the seat to move may see."""


def seat_view(args: Mapping[str, Any], game: str) -> BotView:
    """The seat's :class:`~pyengine.ai.bot.BotView` from a task's arguments ``{"rules", "seat",
    "observation", "legal"}``; anything else in ``args`` is ignored."""
    observation, legal = args.get("observation"), args.get("legal")
    if not isinstance(observation, dict):
        raise ValueError("a hint needs the seat's observation")
    if not isinstance(legal, list) or not legal or not all(isinstance(a, str) for a in legal):
        raise ValueError("a hint needs the seat's legal actions")
    seat = args.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise ValueError("a hint needs the seat to move")
    return BotView(game, str(args.get("rules", "")), seat, observation, tuple(legal), BOT_BUDGET)


def view_seed(view: BotView) -> int:
    """A seed made from everything the view holds (so equal views get equal hints)."""
    text = json.dumps([view.game, view.rules, view.seat, view.observation, list(view.legal)],
                      sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


__all__ = ["SEAT_VIEW_KEYS", "seat_view", "view_seed"]
