"""Every string the Cetkaik table asks for exists in each language: the keys that
``web/tables/cetkaik*.js`` names literally (``T("…")`` and ``P("…")`` in the table's own catalogue
``web/i18n/cetkaik.<lang>.json``, ``ctx.t("…")`` there or in the shell's ``web/i18n/<lang>.json``).
A key missing everywhere would be drawn as itself (``table.back_to_game`` on a button)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
LANGS = ("en", "ko", "ja")


def sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((WEB / "tables").glob("cetkaik*.js")))


def catalog(name: str) -> dict[str, str]:
    return json.loads((WEB / "i18n" / f"{name}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def keys_asked() -> tuple[set[str], set[str]]:
    """(the table's own keys, the keys asked of ctx.t): literal keys, and the record controls'
    ``table.<name>`` for each ``nav("<name>", …)``."""
    text = sources()
    literal = r"""\(\s*(?:"([\w.]+)"|`([\w.]+)`)"""
    own = {f"cetkaik.{a or b}" for a, b in re.findall(r"(?<![\w.])[TP]" + literal, text)}
    shell = {a or b for a, b in re.findall(r"ctx\.t" + literal, text)}
    shell |= {f"table.{name}" for name in re.findall(r"""\bnav\("(\w+)\"""", text)}
    return own, shell


def test_the_scan_finds_the_tables_keys() -> None:
    own, shell = keys_asked()
    assert {"cetkaik.record", "cetkaik.summary.close", "cetkaik.replaying"} <= own
    assert {"table.first", "table.last", "table.you"} <= shell


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_the_table_asks_for_is_in_its_catalogues(lang: str) -> None:
    own, shell = keys_asked()
    table, page = catalog(f"cetkaik.{lang}"), catalog(lang)
    assert sorted(k for k in own if not table.get(k, "").strip()) == []
    assert sorted(k for k in shell if not (table.get(k, "") or page.get(k, "")).strip()) == []
