"""The README's map of the code stays true.

* Its tree ("Map of the code") lists every module of ``pyengine/``, every file of ``web/``,
  ``benchmarks/`` and ``tools/`` and everything at the top of ``tests/``, and everything it
  lists exists.
* Its copies of the three rule indices ("Where each rule lives") equal the game packages'
  docstrings, so they cannot drift apart.
* Every ``pyengine/…``, ``web/…``, ``tests/…`` path and every ``pyengine.…`` name it mentions
  anywhere exists (``<game>`` and ``<lang>`` stand for each game and each language).

It reads files only (the repository is mounted in the Pyodide run too), and imports modules
only to look names up.
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import re
from pathlib import Path
from types import ModuleType

import pytest
from rule_index import readme_copy

import pyengine.cetkaik
import pyengine.chabashi
import pyengine.daifugo

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
GAMES = ("cetkaik", "daifugo", "chabashi")
LANGS = ("en", "ko", "ja")
SKIP = ("__pycache__",)


def _map_block() -> list[str]:
    start = README.index("## Map of the code\n")
    body = README[start:]
    fence = body.index("```\n")
    return body[fence + 4: body.index("\n```", fence)].splitlines()


def _expand(path: str) -> list[str]:
    """``path`` with ``<game>`` and ``<lang>`` replaced by every game and language."""
    out = []
    for game, lang in itertools.product(GAMES, LANGS):
        out.append(path.replace("<game>", game).replace("<lang>", lang))
    return sorted(set(out))


def map_entries(lines: list[str]) -> list[str]:
    """The paths the tree lists: two spaces of indentation per level, then one or more names
    (``a.js, b.css``) and, after two or more spaces, what they hold."""
    stack: list[str] = []
    out: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        depth = (len(line) - len(line.lstrip(" "))) // 2
        names = re.split(r" {2,}", line.strip())[0].split(", ")
        del stack[depth:]
        for name in names:
            out.append("".join(stack) + name)
        if len(names) == 1 and names[0].endswith("/"):
            stack.append(names[0])
    return out


def _files(top: str, recursive: bool = True) -> set[str]:
    base = ROOT / top
    found = base.rglob("*") if recursive else base.iterdir()
    return {p.relative_to(ROOT).as_posix() + ("/" if p.is_dir() else "") for p in found
            if not any(part in SKIP or part.startswith(".") for part in p.relative_to(ROOT).parts)
            and (p.is_file() or not recursive)}


def test_the_tree_reader_follows_indentation_and_lists() -> None:
    # the reader must see what the tree says, or the tests below could not fail
    lines = ["top/", "  a.py          what a holds", "  sub/", "    b.js, c.css    both", "  d.py", "e.py"]
    assert map_entries(lines) == ["top/", "top/a.py", "top/sub/", "top/sub/b.js", "top/sub/c.css", "top/d.py",
                                  "e.py"]


def test_everything_the_map_lists_exists() -> None:
    entries = map_entries(_map_block())
    assert len(entries) > 120
    missing = [p for entry in entries for p in _expand(entry) if not (ROOT / p).exists()]
    assert missing == []


def test_the_map_lists_every_module_and_every_file_of_the_page() -> None:
    listed = {p for entry in map_entries(_map_block()) for p in _expand(entry)}
    every = set().union(*(_files(top) for top in ("pyengine", "web", "benchmarks", "tools")))
    every |= _files("tests", recursive=False)
    assert any(p.endswith("pyengine/cetkaik/kiaak_writer.py") for p in every)
    assert sorted(every - listed) == []


@pytest.mark.parametrize("package", [pyengine.cetkaik, pyengine.daifugo, pyengine.chabashi],
                         ids=lambda p: p.__name__)
def test_the_readme_carries_the_rule_index_as_the_docstring_has_it(package: ModuleType) -> None:
    block = f"```text\n{readme_copy(package)}\n```"
    section = README[README.index("### Where each rule lives"):]
    assert block in section, f"the README's copy of {package.__name__}'s index differs; it should read:\n{block}"


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        try:
            if importlib.util.find_spec(name) is None:
                continue
        except ModuleNotFoundError:
            continue
        if cut == len(parts):
            return True
        obj: object = importlib.import_module(name)
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def test_every_path_and_pyengine_name_the_readme_mentions_exists() -> None:
    paths = {m.rstrip(".") for m in re.findall(r"(?<![\w./-])((?:pyengine|web|tests|benchmarks|tools|typings)/"
                                                 r"(?:[\w./-]|<game>|<lang>)*)", README)}
    names = {m.rstrip(".") for m in re.findall(r"(?<![\w./])(pyengine(?:\.\w+)+)", README)}
    assert {"pyengine/ai/bot.py", "web/tables/<game>.js"} <= paths and "pyengine.core.rng.Pcg32" in names
    missing = [p for path in sorted(paths) for p in _expand(path) if not (ROOT / p).exists()]
    assert missing == []
    assert [name for name in sorted(names) if not _resolves(name)] == []
