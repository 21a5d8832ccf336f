"""What a cold start imports comes as bytecode the pinned runtime accepts (``tools/start_bytecode.py``):
the app's modules from the wheel (beside their sources), and the standard library's modules from
the runtime's ``python_stdlib.zip`` (in place of their sources)."""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, Guard, Server

from tools.start_bytecode import START

pytestmark = pytest.mark.e2e

# (run with the wheel on sys.path as the page puts it: pyodide_runner.mjs start)
START_FROM_THE_WHEEL = """
import json, sys, traceback
{start}
loaded = {{n: m.__file__ for n, m in sys.modules.items() if n.split(".")[0] == "pyengine"}}
from pyengine.core import decode_fragment
try:
    decode_fragment("")
except Exception:
    tb = traceback.format_exc()
print("RESULT " + json.dumps({{"loaded": loaded, "traceback": tb}}))
"""


def test_the_start_imports_bytecode_the_runtime_accepts(site: Path) -> None:
    """The wheel carries .pyc of every module the app imports (the page's start, and each game's
    engine, bots and view: what the snapshot preloads), compiled by the pinned runtime (its magic
    number), preferred by zipimport, and a traceback still shows the source."""
    wheel = next(site.glob("wheels/*/*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    pycs = {n for n in names if n.endswith(".pyc")}
    assert pycs and all(n[:-1] in names for n in pycs)  # every .pyc beside its source
    code = START_FROM_THE_WHEEL.format(start=START)
    proc = subprocess.run(["node", str(ROOT / "tools" / "pyodide_runner.mjs"), "start", str(wheel)],
                          input=code, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(next(ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT "))[7:])
    loaded = got["loaded"]
    assert {"pyengine.app.session", "pyengine.daifugo.engine", "pyengine.ai.cetkaik", "pyengine.app.views.chabashi"} <= set(loaded)
    from_source = {n: f for n, f in loaded.items() if not f.endswith(".pyc")}
    assert not from_source, f"compiled from source at the start: {sorted(from_source)}"
    assert {f.split(".whl/", 1)[1] for f in loaded.values()} == pycs
    # the line that raised, read from the source beside the bytecode
    assert 'raise InvalidLinkError(msg("the link carries no game"), "not_a_link")' in got["traceback"]
    assert f"/home/pyodide/{wheel.name}/pyengine/core/codec.py" in got["traceback"]


# Run in the engine's Worker once the app is ready: where each module of the standard library
# came from, and a traceback through one of them.
STDLIB_ORIGINS = """
import json, sys, traceback
zipped = next(p for p in sys.path if p.endswith(".zip")) + "/"
origins = {n: m.__spec__.origin for n, m in list(sys.modules.items())
           if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(zipped)}
try:
    json.loads("{")
except ValueError:
    tb = traceback.format_exc()
json.dumps({"origins": origins, "traceback": tb})
"""


def test_the_runtime_starts_from_its_standard_librarys_bytecode(site: Path, browser: Any, server: Server) -> None:
    """Pyodide ships its standard library as sources, which every cold start compiled again (about
    1.4 s of its 2.1–2.4 s under Node). The build's python_stdlib.zip holds the modules a start
    imports as bytecode in place of their sources, and nothing else differs from Pyodide's; in a
    cold start in Chromium, the engine imports none of the standard library from source, and a
    traceback through a module without its source still says where it was."""
    stock = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    built = zipfile.ZipFile(next(site.glob("vendor/pyodide-*/python_stdlib.zip")))
    pycs = {n for n in built.namelist() if n.endswith(".pyc")}
    assert {"typing.pyc", "asyncio/__init__.pyc", "html/entities.pyc", "_pyodide/_base.pyc"} <= pycs
    assert set(built.namelist()) == (set(stock.namelist()) - {n[:-1] for n in pycs}) | pycs
    assert all(built.read(n) == stock.read(n) for n in built.namelist() if not n.endswith(".pyc"))

    context = browser.new_context(service_workers="block")
    guard = Guard()
    guard.allowed = [server.url]
    context.route("**/*", guard)
    page = context.new_page()
    page.goto(server.url + "?speed=instant")
    page.evaluate("window.pyengineApp.ready")
    assert page.evaluate("window.pyengineBoot.from") == "fresh"
    engine = [w for w in page.workers if w.evaluate("Boolean(globalThis.pyengineEarlyStart)")]
    assert len(engine) == 1
    got = json.loads(engine[0].evaluate("(code) => globalThis.pyengineEarlyStart.then((py) => py.runPython(code))",
                                        STDLIB_ORIGINS))
    origins = got["origins"]
    assert {"typing", "asyncio", "inspect", "html", "html.entities", "json.decoder"} <= set(origins)
    from_source = sorted(n for n, origin in origins.items() if not origin.endswith(".pyc"))
    assert not from_source, f"compiled from source at the start: {from_source}"
    assert 'json/decoder.py", line' in got["traceback"] and "JSONDecodeError: Expecting property name" in got["traceback"]
    context.close()
    assert guard.blocked == []
