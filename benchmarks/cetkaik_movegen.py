"""Cetkaik move generation: positions per second in CPython, in Pyodide (Node), and the
community's JavaScript reference ``cerke_verifier`` in Node, on the same positions.

    python benchmarks/cetkaik_movegen.py [--positions 400] [--seconds 3] [--no-pyodide] [--no-js]

The positions come from seeded random games under the ``official`` preset (biased towards
long seasons so that hands fill up and drops multiply), at the moment a side is to move.
Each engine generates the complete legal list of every position, round after round, for
about ``--seconds``; the figure is positions per second over the rounds after a warm-up.

* CPython and Pyodide time ``legal_actions()`` on a fresh state (the engine's one move
  generator: sorted, de-duplicated candidate strings, spec §16).
* ``cerke_verifier@0.0.12`` (npm) is installed by this script into a scratch folder under
  /tmp and never shipped.  It is timed on ``from_hand_candidates`` +
  ``not_from_hand_candidates_with_kut2tam2`` (its full list, stepping over tam2 included),
  which return move objects: no strings, no sorting.  Outside the timing its moves are
  turned into candidate strings and compared with ours, position by position.

Timings depend on the machine; compare the ratios printed in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.cetkaik.board import SQUARE_NAMES  # noqa: E402
from pyengine.cetkaik.rules import OFFICIAL  # noqa: E402
from pyengine.cetkaik.state import MOVE, CetkaikState  # noqa: E402
from pyengine.core.chance import sample_chance  # noqa: E402
from pyengine.core.rng import Pcg32  # noqa: E402

JS_PACKAGE = "cerke_verifier@0.0.12"
SCRATCH = Path(tempfile.gettempdir()) / "pyengine-bench-cerke_verifier"

Position = dict[str, object]


def positions(count: int, seed: int = 2024) -> list[Position]:
    """``count`` positions (side to move, board codes, hand, tam2 square, tam2 moved last)."""
    out: list[Position] = []
    game = 0
    while len(out) < count:
        rng = Pcg32(seed, game)
        game += 1
        state = CetkaikState(OFFICIAL)
        for _ in range(600):
            if state.is_terminal():
                break
            if state.is_chance():
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                if state.phase == MOVE:
                    if rng.below(3) == 0:
                        out.append({"side": state.side, "board": list(state.board), "hands": [list(h) for h in state.hands],
                                    "tam": state.tam, "tam_moved": state.tam_moved})
                    calm = [a for a in legal if "片" + SQUARE_NAMES[state.tam] not in a]
                    action = rng.choice(calm if calm and rng.below(10) else legal)
                elif state.phase_name == "declaration":
                    action = "再行" if rng.below(8) else "終季"
                else:
                    action = rng.choice(legal)
            state = state.apply(action)
    return out[:count]


PY_TIMER = r"""
import json, time
from pyengine.cetkaik.state import CetkaikState, MOVE
from pyengine.cetkaik.rules import OFFICIAL

def states(data):
    return [(OFFICIAL, tuple(p["board"]), (tuple(p["hands"][0]), tuple(p["hands"][1])), p["tam"], p["side"],
             p["tam_moved"]) for p in data]

def bench(data, seconds):
    args = states(data)
    def one_round():
        total = 0
        for rules, board, hands, tam, side, moved in args:
            total += len(CetkaikState(rules, board=board, hands=hands, tam=tam, phase=MOVE, side=side,
                                      tam_moved=moved).legal_actions())
        return total
    moves = one_round()  # warm-up
    rounds, start = 0, time.perf_counter()
    while True:
        one_round()
        rounds += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {"positions_per_second": rounds * len(args) / elapsed, "moves": moves, "rounds": rounds}
