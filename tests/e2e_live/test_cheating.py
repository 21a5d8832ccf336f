"""What the host relays and what a cheating browser tries (web/live/peer.js, web/live/seal.js):
the host's page sees only ciphertext of the guests' private messages; a tampered, replayed,
forged or malformed frame is refused with a "refused" event, and the table goes on."""

from __future__ import annotations

import json
from typing import Any

SECRET = "the-queen-of-spades-goes-to-seat-two"

# The cheating guest keeps every frame it sends and can send raw text on its channel.
CHEAT = """() => {
  window.sent = [];
  const send = guest.channel.send.bind(guest.channel);
  guest.channel.send = (text) => { window.sent.push(text); return send(text); };
  window.raw = (text) => send(text);
}"""


def test_the_host_relays_only_ciphertext_and_refuses_nothing_honest(table_of: Any) -> None:
    t = table_of(3)
    t.connect([1, 2])
    t.guests[1].js("(s) => guest.sendPrivate(2, { card: s })", SECRET)
    t.guests[2].wait("() => events.some((e) => e[0] === 'message')")
    assert t.guests[2].events("message") == [["message", 1, {"card": SECRET}, True]]
    wire = t.host.js("window.wire")
    relayed = [json.loads(frame) for way, frame in wire if json.loads(frame)["t"] == "priv"]
    assert [f["env"]["from"] for f in relayed] == [1, 1] and [f["env"]["to"] for f in relayed] == [2, 2]  # in, then out
    assert not any(SECRET in frame or "queen" in frame for _, frame in wire)
    assert t.host.events("message") == [] and t.host.events("refused") == []


def test_tampered_replayed_forged_and_malformed_frames_are_refused(table_of: Any) -> None:
    t = table_of(3)
    t.connect([1, 2])
    cheat, victim = t.guests[1], t.guests[2]
    cheat.js(CHEAT)
    cheat.js("() => guest.sendPrivate(2, 'first')")
    victim.wait("() => events.some((e) => e[0] === 'message')")
    frame = json.loads(cheat.js("() => window.sent.at(-1)"))
    env = frame["env"]

    def raw(f: Any) -> None:
        cheat.js("(text) => raw(text)", f if isinstance(f, str) else json.dumps(f))

    raw(frame)  # replayed
    flipped = ("A" if env["ct"][5] != "A" else "B")
    raw({"t": "priv", "env": {**env, "n": env["n"] + 1, "ct": env["ct"][:5] + flipped + env["ct"][6:]}})  # tampered
    raw({"t": "priv", "env": {**env, "n": env["n"] + 5}})  # a later counter on the same ciphertext: tampered
    victim.wait("() => events.filter((e) => e[0] === 'refused').length === 3")
    assert victim.events("refused") == [["refused", 1, "replayed"], ["refused", 1, "tampered"], ["refused", 1, "tampered"]]

    # to the host: a forged sender, malformed frames, a tampered private message to seat 0
    raw({"t": "priv", "env": {**env, "from": 2}})
    raw("not json at all")
    raw({"t": "nonsense"})
    raw({"t": "priv", "env": {**env, "to": 9}})
    cheat.js("() => guest.sendPrivate(0, 'to the host')")
    to_host = json.loads(cheat.js("() => window.sent.at(-1)"))["env"]
    raw({"t": "priv", "env": {**to_host, "n": to_host["n"] + 1, "iv": to_host["iv"][::-1]}})
    raw({"t": "priv", "env": to_host})
    t.host.wait("() => events.filter((e) => e[0] === 'refused').length === 6")
    assert t.host.events("refused") == [["refused", 1, "forged sender"], ["refused", 1, "malformed"], ["refused", 1, "malformed"],
                                        ["refused", 1, "malformed"], ["refused", 1, "tampered"], ["refused", 1, "replayed"]]
    assert t.host.events("message") == [["message", 1, "to the host", True]]

    # everyone is still connected, and honest messages still pass
    cheat.js("() => guest.sendPrivate(2, 'second')")
    victim.wait("() => events.filter((e) => e[0] === 'message').length === 2")
    assert victim.events("message")[1] == ["message", 1, "second", True]
    assert t.host.js("() => host.openSeats()") == [1, 2]
    assert [p.js("guest.state") for p in (cheat, victim)] == ["open", "open"]


def test_a_cheating_host_cannot_forge_a_guests_private_message(table_of: Any) -> None:
    t = table_of(3)
    t.connect([1, 2])
    t.guests[1].js("() => guest.sendPrivate(2, 'genuine')")
    t.guests[2].wait("() => events.some((e) => e[0] === 'message')")
    # the host rewrites what it relayed, and sends one of its own in seat 1's name
    t.host.js("""() => {
        const frame = JSON.parse(window.wire.filter(([way, f]) => way === 'out' && f.includes('"priv"')).at(-1)[1]);
        const ch = host.slots.get(2).channel;
        frame.env.n += 1; frame.env.ct = frame.env.ct.slice(0, -3) + (frame.env.ct.at(-3) === 'A' ? 'B' : 'A') + frame.env.ct.slice(-2);
        ch.send(JSON.stringify(frame));
        ch.send(JSON.stringify({ t: 'priv', env: { from: 1, to: 2, n: 99, iv: 'AAAAAAAAAAAAAAAA', ct: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } }));
        ch.send('}{');
    }""")
    t.guests[2].wait("() => events.filter((e) => e[0] === 'refused').length === 3")
    assert t.guests[2].events("refused") == [["refused", 1, "tampered"], ["refused", 1, "tampered"], ["refused", 0, "malformed"]]
    assert t.guests[2].events("message") == [["message", 1, "genuine", True]]
