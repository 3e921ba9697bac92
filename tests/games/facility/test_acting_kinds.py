"""The turn's action passes go only through characters whose plans hold an
order of a kind in ``turn.ACTING`` (worked out once a turn). A pass asking
for any other kind would silently skip the characters holding only that
kind, so every pass in the ruleset must ask for one of those kinds."""

from __future__ import annotations

import ast
from pathlib import Path

import referee.games.facility as facility
from referee.games.facility.turn import ACTING


def _kinds_asked() -> list[tuple[str, int, str | None]]:
    """(file, line, the plan's field read) of every ``with_orders`` call."""
    found: list[tuple[str, int, str | None]] = []
    for path in sorted(Path(facility.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "with_orders"):
                picker = node.args[0] if node.args else None
                body = picker.body if isinstance(picker, ast.Lambda) else None
                field = body.attr if isinstance(body, ast.Attribute) else None
                found.append((path.name, node.lineno, field))
    return found


def test_every_action_pass_asks_for_a_kind_the_turn_looks_through() -> None:
    asked = _kinds_asked()
    assert asked, "no action pass found: the test no longer reads the ruleset"
    wrong = [(name, line, field) for name, line, field in asked if field not in ACTING]
    assert wrong == [], f"passes asking for a kind the turn skips: {wrong}"
