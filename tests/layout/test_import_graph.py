"""The layout keeps its promises, read from the source's import statements:

* the rules of each game import no UI, server or numeric framework;
* the shared shells (core, bots, server, terminal, RL, commands) import no game;
* no module-level import cycles.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "sleuth"
FRAMEWORKS = ("textual", "rich", "fastapi", "starlette", "uvicorn", "sqlalchemy", "typer",
              "numpy", "gymnasium", "pettingzoo", "pydantic")  # fmt: skip
SHOWN = ("tui", "board_text", "rl", "cli", "companion")
"""A game's modules that show it (terminal, RL, commands, companion): the rest are its rules."""
SHELLS = ("sleuth.core", "sleuth.bots", "sleuth.server", "sleuth.tui", "sleuth.rl",
          "sleuth.commands", "sleuth.cli")  # fmt: skip


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}


def top_level_imports(name: str) -> set[str]:
    """What a module imports when it is imported (not the imports inside functions)."""
    tree = ast.parse(MODULES[name].read_text())
    found: set[str] = set()
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in ast.walk(node) if not isinstance(node, ast.FunctionDef | ast.ClassDef) else []:
            if isinstance(sub, ast.Import):
                found.update(alias.name for alias in sub.names)
            elif isinstance(sub, ast.ImportFrom):
                base = sub.module or ""
                if sub.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - sub.level + 1])
                    base = f"{base}.{sub.module}" if sub.module else base
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in sub.names)
    return {f for f in found if f in MODULES or not f.startswith("sleuth")}


def reach(start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in MODULES:
            todo.extend(top_level_imports(name))
            parent = name.rpartition(".")[0]
            if parent in MODULES:
                todo.append(parent)  # importing a module imports its packages first
    return seen


def is_rules(name: str) -> bool:
    parts = name.split(".")
    return len(parts) >= 4 and parts[1] == "games" and parts[3] not in SHOWN


RULES = sorted(n for n in MODULES if is_rules(n))


def test_the_games_rules_modules_are_found() -> None:
    assert "sleuth.games.kojak.state" in RULES and "sleuth.games.kojak.tui" not in RULES
    assert not any(".companion" in n for n in RULES)


@pytest.mark.parametrize("name", RULES)
def test_rules_import_no_framework(name: str) -> None:
    frameworks = {m.split(".")[0] for m in reach(name) if not m.startswith("sleuth")}
    assert not frameworks & set(FRAMEWORKS), f"{name} pulls in {frameworks & set(FRAMEWORKS)}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith(SHELLS)))
def test_shells_import_no_game(name: str) -> None:
    games = {m for m in reach(name) if m.startswith("sleuth.games.")}
    assert not games, f"{name} imports {sorted(games)[:3]}"


def test_no_import_cycles() -> None:
    graph = {n: {m for m in top_level_imports(n) if m in MODULES and m != n} for n in MODULES}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt) :] + [nxt]
                raise AssertionError(f"import cycle: {' -> '.join(cycle)}")
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
