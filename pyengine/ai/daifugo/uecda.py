"""The UECda client's command line (specification §7): ``python -m pyengine.daifugo.uecda``.

It connects to a UECda tournament server (protocol 20070) and plays every game with a bot of
the chosen level, set up as a UECda table wants it (:func:`for_uecda`); the game itself is
:class:`~pyengine.ai.daifugo.uecda_client.Client`'s, the wire format
:mod:`~pyengine.ai.daifugo.uecda_wire`'s.

Exit codes: 0 all games played; 1 connection or protocol error; 2 bad command line;
3 (``--check`` only) a disagreement or a refused play.

Standard library only; CPython tooling (the browser has no raw TCP).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TextIO

from ...core.rng import Pcg32
from ..bot import Bot
from .bots import LEVELS, MasterBot, StrongBot
from .uecda_client import Client
from .uecda_opponents import KIT_PRIOR
from .uecda_wire import Connection, ProtocolError


def bot_levels() -> dict[str, type[Bot]]:
    return dict(LEVELS)


KEEP = MasterBot.keep
"""The strong level at a UECda table halves its search (:attr:`~pyengine.ai.daifugo.bots.StrongBot.keep`):
every candidate gets a first share of the playouts, the three best share the rest."""


PLAYOUTS = MasterBot.playouts
"""The strong level's playouts per decision at a UECda table (the page's strong: 320).  The
client's decisions may take their time: 720 take 0.18 s on average in CPython and 0.57 s (0.72 s
at most, 20 positions) in Pyodide in a Chromium Worker, inside the 1 s a decision may take.  Against
FujiGokoro the count mattered: 320 were level with it, 640 ahead by +0.09 points a game and 720
by +0.24 (1,000 games each, README)."""


POLICY = "kit"
"""The client's playout policy: every seat plays out as the standard client
(:func:`~pyengine.ai.daifugo.playout.kit_move`), as the page's master does.  Against FujiGokoro
(README, 2026-12-02) the page's master, which plays out so with no model of the standard client,
was ahead by +0.35 points a game over 2,000 games, where the client with this policy and the
model (:data:`~pyengine.ai.daifugo.uecda_opponents.KIT_PRIOR`) was level (−0.02 over 645 games),
and the client as it was, with the smarter policy (:func:`~pyengine.ai.daifugo.playout.smart_move`)
and the model, +0.24 (2026-11-24)."""


KIT = 0.0
"""The client's prior that an opponent is the kit's standard client (``--kit``): none by default.
With the standard client's playouts the model of it cost about a third of a point a game against
FujiGokoro (:data:`POLICY`); with the earlier playouts it had been worth about as much
(:data:`~pyengine.ai.daifugo.uecda_opponents.KIT_PRIOR`, README)."""


def for_uecda(bot: Bot, kit: float = KIT) -> Bot:
    """``bot`` set up as this client plays it: the strong level with the page's master search (a
    halving search, the standard client's playouts, :data:`POLICY`, and their count,
    :data:`PLAYOUTS`) and, when asked (``kit`` > 0), the standard client as its prior model of the
    opponents; other levels as they are.  By default the strong and master levels play exactly as
    the page's master."""
    if isinstance(bot, StrongBot):  # the page's master search, with the model of the standard client if asked
        bot.kit = kit
        bot.keep = KEEP
        bot.policy = POLICY
        bot.bombs = MasterBot.bombs  # (UECda's rules have no Q-bomber: for other rules, as the page's master)
        bot.playouts = PLAYOUTS
    return bot


def make_bot(level: str, seed: int, kit: float = KIT, as_page: bool = False) -> Bot:
    """The bot this client plays: ``level`` set up for a UECda table (:func:`for_uecda`), or with
    ``as_page`` exactly as the page plays it (no model of the standard client, the page's
    playouts and their policy), to measure the page's levels against other clients."""
    bot = bot_levels()[level](Pcg32(seed, 0xDA1))
    return bot if as_page else for_uecda(bot, kit)


def main(argv: list[str] | None = None, err: TextIO | None = None,
         connect: Callable[[str, int], Connection] | None = None) -> int:
    err = err if err is not None else sys.stderr
    parser = argparse.ArgumentParser(
        prog="python -m pyengine.daifugo.uecda",
        description="Play a UECda Daifugō match with the project's engine and AI (protocol 20070).",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=42485)
    parser.add_argument("--name", default="pyengine")
    parser.add_argument("--level", default=None, help="AI level (default: strong)")
    parser.add_argument("--check", action="store_true", help="verify every server message with the engine")
    parser.add_argument("--seed", type=int, default=None, help="seed of the AI's generator")
    parser.add_argument("--kit", type=float, default=KIT, metavar="PRIOR",
                        help=f"strong and master levels: prior that an opponent is the kit's standard client, "
                             f"learnt over the match (default {KIT}: no opponent model; {KIT_PRIOR} was the tuned prior "
                             f"with the earlier playouts)")
    parser.add_argument("--as-page", action="store_true",
                        help="play the level exactly as the page does (no opponent model, the page's playouts)")
    args = parser.parse_args(argv)
    levels = bot_levels()
    level = args.level
    if level is None:
        level = "strong" if "strong" in levels else list(levels)[-1]
        if level != "strong":
            print(f"note: level 'strong' is not available yet; playing at level {level!r}", file=err)
    elif level not in levels:
        print(f"unknown level {level!r} (available: {', '.join(levels)})", file=err)
        return 2
    if args.as_page and args.kit != KIT:
        print("--kit has no effect with --as-page (the page's levels have no opponent model)", file=err)
        return 2
    if not 0 <= args.kit < 1:
        print(f"--kit must be at least 0 and below 1, not {args.kit}", file=err)
        return 2
    if not 0 < args.port < 65536:
        print(f"bad port {args.port}", file=err)
        return 2
    try:
        args.name.encode("ascii")
    except UnicodeEncodeError:
        print("the name must be ASCII", file=err)
        return 2
    seed = args.seed if args.seed is not None else time.time_ns() & ((1 << 63) - 1)
    try:
        conn = (connect or Connection.open)(args.host, args.port)
    except ProtocolError as exc:
        print(f"protocol error: {exc}", file=err)
        return 1
    client = Client(conn, make_bot(level, seed, args.kit, args.as_page), args.name, args.check, err)
    return client.run()


__all__ = ["KEEP", "KIT", "PLAYOUTS", "POLICY", "bot_levels", "for_uecda", "main", "make_bot"]

if __name__ == "__main__":
    sys.exit(main())
