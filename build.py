#!/usr/bin/env python3
"""Build the wheel and assemble the fully offline static site in ``public/``.

    python build.py            # build public/
    python build.py serve      # build, then serve public/ on http://127.0.0.1:8000/
    python build.py serve --no-build --port 8123

Steps: build ``pyengine`` into a reproducible wheel (``SOURCE_DATE_EPOCH`` fixed), add the
bytecode of the modules the app imports (compiled by the pinned Pyodide under Node,
docstrings dropped: a cold start and its first table skip compiling them;
``tools/start_bytecode.py``) and put it under ``wheels/<content hash>/``; copy the Pyodide
runtime (its standard library with the modules a start imports as bytecode instead of sources)
and PyScript from the exactly pinned npm packages (``npm ci`` first) into
``vendor/pyodide-<content hash>/`` and
``vendor/pyscript-<content hash>/``; copy the files of ``@noble/curves`` and ``@noble/hashes`` that
our modules import (followed from their imports, nothing else) into ``vendor/noble-<content hash>/``
with an import map in the page that resolves ``@noble/…``; copy ``web/`` with PyScript's config and the build info
filled in (the game list, the set-up forms' choices and which first frames exist, so the page
draws them before Python is up); write each game's starting position as view models
(``start/<game>.<lang>.json``), the web app manifest and icons, the service
worker's precache list and ``.nojekyll``.  Finally check that none of our own files points
outside the site.

Every URL whose content can change between builds without its name changing is small (our own
scripts, styles and strings); the big ones (the runtime, PyScript, the wheel) live in folders named by
their content hash, so a browser or the service worker never fetches them again while they
are unchanged.
"""

from __future__ import annotations

import argparse
import contextlib
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
from typing import Any

from tools import start_bytecode

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
PUBLIC = ROOT / "public"
DIST = ROOT / "dist"
NODE = ROOT / "node_modules"
EPOCH = "1767225600"  # 2026-01-01: fixed, so the same source gives the same wheel
LANGS = ("en", "ko", "ja")
THEME = "#9c2f1f"
BACKGROUND = "#f6f3ec"

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# PyScript's chunks that a start loads (the e2e test that records every request of a start
# checks them against the precache list): its entry, its core and the plugins it imports at once
# (it imports them for its MicroPython type too, so disabling them in our config saves nothing).
# The other chunks (code editor, terminal, MicroPython, TOML, packages graph…) are shipped but
# neither preloaded nor precached.
PYSCRIPT_BOOT = [
    r"core\.js", r"core-[\w-]+\.js", r"error-[\w-]+\.js", r"deprecations-manager-[\w-]+\.js", r"donkey-[\w-]+\.js",
    r"py-(editor|game|terminal)-[\w-]+\.js",
]
# PyScript's config: our loader is its interpreter (a snapshot, the wheel on sys.path, the rules
# imported), so no packages (no micropip, no loadPackage); its error banner is off: the page
# says what failed (web/pyodide-boot.mjs, web/app.js).  The engine runs in PyScript's Worker
# and only hands the page its call, so it needs no SharedArrayBuffer (sync_main_only).
PYSCRIPT_CONFIG = {"interpreter": "./pyodide-boot.mjs", "plugins": ["!error"], "sync_main_only": True}
# The npm packages our modules import by their bare names (the fair deal's curve arithmetic and
# hashes: web/live/deal-group.js); the page's import map sends ``@noble/<name>/`` to their folder.
BARE_PACKAGES = ("@noble/curves", "@noble/hashes")
IMPORT_RE = re.compile(r"""(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]*?\sfrom\s*)?["']([^"']+)["']|(?<![\w.$])import\(\s*["']([^"']+)["']\s*\)""", re.M)


def our_files() -> list[str]:
    """Every file of web/ (relative paths)."""
    return sorted(
        p.relative_to(WEB).as_posix() for p in WEB.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")
    )


