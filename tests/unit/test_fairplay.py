"""Play by link with fair chance (issue 15, item 5): two devices exchange links; every cast
combines both players' secrets; every way of cheating is refused or detected.

Each "device" below is what a browser keeps: its saved game (``pyengine.app.saves.save_json``).  A link
travels as the fragment ``Session.public_fragment()`` of the sender."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pyengine.app.fairplay import FairPlay, commitment, ledgers
from pyengine.app.links import OlderLinkError, open_link
from pyengine.app.saves import from_save, save_json
from pyengine.app.session import Session
from pyengine.core import IllegalActionError, InvalidLinkError, Pcg32, decode_fragment, encode_fragment

RULES = {"official": "1.official", "cerke_online": "1.cerke_online"}


class Device:
    """One player's browser: it opens links and keeps its game saved."""

    def __init__(self, save: str | None = None) -> None:
        self.save = save

    def open(self, link: str) -> Session:
        s = open_link(link, self.save)
        s.run_auto(limit=50)
        self.save = save_json(s)
        return s

    def session(self) -> Session:
        assert self.save is not None
        return from_save(self.save)

    def keep(self, s: Session) -> str:
        link = s.public_fragment()  # computing the link may commit a fresh secret: save after it
        self.save = save_json(s)
        return link


def start(rules: str = "official") -> tuple[Device, Device, str]:
    s = Session.new("cetkaik", RULES[rules], seats=[("A", "human"), ("B", "human")], by_link=True)
    a = Device()
    return a, Device(), a.keep(s)


def play_by_link(rules: str, seed: int, max_plies: int = 80) -> tuple[Session, Session, int, list[str]]:
    """Two devices play random legal moves until the game ends or ``max_plies``; returns both
    final sessions, the number of links sent and every cast (for the fairness checks)."""
    rng = Pcg32(seed, 77)
    a, b, link = start(rules)
    devices = [b, a]  # the link goes to B first
    sent = 1
    turn = 0
    while True:
        device = devices[turn % 2]
        s = device.open(link)
        while s.status() == "human" and len(s.record.actions) < max_plies:
            legal = s.legal()
            s.play(legal[rng.below(len(legal))])
            s.run_auto(limit=50)
        link = device.keep(s)
        sent += 1
        turn += 1
        if s.status() == "over" or len(s.record.actions) >= max_plies:
            # the last casts travel back until both devices have everything
            receiver, sender = devices[turn % 2], devices[(turn + 1) % 2]
            for _ in range(3):
                try:
                    got = receiver.open(link)
                except OlderLinkError:
                    break
                link = receiver.keep(got)
                sent += 1
                receiver, sender = sender, receiver
            mine, theirs = receiver.session(), sender.session()
            return mine, theirs, sent, [x for i, x in enumerate(mine.record.actions) if mine.states[i].is_chance()]


@pytest.mark.parametrize("rules", ["official", "cerke_online"])
def test_two_devices_play_a_game_and_agree_on_every_cast(rules: str) -> None:
    mine, theirs, sent, casts = play_by_link(rules, seed=3)
    assert mine.record.actions == theirs.record.actions
    assert len(casts) >= 2 and sent >= 4
    mine.fair.check_outcomes(mine.states, mine.record.actions)
    theirs.fair.check_outcomes(theirs.states, theirs.record.actions)


def test_the_first_mover_contest_needs_both_players_and_varies() -> None:
    firsts = set()
    for _ in range(16):
        a, b, link = start()
        sent = FairPlay.decode_transcript(dict(decode_fragment(link).meta)["fair"])
        assert [e.kind for e in sent if e.kind != "c"] == []  # the creator reveals nothing before B's part is in
        s_b = b.open(link)
        assert s_b.status() == "waiting" and s_b.record.actions == ()  # B cannot decide it alone
        s_a = a.open(b.keep(s_b))
        assert len(s_a.record.actions) == 1  # A can, once B's secret is in
        firsts.add(s_a.record.actions[0])
    assert firsts == {"一位色赤", "一位色黒"}


def _to_first_move(rules: str = "official") -> tuple[Device, Device, Session]:
    """Both devices past the first-mover contest; returns the device to move and its session."""
    a, b, link = start(rules)
    s_b = b.open(link)
    s_a = a.open(b.keep(s_b))
    if s_a.status() == "human":
        return a, b, s_a
    return b, a, b.open(a.keep(s_a))


def _ranged(s: Session) -> str:
    return next(x for x in s.legal() if "心" in x)


def test_the_mover_cannot_know_the_cast_before_the_move_is_committed() -> None:
    mover, other, s = _to_first_move()
    s.play(_ranged(s))
    assert s.state.is_chance() and s.status() == "waiting"  # the opponent's secret is missing
    assert s.fair is not None and s.fair.outcome(s.states, s.cursor) is None
    with pytest.raises(IllegalActionError, match="secret"):
        s.draw_chance([1, 2, 3, 4])  # entropy from the page cannot stand in for it


def test_the_opponent_cannot_know_the_movers_casts_in_advance() -> None:
    mover, other, s = _to_first_move()
    # the opponent's device, before the move: however the mover moves, the cast is unknown to it
    watcher = other.session()
    assert watcher.status() == "waiting"
    scratch = Session.from_record(s.record)  # the mover's position, public to both
    scratch.play(_ranged(scratch))
    assert watcher.fair is not None
    assert watcher.fair.outcome(scratch.states, len(scratch.record.actions)) is None


