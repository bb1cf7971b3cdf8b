"""The arrows between our packages point one way; no cycles; only memory_store runs SQL.

Imports are read with `ast` (every import statement, at any depth, including TYPE_CHECKING
blocks), so a new arrow that runs the wrong way fails here before it is reviewed.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("agent", "memory_store", "eval", "benchmarks", "prompts")

# Which of our top-level packages each layer may import (besides itself).
ALLOWED: dict[str, set[str]] = {
    "memory_store": set(),
    "prompts": set(),
    "agent": {"memory_store", "prompts"},
    "agent.cli": {"agent", "memory_store", "prompts", "eval", "benchmarks"},
    "eval": {"agent", "memory_store", "prompts"},
    "benchmarks": {"agent", "memory_store", "eval", "prompts"},
}
# `python -m agent` is the CLI's shim.
SHIMS = {"agent.__main__": "agent.cli"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES: dict[str, Path] = {
    _module_name(p): p
    for pkg in PACKAGES
    for p in sorted((ROOT / pkg).rglob("*.py"))
    if "__pycache__" not in p.parts
}


def _imports(name: str) -> set[str]:
    """Our modules that `name` imports (resolved to the longest module we have)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join([*base, node.module] if node.module else base)
            else:
                mod = node.module or ""
            # `from pkg import submodule` depends on the submodule, not on pkg's __init__
            subs = [f"{mod}.{a.name}" for a in node.names if f"{mod}.{a.name}" in MODULES]
            targets = subs if len(subs) == len(node.names) else [*subs, mod]
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            # every module needs its parent packages imported first: not an arrow of its own
            if target and target != name and not name.startswith(target + "."):
                found.add(target)
    return found


GRAPH = {name: _imports(name) for name in MODULES}


def _layer(name: str) -> str:
    return (
        "agent.cli" if name == "agent.cli" or name.startswith("agent.cli.") else name.split(".")[0]
    )


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_point_down_the_layers(name: str) -> None:
    layer = _layer(name)
    allowed = ALLOWED[layer] | {layer.split(".")[0]}
    wrong = sorted(
        target
        for target in GRAPH[name]
        if SHIMS.get(name) != _layer(target)
        and (
            target.split(".")[0] not in allowed
            or (layer == "agent" and _layer(target) == "agent.cli")
        )
    )
    assert not wrong, f"{name} ({layer}) must not import {wrong}"


def test_no_import_cycles() -> None:
    """Module level: no module reaches itself through the imports it makes."""
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(GRAPH[node]):
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(GRAPH):
        if name not in state:
            visit(name)
    assert not cycles, "import cycles: " + "; ".join(" → ".join(c) for c in cycles)


def test_no_package_cycles() -> None:
    """Package level (agent.cli counted apart from agent): no two layers import each other."""
    edges = {(_layer(a), _layer(b)) for a, targets in GRAPH.items() for b in targets}
    edges -= {(a, b) for a, b in edges if a == b}
    edges -= {(_layer(m), target) for m, target in SHIMS.items()}
    both = sorted((a, b) for a, b in edges if (b, a) in edges and a < b)
    assert not both, f"packages import each other: {both}"


def _sql_calls(path: Path) -> list[str]:
    """`.execute(`/`.executemany(`/`.sql(` calls and uses of a Store's `.con`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hits = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"execute", "executemany", "sql", "exec_", "one"}
        ):
            hits.append(f"{path.name}:{node.lineno} .{node.func.attr}(")
        if isinstance(node, ast.Attribute) and node.attr == "con":
            hits.append(f"{path.name}:{node.lineno} .con")
    return hits


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not n.startswith("memory_store")))
def test_only_memory_store_runs_sql(name: str) -> None:
    assert not _sql_calls(MODULES[name])


@pytest.mark.parametrize("package", ["agent", "memory_store", "agent.cli"])
def test_public_names_exist(package: str) -> None:
    module = importlib.import_module(package)
    assert module.__all__, f"{package} has no __all__"
    missing = [n for n in module.__all__ if not hasattr(module, n)]
    assert not missing


def test_every_all_names_exist() -> None:
    for name in MODULES:
        tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
        if not any(
            isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in n.targets)
            for n in tree.body
        ):
            continue
        if name.endswith("__main__"):
            continue
        module = importlib.import_module(name)
        missing = [n for n in module.__all__ if not hasattr(module, n)]
        assert not missing, f"{name}.__all__ names {missing}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_names_cross_modules(name: str) -> None:
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    crossing = [
        f"{node.module}.{a.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module
        and node.module.split(".")[0] in PACKAGES
        for a in node.names
        if a.name.startswith("_") and not a.name.startswith("__")
    ]
    assert not crossing, f"{name} imports private names {crossing}"


def test_typed_packages() -> None:
    assert (ROOT / "agent" / "py.typed").exists()
    assert (ROOT / "memory_store" / "py.typed").exists()


LANGCHAIN = {"langchain", "langchain_core", "langchain_openai", "langchain_classic"}


def _third_party_imports(path: Path) -> set[str]:
    """Top-level names of every package a module imports (any depth, as above)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module.split(".")[0])
    return names


# benchmarks/ compares memlane with a LangChain baseline: it imports LangChain to run it.
@pytest.mark.parametrize("name", sorted(n for n in MODULES if not n.startswith("benchmarks")))
def test_only_the_llm_package_imports_langchain(name: str) -> None:
    if name == "agent.llm" or name.startswith("agent.llm."):
        return
    found = sorted(_third_party_imports(MODULES[name]) & LANGCHAIN)
    assert not found, f"{name} imports {found}: LangChain belongs in agent/llm/ alone"
