"""pyengine: rules engines for Cetkaik, Daifugō and Chabashi.

The package is pure Python with no runtime dependencies, so the same wheel runs in
CPython and in Pyodide inside the browser.  :mod:`pyengine.core` holds the game
protocol every game implements; each game lives in its own sub-package.
"""

__version__ = "0.1.0"
