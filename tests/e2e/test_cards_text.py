"""Every string the card tables show, in en, ko and ja: no placeholder text (``null``,
``undefined``, ``NaN``, ``[object``), no raw string key or option path, and under ko and ja no
English word (names that are the same in every language excepted).

The scan reads what a player sees or hears: the text of every rendered element of the table and of
the set-up form's rules panel, and the ``aria-label``, ``title``, ``placeholder`` and ``alt`` of
every element.  A ``<code>`` (the rules code that goes into links) is a code, not words, and is
skipped.  (The shell's own scanner, ``scan_text`` in conftest.py, is the shell engineer's; it
was not on main when these tables were written, so the check lives here.)
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import Guard, Server, daifugo_settings, drawn, fix_chance, open_app

from pyengine.app.session import Session

pytestmark = pytest.mark.e2e

# Every string of the elements under the given roots (text of rendered elements, the accessible
# attributes of all of them, options of selects).
COLLECT = """(selectors) => {
  const out = [];
  const seen = new Set();
  for (const sel of selectors) for (const root of document.querySelectorAll(sel)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walker.currentNode; n; n = walker.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        const el = n.parentElement;
        if (!el || el.closest('[hidden]') || el.closest('style, script, code')) continue;
        const text = n.textContent.trim();
        if (text && el.getClientRects().length) out.push(text);
        continue;
      }
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = n.getAttribute(a);
        if (v && !n.closest('[hidden]')) out.push(v.trim());
      }
      if (n.tagName === 'OPTION') out.push(n.textContent.trim());
      if (n.tagName === 'INPUT' && ['button', 'submit'].includes(n.type)) out.push(n.value);
    }
  }
  return out.filter((x) => { if (seen.has(x)) return false; seen.add(x); return true; });
}"""
PLACEHOLDER = re.compile(r"\b(null|undefined|NaN)\b|\[object")
RAW_KEY = re.compile(r"\b(daifugo|chabashi|table|setup|level|preset|speed)\.[a-z0-9_.]+\b")
RAW_OPTION = re.compile(r"\b(deck|match|forms|order|clears|turns|transfers|locks|finishing|exchange)\.[a-z][a-z0-9_]+\b")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]{2,}")
SAME_IN_EVERY_LANGUAGE = {"UECda", "JDF", "seed", "balanced", "JOKER", "Esc", "J-Q-K"}
"""Names shown as they are in every language (the two Chabashi presets keep their ids; Esc is the
key as it is printed; J-Q-K, ranks as printed on the cards)."""

TABLE = ["#table .game-table", "#table [data-slot=body]"]
SETUP = [".setup .setup-extras"]


def scan_text(page: Any, lang: str, roots: list[str]) -> list[str]:
    """The problems in every string under ``roots`` (empty when there is none)."""
    strings: list[str] = page.evaluate(COLLECT, roots)
    assert strings, f"nothing rendered under {roots}"
    problems = []
    for s in strings:
        if PLACEHOLDER.search(s):
            problems.append(f"placeholder: {s!r}")
        if RAW_KEY.search(s) or RAW_OPTION.search(s):
            problems.append(f"raw key: {s!r}")
        if lang != "en":
            english = [w for w in WORD.findall(s) if w not in SAME_IN_EVERY_LANGUAGE]
            if english:
                problems.append(f"English under {lang}: {s!r} ({', '.join(english)})")
    return problems


def start_page(context: Any, server: Server, lang: str, fragment: str = "") -> Any:
    context.add_init_script(f"localStorage.setItem('pyengine:lang', '{lang}');")
    return open_app(context, server.url + "?speed=instant" + (f"#{fragment}" if fragment else ""))


def first_choice(phase: str, legal: list[str]) -> str:
    plays = [a for a in legal if a != "pass"]
    return plays[0] if plays and phase in ("play", "four_stop") else legal[0]


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_daifugo_strings(ctx: tuple[Any, Guard], server: Server, lang: str) -> None:
    context, _ = ctx
    fix_chance(context, 6)
    page = start_page(context, server, lang)
    problems: list[str] = []
    # the set-up form with the rules panel open and two conflicts listed
    card = page.locator('.game-card[data-game="daifugo"]')
    card.locator('[data-action="new"]').click()
    form = card.locator(".setup")
    form.locator("details.df-rules summary").click()
    form.locator('[data-path="clears.eight_cut"]').uncheck()
    page.wait_for_selector(".df-conflicts li >> nth=1")
    problems += scan_text(page, lang, SETUP)
    # a two-game match against bots, scanned at every decision of the person, with the text view on
    fragment = Session.new("daifugo", "1.popular~match.games=2", [("", "human")] + [("", "bot:random")] * 3, 6).fragment()
    page.evaluate("(f) => window.pyengineApp.open(f)", fragment)
    page.wait_for_selector(".df .ck-cardbtn")
    page.locator('[data-df="help"]').click()
    page.wait_for_selector(".df-help .df-help-rule")
    daifugo_settings(page)  # the menu's words too
    problems += scan_text(page, lang, TABLE)
    page.keyboard.press("Escape")  # the menu folds (it lies over the help's top)
    page.locator('[data-df="help-close"]').click()
    daifugo_settings(page).locator('[data-df="textview"]').check()
    decisions = 0
    while page.evaluate("window.pyengineApp.state().status") != "over":
        page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)")
        if page.evaluate("window.pyengineApp.state().status") == "over":
            break
        drawn(page)
        problems += scan_text(page, lang, TABLE)
        st = page.evaluate("window.pyengineApp.state()")
        page.evaluate("(a) => window.pyengineApp.play(a)", first_choice(st["observation"]["phase"], page.evaluate("window.pyengineApp.legal()")))
        decisions += 1
    assert decisions > 10
    daifugo_settings(page).locator('[data-df="textview"]').uncheck()
    page.keyboard.press("Escape")
    page.wait_for_selector(".df-results:not([hidden])")
    problems += scan_text(page, lang, TABLE)  # results, final standings, scoreboard
    page.locator('[data-df-nav="prev"]').click()
    page.wait_for_selector(".df-reveal:not([hidden])")
    problems += scan_text(page, lang, TABLE)  # the replay with every hand
    assert not sorted(set(problems)), sorted(set(problems))
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_chabashi_strings(ctx: tuple[Any, Guard], server: Server, lang: str) -> None:
    context, _ = ctx
    fix_chance(context, 3)
    page = start_page(context, server, lang)
    problems: list[str] = []
    card = page.locator('.game-card[data-game="chabashi"]')
    card.locator('[data-action="new"]').click()
    page.wait_for_selector(".setup .cb-setup-about")
    problems += scan_text(page, lang, SETUP)
    fragment = Session.new("chabashi", "1.seed~hand_limit=2", [("", "human")] + [("", "bot:random")] * 2, 3).fragment()
    page.evaluate("(f) => window.pyengineApp.open(f)", fragment)
    page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)")
    page.locator('[data-cb="help"]').click()
    page.wait_for_selector(".cb-help .cb-example [data-card]", timeout=60000)
    problems += scan_text(page, lang, TABLE)
    page.locator('[data-cb="help-close"]').click()
    page.locator('[data-cb="text-toggle"]').click()
    page.locator('[data-cb="odds-toggle"]').click()
    decisions = 0
    while True:
        page.wait_for_function("['human', 'over'].includes(window.pyengineApp.state().status)")
        drawn(page)
        problems += scan_text(page, lang, TABLE)
        if page.evaluate("window.pyengineApp.state().status") == "over":
            break
        legal = page.evaluate("window.pyengineApp.legal()")
        page.evaluate("(a) => window.pyengineApp.play(a)", "call" if "call" in legal else legal[0])
        decisions += 1
    assert decisions > 3
    page.wait_for_selector(".cb-standings:not([hidden])")
    page.locator('[data-cb-nav="prev"]').click()
    page.wait_for_selector('.cb-table[data-revealed="true"]')
    problems += scan_text(page, lang, TABLE)
    assert not sorted(set(problems)), sorted(set(problems))
    assert page.errors == []
