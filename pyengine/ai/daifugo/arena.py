"""Daifugō arena: bot levels against each other, with rotating seats.

    python -m pyengine.ai.arena daifugo --preset popular --players 5 \\
        --seats strong,greedy,greedy,greedy,greedy --games 500 --seed 1

``--preset`` also takes any rules as a link writes them (``2.popular~effects.ten=discard``).
Matches of the preset's length are played one after another until ``--games`` games (deals)
have been played; match ``m`` rotates the line-up by ``m`` places, so every entry of
``--seats`` sits in every table position equally often.  Each game gives every player the
points of its place on the preset's scale (N+1−place, 5/4/3/2/1 for ``uecda``, 6/4/2/0 for
``jdf``); the report is the mean points per game of each entry with a 95% confidence interval
(normal approximation over games), and each entry's paired difference to the next one, game
by game (:func:`ladder_steps`: list a ladder strongest first).  Every decision gets a freshly built bot, as in the page.

With ``--duplicate`` the deals are shared: every block of as many matches as players plays one
chance stream, each match of the block with the line-up rotated one place further, so each
entry is dealt every hand of the block's first game (and, while the matches' chance draws stay
in step, of its later games too).  The luck of the deal then cancels within a block, and the
report's intervals are over the block means (blocks are independent; the games of a block are
not), so a difference between two levels is told apart in fewer games.  ``--games`` is then
rounded up to whole blocks.

>>> result = run("popular", 3, ["greedy", "random", "random"], games=2, seed=1)
>>> [len(points) for points in result["points"]]
[2, 2, 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from ...core.chance import sample_chance
from ...core.errors import InvalidRulesError
from ...core.rng import Pcg32
from ...daifugo.ctx import compile_rules
from ...daifugo.game import GAME
from ...daifugo.rules import DaifugoRules
from ..bot import BotView
from ..stats import Summary
from .bots import LEVELS
from .places import points_table

PRESET_PLAYERS = {"uecda": 5, "jdf": 4}


def run(preset: str, players: int, seats: list[str], games: int, seed: int, budget: float = 0.8,
        out: TextIO | None = None, duplicate: bool = False) -> dict[str, object]:
    """Play the games; returns per-entry points per game (``points``), each game's block
    (``blocks``: its match, or with ``duplicate`` its block of matches), each match's first deal
    (``deals``: the hands by table position) and decision times per level (``think``).
    ``preset``: a preset's name, or any rules as a link writes them (``2.popular~effects.ten=discard``)."""
    rules = DaifugoRules.decode(preset) if "." in preset else DaifugoRules.preset(preset)
    rules.validate_for(players)
    levels = LEVELS
    for s in seats:
        if s not in levels:
            raise ValueError(f"unknown level {s!r} (available: {', '.join(levels)})")
    cx = compile_rules(rules, players)
    pts = points_table(cx)
    code = rules.encode()
    per_entry: list[list[float]] = [[] for _ in seats]
    think: dict[str, list[float]] = {s: [] for s in seats}
    blocks: list[int] = []
    deals: list[tuple[int, ...]] = []
    master = Pcg32(seed, 0xA4E7A)
    played = 0
    match = 0
    while played < games or (duplicate and match % players):
        rot = match % players
        block = match // players if duplicate else match
        lineup = [seats[(i + rot) % players] for i in range(players)]
        entry_of = [(i + rot) % players for i in range(players)]
        chance = Pcg32(seed, 0xC4A + 2 * block)
        bot_rng = master.derive(match + 1)
        state = GAME.new_initial_state(rules, players)
        done = 0
        decisions = 0
        while state.current_player != -2 and (duplicate or played < games):
            e = state._e
            if len(e.results) > done:
                for placing in e.results[done:]:
                    for place, p in enumerate(placing):
                        per_entry[entry_of[p]].append(pts[place])
                    blocks.append(block)
                    played += 1
                done = len(e.results)
                if played >= games and not duplicate:
                    break
            if state.is_chance():
                state = state.apply(sample_chance(state, chance))
                continue
            p = state.current_player
            if p < 0:
                break
            if len(deals) == match:
                deals.append(tuple(e.hands))
            legal = state.legal_actions()
            decisions += 1
            bot = levels[lineup[p]](bot_rng.derive(decisions))
            view = BotView("daifugo", code, p, state.observation(p), legal, budget)
            t = time.perf_counter()
            action = bot.act(view)
            if len(legal) > 1:
                think[lineup[p]].append(time.perf_counter() - t)
            state = state.apply(action)
        e = state._e
        for placing in e.results[done:]:
            if played >= games and not duplicate:
                break
            for place, p in enumerate(placing):
                per_entry[entry_of[p]].append(pts[place])
            blocks.append(block)
            played += 1
        match += 1
        if out is not None:
            out.write(f"\rmatch {match}: {played}/{games} games")
            out.flush()
    if out is not None:
        out.write("\n")
    return {"points": per_entry, "blocks": blocks, "deals": deals, "think": think}