"""

JS_TIMER = r"""
const cv = require("cerke_verifier");
const fs = require("fs");
const [positionsFile, seconds] = process.argv.slice(2);
const data = JSON.parse(fs.readFileSync(positionsFile, "utf-8"));
const COLS = "KLNTZXCMP", ROWS = ["A", "E", "I", "U", "O", "Y", "AI", "AU", "IA"];
function pureState(p) {
  const iaDown = p.side === 0;  // the side to move is "Downward": at the top of the array
  const board = [];
  for (let i = 0; i < 9; i++) {
    const row = [];
    for (let j = 0; j < 9; j++) {
      const sq = iaDown ? i * 9 + j : (8 - i) * 9 + (8 - j);
      const code = p.board[sq];
      if (code === 0) row.push(null);
      else if (code === 1) row.push("Tam2");
      else {
        const c = code - 2, side = Math.floor(c / 20), colour = Math.floor(c / 10) % 2, prof = c % 10;
        row.push({ color: colour, prof: prof, side: side === p.side ? cv.Side.Downward : cv.Side.Upward });
      }
    }
    board.push(row);
  }
  const hand = p.hands[p.side].map((h) => ({ color: Math.floor(h / 10), prof: h % 10, side: cv.Side.Downward }));
  const other = p.hands[1 - p.side].map((h) => ({ color: Math.floor(h / 10), prof: h % 10, side: cv.Side.Upward }));
  return { f: { currentBoard: board, hop1zuo1OfDownward: hand, hop1zuo1OfUpward: other }, IA_is_down: iaDown,
           tam_itself_is_tam_hue: false, opponent_has_just_moved_tam: p.tam_moved };
}
const generate = (s) => [...cv.from_hand_candidates(s), ...cv.not_from_hand_candidates_with_kut2tam2(s)];
const sq = ([row, col]) => col + row;
const PROF = "船兵弓車虎馬筆巫将王", COLOUR = "赤黒";
function text(m) {
  if (m.type === "TamMove") {
    if (m.stepStyle === "NoStep") return sq(m.src) + "皇[" + sq(m.firstDest) + "]" + sq(m.secondDest);
    if (m.stepStyle === "StepsDuringFormer") return sq(m.src) + "皇" + sq(m.step) + "[" + sq(m.firstDest) + "]" + sq(m.secondDest);
    return sq(m.src) + "皇[" + sq(m.firstDest) + "]" + sq(m.step) + sq(m.secondDest);
  }
  if (m.type === "InfAfterStep") return sq(m.src) + "片" + sq(m.step) + "心" + sq(m.plannedDirection);
  const d = m.data;
  if (d.type === "FromHand") return COLOUR[d.color] + PROF[d.prof] + sq(d.dest);
  const w = d.is_water_entry_ciurl ? "水" : "";
  if (d.type === "SrcDst") return sq(d.src) + "片" + sq(d.dest) + w;
  return sq(d.src) + "片" + sq(d.step) + sq(d.dest) + w;
}
const states = data.map(pureState);
const lists = states.map((s) => [...new Set(generate(s).map(text))].sort());
let moves = 0;
for (const s of states) moves += generate(s).length;  // warm-up
let rounds = 0;
const start = process.hrtime.bigint();
let elapsed = 0;
for (;;) {
  for (const s of states) generate(s);
  rounds++;
  elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  if (elapsed >= Number(seconds)) break;
}
console.log(JSON.stringify({ positions_per_second: rounds * states.length / elapsed, moves, rounds, lists }));
"""


def run_cpython(data: list[Position], seconds: float) -> dict[str, object]:
    scope: dict[str, object] = {}
    exec(PY_TIMER, scope)
    return scope["bench"](data, seconds)  # type: ignore[operator, no-any-return]


def run_pyodide(data: list[Position], seconds: float) -> dict[str, object] | str:
    try:
        sys.path.insert(0, str(ROOT / "tools"))
        from pyodide_run import run_python_in_pyodide  # type: ignore[import-not-found]
    except ImportError as exc:
        return f"unavailable (tools/pyodide_run.py: {exc})"
    # the positions go through a file in the mounted repository (/repo inside Pyodide): the
    # runner reads its code from a pipe, so that stays small
    shared = ROOT / ".cache" / "cetkaik_movegen_positions.json"
    shared.parent.mkdir(exist_ok=True)
    shared.write_text(json.dumps(data))
    code = PY_TIMER + (f"\nwith open('/repo/.cache/{shared.name}') as f:\n"
                       f"    print(json.dumps(bench(json.load(f), {seconds})))\n")
    try:
        out = run_python_in_pyodide(code, rebuild=True)
    except Exception as exc:  # noqa: BLE001 - report any failure of the optional runtime
        return f"unavailable ({str(exc).splitlines()[0]})"
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def run_js(data: list[Position], seconds: float) -> dict[str, object] | str:
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "unavailable (node or npm not found)"
    SCRATCH.mkdir(parents=True, exist_ok=True)
    if not (SCRATCH / "node_modules" / "cerke_verifier").is_dir():
        (SCRATCH / "package.json").write_text('{"name": "bench-scratch", "private": true}\n')
        proc = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(SCRATCH), JS_PACKAGE],
                              capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            return f"unavailable (npm install {JS_PACKAGE} failed: {proc.stderr.strip()[-300:]})"
    (SCRATCH / "bench.js").write_text(JS_TIMER)
    (SCRATCH / "positions.json").write_text(json.dumps(data))
    proc = subprocess.run(["node", str(SCRATCH / "bench.js"), str(SCRATCH / "positions.json"), str(seconds)],
                          capture_output=True, text=True, timeout=600, cwd=SCRATCH)
    if proc.returncode != 0:
        return f"failed: {proc.stderr.strip()[-500:]}"
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--no-js", action="store_true")
    args = parser.parse_args()
    import machine  # this machine's speed first: the figures below depend on it
    print(machine.line(), flush=True)

    data = positions(args.positions)
    ours = [CetkaikState(OFFICIAL, board=tuple(p["board"]),  # type: ignore[arg-type]
                         hands=(tuple(p["hands"][0]), tuple(p["hands"][1])),  # type: ignore[index]
                         tam=p["tam"], phase=MOVE, side=p["side"],  # type: ignore[arg-type]
                         tam_moved=p["tam_moved"]).legal_actions() for p in data]  # type: ignore[arg-type]
    sizes = sorted(len(m) for m in ours)
    print(f"{len(data)} positions from seeded random games (official preset); legal moves per position: "
          f"min {sizes[0]}, median {sizes[len(sizes) // 2]}, max {sizes[-1]}")

    cpython = run_cpython(data, args.seconds)
    cp = float(cpython["positions_per_second"])  # type: ignore[arg-type]
    print(f"CPython {sys.version.split()[0]}: {cp:10.0f} positions/s  ({1e6 / cp:.0f} µs per position)")

    pyodide: dict[str, object] | str = "skipped (--no-pyodide)"
    if not args.no_pyodide:
        pyodide = run_pyodide(data, args.seconds)
    if isinstance(pyodide, dict):
        po = float(pyodide["positions_per_second"])  # type: ignore[arg-type]
        print(f"Pyodide (Node):   {po:10.0f} positions/s  ({1e6 / po:.0f} µs per position)")
    else:
        print(f"Pyodide (Node):   {pyodide}")

    js: dict[str, object] | str = "skipped (--no-js)"
    if not args.no_js:
        js = run_js(data, args.seconds)
    if isinstance(js, dict):
        jv = float(js["positions_per_second"])  # type: ignore[arg-type]
        print(f"{JS_PACKAGE} (Node {subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}): "
              f"{jv:10.0f} positions/s  ({1e6 / jv:.0f} µs per position)")
        lists = js["lists"]
        assert isinstance(lists, list)
        disagree = [i for i, (a, b) in enumerate(zip(ours, lists, strict=False)) if list(a) != b]
        print(f"agreement with {JS_PACKAGE}: {len(data) - len(disagree)}/{len(data)} positions have identical legal sets"
              + (f" (first difference at position {disagree[0]})" if disagree else ""))
        print(f"ratio CPython / JS reference: {cp / jv:.2f}  (target ≥ 1.0)")
        if isinstance(pyodide, dict):
            print(f"ratio Pyodide / JS reference: {po / jv:.2f}  (target ≥ 0.5)")
    else:
        print(f"{JS_PACKAGE}: {js}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
