"""The built-in games' registry entries (metadata only: the games load lazily).

Each game package adds one ``register`` call here when it lands.
"""

from __future__ import annotations