OUR_FILES = our_files()
INLINED = {"engine-early.js"}  # written into index.html (inline_script), not shipped as files
MIME = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
    ".py": "text/plain; charset=utf-8", ".whl": "application/zip", ".zip": "application/zip",
    ".html": "text/html; charset=utf-8", ".css": "text/css", ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json", ".png": "image/png", ".wiki": "text/plain; charset=utf-8",
    ".woff": "font/woff", ".txt": "text/plain; charset=utf-8",
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


def copy_runtime(site: Path, stdlib_pycs: dict[str, bytes]) -> tuple[str, dict[str, int]]:
    """Copy the pinned Pyodide runtime into its content-hashed folder, its standard library with
    the start's modules as bytecode (``tools/start_bytecode.py``); returns the runtime's hash and
    ``{site path: size}`` of its files."""
    pyodide = NODE / "pyodide"
    if not all((pyodide / name).exists() for name in PYODIDE_FILES):
        sys.exit("build.py: node_modules is missing Pyodide: run `npm ci` first")
    data = {name: (pyodide / name).read_bytes() for name in PYODIDE_FILES}
    data["python_stdlib.zip"] = start_bytecode.stdlib_zip(data["python_stdlib.zip"], stdlib_pycs, EPOCH)
    runtime = hashlib.sha256()
    for name in PYODIDE_FILES:
        runtime.update(hashlib.sha256(data[name]).digest())
    digest = runtime.hexdigest()[:16]
    folder = site / "vendor" / f"pyodide-{digest}"
    folder.mkdir(parents=True)
    files = {}
    for name in PYODIDE_FILES:
        (folder / name).write_bytes(data[name])
        files[f"vendor/pyodide-{digest}/{name}"] = len(data[name])
    return digest, files


