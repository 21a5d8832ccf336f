"""Evaluate one of the page's self-contained ES modules (``web/…``: card and piece art) under Node.

The art modules import nothing and touch no DOM, so Node runs them as the browser does; a test
reads what they export and compares it with the engine.  Node is the one the Pyodide test
layer already needs (``tools/pyodide_run.py``).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

WEB = Path(__file__).resolve().parents[1] / "web"


def evaluate(module: str, body: str) -> Any:
    """The JSON value that ``body`` (the body of a function of ``m``, the module's namespace)
    returns for ``web/<module>``."""
    source = (WEB / module).read_text(encoding="utf-8")
    script = (
        f"const src = {json.dumps(source)};\n"
        "import('data:text/javascript;charset=utf-8,' + encodeURIComponent(src))\n"
        f"  .then((m) => {{ {body} }})\n"
        "  .then((out) => process.stdout.write(JSON.stringify(out)),\n"
        "        (e) => { console.error(e); process.exit(1); });\n"
    )
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