def test_the_receiver_resolves_the_cast_and_the_mover_learns_it_from_the_reply() -> None:
    mover, other, s = _to_first_move()
    s.play(_ranged(s))
    received = other.open(mover.keep(s))
    cast = received.record.actions[len(s.record.actions)]
    assert cast.startswith("橋")
    back = mover.open(other.keep(received))
    assert back.record.actions[len(s.record.actions)] == cast


def test_reloading_or_reopening_cannot_reroll_a_cast() -> None:
    mover, other, s = _to_first_move()
    s.play(_ranged(s))
    link = mover.keep(s)
    again = mover.session()  # a reload: the same secrets, the same link
    assert again.public_fragment() == link
    first = other.session()
    casts = set()
    for _ in range(3):  # the opponent reopening the same link gets the same cast
        opened = open_link(link, save_json(first))
        opened.run_auto(limit=5)
        casts.add(opened.record.actions[len(s.record.actions)])
    assert len(casts) == 1


def test_a_move_the_opponent_has_cannot_be_taken_back() -> None:
    mover, other, s = _to_first_move()
    s.play(_ranged(s))
    received = other.open(mover.keep(s))
    back = mover.open(other.keep(received))
    if back.status() == "human":  # a stepping choice or the next move: undo stops at what B has
        with pytest.raises(IllegalActionError, match="already has"):
            while True:
                back.undo()


def test_undo_of_a_move_not_yet_sent_is_allowed() -> None:
    mover, other, s = _to_first_move()
    before = s.record.actions
    s.play(s.legal()[0])
    s.undo()
    assert s.record.actions == before


def _tamper(link: str, change: str, seat: int = 0) -> str:
    record = decode_fragment(link)
    meta = dict(record.meta)
    if change == "cast":
        actions = list(record.actions)
        i = max(i for i, x in enumerate(actions) if x.startswith(("橋", "一位色")))
        options = ["橋無", "橋一", "橋二", "橋三", "橋四", "橋五"] if actions[i].startswith("橋") else ["一位色赤", "一位色黒"]
        actions[i] = next(o for o in options if o != actions[i])
        return encode_fragment(replace(record, actions=tuple(actions)))
    events = json.loads(meta["fair"])
    if change == "secret":
        i = next(i for i, e in enumerate(events) if e[0] in ("r", "o"))
        events[i][3] = ("0" if events[i][3][0] != "0" else "1") + events[i][3][1:]
    elif change == "commit":
        i = max(i for i, e in enumerate(events) if e[0] == "c" and e[1] == seat)
        events[i][3] = commitment("f" * 32)
    meta["fair"] = json.dumps(events, separators=(",", ":"))
    return encode_fragment(replace(record, meta=tuple(sorted(meta.items()))))


def test_altered_links_are_refused_and_change_nothing() -> None:
    mover, other, s = _to_first_move()
    s.play(_ranged(s))
    received = other.open(mover.keep(s))
    reply = other.keep(received)
    before = mover.save
    for change, message in (("cast", "altered"), ("secret", "altered")):
        with pytest.raises(InvalidLinkError, match=message):
            open_link(_tamper(reply, change), before)
    assert s.fair is not None
    with pytest.raises(InvalidLinkError, match="never made"):
        open_link(_tamper(reply, "commit", s.fair.my_seat), before)  # a commitment of mine I never made
    assert mover.save == before and from_save(before).record == s.record


def test_an_older_link_changes_nothing() -> None:
    mover, other, s = _to_first_move()
    old = mover.keep(s)
    s.play(s.legal()[0])
    s.run_auto()
    mover.keep(s)
    other.open(old)
    newer = other.open(mover.keep(s))
    with pytest.raises(OlderLinkError):
        open_link(old, other.save)
    assert other.session().record == newer.record


def test_a_link_from_another_game_does_not_touch_mine() -> None:
    mover, other, s = _to_first_move()
    _, _, stranger = start()
    opened = open_link(stranger, other.save)  # a different game id: a new game, mine is kept
    assert opened.game_id != s.game_id and other.session().game_id == s.game_id


def test_a_third_device_follows_as_a_spectator() -> None:
    mover, other, s = _to_first_move()
    s.play(s.legal()[0])
    s.run_auto()
    link = mover.keep(s)
    other.open(link)
    link2 = other.keep(other.session())
    watcher = open_link(link2)
    assert watcher.fair is not None and watcher.fair.my_seat == -1
    assert watcher.status() == "waiting" and watcher.legal() == []


def test_a_device_cannot_claim_a_commitment_it_never_made() -> None:
    fair = FairPlay.create("g", 0)
    forged = fair.transcript + (fair.transcript[0].__class__("c", 0, 3, commitment("a" * 32)),)
    with pytest.raises(InvalidLinkError, match="never made"):
        fair.copy().receive(forged)


def test_transcripts_out_of_order_or_damaged_are_refused() -> None:
    for bad in ('[["c",0,5,"' + "a" * 64 + '"],["c",0,2,"' + "b" * 64 + '"]]', '[["x",0,0,"00"]]', "{", "[1]"):
        with pytest.raises(InvalidLinkError):
            ledgers(FairPlay.decode_transcript(bad))


def test_only_two_people_play_by_link_and_never_a_hidden_hand_game() -> None:
    with pytest.raises(IllegalActionError):
        Session.new("cetkaik", seats=[("", "human"), ("", "bot:greedy")], by_link=True)
    with pytest.raises(IllegalActionError, match="hidden"):
        Session.new("daifugo", seats=[("", "human"), ("", "human")], by_link=True)
