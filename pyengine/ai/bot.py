"""The bot protocol, the wall-clock safety net and the ``random`` bot every game gets.

A bot sees only a :class:`BotView`: its seat's observation, the legal actions, a time
budget and its own seeded generator.  It cannot see the state, so it cannot cheat.

A decision depends only on the observation, the generator and the level's work budget
(playouts, samples, search width: fixed numbers), never on the clock, so the same record
gets the same bot moves on any device.  ``BotView.budget`` (seconds) only sets the
:class:`SafetyNet`: a bot whose fixed work runs past :data:`SAFETY_FACTOR` × ``budget``
(8 s at the page's 0.8 s, several times the slowest decision measured in Pyodide) stops
and plays its level's documented fallback, a move that again depends on nothing but the
view and the generator.

One exception, asked for by the caller: ``BotView.deadline`` (a :class:`Deadline`, set only by
the engine protocol's ``movetime``; the page never sets it) is a wall-clock time the answer
must come within.  The searching levels then become *anytime*: they do their usual fixed
work if the time allows and otherwise stop early with their best answer so far, so their
answers do depend on the machine.  Without a deadline no level reads a clock for its
decision (the safety net aside).
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.rng import Pcg32

MOVETIME_SHARE = 0.85
"""A :class:`Deadline` passes at this share of the movetime: the rest is left for the search
to unwind and for the answer to travel."""


class Deadline:
    """The wall-clock time a decision must be answered within (a movetime, in seconds).

    ``passed()`` turns true once :data:`MOVETIME_SHARE` × ``seconds`` have passed since the
    deadline was made (the request's arrival), or earlier on a machine so loaded that the
    process stalls: once the longest pause seen between two looks at the clock, if it came
    again now, would carry the answer past ``seconds``.  ``clock`` is the one clock it reads
    (the safety net's, ``time.perf_counter``, unless a test injects another); it is read when
    the deadline is made and at every ``passed()``, and nowhere else.  :attr:`reads` counts
    them.

    >>> ticks = iter(range(100))
    >>> deadline = Deadline(0.010, clock=lambda: next(ticks) / 1000)  # one millisecond a read
    >>> [deadline.passed() for _ in range(10)]
    [False, False, False, False, False, False, False, False, True, True]
    >>> deadline.reads  # once when made, once a check
    11
    >>> stalls = iter([0.0, 0.1, 0.5, 0.55, 0.6, 0.65])  # the process stalled for 0.4 s once
    >>> deadline = Deadline(1.0, clock=lambda: next(stalls))
    >>> [deadline.passed() for _ in range(4)]  # stops at 0.6 s: 0.6 + 0.4 reaches 1 s
    [False, False, False, True]
    """

    __slots__ = ("at", "clock", "end", "last", "pause", "reads", "seconds", "start")

    def __init__(self, seconds: float, clock: Callable[[], float] | None = None) -> None:
        if not (math.isfinite(seconds) and seconds > 0):
            raise ValueError(f"a deadline needs a positive number of seconds, not {seconds!r}")
        self.clock = clock if clock is not None else time.perf_counter
        self.seconds = seconds
        self.start = self.last = self.clock()
        self.at = self.start + MOVETIME_SHARE * seconds
        self.end = self.start + seconds
        self.pause = 0.0
        self.reads = 1

    def passed(self) -> bool:
        """Whether the time to stop searching has come."""
        self.reads += 1
        now = self.clock()
        self.pause = max(self.pause, now - self.last)
        self.last = now
        return now >= self.at or now + self.pause >= self.end


@dataclass(frozen=True, slots=True)
class BotView:
    game: str
    rules: str
    seat: int
    observation: Mapping[str, Any]
    legal: tuple[str, ...]
    budget: float = 1.0
    deadline: Deadline | None = None
    """The time the answer must come within (the protocol's ``movetime``), or ``None``: the
    level's fixed work only, the same answer on any machine."""


SAFETY_FACTOR = 10.0
"""The safety net trips after this many times ``BotView.budget`` seconds."""


class SafetyNet:
    """A wall-clock limit that only a far too slow device ever reaches.

    ``tripped()`` turns true once ``SAFETY_FACTOR × budget`` seconds have passed since the
    net was made (never for a budget that is not a positive finite number).  Bots check it
    between units of their fixed work and, when it trips, drop that work and play their
    fallback.  :attr:`trips` counts the nets that tripped in this process (the tests read it
    to show that the page's budget never gets there).

    >>> SafetyNet(0.8).limit, SafetyNet(0.8).tripped()
    (8.0, False)
    >>> net = SafetyNet(1e-12)
    >>> before = SafetyNet.trips
    >>> while not net.tripped():
    ...     pass
    >>> SafetyNet.trips - before, net.tripped(), SafetyNet.trips - before
    (1, True, 1)
    >>> SafetyNet(math.inf).limit
    inf
    """

    trips = 0
    """How many nets have tripped in this process."""

    __slots__ = ("done", "limit", "start")

    def __init__(self, budget: float) -> None:
        finite = math.isfinite(budget) and budget > 0
        self.limit = SAFETY_FACTOR * budget if finite else math.inf
        self.start = time.perf_counter()
        self.done = False

    def tripped(self) -> bool:
        """Whether the limit has passed (it stays tripped once it has)."""
        if not self.done and time.perf_counter() - self.start > self.limit:
            self.done = True
            SafetyNet.trips += 1
        return self.done


class Bot(ABC):
    """A player program. ``rng`` is the bot's own generator (seeded by the match)."""

    level = "random"

    def __init__(self, rng: Pcg32) -> None:
        self.rng = rng

    @abstractmethod
    def act(self, view: BotView) -> str:
        """One of ``view.legal``."""


class RandomBot(Bot):
    """Uniform over the legal actions.

    >>> view = BotView("toy", "1.basic", 0, {}, ("a", "b", "c"))
    >>> RandomBot(Pcg32(1)).act(view) in view.legal
    True
    """

    level = "random"

    def act(self, view: BotView) -> str:
        return self.rng.choice(view.legal)


RANDOM_ONLY: dict[str, type[Bot]] = {"random": RandomBot}
"""The levels of a game that has no bots of its own (the catalogue's default)."""


def decision_rng(seed: int, seat: int, ply: int) -> Pcg32:
    """The generator of the bot that decides at ``ply`` for ``seat`` in a game with ``seed``.

    Bots are stateless between decisions: the page's Worker builds a fresh bot for every
    move, so the same record always gets the same bot moves wherever they are computed.

    >>> decision_rng(7, 1, 12).next_u32() == decision_rng(7, 1, 12).next_u32()
    True
    >>> decision_rng(7, 1, 12).next_u32() == decision_rng(7, 2, 12).next_u32()
    False
    """
    return Pcg32(seed, 0xB07).derive(seat + 1).derive(ply + 1)
