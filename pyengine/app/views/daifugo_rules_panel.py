"""The Daifugō rules panel of the set-up form: the options in groups, their values, the conflicts
between them and the fixes it offers (the page's ``rules_panel`` and ``rules_set`` calls).

Everything here is built from the rules' data (``DaifugoRules.options()``, the presets, the
engine's ``validate``), so an option added to the engine shows up in the panel, the help and the
conflict list without a change here or in the page; the page words each option from its own
strings (``daifugo.opt.<path>.name`` …, :func:`pyengine.app.views.daifugo.page_strings`).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Any

from ...core.errors import EngineError
from ...core.game import JSON
from ...daifugo.info import INFO
from ...daifugo.rules import FORBIDDEN_ITEMS, PRESET_PLAYERS, DaifugoRules

INT_RANGES = {
    "deck.jokers": (0, 2), "match.games": (1, 1000), "match.set_games": (0, 1000), "forms.seq_min": (3, 5),
    "forms.max_group": (2, 6), "exchange.exchange_counts": (1, 2),
}
"""The bounds the panel offers for the options that are numbers."""

MAX_CONFLICTS = 12
"""The panel lists at most this many conflicts (each found after assuming the ones before it fixed)."""


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, enum.Enum):
        return "enum"
    if isinstance(value, int):
        return "int"
    if isinstance(value, tuple):
        return "set"
    return "str"  # pragma: no cover - every option is one of the above


def _choices(rules: DaifugoRules, path: str) -> list[str] | None:
    value = rules.get(path)
    if isinstance(value, enum.Enum):
        return [m.value for m in type(value)]
    if isinstance(value, tuple):
        return list(FORBIDDEN_ITEMS)
    return None


def _plain(value: Any) -> JSON:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return list(value)
    assert isinstance(value, (bool, int, str))
    return value


def option_groups(rules: DaifugoRules) -> list[tuple[str, list[str]]]:
    """The option paths grouped as the rules group them (``deck``, ``match``, …), in field order.

    >>> [g for g, _ in option_groups(DaifugoRules.default())][:3]
    ['deck', 'match', 'forms']
    """
    groups: dict[str, list[str]] = {}
    for path, _ in rules.options():
        groups.setdefault(path.split(".")[0], []).append(path)
    return list(groups.items())


def usual_players(preset: str) -> int:
    """The player count a preset is usually played with (the game's default when it allows it).

    >>> [usual_players(p) for p in ("popular", "jdf", "uecda", "two_player")]
    [4, 4, 5, 2]
    """
    counts = PRESET_PLAYERS.get(preset, ())
    if not counts or INFO.default_players in counts:
        return INFO.default_players
    return counts[0]


def _problem(rules: DaifugoRules, players: int | None) -> str | None:
    """The engine's reason for refusing ``rules`` (at ``players`` seats), or ``None``."""
    try:
        if players is None:
            rules.validate()
        else:
            rules.validate_for(players)
    except EngineError as exc:
        return str(exc)
    return None


def _paths_in(message: str, paths: Sequence[str]) -> list[str]:
    """The option paths a message names, in the order they appear.

    >>> _paths_in("clears.four_stop needs clears.eight_cut", ["clears.eight_cut", "clears.four_stop"])
    ['clears.four_stop', 'clears.eight_cut']
    """
    found: list[tuple[int, str]] = []
    for path in paths:
        m = re.search(rf"(?<![\w.]){re.escape(path)}(?![\w])", message)
        if m:
            found.append((m.start(), path))
    return [p for _, p in sorted(found)]


def _alternatives(rules: DaifugoRules, path: str) -> list[Any]:
    """The values worth trying for ``path`` as a one-click fix (the current value excluded)."""
    value = rules.get(path)
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, enum.Enum):
        return [m for m in type(value) if m is not value]
    if isinstance(value, int):
        lo, hi = INT_RANGES.get(path, (value, value))
        wanted = list(range(lo, hi + 1)) if hi - lo <= 8 else [DaifugoRules().get(path), lo]
        wanted += [preset.get(path) for preset in DaifugoRules.presets().values()]
        return sorted({v for v in wanted if v != value and lo <= v <= hi})
    if isinstance(value, tuple):
        return [tuple(x for x in value if x != item) for item in value]
    return []  # pragma: no cover


Fix = dict[str, Any]
"""A one-click fix: ``{"set": {path: value}}``, ``{"players": n}`` or ``{"preset": name}``."""


