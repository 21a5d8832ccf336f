"""Our own seeded pseudo-random generator: PCG32 (PCG-XSH-RR 64/32).

Python promises nothing about ``random.shuffle`` or ``randrange`` staying the same across
versions, and a shared link must replay identically after a Pyodide upgrade, so every
random choice the engine, the match driver and the bots make goes through this class.

Algorithm (M. E. O'Neill, *PCG: A Family of Simple Fast Space-Efficient Statistically
Good Algorithms for Random Number Generation*, 2014), all arithmetic modulo 2**64:

* step: ``old = state; state = old * 6364136223846793005 + inc``;
* output: ``x = ((old >> 18) ^ old) >> 27`` (low 32 bits), ``r = old >> 59``,
  result ``rotr32(x, r)``;
* seeding ``Pcg32(seed, stream)``: ``inc = 2 * stream + 1``, ``state = 0``, one step,
  ``state += seed``, one step (as ``pcg32_srandom_r`` in the reference C code);
* ``below(n)`` for ``n <= 2**32``: the reference's unbiased bounded draw: reject outputs
  ``r < (2**32 - n) % n``, return ``r % n``; for larger ``n``: concatenate
  ``ceil(bits(n - 1) / 32)`` outputs, most significant first, keep the low ``bits(n - 1)``
  bits and reject values ``>= n``;
* ``shuffle``: Fisher–Yates from the top: for ``i = len, …, 2``: swap items ``i - 1`` and
  ``below(i)``.

>>> rng = Pcg32(42, 54)
>>> hex(rng.next_u32())
'0xa15c02b7'
>>> Pcg32(7).below(6) == Pcg32(7).below(6)
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


class Pcg32:
    """A PCG32 generator. Mutable by design: it is the one stateful object of a match."""

    __slots__ = ("_state", "_inc")

    def __init__(self, seed: int, stream: int = 0) -> None:
        if seed < 0 or stream < 0:
            raise ValueError("seed and stream must be non-negative integers")
        self._inc = ((stream << 1) | 1) & _MASK64
        self._state = 0
        self.next_u32()
        self._state = (self._state + seed) & _MASK64
        self.next_u32()

    def __repr__(self) -> str:
        return f"<Pcg32 state={self._state:#018x} inc={self._inc:#018x}>"

    def next_u32(self) -> int:
        """The next 32-bit output."""
        old = self._state
        self._state = (old * _MULT + self._inc) & _MASK64
        x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        r = old >> 59
        return ((x >> r) | (x << ((-r) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, unbiased."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n <= 1 << 32:
            threshold = ((1 << 32) - n) % n
            while True:
                r = self.next_u32()
                if r >= threshold:
                    return r % n
        bits = (n - 1).bit_length()
        words = (bits + 31) // 32
        mask = (1 << bits) - 1
        while True:
            value = 0
            for _ in range(words):
                value = (value << 32) | self.next_u32()
            value &= mask
            if value < n:
                return value

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence, uniformly."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates from the top, as documented above)."""
        for i in range(len(items), 1, -1):
            j = self.below(i)
            items[i - 1], items[j] = items[j], items[i - 1]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits (two outputs, high word first)."""
        hi = self.next_u32() >> 5
        lo = self.next_u32() >> 6
        return (hi * 67108864 + lo) / 9007199254740992.0

    def derive(self, stream: int) -> Pcg32:
        """An independent generator for a sub-task (a bot, a sampler), seeded from this one."""
        seed = (self.next_u32() << 32) | self.next_u32()
        return Pcg32(seed, stream)

    def getstate(self) -> tuple[int, int]:
        return (self._state, self._inc)

    @classmethod
    def fromstate(cls, state: tuple[int, int]) -> Pcg32:
        rng = cls.__new__(cls)
        rng._state, rng._inc = state[0] & _MASK64, state[1] & _MASK64
        return rng
