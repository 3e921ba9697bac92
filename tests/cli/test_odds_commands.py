"""``referee odds`` builds its commands from the questions the rulesets'
odds declare (:mod:`referee.odds.query`): it names no ruleset, offers every
declared question with its options, serves a ruleset it has never heard of,
and answers one ruleset's question without loading the others."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from referee.cli import app
from referee.cli import odds as odds_cli
from referee.core.i18n import msg, render
from referee.odds import Odds
from referee.odds.query import Param, Query, RulesetQueries, queries_for, query_rulesets

runner = CliRunner()
ODDS_CLI = Path(__file__).parents[2] / "src/referee/cli/odds.py"
WIDE = {"COLUMNS": "200"}


def test_the_odds_command_names_no_ruleset():
    text = ODDS_CLI.read_text(encoding="utf-8").replace("typer.echo", "")
    assert not re.findall(r"old.west|samurai|night.watch|echo|facility", text, re.I)


def test_the_list_of_rulesets_is_what_their_odds_declare():
    result = runner.invoke(app, ["odds", "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    listed = re.findall(r"^│ (\S+) +(.+?) +│$", result.output.split("Commands")[1], re.M)
    declared = [queries_for(name) for name in query_rulesets()]
    assert listed == [(q.ruleset, render(q.help, "en")) for q in declared if q is not None]


def _sub(group: object, ctx: Any, name: str) -> Any:
    assert isinstance(group, TyperGroup)
    return group.get_command(ctx, name)


def _command_flags(ruleset: str, question: str) -> set[str]:
    """The flags of the command ``referee odds RULESET QUESTION`` as built."""
    group = typer.main.get_command(app)
    ctx = group.make_context("referee", ["odds", ruleset, question, "--help"],
                             resilient_parsing=True)
    found = _sub(_sub(_sub(group, ctx, "odds"), ctx, ruleset), ctx, question)
    return {flag for param in found.params for flag in (*param.opts, *param.secondary_opts)}


@pytest.mark.parametrize("ruleset", query_rulesets())
def test_every_declared_question_is_a_command_with_its_options(ruleset: str):
    queries = queries_for(ruleset)
    assert queries is not None
    for query in queries.queries:
        flags = {f for p in query.params for flag in (p.flags or (p.flag,))
                 for f in flag.split("/")}
        assert _command_flags(ruleset, query.name) == \
            flags | {"--json", "--plot", "--lang", "--force"}


def _two_dice(sides: int, at_least: int) -> Odds:
    """Two dice, both showing ``at_least`` or more: ((sides − at_least + 1)/sides)²."""
    one = Fraction(sides - at_least + 1, sides)
    return Odds("dice", "both", msg("odds.ow.wounded"), one * one,
                MappingProxyType({"wounded": one * one, "unhurt": 1 - one * one}),
                MappingProxyType({"wounded": msg("odds.ow.wounded"),
                                  "unhurt": msg("odds.ow.unhurt")}),
                MappingProxyType({"sides": sides, "at_least": at_least}))


DICE = RulesetQueries("dice", msg("odds.ow.strength"), (
    Query("both", msg("odds.ow.toughness"), (
        Param("sides", int, msg("odds.ow.pluck-name"), 6, low=2, high=20),
        Param("at_least", int, msg("odds.ow.fame-name"), low=1, high=20),
    ), _two_dice),
))


def test_a_ruleset_the_command_has_never_heard_of_is_served(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(odds_cli, "query_rulesets", lambda: [*query_rulesets(), "dice"])
    monkeypatch.setattr(odds_cli, "queries_for",
                        lambda name: DICE if name == "dice" else queries_for(name))
    result = runner.invoke(app, ["odds", "dice", "both", "--at-least", "5", "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["probability"] == "1/9" and answer["sides"] == 6
    refused = runner.invoke(app, ["odds", "dice", "both", "--at-least", "21"], env=WIDE)
    assert refused.exit_code == 2 and "--at-least" in refused.output
    listed = runner.invoke(app, ["odds", "--help"], env=WIDE)
    assert "dice" in listed.output and "Strength" in listed.output


def test_an_unknown_ruleset_is_refused_with_a_suggestion():
    result = runner.invoke(app, ["odds", "old-wes", "wound"])
    assert result.exit_code == 2
    assert "No such command 'old-wes'" in result.output and "'old-west'" in result.output


def test_a_cover_not_among_the_choices_names_every_choice():
    result = runner.invoke(app, ["odds", "samurai", "shot", "--shooting", "3", "--distance",
                                 "9", "--cover", "non", "--lang", "en"])
    assert result.exit_code == 2
    assert "--cover: expected `none`, `light`, or `heavy`, not `non` (did you mean `none`?)" \
        in result.output


def _help_of(option: str, shown: str) -> str:
    """The lines of ``--help`` from ``option``'s to the next option's."""
    return shown.split(f"│ {option} ")[1].split("│ --")[0]


def test_the_house_rules_show_their_defaults_in_the_help():
    result = runner.invoke(app, ["odds", "old-west", "round", "--help"], env=WIDE)
    assert result.exit_code == 0
    fortune_save = _help_of("--fortune-save", result.output)
    assert "House rule: a Fortune point's roll keeps the Wound on this or more." in fortune_save
    assert "[default: 4]" in fortune_save
    fame_cap = _help_of("--fame-cap", result.output)
    assert "[6<=x<=12]" in fame_cap and "[default: 6]" in fame_cap


RULESET_PACKAGES = ("referee.games.samurai", "referee.games.echo", "referee.games.night_watch",
                    "referee.games.facility", "referee.games.old_west.ruleset",
                    "referee.games.old_west.scenario")
OTHER_ODDS = ("referee.odds.samurai", "referee.odds.samurai_fight", "referee.odds.echo",
              "referee.odds.samurai_queries", "referee.odds.echo_queries",
              "referee.odds.at_the_table")


def test_one_question_loads_its_rulesets_tables_and_odds_alone():
    """From a fresh process, as ``referee odds old-west wound`` runs."""
    watched = RULESET_PACKAGES + OTHER_ODDS
    probe = ("import json, sys\n"
             "sys.argv = ['referee', 'odds', 'old-west', 'wound', '--strength', '3',"
             " '--toughness', '4']\n"
             "from referee.cli.app import main\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             f"print(json.dumps(sorted(m for m in sys.modules if any(\n"
             f"    m == p or m.startswith(p + '.') for p in {watched!r}))))")
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                          text=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Wound roll, Strength 3 against Toughness 4 (needs 5)")
    assert json.loads(lines[-1]) == []
