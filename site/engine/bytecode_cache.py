"""Compiled bytecode for the modules the engine worker imports while it boots.

Pyodide's standard library and the wheels carry Python sources only, so every module the boot imports
(micropip with its vendored packaging, the standard-library modules they need, the engine) is compiled
from source in the browser, and that compiling is most of the time the boot spends once the runtime is
up. The site build (``scripts/boot_bytecode.mjs``) runs the same boot under Node with the same Pyodide
and keeps the code of every module it imported (``record``); the worker installs ``BytecodeCache`` in
front of the import system before anything else, so those modules run from that code instead.

A module is served from the cache only if the source the import system would read (same file, same
bytes: the hash of its source is checked at import) is the one it was compiled from, and only by the
same Python (magic number); anything else is imported the ordinary way. The modules are found where
the build found them (their path in the standard library's zip or in site-packages), which is where the
worker's identical boot puts them; the cache never changes what is imported, only skips compiling it.
"""

from __future__ import annotations

import marshal
import sys
import zipimport
from importlib.machinery import ModuleSpec, SourceFileLoader
from importlib.util import MAGIC_NUMBER, source_hash, spec_from_file_location
from types import CodeType, ModuleType
from typing import Any

# name -> (path of its source, is a package, path is inside a zip archive, hash of the source, code)
Entry = tuple[str, bool, bool, bytes, CodeType]


class CachedCodeLoader:
    """Runs a module from its cached code; everything else (sources, resources) is its usual loader's."""

    def __init__(self, fullname: str, origin: str, in_zip: bool, code: CodeType) -> None:
        self._fullname, self._origin, self._in_zip, self._code = fullname, origin, in_zip, code
        self._usual: Any = None

    @property
    def usual_loader(self) -> Any:
        if self._usual is None:
            if self._in_zip:  # the zipimporter of the module's directory, as the path finder would make it
                self._usual = zipimport.zipimporter(self._origin.rpartition("/")[0])
            else:
                self._usual = SourceFileLoader(self._fullname, self._origin)
        return self._usual

    def create_module(self, spec: ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self._code, module.__dict__)

    def get_code(self, fullname: str) -> CodeType:
        return self._code

    def __getattr__(self, name: str) -> Any:
        return getattr(self.usual_loader, name)


class BytecodeCache:
    """A meta path finder serving the recorded modules whose source is unchanged."""

    def __init__(self, modules: dict[str, Entry]) -> None:
        self._modules = modules
        self.served: list[str] = []
        self.compiled: list[str] = []  # recorded, but their source differs or is gone

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        entry = self._modules.pop(fullname, None)  # a module is imported once; a reload compiles it
        if entry is None:
            return None
        origin, is_package, in_zip, expected_hash, code = entry
        loader = CachedCodeLoader(fullname, origin, in_zip, code)
        try:
            source = loader.get_data(origin)
        except OSError:
            source = None
        if source is None or source_hash(source) != expected_hash:
            self.compiled.append(fullname)
            return None  # the ordinary finders take it from here
        self.served.append(fullname)
        # Found where a path finder finds it (its __file__, __path__ and __spec__ are the usual ones),
        # without zipimport's find_spec, which compiles a module just to name its file.
        return spec_from_file_location(
            fullname, origin, loader=loader, submodule_search_locations=[] if is_package else None
        )


def install(blob: bytes) -> BytecodeCache:
    """Put the cache recorded in ``blob`` first in ``sys.meta_path``; an unusable blob serves nothing."""
    magic, modules = marshal.loads(blob)
    cache = BytecodeCache(modules if magic == MAGIC_NUMBER else {})
    sys.meta_path.insert(0, cache)
    return cache


def record(before: set[str]) -> bytes:
    """The code of every module imported from a source file since ``before`` was taken from sys.modules."""
    modules: dict[str, Entry] = {}
    for name in sorted(set(sys.modules) - before):
        spec = getattr(sys.modules[name], "__spec__", None)
        if spec is None or spec.loader is None or not (spec.origin or "").endswith(".py"):
            continue  # built in, a namespace package, a JS module
        source = spec.loader.get_data(spec.origin)
        code = compile(source, spec.origin, "exec", dont_inherit=True)
        in_zip = isinstance(spec.loader, zipimport.zipimporter)
        modules[name] = (spec.origin, spec.submodule_search_locations is not None, in_zip, source_hash(source), code)
    return marshal.dumps((MAGIC_NUMBER, modules))
