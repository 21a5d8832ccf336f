"""Drawing a chance outcome with its exact probability.

With ``D`` the least common denominator of the outcome probabilities, one ``below(D)`` draw
picks the outcome whose cumulative numerator range contains it, in the order
``chance_outcomes()`` lists them.  Tools, tests, arenas and bots draw with a seeded
:class:`~pyengine.core.rng.Pcg32`; the page draws live chance from the browser's
cryptographic generator instead (see :mod:`pyengine.app.session`).
"""

from __future__ import annotations

import math

from .game import State
from .rng import Pcg32


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
