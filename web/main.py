"""The one bridge between the page and the engine (runs in PyScript's Worker, off the page's main thread).

PyScript runs this module (``<script type="py" worker src="./main.py">`` in ``index.html``) once
``web/pyodide-boot.mjs``, its interpreter, has started Pyodide with the wheel and imported the
engine; it hands the page its :func:`call` (``pyscript.sync.call``, which the page awaits).
Everything the page asks goes through
``call(method, args_json) -> result_json``; the result is ``{"ok": true, ...}`` or
``{"ok": false, "error": message, "kind": class}`` (with ``"code"`` and ``"params"`` for a link
error, :class:`~pyengine.core.InvalidLinkError`).
Only JSON strings cross the boundary, so no proxies leak.  All logic lives in
:mod:`pyengine.app.session`, which is tested without a browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyengine.app.links import open_link, take_link
from pyengine.app.live_table import LiveTable, on_table
from pyengine.app.messages import error_json
from pyengine.app.saves import continues, from_save, library_entry, save_json
from pyengine.app.session import Session, record_save_key
from pyengine.app.start_page import game_setup_json, games_json
from pyengine.app.views import ui_call
from pyengine.core import EngineError, Record, decode_fragment

Args = dict[str, Any]
"""A call's arguments: the page's JSON object (``lang`` included)."""
Result = dict[str, Any]
"""A call's JSON-ready answer (``ok`` is added by :func:`call`)."""

_session: Session | None = None


def _no_game() -> Result:
    """The answer to a call about the game on the table when there is none."""
    return {"view": None, "state": {"game": None, "rules": None, "record": None, "to_move": None,
                                     "observation": None, "status": "start"}, "legal": []}


def _view(session: Session, a: Args, lang: str) -> Result:
    # handed: at a hot seat, the seat that has taken the device (the session decides what it sees)
    handed = a.get("handed")
    seat = handed if isinstance(handed, int) and not isinstance(handed, bool) else None
    return {"view": session.view(lang, seat), "state": session.automation_state(seat)}


def _opened(session: Session, a: Args, lang: str) -> Result:
    """Put ``session`` on the table and answer with its view."""
    global _session
    _session = session
    return _view(session, a, lang)


# --- calls that need no game on the table ------------------------------------------------------
def _games(a: Args, lang: str) -> Result:
    return {"games": games_json(lang)}


def _setup(a: Args, lang: str) -> Result:
    return {"setup": game_setup_json(a["game"])}


def _new(a: Args, lang: str) -> Result:
    seats = a.get("seats")
    seat_list = [(str(name), str(kind)) for name, kind in seats] if seats else None
    return _opened(Session.new(a["game"], a.get("rules"), seat_list, a.get("seed"), by_link=bool(a.get("by_link"))),
                   a, lang)


def _link_info(a: Args, lang: str) -> Result:
    """What a link is, before opening it: its game and where the library keeps it (the page
    passes that entry's save to ``open``).  A garbled link fails here with its code."""
    record = decode_fragment(a["fragment"])
    return {"game": record.game, "save_key": record_save_key(record)}


def _open(a: Args, lang: str) -> Result:
    save = a.get("save")
    session = open_link(a["fragment"], save)
    # continues: the opened game keeps every move of the library's entry (else the page keeps both)
    goes_on = True if not save else continues(session, save)
    return {"continues": goes_on, **_opened(session, a, lang)}


def _restore(a: Args, lang: str) -> Result:
    return _opened(from_save(a["save"]), a, lang)


def _check_save(a: Args, lang: str) -> Result:
    """A saved game checked as a restore would (for import), without putting it on the table."""
    return {"entry": library_entry(from_save(a["save"]))}


def _close(a: Args, lang: str) -> Result:
    global _session
    _session = None
    return {}


def _game(a: Args, lang: str) -> Result:
    """A game's own table call (import a record, the rules panel…): the game's view module
    (pyengine.app.views.<game>.ui_call) returns a dict, or {"record": Record} to open a new
    game on the table."""
    result = ui_call(a["game"], _session, a["name"], a.get("args", {}), lang)
    record = result.get("record")
    if isinstance(record, Record):
        del result["record"]
        result.update(_opened(Session.from_record(record), a, lang))
    return result


