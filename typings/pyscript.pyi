"""The part of PyScript's ``pyscript`` module that the page bridge uses."""

from pyodide.ffi import JsProxy

window: JsProxy
"""The page's JavaScript ``globalThis``."""
