"""The page's bot plumbing without a browser: bot jobs for the Worker, stale answers,
the same bot moves in the Worker and on the page, and set-up-only links for private games."""

from __future__ import annotations

import json

import pytest

from pyengine.app import worker
from pyengine.app.links import open_link
from pyengine.app.saves import save_json
from pyengine.app.session import Session
from pyengine.app.start_page import game_setup_json
from pyengine.core import EngineError, IllegalActionError, decode_fragment
from pyengine.core.chance import SeededChance
from pyengine.core.errors import InvalidRecordError


def against_bot() -> Session:
    s = Session.new("kuhn", seats=[("Ann", "human"), ("Bot", "bot:random")], seed=5)
    s.run_auto()  # the deal
    return s


def test_bot_job_is_answered_by_the_worker_entry_and_played_back() -> None:
    s = against_bot()
    assert s.bot_job() is None  # a person is to move
    s.play("pass")
    job = s.bot_job()
    assert job is not None and job["seat"] == 1 and job["ply"] == s.cursor and job["level"] == "random"
    # The job carries the whole record (it never reaches the screen) so the Worker can replay it.
    assert decode_fragment(job["record"]).actions == s.record.actions
    answer = json.loads(worker.choose(json.dumps(job)))
    assert answer["ok"] and answer["action"] in s.state.legal_actions()
    s.play_bot(answer["action"], answer["ply"])
    assert s.cursor == job["ply"] + 1


def test_worker_and_page_make_the_same_bot_moves() -> None:
    seats = [("", "bot:random"), ("", "bot:random")]
    for seed in range(12):
        here = Session.new("kuhn", seats=seats, seed=seed, chance=SeededChance(seed))
        here.run_auto()
        there = Session.new("kuhn", seats=seats, seed=seed, chance=SeededChance(seed))
        while not there.state.is_terminal():
            job = there.bot_job()
            if job is None:
                assert there.step_auto(bots=False)
                continue
            answer = json.loads(worker.choose(json.dumps(job)))
            there.play_bot(answer["action"], answer["ply"])
        assert there.record.actions == here.record.actions


def test_stale_or_wrong_bot_answers_change_nothing() -> None:
    s = against_bot()
    s.play("pass")
    job = s.bot_job()
    assert job is not None
    with pytest.raises(IllegalActionError):
        s.play_bot("bet", job["ply"] - 1)  # an answer for an earlier position
    with pytest.raises(EngineError):
        s.play_bot("fold-the-table", job["ply"])  # not an action at all
    assert s.cursor == job["ply"] and s.bot_job() == job
    s.undo()
    with pytest.raises(IllegalActionError):
        s.play_bot("bet", job["ply"])  # a person is to move again


def test_worker_entry_reports_bad_jobs() -> None:
    for job in ({}, {"record": "1.garbage", "ply": 0, "seat": 0}, {"record": against_bot().fragment(), "ply": 99, "seat": 1}):
        answer = json.loads(worker.choose(json.dumps(job)))
        assert answer["ok"] is False and answer["error"]
    s = against_bot()
    wrong_seat = {"record": s.fragment(), "ply": s.cursor, "seat": 1}
    assert "not to move" in json.loads(worker.choose(json.dumps(wrong_seat)))["error"]
    for name in ("nosuchgame.x", "kuhn.odds", "cetkaik._private", "cetkaik.no_such_task"):
        out = json.loads(worker.task(name, "{}"))
        assert out["ok"] is False and "unknown task" in out["error"]


def test_private_game_links_carry_only_the_setup_and_resume_from_the_save() -> None:
    s = against_bot()
    s.play("bet")
    assert s.is_private and s.share_kind() == "setup"
    public = decode_fragment(s.public_fragment())
    assert public.actions == () and public.seed == s.record.seed and public.seats == s.record.seats
    assert s.view()["fragment"] == s.public_fragment() == s.automation_state()["record"]
    # A reload opens the set-up link; the saved game played from it comes back.
    again = open_link(s.public_fragment(), save_json(s))
    assert again.record.actions == s.record.actions
    # A save of another table is not used for this link; a broken save is ignored.
    other = Session.new("kuhn", seats=[("Ann", "human"), ("Bot", "bot:random")], seed=6)
    assert open_link(s.public_fragment(), save_json(other)).record.actions == ()
    assert open_link(s.public_fragment(), "{not json").record.actions == ()
    # Once the hand is over the whole record may be shared.
    s.run_auto()
    while not s.state.is_terminal():
        s.play(s.legal()[0])
        s.run_auto()
    assert not s.is_private and decode_fragment(s.public_fragment()).actions == s.record.actions


def test_unknown_bot_level_in_a_link_is_refused() -> None:
    from pyengine.core import Record, Seat

    record = Record("kuhn", "1.basic", (Seat("", "human"), Seat("", "bot:grandmaster")), (), 1)
    with pytest.raises(InvalidRecordError, match="grandmaster"):
        Session.from_record(record)


def test_setup_info_lists_levels_and_presets() -> None:
    info = game_setup_json("cetkaik")
    assert info["levels"][0] == "random"
    assert {p["id"] for p in info["presets"]} == {"official", "cerke_online"}
    assert all(p["rules"].endswith(p["id"]) for p in info["presets"])
