"""``python -m pyengine.ai.arena chabashi --seats strong,normal,calling --hands 2000 --seed S``

Bots against bots at one table, measured in chips won per hand with a 95% confidence interval.

* The hands are played in short sessions (``--session`` hands each, the dealer rotating every
  hand inside a session as the rules say).  Between sessions the bots *rotate seats*: in session
  ``b`` the ``i``-th bot of ``--seats`` sits in seat ``(i + b) mod n``, so every bot sits in every
  seat (and so deals, acts first, acts last) equally often.
* The ``n`` sessions of one rotation cycle share their card stream (the same seeded chance
  generator), so the deals start the same for every seating, which removes much of the luck.
* Bankrolls are large (``--bankroll``, 1000 by default) so that nobody busts inside a session;
  chips carried over at the end of a session are shared as the rules say (§7.6).
* Exactly as the page's Worker does it, every decision is made by a *fresh* bot built from
  ``LEVELS[level](rng)`` and given only a :class:`~pyengine.ai.bot.BotView`.

A bot's result is the mean of its chip change over all hands (as a player or as the dealer), with
a normal-approximation 95% interval (:class:`pyengine.ai.stats.Summary`).

>>> res = run_arena(["calling", "random"], hands=4, seed=3, session=2)
>>> [r.level for r in res.rows], res.hands, round(sum(r.summary.mean for r in res.rows), 9)
(['calling', 'random'], 4, 0.0)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ...chabashi.game import GAME
from ...chabashi.rules import ChabashiRules
from ...core.chance import sample_chance
from ...core.errors import EngineError
from ...core.rng import Pcg32
from ..bot import Bot, BotView
from ..stats import Summary
from .bots import LEVELS


@dataclass
class Row:
    """One bot of the arena (its position in ``--seats``) and what it did."""

    level: str
    deltas: list[float] = field(default_factory=list)
    decisions: int = 0
    think: float = 0.0
    slowest: float = 0.0

    @property
    def summary(self) -> Summary:
        return Summary.of(self.deltas)

    @property
    def per_decision(self) -> float:
        return self.think / self.decisions if self.decisions else 0.0


@dataclass
class ArenaResult:
    rows: list[Row]
    hands: int
    sessions: int
    rules: str
    seed: int


def run_arena(
    levels: Sequence[str],
    hands: int = 2000,
    seed: int = 1,
    rules: ChabashiRules | None = None,
    session: int = 20,
    bankroll: int = 1000,
    budget: float = 0.4,
    progress: Callable[[int, ArenaResult], None] | None = None,
    bots: Mapping[str, type[Bot]] | None = None,
) -> ArenaResult:
    """Play ``hands`` hands between the bots ``levels`` (2–5 of them); see the module docstring.

    ``bots`` replaces ``LEVELS`` (e.g. to try a variant of a level)."""
    n = len(levels)
    bots = bots if bots is not None else LEVELS
    for level in levels:
        if level not in bots:
            raise ValueError(f"unknown Chabashi bot level {level!r} (known: {', '.join(bots)})")
    if not 2 <= n <= 5:
        raise ValueError("Chabashi needs 2 to 5 seats")
    if hands < 1 or session < 1:
        raise ValueError("--hands and --session must be at least 1")
    base = (rules or ChabashiRules()).with_option("stakes.bankroll", bankroll)
    rows = [Row(level) for level in levels]
    result = ArenaResult(rows, 0, 0, base.encode(), seed)
    played = 0
    b = 0
    while played < hands:
        limit = min(session, hands - played)
        r = base.with_option("hand_limit", limit)
        encoded = r.encode()
        entry_at = [(i + b) % n for i in range(n)]  # bot i sits in seat entry_at[i]
        seat_entry = {s: i for i, s in enumerate(entry_at)}
        chance = Pcg32(seed, 0xC4A0000 + b // n)
        minds = Pcg32(seed, 0xB070000 + b)
        state = GAME.new_initial_state(r, n)
        before = list(state.chips)
        k = done = 0
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply(sample_chance(state, chance))
            else:
                seat = state.current_player
                row = rows[seat_entry[seat]]
                view = BotView("chabashi", encoded, seat, state.observation(seat), state.legal_actions(), budget)
                k += 1
                t0 = time.perf_counter()
                action = bots[row.level](minds.derive(k)).act(view)
                dt = time.perf_counter() - t0
                row.decisions += 1
                row.think += dt
                row.slowest = max(row.slowest, dt)
                if action not in view.legal:
                    raise EngineError(f"bot {row.level} chose the illegal action {action!r}")
                state = state.apply(action)
            if state.phase in ("between", "over") and state.hand_no > done:
                done = state.hand_no
                for s in range(n):
                    rows[seat_entry[s]].deltas.append(float(state.chips[s] - before[s]))
                before = list(state.chips)
        played += state.hand_no
        b += 1
        result.hands, result.sessions = played, b
        if progress is not None:
            progress(played, result)
    return result


def format_result(res: ArenaResult, digits: int = 3) -> str:
    lines = [
        f"Chabashi arena: {res.hands} hands in {res.sessions} sessions, {len(res.rows)} seats "
        f"(rotating), rules {res.rules}, seed {res.seed}",
        "chips won per hand, mean ± 95% half-width (95% CI), and think time per decision:",
    ]
    width = max(len(r.level) for r in res.rows) + 3
    for i, r in enumerate(res.rows):
        name = f"{i + 1}.{r.level}"
        s = r.summary
        lines.append(f"  {name:<{width}} {s.mean:+.{digits}f} ± {s.half_width:.{digits}f} "
                     f"(95% CI {s.low:+.{digits}f}..{s.high:+.{digits}f})   "
                     f"{1000 * r.per_decision:7.1f} ms/decision (max {1000 * r.slowest:.0f} ms, "
                     f"{r.decisions} decisions)")
    return "\n".join(lines)


def to_json(res: ArenaResult) -> dict[str, object]:
    return {
        "hands": res.hands, "sessions": res.sessions, "rules": res.rules, "seed": res.seed,
        "seats": [
            {"level": r.level, "mean": r.summary.mean, "low": r.summary.low, "high": r.summary.high,
             "half_width": r.summary.half_width, "decisions": r.decisions,
             "seconds_per_decision": r.per_decision, "slowest": r.slowest}
            for r in res.rows
        ],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyengine.ai.arena chabashi",
                                 description="Chabashi bots against each other: chips won per hand (95% CI).")
    ap.add_argument("--seats", default="strong,normal,calling",
                    help="comma-separated bot levels, 2 to 5 (e.g. strong,normal,calling)")
    ap.add_argument("--hands", type=int, default=2000, help="hands to play in total (default 2000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="1.seed", help="encoded rules (default 1.seed)")
    ap.add_argument("--session", type=int, default=20, help="hands per session between seat rotations")
    ap.add_argument("--bankroll", type=int, default=1000, help="chips per seat at the start of a session")
    ap.add_argument("--budget", type=float, default=0.4, help="seconds per decision (a safety cap)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = ap.parse_args(argv)
    levels = [x.strip() for x in args.seats.split(",") if x.strip()]
    try:
        rules = ChabashiRules.decode(args.rules)
        t0 = time.perf_counter()

        def progress(done: int, res: ArenaResult) -> None:
            if not args.quiet:
                print(f"  … {done}/{args.hands} hands, {time.perf_counter() - t0:.0f} s", file=sys.stderr)

        res = run_arena(levels, args.hands, args.seed, rules, args.session, args.bankroll, args.budget, progress)
    except (ValueError, EngineError) as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(to_json(res)) if args.json else format_result(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