# --- calls about the game on the table ---------------------------------------------------------
def _view_call(s: Session, a: Args, lang: str) -> Result:
    return _view(s, a, lang)


def _legal(s: Session, a: Args, lang: str) -> Result:
    return {"legal": s.legal()}


def _play(s: Session, a: Args, lang: str) -> Result:
    s.play(a["action"])
    return _view(s, a, lang)


def _auto(s: Session, a: Args, lang: str) -> Result:
    entropy = a.get("entropy")  # four words per chance node from crypto.getRandomValues: live chance
    words = [int(w) for w in entropy] if isinstance(entropy, list) else None
    if a.get("chance_run"):
        # a whole run of chance nodes (a deal) in one call; "resolved": the plies it added
        resolved = s.step_chance_run(words)
        return {"moved": bool(resolved), "resolved": resolved, **_view(s, a, lang)}
    moved = s.step_auto(bots=bool(a.get("bots", True)), entropy=words)
    return {"moved": moved, "resolved": [s.cursor] if moved else [], **_view(s, a, lang)}


def _bot_job(s: Session, a: Args, lang: str) -> Result:
    return {"job": s.bot_job()}


def _play_bot(s: Session, a: Args, lang: str) -> Result:
    s.play_bot(a["action"], int(a["ply"]))
    return _view(s, a, lang)


def _goto(s: Session, a: Args, lang: str) -> Result:
    s.goto(int(a["cursor"]))
    return _view(s, a, lang)


def _undo(s: Session, a: Args, lang: str) -> Result:
    s.undo()
    return _view(s, a, lang)


def _receive(s: Session, a: Args, lang: str) -> Result:
    """A live table: the friend's link into the game on the table (web/live/table.js)."""
    take_link(s, a["fragment"])
    return _view(s, a, lang)


def _save(s: Session, a: Args, lang: str) -> Result:
    return {"save": save_json(s)}


# --- a live card table (web/live/cards.js): the seats this browser plays -------------------------
_live: LiveTable | None = None


def _live_view(t: LiveTable, lang: str) -> Result:
    return {"view": t.view(lang), "state": None, "next": t.next_step()}


def _live_new(a: Args, lang: str) -> Result:
    global _live
    seats = [(str(name), str(kind)) for name, kind in a["seats"]]
    _live = LiveTable.new(str(a["game"]), a.get("rules"), seats, int(a["me"]), [int(s) for s in a["local"]],
                          str(a["table"]))
    if a.get("steps"):  # a table taken up again after a reload: its steps so far
        _live.replay(list(a["steps"]), list(a.get("cards") or []), lang)
    return {**_live_view(_live, lang), "deck": _live.deck_labels(), "redeck": _live.redecks()}


def _on_live(fn: Callable[[LiveTable, Args, str], Result]) -> Callable[[Args, str], Result]:
    def run(a: Args, lang: str) -> Result:
        return fn(on_table(_live), a, lang)
    return run


def _live_move(t: LiveTable, a: Args, lang: str) -> Result:
    seat = int(a["seat"])
    action = t.bot_action(seat) if a.get("bot") else str(a["action"])
    return {"move": t.move_of(seat, action)}


def _live_advance(t: LiveTable, a: Args, lang: str) -> Result:
    t.advance(a.get("move"), {int(s): c for s, c in dict(a.get("cards") or {}).items()}, lang,
              list(a.get("answers") or []))
    return _live_view(t, lang)


def _live_deal_run(t: LiveTable, a: Args, lang: str) -> Result:
    """Cards from the deck dealt in one go, as many as the local seats can read now; the view only
    when some were (the table asks at every card from the deck)."""
    dealt = t.deal_run({int(s): c for s, c in dict(a.get("cards") or {}).items()}, [int(h) for h in a.get("holders") or []], lang)
    return {**_live_view(t, lang), "dealt": dealt} if dealt else {"dealt": 0}


