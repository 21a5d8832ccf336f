"""The Cetkaik table's record as a player reads it: what a failed move is said to have done, and
a replay counted in plies (casts and other engine steps are not positions of their own)."""

from __future__ import annotations

import pytest
from cetkaik_support import manifest, vectors

from pyengine.app.session import Session
from pyengine.app.views import TableContext
from pyengine.app.views.cetkaik import import_record, table_view
from pyengine.cetkaik.board import OWNER, SQUARE_INDEX
from pyengine.cetkaik.state import CetkaikState

HUMANS = ("human", "human")


def session_of(relative: str, rules: str = "auto") -> Session:
    record = import_record((vectors() / relative).read_text(encoding="utf-8"), rules)
    session = Session.from_record(record)
    assert isinstance(session, Session)
    return session


def view_at(session: Session, cursor: int, lang: str = "en") -> dict:  # type: ignore[type-arg]
    return table_view(TableContext(session.states, list(session.record.actions), cursor, -1, lang, HUMANS))


# case1's 48th action: the Tiger on TE moves into the water at ZI, onto a piece of the other side; the cast (二) fails
FAILED_AT = 47
NOTHING = {"en": "captures nothing", "ko": "아무것도 잡지 못함", "ja": "駒は取らない"}
CAPTURE = {"en": "capturing", "ko": "잡기", "ja": "を取る"}


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_a_failed_water_move_captures_nothing_in_the_record_and_the_news(lang: str) -> None:
    session = session_of("records/real/case1.txt")
    actions = session.record.actions
    assert actions[FAILED_AT] == "TE片ZI水" and actions[FAILED_AT + 1] == "水二"
    before = session.states[FAILED_AT]
    assert isinstance(before, CetkaikState)
    # ZI holds a piece of the other side: the move, had it entered, would have captured it
    target = before.board[SQUARE_INDEX["ZI"]]
    assert target and OWNER[target] != OWNER[before.board[SQUARE_INDEX["TE"]]]
    # while the cast is still to come, the move is told as played (with its capture)
    pending = view_at(session, FAILED_AT + 1, lang)
    assert CAPTURE[lang] in next(e["label"] for e in pending["events"] if e["kind"] == "move")
    # once the cast has failed: the news and the record say it captured nothing
    after = view_at(session, FAILED_AT + 2, lang)
    told = next(e["label"] for e in after["events"] if e["kind"] == "move")
    entry = next(e for e in after["kiaak"] if e.get("start") == FAILED_AT)
    assert entry["text"] == "TE虎ZI水二此無"
    for label in (told, entry["label"]):
        assert CAPTURE[lang] not in label and NOTHING[lang] in label and "TE" in label and "ZI" in label


def test_failed_stepping_moves_in_every_record_capture_nothing() -> None:
    for item in manifest():
        session = session_of(item["record"], item["rules"])
        failed = [e for e in view_at(session, len(session.record.actions))["kiaak"] if "此無" in e["text"]]
        assert all("capturing" not in e["label"] and NOTHING["en"] in e["label"] for e in failed), item["record"]


@pytest.mark.slow
def test_a_replay_counts_the_records_plies() -> None:
    for item in manifest():
        session = session_of(item["record"], item["rules"])
        end = len(session.record.actions)
        assert end > item["plies"]  # the engine's actions: casts, first movers, declarations too
        last = view_at(session, end)
        assert (last["ply"], last["plies"]) == (item["plies"], item["plies"]), item["record"]
        assert (view_at(session, 0)["ply"], view_at(session, 0)["plies"]) == (0, item["plies"])
        # each numbered line of the record is one position more; casts add none
        counts = [view_at(session, stop)["ply"] for stop in last["stops"]]
        assert counts == sorted(counts) and set(counts) == set(range(item["plies"] + 1)), item["record"]
