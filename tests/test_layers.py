"""The layers of docs/design.md, checked on the source: which module imports which.

Every ``import`` and ``from ... import`` in bot/ and cogs/ counts, wherever it is: at the top of
a module, inside a function (imported when it runs, but a cycle all the same: the two modules
can no longer be understood, tested or split apart one without the other) and under
``if TYPE_CHECKING:`` (not run, but mypy follows it, and an annotation that needs the other
module is a dependency on it). The two imports by a computed name (``importlib``) are in
:data:`DYNAMIC`. An import of a package's submodule is an edge to that submodule only, not to
the package's ``__init__`` that Python runs first: that a package imports its own parts is no
cycle worth reporting.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("bot", "cogs")

# imports by a computed name: the module, and the prefix of the modules it may import
DYNAMIC = {
    "bot.engines": "bot.engines.",  # every engine module (pkgutil over the package)
    "bot.games": "bot.ui.",  # each game's UI module, bot.ui.<game>
}

# Import cycles known and not broken yet: a cycle among modules all inside one of these
# packages passes; a cycle anywhere else fails. Keep it empty.
ALLOWED_CYCLES: dict[str, str] = {}

# What engines (pure rules: no Discord, no event loop, no I/O) must not import. Of the
# project's own modules they import only each other.
IMPURE = ("discord", "asyncio", "aiosqlite", "aiohttp", "sqlite3", "socket", "time")


def modules() -> dict[str, Path]:
    found = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = modules()


def imported(name: str, path: Path) -> Iterator[str]:
    """Every module name ``name`` (at ``path``) imports, as written (made absolute)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:  # a submodule, or a name of the module ``base``
                sub = f"{base}.{alias.name}"
                yield sub if sub in MODULES else base


def own(name: str) -> str | None:
    """The project's module that importing ``name`` names (``bot.ui.common.Screen``:
    ``bot.ui.common``), None for another package's."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    for name, path in MODULES.items():
        for target in map(own, imported(name, path)):
            if target is not None and target != name:
                edges[name].add(target)
        prefix = DYNAMIC.get(name)
        if prefix:
            edges[name] |= {m for m in MODULES if m.startswith(prefix)}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def reaches(edges: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    """A chain of imports from ``start`` to ``goal``, if there is one."""
    seen, todo = {start}, [[start]]
    while todo:
        chain = todo.pop()
        for w in sorted(edges[chain[-1]]):
            if w == goal:
                return [*chain, w]
            if w not in seen:
                seen.add(w)
                todo.append([*chain, w])
    return None


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_module_imports(name: str):
    importlib.import_module(name)


def test_no_import_cycles_but_the_allowed_ones():
    unexpected = [
        sorted(c)
        for c in cycles(graph())
        if not any(all(m == p or m.startswith(f"{p}.") for m in c) for p in ALLOWED_CYCLES)
    ]
    assert not unexpected, f"import cycles: {unexpected}"


def test_nothing_imports_the_bot_but_its_launcher():
    """bot.app builds the bot from everything else: the cogs, bot.answer and bot.gamecog know
    it as bot.host.Host, so that none of them, not even for an annotation, imports bot.app
    back (a cycle)."""
    edges = graph()
    importers = sorted(m for m, targets in edges.items() if "bot.app" in targets)
    assert importers == ["bot.__main__"]
    for cog in ("bot.answer", "bot.gamecog", *(m for m in MODULES if m.startswith("cogs."))):
        assert reaches(edges, cog, "bot.app") is None, reaches(edges, cog, "bot.app")


def test_engines_are_pure():
    engines = [m for m in MODULES if m == "bot.engines" or m.startswith("bot.engines.")]
    assert "bot.engines.base" in engines
    for name in engines:
        for target in imported(name, MODULES[name]):
            top = target.partition(".")[0]
            assert top not in IMPURE, f"{name} imports {target}"
            mine = own(target)
            assert mine is None or mine.startswith("bot.engines"), f"{name} imports {target}"


def test_the_check_sees_a_cycle():
    """The cycle test is not vacuous: bot.gamecog importing bot.app back (for an annotation,
    say) makes a cycle with it, and a chain through a third module is found too."""
    edges = {"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"c"}, "e": {"a"}}
    assert sorted(map(sorted, cycles(edges))) == [["a", "b"], ["c", "d"]]
    assert reaches(edges, "e", "d") == ["e", "a", "b", "c", "d"]
    back = graph()
    back["bot.gamecog"].add("bot.app")  # `if TYPE_CHECKING: from bot.app import Barkeep`
    assert {"bot.app", "bot.gamecog"} <= next(c for c in cycles(back) if "bot.app" in c)
