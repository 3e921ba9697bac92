"""``referee validate SCENARIO``: check a scenario file, every problem at once."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.app import app
from referee.cli.common import LangOption, language, out, user_errors
from referee.core.i18n import render
from referee.core.scenario import load_scenario


@app.command("validate")
@user_errors
def validate(scenario: Annotated[str, typer.Argument(help="A scenario file (TOML).")],
             lang: LangOption = None) -> None:
    """Check SCENARIO; print every problem with its field, or that it is fine."""
    ruleset, model = load_scenario(scenario)
    title = getattr(model, "title", None)
    as_name = getattr(title, "as_name", None)
    shown = f" ({render(as_name(), language(lang))})" if callable(as_name) else ""
    out.print(f"ok: {scenario} is a valid {ruleset.name} scenario{shown}")
