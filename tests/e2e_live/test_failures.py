"""When a live connection cannot be made or is lost (web/live/peer.js): a guest whose page
reloads comes back with a fresh invitation; a reply never accepted, or accepted from a browser
that has gone, ends "failed" after the timeout; stale, foreign and garbled replies are refused
with the SignalError's code."""

from __future__ import annotations

from typing import Any

ACCEPT = """async (reply) => { try { return await host.accept(reply); } catch (e) { return [e.name, e.code, e.message]; } }"""


def test_a_guest_whose_page_reloads_comes_back_with_a_fresh_invitation(table_of: Any) -> None:
    t = table_of(3)
    t.connect([1, 2])
    old_key = t.guests[1].js("guest.publicKey")
    first_reply_seen = t.guests[2].js("() => guest.sealer.peers.get(1).publicKey")
    assert first_reply_seen == old_key
    t.guests[1].js("() => guest.sendPrivate(2, 'before')")
    t.guests[2].wait("() => events.some((e) => e[0] === 'message')")

    t.guests[1].reload()
    t.host.wait("() => host.seatState(1) === 'closed'")
    invitation = t.invite(1)
    assert t.host.js("() => host.seatState(1)") == "invited"
    back, joined = t.join(1, invitation, t.guests[1])
    assert t.host.js("(reply) => host.accept(reply)", joined["reply"]) == 1
    t.host.wait("() => host.seatState(1) === 'open'")
    back.wait("() => guest.state === 'open'")
    new_key = back.js("guest.publicKey")
    assert new_key != old_key
    # the roster gave seat 2 the new key; the pair starts afresh both ways
    t.guests[2].wait("(k) => guest.sealer.peers.get(1)?.publicKey === k", new_key)
    back.wait("() => guest.knownSeats().length === 3")
    back.js("() => guest.sendPrivate(2, 'after')")
    t.guests[2].js("() => guest.sendPrivate(1, 'welcome back')")
    t.guests[2].wait("() => events.filter((e) => e[0] === 'message').length === 2")
    back.wait("() => events.some((e) => e[0] === 'message')")
    assert t.guests[2].events("message")[1] == ["message", 1, "after", True]
    assert back.events("message") == [["message", 2, "welcome back", True]]
    assert t.host.js("() => host.broadcast('all here')") == [1, 2]
    assert t.guests[2].events("refused") == [] and back.events("refused") == []


def test_stale_foreign_and_garbled_replies_are_refused(table_of: Any) -> None:
    t = table_of(3)
    other = table_of(2)
    first = t.invite(1)
    _, stale = t.join(1, first)
    second = t.invite(1)  # replaces the first invitation
    guest, fresh = t.join(1, second)
    assert t.host.js(ACCEPT, stale["reply"])[:2] == ["SignalError", "wrong_table"]
    _, foreign = other.join(1, other.invite(1))
    refused = t.host.js(ACCEPT, foreign["reply"])
    assert refused[:2] == ["SignalError", "wrong_table"] and "another table" in refused[2]
    assert t.host.js(ACCEPT, "not a reply")[:2] == ["SignalError", "garbled"]
    assert t.host.js(ACCEPT, second)[:2] == ["SignalError", "garbled"]  # an invitation, not a reply
    # the right invitation's reply with broken connection details: refused, and the seat can still be answered
    broken = t.host.js("async (text) => signal.packSignal({ ...(await signal.unpackSignal(text)), sdp: 'v=0 nonsense' })", fresh["reply"])
    assert t.host.js(ACCEPT, broken)[:2] == ["SignalError", "garbled"]
    assert t.host.js("() => host.seatState(1)") == "invited"
    assert t.host.js(ACCEPT, fresh["reply"]) == 1
    assert t.host.js(ACCEPT, fresh["reply"])[:2] == ["SignalError", "wrong_table"]  # already answered
    guest.wait("() => guest.state === 'open'")
    # a guest given a reply, or garbage, instead of an invitation
    joined = guest.js("""async (texts) => Promise.all(texts.map((x) => peer.LiveGuest.join(x).then(() => null, (e) => [e.name, e.code])))""",
                      [fresh["reply"], "", second[:-10]])
    assert joined == [["SignalError", "garbled"]] * 3


def test_a_reply_never_accepted_fails_on_time(table_of: Any) -> None:
    t = table_of(2, timeout_ms=1500)
    guest, _ = t.join(1, t.invite(1))
    guest.wait("() => guest.state === 'failed'", timeout=10000)
    assert guest.events("state") == [["state", "failed"]]
    assert t.host.js("() => host.seatState(1)") == "invited"


def test_a_reply_from_a_browser_that_has_gone_fails_on_time(table_of: Any) -> None:
    t = table_of(2, timeout_ms=1500)
    guest, joined = t.join(1, t.invite(1))
    guest.js("() => guest.close()")
    guest.page.close()
    assert t.host.js("(reply) => host.accept(reply)", joined["reply"]) == 1
    t.host.wait("() => host.seatState(1) === 'failed'", timeout=10000)
    assert t.host.events("seat") == [["seat", 1, "invited"], ["seat", 1, "connecting"], ["seat", 1, "failed"]]
