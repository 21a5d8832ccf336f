#!/usr/bin/env python3
"""Build the wheel and assemble the fully offline static site in ``public/``.

    python build.py            # build public/
    python build.py serve      # build, then serve public/ on http://127.0.0.1:8000/
    python build.py serve --no-build --port 8123

Steps: build ``pyengine`` into a reproducible wheel (``SOURCE_DATE_EPOCH`` fixed) and put
it under ``wheels/<content hash>/``; copy Pyodide and PyScript from the exactly pinned npm
packages (``npm ci`` first) into ``vendor/``; copy ``web/`` with the PyScript config, the
build info and the service worker's precache list filled in; write ``.nojekyll``.  Finally
check that none of our own files points outside the site.
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import os
import re
import shutil
import sys
import tempfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
PUBLIC = ROOT / "public"
DIST = ROOT / "dist"
NODE = ROOT / "node_modules"
EPOCH = "1767225600"  # 2026-01-01: fixed, so the same source gives the same wheel

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# PyScript chunks the page loads at start (checked by the e2e test that records every
# request of a cold boot); the other chunks (editor, terminal, MicroPython…) are shipped
# but not precached.
PYSCRIPT_BOOT = [
    r"core\.js", r"core-[\w-]+\.js", r"error-[\w-]+\.js", r"deprecations-manager-[\w-]+\.js", r"donkey-[\w-]+\.js",
    r"py-(editor|game|terminal)-[\w-]+\.js", r"pyodide_graph-[\w-]+\.js",
]
def our_files() -> list[str]:
    """Every file of web/ (relative paths); sw.js is a template written separately."""
    return sorted(
        p.relative_to(WEB).as_posix() for p in WEB.rglob("*")
        if p.is_file() and p.name != "sw.js" and "__pycache__" not in p.parts and not p.name.startswith(".")
    )


OUR_FILES = our_files()
MIME = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
    ".py": "text/plain; charset=utf-8", ".whl": "application/zip", ".zip": "application/zip",
    ".html": "text/html; charset=utf-8", ".css": "text/css", ".svg": "image/svg+xml",
}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_wheel() -> Path:
    """A reproducible wheel of pyengine, built in-process by flit_core (pinned)."""
    from flit_core import buildapi  # the build backend named in pyproject.toml

    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    DIST.mkdir(exist_ok=True)
    for old in DIST.glob("pyengine-*.whl"):
        old.unlink()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        name = buildapi.build_wheel(str(DIST))
    finally:
        os.chdir(cwd)
    return DIST / name


def copy_vendor(site: Path) -> list[str]:
    """Copy the pinned runtime; returns the site paths of the files a boot needs."""
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not (pyodide / "pyodide.mjs").exists() or not (pyscript / "core.js").exists():
        sys.exit("build.py: node_modules is missing Pyodide or PyScript: run `npm ci` first")
    boot: list[str] = []
    (site / "vendor/pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, site / "vendor/pyodide" / name)
        boot.append(f"vendor/pyodide/{name}")
    (site / "vendor/pyscript").mkdir(parents=True)
    for f in sorted(pyscript.iterdir()):
        if f.suffix == ".map" or f.name == "service-worker.js":
            continue
        shutil.copy2(f, site / "vendor/pyscript" / f.name)
        if any(re.fullmatch(p, f.name) for p in PYSCRIPT_BOOT):
            boot.append(f"vendor/pyscript/{f.name}")
    return boot


def check_no_outside_refs(site: Path) -> None:
    """Our own files may not point outside the site (vendored runtime is checked by the
    e2e tests, which block every non-local request)."""
    bad = []
    for rel in OUR_FILES + ["sw.js"]:
        text = (site / rel).read_text(encoding="utf-8")
        for m in re.finditer(r"""(?:src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?(https?:)?//|https?://[\w.-]+""", text):
            snippet = text[m.start(): m.start() + 60]
            if "example.org" in snippet:  # documentation of the embed snippet
                continue
            bad.append(f"{rel}: {snippet!r}")
    if bad:
        sys.exit("build.py: files point outside the site:\n  " + "\n  ".join(bad))


def add_engine_strings(site: Path) -> None:
    """Merge the strings a game's view owns (``pyengine.app.views.page_strings``: for Daifugō the words
    of every rule option, kept with the options in Python) into ``i18n/<game>.<lang>.json``."""
    sys.path.insert(0, str(ROOT))
    from pyengine.app.views import page_strings

    for path in sorted(site.glob("i18n/*.*.json")):
        game, lang = path.name.split(".")[:2]
        extra = page_strings(game, lang)
        if extra:
            strings = json.loads(path.read_text(encoding="utf-8"))
            clash = sorted(set(strings) & set(extra))
            if clash:
                raise SystemExit(f"build.py: {path.name} repeats strings the engine owns: {clash[:5]}")
            path.write_text(json.dumps({**strings, **extra}, ensure_ascii=False, indent=1), encoding="utf-8")


def build() -> Path:
    wheel = build_wheel()
    tmp = Path(tempfile.mkdtemp(prefix="public-", dir=ROOT))
    try:
        digest = sha256(wheel)[:16]
        wheel_rel = f"wheels/{digest}/{wheel.name}"
        (tmp / "wheels" / digest).mkdir(parents=True)
        shutil.copy2(wheel, tmp / wheel_rel)
        boot = copy_vendor(tmp)
        boot.append(wheel_rel)
        for rel in OUR_FILES:
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(WEB / rel, tmp / rel)
        boot += OUR_FILES
        add_engine_strings(tmp)
        config = {
            "interpreter": "./pyodide-boot.mjs",  # Pyodide, from a local memory snapshot when there is one
            "packages": [f"./{wheel_rel}"],
            "packages_cache": "passthrough",
        }
        boot_bytes = sum((tmp / p).stat().st_size for p in boot)
        sys.path.insert(0, str(ROOT))
        from pyengine.core import list_games  # the registry: metadata only, no engine imported

        games = {g.id for g in list_games()}
        tables = sorted(Path(rel).stem for rel in OUR_FILES if rel.startswith("tables/") and Path(rel).stem in games
                        and rel.endswith(".js") and "/" not in rel[len("tables/"):])
        info = {"version": digest, "boot_bytes": boot_bytes, "wheel": wheel_rel, "tables": tables}
        runtime = hashlib.sha256()
        for name in PYODIDE_FILES:
            runtime.update(hashlib.sha256((tmp / "vendor" / "pyodide" / name).read_bytes()).digest())
        loader = tmp / "pyodide-boot.mjs"
        loader.write_text(loader.read_text(encoding="utf-8").replace("{{RUNTIME}}", runtime.hexdigest()[:16]),
                          encoding="utf-8")
        index = (tmp / "index.html").read_text(encoding="utf-8")
        index = index.replace("{{BUILD_INFO}}", json.dumps(info)).replace("{{PYSCRIPT_CONFIG}}", json.dumps(config))
        (tmp / "index.html").write_text(index, encoding="utf-8")
        precache = ["./"] + [f"./{p}" for p in sorted(set(boot))]
        h = hashlib.sha256()
        for p in sorted(set(boot)):
            h.update(p.encode() + b"\0" + hashlib.sha256((tmp / p).read_bytes()).digest())
        sw = (WEB / "sw.js").read_text(encoding="utf-8")
        sw = sw.replace("{{CACHE_VERSION}}", h.hexdigest()[:16]).replace("{{PRECACHE}}", json.dumps(precache, indent=1))
        (tmp / "sw.js").write_text(sw, encoding="utf-8")
        (tmp / "precache.json").write_text(json.dumps({"files": precache, "bytes": boot_bytes}, indent=1))
        (tmp / ".nojekyll").write_text("")
        check_no_outside_refs(tmp)
        if PUBLIC.exists():
            shutil.rmtree(PUBLIC)
        tmp.rename(PUBLIC)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp)
    print(f"build.py: public/ ready ({boot_bytes / 1e6:.1f} MB to boot, wheel {wheel_rel})")
    return PUBLIC


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs; quiet unless asked."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    verbose = False

    def log_message(self, format: str, *args: object) -> None:
        if self.verbose:
            super().log_message(format, *args)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def serve(port: int, host: str = "127.0.0.1", verbose: bool = True) -> None:
    Handler.verbose = verbose
    httpd = http.server.ThreadingHTTPServer((host, port), partial(Handler, directory=str(PUBLIC)))
    print(f"Serving public/ on http://{host}:{port}/ (Ctrl+C stops)", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=["build", "serve"])
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--no-build", action="store_true", help="serve the existing public/")
    args = ap.parse_args(argv)
    if not args.no_build:
        build()
    if args.command == "serve":
        serve(args.port)


if __name__ == "__main__":
    main()
