"""``referee rulesets``: what rulesets there are."""

from __future__ import annotations

from rich.table import Table

from referee.cli.app import app
from referee.cli.common import LangOption, language, out
from referee.core.i18n import render
from referee.core.ruleset import all_rulesets


@app.command("rulesets")
def rulesets(lang: LangOption = None) -> None:
    """List the rulesets, their aliases and what kind of game each is."""
    chosen = language(lang)
    table = Table("name", "aliases", "title", "version", "chance", "hidden information")
    for ruleset in all_rulesets():
        table.add_row(ruleset.name, ", ".join(ruleset.aliases), render(ruleset.title, chosen),
                      ruleset.version, "yes" if ruleset.has_chance else "no",
                      "yes" if ruleset.has_hidden_information else "no")
    out.print(table)
