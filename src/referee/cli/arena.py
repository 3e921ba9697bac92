"""``referee arena RULESET --bots A,B``: a tournament between kinds of bots,
each pairing played with the sides swapped, its wins, draws and losses
counted with 95% intervals (:mod:`referee.bots.arena`)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from referee.bots.arena import Batch, Tournament, arena, lineups, pairings_of
from referee.cli.app import app
from referee.cli.common import LangOption, err, language, make_folder, out, user_errors
from referee.cli.simulate import _scenario_of
from referee.core.errors import RefereeError
from referee.core.game import Game
from referee.core.i18n import Lang, msg, render
from referee.core.savefile import save_game
from referee.core.scenario import load_scenario
from referee.odds.show import percent
from referee.runtime import frozen_heap


@app.command("arena")
@user_errors
def arena_command(
    ruleset: Annotated[str, typer.Argument(help="A ruleset's name, or a scenario file.")],
    bots: Annotated[str, typer.Option(
        "--bots", help="The kinds of bot to pair, by name, comma-separated "
                       "(random, rules, search).")],
    scenario: Annotated[Path | None, typer.Option(
        "--scenario", help="A scenario file (default: the ruleset's example).")] = None,
    games: Annotated[int, typer.Option("--games", "-n",
                                       help="Games per pairing, sides swapped.")] = 100,
    seed: Annotated[int, typer.Option(help="The first seed.")] = 0,
    workers: Annotated[int, typer.Option(help="Local processes playing at once.")] = 1,
    cluster: Annotated[str | None, typer.Option(
        "--cluster", metavar="ADDRESS",
        help="Play on the Dask scheduler at ADDRESS (tcp://HOST:8786).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    save_games: Annotated[Path | None, typer.Option(
        "--save-games", metavar="DIR", help="Keep every game as a save file in DIR.")] = None,
    lang: LangOption = None,
) -> None:
    """Play the bots named against each other, GAMES games a pairing with the
    sides swapped, and count how each did, with 95% intervals."""
    chosen = language(lang)
    if games < 1:
        raise RefereeError(msg("odds.sim.games-at-least", games=games))
    if workers < 1:
        raise RefereeError(msg("odds.sim.workers-at-least", workers=workers))
    kinds = [kind.strip() for kind in bots.split(",") if kind.strip()]
    if not kinds:
        raise RefereeError(msg("arena.no-bots"))
    source = ruleset if scenario is None else _scenario_of(ruleset, scenario)
    if save_games is not None:
        make_folder(save_games, msg("arena.not-a-folder", path=str(save_games)),
                    lambda cause: msg("arena.cannot-make", path=str(save_games), cause=cause))
    total = games * len(pairings_of(kinds))
    columns = (TextColumn(render(msg("odds.sim.playing"), chosen)), BarColumn(),
               MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True, disable=as_json) as progress:
        task = progress.add_task("", total=total)

        def advance(batch: Batch) -> None:
            progress.advance(task, batch.stop - batch.start)

        with frozen_heap():
            result = arena(source, kinds, games, seed, workers=workers, cluster=cluster,
                           keep_inputs=save_games is not None, progress=advance)
    if save_games is not None:
        _save(result, save_games)
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    out.print(_table(result, chosen))
    for pairing in result.pairings:
        out.print(render(msg("arena.digest", first=pairing.first, second=pairing.second,
                             digest=pairing.digest[:16]), chosen), markup=False)


def _table(result: Tournament, lang: Lang) -> Table:
    ruleset, _ = load_scenario(result.source)
    table = Table(title=render(msg("arena.title", title=ruleset.title, games=result.games,
                                   seed=result.seed), lang))
    table.add_column(render(msg("arena.pairing"), lang))
    table.add_column(render(msg("arena.bot"), lang))
    for key in ("games", "wins", "draws", "losses", "share", "interval", "length"):
        table.add_column(render(msg(f"arena.{key}"), lang), justify="right")
    for pairing in result.pairings:
        name = f"{pairing.first} – {pairing.second}"
        for kind in dict.fromkeys((pairing.first, pairing.second)):
            record = pairing.records.get(kind)
            if record is None:
                continue
            low, high = record.interval
            share = Fraction(record.wins, record.games)
            table.add_row(name, kind, str(record.games), str(record.wins), str(record.draws),
                          str(record.losses), f"{percent(share, lang, 1)}%",
                          f"{percent(Fraction(low), lang, 1)}–{percent(Fraction(high), lang, 1)}%",
                          f"{record.mean_length:.0f}")
            name = ""
    return table


def _save(result: Tournament, folder: Path) -> None:
    """Every game as a save file, named by its pairing, number and seed, with
    who played each seat."""
    ruleset, scenario = load_scenario(result.source)
    seats = Game(ruleset, scenario).seats
    for pairing in result.pairings:
        ups = lineups(ruleset, seats, pairing.first, pairing.second)
        for batch in pairing.batches:
            for index, played in zip(range(batch.start, batch.stop), batch.games, strict=True):
                lineup = ups[index % len(ups)]
                seed = result.seed + index // len(ups)
                game = Game(ruleset, scenario, played.played)
                name = f"{pairing.first}-vs-{pairing.second}-{index:05d}-seed{seed}.json"
                save_game(game, folder / name, lineup)
