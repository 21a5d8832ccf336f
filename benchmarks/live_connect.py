#!/usr/bin/env python3
"""The live connection's cost (web/live/peer.js) between Chromium contexts on this machine: a
table of 5 seats (the host and 4 guests, each a browser context of its own), signalled by the
packed links, inside a network namespace of its own (tests/e2e_live/netns.py; re-run in one
when started outside, which needs root).

    .venv/bin/python benchmarks/live_connect.py [--seats 5] [--rounds 3] [--pings 50]

Per seat, one after another: ``invite`` (the host's offer and its ICE gathering, packed),
``join`` (the guest's answer and gathering, packed), ``accept → open`` (until both ends' channel
is open), and ``invite → open`` for the seat; the whole table's time also holds opening each
guest's browser context and page. Then a broadcast's round
trip: the host broadcasts, every guest echoes it back, timed in the host's page from the
broadcast to the last echo (a small body and one of 16 KB). Medians over the rounds (a fresh
table each), p90 of the pings too. The machine is shared: figures move with its load. Prints
figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e_live"))
import netns  # noqa: E402

PINGS = """async ([rounds, size]) => {
  const seats = host.openSeats(), pad = "x".repeat(size), times = [];
  for (let r = 0; r < rounds; r++) {
    const got = new Set();
    const done = new Promise((resolve) => {
      const stop = host.on("message", (seat, body) => { if (body && body.echo === r) { got.add(seat); if (got.size === seats.length) { stop(); resolve(); } } });
    });
    const t0 = performance.now();
    host.broadcast({ ping: r, pad });
    await done;
    times.push(performance.now() - t0);
  }
  return times;
}"""
ECHO = "() => guest.on('message', (from, body) => { if (body && 'ping' in body) guest.send({ echo: body.ping }); })"


def one_table(browser: Any, server: Any, site: Path, seats: int, pings: int) -> dict[str, Any]:
    from conftest import Player, Table

    t = Table(browser, server, site, seats)
    try:
        out: dict[str, Any] = {"invite": [], "join": [], "accept_open": [], "invite_open": []}
        start = time.perf_counter()
        for seat in range(1, seats):
            player = Player(browser, server, site)  # the guest's browser, its page already open
            t0 = time.perf_counter()
            invitation = t.invite(seat, {"game": "daifugo", "seat": seat})
            t1 = time.perf_counter()
            guest, joined = t.join(seat, invitation, player)
            t2 = time.perf_counter()
            t.host.js("(reply) => host.accept(reply)", joined["reply"])
            t.host.wait("(seat) => host.seatState(seat) === 'open'", seat)
            guest.wait("() => guest.state === 'open'")
            t3 = time.perf_counter()
            out["invite"].append(t1 - t0)
            out["join"].append(t2 - t1)
            out["accept_open"].append(t3 - t2)
            out["invite_open"].append(t3 - t0)
            out.setdefault("sizes", []).append((len(invitation), len(joined["reply"])))
        out["table"] = time.perf_counter() - start
        for guest in t.guests.values():
            guest.js(ECHO)
        out["ping_small"] = t.host.js(PINGS, [pings, 10])
        out["ping_16k"] = t.host.js(PINGS, [pings, 16 * 1024])
        return out
    finally:
        t.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seats", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--pings", type=int, default=50)
    args = ap.parse_args()
    if not netns.inside():
        netns.exec_inside([sys.executable, *sys.argv])
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    from conftest import ARGS, Server, built_site, e2e
    from playwright.sync_api import sync_playwright

    site = built_site()
    server = Server(site)
    tables = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=e2e.CHROMIUM, args=ARGS)
            for _ in range(args.rounds):
                tables.append(one_table(browser, server, site, args.seats, args.pings))
            browser.close()
    finally:
        server.stop()

    def ms(xs: list[float]) -> str:
        return f"{statistics.median(xs) * 1000:6.0f} ms"

    print(f"{args.seats} seats (host + {args.seats - 1} guests, a browser context each), medians of {args.rounds} tables, "
          "in a network namespace of its own")
    for key, what in [("invite", "invite (offer + ICE gathering)"), ("join", "join (answer + ICE gathering)"),
                      ("accept_open", "accept → both ends open"), ("invite_open", "invite → open, one seat")]:
        print(f"  {what:34} {ms([x for t in tables for x in t[key]])}")
    print(f"  {'invite → open, whole table':34} {ms([t['table'] for t in tables])}")
    inv, rep = zip(*[s for t in tables for s in t["sizes"]], strict=True)
    print(f"  link sizes: invitation {statistics.median(inv):.0f} characters, reply {statistics.median(rep):.0f}")
    for key, what in [("ping_small", "a small body"), ("ping_16k", "a 16 KB body")]:
        xs = sorted(x for t in tables for x in t[key])
        print(f"  broadcast → every guest's echo, {what:12}: median {statistics.median(xs):5.2f} ms, "
              f"p90 {xs[int(len(xs) * 0.9)]:5.2f} ms ({len(xs)} pings)")


if __name__ == "__main__":
    main()
