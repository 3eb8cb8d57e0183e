// Makes the engine worker's boot snapshot (a memory snapshot of a ready interpreter), for the site build:
//
//   node scripts/boot_snapshot.mjs <pyodide dir> <staged wheels dir> <output file> <key file>
//
// Boots the site's own Pyodide under Node with snapshots enabled, unpacks the engine wheel into
// site-packages (as the worker does after a restore; micropip, which the ordinary boot installs the
// wheel with, is not needed for a wheel without dependencies, and what its import leaves in the heap
// would cost 1.3 MB of compressed snapshot), defines the worker's bridge (site/engine/bridge.js),
// imports toutes_tables.services and warms what the game asks for first (the levels, so the
// computer's code is imported), and records Pyodide's memory snapshot. The computer's network is not
// loaded: its unpacked weights (large Python integers, which compress badly) would add 1.2 MB to the
// compressed snapshot, and loading it at the computer's first move takes a fraction of a second.
//
// The snapshot is made small before it is compressed (gzip, which the browser undoes natively):
// - Python runs optimized (PYTHONOPTIMIZE=2, as `python -OO`): the modules it compiles keep no docstrings
//   and no asserts (the engine's asserts only restate what its type hints say);
// - the heap's free memory is zeroed first (zeroFreeMemory), so the garbage left by the boot's
//   compilations does not go into it;
// - its first bytes are stored XOR-ed with the image of pyodide.asm.wasm's data segments, which the
//   worker XORs back (site/engine/snapshot_memory.js): what the interpreter did not change becomes zeros.
//
// The key file (JSON) says what the snapshot is valid for; the worker checks it before using the
// snapshot (site/engine/worker.js): the Pyodide version, the engine wheel's SHA-256, the data segments'
// image's length and SHA-256, and a probe (a request whose answer the restored interpreter must give exactly).
// Before writing anything the stored snapshot is restored here in a fresh runtime, the way the worker
// does, and checked: the probe, and whole games played by the computer through the bridge.

import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { BRIDGE } from "../site/engine/bridge.js";
import { dataSegmentsImage, restoringSnapshot, sha256Hex, xorWithReference } from "../site/engine/snapshot_memory.js";
import { loadSitePyodide, stagedWheels } from "./worker_boot_steps.mjs";

const [pyodideDir, wheelsDir, output, keyFile] = process.argv.slice(2);
if (!keyFile) {
  console.error("usage: node scripts/boot_snapshot.mjs <pyodide dir> <staged wheels dir> <output file> <key file>");
  process.exit(2);
}
// Sixteen legal plays of 3-1 from the classic start: the restored interpreter must list the same.
const PROBE = { method: "explore", params: { rules: "backgammon-225", start: 64, dice: [3, 1] } };
const GAMES = ["toutes-tables-225", "backgammon"];

/** The engine wheel unpacked into site-packages, as the worker does after a restore. */
function unpackEngine(pyodide, { manifest, wheel }) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(wheel(manifest.engine), "wheel", { extractDir: sitePackages });
  pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
  return sitePackages;
}

/**
 * Zero the free memory of the runtime's allocator (Pyodide's Python allocates every object with it):
 * take every free block it can give without growing the heap, largest first, zero each, and give them
 * all back. Only malloc and free are used, so the allocator's own state stays its own.
 */
function zeroFreeMemory(module) {
  const sbrkAddress = module._emscripten_get_sbrk_ptr();
  const heapEnd = () => module.HEAPU32[sbrkAddress >> 2];
  const taken = [];
  for (let size = 1 << 20; size >= 8; size >>= 1) {
    for (;;) {
      const end = heapEnd();
      const block = module._malloc(size);
      if (block === 0) break;
      if (heapEnd() !== end) { // no free block that large is left: this one is new memory, zero already
        module._free(block);
        break;
      }
      module.HEAPU8.fill(0, block, block + size);
      taken.push(block);
    }
  }
  for (const block of taken) module._free(block);
  return taken.length;
}

