"""The required tool (§13): ``python -m pyengine.chabashi evaluate [--preset seed|balanced]``.

Reads ``<hand cards> | <floor cards>`` lines from stdin and writes, for every line,
``<category>\\t<floor card> <floor card>`` (or ``error\\t<reason>``) as UTF-8.

>>> evaluate_line("R2 B3 | Y4 G5", evaluator())
'사색연\\tY4 G5'
>>> evaluate_line("R1 | B2 Y3", evaluator())
'error\\thand must have 2 or 3 cards'
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence

from .cards import CODES, card
from .hands import Evaluator, evaluator
from .rules import ChabashiRules

_TOKEN = re.compile(r"[RBYG][0-8]\Z")


class LineError(ValueError):
    pass


def parse_line(line: str) -> tuple[list[int], list[int]]:
    """The hand and floor of one input line; :class:`LineError` with the reason if invalid."""
    if line.count("|") != 1:
        raise LineError("expected exactly one '|' between hand and floor")
    left, right = line.split("|")
    hand_tokens, floor_tokens = left.split(), right.split()
    for t in (*hand_tokens, *floor_tokens):
        if not _TOKEN.match(t):
            raise LineError(f"unknown card {t!r}")
    hand, floor = [card(t) for t in hand_tokens], [card(t) for t in floor_tokens]
    everything = hand + floor
    if len(set(everything)) != len(everything):
        dup = next(CODES[c] for c in everything if everything.count(c) > 1)
        raise LineError(f"card {dup} is repeated")
    if not 2 <= len(hand) <= 3:
        raise LineError("hand must have 2 or 3 cards")
    if not 2 <= len(floor) <= 4:
        raise LineError("floor must have 2 to 4 cards")
    if len(everything) > 6:
        raise LineError("more than 6 cards in total")
    return hand, floor


def evaluate_line(line: str, ev: Evaluator) -> str:
    try:
        hand, floor = parse_line(line)
    except LineError as exc:
        return f"error\t{exc}"
    value = ev.best(hand, floor)
    pair = sorted(value.pair, key=floor.index)
    return f"{value.name}\t{CODES[pair[0]]} {CODES[pair[1]]}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyengine.chabashi", description="Chabashi tools")
    sub = parser.add_subparsers(dest="command", required=True)
    ev_parser = sub.add_parser("evaluate", help="evaluate '<hand> | <floor>' lines from stdin")
    ev_parser.add_argument("--preset", default="seed", choices=list(ChabashiRules.presets()))
    args = parser.parse_args(argv)
    rules = ChabashiRules.preset(args.preset)
    ev = evaluator(rules.hand_order, False)
    data = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = sys.stdout.buffer
    for line in lines:
        out.write((evaluate_line(line.rstrip("\r"), ev) + "\n").encode("utf-8"))
    out.flush()
    return 0
