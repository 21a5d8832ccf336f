#!/usr/bin/env python3
"""Our UECda client head to head against FujiGokoro, the UECda champion, at one table of five on
the UECda kit's own server: our client, FujiGokoro and three of the kit's standard clients.

    nice -n 19 .venv/bin/python benchmarks/uecda_match.py --tools /tmp/p/uecda/bin --games 1000 \\
        [--port 42611] [--seed S] [-- OUR CLIENT'S ARGUMENTS]

Our client's arguments (after ``--``) default to ``--level master --as-page --check``. The server
(``tndhms``, console only) plays ``--games`` games with the kit's rules (classes reset every 100
games, seats drawn every 3); each game gives 5/4/3/2/1 points by place, read from the server's
console (``================ game N`` and the five places after it). Prints ``benchmarks/machine.py``'s
line before and after, each player's points a game with a 95% interval, our points minus
FujiGokoro's paired game by game, each player's share of places, and our client's exit code (0:
every game played; with ``--check`` also every server message agreed with our engine). The logs
(server console, every client's output) stay in the folder it names.

FujiGokoro stops each search by the clock (its ``finishCheck`` weighs regret against time spent),
so anything else running makes it weaker: run one table per core on an otherwise idle machine,
and compare figures only beside the machine line. The server's deals cannot be seeded: it seeds
them with the clock's second as it starts, so two tables started in the same second deal the same
cards game after game (on 2026-12-02 two pairs of tables did: their seat draws were identical; the
paired differences of a deal's two plays correlated at only 0.02 and 0.04). Tables started by this
script take turns at a lock (``uecda_match.lock`` in the temporary folder) from their server's
start into the next second, so each draws deals of its own. ``--seed`` seeds our client and
FujiGokoro only.

Building the tools (2026-12-02, gcc 12, outside the repository; ``git archive`` gives every file
the commit's time, so ``make`` does not try to re-run automake):

* Server and standard client: the kit ``tndhm_devkit_c-20180826`` as committed in
  github.com/coldTOUFU/uecDA at 2e316ce48b5225434ee64b120b0cb9f261ecd089. Its trick ends when
  every player still in has passed, the leader too, and seats are redrawn every 3 games, as in
  our engine's ``uecda`` rules. (The kit's server in github.com/s1300097/reserch ends a trick
  when the others have passed: FujiGokoro then loses track of the hands and hung in its first
  game, and our ``--check`` stops at the first such trick.) ::

    mkdir -p /tmp/p/uecda && cd /tmp/p/uecda
    git clone https://github.com/coldTOUFU/uecDA
    git -C uecDA archive 2e316ce tndhm_devkit_c-20180826 | tar x
    cd tndhm_devkit_c-20180826/server                  # (built on a Mac: drop its leftovers)
    find . -name '._*' -delete; rm -f src/*.o src/tndhms config.status
    chmod +x configure depcomp missing install-sh
    ./configure --without-x && make                    # no X11: console only
    cd ../client; rm -f *.o client config.status; chmod +x configure
    ./configure && make CFLAGS='-O2 -fcommon'          # (it defines a global in a header)

* FujiGokoro: github.com/YuriCat/FujiGokoroUECda at 538ffd9 (``XorShift64 -> Dice``), without
  its learned parameters (``param/*.bin`` are Git LFS files: ``git archive`` gives only their
  pointers), its client only::

    cd /tmp/p/uecda && GIT_LFS_SKIP_SMUDGE=1 git clone https://github.com/YuriCat/FujiGokoroUECda
    mkdir fujigokoro && git -C FujiGokoroUECda archive 538ffd9 | tar x -C fujigokoro
    cd fujigokoro && make out/client                   # -march=native: build it on the machine used

  This script runs it as ``client -th 1 -i EMPTY_DIR/`` (one search thread) from a folder
  without its config file, so it finds no parameter file and plays with all-zero parameters.

* ``--tools DIR`` looks for ``DIR/tndhms``, ``DIR/kit_client`` and ``DIR/fujigokoro``::

    mkdir /tmp/p/uecda/bin && cd /tmp/p/uecda/bin
    cp ../tndhm_devkit_c-20180826/server/src/tndhms .
    cp ../tndhm_devkit_c-20180826/client/client kit_client
    cp ../fujigokoro/out/client fujigokoro

The clients join one by one (the server numbers them in that order), watched on the server's
console through ``stdbuf -oL`` (coreutils; without it, three seconds apart and no progress lines).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
OURS_DEFAULT = ["--level", "master", "--as-page", "--check"]
OUR_NAME, FG_NAME = "pyengine", "lilovyy"  # FujiGokoro's name is built in
PLACES = ("daihugou", "hugou", "heimin", "himmin", "daihinnmin")  # the server's words, 1st to 5th
GAME_RE = re.compile(r"^=+ game (\d+)\s*$")
CONFIG = """WINDOW_TYPE console
CONSOLE_TYPE console
GRAPH_WINDOW none
RULE_KAKUMEI yes
RULE_SHIBARI yes
RULE_KINSOKU no
RULE_KAIDAN yes
RULE_5TOBI no
RULE_6REVERS no
RULE_8GIRI yes
RULE_11BACK no
RULE_CHANGE yes
RULE_SEKIGAE yes
RULE_SEKIGAE_NUM 3
FLAG_STATISTICS no
FLAG_HIDDEN_NAME no
FLAG_LOGGER no
GAME_NUMBER {games}
FLASH_MIBUN_NUMBER 100
PORT_NUMBER {port}
RAND_TYPE MT
"""


def parse_games(console: str) -> tuple[list[str], list[list[int]]]:
    """The players' names in the server's order, and each game's place (1–5) of every player."""
    names = [m.group(1).strip() for m in re.finditer(r"^NAME: (.*)$", console, re.M)]
    games: list[list[int]] = []
    lines = console.splitlines()
    for i, line in enumerate(lines):
        m = GAME_RE.match(line)
        if not m:
            continue
        place = [0] * 5
        for k, word in enumerate(PLACES):
            got = lines[i + 1 + k].split() if i + 1 + k < len(lines) else []
            if len(got) != 2 or got[0] != word:
                raise ValueError(f"game {m.group(1)}: unexpected line {got!r} for {word}")
            place[int(got[1])] = k + 1
        if sorted(place) != [1, 2, 3, 4, 5] or int(m.group(1)) != len(games) + 1:
            raise ValueError(f"game {m.group(1)}: places {place}")
        games.append(place)
    return names, games


