"""``python -m pyengine.ai.arena cetkaik --a A --b B [--games N] [--seasons 1|2|4] [--seed S] [--movetime MS]``

Plays bot level ``A`` against bot level ``B`` with alternating sides (``A`` takes the A side
in even-numbered games, the IA side in odd ones) and prints ``A``'s wins, losses and draws,
the mean score difference (A − B, final scores) with its 95% confidence interval, and the
score rate (wins + ½ draws) with its 95% Wilson interval.

The bots are driven through the engine protocol (:class:`.bot.Engine`, in process): every
decision is a protocol request carrying the kiaak record of the game so far, exactly what
``python -m pyengine.cetkaik.bot`` answers, so the arena and the protocol cannot drift.
Casts are drawn from the game's seed.  A season that reaches ``--max-plies`` plies (400 by
default) stops the game; it is scored as it stands (counted as ``capped``).  It also prints,
for each level, how many of its moves needed a cast (a ranged step or a water entry), how
many of those failed, and the longest run of turns in which it played the same move again
right after that move had failed (and it failed again).

``--movetime MS`` puts ``"movetime": MS`` in every request (the protocol's wall-clock limit
per answer: ``strong`` and ``master`` then search anytime, so the games depend on the
machine); each level's time per decision is printed as p50 / p95 / max, with the number of
answers that came after the movetime.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...cetkaik.kiaak import export_kiaak
from ...cetkaik.notation import DECLINE, TA_XOT, TY_MOK
from ...cetkaik.rules import CetkaikRules
from ...cetkaik.state import DECLARATION, MOVE, STEPPING_CHOICE, CetkaikState
from ...core.chance import sample_chance
from ...core.record import Record, Seat
from ...core.rng import Pcg32
from ..stats import Summary, wilson
from .bots import LEVELS
from .protocol import PASS, TYMOK, Engine


@dataclass
class CastLog:
    """One side's moves that needed a cast: how many, how many failed, and the longest run of
    the same move played again right after it failed, failing each time."""

    cast: int = 0
    failed: int = 0
    longest: int = 0
    last: str = ""
    run: int = 0

    def note(self, move: str, failed: bool) -> None:
        self.cast += 1
        self.failed += failed
        self.run = (self.run + 1 if move == self.last else 1) if failed else 0
        self.last = move if failed else ""
        self.longest = max(self.longest, self.run)

    def add(self, other: CastLog) -> None:
        self.cast += other.cast
        self.failed += other.failed
        self.longest = max(self.longest, other.longest)

    def __str__(self) -> str:
        share = f" ({100 * self.failed / self.cast:.0f}%)" if self.cast else ""
        return f"{self.cast} cast, {self.failed} failed{share}, longest run of one failed move {self.longest}"


def timing(times: Sequence[float], movetime: float | None = None) -> str:
    """Seconds per decision as p50 / p95 / max (nearest rank), and how many came after
    ``movetime`` (milliseconds) when there is one.

    >>> timing([0.2, 0.1, 0.4, 0.3], movetime=250)
    'p50 0.200 s, p95 0.400 s, max 0.400 s; 2 of 4 after the 250 ms movetime'
    >>> timing([])
    'no decisions'
    """
    if not times:
        return "no decisions"
    ordered = sorted(times)

    def rank(q: float) -> float:
        return ordered[max(0, math.ceil(q * len(ordered)) - 1)]

    text = f"p50 {rank(0.5):.3f} s, p95 {rank(0.95):.3f} s, max {ordered[-1]:.3f} s"
    if movetime is not None:
        late = sum(t * 1000 > movetime for t in ordered)
        text += f"; {late} of {len(ordered)} after the {movetime:g} ms movetime"
    return text


@dataclass
class GameResult:
    scores: tuple[int, int]
    plies: int
    capped: bool
    think: tuple[float, float]
    decisions: tuple[int, int]
    casts: tuple[CastLog, CastLog] = (CastLog(), CastLog())
    times: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())
    """Each side's seconds per decision, in the order asked."""


