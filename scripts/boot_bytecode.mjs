// Records the bytecode the engine worker's boot needs (see site/engine/bytecode_cache.py), for the site build:
//
//   node scripts/boot_bytecode.mjs <pyodide dir> <staged wheels dir> <output file>
//
// Boots the site's own Pyodide under Node and goes through the same steps as site/engine/worker.js
// (scripts/worker_boot_steps.mjs: packaging and micropip unpacked into site-packages, the engine wheel
// installed with micropip from the in-memory file system; then toutes_tables.services imported and asked
// its version), then writes the code of every module those steps imported, gzip-compressed. A module the
// worker imports and this boot did not is simply compiled in the browser as before.

import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { installEngine, loadSitePyodide, stagedWheels } from "./worker_boot_steps.mjs";

const [pyodideDir, wheelsDir, output] = process.argv.slice(2);
if (!output) {
  console.error("usage: node scripts/boot_bytecode.mjs <pyodide dir> <staged wheels dir> <output file>");
  process.exit(2);
}
const finderSource = readFileSync(new URL("../site/engine/bytecode_cache.py", import.meta.url), "utf8");
const pyodide = await loadSitePyodide(pyodideDir);
pyodide.FS.mkdirTree("/tmp/boot-bytecode");
pyodide.FS.writeFile("/tmp/boot-bytecode/bytecode_cache.py", finderSource);
// The finder module itself is loaded by the worker from source, outside the cache.
pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp/boot-bytecode")
import bytecode_cache
sys.path.remove("/tmp/boot-bytecode")
before = set(sys.modules)
`);

await installEngine(pyodide, stagedWheels(wheelsDir));
pyodide.runPython("from toutes_tables import services; services.dispatch('version', None)");

const blob = pyodide.runPython("bytecode_cache.record(before)").toJs();
const compressed = gzipSync(blob, { level: 9 });
writeFileSync(output, compressed);
console.log(`${output}: ${blob.length} bytes of bytecode (${compressed.length} compressed)`);
