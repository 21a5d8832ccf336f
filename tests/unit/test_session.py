"""The page's session layer (pure Python, no browser): new games, links, saves, undo,
replay cursor, bots and chance resolved by the session."""

from __future__ import annotations

import json

import pytest

from pyengine.app.links import open_link
from pyengine.app.saves import from_save, save_json
from pyengine.app.session import Session
from pyengine.app.start_page import games_json
from pyengine.core import (
    IllegalActionError,
    InvalidLinkError,
    InvalidNotationError,
    Record,
    Seat,
    encode_fragment,
)
from pyengine.core.chance import SeededChance


def hotseat() -> Session:
    s = Session.new("kuhn", seats=[("Ann", "human"), ("Bob", "human")], seed=9, chance=SeededChance(9))
    s.run_auto()  # the deal
    return s


def test_a_seeded_chance_source_deals_the_same_and_the_bots_seed_decides_no_deal() -> None:
    a, b = hotseat(), hotseat()
    assert a.record.actions == b.record.actions and len(a.record.actions) == 1
    deals = set()
    for seed in range(30):
        s = Session.new("kuhn", seats=[("", "human"), ("", "human")], seed=9, chance=SeededChance(seed))
        s.run_auto()
        deals.add(s.record.actions[0])
    assert len(deals) > 3  # the same record seed, other chance: other deals


def test_play_and_view() -> None:
    s = hotseat()
    assert s.status() == "human" and s.state.current_player == 0
    assert s.legal() == ["bet", "pass"]
    s.play("bet")
    v = s.view("en", handed_to=1)  # hot seat: Bob has taken the device
    assert v["to_move"] == 1 and v["viewer"] == 1
    assert v["history"][-1]["action"] == "bet" and v["history"][-1]["actor"] == 0
    assert v["observation"]["card"] == s.record.actions[0][1]
    json.dumps(v)


def test_illegal_play_changes_nothing() -> None:
    s = hotseat()
    before = (s.record, s.cursor)
    with pytest.raises(InvalidNotationError):
        s.play("raise")
    s.play("bet")
    with pytest.raises(IllegalActionError, match="not a legal move"):
        s.play("KQ")
    s.undo()
    assert (s.record, s.cursor) == before


def test_bots_answer_by_themselves() -> None:
    s = Session.new("kuhn", seats=[("", "human"), ("", "bot:random")], seed=3)
    s.run_auto()
    s.play("bet")
    s.run_auto()
    assert s.state.is_terminal()
    with pytest.raises(IllegalActionError, match="over"):
        s.play("bet")


def test_link_round_trip_and_cursor() -> None:
    s = hotseat()
    s.play("pass")
    s.play("bet")
    full = s.fragment()
    s.goto(1)
    at1 = s.fragment()
    opened = Session.from_fragment(at1)
    assert opened.cursor == 1 and opened.record.actions == s.record.actions
    assert Session.from_fragment(full).cursor == 3
    # a move made back in the replay starts a new line of play
    opened.play("bet")
    assert opened.record.actions == (s.record.actions[0], "bet") and opened.at_end


def test_undo_takes_back_to_the_last_human_move() -> None:
    s = Session.new("kuhn", seats=[("", "human"), ("", "bot:random")], seed=3)
    s.run_auto()
    s.play("pass")
    s.run_auto()
    s.undo()
    assert s.cursor == 1 and s.state.current_player == 0
    with pytest.raises(IllegalActionError):
        s.undo()


def test_save_restore_and_tampering() -> None:
    s = hotseat()
    s.play("bet")
    restored = from_save(save_json(s))
    assert restored.record == s.record and restored.state == s.state
    for bad in ["", "{", "[]", '{"v": 2, "fragment": "x"}', '{"v": 1, "fragment": "1.abc"}']:
        with pytest.raises(InvalidLinkError):
            from_save(bad)
    illegal = Record("kuhn", "1.basic", (Seat(), Seat()), ("JQ", "bet", "bet", "bet"))
    with pytest.raises(InvalidLinkError, match="ply 4"):
        from_save(json.dumps({"v": 1, "fragment": encode_fragment(illegal)}))


def test_games_list_for_the_start_page() -> None:
    games = {g["id"]: g for g in games_json("ja")}
    assert games["kuhn"]["name"] == "クーン・ポーカー"
    assert games["kuhn"]["players"] == [2, 2]


@pytest.mark.cpython_only
def test_the_start_page_list_imports_no_engine() -> None:
    # a fresh interpreter, as on the page: listing the games reads metadata only
    import subprocess
    import sys

    code = ("import sys; from pyengine.app.start_page import games_json; games_json('en'); "
            "print(sorted(m for m in sys.modules if m.startswith('pyengine.') and m.count('.') >= 2))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # the shared machinery (core, the app, the AI's protocol and level lookup) may load; no
    # game's engine, bots or view may
    loaded = {m for m in eval(out) if not m.startswith(("pyengine.core.", "pyengine.app."))
              and not (m.startswith("pyengine.ai.") and m.count(".") == 2)}
    assert loaded == {"pyengine.cetkaik.info", "pyengine.daifugo.info", "pyengine.chabashi.info"}
    # ... and the engines are there on first use
    code = "from pyengine.cetkaik import GAME, OFFICIAL; from pyengine.daifugo import GAME as D; print(GAME.info.id, D.info.id)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split() == [
        "cetkaik", "daifugo"]


def test_an_earlier_position_of_a_kept_game_never_re_rolls_its_casts() -> None:
    # Cetkaik between two people: a stepping move is cast (a chance node), then the game goes on
    s = Session.new("cetkaik", seats=[("", "human"), ("", "human")], seed=1, chance=SeededChance(4))
    s.run_auto()  # who moves first
    before = s.fragment()  # the link of the position before the move, copied at the time
    cast_move = next(a for a in s.legal() if s.state.apply(a).is_chance())
    s.play(cast_move)
    s.run_auto()  # the sticks are cast
    cast = s.record.actions[-1]
    kept = save_json(s)
    # the earlier link reopened in the same browser (the library passes the kept game): the same
    # move meets the same cast, whatever the new chance source would draw
    for seed in range(12):
        again = open_link(before, save=kept)
        again.chance = SeededChance(100 + seed)
        again.play(cast_move)
        again.run_auto()
        assert again.record.actions[-1] == cast
    # without the kept game (another browser), a cast is drawn afresh: some seed draws another
    fresh = set()
    for seed in range(12):
        other = open_link(before)
        other.chance = SeededChance(100 + seed)
        other.play(cast_move)
        other.run_auto()
        fresh.add(other.record.actions[-1])
    assert len(fresh) > 1
    # a kept game of another set-up lends nothing
    stranger = Session.new("cetkaik", seats=[("", "human"), ("", "human")], seed=2, chance=SeededChance(4))
    assert open_link(before, save=save_json(stranger)).memory == {}