def play_game(engines: tuple[Engine, Engine], rules: CetkaikRules, seed: int, max_plies: int = 400,
              budget: float = 1.0, movetime: float | None = None) -> GameResult:
    """One game: ``engines[0]`` plays the A side, ``engines[1]`` the IA side; ``movetime``
    (milliseconds) goes into every request when given."""
    state = CetkaikState(rules)
    chance = Pcg32(seed, 0xC4A)
    actions: list[str] = []
    seats = (Seat("A", "bot:" + engines[0].level), Seat("IA", "bot:" + engines[1].level))
    times: tuple[list[float], list[float]] = ([], [])
    plies = season_plies = 0
    season = 0
    capped = False
    casts = (CastLog(), CastLog())
    pending: tuple[int, str, tuple[int, ...]] | None = None  # a move waiting for its casts

    def ask(question: object) -> str:
        side = state.side
        record = export_kiaak(Record("cetkaik", rules.encode(), seats, tuple(actions)))
        request: dict[str, object] = {"record": record, "seasons": rules.seasons, "ask": question, "budget": budget}
        if movetime is not None:
            request["movetime"] = movetime
        line = json.dumps(request, ensure_ascii=False)
        start = time.perf_counter()
        answer = engines[side].handle(line)
        times[side].append(time.perf_counter() - start)
        if answer.startswith("error"):
            raise RuntimeError(f"{engines[side].level} bot: {answer} (after {len(actions)} actions)")
        return answer

    def apply(action: str) -> None:
        nonlocal state
        state = state.apply(action)
        actions.append(action)

    while not state.is_terminal():
        if pending is not None and not state.is_chance():  # the turn of the move with casts is over
            side, move, board = pending
            casts[side].note(move, state.board == board)
            pending = None
        if state.season != season:
            season, season_plies = state.season, 0
        if state.is_chance():
            apply(sample_chance(state, chance))
            continue
        if state.phase == MOVE:
            if season_plies >= max_plies:
                capped = True
                break
            move = ask("move")
            plies += 1
            season_plies += 1
            if "心" in move or "水" in move:
                pending = (state.side, move, state.board)
            apply(move)
            if "心" in move:  # the stepping cast, then the player's choice
                apply(sample_chance(state, chance))
                if state.phase == STEPPING_CHOICE:  # (the record leaves the turn in progress out)
                    answer = ask({"after_cast": move, "sticks": state.pending[3]})
                    apply(DECLINE if answer == PASS else answer)
        elif state.phase == DECLARATION:
            apply(TY_MOK if ask("declare") == TYMOK else TA_XOT)
        else:  # pragma: no cover - every other phase is chance
            raise RuntimeError(f"unexpected phase {state.phase_name}")
    if pending is not None:
        casts[pending[0]].note(pending[1], state.board == pending[2])
    return GameResult(state.scores, plies, capped, (sum(times[0]), sum(times[1])), (len(times[0]), len(times[1])),
                      casts, (tuple(times[0]), tuple(times[1])))


def main(argv: Sequence[str] | None = None) -> int:
    levels = tuple(LEVELS)
    parser = argparse.ArgumentParser(prog="python -m pyengine.ai.arena cetkaik",
                                     description="Cetkaik bots against each other, sides alternating")
    parser.add_argument("--a", required=True, choices=levels, help="the bot level measured")
    parser.add_argument("--b", required=True, choices=levels, help="its opponent")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seasons", type=int, choices=(1, 2, 4), default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", choices=("official", "cerke_online"), default="official")
    parser.add_argument("--max-plies", type=int, default=400, help="plies per season before a game is stopped")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per decision (a safety net)")
    parser.add_argument("--movetime", type=float, default=None, metavar="MS",
                        help="milliseconds per answer, wall clock, in every request (the levels that search "
                             "stop in time; the games then depend on the machine)")
    parser.add_argument("--start", type=int, default=0,
                        help="index of the first game (to split one run into parts that add up to it)")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.movetime is not None and not (math.isfinite(args.movetime) and args.movetime > 0):
        parser.error("--movetime must be a positive number of milliseconds")
    rules = replace(CetkaikRules.preset(args.rules), seasons=args.seasons)
    a_engine = Engine(args.a, args.rules, args.seed * 2 + 1)
    b_engine = Engine(args.b, args.rules, args.seed * 2 + 2)
    wins = losses = draws = capped = plies = 0
    diffs: list[float] = []
    think = [0.0, 0.0]
    decisions = [0, 0]
    times: tuple[list[float], list[float]] = ([], [])
    cast_logs = (CastLog(), CastLog())
    started = time.perf_counter()
    for game in range(args.start, args.start + args.games):
        a_side = game % 2
        engines = (a_engine, b_engine) if a_side == 0 else (b_engine, a_engine)
        result = play_game(engines, rules, args.seed * 1_000_003 + game, args.max_plies, args.budget, args.movetime)
        diff = result.scores[a_side] - result.scores[1 - a_side]
        diffs.append(diff)
        wins += diff > 0
        losses += diff < 0
        draws += diff == 0
        capped += result.capped
        plies += result.plies
        think[0] += result.think[a_side]
        think[1] += result.think[1 - a_side]
        decisions[0] += result.decisions[a_side]
        decisions[1] += result.decisions[1 - a_side]
        times[0].extend(result.times[a_side])
        times[1].extend(result.times[1 - a_side])
        cast_logs[0].add(result.casts[a_side])
        cast_logs[1].add(result.casts[1 - a_side])
        if not args.quiet:
            print(f"game {game + 1}: {args.a} as {'A' if a_side == 0 else 'IA'}, score difference {diff:+d}, "
                  f"{result.plies} plies{' (capped)' if result.capped else ''}", flush=True)
    n = args.games
    low, high = wilson(wins + 0.5 * draws, n)
    print(f"{args.a} vs {args.b}: {n} games, {args.seasons} season(s), rules {args.rules}, seed {args.seed}")
    print(f"wins {wins}  losses {losses}  draws {draws}  (capped at {args.max_plies} plies: {capped})")
    print(f"score rate {(wins + 0.5 * draws) / n:.3f} (95% CI {low:.3f}..{high:.3f})")
    print(f"mean score difference {Summary.of(diffs).format(2)}")
    print(f"mean plies per game {plies / n:.1f}; seconds per decision: "
          f"{args.a} {think[0] / max(1, decisions[0]):.3f}, {args.b} {think[1] / max(1, decisions[1]):.3f}; "
          f"wall {time.perf_counter() - started:.0f} s")
    for level, own in ((args.a, times[0]), (args.b, times[1])):
        print(f"time per decision, {level}: {timing(own, args.movetime)}")
    print(f"moves with casts: {args.a} {cast_logs[0]}; {args.b} {cast_logs[1]}")
    return 0
