"""Pyodide's ``js`` module: the JavaScript global scope of the realm Python runs in."""

from typing import Any

def __getattr__(name: str) -> Any: ...
