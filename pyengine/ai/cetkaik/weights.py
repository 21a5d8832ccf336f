"""The ``master`` level's evaluation weights: plain data, written by the tuning script.

``python -m pyengine.ai.cetkaik.tune`` (see :mod:`.tune`) fits them to self-play games and
prints a new table to paste here; :mod:`.evaluation` documents what each weight multiplies.
"""

from __future__ import annotations

from typing import Final

WEIGHTS: Final[dict[str, float]] = {
    "keys": 0.3,
    "held": 0.08,
    "potential": 0.25,
    "loss": 1.0,
    "press": 0.35,
    "mobility": 0.003,
    "tempo": 0.15,
    "survive_one": 0.3,
    "survive_fork": 0.6,
    "failed_cast": 0.1,
}
"""The evaluation's weights (see :class:`.evaluation.Evaluation`)."""
