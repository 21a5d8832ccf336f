"""``python -m pyengine.cetkaik replay [--rules official|cerke_online] [--legal] FILE`` (spec §18).

Replays a kiaak record and prints one compact JSON object per ply, then
``{"end":true,"scores":{…}}``.  Exit status 0 for a valid record, 1 for an invalid one
(``ply N: <reason>`` on standard error, after the lines of the plies before N), 2 for a usage
error or an unreadable file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..core.errors import InvalidRecordError
from .kiaak import Walk, walk
from .rules import CetkaikRules
from .state import CetkaikState


def _dumps(obj: object) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def replay(path: str, rules: str, legal: bool) -> int:
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                raw = f.read()
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        sys.stderr.write(f"cannot read {path}: {exc}\n")
        return 2
    out = sys.stdout.buffer
    rules_obj = CetkaikRules.preset(rules)
    progress = Walk(CetkaikState(rules_obj))
    try:
        for ply in walk(text, rules_obj, progress):
            out.write(_dumps(ply.to_json(legal)))
    except InvalidRecordError as exc:
        out.flush()
        sys.stderr.write(f"{exc}\n")
        return 1
    scores = progress.state.scores
    out.write(_dumps({"end": True, "scores": {"A": scores[0], "IA": scores[1]}}))
    out.flush()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyengine.cetkaik", description="Cetkaik tools")
    commands = parser.add_subparsers(dest="command", required=True)
    rp = commands.add_parser("replay", help="replay a kiaak record and print every ply as JSON")
    rp.add_argument("--rules", choices=("official", "cerke_online"), default="official")
    rp.add_argument("--legal", action="store_true", help="include each position's legal moves")
    rp.add_argument("file", help="the record (UTF-8), or - for standard input")
    args = parser.parse_args(argv)
    return replay(args.file, args.rules, args.legal)


if __name__ == "__main__":
    sys.exit(main())
