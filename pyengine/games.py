"""The built-in games' registry entries (metadata only: the games load lazily).

Each game package owns one block here; the page's start screen and the tools list games
from these entries without importing the engines.
"""

from __future__ import annotations

from .core.game import GameInfo
from .core.registry import register

# --- cetkaik (block owned by the Cetkaik engine) ---------------------------------------
from .cetkaik.info import INFO as _CETKAIK  # noqa: E402

register(_CETKAIK, "pyengine.cetkaik.game:GAME")

# --- daifugo (block owned by the Daifugō engine) ---------------------------------------
from .daifugo.info import INFO as _DAIFUGO_INFO  # noqa: E402

register(_DAIFUGO_INFO, "pyengine.daifugo.state:DAIFUGO")

# --- chabashi (block owned by the Chabashi engine) -------------------------------------
from .chabashi.info import INFO as _CHABASHI  # noqa: E402

register(_CHABASHI, "pyengine.chabashi.game:GAME")

__all__ = ["GameInfo", "register"]
