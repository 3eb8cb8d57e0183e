// Tests of how the boot snapshot is stored and completed (snapshot_memory.js): `node --test site/engine/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dataSegmentsImage, xorWithReference } from "./snapshot_memory.js";

const HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]; // "\0asm", version 1

/** A module's bytes with one section of `id` holding `content`. */
function wasmWith(id, content) {
  return Uint8Array.from([...HEADER, id, content.length, ...content]);
}

test("the data segments' image lays out the active segments at their offsets, not the passive ones", () => {
  const data = [
    3, // segments
    0, 0x41, 4, 0x0b, 3, 1, 2, 3, // active at 4: 1 2 3
    1, 2, 9, 9, // passive: not at any address
    2, 0, 0x41, 0xc8, 0x01, 0x0b, 1, 7, // active in memory 0 at 200 (a two-byte LEB128): 7
  ];
  const wasm = Uint8Array.from([...wasmWith(1, [0]).subarray(0), 11, data.length, ...data]);
  const image = dataSegmentsImage(wasm);
  assert.equal(image.length, 204, "up to the last segment's end, in whole words");
  assert.deepEqual([...image.subarray(0, 8)], [0, 0, 0, 0, 1, 2, 3, 0]);
  assert.equal(image[200], 7);
  assert.equal(image.filter((byte) => byte === 9).length, 0);
});

test("a data segment whose offset is not a constant is refused, not laid out somewhere", () => {
  const data = [1, 0, 0x23, 0, 0x0b, 1, 5]; // global.get 0
  assert.throws(() => dataSegmentsImage(wasmWith(11, data)), /not a constant/);
});

test("XOR-ing a snapshot's memory image with its reference twice gives the snapshot back", () => {
  const imageStart = 16;
  const snapshot = new Uint8Array(imageStart + 64).map((_, i) => (i * 37) & 0xff);
  new DataView(snapshot.buffer).setUint32(4, imageStart, true);
  const reference = snapshot.slice(imageStart, imageStart + 40); // the memory as it was left
  reference[3] ^= 0x5a; // one byte changed since
  const stored = snapshot.slice();
  xorWithReference(stored, reference);
  assert.deepEqual([...stored.subarray(0, imageStart)], [...snapshot.subarray(0, imageStart)], "the header as is");
  assert.deepEqual([...stored.subarray(imageStart, imageStart + 40)].filter((byte) => byte !== 0), [0x5a]);
  xorWithReference(stored, reference);
  assert.deepEqual(stored, snapshot);
  const unaligned = snapshot.slice();
  xorWithReference(unaligned, reference.subarray(1)); // bytes, not words
  xorWithReference(unaligned, reference.subarray(1));
  assert.deepEqual(unaligned, snapshot);
});

test("a reference longer than the snapshot's memory image is refused", () => {
  const snapshot = new Uint8Array(24);
  new DataView(snapshot.buffer).setUint32(4, 16, true);
  assert.throws(() => xorWithReference(snapshot, new Uint8Array(12)), /shorter than its reference/);
});
