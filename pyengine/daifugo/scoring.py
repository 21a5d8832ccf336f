"""Places, classes and points.

A game's places give the players their classes (大富豪 … 大貧民) for the next game's exchange
(§1.9), and points on the preset's scale (``match.scoring``): ``places`` N + 1 − place,
``uecda`` 5/4/3/2/1 (§4.1), ``jdf`` 6/4/2/0 plus 2 for the 大富豪 of a set's last game (§3.1),
``win`` 1 for the winner (the two-player variant, §1.12).  A match's score is the sum.

>>> [class_id(p, 5) for p in range(5)]
['tycoon', 'rich', 'commoner', 'poor', 'beggar']
>>> [place_points("places", p, 4, False) for p in range(4)]
[4, 3, 2, 1]
>>> [place_points("jdf", p, 4, True) for p in range(4)]
[8, 4, 2, 0]
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


def place_points(scoring: str, place: int, n: int, last_of_set: bool) -> int:
    """The points for a 0-based ``place`` among ``n`` players; ``last_of_set``: the set's last game (jdf)."""
    if scoring == "places":
        return n - place
    if scoring == "uecda":
        return 5 - place
    if scoring == "win":
        return 1 if place == 0 else 0
    # jdf: 6/4/2/0, +2 to the 大富豪 of a set's last game
    pts = (6, 4, 2, 0)[place] if place < 4 else 0
    if place == 0 and last_of_set:
        pts += 2
    return pts


__all__ = ["CLASS_IDS", "class_id", "place_points"]