def _apply_fix(rules: DaifugoRules, players: int | None, fix: Fix) -> tuple[DaifugoRules, int | None]:
    if "preset" in fix:
        return DaifugoRules.preset(fix["preset"]), players
    if "players" in fix:
        return rules, int(fix["players"])
    for path, value in fix["set"].items():
        rules = rules.with_option(path, value)
    return rules, players


def _fixes(rules: DaifugoRules, players: int | None, message: str, changed: str | None) -> list[Fix]:
    """One-click fixes for ``message`` (the first problem of ``rules``), best first.

    A fix changes one option the message names, the number of players, or (when the players do
    not fit) the preset.  Worst: makes a problem about the option it changes.  Otherwise a fix
    that keeps the player's choices (the option just changed, ``changed``, and every option set
    apart from the preset) comes first;
    then one that leaves nothing wrong before one that lets another, already present problem come
    first; then an option before the player count before a preset; then one that goes back to
    the preset's value."""
    paths = [p for p, _ in rules.options()]
    named = _paths_in(message, paths)
    base = DaifugoRules.preset(rules.encode().split("~")[0].partition(".")[2])
    candidates: list[Fix] = [{"set": {p: v}} for p in named for v in _alternatives(rules, p)]
    about_players = players is not None and _problem(rules, None) is None
    if about_players:
        assert players is not None
        nearest = sorted(range(2, 9), key=lambda n: (abs(n - players), n))
        candidates += [{"players": n} for n in nearest if n != players]
        candidates += [{"preset": name} for name, counts in PRESET_PLAYERS.items() if players in counts
                       and DaifugoRules.preset(name) != rules]
    scored: list[tuple[tuple[int, ...], int, Fix]] = []
    for order, fix in enumerate(candidates):
        after, n = _apply_fix(rules, players, fix)
        problem = _problem(after, n)
        if problem == message:
            continue
        touched = next(iter(fix["set"])) if "set" in fix else None
        if problem is None:
            badness = 0
        elif touched is not None and touched in _paths_in(problem, paths):
            badness = 2
        else:
            badness = 1
        if "players" in fix:
            badness = max(badness, 1) if problem else badness
        # a problem about the number of players is best fixed by the number of players
        kind = (0 if "players" in fix else 1 if "set" in fix else 2) if about_players else (
            0 if "set" in fix else 1 if "players" in fix else 2)
        # the player's own choices: the option just changed and every option set apart from the preset
        mine = touched is not None and (touched == changed or rules.get(touched) != base.get(touched))
        keeps = 1 if mine else 0
        back = 0 if touched is not None and after.get(touched) == base.get(touched) else 1
        scored.append(((badness == 2, keeps, badness, kind, back), order, fix))
    scored.sort(key=lambda x: (x[0], x[1]))
    out: list[Fix] = []
    for _, _, fix in scored:
        plain = {"set": {p: _plain(v) for p, v in fix["set"].items()}} if "set" in fix else fix
        # one value per option, one player count and one preset are enough to offer
        same = [f for f in out if ("set" in f and "set" in plain and f["set"].keys() == plain["set"].keys())
                or any(kind in plain and kind in f for kind in ("players", "preset"))]
        if not same:
            out.append(plain)
    return out


def conflicts(rules: DaifugoRules, players: int | None = None,
              changed: str | None = None) -> list[dict[str, JSON]]:
    """Every problem of ``rules`` at once, each with the options it names (and their values), whether
    it is about the number of players, and its one-click fixes (best first).

    The engine's ``validate`` reports one problem at a time; the next ones are found by assuming
    the best fix of each made.  ``message`` is the engine's English text (for logs); the page words
    a conflict from the option names and values in its own strings.

    >>> no_cut = DaifugoRules.preset("popular").with_option("clears.eight_cut", False)
    >>> c = conflicts(no_cut, 4, "clears.eight_cut")
    >>> [x["options"][0]["path"] for x in c]
    ['clears.eight_cut_joker', 'finishing.forbidden_finish']
    >>> c[0]["fixes"][0]
    {'set': {'clears.eight_cut_joker': False}}
    >>> conflicts(DaifugoRules.preset("jdf"), 5)[0]["fixes"][0]
    {'players': 4}
    """
    out: list[dict[str, JSON]] = []
    paths = [p for p, _ in rules.options()]
    scratch, n = rules, players
    for _ in range(MAX_CONFLICTS):
        message = _problem(scratch, n)
        if message is None:
            break
        named = _paths_in(message, paths)
        fixes = _fixes(scratch, n, message, changed)
        out.append({
            "message": message,
            "options": [{"path": p, "kind": _kind(rules.get(p)), "value": _plain(rules.get(p))}
                        for p in named],
            "players": players if _problem(scratch, None) is None else None,
            "fixes": list(fixes[:3]),
        })
        if not fixes:
            break
        scratch, n = _apply_fix(scratch, n, fixes[0])
    return out


