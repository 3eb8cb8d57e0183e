// Makes the engine worker's boot snapshot (a memory snapshot of a ready interpreter), for the site build:
//
//   node scripts/boot_snapshot.mjs <pyodide dir> <staged wheels dir> <output file> <key file>
//
// Boots the site's own Pyodide under Node with snapshots enabled, goes through the worker's ordinary
// boot steps (scripts/worker_boot_steps.mjs: the engine wheel installed with micropip), defines the
// worker's bridge (site/engine/bridge.js), imports toutes_tables.services and warms what the game asks
// for first (the levels, so the computer's code and its network are loaded), and records Pyodide's
// memory snapshot, gzip-compressed. A snapshot may hold no JavaScript object but the ones Pyodide can
// find again by name, so micropip (which keeps Pyodide's own functions) and packaging are unloaded
// first, and micropip's note of the installed wheel is taken out of Pyodide's loadedPackages.
//
// The key file (JSON) says what the snapshot is valid for; the worker checks it before using the
// snapshot (site/engine/worker.js): the Pyodide version, the engine wheel's SHA-256, and a probe (a
// request whose answer the restored interpreter must give exactly). Before writing anything the
// snapshot is restored here in a fresh runtime and checked: the probe, and whole games played by the
// computer through the bridge.

import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { BRIDGE } from "../site/engine/bridge.js";
import { growingTo } from "../site/engine/snapshot_memory.js";
import { installEngine, loadSitePyodide, stagedWheels } from "./worker_boot_steps.mjs";

const [pyodideDir, wheelsDir, output, keyFile] = process.argv.slice(2);
if (!keyFile) {
  console.error("usage: node scripts/boot_snapshot.mjs <pyodide dir> <staged wheels dir> <output file> <key file>");
  process.exit(2);
}
// Sixteen legal plays of 3-1 from the classic start: the restored interpreter must list the same.
const PROBE = { method: "explore", params: { rules: "backgammon-225", start: 64, dice: [3, 1] } };
const GAMES = ["toutes-tables-225", "backgammon"];

const staged = stagedWheels(wheelsDir);
const pyodide = await loadSitePyodide(pyodideDir, { _makeSnapshot: true });
await installEngine(pyodide, staged);
pyodide.runPython(`
import gc, sys
for name in [n for n in sys.modules if n.split(".")[0] in ("micropip", "packaging")]:
    del sys.modules[name]
gc.collect()
`);
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
pyodide.runPython(BRIDGE);
const call = pyodide.globals.get("call");
const ask = (bridge, method, params = null) => {
  const answer = JSON.parse(bridge(method, JSON.stringify(params)));
  if ("error" in answer) throw new Error(`${method}: ${answer.error.type}: ${answer.error.message}`);
  return answer.result;
};
ask(call, "levels");
pyodide.runPython("from toutes_tables.ai.network import default_network; default_network()");
const version = ask(call, "version");
const probe = call(PROBE.method, JSON.stringify(PROBE.params));
call.destroy();
pyodide.runPython("import gc; gc.collect()");
const snapshot = pyodide.makeMemorySnapshot();

// The check: a fresh runtime restored from the snapshot, with the engine wheel's files unpacked again
// (a snapshot holds the memory, not the file system), as the worker does.
const { default: createPyodideModule } = await import(pathToFileURL(join(pyodideDir, "pyodide.asm.mjs")).href);
const restored = await loadSitePyodide(pyodideDir, {
  _loadSnapshot: snapshot,
  createPyodideModule: growingTo(createPyodideModule, snapshot.length),
});
const sitePackages = restored.runPython("import site; site.getsitepackages()[0]");
restored.unpackArchive(staged.wheel(staged.manifest.engine), "wheel", { extractDir: sitePackages });
const restoredCall = restored.globals.get("call");
if (restoredCall(PROBE.method, JSON.stringify(PROBE.params)) !== probe) throw new Error("the restored interpreter answers the probe differently");
if (ask(restoredCall, "version") !== version) throw new Error("the restored interpreter has another engine version");
for (const rules of GAMES) {
  let view = ask(restoredCall, "new_match", { rules, match_length: 1, level: "beginner" });
  for (let actions = 0; view.phase !== "over"; actions++) {
    if (actions > 2000) throw new Error(`a ${rules} game in the restored interpreter does not end`);
    view = ask(restoredCall, view.phase === "opening" ? "roll" : "computer_action");
  }
}

const compressed = gzipSync(snapshot, { level: 9 });
writeFileSync(output, compressed);
const engineSha256 = createHash("sha256").update(staged.wheel(staged.manifest.engine)).digest("hex");
const key = {
  file: basename(output),
  pyodide: pyodide.version,
  engine: staged.manifest.engine,
  engine_sha256: engineSha256,
  bytes: snapshot.length,
  probe: { ...PROBE, answer: probe },
};
writeFileSync(keyFile, JSON.stringify(key, null, 2) + "\n");
console.log(`${output}: a ${snapshot.length}-byte memory snapshot (${compressed.length} compressed), checked by ${GAMES.length} games`);
