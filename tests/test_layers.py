"""Dependencies run one way (docs/architecture.md, "The layers"):
core ← boards ← rules ← (bots, odds, display) ← (cli, server). Read from every
module's imports, the lazy ones inside functions and those for type checking
included: an import is a dependency however late it runs."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from referee.core import plugins
from referee.core.ruleset import RULESETS_GROUP

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "referee"
FLOORS = {"core": 0, "boards": 1, "games": 2, "bots": 3, "odds": 3, "display": 3,
          "envs": 3, "cli": 4, "server": 4, "runtime": 3}
ABOVE_THE_RULES = ("referee.bots", "referee.odds", "referee.display", "referee.envs",
                   "referee.cli", "referee.server", "referee.runtime")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


@cache
def imports_of(name: str) -> frozenset[str]:
    """The project modules ``name`` imports (a package's ``from p import m``
    counted as the module ``p.m`` where there is one)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            submodules = {f"{node.module}.{alias.name}" for alias in node.names}
            found.update(submodules & MODULES.keys())
            if not submodules <= MODULES.keys():
                found.add(node.module)
    return frozenset(m for m in found if m in MODULES and m != name)


def floor_of(name: str) -> int | None:
    parts = name.split(".")
    return FLOORS.get(parts[1]) if len(parts) > 1 else None


def rules_of(ruleset_module: str) -> set[str]:
    """Every module the ruleset's class imports, directly or not."""
    seen, todo = set(), [ruleset_module]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(imports_of(name))
    return seen


RULESET_MODULES = sorted(entry.value.split(":")[0]
                         for entry in plugins.entry_points(RULESETS_GROUP).values())


@pytest.mark.parametrize("ruleset_module", RULESET_MODULES)
def test_the_rules_import_nothing_above_them(ruleset_module: str):
    above = {f"{name} -> {other}" for name in rules_of(ruleset_module)
             for other in imports_of(name) if other.startswith(ABOVE_THE_RULES)}
    assert above == set()


def test_no_module_imports_from_a_floor_above_its_own():
    upward = []
    for name in MODULES:
        mine = floor_of(name)
        if mine is None or name.startswith("referee.games."):
            continue  # a ruleset's package also holds what serves it from above
        upward += [f"{name} -> {other}" for other in imports_of(name)
                   if (theirs := floor_of(other)) is not None and theirs > mine]
    assert upward == []


def test_the_core_imports_no_ruleset():
    assert [f"{name} -> {other}" for name in MODULES if name.startswith("referee.core")
            for other in imports_of(name) if other.startswith("referee.games")] == []


def test_there_is_no_import_circle_between_files():
    """Depth-first search for a back edge over every module's imports."""
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for other in sorted(imports_of(name)):
            if state.get(other) == 1:
                circles.append([*path[path.index(other):], other])
            elif other not in state:
                visit(other, [*path, other])
        state[name] = 2

    for name in sorted(MODULES):
        if name not in state:
            visit(name, [name])
    assert circles == []
