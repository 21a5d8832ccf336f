"""The fair deal in Chromium from the built site: the page's import map finds the vendored
@noble/curves and @noble/hashes (no request leaves the local server), and a 3-seat deal runs,
keeps each hand to its seat, verifies at the end and refuses a wrong key share.

The deal's logic is tested under Node (tests/live/test_deal.py); this checks the shipped files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from conftest import Server, make_context

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT / "tests" / "live" / "deal_harness.mjs"


def open_deal_page(context: Any, server: Server, site: Path) -> Any:
    """A blank page of the site's origin with the site's own import map (copied from the built
    index.html), web/live/deal.js imported as ``window.deal`` and the Node tests' simulated table
    as ``window.harness`` (served from tests/live)."""
    index = (site / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="importmap">.*?</script>', index, re.S)
    assert found, "index.html has no import map"
    # (at the site's root, where the map's relative addresses resolve as in index.html)
    html = f"<!doctype html><meta charset=utf-8><title>deal</title>{found.group(0)}"
    context.route(server.url + "deal-test.html", lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    context.route(server.url + "deal-harness.mjs", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=HARNESS.read_text(encoding="utf-8")))
    page = context.new_page()
    page.goto(server.url + "deal-test.html")
    page.evaluate("""async () => {
        window.deal = await import("./live/deal.js");
        window.harness = await import("./deal-harness.mjs");
    }""")
    return page


def test_the_import_map_comes_before_every_module_of_the_page(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    first_module = min(index.index('rel="modulepreload"'), index.index('type="module"'))
    assert 0 < index.index('<script type="importmap">') < first_module
    assert re.search(r'"@noble/curves/":"\./vendor/noble-[0-9a-f]{16}/curves/"', index)


def test_a_deal_runs_in_chromium_from_the_vendored_library(browser: Any, server: Server, site: Path) -> None:
    context, guard = make_context(browser, server.url, service_workers="block")
    try:
        page = open_deal_page(context, server, site)
        out = page.evaluate("""() => {
            const { Table, DIDO_36 } = window.harness, lib = window.deal;
            const setup = (name) => ({ deal: name, seats: 3, deck: "dido-36", cards: DIDO_36.slice(0, 12) });
            const t = new Table(lib, setup("e2e")).start().dealRoundRobin(12);
            const own = t.seats.map((d, i) => d.hand(i).map((j) => d.card(j)));
            const others = t.seats.map((d, i) => d.hand((i + 1) % 3).map((j) => d.card(j)));
            t.revealAll();
            const reports = t.events.map((ev) => ev.find((e) => e.type === "verified").report);
            const wrong = "01" + "00".repeat(31);
            const u = new Table(lib, setup("e2e-cheat"), { cheaters: { 1: (kind, body, to) =>
                kind === "keys" && to === 0 ? { ...body, keys: [wrong, ...body.keys.slice(1)] } : body } });
            u.start().dealRoundRobin(12);
            return { own, others, ok: reports.map((r) => r.ok), cards: reports[0].cards,
                     refused: u.refused[0].map((e) => [e.code, e.seat]) };
        }""")
        assert all(len(hand) == 4 and None not in hand for hand in out["own"])
        assert all(card is None for hand in out["others"] for card in hand)
        assert out["ok"] == [True, True, True]
        assert sorted(out["cards"]) == sorted(sum(out["own"], []))
        assert out["refused"] == [["share", 1]]
        served = [u for u in guard.seen if "/vendor/noble-" in u]
        assert any(u.endswith("/curves/ed25519.js") for u in served) and any(u.endswith("/hashes/sha2.js") for u in served)
    finally:
        context.close()
    assert guard.blocked == [], f"requests outside the site: {guard.blocked}"
