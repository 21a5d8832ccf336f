// ESLint (flat config): the recommended rules over the browser's ES modules in web/.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["public/**", "public-*/**", "dist/**", "node_modules/**", ".venv/**", ".cache/**", "benchmarks/**", "tests/**"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js", "web/**/*.mjs"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["tools/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["web/ai-worker.js", "web/sw.js"],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
];
