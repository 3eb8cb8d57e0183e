"""The engine's modules import in layers: no import circle, function-level imports included.

Every ``import`` and ``from ... import`` in every module of pkg/toutes_tables is read from the
source (those inside functions and ``TYPE_CHECKING`` blocks too: a lazy import is still a use),
and the strongly connected components of that graph are listed; any component of more than one
module is an import circle, e.g. records reading games while games write records. Records read
and write games, games do not import records; the chouette service registers itself with the
game service rather than being imported by it.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pkg" / "toutes_tables"


def module_names() -> dict[str, Path]:
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def import_graph() -> dict[str, set[str]]:
    """For each module, the package's modules it imports (``from pkg import name`` counts ``pkg.name``, a module)."""
    names = module_names()
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        used: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join([*base, node.module] if node.module else base)
                else:
                    target = node.module or ""
                submodules = [f"{target}.{alias.name}" for alias in node.names]
                # ``from . import bearoff`` uses the module bearoff; the package only for a name defined in it.
                named_in_package = any(module not in names for module in submodules)
                candidates = [*([target] if named_in_package else []), *submodules]
            elif isinstance(node, ast.Import):
                candidates = [alias.name for alias in node.names]
            else:
                continue
            used.update(c for c in candidates if c in names and c != name)
        graph[name] = used
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


def test_the_graph_sees_function_level_imports() -> None:
    graph = import_graph()
    assert "toutes_tables.position" in graph["toutes_tables.movegen"]
    assert "toutes_tables.game" in graph["toutes_tables.matchid"]  # imported inside match_state
    assert import_circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_engine_has_no_import_circle() -> None:
    assert import_circles(import_graph()) == []


# The modules below the AI: the rules, the game and match, and every notation and record format. The AI reads them;
# they never use it (a notation that needed the network would load it wherever an ID is read).
BELOW_THE_AI = (
    "errors", "position", "rules", "movegen", "play", "notation", "starts", "turn", "game", "match", "matchid",
    "xgid", "record", "matfile", "matimport", "messages", "words", "dice_words", "display", "svg",
)


def test_the_rules_games_and_notations_do_not_import_the_ai() -> None:
    graph = import_graph()
    above = {
        module: sorted(d for d in graph[f"toutes_tables.{module}"] if d.startswith("toutes_tables.ai"))
        for module in BELOW_THE_AI
    }
    assert {module: used for module, used in above.items() if used} == {}
