"""The command line works through the public game API only: no module under
src/referee/cli/ imports a ruleset package (referee.games.*)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CLI = Path(__file__).resolve().parents[2] / "src" / "referee" / "cli"


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                names.append("referee.cli." + (node.module or ""))
            else:
                names.append(node.module or "")
                names += [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and node.args \
                and isinstance(node.args[0], ast.Constant) \
                and (getattr(node.func, "id", "") == "__import__"
                     or getattr(node.func, "attr", "") == "import_module"):
            names.append(str(node.args[0].value))
    return names


def test_there_are_cli_modules_to_check() -> None:
    assert len(list(CLI.glob("*.py"))) >= 5


@pytest.mark.parametrize("path", [pytest.param(path, id=path.name)
                                  for path in sorted(CLI.glob("*.py"))])
def test_no_cli_module_imports_a_ruleset_package(path: Path) -> None:
    games = [name for name in imported_modules(path)
             if name == "referee.games" or name.startswith("referee.games.")]
    assert games == [], f"{path.name} imports {games}"


def test_the_scan_sees_every_form_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import referee.games.facility\n"
                      "from referee.games import old_west\n"
                      "from referee import games\n"
                      "__import__('referee.games.night_watch')\n", encoding="utf-8")
    found = imported_modules(sample)
    assert "referee.games.facility" in found and "referee.games" in found
    assert "referee.games.night_watch" in found
