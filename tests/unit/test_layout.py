"""The three rings: no module imports upward and there are no import cycles.

The rings, lowest first (``pyengine/__init__.py`` and HOUSE_STYLE say the same):

0. ``pyengine.core`` — the protocol, errors, rules, generator, records, the link codec;
1. ``pyengine.cetkaik``, ``pyengine.daifugo``, ``pyengine.chabashi`` — one game's rules each,
   importing only ``core`` and their own package;
2. ``pyengine.catalog`` — names every game and where its parts live (imports ``core`` and the
   games' ``info`` modules only: nothing heavy);
3. ``pyengine.ai`` — bots, search, arenas;
4. ``pyengine.app`` — the page's session, views and Worker entry points.

Every ``import`` and ``from … import`` counts, at module level or inside a function, and so do
imports under ``if TYPE_CHECKING:`` for the upward rule (a type is a dependency too); only the
cycle rule leaves type-only imports out, because they never run.  Entry points — ``__main__``
modules and the documented commands ``pyengine.cetkaik.bot`` and ``pyengine.daifugo.uecda``,
which must stay where the specifications name them — are scripts: they may import any ring,
and no module may import them.  The test reads the source with :mod:`ast`, so it needs no
import of the engines and runs in Pyodide too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pyengine

ROOT = Path(pyengine.__file__).resolve().parent
GAMES = ("cetkaik", "daifugo", "chabashi")
ENTRY_POINTS = {"pyengine.cetkaik.bot", "pyengine.daifugo.uecda"}


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = ["pyengine", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def ring(module: str) -> int:
    parts = module.split(".")
    if len(parts) == 1:
        return 5  # the root package: registers the catalogue
    top = parts[1]
    if top == "core":
        return 0
    if top in GAMES:
        return 1
    if top == "catalog":
        return 2
    if top == "ai":
        return 3
    if top == "app":
        return 4
    raise AssertionError(f"{module} is in no ring: add it to this test and to the README's map")


def is_entry_point(module: str) -> bool:
    return module.endswith(".__main__") or module in ENTRY_POINTS


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(module: str) -> list[tuple[str, int, bool]]:
    """``(imported module, line, type_only)`` for every import of another pyengine module."""
    path = MODULES[module]
    return imports_in(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")


def imports_in(source: str, module: str, is_package: bool = False) -> list[tuple[str, int, bool]]:
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, type_only: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, type_only)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("pyengine"):
                    found.append((_existing(alias.name), node.lineno, type_only))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("pyengine"):
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.append((sub if sub in MODULES else _existing(target), node.lineno, type_only))
        for child in ast.iter_child_nodes(node):
            visit(child, type_only)

    visit(tree, False)
    return found


def _existing(name: str) -> str:
    while name not in MODULES and "." in name:
        name = name.rpartition(".")[0]
    return name


def test_every_module_is_in_a_ring() -> None:
    assert len(MODULES) > 60
    for module in MODULES:
        ring(module)


def test_no_module_imports_upward() -> None:
    bad = []
    for module in MODULES:
        if is_entry_point(module):
            continue
        for target, line, _ in imports(module):
            if ring(target) > ring(module):
                bad.append(f"{MODULES[module].relative_to(ROOT.parent)}:{line} imports {target}")
    assert bad == []


def test_games_import_only_core_and_themselves() -> None:
    bad = []
    for module in MODULES:
        if ring(module) != 1 or is_entry_point(module):
            continue
        game = module.split(".")[1]
        for target, line, _ in imports(module):
            if not target.startswith(("pyengine.core", f"pyengine.{game}")):
                bad.append(f"{module}:{line} imports {target}")
    assert bad == []


def test_the_catalogue_imports_only_the_games_metadata() -> None:
    targets = {t for t, _, _ in imports("pyengine.catalog")}
    assert {t for t in targets if ring(t) == 1} == {f"pyengine.{g}.info" for g in GAMES}
    assert all(ring(t) <= 1 for t in targets)


def test_nothing_imports_an_entry_point() -> None:
    bad = [f"{m} imports {t}" for m in MODULES for t, _, _ in imports(m) if is_entry_point(t)]
    assert bad == []


def test_no_import_cycles() -> None:
    graph = {m: sorted({t for t, _, type_only in imports(m) if not type_only and t != m}) for m in MODULES}
    cycles = _cycles(graph)
    assert cycles == [], "\n".join(" -> ".join(c) for c in cycles)


def _cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """One cycle per strongly connected component with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, []):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in graph:
        if v not in index:
            strong(v)
    return out


@pytest.mark.parametrize("graph, expected", [
    ({"a": ["b"], "b": ["a"], "c": ["a"]}, [["a", "b"]]),
    ({"a": ["b"], "b": ["c"], "c": []}, []),
])
def test_the_cycle_finder_finds_cycles(graph: dict[str, list[str]], expected: list[list[str]]) -> None:
    assert _cycles(graph) == expected


def test_the_import_reader_sees_local_relative_and_type_only_imports() -> None:
    # the reader must see what the rules are about, or the rules above could not fail
    source = """
from __future__ import annotations
from typing import TYPE_CHECKING
from ..core import errors
from .state import DaifugoState
if TYPE_CHECKING:
    from ..app.session import Session
def f():
    from pyengine.ai.daifugo import bots
    import pyengine.app.views.daifugo
"""
    found = imports_in(source, "pyengine.daifugo.game")
    assert found == [
        ("pyengine.core.errors", 4, False),
        ("pyengine.daifugo.state", 5, False),
        ("pyengine.app.session", 7, True),
        ("pyengine.ai.daifugo.bots", 9, False),
        ("pyengine.app.views.daifugo", 10, False),
    ]
