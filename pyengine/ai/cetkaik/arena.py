"""``python -m pyengine.ai.arena cetkaik --a A --b B [--games N] [--seasons 1|2|4] [--seed S]``

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
"""

from __future__ import annotations

import argparse
import json
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


@dataclass
class GameResult:
    scores: tuple[int, int]
    plies: int
    capped: bool
    think: tuple[float, float]
    decisions: tuple[int, int]
    casts: tuple[CastLog, CastLog] = (CastLog(), CastLog())


def play_game(engines: tuple[Engine, Engine], rules: CetkaikRules, seed: int, max_plies: int = 400,
              budget: float = 1.0) -> GameResult:
    """One game: ``engines[0]`` plays the A side, ``engines[1]`` the IA side."""
    state = CetkaikState(rules)
    chance = Pcg32(seed, 0xC4A)
    actions: list[str] = []
    seats = (Seat("A", "bot:" + engines[0].level), Seat("IA", "bot:" + engines[1].level))
    think = [0.0, 0.0]
    decisions = [0, 0]
    plies = season_plies = 0
    season = 0
    capped = False
    casts = (CastLog(), CastLog())
    pending: tuple[int, str, tuple[int, ...]] | None = None  # a move waiting for its casts

    def ask(question: object) -> str:
        side = state.side
        record = export_kiaak(Record("cetkaik", rules.encode(), seats, tuple(actions)))
        line = json.dumps({"record": record, "seasons": rules.seasons, "ask": question, "budget": budget},
                          ensure_ascii=False)
        start = time.perf_counter()
        answer = engines[side].handle(line)
        think[side] += time.perf_counter() - start
        decisions[side] += 1
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
    return GameResult(state.scores, plies, capped, (think[0], think[1]), (decisions[0], decisions[1]), casts)


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
    parser.add_argument("--start", type=int, default=0,
                        help="index of the first game (to split one run into parts that add up to it)")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    rules = replace(CetkaikRules.preset(args.rules), seasons=args.seasons)
    a_engine = Engine(args.a, args.rules, args.seed * 2 + 1)
    b_engine = Engine(args.b, args.rules, args.seed * 2 + 2)
    wins = losses = draws = capped = plies = 0
    diffs: list[float] = []
    think = [0.0, 0.0]
    decisions = [0, 0]
    cast_logs = (CastLog(), CastLog())
    started = time.perf_counter()
    for game in range(args.start, args.start + args.games):
        a_side = game % 2
        engines = (a_engine, b_engine) if a_side == 0 else (b_engine, a_engine)
        result = play_game(engines, rules, args.seed * 1_000_003 + game, args.max_plies, args.budget)
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
    print(f"moves with casts: {args.a} {cast_logs[0]}; {args.b} {cast_logs[1]}")
    return 0