const staged = stagedWheels(wheelsDir);
// Python optimized (-OO): what the interpreter compiles has no docstrings and no asserts, 0.4 MB less of
// compressed snapshot; the restored interpreter keeps the flag, so what it imports later is compiled so too.
const pyodide = await loadSitePyodide(pyodideDir, { _makeSnapshot: true, env: { PYTHONOPTIMIZE: "2" } });
if (pyodide.runPython("import sys; sys.flags.optimize") !== 2) throw new Error("Python did not start optimized (PYTHONOPTIMIZE=2)");
unpackEngine(pyodide, staged);
pyodide.runPython(BRIDGE);
const call = pyodide.globals.get("call");
const ask = (bridge, method, params = null) => {
  const answer = JSON.parse(bridge(method, JSON.stringify(params)));
  if ("error" in answer) throw new Error(`${method}: ${answer.error.type}: ${answer.error.message}`);
  return answer.result;
};
ask(call, "levels");
const version = ask(call, "version");
const probe = call(PROBE.method, JSON.stringify(PROBE.params));
call.destroy();
pyodide.runPython("import gc; gc.collect(); import sys; sys._clear_internal_caches()");
const blocksZeroed = zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();

// Stored XOR-ed with the image of pyodide.asm.wasm's data segments (site/engine/snapshot_memory.js).
const wasm = () => Promise.resolve(new Uint8Array(readFileSync(join(pyodideDir, "pyodide.asm.wasm"))));
const referenceMemory = dataSegmentsImage(await wasm());
const reference = { bytes: referenceMemory.length, sha256: await sha256Hex(referenceMemory) };
const stored = snapshot.slice();
xorWithReference(stored, referenceMemory);

// The check: a fresh runtime restored from the stored snapshot, with the engine wheel's files unpacked
// again (a snapshot holds the memory, not the file system), as the worker does.
const restoredSnapshot = stored.slice(); // completed in place as it is restored
const { default: createPyodideModule } = await import(pathToFileURL(join(pyodideDir, "pyodide.asm.mjs")).href);
const restored = await loadSitePyodide(pyodideDir, {
  _loadSnapshot: restoredSnapshot,
  createPyodideModule: restoringSnapshot(createPyodideModule, restoredSnapshot, { bytes: snapshot.length, reference }, wasm),
});
unpackEngine(restored, staged);
const restoredCall = restored.globals.get("call");
if (restoredCall(PROBE.method, JSON.stringify(PROBE.params)) !== probe) throw new Error("the restored interpreter answers the probe differently");
if (ask(restoredCall, "version") !== version) throw new Error("the restored interpreter has another engine version");
if (restored.runPython("import sys; sys.flags.optimize") !== 2) throw new Error("the restored interpreter is not optimized");
for (const rules of GAMES) {
  let view = ask(restoredCall, "new_match", { rules, match_length: 1, level: "beginner" });
  for (let actions = 0; view.phase !== "over"; actions++) {
    if (actions > 2000) throw new Error(`a ${rules} game in the restored interpreter does not end`);
    view = ask(restoredCall, view.phase === "opening" ? "roll" : "computer_action");
  }
}

const compressed = gzipSync(stored, { level: 9 });
writeFileSync(output, compressed);
const engineSha256 = createHash("sha256").update(staged.wheel(staged.manifest.engine)).digest("hex");
const key = {
  file: basename(output),
  pyodide: pyodide.version,
  engine: staged.manifest.engine,
  engine_sha256: engineSha256,
  bytes: snapshot.length,
  reference,
  probe: { ...PROBE, answer: probe },
};
writeFileSync(keyFile, JSON.stringify(key, null, 2) + "\n");
console.log(
  `${output}: a ${snapshot.length}-byte memory snapshot (${blocksZeroed} free blocks zeroed), stored XOR-ed with ` +
    `the ${reference.bytes} bytes of the runtime's data segments, ${compressed.length} compressed; checked by ${GAMES.length} games`,
);
