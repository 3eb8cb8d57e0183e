// Tests of how the engine worker answers Pyodide's fetch of its wasm (compressed_wasm.js): `node --test site/engine/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { serveWasmCompressed } from "./compressed_wasm.js";

const PYODIDE = "https://example.test/pyodide/";
const WASM = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 251); // not all alike, as a module's bytes

/** A worker's global scope whose network serves `files` (URL -> bytes) and notes every URL it was asked for. */
function scopeServing(files) {
  const asked = [];
  const scope = {
    fetch: async (input) => {
      const url = String(input);
      asked.push(url);
      return url in files ? new Response(files[url]) : new Response("not found", { status: 404 });
    },
  };
  return { scope, asked };
}

test("the wasm is answered from its compressed copy, decompressed, as application/wasm", async () => {
  const { scope, asked } = scopeServing({ [`${PYODIDE}pyodide.asm.wasm.gz`]: gzipSync(WASM) });
  const wasmBytes = serveWasmCompressed(PYODIDE, scope);
  const response = await scope.fetch(new URL("pyodide.asm.wasm", PYODIDE), {});
  assert.equal(response.headers.get("Content-Type"), "application/wasm");
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), WASM);
  assert.deepEqual(await wasmBytes(), WASM, "the same bytes are kept for the snapshot's restore");
  assert.deepEqual(asked, [`${PYODIDE}pyodide.asm.wasm.gz`], "the wasm itself is never downloaded");
});

test("every other request goes to the network untouched", async () => {
  const { scope, asked } = scopeServing({ [`${PYODIDE}python_stdlib.zip`]: Uint8Array.of(1, 2, 3) });
  serveWasmCompressed(PYODIDE, scope);
  const response = await scope.fetch(`${PYODIDE}python_stdlib.zip`);
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), Uint8Array.of(1, 2, 3));
  assert.deepEqual(asked, [`${PYODIDE}python_stdlib.zip`]);
});

test("without its compressed copy the wasm itself is fetched, with a warning", async (t) => {
  const warnings = [];
  t.mock.method(console, "warn", (message) => warnings.push(message));
  const { scope, asked } = scopeServing({ [`${PYODIDE}pyodide.asm.wasm`]: WASM });
  const wasmBytes = serveWasmCompressed(PYODIDE, scope);
  const response = await scope.fetch(`${PYODIDE}pyodide.asm.wasm`);
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), WASM);
  assert.deepEqual(await wasmBytes(), WASM);
  assert.deepEqual(asked, [`${PYODIDE}pyodide.asm.wasm.gz`, `${PYODIDE}pyodide.asm.wasm`]);
  assert.match(warnings.join("\n"), /pyodide\.asm\.wasm\.gz unavailable \(HTTP 404\)/);
});

test("a corrupted compressed copy fails the wasm's download instead of giving other bytes", async () => {
  const corrupted = gzipSync(WASM);
  corrupted.fill(0xff, 100, 200);
  const { scope } = scopeServing({ [`${PYODIDE}pyodide.asm.wasm.gz`]: corrupted });
  const wasmBytes = serveWasmCompressed(PYODIDE, scope);
  const response = await scope.fetch(`${PYODIDE}pyodide.asm.wasm`);
  await assert.rejects(response.arrayBuffer());
  await assert.rejects(wasmBytes());
});
