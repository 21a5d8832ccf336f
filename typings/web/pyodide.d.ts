// The Pyodide runtime that build.py copies into vendor/pyodide-<content hash>/ (web/pyodide-boot.mjs
// imports it by a path build.py fills in): the pinned npm package's own declarations.
declare module "*/pyodide.mjs" {
  export * from "pyodide";
}
