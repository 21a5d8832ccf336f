"""The part of Pyodide's ``pyodide.ffi`` that the page bridge uses."""

from collections.abc import Callable
from typing import Any

class JsProxy:
    """A JavaScript object seen from Python: its attributes are JavaScript's, read and set
    by name, and a function is called like a Python one."""

    def __getattr__(self, name: str) -> Any: ...
    def __setattr__(self, name: str, value: Any) -> None: ...
    def __call__(self, *args: Any) -> Any: ...

class JsDoubleProxy(JsProxy):
    """A Python object handed to JavaScript, kept alive until :meth:`destroy`."""

    def destroy(self) -> None: ...

def create_proxy(obj: Callable[..., Any], /, *, capture_this: bool = False, roundtrip: bool = True) -> JsDoubleProxy: ...
