"""The typer application every command module registers on."""

from __future__ import annotations

from typing import Literal

import typer

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


def main() -> None:
    """Console-script entry point."""
    app()


def _register() -> None:
    """Commands whose modules do not register themselves."""
    from referee.cli.orders_template import orders_template

    app.command("orders-template")(orders_template)


_register()
