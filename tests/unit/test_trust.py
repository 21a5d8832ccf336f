"""Trust: live chance nobody can predict, undo that never re-rolls, links and hot seats that
reveal no hidden card (issue 15).  Pure Python: the page's session, no browser."""

from __future__ import annotations

import json

import pytest

from pyengine.app.links import open_link
from pyengine.app.saves import from_save, save_json
from pyengine.app.session import Session
from pyengine.core import IllegalActionError, decode_fragment, encode_fragment
from pyengine.core.chance import SeededChance

WORDS_A = [0x12345678, 0x9ABCDEF0, 0x0F1E2D3C, 0x4B5A6978]
WORDS_B = [0xDEADBEEF, 0x01234567, 0x89ABCDEF, 0x76543210]


def daifugo_hands(s: Session) -> list[str]:
    return [json.dumps(s.state.observation(p)["hand"]) for p in range(s.state.num_players)]


def dealt(game: str, seats: list[tuple[str, str]], seed: int = 1) -> Session:
    s = Session.new(game, seats=seats, seed=seed)
    s.run_auto(limit=500)
    return s


def test_the_same_new_game_deals_differently_every_time() -> None:
    seats = [("", "human"), ("", "bot:random"), ("", "bot:random"), ("", "bot:random")]
    hands = {tuple(daifugo_hands(dealt("daifugo", seats))) for _ in range(3)}
    assert len(hands) == 3  # the record's seed (the same) decides no deal


def test_the_first_mover_contest_is_not_decided_by_the_record() -> None:
    first = {dealt("cetkaik", [("", "human"), ("", "human")], seed=5).record.actions[0] for _ in range(40)}
    assert first == {"一位色赤", "一位色黒"}


def test_entropy_from_the_page_decides_the_outcome_and_nothing_else_does() -> None:
    outcomes = set()
    for words in (WORDS_A, WORDS_B, [1, 2, 3, 4], [9, 9, 9, 9], [7, 0, 7, 0], [0, 0, 0, 1]):
        a = Session.new("cetkaik", seats=[("", "human"), ("", "human")], seed=1)
        b = Session.new("cetkaik", seats=[("", "human"), ("", "human")], seed=99)
        assert a.step_auto(bots=False, entropy=words) and b.step_auto(bots=False, entropy=words)
        assert a.record.actions == b.record.actions  # the same entropy, the same outcome
        outcomes.add(a.record.actions[0])
    assert outcomes == {"一位色赤", "一位色黒"}
    s = Session.new("cetkaik")
    for bad in ([1, 2, 3], [1, 2, 3, -4], [1, 2, 3, 1 << 32]):
        with pytest.raises(ValueError):
            s.step_auto(bots=False, entropy=bad)
    assert s.record.actions == ()


def test_a_link_to_a_card_game_in_progress_deals_a_fresh_table() -> None:
    seats = [("Ann", "human"), ("", "bot:strong"), ("", "bot:strong"), ("", "bot:strong")]
    s = dealt("daifugo", seats)
    assert s.share_kind() == "setup"
    link = s.public_fragment()
    record = decode_fragment(link)
    assert record.actions == () and "deal" not in link
    mine = daifugo_hands(s)
    for _ in range(2):
        opened = open_link(link)  # a friend's browser: no saved game
        opened.run_auto(limit=500)
        assert daifugo_hands(opened) != mine
    # my own browser: the saved game of that table comes back
    resumed = open_link(link, save_json(s))
    assert resumed.record == s.record


def test_a_set_up_link_does_not_resume_another_games_save() -> None:
    seats = [("", "human"), ("", "bot:random"), ("", "bot:random")]
    one, two = dealt("daifugo", seats, seed=3), dealt("daifugo", seats, seed=3)
    assert one.game_id != two.game_id
    assert open_link(one.public_fragment(), save_json(two)).record.actions == ()


def test_old_links_with_a_seed_still_open_exactly() -> None:
    s = Session.new("kuhn", seats=[("", "human"), ("", "human")], seed=11, chance=SeededChance(3))
    s.run_auto()
    s.play("bet")
    s.play("bet")
    old = encode_fragment(s.record)
    assert Session.from_fragment(old).record.actions == s.record.actions


