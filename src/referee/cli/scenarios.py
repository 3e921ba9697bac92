"""``referee scenarios [RULESET]``: the example scenarios each ruleset ships,
with their titles and where they are, to play or to copy and change."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.app import app
from referee.cli.common import LangOption, language, out, user_errors
from referee.core.errors import RefereeError
from referee.core.i18n import CATALOGUE, Lang, Msg, msg, render
from referee.core.model import LocalName
from referee.core.ruleset import AnyRuleset, all_rulesets, find_ruleset
from referee.core.scenario import load_scenario

CATALOGUE.load(Path(__file__).with_name("scenarios.toml"))


def scenario_line(ruleset: AnyRuleset, path: Path, default: bool) -> Msg:
    """One example: its title (its file's name if it has none) and path; the
    default one says that ``referee play RULESET`` plays it; one that does
    not load says why."""
    try:
        _, scenario = load_scenario(path)
    except RefereeError as exc:
        return msg("scenarios.broken", path=str(path), problem=exc.message)
    title = getattr(scenario, "title", None)
    title = title.name if isinstance(title, LocalName) else path.stem
    if default:
        return msg("scenarios.default", title=title, name=ruleset.name, path=str(path))
    return msg("scenarios.scenario", title=title, path=str(path))


def ruleset_lines(ruleset: AnyRuleset, lang: Lang) -> list[str]:
    """The heading of a ruleset and a line for each of its examples."""
    lines = [render(msg("scenarios.ruleset", name=ruleset.name, title=ruleset.title), lang)]
    examples = ruleset.examples()
    lines += [f"  {render(scenario_line(ruleset, path, at == 0), lang)}"
              for at, path in enumerate(examples)]
    if not examples:
        lines.append(f"  {render(msg('scenarios.none'), lang)}")
    return lines


@app.command("scenarios")
@user_errors
def scenarios(
    ruleset: Annotated[str | None, typer.Argument(
        metavar="RULESET", help="A ruleset name or alias (default: every ruleset).")] = None,
    lang: LangOption = None,
) -> None:
    """List the example scenarios of RULESET (or of every ruleset): each one's
    title and file."""
    chosen = language(lang)
    found = [find_ruleset(ruleset)] if ruleset is not None else all_rulesets()
    for one in found:
        for line in ruleset_lines(one, chosen):
            out.print(line, markup=False)
