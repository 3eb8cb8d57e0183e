// The engine worker's ordinary boot steps (site/engine/worker.js), repeated under Node by the build's
// recordings of that boot: scripts/boot_bytecode.mjs (which goes through them all) and
// scripts/boot_snapshot.mjs (which loads the runtime the same way). If the worker's steps change, change
// these too.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The staged wheels' manifest (scripts/site.py writes it) and a reader of the wheels it names. */
export function stagedWheels(wheelsDir) {
  const manifest = JSON.parse(readFileSync(join(wheelsDir, "manifest.json"), "utf8"));
  return { manifest, wheel: (name) => new Uint8Array(readFileSync(join(wheelsDir, name))) };
}

/** loadPyodide of the site's own runtime in `pyodideDir`, quiet but for errors. */
export async function loadSitePyodide(pyodideDir, options = {}) {
  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  return loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: (line) => console.error(line), ...options });
}

/**
 * As the worker does once Python is up: packaging and micropip unpacked into site-packages, the engine
 * wheel installed with micropip from the in-memory file system. Returns site-packages' path.
 */
export async function installEngine(pyodide, { manifest, wheel }) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const name of manifest.runtime) pyodide.unpackArchive(wheel(name), "wheel", { extractDir: sitePackages });
  pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
  const wheelPath = `/tmp/${manifest.engine}`;
  pyodide.FS.writeFile(wheelPath, wheel(manifest.engine));
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(`emfs:${wheelPath}`, { deps: false });
  micropip.destroy();
  pyodide.FS.unlink(wheelPath);
  return sitePackages;
}