def _ranged_move(s: Session) -> str:
    return next(a for a in s.legal() if "心" in a)


def test_undo_never_rerolls_a_cast_and_the_memory_survives_a_reload() -> None:
    s = Session.new("cetkaik", seats=[("", "human"), ("", "bot:greedy")], seed=2)
    s.play_chance("一位色赤")
    move = _ranged_move(s)
    s.play(move)
    s.step_auto(bots=False, entropy=WORDS_A)
    cast = s.record.actions[-1]
    assert cast.startswith("橋")
    for words in (WORDS_B, [5, 6, 7, 8], [0, 0, 0, 0]):
        s.undo()
        assert s.record.actions == ("一位色赤",)
        s.play(move)
        s.step_auto(bots=False, entropy=words)  # fresh entropy is ignored: the cast is remembered
        assert s.record.actions[-1] == cast
    s.undo()
    restored = from_save(save_json(s))
    restored.play(move)
    restored.step_auto(bots=False, entropy=WORDS_B)
    assert restored.record.actions[-1] == cast


def test_another_move_after_undo_meets_its_own_chance() -> None:
    s = Session.new("cetkaik", seats=[("", "human"), ("", "bot:greedy")], seed=2)
    s.play_chance("一位色赤")
    moves = [a for a in s.legal() if "心" in a][:2]
    s.play(moves[0])
    s.step_auto(bots=False, entropy=WORDS_A)
    s.undo()
    s.play(moves[1])
    assert s.prefix_digest(s.cursor) not in s.memory  # a new line of play: nothing remembered for it
    assert s.state.is_chance()


def test_a_new_line_of_play_from_the_history_remembers_what_it_cut() -> None:
    s = Session.new("cetkaik", seats=[("", "human"), ("", "human")], seed=2)
    s.play_chance("一位色赤")
    move = _ranged_move(s)
    s.play(move)
    s.step_auto(bots=False, entropy=WORDS_A)
    cast = s.record.actions[-1]
    s.goto(1)
    s.play(move)  # the same move again from the history
    s.step_auto(bots=False, entropy=WORDS_B)
    assert s.record.actions[-1] == cast


def hot_seat_daifugo() -> Session:
    s = Session.new("daifugo", seats=[("Ann", "human"), ("Bob", "human"), ("", "bot:random")], seed=4,
                    chance=SeededChance(4))
    s.run_auto(limit=500)
    return s


def test_hot_seat_shows_a_hand_only_to_the_seat_that_took_the_device() -> None:
    s = hot_seat_daifugo()
    assert s.is_hot_seat() and s.status() == "human"
    me = s.state.current_player
    assert s.viewer() == -1 and s.view()["observation"]["hand"] in (None, [])
    other = next(i for i in (0, 1) if i != me)
    assert s.viewer(handed_to=other) == -1
    v = s.view(handed_to=me)
    assert v["viewer"] == me and v["observation"]["hand"]


def test_hot_seat_history_shows_the_public_view() -> None:
    s = hot_seat_daifugo()
    for _ in range(12):
        if s.state.is_terminal():
            break
        if s.status() == "human":
            s.play(s.legal()[0])
        s.run_auto(limit=50)
    for cursor in range(s.cursor):
        s.goto(cursor)
        for handed in (None, 0, 1):
            v = s.view(handed_to=handed)
            assert v["viewer"] == -1
            assert not v["observation"].get("hand")


def test_undo_in_a_hot_seat_needs_the_hand_over_again() -> None:
    s = hot_seat_daifugo()
    me = s.state.current_player
    s.play(s.legal()[0])
    s.run_auto(limit=50)
    s.undo()
    assert s.state.current_player == me
    assert s.viewer(handed_to=None) == -1


def test_a_single_human_sees_their_own_hand_in_the_history() -> None:
    s = dealt("daifugo", [("", "human"), ("", "bot:random"), ("", "bot:random")])
    s.goto(s.cursor - 1)
    assert s.viewer() == 0 and s.view()["observation"]["hand"]


def test_play_chance_refuses_where_there_is_no_chance_node() -> None:
    s = Session.new("cetkaik")
    s.play_chance("一位色黒")
    with pytest.raises(IllegalActionError):
        s.play_chance("一位色赤")
