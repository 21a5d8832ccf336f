"""Lazy package exports (PEP 562), so importing a game package for its metadata is cheap.

The start page lists games from ``pyengine.<game>.info``; importing that module runs the
package's ``__init__``, which must therefore not import the whole engine.  A package lists
its public names and the submodule each comes from; the first use imports it.

>>> import sys, types
>>> pkg = types.ModuleType("demo_pkg"); sys.modules["demo_pkg"] = pkg
>>> pkg.__getattr__ = lazy_exports("demo_pkg", {"dumps": "json"})
>>> pkg.dumps([1])
'[1]'
>>> pkg.loads
Traceback (most recent call last):
...
AttributeError: module 'demo_pkg' has no attribute 'loads'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


def lazy_exports(package: str, names: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``name`` from ``names[name]`` (a module path,
    relative to ``package`` when it starts with a dot) on first use, and keeps it."""

    def __getattr__(name: str) -> Any:
        source = names.get(name)
        if source is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(source, package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
