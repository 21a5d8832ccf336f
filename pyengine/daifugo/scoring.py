"""Places, classes and points.

A game's places give the players their classes (大富豪 … 大貧民) for the next game's exchange.

>>> [class_id(p, 5) for p in range(5)]
['tycoon', 'rich', 'commoner', 'poor', 'beggar']
"""

from __future__ import annotations

CLASS_IDS = ("tycoon", "rich", "commoner", "poor", "beggar")


def class_id(place: int, n: int) -> str:
    """The class a place gives (0-based place, ``n`` players)."""
    if place == 0:
        return "tycoon"
    if place == n - 1:
        return "beggar"
    if n >= 4 and place == 1:
        return "rich"
    if n >= 4 and place == n - 2:
        return "poor"
    return "commoner"


__all__ = ["CLASS_IDS", "class_id"]
