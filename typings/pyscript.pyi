"""The part of PyScript's ``pyscript`` module that the page bridge uses."""

from pyodide.ffi import JsProxy

sync: JsProxy
"""In a Worker: what the page may call (an attribute set here is a function the page awaits)."""
