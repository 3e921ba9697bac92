"""Old West's layers: the rules import nothing above them (bots, odds, the
terminal, pictures), no two of its modules import each other in a circle,
and what serves the rules — the picture, the bot policy, the odds at the
table — is found through the entry points under the ruleset's name and reads
the seat's whole view."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from referee.bots.policy import policy_for
from referee.core.drivers import Ask
from referee.core.ruleset import find_ruleset
from referee.display import display_for
from referee.games.old_west.display import OldWestDisplay
from referee.games.old_west.policy import OldWestPolicy
from referee.games.old_west.table_odds import OldWestTableOdds
from referee.odds.at_the_table import table_odds_for
from tests.games.old_west.ow import LAW_FIRST, build, m

PACKAGE = Path(__file__).resolve().parents[3] / "src/referee/games/old_west"
ABOVE = ("referee.bots", "referee.odds", "referee.cli", "referee.display", "referee.server")
SURFACES = {"display", "picture", "policy", "table_odds"}
"""The package's modules above its rules: none of the rules imports them."""


def imports_of(module: str) -> set[str]:
    """The package's modules that ``module`` imports."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "referee.games.old_west":
                found |= {alias.name for alias in node.names}
            elif node.module.startswith("referee.games.old_west."):
                found.add(node.module.rsplit(".", 1)[1])
    return found


def test_no_module_of_the_package_imports_itself_through_others():
    graph = {path.stem: imports_of(path.stem) for path in PACKAGE.glob("*.py")}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(d == goal or (d not in seen and reaches(d, goal, seen | {d}))
                   for d in graph.get(start, ()))

    assert [module for module in graph if reaches(module, module, {module})] == []


def test_the_rules_import_nothing_above_them():
    probe = ("import sys, json\nimport referee.games.old_west.ruleset\n"
             f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({ABOVE!r}))))")
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                          text=True)
    assert json.loads(done.stdout) == []
    rules = {path.stem for path in PACKAGE.glob("*.py")} - SURFACES
    assert {module for module in rules if imports_of(module) & SURFACES} == set()


def test_the_surfaces_are_found_by_the_rulesets_name():
    ruleset = find_ruleset("old-west")
    assert isinstance(display_for(ruleset), OldWestDisplay)
    assert isinstance(policy_for(ruleset), OldWestPolicy)
    assert isinstance(table_odds_for(ruleset), OldWestTableOdds)


def test_the_registered_policy_never_picks_the_move_to_a_point():
    """The bot's leaning is the policy's, above the rules."""
    game = build([m("law", 12, 2)], [m("o1", 12, 21)])
    game.feed(*LAW_FIRST)
    ask = Ask.of(game, "lawmen")
    policy = policy_for(ask.ruleset)
    assert policy is not None
    weights = policy.weights(ask)
    assert weights is not None
    assert dict(zip([o.value for o in ask.options], weights, strict=True))["point"] == 0.0
