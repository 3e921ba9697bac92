"""``referee validate SCENARIO``: check a scenario file, every problem at once,
in plain words and in the chosen language."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.app import app
from referee.cli.common import LangOption, language, out, user_errors
from referee.core.i18n import Name, msg, render
from referee.core.scenario import load_scenario


@app.command("validate")
@user_errors
def validate(scenario: Annotated[str, typer.Argument(help="A scenario file (TOML).")],
             lang: LangOption = None) -> None:
    """Check SCENARIO; print every problem with its field, or that it is fine."""
    chosen = language(lang)
    ruleset, model = load_scenario(scenario)
    title = getattr(model, "title", None)
    name = getattr(title, "name", None)
    as_name = getattr(title, "as_name", None)
    if isinstance(name, Name):
        shown = f" ({name.render(chosen)})"
    elif callable(as_name):
        shown = f" ({render(as_name(), chosen)})"
    elif isinstance(title, str) and title:
        shown = f" ({title})"
    else:
        shown = ""
    out.print(render(msg("core.validate.ok", source=scenario, ruleset=ruleset.name,
                         title=shown), chosen), markup=False)
