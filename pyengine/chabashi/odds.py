"""The odds calculator the UI shows: from what one seat knows, the chance of each final hand and
of winning.

:func:`odds` takes the seat's ``observation`` (nothing else, so it cannot cheat) and assumes that
every card stays where it is until the showdown.  The cards the seat cannot see (its own face-down
floor cards, the other players' hidden cards, face-down centre cards) are drawn from the cards it has
not seen, uniformly; a card it has seen anywhere (a folded seat's face-up card included) is never
among them.  It enumerates exactly when the number of cases is at most ``exact_limit`` and
otherwise samples ``samples`` cases with the seeded :class:`~pyengine.core.rng.Pcg32`.

>>> from pyengine.chabashi.game import GAME
>>> from pyengine.core import Pcg32, sample_chance
>>> s, rng = GAME.new_initial_state(num_players=3), Pcg32(3)
>>> while s.is_chance():
...     s = s.apply(sample_chance(s, rng))
>>> o = odds(s.observation(1), s.rules, samples=200)
>>> round(sum(o["categories"].values()), 9), o["method"], 0 <= o["win"] <= 1
(1.0, 'sampled', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from ..core.rng import Pcg32
from .cards import DECK, card
from .hands import KOREAN, Evaluator, evaluator
from .rules import ChabashiRules


def _known(row: Sequence[Any]) -> tuple[list[int], int]:
    """The known cards of a row (hand codes, or floor/centre entries) and how many are hidden."""
    cards_: list[int] = []
    hidden = 0
    for entry in row:
        code = entry.get("card") if isinstance(entry, Mapping) else entry
        if code is None:
            hidden += 1
        else:
            cards_.append(card(code))
    return cards_, hidden


def odds(
    observation: Mapping[str, Any],
    rules: ChabashiRules | None = None,
    samples: int = 4000,
    seed: int = 0,
    exact_limit: int = 20000,
) -> dict[str, Any]:
    """Probabilities for the observing seat (see the module docstring).

    Returns ``available`` (False before the hand is dealt or for a seat not in it), ``categories``
    (Korean name → probability of finishing with it), ``win`` (beating every other player still in
    the hand), ``beats_dealer`` and ``win_and_beat_dealer`` (``None`` in the two-player game),
    ``method`` (``exact`` or ``sampled``) and ``cases``.
    """
    r = rules or ChabashiRules()
    ev = evaluator(r.hand_order, r.wiki_2025_05_21_hands)
    seat = observation.get("seat", -1)
    players = list(observation.get("seat_order", []))
    folded = observation.get("folded", [])
    hands, floors = observation.get("hands", []), observation.get("floors", [])
    if (
        seat not in players
        or folded[seat]
        or observation.get("phase") in ("deal", "over")
        or len(hands[seat]) < 2
        or len(floors[seat]) < 2
    ):
        return {"available": False}
    seen: set[int] = {card(c) for c in observation.get("dealer_floor", [])}
    groups: list[tuple[list[int], int]] = []  # (known cards, hidden count) per exchangeable group
    my_hand, _ = _known(hands[seat])
    my_floor = _known(floors[seat])
    others = [p for p in players if p != seat and not folded[p]]
    for p in players:
        if p != seat and folded[p]:  # a folded seat is out, but the cards it showed are known
            for row in (hands[p], floors[p]):
                seen.update(_known(row)[0])
    rows: list[tuple[list[int], int]] = [(my_hand, 0), my_floor]
    for p in others:
        rows += [_known(hands[p]), _known(floors[p])]
    dealer = not observation.get("two_player", True)
    centre = _known(observation.get("centre", []))
    seen.update(centre[0])
    if dealer:
        rows.append(centre)
    for known, hidden in rows:
        seen.update(known)
        groups.append((known, hidden))
    pool = [c for c in DECK if c not in seen]
    dfloor = [card(c) for c in observation.get("dealer_floor", [])]

    def outcome(filled: Sequence[list[int]]) -> tuple[str, bool, bool]:
        mine = ev.best_key(filled[0], filled[1])[0]
        win = all(mine > ev.best_key(filled[2 + 2 * i], filled[3 + 2 * i])[0] for i in range(len(others)))
        beats = dealer and (not dfloor or mine > ev.best_dealer(filled[-1], dfloor).key)
        return ev.category_of(mine), win, beats

    counts: dict[str, Fraction] = {}
    win = beats = both = Fraction(0)
    hidden_sizes = [h for _, h in groups]
    total_cases = _cases(len(pool), hidden_sizes)
    if total_cases <= exact_limit:
        weight = Fraction(1, total_cases)
        for fill in _assignments(pool, hidden_sizes):
            filled = [known + extra for (known, _), extra in zip(groups, fill, strict=False)]
            cat, w, b = outcome(filled)
            counts[cat] = counts.get(cat, Fraction(0)) + weight
            win += weight if w else 0
            beats += weight if b else 0
            both += weight if w and b else 0
        method, cases = "exact", total_cases
    else:
        rng = Pcg32(seed, 0x0DD5)
        weight = Fraction(1, samples)
        need = sum(hidden_sizes)
        for _ in range(samples):
            deck = list(pool)
            for i in range(need):  # a partial Fisher–Yates: the first `need` cards are uniform
                j = i + rng.below(len(deck) - i)
                deck[i], deck[j] = deck[j], deck[i]
            filled, at = [], 0
            for known, hidden in groups:
                filled.append(known + deck[at:at + hidden])
                at += hidden
            cat, w, b = outcome(filled)
            counts[cat] = counts.get(cat, Fraction(0)) + weight
            win += weight if w else 0
            beats += weight if b else 0
            both += weight if w and b else 0
        method, cases = "sampled", samples
    order = [c for c in ev.order if c in counts]
    return {
        "available": True,
        "categories": {KOREAN[c]: float(counts[c]) for c in order},
        "win": float(win),
        "beats_dealer": float(beats) if dealer else None,
        "win_and_beat_dealer": float(both) if dealer else None,
        "method": method,
        "cases": cases,
    }


def _cases(pool: int, sizes: Sequence[int]) -> int:
    total = 1
    for k in sizes:
        total *= comb(pool, k)
        pool -= k
    return total


def _assignments(pool: Sequence[int], sizes: Sequence[int]) -> Any:
    if not sizes:
        yield []
        return
    k, rest = sizes[0], sizes[1:]
    for chosen in combinations(pool, k):
        remaining = [c for c in pool if c not in chosen]
        for tail in _assignments(remaining, rest):
            yield [list(chosen), *tail]


__all__ = ["Evaluator", "odds"]
