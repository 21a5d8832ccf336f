"""Run Python code inside Pyodide under Node, with the freshly built wheel installed.

Used by the benchmarks (``run_python_in_pyodide(code) -> stdout``) and by ``./dev test``
(the engine tests inside Pyodide).  Needs ``npm ci`` done; builds the wheel if needed.
Inside, the repository is at ``/repo`` and ``../shared`` at ``/shared``.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tools" / "pyodide_runner.mjs"
TEST_WHEELS = ROOT / ".cache" / "pyodide-wheels"


def wheel(rebuild: bool = False) -> Path:
    sys.path.insert(0, str(ROOT))
    import build  # the site builder: the same reproducible wheel the page loads

    found = sorted((ROOT / "dist").glob("pyengine-*.whl"))
    if rebuild or not found:
        return build.build_wheel()
    return found[-1]


def run_python_in_pyodide(code: str, timeout: float = 1800, rebuild: bool = True) -> str:
    """Run ``code`` in Pyodide (Node) with the engine wheel; return what it printed.

    The wheel is rebuilt first by default (about a second), so a figure never comes from
    an older build of the engine than the source being measured."""
    proc = subprocess.run(
        ["node", str(RUNNER), "exec", str(wheel(rebuild))],
        input=code, capture_output=True, text=True, timeout=timeout, cwd=ROOT,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"pyodide run failed ({proc.returncode}):\n{proc.stderr[-4000:]}")
    return proc.stdout


CHROMIUM_WORKER = """import { loadPyodide } from "./RUNTIME/pyodide.mjs";
self.onmessage = async (ev) => {
  const out = [];
  try {
    const py = await loadPyodide({ indexURL: new URL("./RUNTIME/", import.meta.url).href });
    await py.loadPackage(new URL(ev.data.wheel, import.meta.url).href);
    py.setStdout({ batched: (s) => out.push(s) });
    py.runPython(ev.data.code);
    self.postMessage({ ok: true, out: out.join("\\n") });
  } catch (e) {
    self.postMessage({ ok: false, out: out.join("\\n"), error: String(e && e.message || e) });
  }
};
"""


def run_python_in_chromium(code: str, public: Path | None = None, browser: Any = None) -> str:
    """Run ``code`` in Pyodide in a module Worker of Debian's headless Chromium, as the page's
    AI Worker does, with the site's wheel; return what it printed.  Builds ``public/`` first
    unless ``public`` is given; launches Chromium unless a Playwright ``browser`` is given (the
    browser tests pass theirs)."""
    import shutil
    import tempfile

    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from conftest import ARGS, CHROMIUM, Server, make_context

    import build

    if public is None:
        public = build.build()
    wheel_rel = next(public.glob("wheels/*/*.whl")).relative_to(public).as_posix()
    site = Path(tempfile.mkdtemp(prefix="chromium-run-"))
    for item in public.iterdir():
        (site / item.name).symlink_to(item)
    # the runtime's folder is content-hashed (vendor/pyodide-<hash>/)
    runtime = next(public.glob("vendor/pyodide-*/pyodide.mjs")).parent.relative_to(public).as_posix()
    (site / "bench-worker.mjs").write_text(CHROMIUM_WORKER.replace("RUNTIME", runtime))
    (site / "bench.html").write_text("<!doctype html><meta charset=utf-8><title>bench</title>")
    srv = Server(site)

    def run(b: Any) -> dict[str, Any]:
        context, guard = make_context(b, srv.url, service_workers="block")
        try:
            page = context.new_page()
            page.goto(srv.url + "bench.html")
            got: dict[str, Any] = page.evaluate("""([code, wheel]) => new Promise((resolve) => {
                const w = new Worker("./bench-worker.mjs", { type: "module" });
                w.onmessage = (ev) => resolve(ev.data);
                w.onerror = (ev) => resolve({ ok: false, out: "", error: ev.message });
                w.postMessage({ code, wheel: "./" + wheel });
            })""", [code, wheel_rel])
        finally:
            context.close()
        assert not guard.blocked, guard.blocked
        return got

    try:
        if browser is not None:
            got = run(browser)
        else:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as p:
                launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                try:
                    got = run(launched)
                finally:
                    launched.close()
    finally:
        srv.stop()
        shutil.rmtree(site, ignore_errors=True)  # (links into public/ and the two files above: removed, not followed)
    if not got["ok"]:
        raise RuntimeError(f"chromium run failed: {got['error']}\n{got['out'][-2000:]}")
    return str(got["out"])


def run_python_here(code: str) -> str:
    """Run the same benchmark ``code`` in this CPython (source tree); return what it printed."""
    sys.path.insert(0, str(ROOT))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {"__name__": "bench"})
    return out.getvalue()


def result_of(text: str) -> dict[str, Any]:
    """The JSON a benchmark printed on its ``RESULT {...}`` line."""
    for line in text.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])  # type: ignore[no-any-return]
    raise RuntimeError(f"no RESULT line in:\n{text[-2000:]}")


def run_pytest_in_pyodide(pytest_args: list[str], rebuild: bool = True) -> int:
    """Run pytest inside Pyodide on the engine tests; returns pytest's exit code."""
    extra = sorted(str(p) for p in TEST_WHEELS.glob("*.whl"))
    if not extra:
        raise SystemExit("tools/pyodide_run.py: no test wheels in .cache/pyodide-wheels (./dev test fetches them)")
    cmd = ["node", str(RUNNER), "pytest", str(wheel(rebuild)), *extra, "--", *pytest_args]
    return subprocess.call(cmd, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(run_pytest_in_pyodide(sys.argv[1:]))
