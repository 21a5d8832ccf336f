"""Reading the games' rule indices ("Where each rule lives" in a game package's docstring) and
the specifications they follow (``../shared/rules/<game>.md``).

An index is a few literal blocks: a title line ending in ``::``, then lines indented by four
spaces, each ``<id>  <what>  <module.name>, …``; the id (``§7.4``, ``#13``, ``6-1``, ``A-1``) is
left out on a line that goes on with the same rule.  The specifications live outside this
repository, beside the checkout: without them, every test that needs them fails with one clear
message (:data:`MISSING`) and every other test still runs.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest

RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"
MISSING = (f"../shared/rules is missing: no rules specifications at {RULES} (they are shared beside "
           "this repository, in ../shared/rules/<game>.md)")

HEADING = "Where each rule lives"
ID = re.compile(r"    (§[\d.]+|#\d+|\d-\d|[AD]-\d+) ")
DOTTED = re.compile(r"(?<![\w.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)")


def spec(game: str) -> str:
    """The text of ``../shared/rules/<game>.md``; fails the calling test with :data:`MISSING`."""
    path = RULES / f"{game}.md"
    if not path.is_file():
        pytest.fail(MISSING, pytrace=False)
    return path.read_text(encoding="utf-8")


def spec_sections(text: str) -> dict[str, str]:
    """Every numbered heading's text by section number (``"15.1"``), in order (code blocks skipped)."""
    out: dict[str, str] = {}
    number = ""
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r"#{2,3} (\d+(?:\.\d+)?)\.? ", line)
        if m:
            number = m[1]
            out[number] = ""
        elif number:
            out[number] += line + "\n"
    return out


def spec_ids(text: str, extra: str | None = None) -> list[str]:
    """The specification's numbering, in order: ``§N`` and ``§N.M`` for its headings, ``§N.k`` for
    item k of a numbered list in section N; ``extra`` (a pattern with one group) adds the ids it
    finds in the body of a section, where they stand."""
    ids: list[str] = []
    for number, body in spec_sections(text).items():
        ids.append(f"§{number}")
        fenced = False
        for line in body.splitlines():
            if line.startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                continue
            m = re.match(r"(\d+)\. ", line)
            if m:
                ids.append(f"§{number}.{m[1]}")
            if extra:
                ids += [i for i in re.findall(extra, line) if i not in ids]
    return ids


def index_section(package: ModuleType) -> list[str]:
    """The lines of the package docstring from its "Where each rule lives" heading on."""
    doc = package.__doc__ or ""
    return doc[doc.index(HEADING):].splitlines()


def index_lines(package: ModuleType) -> list[str]:
    """The index itself: the block titles (``…::``) and the lines of the literal blocks."""
    return [line for line in index_section(package)
            if line.startswith("    ") or (line.endswith("::") and not line.startswith(" "))]


def index_ids(package: ModuleType) -> list[str]:
    """The ids the index lists, in order."""
    return [m[1] for line in index_lines(package) if (m := ID.match(line))]


def readme_copy(package: ModuleType) -> str:
    """The index as the README shows it: titles with one colon, blocks dedented, a blank line
    before each title but the first."""
    out: list[str] = []
    for line in index_lines(package):
        if line.startswith("    "):
            out.append(line[4:].rstrip())
        else:
            out += ([""] if out else []) + [line[:-1]]
    return "\n".join(out)


def dotted_names(package: ModuleType) -> list[str]:
    """Every dotted name the index mentions (``state.CetkaikState._declare``, ``hue.x``…)."""
    return [name for line in index_lines(package) if line.startswith("    ")
            for name in DOTTED.findall(line)]


def modules(package: ModuleType) -> set[str]:
    return {m.name for m in pkgutil.iter_modules(package.__path__)}


@functools.cache
def _import(name: str) -> ModuleType:
    return importlib.import_module(name)


def resolve(package: ModuleType, name: str, aliases: Mapping[str, object], rules: object) -> object:
    """What a dotted name of the index stands for: ``module.attr…`` inside ``package``, an alias
    (``CetkaikState.x``), a full ``pyengine.…`` path, or else an option path on ``rules``
    (``kut2tam2.step_tam_is_a_hand``).  Raises ``LookupError`` when it names nothing."""
    head, *rest = name.split(".")
    obj: object
    try:
        if head in aliases:
            obj = aliases[head]
        elif head in modules(package):
            obj = _import(f"{package.__name__}.{head}")
        elif head == "pyengine":
            obj, rest = _longest_module(name.split("."))
        else:
            obj = getattr(rules, head)
        for attr in rest:
            obj = getattr(obj, attr)
    except (AttributeError, ModuleNotFoundError) as exc:
        raise LookupError(name) from exc
    return obj


def _longest_module(parts: list[str]) -> tuple[ModuleType, list[str]]:
    """The longest importable prefix of ``parts`` and the names after it."""
    for cut in range(len(parts), 1, -1):
        try:
            return _import(".".join(parts[:cut])), parts[cut:]
        except ModuleNotFoundError:
            continue
    return _import(parts[0]), parts[1:]


def unresolved(package: ModuleType, aliases: Mapping[str, object], rules: object) -> list[str]:
    """The index's dotted names that name nothing."""
    missing = []
    for name in dotted_names(package):
        try:
            resolve(package, name, aliases, rules)
        except LookupError:
            missing.append(name)
    return missing


def resolving(package: ModuleType, names: tuple[str, ...], aliases: Mapping[str, object], rules: object) -> list[str]:
    """Those of ``names`` that :func:`resolve` finds (a test of the resolver itself: names that
    do not exist must all fail, or :func:`unresolved` could not catch a stale index)."""
    found = []
    for name in names:
        try:
            resolve(package, name, aliases, rules)
        except LookupError:
            continue
        found.append(name)
    return found


def entry_names(package: ModuleType, label: str) -> list[str]:
    """The dotted names of the index entry whose line contains ``label``, continuation lines
    (indented past the descriptions) included."""
    lines = [line for line in index_lines(package) if line.startswith("    ")]
    start = next(i for i, line in enumerate(lines) if label in line)
    entry = [lines[start]]
    for line in lines[start + 1:]:
        if len(line) - len(line.lstrip(" ")) < 20:
            break
        entry.append(line)
    return [name for line in entry for name in DOTTED.findall(line)]
