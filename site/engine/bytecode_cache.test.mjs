// Tests of the boot's bytecode cache (bytecode_cache.py) in the site's own Pyodide under Node:
// `node --test site/engine/`. Modules are recorded, forgotten, then imported again through the cache.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, test } from "node:test";

const PYODIDE = new URL("../../node_modules/pyodide/", import.meta.url);
let pyodide;

before(async () => {
  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE).href);
  pyodide = await loadPyodide({ indexURL: PYODIDE.pathname });
  pyodide.FS.mkdirTree("/tmp/finder");
  pyodide.FS.writeFile("/tmp/finder/bytecode_cache.py", readFileSync(new URL("bytecode_cache.py", import.meta.url)));
  pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp/finder")
import bytecode_cache
sys.path.remove("/tmp/finder")
`);
});

/** Runs `code` in a fresh namespace that has `bytecode_cache`; returns the value of its last expression. */
function python(code) {
  const namespace = pyodide.runPython("{'bytecode_cache': bytecode_cache}");
  try {
    const result = pyodide.runPython(code, { globals: namespace });
    return result?.toJs ? result.toJs({ dict_converter: Object.fromEntries }) : result;
  } finally {
    namespace.destroy();
  }
}

test("a recorded package and module run from their recorded code, with their usual file, path and spec", () => {
  const found = python(`
import importlib, os, sys
os.makedirs("/tmp/demo/pkg", exist_ok=True)
with open("/tmp/demo/pkg/__init__.py", "w") as f: f.write("NAME = 'package'\\n")
with open("/tmp/demo/pkg/mod.py", "w") as f: f.write("def where():\\n    return __file__\\n")
sys.path.insert(0, "/tmp/demo")
importlib.invalidate_caches()
before = set(sys.modules)
import pkg.mod
usual = (pkg.__file__, list(pkg.__path__), pkg.mod.__file__, pkg.mod.__spec__.origin, pkg.mod.where())
blob = bytecode_cache.record(before)
del sys.modules["pkg"], sys.modules["pkg.mod"]
cache = bytecode_cache.install(blob)
try:
    import pkg.mod
finally:
    sys.meta_path.remove(cache)
    sys.path.remove("/tmp/demo")
again = (pkg.__file__, list(pkg.__path__), pkg.mod.__file__, pkg.mod.__spec__.origin, pkg.mod.where())
{"served": cache.served, "compiled": cache.compiled, "same": usual == again, "name": pkg.NAME,
 "source": pkg.mod.__loader__.get_source("pkg.mod")}
`);
  assert.deepEqual(found.served, ["pkg", "pkg.mod"]);
  assert.deepEqual(found.compiled, []);
  assert.equal(found.same, true);
  assert.equal(found.name, "package");
  assert.equal(found.source, "def where():\n    return __file__\n"); // tracebacks still show the source
});

test("a module whose source changed since it was recorded is compiled from its new source", () => {
  const found = python(`
import importlib, os, sys
os.makedirs("/tmp/changed", exist_ok=True)
with open("/tmp/changed/changing.py", "w") as f: f.write("VALUE = 1\\n")
sys.path.insert(0, "/tmp/changed")
importlib.invalidate_caches()
before = set(sys.modules)
import changing
blob = bytecode_cache.record(before)
del sys.modules["changing"]
with open("/tmp/changed/changing.py", "w") as f: f.write("VALUE = 2\\n")
cache = bytecode_cache.install(blob)
try:
    import changing
finally:
    sys.meta_path.remove(cache)
    sys.path.remove("/tmp/changed")
{"served": cache.served, "compiled": cache.compiled, "value": changing.VALUE}
`);
  assert.deepEqual(found.served, []);
  assert.deepEqual(found.compiled, ["changing"]);
  assert.equal(found.value, 2);
});

test("a standard-library module is served from the runtime's zip, its loader's resources still there", () => {
  const found = python(`
import sys, zipimport
before = set(sys.modules)
import colorsys
zipped = isinstance(colorsys.__spec__.loader, zipimport.zipimporter)
usual = (colorsys.__file__, colorsys.__spec__.origin)
blob = bytecode_cache.record(before)
del sys.modules["colorsys"]
cache = bytecode_cache.install(blob)
try:
    import colorsys
finally:
    sys.meta_path.remove(cache)
{"zipped": zipped, "served": cache.served, "same": usual == (colorsys.__file__, colorsys.__spec__.origin),
 "works": colorsys.rgb_to_hsv(1.0, 0.0, 0.0), "source": "def rgb_to_hsv" in colorsys.__loader__.get_source("colorsys")}
`);
  assert.equal(found.zipped, true);
  assert.deepEqual(found.served, ["colorsys"]);
  assert.equal(found.same, true);
  assert.deepEqual(found.works, [0, 1, 1]);
  assert.equal(found.source, true);
});

test("bytecode of another Python (magic number) serves nothing", () => {
  const found = python(`
import marshal, sys
before = set(sys.modules)
import fractions
magic, modules = marshal.loads(bytecode_cache.record(before))
del sys.modules["fractions"]
cache = bytecode_cache.install(marshal.dumps((b"\\0\\0\\r\\n", modules)))
try:
    import fractions
finally:
    sys.meta_path.remove(cache)
{"recorded": "fractions" in modules, "served": cache.served, "works": str(fractions.Fraction(1, 3) * 3)}
`);
  assert.equal(found.recorded, true);
  assert.deepEqual(found.served, []);
  assert.equal(found.works, "1");
});
