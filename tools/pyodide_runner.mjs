// Run Python inside Pyodide under Node with the built wheel installed (no network).
//   node tools/pyodide_runner.mjs exec  <wheel> [extra wheels…]   < code.py   (prints stdout)
//   node tools/pyodide_runner.mjs pytest <wheel> <extra wheels…> -- <pytest args…>
//   node tools/pyodide_runner.mjs start <wheel>   < code.py   (the wheel on sys.path as the page
//                                                   puts it, nothing installed: tools/start_bytecode.py)
// The repository is mounted at /repo (NODEFS) for tests and data; pyengine itself is
// imported from the wheel, never from the source tree (checked before running).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import path from "node:path";
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = realpathSync(path.resolve(here, ".."));
const [mode, ...rest] = process.argv.slice(2);
const sep = rest.indexOf("--");
const wheels = (sep < 0 ? rest : rest.slice(0, sep)).map((w) => path.resolve(w));
const args = sep < 0 ? [] : rest.slice(sep + 1);

const t0 = performance.now();
const py = await loadPyodide({ indexURL: path.join(repo, "node_modules/pyodide") + "/" });
const raw = (stream) => ({ write: (buf) => { stream.write(buf); return buf.length; } });
py.setStdout(raw(process.stdout));
py.setStderr(raw(process.stderr));
if (mode === "start") {
  // as web/pyodide-boot.mjs does: the wheel itself on sys.path (zipimport), no installer, whose
  // own imports (tarfile, importlib.metadata…) a page never makes
  const file = `/home/pyodide/${path.basename(wheels[0])}`;
  py.FS.writeFile(file, readFileSync(wheels[0]));
  py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(file)})`);
} else {
  const failed = [];
  await py.loadPackage(wheels, { messageCallback: () => {}, errorCallback: (m) => failed.push(m) });
  if (failed.length) { console.error("could not load wheels:", failed.join("; ")); process.exit(2); }
}
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: repo }, "/repo");
py.FS.mkdirTree("/shared");
py.FS.mount(py.FS.filesystems.NODEFS, { root: realpathSync(path.resolve(repo, "../shared")) }, "/shared");
const check = `
import pyengine, sys
assert ${JSON.stringify(mode === "start" ? ".whl/" : "site-packages")} in pyengine.__file__, pyengine.__file__
`;
await py.runPythonAsync(check);
if (process.env.PYODIDE_RUNNER_VERBOSE) console.error(`pyodide ready in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
py.globals.set("ARGS", py.toPy(args));
if (mode === "exec" || mode === "start") {
  let code = "";
  process.stdin.setEncoding("utf-8");
  for await (const chunk of process.stdin) code += chunk;
  await py.runPythonAsync(`import os; os.chdir("/repo")\n` + code);
  process.exit(0);
} else if (mode === "pytest") {
  const rc = await py.runPythonAsync(`
import os, sys
os.chdir("/repo")
os.environ.setdefault("HYPOTHESIS_PROFILE", "pyodide")
import pytest
rc = pytest.main(list(ARGS) + ["-p", "no:cacheprovider"])
int(rc)
`);
  process.exit(rc);
} else {
  console.error("usage: pyodide_runner.mjs exec|start|pytest <wheels…> [-- args]");
  process.exit(2);
}
