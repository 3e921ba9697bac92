"""``referee simulate RULESET [SCENARIO]``: many games played by bots, the
outcomes counted with 95% intervals, as a table, JSON or a plot."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from referee.cli.app import app
from referee.cli.common import (
    ForceOption,
    LangOption,
    check_new_file,
    err,
    language,
    out,
    user_errors,
)
from referee.core.errors import RefereeError
from referee.core.i18n import Lang, msg, render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import load_scenario
from referee.odds.plot import check_plot_path, plot_simulation
from referee.odds.show import percent
from referee.odds.simulate import Simulation, simulate
from referee.runtime import frozen_heap


@app.command("simulate")
@user_errors
def simulate_command(
    ruleset: Annotated[str, typer.Argument(help="A ruleset's name, or a scenario file.")],
    scenario: Annotated[Path | None, typer.Argument(
        help="A scenario file (default: the ruleset's example).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Game k is played with seed SEED+k.")] = 0,
    workers: Annotated[int, typer.Option(help="Processes playing at once.")] = 1,
    bots: Annotated[str, typer.Option(
        "--bots", help="The kind of bot at every seat (random, rules, search).")] = "random",
    cluster: Annotated[str | None, typer.Option(
        "--cluster", metavar="ADDRESS",
        help="Play on the Dask scheduler at ADDRESS (tcp://HOST:8786).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Also draw the outcomes to FILE (.png or .svg).")] = None,
    lang: LangOption = None,
    force: ForceOption = False,
) -> None:
    """Play GAMES games with the ruleset's bots and count how they end, each
    outcome with its 95% interval."""
    chosen = language(lang)
    if games < 1:
        raise RefereeError(msg("odds.sim.games-at-least", games=games))
    if workers < 1:
        raise RefereeError(msg("odds.sim.workers-at-least", workers=workers))
    if plot is not None:
        given = Path(ruleset)
        check_new_file(plot, "--plot", [p for p in (given, scenario) if p is not None
                                        and p.exists()], force)
        check_plot_path(plot)
    source = ruleset if scenario is None else _scenario_of(ruleset, scenario)
    columns = (TextColumn(render(msg("odds.sim.playing"), chosen)), BarColumn(),
               MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True, disable=as_json) as progress:
        task = progress.add_task("", total=games)
        with frozen_heap():
            result = simulate(source, games, seed, workers,
                              lambda done: progress.advance(task, done), bots=bots,
                              cluster=cluster)
    if as_json:
        typer.echo(json.dumps(result.to_json(chosen), ensure_ascii=False))
    else:
        out.print(_table(result, chosen))
        per_game = round(result.inputs / result.games)
        out.print(render(msg("odds.sim.length", inputs=per_game), chosen), markup=False)
    if plot is not None:
        plot_simulation(result, plot, chosen)
        err.print(render(msg("odds.plot.saved", path=str(plot)), chosen), markup=False)


def _scenario_of(ruleset: str, scenario: Path) -> str:
    """``scenario``'s path, once it is known to be a scenario for ``ruleset``
    (a ruleset's name or alias). :raises RefereeError:"""
    asked = find_ruleset(ruleset)
    found, _ = load_scenario(scenario)
    if found.name != asked.name:
        raise RefereeError(msg("odds.sim.wrong-ruleset", path=str(scenario), found=found.title,
                               asked=asked.title))
    return str(scenario)


def _table(result: Simulation, chosen: Lang) -> Table:
    title = msg("odds.sim.title", title=result.title, games=result.games,
                first=result.first_seed, last=result.first_seed + result.games - 1)
    table = Table(title=render(title, chosen))
    table.add_column(render(msg("odds.sim.outcome"), chosen))
    for key in ("count", "share", "interval"):
        table.add_column(render(msg(f"odds.sim.{key}"), chosen), justify="right")
    for outcome in result.outcomes:
        low, high = outcome.interval
        table.add_row(render(outcome.label, chosen), str(outcome.count),
                      f"{percent(outcome.share, chosen, 1)}%",
                      f"{percent(Fraction(low), chosen, 1)}–{percent(Fraction(high), chosen, 1)}%")
    return table
