"""Small statistics for arenas: means with normal-approximation 95% confidence intervals.

>>> s = Summary.of([1.0, 0.0, 1.0, 1.0])
>>> round(s.mean, 2), s.n
(0.75, 4)
>>> s.low < s.mean < s.high
True
>>> Summary.of([2.0]).half_width
inf
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Summary:
    """Mean of ``n`` samples with a 95% interval ``[low, high]`` (normal approximation)."""

    n: int
    mean: float
    stdev: float

    @classmethod
    def of(cls, values: Iterable[float]) -> Summary:
        xs = [float(v) for v in values]
        n = len(xs)
        if n == 0:
            return cls(0, math.nan, math.nan)
        mean = math.fsum(xs) / n
        var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else math.inf
        return cls(n, mean, math.sqrt(var))

    @property
    def half_width(self) -> float:
        if self.n < 2:
            return math.inf
        return Z95 * self.stdev / math.sqrt(self.n)

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def format(self, digits: int = 3) -> str:
        """``mean ± half (95% CI low..high, n=N)``.

        >>> Summary.of([1.0, 3.0]).format(1)
        '2.0 ± 2.0 (95% CI 0.0..4.0, n=2)'
        """
        return (f"{self.mean:.{digits}f} ± {self.half_width:.{digits}f} "
                f"(95% CI {self.low:.{digits}f}..{self.high:.{digits}f}, n={self.n})")


def wilson(successes: float, n: int) -> tuple[float, float]:
    """95% Wilson interval for a proportion (draws may count as half a success).

    >>> lo, hi = wilson(160, 200)
    >>> round(lo, 3), round(hi, 3)
    (0.739, 0.85)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (centre - half, centre + half)