def _live_card_ops(t: LiveTable, a: Args, lang: str) -> Result:
    """A step's start in one call: its cards, the deal's gives said ahead, its first read, and
    its plan when it makes no read."""
    move = a.get("move")
    read = t.reads(move, [])
    return {"ops": t.card_ops(move), "ahead": t.deal_ahead(), "read": read, "plan": None if read else t.plan(move)}


def _live_answer(t: LiveTable, a: Args, lang: str) -> Result:
    return {"answer": t.answer(int(a["seat"]), a.get("move"), list(a.get("answers") or []), dict(a.get("cards") or {}))}


LIVE: dict[str, Callable[[Args, str], Result]] = {
    "live_new": _live_new,
    "live_view": _on_live(lambda t, a, lang: _live_view(t, lang)),
    "live_move": _on_live(_live_move),
    "live_plan": _on_live(lambda t, a, lang: {"ops": t.plan(a.get("move"), list(a.get("answers") or []))}),
    "live_card_ops": _on_live(_live_card_ops),
    "live_reads": _on_live(lambda t, a, lang: {"read": t.reads(a.get("move"), list(a.get("answers") or []))}),
    "live_answer": _on_live(_live_answer),
    "live_advance": _on_live(_live_advance),
    "live_deal_run": _on_live(_live_deal_run),
    # (a page that will play a live table loads the game's live engine ahead of its start)
    "live_warm": lambda a, lang: {"warm": bool(LiveTable.warm(str(a["game"])))},
    # (the report inside the answer: a call's own "ok" says only that the call ran)
    "live_verify": _on_live(lambda t, a, lang: {"report": t.verify(a["decks"], a.get("leads") or ())}),
}


ANYTIME: dict[str, Callable[[Args, str], Result]] = {
    **LIVE,
    "games": _games, "setup": _setup, "new": _new, "open": _open, "restore": _restore, "close": _close,
    "game": _game, "link_info": _link_info, "check_save": _check_save,
}
ON_TABLE: dict[str, Callable[[Session, Args, str], Result]] = {
    "view": _view_call, "legal": _legal, "play": _play, "auto": _auto, "bot_job": _bot_job,
    "play_bot": _play_bot, "goto": _goto, "undo": _undo, "save": _save, "receive": _receive,
}


def _dispatch(method: str, a: Args) -> Result:
    lang = str(a.get("lang", "en"))
    if method in ANYTIME:
        return ANYTIME[method](a, lang)
    if _session is None:
        return _no_game()
    if method in ON_TABLE:
        return ON_TABLE[method](_session, a, lang)
    raise ValueError(f"unknown bridge method {method!r}")


def _lang(args_json: str) -> str:
    """The language a call asked for (``en`` when its arguments say none)."""
    try:
        args = json.loads(args_json)
    except ValueError:
        return "en"
    return str(args.get("lang", "en")) if isinstance(args, dict) else "en"


def call(method: str, args_json: str = "{}") -> str:
    result: Result
    try:
        result = _dispatch(method, json.loads(args_json))
        if "ok" in result:  # (the call's own "ok" would hide it: a result says its outcome in a field of its own)
            raise ValueError(f"{method} answered with an 'ok' of its own")
        result["ok"] = True
    except EngineError as exc:  # "error" in the call's lang, "error_en" in English (for details)
        result = {"ok": False, **error_json(exc, _lang(args_json))}
    except Exception as exc:  # noqa: BLE001 - a bug: report it instead of leaving the page stuck
        result = {"ok": False, "error": f"internal error: {exc!r}", "kind": "InternalError"}
    return json.dumps(result)


if __name__ == "__main__":  # PyScript runs this file in the engine's Worker (tests import it)
    from js import pyengineHanded  # pyodide-boot.mjs: tells the page the call is there
    from pyscript import sync

    sync.call = call  # the page awaits each answer (pyodide-boot.mjs startEngine)
    pyengineHanded()
