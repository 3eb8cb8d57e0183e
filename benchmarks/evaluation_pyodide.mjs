// benchmarks/evaluation.py run inside Pyodide (the browser's Python, here in Node), with the same arguments:
//
//     node benchmarks/evaluation_pyodide.mjs --evaluator w512.bin --baseline OLD/pkg
//
// The repository and the folder of every path given are mounted at their own paths, so the script reads
// the same files as in CPython. Pyodide is the npm package the site is built with (package.json).
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(resolve(root, "node_modules/pyodide/pyodide.mjs"));
const pyodide = await loadPyodide();
const args = process.argv.slice(2).map((arg) => (existsSync(arg) ? resolve(arg) : arg));
const folders = new Set([root, ...args.filter((arg) => existsSync(arg)).map((path) => dirname(path))]);
for (const folder of [...folders].sort()) {
  if ([...folders].some((other) => other !== folder && folder.startsWith(other + "/"))) continue; // mounted above
  pyodide.FS.mkdirTree(folder);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, folder);
}
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
pyodide.globals.set("ARGS", pyodide.toPy(args));
pyodide.globals.set("ROOT", root);
pyodide.runPython(`
import runpy, sys
sys.argv = ["evaluation.py", *ARGS]
runpy.run_path(ROOT + "/benchmarks/evaluation.py", run_name="__main__")
`);
