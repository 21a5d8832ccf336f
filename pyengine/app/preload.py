"""What a memory snapshot of the interpreter holds already imported.

The page and its AI Worker start Pyodide from a snapshot that the Worker makes on the first
visit (``web/pyodide-boot.mjs``); importing the app's modules before the snapshot is taken
means later starts find them in memory instead of compiling them again from the wheel.

>>> names = preload()
>>> "pyengine.app.session" in names and "pyengine.app.views.daifugo" in names
True
"""

from __future__ import annotations

import importlib

from ..catalog import entries


def preload() -> list[str]:
    """Import the page's and the Worker's modules, every game's engine, bots, view and tasks, and
    ``html``; returns the names imported."""
    names = ["pyengine.app.session", "pyengine.app.links", "pyengine.app.saves", "pyengine.app.start_page",
             "pyengine.app.messages", "pyengine.app.worker", "pyengine.app.views", "pyengine.app.live_table"]
    for e in entries():
        names += [target.partition(":")[0] for target in (e.engine, e.bots, e.view, e.tasks) if target]
    # and the one module of the standard library that PyScript's own package adds (its display
    # escapes text with html.escape). Importing it from source grew the heap past the 30 MiB the
    # interpreter starts with, and a snapshot made then failed to restore ("offset is out of
    # bounds"); from the bytecode the build puts in the standard library, the heap stays there.
    names.append("html")
    for name in names:
        importlib.import_module(name)
    return names
