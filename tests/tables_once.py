"""The book's numbers once (DESIGN idea 4): the tool of each ruleset's test
that no module keeps a copy of what the ruleset's ``tables.py`` holds.

A copy is a module-level name, bound anywhere but in ``tables.py``, that
``tables.py`` also binds, in a module that reads the ruleset (its own
package, or any module importing from it: the odds, the bots, the
display): ``SHOT_DICE = 2`` beside ``tables.SHOT_DICE``. Importing the name,
or binding it to the tables' own object (``SHOT_DICE = tables.SHOT_DICE``),
is reading it, not a copy.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src"


def _module_bindings(tree: ast.Module) -> Iterator[tuple[str, ast.expr | None, int]]:
    """Every name bound at the module's top level by an assignment, with its value."""
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        yield name.id, node.value, node.lineno
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id, node.value, node.lineno


def table_names(ruleset: str) -> set[str]:
    """The constants ``games/<ruleset>/tables.py`` binds (its upper-case names)."""
    tree = ast.parse(_tables(ruleset).read_text(encoding="utf-8"))
    return {name for name, _, _ in _module_bindings(tree) if name.isupper()}


def _tables(ruleset: str) -> Path:
    return SOURCE / "referee" / "games" / ruleset / "tables.py"


def _imported(node: ast.AST) -> list[str]:
    """The modules an import statement names."""
    if isinstance(node, ast.ImportFrom):
        return [node.module] if node.module else []
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    return []


def _reads(tree: ast.Module, package: str) -> bool:
    """Whether the module imports the ruleset's package or a module of it."""
    return any(module == package or module.startswith(package + ".")
               for node in ast.walk(tree) for module in _imported(node))


def _is_the_tables_own(value: ast.expr | None, name: str) -> bool:
    """``tables.NAME``, the imported ``NAME`` itself, or a setting's default
    read from the settings model (``DEFAULTS.name``): reading, not copying."""
    if isinstance(value, ast.Attribute):
        return value.attr.upper() == name
    return isinstance(value, ast.Name) and value.id == name


def copies_of_the_tables(ruleset: str) -> list[str]:
    """``path:line NAME`` for each copy of a name of the ruleset's tables."""
    package = f"referee.games.{ruleset}"
    names = table_names(ruleset)
    home = SOURCE / "referee" / "games" / ruleset
    found: list[str] = []
    for path in sorted((SOURCE / "referee").rglob("*.py")):
        if path == _tables(ruleset):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if home not in path.parents and not _reads(tree, package):
            continue
        found += [f"{path.relative_to(SOURCE)}:{line} {name}"
                  for name, value, line in _module_bindings(tree)
                  if name in names and not _is_the_tables_own(value, name)]
    return found