def block_means(values: list[float], blocks: list[int]) -> list[float]:
    """The mean of ``values`` over each block's games, block by block (in order of first game).

    >>> block_means([4, 2, 1, 3, 3], [0, 0, 1, 1, 1])
    [3.0, 2.3333333333333335]
    """
    sums: dict[int, list[float]] = {}
    for v, b in zip(values, blocks, strict=True):
        sums.setdefault(b, []).append(v)
    return [sum(vs) / len(vs) for vs in sums.values()]


def ladder_steps(points: list[list[float]]) -> list[list[float]]:
    """Per game, each entry's points less the next entry's: the paired steps of a ladder listed
    strongest first (the same deals and the same opponents, so the deal's luck cancels).

    >>> ladder_steps([[4, 1], [2, 3], [1, 2]])
    [[2, -2], [1, 1]]
    """
    return [[a - b for a, b in zip(points[i], points[i + 1], strict=True)] for i in range(len(points) - 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyengine.ai.arena daifugo",
                                     description="Daifugō bots against each other (rotating seats).")
    parser.add_argument("--preset", default="popular", help="rules: a preset (basic, popular, jdf, uecda, party) or a rules code as links write it "
                        "(2.popular~effects.ten=discard)")
    parser.add_argument("--players", type=int, default=None, help="3 to 8 (default: 5 for uecda, 4 otherwise)")
    parser.add_argument("--seats", default=None, help="comma-separated levels, one per player")
    parser.add_argument("--games", type=int, default=100, help="number of games (deals) to play")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=0.8, help="seconds per decision given to the bots")
    parser.add_argument("--duplicate", action="store_true",
                        help="share each deal among as many matches as players, the line-up rotated (intervals over blocks)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    players = args.players or PRESET_PLAYERS.get(args.preset, 4)
    seats = args.seats.split(",") if args.seats else ["strong", "normal", "greedy", "random"][:players]
    if len(seats) != players:
        print(f"--seats names {len(seats)} levels for {players} players", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    try:
        result = run(args.preset, players, seats, args.games, args.seed, args.budget,
                     None if args.quiet else sys.stderr, args.duplicate)
    except (ValueError, InvalidRulesError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    points = result["points"]
    blocks = result["blocks"]
    think = result["think"]
    assert isinstance(points, list) and isinstance(blocks, list) and isinstance(think, dict)

    def summary(values: list[float]) -> Summary:  # over games, or with --duplicate over blocks
        return Summary.of(block_means(values, blocks) if args.duplicate else values)

    shared = f", deals shared by {players} matches: n counts blocks" if args.duplicate else ""
    print(f"daifugo {args.preset}, {players} players, {len(blocks)} games, seed {args.seed}{shared}: "
          "mean points per game (95% CI)")
    for i, level in enumerate(seats):
        print(f"  seat {i + 1} {level:<7} {summary(points[i]).format(3)}")
    for i, step in enumerate(ladder_steps(points)):  # each seat against the next, game by game
        print(f"  seat {i + 1} - seat {i + 2} {summary(step).format(3)}")
    for level, ts in think.items():
        if ts and level != "random":
            print(f"  {level:<7} {1000 * sum(ts) / len(ts):.1f} ms per decision (max {1000 * max(ts):.0f} ms)")
    return 0


__all__ = ["block_means", "ladder_steps", "main", "run"]

if __name__ == "__main__":
    raise SystemExit(main())
