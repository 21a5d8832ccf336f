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
    """Import the page's and the Worker's modules and every game's engine, bots, view and tasks;
    returns the names imported."""
    names = ["pyengine.app.session", "pyengine.app.links", "pyengine.app.saves", "pyengine.app.start_page",
             "pyengine.app.messages", "pyengine.app.worker", "pyengine.app.views", "pyengine.app.live_table"]
    for e in entries():
        names += [target.partition(":")[0] for target in (e.engine, e.bots, e.view, e.tasks) if target]
    for name in names:
        importlib.import_module(name)
    return names