def copy_pyscript(site: Path) -> tuple[str, dict[str, int]]:
    """Copy PyScript's scripts and styles (no source maps, not its empty service worker) into
    their content-hashed folder; returns the site path of its entry module and ``{site path:
    size}`` of the files a start loads."""
    dist = NODE / "@pyscript" / "core" / "dist"
    if not (dist / "core.js").exists():
        sys.exit("build.py: node_modules is missing PyScript: run `npm ci` first")
    shipped = sorted(f for f in dist.iterdir()
                     if f.suffix in (".js", ".css") and f.name != "service-worker.js" and f.is_file())
    content = hashlib.sha256()
    for f in shipped:
        content.update(f.name.encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    folder = site / "vendor" / f"pyscript-{content.hexdigest()[:16]}"
    folder.mkdir(parents=True)
    boot = {}
    for f in shipped:
        shutil.copy2(f, folder / f.name)
        if any(re.fullmatch(p, f.name) for p in PYSCRIPT_BOOT):
            boot[f"{folder.relative_to(site).as_posix()}/{f.name}"] = f.stat().st_size
    return f"{folder.relative_to(site).as_posix()}/core.js", boot


def module_imports(path: Path, dynamic: bool = True) -> list[str]:
    """The specifiers a JavaScript module imports (static imports, re-exports and, unless
    ``dynamic`` is false, literal dynamic imports), comments aside."""
    return [a or b for a, b in IMPORT_RE.findall(js_code(path)) if a or dynamic]


def js_code(path: Path) -> str:
    """A JavaScript module's text without its comments."""
    return re.sub(r"/\*.*?\*/|(?<![:\\\w])//[^\n]*", " ", path.read_text(encoding="utf-8"), flags=re.S)


def static_graph(entry: str) -> list[str]:
    """``entry`` (a module of web/) and every module of ours it imports statically, at any
    depth: what the browser must fetch before it runs ``entry``, in the order found."""
    found: list[str] = []
    todo = [entry]
    while todo:
        rel = todo.pop(0)
        if rel in found:
            continue
        found.append(rel)
        # (a path the build fills in, the runtime's, is preloaded with the runtime)
        todo += [os.path.normpath((Path(rel).parent / spec).as_posix())
                 for spec in module_imports(WEB / rel, dynamic=False) if spec.startswith(".") and "{{" not in spec]
    return found


STYLESHEET_RE = re.compile(r"""stylesheet\(new URL\(["'](\./[\w.-]+\.css)["'], import\.meta\.url\)\)""")


def table_files(game: str) -> list[str]:
    """What a game's table needs before it draws: its module, every module that imports
    statically, and the style sheets they wait for (``web/tables/styles.js``). The page asks
    for them all at once when it loads the table, not one level of imports after another."""
    modules = static_graph(f"tables/{game}.js")
    sheets = [os.path.normpath((Path(rel).parent / css).as_posix())
              for rel in modules for css in STYLESHEET_RE.findall(js_code(WEB / rel))]
    return modules + sheets


def bare_package(spec: str) -> tuple[str, str] | None:
    """``(package, path inside it)`` for a bare specifier of a vendored package, else None."""
    for package in BARE_PACKAGES:
        if spec.startswith(package + "/"):
            return package, spec[len(package) + 1:]
    if spec.startswith("@") or not spec.startswith((".", "/")):
        sys.exit(f"build.py: a module imports {spec!r}, which the site does not vendor")
    return None


def copy_bare_modules(site: Path) -> tuple[dict[str, Any], dict[str, int]]:
    """Copy the files of the vendored npm packages that our modules import, followed through
    their own imports (nothing else of the packages, and their licences), into one
    content-hashed folder; returns the page's import map and ``{site path: size}`` of the
    modules."""
    todo: list[tuple[str, str]] = []
    for rel in OUR_FILES:
        if rel.endswith((".js", ".mjs")):
            todo += [b for s in module_imports(WEB / rel) if (b := bare_package(s))]
    needed: set[tuple[str, str]] = set()
    while todo:
        package, inner = todo.pop()
        if (package, inner) in needed:
            continue
        root = NODE / package
        exports = json.loads((root / "package.json").read_text(encoding="utf-8")).get("exports", {})
        if not (root / inner).is_file() or exports.get(f"./{inner}", f"./{inner}") != f"./{inner}":
            sys.exit(f"build.py: {package}/{inner} is not a file its package exports as is: run `npm ci`")
        needed.add((package, inner))
        for spec in module_imports(root / inner):
            if spec.startswith("."):
                todo.append((package, os.path.normpath((Path(inner).parent / spec).as_posix())))
            elif b := bare_package(spec):
                todo.append(b)
    if not needed:
        return {"imports": {}}, {}
    shipped = sorted(needed) + sorted({(package, "LICENSE") for package, _ in needed})
    content = hashlib.sha256()
    for package, inner in shipped:
        content.update(f"{package}/{inner}".encode() + b"\0" + hashlib.sha256((NODE / package / inner).read_bytes()).digest())
    folder = f"vendor/noble-{content.hexdigest()[:16]}"
    files = {}
    for package, inner in shipped:
        target = site / folder / package.split("/")[1] / inner
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(NODE / package / inner, target)
        if inner != "LICENSE":
            files[target.relative_to(site).as_posix()] = target.stat().st_size
    imports = {f"{package}/": f"./{folder}/{package.split('/')[1]}/" for package in sorted({p for p, _ in needed})}
    return {"imports": imports}, files


def start_combinations(setup: dict[str, Any], players: tuple[int, int], default_players: int) -> list[tuple[str, int]]:
    """The (preset, players) pairs whose starting position gets a first frame: the default
    preset at every player count, and every other preset at its first count that works."""
    presets = [p["id"] for p in setup["presets"]] or [""]
    default = setup["default_preset"] or ""
    counts = [default_players] + [n for n in range(players[0], players[1] + 1) if n != default_players]
    return [(default, n) for n in counts] + [(p, n) for p in presets if p != default for n in counts]


def write_start_views(site: Path, games: list[dict[str, Any]]) -> dict[str, list[str]]:
    """``start/<game>.<lang>.json``: ``{"<preset>|<players>": view}`` of each game's starting
    position (see :func:`pyengine.app.start_page.start_view`); returns the keys written per game."""
    from pyengine.app.start_page import game_setup_json, start_view
    from pyengine.core import EngineError

    (site / "start").mkdir()
    written: dict[str, list[str]] = {}
    for g in games:
        setup = game_setup_json(g["id"])
        views: dict[str, dict[str, dict[str, Any]]] = {lang: {} for lang in LANGS}
        done_presets: set[str] = set()
        for preset, n in start_combinations(setup, tuple(g["players"]), g["default_players"]):
            if preset != setup["default_preset"] and preset in done_presets:
                continue
            try:
                for lang in LANGS:
                    views[lang][f"{preset}|{n}"] = start_view(g["id"], preset or None, n, lang)
            except EngineError:
                continue  # these rules are not for that many players
            done_presets.add(preset)
        for lang in LANGS:
            text = json.dumps(views[lang], ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            (site / "start" / f"{g['id']}.{lang}.json").write_text(text, encoding="utf-8")
        written[g["id"]] = sorted(views["en"])
    return written


ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<title>Tabletop</title>
<rect width="512" height="512" rx="{radius}" fill="{theme}"/>
<g transform="translate(256 262) scale({scale})">
<g transform="rotate(-14)"><rect x="-150" y="-170" width="190" height="270" rx="22" fill="#fffdf8" stroke="#3a1a12" stroke-width="8"/>
<path d="M-110 -120 l22 -32 l22 32 l-22 32 z" fill="{theme}"/></g>
<g transform="rotate(10)"><rect x="-30" y="-150" width="190" height="270" rx="22" fill="#fffdf8" stroke="#3a1a12" stroke-width="8"/>
<circle cx="110" cy="75" r="20" fill="#1f1d1a"/></g>
<rect x="-72" y="40" width="150" height="150" rx="18" fill="#e9c46a" stroke="#3a1a12" stroke-width="8"/>
<circle cx="3" cy="115" r="46" fill="none" stroke="#3a1a12" stroke-width="12"/>
</g>
</svg>
"""
"""Our icon: two playing cards and a Cetkaik-like piece, drawn here (no outside art)."""


def write_icons(site: Path) -> list[str]:
    """The app's icons: one for any shape, one with the safe zone a maskable icon needs."""
    (site / "icons").mkdir()
    (site / "icons" / "icon.svg").write_text(ICON.format(radius=96, theme=THEME, scale=1), encoding="utf-8")
    (site / "icons" / "maskable.svg").write_text(ICON.format(radius=0, theme=THEME, scale=0.72), encoding="utf-8")
    return ["icons/icon.svg", "icons/maskable.svg"]


def fill(site: Path, rel: str, values: dict[str, str]) -> None:
    """Replace ``{{NAME}}`` placeholders in a copied file; every placeholder must be known.

    In JavaScript a placeholder may stand in a comment before a stand-in value, so that the source
    is valid as it is (the type checker reads it): ``/*{{NAME}}*/ []`` is replaced as a whole
    (stand-ins: ``[]``, ``{}``, ``null``, ``0``, ``""``)."""
    path = site / rel
    text = path.read_text(encoding="utf-8")
    for name, value in values.items():
        text = re.sub(r'/\*\{\{' + name + r'\}\}\*/ ?(?:\[\]|\{\}|null|0|"")', lambda _m, value=value: value, text)
        text = text.replace("{{" + name + "}}", value)
    left = re.findall(r"\{\{[A-Z_]+\}\}", text)
    if left:
        sys.exit(f"build.py: {rel} has unfilled placeholders {left}")
    path.write_text(text, encoding="utf-8")


def inline_script(rel: str) -> str:
    """A script of web/ as index.html holds it inline: without its leading comment (which says
    what it is in web/, where it is type-checked and linted as a file)."""
    lines = (WEB / rel).read_text(encoding="utf-8").strip().splitlines()
    while lines and lines[0].startswith("//"):
        lines.pop(0)
    return f"// web/{rel}\n" + "\n".join(lines)


def check_no_outside_refs(site: Path) -> None:
    """Our own files may not point outside the site (vendored runtime is checked by the
    e2e tests, which block every non-local request)."""
    bad = []
    for rel in sorted(set(OUR_FILES) - INLINED):  # (the inlined ones are in index.html)
        if not rel.endswith((".js", ".mjs", ".html", ".css", ".json", ".py", ".webmanifest", ".svg")):
            continue
        text = (site / rel).read_text(encoding="utf-8")
        for m in re.finditer(r"""(?:src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?(https?:)?//|https?://[\w.-]+""", text):
            snippet = text[m.start(): m.start() + 60]
            if "example.org" in snippet or "www.w3.org/2000/svg" in snippet:  # documentation; the SVG namespace
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
    wheel_pycs, stdlib_pycs = start_bytecode.compile_start(wheel, DIST)
    start_bytecode.add_to_wheel(wheel, wheel_pycs, EPOCH)
    tmp = Path(tempfile.mkdtemp(prefix="public-", dir=ROOT))
    try:
        digest = sha256(wheel)[:16]
        wheel_rel = f"wheels/{digest}/{wheel.name}"
        (tmp / "wheels" / digest).mkdir(parents=True)
        shutil.copy2(wheel, tmp / wheel_rel)
        runtime, runtime_files = copy_runtime(tmp, stdlib_pycs)
        pyscript, pyscript_files = copy_pyscript(tmp)
        import_map, module_files = copy_bare_modules(tmp)
        runtime_files.update(pyscript_files)
        runtime_files[wheel_rel] = (tmp / wheel_rel).stat().st_size
        for rel in sorted(set(OUR_FILES) - INLINED):
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(WEB / rel, tmp / rel)
        add_engine_strings(tmp)
        sys.path.insert(0, str(ROOT))
        from pyengine.app.start_page import game_setup_json, games_json

        games = {lang: games_json(lang) for lang in LANGS}
        ids = {g["id"] for g in games["en"]}
        start = write_start_views(tmp, games["en"])
        icons = write_icons(tmp)
        tables = sorted(Path(rel).stem for rel in OUR_FILES if rel.startswith("tables/") and Path(rel).stem in ids
                        and rel.endswith(".js") and "/" not in rel[len("tables/"):])
        info = {
            "version": digest, "wheel": wheel_rel, "pyscript": pyscript, "tables": tables,
            "table_files": {game: table_files(game) for game in tables},
            "runtime": runtime_files, "boot_bytes": sum(runtime_files.values()),
            "games": games, "setup": {g: game_setup_json(g) for g in sorted(ids)}, "start": start,
        }
        fill(tmp, "pyodide-boot.mjs", {"RUNTIME": runtime, "WHEEL": f"./{wheel_rel}"})
        # The page's own start imports pyodide.mjs and PyScript's modules. The runtime's files are
        # fetched by the engine's Worker alone, and never by the page: a page preload would fetch
        # each one a second time, since a Worker cannot take up the page's preloads. The Worker
        # tells the page the bytes it counts (pyodide-boot.mjs).
        preload = "\n".join(f'<link rel="modulepreload" href="./{rel}">' for rel in runtime_files
                             if rel.endswith((".mjs", ".js")) and "pyodide.asm" not in rel)
        # the page's own modules, all fetched at once (not one level of imports after another),
        # then the engine's start (index.html's first module) and what it imports
        app_graph = static_graph("app.js")
        app_preload = "\n".join(f'<link rel="modulepreload" href="./{rel}">'
                                for rel in app_graph + [m for m in static_graph("pyodide-boot.mjs") if m not in app_graph])
        fill(tmp, "index.html", {"BUILD_INFO": json.dumps(info, ensure_ascii=False, separators=(",", ":")),
                                 "IMPORT_MAP": json.dumps(import_map, separators=(",", ":")),
                                 "PRELOAD": preload, "THEME": THEME, "APP_PRELOAD": app_preload,
                                 "PYSCRIPT_CONFIG": json.dumps(PYSCRIPT_CONFIG, separators=(",", ":")),
                                 # the engine's Worker, made at the first byte (before the style sheet,
                                 # which an inline script would wait for)
                                 "ENGINE_EARLY": inline_script("engine-early.js")})
        fill(tmp, "manifest.webmanifest", {"THEME": THEME, "BACKGROUND": BACKGROUND})
        # The service worker's list: the page, everything of ours, the runtime, PyScript's start and
        # the vendored modules ours import (the fair deal's, so that it loads offline like the rest).
        # The first frames (start/, about 0.1 MB a language) are not precached: the worker keeps
        # each one the page fetches, and without it a table's first frame waits for the engine.
        # They still count in the cache version, so a new build drops the old ones.
        first_frames = [f"start/{g}.{lang}.json" for g in sorted(ids) for lang in LANGS]
        site_files = sorted(set(OUR_FILES) - {"sw.js"} - INLINED) + icons
        hashed = sorted(runtime_files) + sorted(module_files)
        h = hashlib.sha256()
        for p in sorted(site_files + hashed + first_frames):
            h.update(p.encode() + b"\0" + hashlib.sha256((tmp / p).read_bytes()).digest())
        version = h.hexdigest()[:16]
        fill(tmp, "sw.js", {"CACHE_VERSION": version,
                            "PRECACHE": json.dumps(["./"] + [f"./{p}" for p in site_files], indent=1),
                            "HASHED": json.dumps([f"./{p}" for p in hashed], indent=1)})
        total = sum((tmp / p).stat().st_size for p in site_files + hashed)
        (tmp / "precache.json").write_text(json.dumps(
            {"files": ["./"] + [f"./{p}" for p in sorted(site_files + hashed)], "bytes": total}, indent=1))
        (tmp / ".nojekyll").write_text("")
        check_no_outside_refs(tmp)
        if PUBLIC.exists():
            shutil.rmtree(PUBLIC)
        tmp.rename(PUBLIC)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp)
    print(f"build.py: public/ ready ({info['boot_bytes'] / 1e6:.1f} MB runtime, {total / 1e6:.1f} MB in all, "
          f"wheel {wheel_rel})")
    return PUBLIC


IMMUTABLE = re.compile(r"/(wheels/[0-9a-f]{16}|vendor/(?:pyodide|pyscript|noble)-[0-9a-f]{16})/")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs; quiet unless asked.  Content-hashed
    folders may be cached for good; everything else is revalidated (``no-cache``)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    verbose = False
    # Keep-alive: a cold start asks for 35 files at once, which a browser fetches six connections at
    # a time; over HTTP/1.0 each file paid a new connection (and a new thread) and the start waited
    # behind them (benchmarks/load.py: ready about 0.2 s sooner). An idle connection is let go.
    protocol_version = "HTTP/1.1"
    timeout = 30
    # The headers and the body go out in two writes: with Nagle's algorithm the body waited for
    # the browser's delayed ACK of the headers, 40 ms a file on a kept-alive connection.
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: object) -> None:
        if self.verbose:
            super().log_message(format, *args)

    def log_error(self, format: str, *args: object) -> None:
        if not format.startswith("Request timed out"):  # an idle keep-alive connection let go: no error
            super().log_error(format, *args)

    def end_headers(self) -> None:
        immutable = IMMUTABLE.search(self.path.split("?", 1)[0])
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if immutable else "no-cache")
        super().end_headers()


class HttpServer(http.server.ThreadingHTTPServer):
    """The threading server, quiet when a browser drops a connection mid-response (a page
    closed or navigated away while a file was on its way): that is no error of the site."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(port: int, host: str = "127.0.0.1", verbose: bool = True) -> None:
    Handler.verbose = verbose
    httpd = HttpServer((host, port), partial(Handler, directory=str(PUBLIC)))
    print(f"Serving public/ on http://{host}:{port}/ (Ctrl+C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        httpd.serve_forever()


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
