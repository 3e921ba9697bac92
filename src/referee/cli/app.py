"""The typer application every command module registers on."""

from __future__ import annotations

import re
from typing import Literal

import click
import typer
import typer.core

HELP_MARKUP: Literal["markdown"] = "markdown"
"""Help texts are read as Markdown: a paragraph's lines are joined, so a
docstring's line breaks never break a sentence on the screen."""

app = typer.Typer(
    rich_markup_mode=HELP_MARKUP,
    name="referee",
    help="Referee: a rules engine and referee for turn-based tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


VALUE_WORDS = {"int": "N", "float": "NUMBER", "str": "TEXT", "path": "PATH", "file": "FILE",
               "directory": "DIR", "int range": "N", "float range": "NUMBER"}
"""What an option's value is, in a user's words, by the program type Typer
would show (``<int>``, ``<list[str]>``)."""


def value_words(param: typer.core.TyperOption | typer.core.TyperArgument,
                ctx: click.Context) -> str | None:
    """What ``--help`` shows of an option's value: its metavar, or its kind in
    words (``N``, ``TEXT``, ``PATH``, ``N N`` for two numbers, the choices
    ``en|ru``); nothing for a
    flag (``--force``, ``--help``) or for an argument, whose name says it."""
    if param.type_descriptor.annotation is bool or getattr(param, "count", False):
        return None
    if isinstance(param, typer.core.TyperArgument):
        return None
    if param.metavar is not None:
        return param.metavar
    shown = typer.core.TyperOption.display_type(param, ctx).strip("<>")  # type: ignore[arg-type]
    inner = re.fullmatch(r"list\[(.*)\]", shown)
    shown = inner.group(1) if inner else shown
    return "|".join(" ".join(VALUE_WORDS.get(one, one) for one in part.split(","))
                    for part in shown.split("|"))


typer.core.TyperOption.display_type_rich = value_words  # type: ignore[assignment,method-assign]
typer.core.TyperArgument.display_type_rich = value_words  # type: ignore[assignment,method-assign]
"""Typer's help shows program types beside every option (``--force <bool>``,
``--seat <list[str]>``); Referee's help says what to type instead."""


def main() -> None:
    """Console-script entry point."""
    app()


def _register() -> None:
    """Commands whose modules do not register themselves."""
    from referee.cli.orders_template import orders_template

    app.command("orders-template")(orders_template)


_register()
