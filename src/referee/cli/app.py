"""The typer application every command module registers on.

A command's module is imported when that command runs, so ``referee
--help`` and each command start without the others' modules (the server,
the odds, the bots): :data:`COMMANDS` says which module holds each command
and what the list of commands says of it.
"""

from __future__ import annotations

import gc
import importlib
import re
from dataclasses import dataclass
from typing import Literal

import typer
from typer import _click as click  # the click typer ships and builds its commands with
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

HELP_MARKUP: Literal["markdown"] = "markdown"
"""Help texts are read as Markdown: a paragraph's lines are joined, so a
docstring's line breaks never break a sentence on the screen."""


@dataclass(frozen=True)
class Listed:
    """A command as the list of commands shows it before its module is
    imported: the module that registers it (or holds ``function``, registered
    here), and the first paragraph of its help (a test holds it to the
    command's own)."""

    module: str
    summary: str
    function: str | None = None


COMMANDS: dict[str, Listed] = {
    "orders-template": Listed(
        "referee.cli.orders_template",
        "Print an orders file for CHARACTER to fill in for the turn STATE is at: every order "
        "kind explained, with what it may name right now.", "orders_template"),
    "play": Listed(
        "referee.cli.play",
        "Play SCENARIO in the terminal, or resume a saved game; the log is printed as it "
        "happens."),
    "replay": Listed(
        "referee.cli.replay",
        "Replay FILE from its inputs and print the log (refused if it does not replay to the "
        "saved game)."),
    "rulesets": Listed(
        "referee.cli.rulesets",
        "List the rulesets: aliases, game type, seats, length and the example's seats."),
    "scenarios": Listed(
        "referee.cli.scenarios",
        "List the example scenarios of RULESET (or of every ruleset): each one's title and "
        "file."),
    "schema": Listed(
        "referee.cli.schema",
        "Print the JSON Schema of RULESET's scenario format (for editors), or of its seats' "
        "views (--view)."),
    "validate": Listed(
        "referee.cli.validate",
        "Check SCENARIO; print every problem with its field, or that it is fine. With ORDERS: "
        "say which orders would be void at the deadline, and why."),
    "resolve": Listed(
        "referee.cli.resolve",
        "Resolve one turn: answer every seat's orders, close the turn, print what each seat, "
        "each other observer and the game master saw.", "resolve"),
    "simulate": Listed(
        "referee.cli.simulate",
        "Play GAMES games with the ruleset's bots and count how they end, each outcome with "
        "its 95% interval."),
    "arena": Listed(
        "referee.cli.arena",
        "Play the bots named against each other, GAMES games a pairing with the sides "
        "swapped, and count how each did, with 95% intervals."),
    "serve": Listed(
        "referee.cli.serve",
        "Host games: the JSON API on HOST:PORT (its documentation at /docs)."),
    "verify": Listed(
        "referee.cli.serve",
        "Check a saved game from a server: it replays to its checksum, its seed is the one "
        "committed to, every roll is the seed's, every receipt is in it."),
    "odds": Listed(
        "referee.cli.odds",
        "Exact odds of the rules' rolls, from each ruleset's own tables."),
    "db": Listed("referee.cli.serve", "The server's database."),
}
"""Every command in the order the list shows them."""


class LazyGroup(TyperGroup):
    """The ``referee`` group: a command's module is imported when the command
    is looked up to run; the list of commands reads :data:`COMMANDS`."""

    listing = False

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(name for name in self.commands if name not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands or cmd_name not in COMMANDS:
            return self.commands.get(cmd_name)
        if self.listing:
            return TyperCommand(cmd_name, help=COMMANDS[cmd_name].summary)
        self.commands.update(load_commands(cmd_name))
        return self.commands.get(cmd_name)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self.listing = False


def load_commands(name: str) -> dict[str, click.Command]:
    """Import the module of the command ``name`` and return the commands
    registered so far, as click commands."""
    listed = COMMANDS[name]
    module = importlib.import_module(listed.module)
    if listed.function is not None and not any(
            info.name == name for info in app.registered_commands):
        app.command(name)(getattr(module, listed.function))
    return dict(typer.main.get_group(app).commands)


app = typer.Typer(
    cls=LazyGroup,
    rich_markup_mode=HELP_MARKUP,
    name="referee",
    help="Referee: a rules engine and referee for turn-based tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _referee() -> None:
    """The group itself, with no options of its own: a group even before
    any command's module is imported."""


VALUE_WORDS = {"int": "N", "float": "NUMBER", "str": "TEXT", "path": "PATH", "file": "FILE",
               "directory": "DIR", "int range": "N", "float range": "NUMBER"}
"""What an option's value is, in a user's words, by the program type Typer
would show (``<int>``, ``<list[str]>``)."""


def value_words(param: TyperOption | TyperArgument,
                ctx: click.Context) -> str | None:
    """What ``--help`` shows of an option's value: its metavar, or its kind in
    words (``N``, ``TEXT``, ``PATH``, ``N N`` for two numbers, the choices
    ``en|ru``); nothing for a
    flag (``--force``, ``--help``) or for an argument, whose name says it."""
    if param.type_descriptor.annotation is bool or getattr(param, "count", False):
        return None
    if isinstance(param, TyperArgument):
        return None
    if param.metavar is not None:
        return param.metavar
    shown = TyperOption.display_type(param, ctx).strip("<>")
    inner = re.fullmatch(r"list\[(.*)\]", shown)
    shown = inner.group(1) if inner else shown
    return "|".join(" ".join(VALUE_WORDS.get(one, one) for one in part.split(","))
                    for part in shown.split("|"))


TyperOption.display_type_rich = value_words  # type: ignore[assignment,method-assign]
TyperArgument.display_type_rich = value_words  # type: ignore[assignment,method-assign]
"""Typer's help shows program types beside every option (``--force <bool>``,
``--seat <list[str]>``); Referee's help says what to type instead."""


def main() -> None:
    """Console-script entry point. When the command is done, whatever it
    leaves alive is set aside from the garbage collector (:func:`gc.freeze`):
    the process is ending, and the collections Python runs as it ends would
    walk all of it (a scenario of 10,000 characters and its building, kept
    for the games of the process, for a second) to find nothing."""
    try:
        app()
    finally:
        gc.freeze()
