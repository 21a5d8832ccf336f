"""Players' browsers connect and talk (web/live/peer.js): a host and one, two or four guests, each
in a Chromium context of its own, signalled by the packed links alone; messages host → seat,
seat → host, broadcasts, private messages, and a reply link handed to the host's tab by another
tab of the same browser."""

from __future__ import annotations

from typing import Any


def test_two_browsers_connect_by_links_and_talk_both_ways(table_of: Any) -> None:
    t = table_of(2)
    invitation = t.invite(1, {"game": "cetkaik", "rules": "official", "names": ["호스트", "ゲスト"]})
    assert t.host.events("seat") == [["seat", 1, "invited"]]
    guest, joined = t.join(1, invitation)
    assert joined["seat"] == 1 and joined["table"] == t.table
    assert joined["extra"] == {"game": "cetkaik", "rules": "official", "names": ["호스트", "ゲスト"]}
    assert guest.js("guest.state") == "connecting"
    assert len(invitation) < 2000 and len(joined["reply"]) < 2000, (len(invitation), len(joined["reply"]))
    assert t.host.js("(reply) => host.accept(reply)", joined["reply"]) == 1
    t.host.wait("() => host.seatState(1) === 'open'")
    guest.wait("() => guest.state === 'open'")
    assert t.host.events("seat") == [["seat", 1, "invited"], ["seat", 1, "connecting"], ["seat", 1, "open"]]
    assert guest.events("state") == [["state", "open"]]

    assert t.host.js("() => host.send(1, { move: 'a1-b2', n: 1 })") is True
    assert t.host.js("() => host.broadcast({ all: true })") == [1]
    assert t.host.js("() => host.sendPrivate(1, { hand: ['7H'] })") is True
    guest.wait("() => events.filter((e) => e[0] === 'message').length === 3")
    assert guest.events("message") == [["message", 0, {"move": "a1-b2", "n": 1}, False], ["message", 0, {"all": True}, False],
                                       ["message", 0, {"hand": ["7H"]}, True]]
    assert guest.js("() => guest.send({ move: 'c3-d4' })") is True
    assert guest.js("() => guest.sendPrivate(0, { secret: 'to the host' })") is True
    t.host.wait("() => events.filter((e) => e[0] === 'message').length === 2")
    assert t.host.events("message") == [["message", 1, {"move": "c3-d4"}, False], ["message", 1, {"secret": "to the host"}, True]]
    # the guest's private message to the host went sealed, not as plain text
    assert not any("to the host" in frame for _, frame in t.host.js("window.wire"))
    # a body too big for a data channel is refused at once, with a reason
    too_big = t.host.js("() => { try { host.send(1, 'x'.repeat(300 * 1024)); return null; } catch (e) { return e.name + ': ' + e.message; } }")
    assert too_big.startswith("RangeError: a live message may have")
    assert t.host.events("refused") == [] and guest.events("refused") == []

    # the host leaves: the guest's channel closes
    t.host.js("() => host.close()")
    guest.wait("() => guest.state === 'closed'")
    assert guest.js("() => guest.send('anyone?')") is False


def test_three_browsers_host_relays_and_guests_talk(table_of: Any) -> None:
    t = table_of(3)
    t.connect([1, 2])
    assert t.host.js("() => host.broadcast({ deal: 1 })") == [1, 2]
    for guest in t.guests.values():
        guest.wait("() => events.some((e) => e[0] === 'message')")
        assert guest.events("message") == [["message", 0, {"deal": 1}, False]]
    t.guests[1].js("() => guest.sendPrivate(2, { pass: ['KS', 'QH'] })")
    t.guests[2].js("() => guest.sendPrivate(1, 'thanks')")
    t.guests[2].wait("() => events.filter((e) => e[0] === 'message').length === 2")
    t.guests[1].wait("() => events.filter((e) => e[0] === 'message').length === 2")
    assert t.guests[2].events("message")[1] == ["message", 1, {"pass": ["KS", "QH"]}, True]
    assert t.guests[1].events("message")[1] == ["message", 2, "thanks", True]
    assert t.host.events("message") == []


def test_five_browsers_connect_and_every_message_arrives_in_order(table_of: Any) -> None:
    t = table_of(5)
    t.connect([1, 2, 3, 4])
    assert t.host.js("() => host.openSeats()") == [1, 2, 3, 4]
    t.host.js("() => { for (let i = 0; i < 50; i++) host.broadcast({ i }); }")
    # each guest sends the next one a private message, and the host a public one
    for seat, guest in t.guests.items():
        guest.js("(to) => { guest.sendPrivate(to, { ring: guest.seat }); guest.send({ hello: guest.seat }); }", seat % 4 + 1)
    for seat, guest in t.guests.items():
        guest.wait("() => events.filter((e) => e[0] === 'message').length === 51")
        got = guest.events("message")
        broadcasts = [m[2]["i"] for m in got if "i" in m[2]]
        assert broadcasts == list(range(50)), f"seat {seat}: {broadcasts}"
        sender = (seat - 2) % 4 + 1
        assert ["message", sender, {"ring": sender}, True] in got
    t.host.wait("() => events.filter((e) => e[0] === 'message').length === 4")
    assert sorted(m[1] for m in t.host.events("message")) == [1, 2, 3, 4]
    assert all(p.events("refused") == [] for p in [t.host, *t.guests.values()])


def test_a_reply_opened_in_another_tab_reaches_the_hosts_tab(table_of: Any) -> None:
    t = table_of(2)
    guest, joined = t.join(1, t.invite(1))
    t.host.js("() => { window.stop = signal.listenForReplies(async (text) => { await host.accept(text); return true; }); }")
    other_tab = t.host.new_page()  # the host opened the reply link: a new tab of the same browser
    assert other_tab.evaluate("(reply) => signal.relayReply(reply)", joined["reply"]) is True
    t.host.wait("() => host.seatState(1) === 'open'")
    guest.wait("() => guest.state === 'open'")
    # a tab of another table does not take it; with no table's tab, nobody acknowledges
    assert other_tab.evaluate("(reply) => signal.relayReply(reply, 500)", joined["reply"]) is False
    t.host.js("() => window.stop()")
    assert other_tab.evaluate("() => signal.relayReply('x', 300)") is False
