"""Start-up: a command imports its own module only, and the list of commands
says of each what the command's own help says."""

from __future__ import annotations

import importlib

import typer
from typer.testing import CliRunner

from referee.cli import app
from referee.cli.app import COMMANDS
from tests.cli.fresh import run_fresh


def _first_paragraph(text: str) -> str:
    return " ".join(text.strip().split("\n\n")[0].split())


def test_each_listed_summary_is_the_first_paragraph_of_the_commands_own_help() -> None:
    for listed in COMMANDS.values():
        importlib.import_module(listed.module)
    group = typer.main.get_group(app)
    registered = {name for name in group.commands}
    assert registered <= set(COMMANDS), registered - set(COMMANDS)
    for name, listed in COMMANDS.items():
        command = group.commands.get(name) or group.get_command(None, name)  # type: ignore[arg-type]
        assert command is not None, name
        assert _first_paragraph(command.help or "") == listed.summary, name


def test_every_command_is_listed_and_runs_by_its_name() -> None:
    shown = CliRunner().invoke(app, ["--help"], terminal_width=200)
    assert shown.exit_code == 0
    for name in COMMANDS:
        assert f" {name} " in shown.output, name
    assert CliRunner().invoke(app, ["schema", "--help"]).exit_code == 0
    assert CliRunner().invoke(app, ["no-such-command"]).exit_code == 2


def test_help_in_a_fresh_process_loads_no_command_no_ruleset_and_no_catalogue() -> None:
    ran = run_fresh(["--help"],
                    watched=["referee.cli.play", "referee.cli.resolve", "referee.cli.serve"],
                    prefixes=["referee.games", "referee.odds", "referee.server", "referee.bots",
                              "referee.core.i18n"])
    assert "play" in ran.output
    assert ran.loaded == "LOADED []"


def test_rulesets_in_a_fresh_process_loads_no_rules_of_play_and_no_view_models() -> None:
    """Listing the rulesets reads what each declares and its example's
    seats: the rules of a turn and the view models wait for a game, and
    Fluent for a text that needs it (the list's are plain)."""
    waiting = ["referee.games.echo.order", "referee.games.old_west.turn",
               "referee.games.samurai.turn", "referee.games.echo.view",
               "referee.games.old_west.view", "referee.games.samurai.view",
               "fluent.runtime"]
    ran = run_fresh(["rulesets"], watched=waiting)
    assert "old-west" in ran.output and "samurai" in ran.output
    assert ran.loaded == "LOADED []"
