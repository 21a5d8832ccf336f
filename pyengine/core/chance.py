"""Drawing a chance outcome with its exact probability, and where the randomness comes from.

With ``D`` the least common denominator of the outcome probabilities, one ``below(D)`` draw
picks the outcome whose cumulative numerator range contains it, in the order
``chance_outcomes()`` lists them.

Two sources of randomness, never mixed:

* **live chance** (:class:`LiveChance`, :func:`rng_from_entropy`): a generator seeded with 128
  fresh bits from the operating system's or the browser's cryptographic generator
  (``crypto.getRandomValues`` in the page), made when the chance node is reached and used for
  that node only.  Nothing recorded beforehand (a link, a saved game, a record's ``seed``)
  predicts it; only the outcome is recorded, so replays stay exact.  The page uses it for every
  stick cast, first-mover contest, shuffle and deal.
* **seeded chance** (:class:`SeededChance`): a :class:`~pyengine.core.rng.Pcg32` stream from an
  explicit seed, so tests, tools and arenas repeat exactly.

>>> from fractions import Fraction
>>> class Coin:  # a stand-in chance node
...     def chance_outcomes(self): return (("heads", Fraction(1, 2)), ("tails", Fraction(1, 2)))
>>> a, b = SeededChance(7), SeededChance(7)
>>> [sample_chance(Coin(), a.rng()) for _ in range(4)] == [sample_chance(Coin(), b.rng()) for _ in range(4)]
True
>>> sample_chance(Coin(), rng_from_entropy([1, 2, 3, 4])) in ("heads", "tails")
True
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Protocol

from .game import State
from .rng import Pcg32

_MASK32 = 0xFFFFFFFF


class ChanceSource(Protocol):
    """Where a session's chance comes from: a fresh generator for each chance node."""

    def rng(self) -> Pcg32: ...


def rng_from_entropy(words: Sequence[int]) -> Pcg32:
    """A generator seeded with four 32-bit words of fresh entropy (e.g. from
    ``crypto.getRandomValues(new Uint32Array(4))``): 64 bits of seed, 63 of stream."""
    if len(words) != 4 or not all(isinstance(w, int) and 0 <= w <= _MASK32 for w in words):
        raise ValueError("entropy must be four 32-bit unsigned integers")
    return Pcg32((words[0] << 32) | words[1], ((words[2] << 32) | words[3]) >> 1)


class LiveChance:
    """Live chance from the operating system's cryptographic generator (``os.urandom``; in
    Pyodide that is the browser's ``crypto.getRandomValues``)."""

    def rng(self) -> Pcg32:
        raw = os.urandom(16)
        return rng_from_entropy([int.from_bytes(raw[i:i + 4], "big") for i in range(0, 16, 4)])


class SeededChance:
    """Reproducible chance for tests, tools and arenas: node ``k`` gets ``Pcg32(seed, k)``."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.count = 0

    def rng(self) -> Pcg32:
        self.count += 1
        return Pcg32(self.seed, 0xC4A5 + self.count)


def sample_chance(state: State, rng: Pcg32) -> str:
    """One outcome of a chance node, drawn with its exact probability."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("not a chance node")
    denom = 1
    for _, p in outcomes:
        denom = denom * p.denominator // math.gcd(denom, p.denominator)
    pick = rng.below(denom)
    acc = 0
    for outcome, p in outcomes:
        acc += p.numerator * (denom // p.denominator)
        if pick < acc:
            return outcome
    raise ValueError("chance probabilities do not sum to 1")


__all__ = ["ChanceSource", "LiveChance", "SeededChance", "rng_from_entropy", "sample_chance"]