def free_port(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def start(cmd: list[str], log: Path, cwd: Path) -> tuple[subprocess.Popen[bytes], IO[bytes]]:
    out = log.open("wb")
    return subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL), out


@contextmanager
def own_second() -> Iterator[None]:
    """Held while a server starts, and on into the next second of the clock, whose value seeds the
    server's deals: another table started by this script meanwhile waits, and seeds its own."""
    with (Path(tempfile.gettempdir()) / "uecda_match.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
        time.sleep(1.05 - time.time() % 1.0)  # (the lock is let go as the file closes)


def wait_accepted(console: Path, count: int, procs: list[subprocess.Popen[bytes]], seconds: float) -> None:
    """Until the server has accepted ``count`` clients (needs its console line-buffered)."""
    deadline = time.monotonic() + seconds
    while console.read_text(errors="replace").count("accepted from") < count:
        if any(p.poll() is not None for p in procs) or time.monotonic() > deadline:
            raise RuntimeError(f"the server did not accept client {count} (logs in {console.parent})")
        time.sleep(0.05)


def run(args: argparse.Namespace, ours: list[str], work: Path) -> tuple[int | None, str, float]:
    """Plays the match; our client's exit code (None: it never ended), the server console, seconds."""
    (work / "noparams").mkdir()
    cfg = work / "tndhms.cfg"
    if len(str(cfg)) >= 90:
        raise RuntimeError(f"the server refuses a config path of 90 characters or more: {cfg} (set TMPDIR)")
    cfg.write_text(CONFIG.format(games=args.games, port=args.port))
    console = work / "server.log"
    line_buffered = [b, "-oL"] if (b := shutil.which("stdbuf")) else []
    seed_fg = ["-s", str(args.seed)] if args.seed is not None else []
    seed_ours = ["--seed", str(args.seed)] if args.seed is not None and "--seed" not in ours else []
    players = [
        ([sys.executable, "-m", "pyengine.daifugo.uecda", "--host", "127.0.0.1", "--port", str(args.port),
          "--name", OUR_NAME, *ours, *seed_ours], "ours.log", ROOT),
        ([str(args.fujigokoro), "-h", "127.0.0.1", "-p", str(args.port), "-th", "1",
          "-i", str(work / "noparams") + "/", *seed_fg], "fujigokoro.log", work),
        *(([str(args.kit_client), "-h", "127.0.0.1", "-p", str(args.port), "-n", f"kit{k}"],
           f"kit{k}.log", work) for k in (1, 2, 3)),
    ]
    procs: list[tuple[subprocess.Popen[bytes], IO[bytes]]] = []
    began = time.monotonic()
    try:
        with own_second():
            procs.append(start([*line_buffered, str(args.server), "-c", str(cfg)], console, work))
            server = procs[0][0]
            time.sleep(0.3)
        for k, (cmd, log, cwd) in enumerate(players, 1):
            procs.append(start(cmd, work / log, cwd))
            if line_buffered:
                wait_accepted(console, k, [p for p, _ in procs], 60)
            else:
                time.sleep(3)
        began, seen, last = time.monotonic(), 0, time.monotonic()
        step = max(1, args.games // 10)
        while server.poll() is None:
            time.sleep(0.5)
            done = console.read_text(errors="replace").count("\n=====") if line_buffered else seen
            if done != seen:
                seen, last = done, time.monotonic()
                if seen % step == 0:
                    print(f"  game {seen}/{args.games}, {(last - began) / seen:.2f} s a game", flush=True)
            ended = [f"{log.removesuffix('.log')} (exit {p.returncode})"
                     for (p, _), (_, log, _) in zip(procs[1:], players, strict=True) if p.poll() is not None]
            if ended:
                try:
                    server.wait(timeout=10)  # after the last game the clients may leave before it
                except subprocess.TimeoutExpired:
                    raise RuntimeError(f"{', '.join(ended)} ended early (logs in {work})") from None
            elif line_buffered and time.monotonic() - last > args.stall:
                raise RuntimeError(f"no game ended in {args.stall:.0f} s (logs in {work})")
        seconds = time.monotonic() - began
        try:
            code: int | None = procs[1][0].wait(timeout=60)
        except subprocess.TimeoutExpired:
            code = None
        return code, console.read_text(errors="replace"), seconds
    finally:
        for p, out in procs:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    p.kill()
            out.close()


def report(names: list[str], games: list[list[int]]) -> None:
    from pyengine.ai.stats import Summary

    labels = {OUR_NAME: "ours", FG_NAME: "FujiGokoro"}
    points = [[6 - g[p] for g in games] for p in range(5)]
    print(f"points a game (5/4/3/2/1 by place), {len(games)} games; places 1st..5th:")
    for p, name in enumerate(names):
        shares = " ".join(f"{100 * sum(g[p] == k for g in games) / len(games):4.1f}%" for k in range(1, 6))
        print(f"  {labels.get(name, name):<11} {Summary.of(points[p]).format()}  {shares}")
    ours, fg = names.index(OUR_NAME), names.index(FG_NAME)
    diff = Summary.of(a - b for a, b in zip(points[ours], points[fg], strict=True))
    print(f"ours − FujiGokoro, paired by game: {diff.mean:+.3f} ± {diff.half_width:.3f} "
          f"(95% CI {diff.low:+.3f}..{diff.high:+.3f}, n={diff.n})")
    firsts = ", ".join(f"{labels.get(n, n)} {100 * sum(g[p] == 1 for g in games) / len(games):.1f}%"
                       for p, n in enumerate(names))
    print(f"first places: {firsts}")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ours = OURS_DEFAULT
    if "--" in argv:
        ours, argv = argv[argv.index("--") + 1:], argv[:argv.index("--")]
        if "--name" in ours:
            print("our client's name is set here (the report finds it by name)", file=sys.stderr)
            return 2
    parser = argparse.ArgumentParser(
        prog="benchmarks/uecda_match.py", usage="%(prog)s [options] [-- OUR CLIENT'S ARGUMENTS]",
        description="Our UECda client, FujiGokoro and three standard clients on the UECda kit's server.",
        epilog="Our client's arguments default to: " + " ".join(OURS_DEFAULT) + ". "
               "How to build the tools: this file's docstring.")
    parser.add_argument("--tools", type=Path, help="folder holding tndhms, kit_client and fujigokoro")
    parser.add_argument("--server", type=Path, help="the kit's server (tndhms)")
    parser.add_argument("--kit-client", type=Path, help="the kit's standard client")
    parser.add_argument("--fujigokoro", type=Path, help="FujiGokoro's client")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--port", type=int, default=42611)
    parser.add_argument("--seed", type=int, default=None, help="seed of our client and FujiGokoro")
    parser.add_argument("--stall", type=float, default=600, help="give up after this many seconds without a game")
    args = parser.parse_args(argv)
    for attr, name in (("server", "tndhms"), ("kit_client", "kit_client"), ("fujigokoro", "fujigokoro")):
        path = getattr(args, attr) or (args.tools / name if args.tools else None)
        if path is None or not os.access(path, os.X_OK):
            parser.error(f"no executable {name}: give --tools DIR or --{attr.replace('_', '-')} PATH")
        setattr(args, attr, path.resolve())
    if not 1 <= args.games <= 14999:  # the server keeps 15,000 games of points
        parser.error("--games must be 1..14999")
    if not free_port(args.port):
        parser.error(f"port {args.port} is in use")
    sys.path.insert(0, str(ROOT))
    import machine  # this machine's speed first: a clock-stopped search depends on it

    print(machine.line(), flush=True)
    work = Path(tempfile.mkdtemp(prefix="uecda"))
    print(f"ours: {' '.join(ours)}; logs in {work}", flush=True)
    try:
        code, console, seconds = run(args, ours, work)
    except RuntimeError as exc:
        print(f"match stopped: {exc}")
        return 1
    names, games = parse_games(console)
    if len(names) != 5 or len(games) != args.games:
        print(f"server console: {len(names)} players, {len(games)} of {args.games} games (see {work})")
        return 1
    print(f"{len(games)} games in {seconds:.0f} s: {seconds / len(games):.2f} s a game; "
          f"players in the server's order: {', '.join(names)}")
    report(names, games)
    print(f"our client's exit code: {code}")
    print(machine.line(), flush=True)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
