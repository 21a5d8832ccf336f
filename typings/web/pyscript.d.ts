// What web/pyodide-boot.mjs uses of PyScript (@pyscript/core, imported by a URL build.py writes):
// the Worker it gives the engine's <script type="py" worker> element.
interface PyScriptXWorker extends Worker {
  /** resolves once PyScript has run the script (main.py) in the Worker */
  ready: Promise<unknown>;
  /** the functions main.py hands the page (pyscript.sync) */
  sync: { call(method: string, args: string): Promise<string> };
}
interface PyScriptElement extends HTMLScriptElement {
  xworker?: PyScriptXWorker;
}