def _option_json(rules: DaifugoRules, base: DaifugoRules, path: str) -> dict[str, JSON]:
    value = rules.get(path)
    opt: dict[str, JSON] = {
        "path": path, "kind": _kind(value), "value": _plain(value),
        "base": _plain(base.get(path)), "changed": base.get(path) != value,
    }
    ch = _choices(rules, path)
    if ch is not None:
        opt["choices"] = list(ch)
    if path in INT_RANGES:
        lo, hi = INT_RANGES[path]
        opt["min"], opt["max"] = lo, hi
    return opt


def rules_panel(encoding: str | None, players: int | None = None,
                changed: str | None = None) -> dict[str, JSON]:
    """Every option of the rules, grouped, with its kind, choices and the nearest preset's value,
    plus every conflict with its fixes (the set-up form's rules panel and the table's help).

    >>> p = rules_panel("1.basic", 4)
    >>> p["preset"], p["error"], p["conflicts"], p["groups"][0]["id"]
    ('basic', None, [], 'deck')
    >>> [o for o in p["groups"][4]["options"] if o["path"] == "clears.eight_cut"][0]["value"]
    False
    >>> p["usual_players"]["uecda"]
    5
    """
    rules = _decode_lenient(encoding)
    base_name = rules.encode().split("~")[0].partition(".")[2]
    base = DaifugoRules.preset(base_name)
    groups: list[dict[str, JSON]] = [
        {"id": g, "options": [_option_json(rules, base, p) for p in ps]} for g, ps in option_groups(rules)
    ]
    found = conflicts(rules, players, changed)
    return {
        "rules": rules.encode(),
        "preset": rules.preset_name(),
        "base": base_name,
        "players": {name: list(ps) for name, ps in PRESET_PLAYERS.items()},
        "usual_players": {name: usual_players(name) for name in PRESET_PLAYERS},
        "groups": groups,
        "conflicts": found,
        "error": str(found[0]["message"]) if found else None,
    }


def rules_set(encoding: str | None, changes: dict[str, Any], players: int | None = None) -> dict[str, JSON]:
    """Apply option changes; an incompatible result is kept and explained (with its fixes), never
    fixed behind the player's back.

    >>> r = rules_set("1.basic", {"clears.four_stop": True}, 4)
    >>> r["rules"], r["error"]
    ('2.basic~clears.four_stop=1', 'clears.four_stop needs clears.eight_cut (4-stop cancels an 8-cut)')
    >>> [f for f in r["conflicts"][0]["fixes"]]
    [{'set': {'clears.eight_cut': True}}, {'set': {'clears.four_stop': False}}]
    >>> rules_set(r["rules"], {"clears.eight_cut": True}, 4)["error"] is None
    True
    """
    rules = _decode_lenient(encoding)
    for path, value in changes.items():
        current = rules.get(path)
        if isinstance(current, tuple) and isinstance(value, list):
            value = tuple(str(v) for v in value)
        elif isinstance(current, bool) and not isinstance(value, bool):
            value = bool(value)
        elif isinstance(current, int) and not isinstance(current, bool) and isinstance(value, str):
            value = int(value)
        rules = rules.with_option(path, value)
    changed = next(iter(changes), None) if len(changes) == 1 else None
    found = conflicts(rules, players, changed)
    return {"rules": rules.encode(), "preset": rules.preset_name(), "conflicts": found,
            "error": str(found[0]["message"]) if found else None}


def _decode_lenient(encoding: str | None) -> DaifugoRules:
    """Decode an encoding without refusing an incompatible combination (the panel shows it)."""
    if not encoding:
        return DaifugoRules.default()
    return DaifugoRules.decode(encoding, validate=False)


__all__ = ["MAX_CONFLICTS", "conflicts", "option_groups", "rules_panel", "rules_set", "usual_players"]
