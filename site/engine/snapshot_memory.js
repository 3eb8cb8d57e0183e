// How the engine worker's boot snapshot goes back into a fresh Pyodide runtime, shared by worker.js and
// by scripts/boot_snapshot.mjs, which stores the snapshot this way and checks the restore under Node
// before it writes it.
//
// Two things happen between the moment the runtime's module exists and the moment Pyodide copies the
// snapshot into its memory (loadPyodide's `createPyodideModule` option is wrapped for that):
//
// - The memory grows to the snapshot's size. pyodide.asm.wasm defines its memory at a fixed initial
//   size (30 MiB) and Pyodide restores a snapshot into it as it is: a snapshot of a heap that grew past
//   that size would not fit ("offset is out of bounds").
// - The snapshot's memory image is completed. The build stores its first bytes XOR-ed with the memory
//   image of pyodide.asm.wasm's data segments (3.8 MB of static data: what the interpreter left as it
//   was becomes zeros, which compress to nothing); here they are XOR-ed back with the same image, read
//   from the same pyodide.asm.wasm, once its length and SHA-256 are found to be the ones the build
//   recorded (anything else is refused, and the worker boots without the snapshot).

/** The SHA-256 of `bytes` (a typed array), in hex. */
export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const DATA_SECTION = 11;
const I32_CONST = 0x41;
const END = 0x0b;

/**
 * The memory a WebAssembly module's active data segments lay out (from address 0 to the end of the
 * last one, rounded up to whole 32-bit words), read from the module's bytes.
 */
export function dataSegmentsImage(wasm) {
  let at = 8; // after the magic number and the version
  const unsigned = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = wasm[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return value;
    }
  };
  const signed32 = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = wasm[at++];
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return shift < 32 && byte & 0x40 ? value | (-1 << shift) : value;
  };
  const segments = [];
  while (at < wasm.length) {
    const section = wasm[at++];
    const size = unsigned();
    const next = at + size;
    if (section === DATA_SECTION) {
      for (let count = unsigned(); count > 0; count--) {
        const flags = unsigned();
        if (flags === 2) unsigned(); // the memory's index
        let offset = null;
        if (flags !== 1) { // 1: a passive segment, copied by code, not at instantiation
          if (wasm[at++] !== I32_CONST) throw new Error("a data segment's offset is not a constant");
          offset = signed32();
          if (wasm[at++] !== END) throw new Error("a data segment's offset is not a constant");
        }
        const length = unsigned();
        if (offset !== null) segments.push({ offset, bytes: wasm.subarray(at, at + length) });
        at += length;
      }
    }
    at = next;
  }
  const end = Math.max(0, ...segments.map(({ offset, bytes }) => offset + bytes.length));
  const image = new Uint8Array(Math.ceil(end / 4) * 4);
  for (const { offset, bytes } of segments) image.set(bytes, offset);
  return image;
}

/** Where a Pyodide memory snapshot's memory image starts (its header's second word). */
function imageOffset(snapshot) {
  return new DataView(snapshot.buffer, snapshot.byteOffset, 8).getUint32(4, true);
}

/**
 * XOR the first bytes of the snapshot's memory image with `reference`, in place: it turns a snapshot
 * into the form the build stores, and back.
 */
export function xorWithReference(snapshot, reference) {
  const start = imageOffset(snapshot);
  const image = snapshot.subarray(start, start + reference.length);
  if (image.length !== reference.length) throw new Error("the snapshot is shorter than its reference memory");
  if ((image.byteOffset | reference.byteOffset | image.length) % 4 === 0) {
    const words = new Uint32Array(image.buffer, image.byteOffset, image.length / 4);
    const referenceWords = new Uint32Array(reference.buffer, reference.byteOffset, reference.length / 4);
    for (let i = 0; i < words.length; i++) words[i] ^= referenceWords[i];
  } else {
    for (let i = 0; i < image.length; i++) image[i] ^= reference[i];
  }
}

/**
 * `createPyodideModule` (pyodide.asm.mjs's default export) preparing a fresh runtime for `snapshot` (its
 * bytes or a promise of them, as given to loadPyodide's `_loadSnapshot`) stored as `key` says:
 * `key.bytes`, the snapshot's length, and `key.reference`, the length and SHA-256 of the data segments'
 * image it was XOR-ed with (none: stored as is). `wasmBytes()` gives pyodide.asm.wasm's bytes; it is
 * called once the runtime has been instantiated from them.
 */
export function restoringSnapshot(createPyodideModule, snapshot, key, wasmBytes) {
  return async (settings) => {
    const module = await createPyodideModule(settings);
    if (key.bytes > module.HEAP8.length) module._emscripten_resize_heap(key.bytes);
    if (module.HEAP8.length < key.bytes) throw new Error(`the runtime's memory did not grow to the snapshot's ${key.bytes} bytes`);
    if (key.reference) {
      const reference = dataSegmentsImage(await wasmBytes());
      if (reference.length !== key.reference.bytes || (await sha256Hex(reference)) !== key.reference.sha256) {
        throw new Error("the runtime's data segments are not the ones the snapshot was stored against");
      }
      xorWithReference(await snapshot, reference);
    }
    return module;
  };
}
