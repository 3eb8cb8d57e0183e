// Pyodide's pyodide.asm.wasm defines its memory at a fixed initial size (30 MiB) and restores a memory
// snapshot into it as it is: a snapshot of an interpreter whose heap grew past that size (installing
// the engine wheel with micropip does) would not fit ("offset is out of bounds"). This wraps the module
// constructor given to loadPyodide (`createPyodideModule`) so that, once the module exists and before
// the snapshot is copied in, the memory is grown to the snapshot's size (Emscripten's own resize, which
// also renews the module's views of the memory); the snapshot then brings the allocator's state.
// Used by worker.js and by scripts/boot_snapshot.mjs, which checks the restore under Node.

/** `createPyodideModule` (pyodide.asm.mjs's default export) growing the memory to `bytes` first. */
export function growingTo(createPyodideModule, bytes) {
  return async (settings) => {
    const module = await createPyodideModule(settings);
    if (bytes > module.HEAP8.length) module._emscripten_resize_heap(bytes);
    if (module.HEAP8.length < bytes) throw new Error(`the runtime's memory did not grow to the snapshot's ${bytes} bytes`);
    return module;
  };
}
