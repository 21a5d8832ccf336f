"""``python -m pyengine.ai.arena <game> [options]``: bots against bots.

The dispatcher only picks the game; each game's arena (``pyengine/ai/<game>/arena.py``, a
``main(argv) -> int``) owns its options, because what a fair comparison means differs
(sides alternate in Cetkaik, seats and dealer rotate in the card games).
"""

from __future__ import annotations

import importlib
import sys

from ..catalog import BUILTIN

GAMES = tuple(e.id for e in BUILTIN)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help") or args[0] not in GAMES:
        print(f"usage: python -m pyengine.ai.arena {{{','.join(GAMES)}}} [options]  (--help after the game)",
              file=sys.stderr)
        return 0 if args and args[0] in ("-h", "--help") else 2
    module = importlib.import_module(f"pyengine.ai.{args[0]}.arena")
    result: int = module.main(args[1:])
    return result


if __name__ == "__main__":
    raise SystemExit(main())
