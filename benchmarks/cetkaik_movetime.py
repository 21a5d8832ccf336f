"""Cetkaik ``master`` through the engine protocol on a loaded machine, with and without ``movetime``.

    python benchmarks/cetkaik_movetime.py [--positions 30] [--movetime 1000] [--level master] [--no-load]

Starts ``python -m pyengine.cetkaik.bot --level master`` as an outside arena does (one JSON
request a line over a pipe) and, unless ``--no-load``, one busy-loop process per core for the
whole run.  Each position (the moves of seeded one-season ``rules``–``greedy`` games, both
presets, spread over the games) is asked twice, without and with ``"movetime"``, in
alternating order so that both see the same load.  Prints the round-trip time per answer
(p50 / p95 / max, and how many came after the movetime) and how many answers differed.
Keep it short on a shared machine: every answer without movetime is one full master decision
while every core is busy.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.ai.cetkaik.arena import timing  # noqa: E402
from pyengine.ai.match import play_match  # noqa: E402
from pyengine.cetkaik.kiaak import export_kiaak  # noqa: E402
from pyengine.cetkaik.state import MOVE, CetkaikState  # noqa: E402
from pyengine.core.record import Record, Seat  # noqa: E402


def positions(count: int) -> list[tuple[str, str]]:
    """``count`` (rules preset, kiaak record) pairs, each a move for the side to move to make."""
    out: list[tuple[str, str]] = []
    seed = 0
    while len(out) < count:
        preset = ("official", "cerke_online")[seed % 2]
        rules = f"1.{preset}~seasons=1"
        seats = (Seat("a", "bot:rules"), Seat("b", "bot:greedy"))
        result = play_match("cetkaik", rules, seats, seed=500 + seed, max_plies=400, keep_states=True)
        moves = [i for i, st in enumerate(result.states[:-1])
                 if isinstance(st, CetkaikState) and st.phase == MOVE and len(st.legal_actions()) > 1]
        for i in moves[:: max(1, len(moves) // 8)][: count - len(out)]:
            out.append((preset, export_kiaak(Record("cetkaik", rules, seats, result.record.actions[:i]))))
        seed += 1
    return out


class Engine:
    """One engine process per rules preset, asked over its pipes."""

    def __init__(self, level: str, preset: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "pyengine.cetkaik.bot", "--level", level,
                                      "--rules", preset], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def ask(self, line: str) -> tuple[str, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        start = time.perf_counter()
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().rstrip("\n")
        return answer, time.perf_counter() - start

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def main() -> int:
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)
    def arg(name: str, default: str) -> str:
        return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default

    count = int(arg("--positions", "30"))
    movetime = float(arg("--movetime", "1000"))
    level = arg("--level", "master")
    load = "--no-load" not in sys.argv
    cases = positions(count)
    engines = {preset: Engine(level, preset) for preset in ("official", "cerke_online")}
    for engine in engines.values():  # warm up: imports, first replay
        engine.ask(json.dumps({"record": "{一位色:赤}", "seasons": 1, "ask": "move"}, ensure_ascii=False))
    cores = os.cpu_count() or 1
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(cores if load else 0)]
    plain: list[float] = []
    timed: list[float] = []
    differ = errors = 0
    started = time.perf_counter()
    try:
        for i, (preset, record) in enumerate(cases):
            request = {"record": record, "seasons": 1, "ask": "move"}
            lines = [json.dumps(request, ensure_ascii=False),
                     json.dumps({**request, "movetime": movetime}, ensure_ascii=False)]
            answers: dict[int, str] = {}
            for k in ((0, 1) if i % 2 == 0 else (1, 0)):
                answers[k], seconds = engines[preset].ask(lines[k])
                (plain if k == 0 else timed).append(seconds)
                errors += answers[k].startswith("error")
            differ += answers[0] != answers[1]
    finally:
        for proc in busy:
            proc.kill()
            proc.wait()
        for engine in engines.values():
            engine.close()
    loadavg = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{level} through the protocol, {len(cases)} positions (one-season rules–greedy games, both presets), "
          f"{len(busy)} busy-loop process(es) on {cores} core(s); load average at the end {loadavg}")
    print(f"  without movetime:        {timing(plain, movetime)}")
    print(f"  with movetime {movetime:g} ms: {timing(timed, movetime)}")
    print(f"  answers that differ: {differ} of {len(cases)}; error lines: {errors}; "
          f"wall {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
