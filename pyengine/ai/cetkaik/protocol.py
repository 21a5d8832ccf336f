"""The Cetkaik engine protocol for outside arenas (like UCI for chess engines).

    python -m pyengine.cetkaik.bot --level L [--rules official|cerke_online] [--seed S]

reads one JSON object per line on standard input and answers one line on standard output,
flushing each time, until standard input closes::

    {"record": "<kiaak record of the game so far>", "seasons": n, "ask": A}

* ``record``: the game so far in the kiaak format (spec §17, as ``python -m pyengine.cetkaik
  replay`` reads it); it may end on a ply whose hand is not yet declared.  The first mover of
  the current season must be known: from ``{一位色:…}`` or inferred from the season's moves.
* ``seasons``: how many seasons the game has (1, 2 or 4; default 4).
* ``A`` is ``"move"`` (answer: a legal move in candidate notation, spec §16),
  ``{"after_cast": "<the ranged candidate move played>", "sticks": h}`` (answer: the square the
  piece goes to, or ``pass`` to decline; ``pass`` is the only answer when the cast reaches no
  square) or ``"declare"`` (answer: ``tymok`` or ``taxot``).
* ``budget`` (optional): seconds the bot may think (default 1); it only arms the bots' safety
  net, at 10 × the budget, so equal requests get equal answers.
* ``movetime`` (optional, like UCI's): milliseconds, wall clock on this machine, within which
  the answer must come, counted from the request's arrival.  ``strong`` and ``master`` then
  search anytime (:class:`~pyengine.ai.bot.Deadline`): their usual work if the time allows,
  else they stop at 85% of it (earlier if the process stalls) with their best answer so far,
  so the answer may depend on the machine and its load.  Without it the levels count work only.  Other keys are ignored.

Bad input gets ``error <reason>`` on its line and the engine keeps going.  The arena
(:mod:`.arena`) drives its bots through :class:`Engine`, the same code.

>>> engine = Engine("greedy")
>>> engine.handle('{"record": "{一位色:赤}", "seasons": 1, "ask": "declare"}')
'error there is no declaration to make: the side to move must play a move'
>>> engine.handle('not json')
'error not a JSON object: Expecting value at column 1'
>>> engine.handle('{"record": "{一位色:赤}", "ask": "move", "movetime": 0}')
'error movetime must be a positive number of milliseconds'
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TextIO

from ...cetkaik.board import COLOUR_CHARS
from ...cetkaik.kiaak import Walk, parse_kiaak, walk
from ...cetkaik.notation import CAST_DIGITS, DECLINE, STEP_CAST, TY_MOK, FirstMover
from ...cetkaik.rules import CetkaikRules
from ...cetkaik.state import DECLARATION, FIRST_MOVER_PHASE, MOVE, STEPPING_CHOICE, CetkaikState
from ...core.errors import EngineError
from ...core.rng import Pcg32
from ..bot import Bot, BotView, Deadline
from .bots import LEVELS

PASS = "pass"
TYMOK = "tymok"
TAXOT = "taxot"


class ProtocolError(ValueError):
    """A request the engine cannot answer; its message follows ``error`` on the answer line."""


class Engine:
    """Answers protocol requests with a bot of one level (a fresh bot for every request, its
    generator derived from the seed and the position, so equal requests get equal answers).

    ``clock`` is the clock a request's ``movetime`` is measured with (the safety net's by
    default; tests inject one).  It is read only for requests that carry a ``movetime``."""

    def __init__(self, level: str, rules: str = "official", seed: int = 0,
                 clock: Callable[[], float] | None = None) -> None:
        levels = LEVELS
        if level not in levels:
            raise ValueError(f"unknown level {level!r} (one of {', '.join(levels)})")
        self.bot_type: type[Bot] = levels[level]
        self.level = level
        self.rules = CetkaikRules.preset(rules)
        self.seed = seed
        self.clock = clock
        self._cache: tuple[str, CetkaikRules, CetkaikState, int] | None = None

    def handle(self, line: str) -> str:
        """One answer line (without the newline) for one request line."""
        try:
            return self.answer(self.parse(line))
        except (ProtocolError, EngineError) as exc:
            return "error " + " ".join(str(exc).split())
        except (TypeError, KeyError, IndexError, RecursionError) as exc:  # pragma: no cover - a safety net
            return f"error cannot answer: {type(exc).__name__}: " + " ".join(str(exc).split())

    def parse(self, line: str) -> dict[str, Any]:
        try:
            request = json.loads(line)
        except ValueError as exc:
            reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
            col = f" at column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
            raise ProtocolError(f"not a JSON object: {reason}{col}") from None
        if not isinstance(request, dict):
            raise ProtocolError("not a JSON object")
        return request

    def replay(self, record: str, seasons: int) -> tuple[CetkaikState, int]:
        """The position after ``record`` and the number of engine actions it holds."""
        rules = replace(self.rules, seasons=seasons)
        if self._cache is not None and self._cache[0] == record and self._cache[1] == rules:
            return self._cache[2], self._cache[3]
        progress = Walk(CetkaikState(rules))
        for _ in walk(record, rules, progress, partial=True):
            pass
        if progress.state.phase == FIRST_MOVER_PHASE:  # a season with no ply yet: its 一位色 entry
            entries = parse_kiaak(record).first_movers or ""
            season = progress.state.season
            if season < len(entries):
                if entries[season] not in COLOUR_CHARS:
                    raise ProtocolError(f"一位色 gives {entries[season]!r} for season {season + 1}: not 赤 or 黒")
                progress.apply(str(FirstMover(COLOUR_CHARS.index(entries[season]))))
        self._cache = (record, rules, progress.state, len(progress.actions))
        return progress.state, len(progress.actions)

    def answer(self, request: dict[str, Any]) -> str:
        record = request.get("record", "")
        if not isinstance(record, str):
            raise ProtocolError("record must be a string (a kiaak record)")
        seasons = request.get("seasons", 4)
        if seasons not in (1, 2, 4) or isinstance(seasons, bool):
            raise ProtocolError("seasons must be 1, 2 or 4")
        budget = request.get("budget", 1.0)
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget <= 3600:
            raise ProtocolError("budget must be a number of seconds")
        deadline = None
        if "movetime" in request:
            movetime = request["movetime"]
            if (isinstance(movetime, bool) or not isinstance(movetime, (int, float))
                    or not (math.isfinite(movetime) and movetime > 0)):
                raise ProtocolError("movetime must be a positive number of milliseconds")
            deadline = Deadline(movetime / 1000, self.clock)
        if "ask" not in request:
            raise ProtocolError('no "ask": "move", "declare" or {"after_cast": …, "sticks": h}')
        ask = request["ask"]
        state, count = self.replay(record, seasons)
        if state.is_terminal():
            raise ProtocolError("the game is over")
        if ask == "move":
            if state.phase == FIRST_MOVER_PHASE:
                raise ProtocolError(f"the first mover of season {state.season + 1} is unknown: "
                                    "give it in {一位色:…}")
            if state.phase != MOVE:
                raise ProtocolError("a declaration is due: ask declare")
            return self.decide(state, count, float(budget), deadline)
        if ask == "declare":
            if state.phase != DECLARATION:
                raise ProtocolError("there is no declaration to make: the side to move must play a move")
            return TYMOK if self.decide(state, count, float(budget), deadline) == TY_MOK else TAXOT
        if isinstance(ask, dict) and "after_cast" in ask:
            move, sticks = ask.get("after_cast"), ask.get("sticks")
            if not isinstance(move, str):
                raise ProtocolError("after_cast must be the candidate move played")
            if not isinstance(sticks, int) or isinstance(sticks, bool) or not 0 <= sticks <= 5:
                raise ProtocolError("sticks must be an integer 0…5")
            if state.phase != MOVE:
                raise ProtocolError("a declaration is due: ask declare")
            if "心" not in move:
                raise ProtocolError(f"{move} is not a ranged stepping move (src片via心planned)")
            cast = state.apply(move)
            after = cast.apply(STEP_CAST + CAST_DIGITS[sticks])
            if after.phase != STEPPING_CHOICE or after.side != cast.side:
                return PASS
            choice = self.decide(after, count + 2, float(budget), deadline)
            return PASS if choice == DECLINE else choice
        raise ProtocolError('ask must be "move", "declare" or {"after_cast": …, "sticks": h}')

    def decide(self, state: CetkaikState, count: int, budget: float, deadline: Deadline | None = None) -> str:
        seat = state.side
        view = BotView("cetkaik", state.rules.encode(), seat, state.observation(seat), state.legal_actions(),
                       budget, deadline)
        bot = self.bot_type(Pcg32(self.seed, count))
        action = bot.act(view)
        if action not in view.legal:  # pragma: no cover - every level answers from the legal list
            raise ProtocolError(f"the {self.level} bot answered {action!r}, which is not legal")
        return action


def serve(engine: Engine, stdin: TextIO, stdout: TextIO) -> None:
    """Answer every line of ``stdin`` on ``stdout`` until it closes."""
    for line in stdin:
        if not line.strip():
            stdout.write("error empty line\n")
        else:
            stdout.write(engine.handle(line) + "\n")
        stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyengine.cetkaik.bot",
                                     description="Cetkaik engine protocol: one JSON request per line")
    parser.add_argument("--level", required=True, choices=tuple(LEVELS))
    parser.add_argument("--rules", choices=("official", "cerke_online"), default="official")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    serve(Engine(args.level, args.rules, args.seed), sys.stdin, sys.stdout)
    return 0


__all__ = ["Engine", "PASS", "ProtocolError", "TAXOT", "TYMOK", "main", "serve"]

if __name__ == "__main__":
    sys.exit(main())
