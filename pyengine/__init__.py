"""pyengine: rules engines for Cetkaik, Daifugō and Chabashi.

The package is pure Python with no runtime dependencies, so the same wheel runs in
CPython and in Pyodide inside the browser.  It is built in three rings, each importing
only the rings below it (``tests/unit/test_layout.py`` keeps it so):

* ring 0, :mod:`pyengine.core`: the game protocol, errors, rules as data, the generator,
  records and the link codec;
* ring 1, :mod:`pyengine.cetkaik`, :mod:`pyengine.daifugo`, :mod:`pyengine.chabashi`: each
  game's rules only; :mod:`pyengine.catalog` names every game and where its parts live;
* ring 2, :mod:`pyengine.ai` (bots, search, arenas) and above it :mod:`pyengine.app` (the
  page's session, view models and Worker entry points).

Importing the package registers the built-in games (metadata only: engines load lazily).
"""

from . import catalog as _catalog  # noqa: F401  (registers the built-in games)

__version__ = "0.1.0"
