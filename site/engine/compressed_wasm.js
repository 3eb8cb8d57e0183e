// The Pyodide runtime's wasm (pyodide.asm.wasm, 9.6 MB) from its gzip-compressed copy beside it
// (pyodide.asm.wasm.gz, 3.5 MB, written by the build: hooks/site_assets.py), whatever the host: one that
// sends files as they are (the site's own server, many static hosts) would otherwise send the 9.6 MB.
//
// Pyodide fetches the wasm itself (with the worker's global `fetch`) and compiles it as it streams in, so
// the worker's `fetch` is wrapped: a request for the wasm's URL is answered with the compressed copy,
// decompressed as it arrives (DecompressionStream, native), as an `application/wasm` response, so it is
// still compiled while it streams. The decompressed bytes are kept for whoever needs them next (the
// snapshot's restore lays out the wasm's data segments from them). If the compressed copy cannot be had,
// the wasm itself is fetched, with a console warning. Every other request goes to `fetch` untouched.

const WASM = "pyodide.asm.wasm";
const COMPRESSED = `${WASM}.gz`;

/**
 * Answer the wasm of the runtime at `pyodideUrl` from its compressed copy, for every later `fetch` of
 * `scope` (the worker's global scope). Returns `wasmBytes()`: the wasm's bytes as last fetched that way
 * (fetched then if it was not yet).
 */
export function serveWasmCompressed(pyodideUrl, scope = globalThis) {
  const wasmUrl = new URL(WASM, pyodideUrl).href;
  const compressedUrl = new URL(COMPRESSED, pyodideUrl).href;
  const fetchFromNetwork = scope.fetch.bind(scope);
  let lastBytes = null;

  async function wasmResponse(init) {
    const compressed = await fetchFromNetwork(compressedUrl).catch((error) => error);
    if (!(compressed instanceof Response) || !compressed.ok) {
      const reason = compressed instanceof Response ? `HTTP ${compressed.status}` : String(compressed?.message ?? compressed);
      console.warn(`[engine] ${COMPRESSED} unavailable (${reason}): fetching ${WASM} itself`);
      const response = await fetchFromNetwork(wasmUrl, init);
      lastBytes = response.clone().arrayBuffer().then((buffer) => new Uint8Array(buffer));
      lastBytes.catch(() => {});
      return response;
    }
    const [forPyodide, kept] = compressed.body.pipeThrough(new DecompressionStream("gzip")).tee();
    lastBytes = new Response(kept).arrayBuffer().then((buffer) => new Uint8Array(buffer));
    lastBytes.catch(() => {}); // a corrupted copy fails Pyodide's compile too: the boot reports it there
    return new Response(forPyodide, { headers: { "Content-Type": "application/wasm" } });
  }

  scope.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return url === wasmUrl ? wasmResponse(init) : fetchFromNetwork(input, init);
  };
  return async function wasmBytes() {
    if (lastBytes === null) await (await scope.fetch(wasmUrl)).arrayBuffer();
    return lastBytes;
  };
}
