"""Add the current rules version's presets to ``presets.json`` (never changes what is there).

    .venv/bin/python tests/golden/make_presets.py

``presets.json`` pins what every preset of every game means: for each rules ``VERSION`` the
preset's encoding (``<version>.<name>``, what links carry) and its full option values
(``Rules.to_json()``).  ``tests/conformance/test_presets_golden.py`` compares the code with
the committed file; this script only appends the entries of a new version or a new preset,
and refuses to run when an existing entry no longer matches: changing a preset's meaning
needs a ``VERSION`` bump and a ``migrate`` (see that test's docstring), never an edit here.
Review the diff before committing it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "presets.json"


def current() -> dict[str, dict[str, dict[str, dict[str, Any]]]]:
    """``{game: {version: {preset: {"encoding", "options"}}}}`` as the code says now."""
    from pyengine.core import list_games, load_game

    out: dict[str, dict[str, dict[str, dict[str, Any]]]] = {}
    for info in list_games():
        rules_type = load_game(info.id).rules_type
        out[info.id] = {str(rules_type.VERSION): {
            name: {"encoding": preset.encode(), "options": preset.to_json()}
            for name, preset in rules_type.presets().items()
        }}
    return out


def main() -> int:
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE.parent.parent))
    import conftest  # noqa: F401  (registers the toy game, as in the test run)

    golden: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
    added = []
    for game, versions in current().items():
        for version, presets in versions.items():
            pinned = golden.setdefault(game, {}).setdefault(version, {})
            for name, entry in presets.items():
                if name not in pinned:
                    pinned[name] = entry
                    added.append(f"{game} v{version} {name}")
                elif pinned[name] != entry:
                    print(f"{game} v{version} preset {name!r} no longer means what presets.json pins: bump "
                          f"the rules VERSION and write migrate() instead (see test_presets_golden.py)",
                          file=sys.stderr)
                    return 1
    text = json.dumps(golden, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")
    print("added: " + (", ".join(added) if added else "nothing"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
