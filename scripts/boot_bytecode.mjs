// Records the bytecode the engine worker's boot needs (see site/engine/bytecode_cache.py), for the site build:
//
//   node scripts/boot_bytecode.mjs <pyodide dir> <staged wheels dir> <output file>
//
// Boots the site's own Pyodide under Node and goes through the same steps as site/engine/worker.js
// (packaging and micropip unpacked into site-packages, the engine wheel installed with micropip from the
// in-memory file system, toutes_tables.services imported and asked its version), then writes the code of
// every module those steps imported, gzip-compressed. If the worker's steps change, change these too:
// a module the worker imports and this boot did not is simply compiled in the browser as before.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, wheelsDir, output] = process.argv.slice(2);
if (!output) {
  console.error("usage: node scripts/boot_bytecode.mjs <pyodide dir> <staged wheels dir> <output file>");
  process.exit(2);
}
const finderSource = readFileSync(new URL("../site/engine/bytecode_cache.py", import.meta.url), "utf8");
const manifest = JSON.parse(readFileSync(join(wheelsDir, "manifest.json"), "utf8"));
const wheel = (name) => new Uint8Array(readFileSync(join(wheelsDir, name)));

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: (line) => console.error(line) });
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

// The worker's steps.
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const name of manifest.runtime) pyodide.unpackArchive(wheel(name), "wheel", { extractDir: sitePackages });
pyodide.runPython(`sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
const wheelPath = `/tmp/${manifest.engine}`;
pyodide.FS.writeFile(wheelPath, wheel(manifest.engine));
const micropip = pyodide.pyimport("micropip");
await micropip.install(`emfs:${wheelPath}`, { deps: false });
pyodide.runPython("from toutes_tables import services; services.dispatch('version', None)");

const blob = pyodide.runPython("bytecode_cache.record(before)").toJs();
const compressed = gzipSync(blob, { level: 9 });
writeFileSync(output, compressed);
console.log(`${output}: ${blob.length} bytes of bytecode (${compressed.length} compressed)`);
