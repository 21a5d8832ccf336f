"""The entry points of the page's AI Worker (``web/ai-worker.js``).

The Worker runs its own Pyodide with the same wheel as the page and calls these with JSON
strings, so long searches never block the page.  :func:`choose` answers a bot decision
(a job from :meth:`pyengine.app.session.Session.bot_job`); :func:`task` runs a game's
other long computations (``"<game>.<name>"``: the game's tasks module in :mod:`pyengine.catalog`).

>>> from pyengine.app.session import Session
>>> s = Session.new("cetkaik", seats=[("", "bot:random"), ("", "bot:random")], seed=3)
>>> s.run_auto(limit=2)
2
>>> answer = json.loads(choose(json.dumps(s.bot_job() or {})))
>>> answer["ok"], answer["ply"]
(True, 2)
>>> s.play_bot(answer["action"], answer["ply"]); s.cursor
3
"""

from __future__ import annotations

import importlib
import json
import time
from dataclasses import replace
from typing import Any

from ..ai.decision import decide
from ..catalog import entries
from ..core import EngineError, Record, State, decode_fragment

_cache: tuple[Record, list[State]] | None = None


def _states_for(record: Record) -> list[State]:
    """Replay ``record``, reusing the previous job's states when it only grew."""
    global _cache
    setup = replace(record, actions=(), cursor=None)
    if _cache is not None:
        old, states = _cache
        n = len(old.actions)
        if replace(old, actions=(), cursor=None) == setup and record.actions[:n] == old.actions:
            for action in record.actions[n:]:
                states.append(states[-1].apply(action))
            _cache = (record, states)
            return states
    states = record.replay()
    _cache = (record, states)
    return states


def choose(job_json: str) -> str:
    """``{"record", "ply", "seat", "budget"}`` → ``{"ok", "action", "ply", "ms"}``."""
    t0 = time.perf_counter()
    try:
        job = json.loads(job_json)
        record = replace(decode_fragment(str(job["record"])), cursor=None)
        ply = int(job["ply"])
        if ply != len(record.actions):
            raise ValueError("the job's ply is not the record's end")
        states = _states_for(record)
        state = states[ply]
        seat = int(job["seat"])
        if state.current_player != seat:
            raise ValueError(f"seat {seat} is not to move")
        action = decide(state, record, seat, ply, float(job.get("budget", 0.8)))
        out: dict[str, Any] = {"ok": True, "action": action, "ply": ply}
    except (EngineError, ValueError, KeyError, TypeError) as exc:
        out = {"ok": False, "error": str(exc), "kind": type(exc).__name__}
    out["ms"] = round((time.perf_counter() - t0) * 1000, 1)
    return json.dumps(out)


def task(name: str, args_json: str) -> str:
    """Run ``<fn>(args) -> dict`` of the game's tasks module (:mod:`pyengine.catalog`) for
    ``name == "<game>.<fn>"``."""
    try:
        game, _, fn = name.partition(".")
        known = {e.id: e for e in entries()}
        if game not in known or known[game].tasks is None or not fn.isidentifier() or fn.startswith("_"):
            raise ValueError(f"unknown task {name!r}")
        module = importlib.import_module(str(known[game].tasks))
        func = getattr(module, fn, None)
        if func is None or not callable(func) or fn not in getattr(module, "__all__", ()):
            raise ValueError(f"unknown task {name!r}")
        result = func(json.loads(args_json))
        out: dict[str, Any] = {"ok": True, **result}
    except (EngineError, ValueError, KeyError, TypeError) as exc:
        out = {"ok": False, "error": str(exc), "kind": type(exc).__name__}
    return json.dumps(out)
