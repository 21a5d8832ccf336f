"""The one bridge between the page and the engine (runs in PyScript on the main thread).

Everything the page asks goes through ``call(method, args_json) -> result_json``; the
result is ``{"ok": true, ...}`` or ``{"ok": false, "error": message, "kind": class}``.
Only JSON strings cross the boundary, so no proxies leak.  All logic lives in
:mod:`pyengine.app.session`, which is tested without a browser.
"""

import json

from pyodide.ffi import create_proxy
from pyscript import window

from pyengine.app.session import Session, game_setup_json, games_json
from pyengine.app.views import ui_call
from pyengine.core import EngineError, Record

_session = None


def _view(lang, a):
    handed = a.get("handed")
    handed = handed if isinstance(handed, int) else None
    return {"view": _session.view(lang, handed), "state": _session.automation_state(handed)}


def _dispatch(method, a):
    global _session
    lang = a.get("lang", "en")
    if method == "games":
        return {"games": games_json(lang)}
    if method == "setup":
        return {"setup": game_setup_json(a["game"])}
    if method == "new":
        seats = a.get("seats")
        _session = Session.new(a["game"], a.get("rules"), [tuple(s) for s in seats] if seats else None, a.get("seed"),
                               by_link=bool(a.get("by_link")))
        return _view(lang, a)
    if method == "open":
        session = Session.open_link(a["fragment"], a.get("save"))
        _session = session
        return _view(lang, a)
    if method == "restore":
        session = Session.from_save(a["save"])
        _session = session
        return _view(lang, a)
    if method == "close":
        _session = None
        return {}
    if method == "game":
        # A game's own table calls (import a record, the rules panel…): the game's view
        # module (pyengine.app.views.<game>.ui_call) returns a dict, or {"record": Record}
        # to open a new game on the table.
        result = ui_call(a["game"], _session, a["name"], a.get("args", {}), lang)
        if isinstance(result.get("record"), Record):
            _session = Session.from_record(result.pop("record"))
            result.update(_view(lang, a))
        return result
    if _session is None:
        return {"view": None, "state": {"game": None, "rules": None, "record": None, "to_move": None,
                                         "observation": None, "status": "start"}, "legal": []}
    if method == "view":
        return _view(lang, a)
    if method == "legal":
        return {"legal": _session.legal()}
    if method == "play":
        _session.play(a["action"])
        return _view(lang, a)
    if method == "auto":
        moved = _session.step_auto(bots=bool(a.get("bots", True)), entropy=a.get("entropy"))
        return {"moved": moved, **_view(lang, a)}
    if method == "bot_job":
        return {"job": _session.bot_job()}
    if method == "play_bot":
        _session.play_bot(a["action"], int(a["ply"]))
        return _view(lang, a)
    if method == "goto":
        _session.goto(int(a["cursor"]))
        return _view(lang, a)
    if method == "undo":
        _session.undo()
        return _view(lang, a)
    if method == "save":
        return {"save": _session.save_json()}
    raise ValueError(f"unknown bridge method {method!r}")


def call(method, args_json="{}"):
    try:
        result = _dispatch(method, json.loads(args_json))
        result["ok"] = True
    except EngineError as exc:
        result = {"ok": False, "error": str(exc), "kind": type(exc).__name__}
    except Exception as exc:  # a bug: report it instead of leaving the page stuck
        result = {"ok": False, "error": f"internal error: {exc!r}", "kind": "InternalError"}
    return json.dumps(result)


window._pyengineCall = create_proxy(call)
window.dispatchEvent(window.CustomEvent.new("pyengine:python-ready"))
