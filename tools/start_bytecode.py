"""Bytecode for everything a cold start imports, compiled by the pinned Pyodide itself under Node
(its CPython's magic number and all), for ``build.py``.

* **The app's modules** go into the wheel as unchecked-hash ``.pyc`` beside their sources.
  zipimport prefers ``name.pyc`` to ``name.py`` in a zip, so an import skips compiling them, and
  a traceback still shows the source. What is compiled: every module the memory snapshot holds
  (``pyengine.app.preload``): the page's start and ``main.py``'s imports, and each game's engine,
  bots, view and tasks, so a cold start's first table and first bot move compile nothing either.
* **The standard library's modules that a start imports** (Pyodide's own start imports about 125:
  asyncio, typing, inspect, zipfile…; PyScript's package and the app add a few) take the place of
  their sources in the runtime's ``python_stdlib.zip``. Pyodide ships the standard library as
  sources only, so every cold start compiled them again: about 1.4 s of the runtime's 2.1–2.4 s
  start under Node (0.7–0.9 s with this zip). Sourceless, as the standard library of CPython's
  embeddable zip for Windows is: their sources would add 0.70 MB to the 0.48 MB this adds (130
  modules), for a traceback's lines inside the standard library. The others keep their sources.

Docstrings go (as with ``-OO``; asserts stay), except in Pyodide's own packages, whose
``_pyodide.docstring`` reads them. A runtime with another magic number would refuse the
standard library's bytecode (e2e ``test_the_runtime_starts_from_its_standard_librarys_bytecode``
checks the pair).
"""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import time
import zipfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# What the start imports: the snapshot's preload (with ``html``, which PyScript's package adds)
START = "from pyengine.app.preload import preload\npreload()"

_COMPILE = """
import ast, base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc
{start}
STDLIB = next(p for p in sys.path if p.endswith(".zip")) + "/"


def pyc(src, filename, docs):
    tree = ast.parse(src)
    for node in ast.walk(tree) if not docs else ():
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=body[0].col_offset)]
    code = compile(tree, filename, "exec", dont_inherit=True)
    return base64.b64encode(_code_to_hash_pyc(code, importlib.util.source_hash(src), False)).decode()


out = {{"wheel": {{}}, "stdlib": {{}}}}
for name, module in sorted(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if name == "pyengine" or name.startswith("pyengine."):
        rel = name.replace(".", "/") + ("/__init__" if origin.endswith("__init__.py") else "")
        out["wheel"][rel + ".pyc"] = pyc(module.__loader__.get_data(origin), "{prefix}" + rel + ".py", False)
    elif origin.startswith(STDLIB) and origin.endswith(".py"):
        rel = origin[len(STDLIB):]
        docs = name.split(".")[0] in ("pyodide", "_pyodide")
        out["stdlib"][rel[:-3] + ".pyc"] = pyc(module.__loader__.get_data(origin), origin, docs)
with open("/repo/dist/start-pyc.json", "w") as f:  # the repository is mounted at /repo
    json.dump(out, f)
"""


def compile_start(wheel: Path, dist: Path) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Run the start in the pinned Pyodide with ``wheel`` on ``sys.path`` as the page puts it
    (nothing installed: an installer's own imports are not the page's); returns the bytecode of
    the app's modules (``{path in the wheel: .pyc}``) and of the standard library's modules the
    start imported (``{path in python_stdlib.zip: .pyc}``)."""
    code = _COMPILE.format(start=START, prefix=f"/home/pyodide/{wheel.name}/")
    out = dist / "start-pyc.json"
    out.unlink(missing_ok=True)
    proc = subprocess.run(["node", str(ROOT / "tools" / "pyodide_runner.mjs"), "start", str(wheel)],
                          input=code, capture_output=True, text=True, timeout=300, cwd=ROOT)
    if proc.returncode != 0 or not out.exists():
        sys.exit(f"build.py: compiling the start's modules in Pyodide failed:\n{proc.stderr[-3000:]}")
    got = json.loads(out.read_text())
    out.unlink()
    wheel_pycs, stdlib_pycs = ({name: base64.b64decode(data) for name, data in got[part].items()}
                               for part in ("wheel", "stdlib"))
    return wheel_pycs, stdlib_pycs


def add_to_wheel(wheel: Path, pycs: dict[str, bytes], epoch: str) -> None:
    """Put ``pycs`` into ``wheel`` beside their sources (rewritten in place, reproducibly, its
    RECORD updated)."""
    with zipfile.ZipFile(wheel) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    record_at = next(i for i, (info, _) in enumerate(entries) if info.filename.endswith(".dist-info/RECORD"))
    record_info, record = entries.pop(record_at)
    lines = record.decode().splitlines()
    for name, data in sorted(pycs.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.insert(-1, f"{name},sha256={digest},{len(data)}")
        entries.append((_info(name, epoch), data))
    entries.append((record_info, ("\n".join(lines) + "\n").encode()))
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w") as zout:
        for info, data in entries:
            zout.writestr(info, data)
    tmp.replace(wheel)


def stdlib_zip(stock: bytes, pycs: dict[str, bytes], epoch: str) -> bytes:
    """The runtime's ``python_stdlib.zip`` with each compiled module's source replaced by its
    bytecode, in the source's place (the same bytes for the same input)."""
    out = BytesIO()
    with zipfile.ZipFile(BytesIO(stock)) as zin, zipfile.ZipFile(out, "w") as zout:
        missing = set(pycs) - {info.filename + "c" for info in zin.infolist()}
        if missing:
            sys.exit(f"build.py: compiled modules not in the runtime's standard library: {sorted(missing)}")
        for info in zin.infolist():
            data = pycs.get(info.filename + "c")
            if data is None:
                zout.writestr(info, zin.read(info))
            else:
                zout.writestr(_info(info.filename + "c", epoch), data)
    return out.getvalue()


def _info(name: str, epoch: str) -> zipfile.ZipInfo:
    """A new entry, dated ``epoch`` (SOURCE_DATE_EPOCH), deflated."""
    y, mo, d, h, mi, sec = time.gmtime(int(epoch))[:6]
    info = zipfile.ZipInfo(name, (y, mo, d, h, mi, sec))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info
