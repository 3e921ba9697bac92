"""``referee play``: play a scenario in the terminal, each seat a person or a bot."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Annotated

import typer

from referee.cli.app import app
from referee.cli.common import LangOption, fail, language, out, stdin_is_terminal, user_errors
from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import Player, RandomBot, RandomChance, play_out
from referee.core.events import REFEREE, Event, Seat
from referee.core.game import Game
from referee.core.i18n import Lang, msg, render
from referee.core.savefile import save_game
from referee.core.scenario import load_scenario

KINDS = ("human", "random")


def parse_seats(specs: list[str], seats: tuple[Seat, ...]) -> dict[Seat, str]:
    """``["all=random", "night=human"]`` -> a kind per seat (later specs win).

    :raises typer.BadParameter: naming the seats and kinds there are.
    """
    kinds = dict.fromkeys(seats, "human")
    for spec in specs:
        name, sep, kind = spec.partition("=")
        if not sep or kind not in KINDS:
            raise typer.BadParameter(f"expected NAME=human or NAME=random, not {spec!r}",
                                     param_hint="--seat")
        if name == "all":
            kinds = dict.fromkeys(seats, kind)
        elif name in kinds:
            kinds[name] = kind
        else:
            raise typer.BadParameter(f"no seat {name!r}; seats: {', '.join(seats)}, or all",
                                     param_hint="--seat")
    return kinds


def audience_for(kinds: dict[Seat, str]) -> Seat | None:
    """Whose log to print: the referee's in a game of bots, the one person's
    when one person plays, only public events when several share a terminal."""
    humans = [seat for seat, kind in kinds.items() if kind == "human"]
    if not humans:
        return REFEREE
    return humans[0] if len(humans) == 1 else None


def outcome_line(game: Game, lang: Lang) -> str:
    outcome = game.outcome()
    if outcome is None:
        return render(msg("core.over"), lang)
    if outcome.kind == "draw":
        return render(msg("core.draw", reason=outcome.reason), lang)
    if outcome.kind == "lost-together":
        return render(msg("core.lost-together", reason=outcome.reason), lang)
    winners = tuple(game.seat_name(seat) for seat in outcome.winners)
    return render(msg("core.winner", winners=winners, reason=outcome.reason), lang)


@app.command("play")
@user_errors
def play(
    scenario: Annotated[str, typer.Argument(
        help="A scenario file, or a ruleset name for its example (night-watch).")],
    seat: Annotated[list[str] | None, typer.Option(
        "--seat", help="NAME=human|random; all=random sets every seat. Default: human.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for dice and bots.")] = None,
    save: Annotated[Path | None, typer.Option(help="Write the game to FILE as it goes.")] = None,
    svg: Annotated[Path | None, typer.Option(
        help="Write a picture of the table to FILE after each phase (table games).")] = None,
    lang: LangOption = None,
) -> None:
    """Play SCENARIO in the terminal; the log is printed as it happens."""
    chosen = language(lang)
    ruleset, model = load_scenario(scenario)
    game = Game(ruleset, model)
    kinds = parse_seats(seat or [], game.seats)
    if "human" in kinds.values() and not stdin_is_terminal():
        raise fail("a human seat needs a terminal; use --seat all=random to let bots play")
    rng = Random(seed)
    bot = RandomBot(Random(rng.random()))
    human = TerminalPlayer(out, chosen)
    players: dict[Seat, Player] = {s: human if k == "human" else bot for s, k in kinds.items()}
    reader = audience_for(kinds)
    phase_ends = ruleset.phase_end_events

    def show(event: Event) -> None:
        if (event.audience.is_public if reader is None else event.audience.admits(reader)):
            out.print(render(event.text, chosen))
        if svg is None or event.kind not in phase_ends:
            return
        state_view = game.view(reader or REFEREE)["state"]
        picture = ruleset.svg(game.scenario, state_view, chosen)
        if picture is not None:
            svg.write_text(picture, encoding="utf-8")

    for event in game.state.log.events:
        show(event)
    try:
        play_out(game, players, RandomChance(Random(rng.random())), on_event=show)
    except (KeyboardInterrupt, EOFError):
        if save is not None:
            save_game(game, save)
            out.print(f"saved the game so far to {save}")
        raise typer.Exit(130) from None
    finally:
        if save is not None:
            save_game(game, save)
    out.print(f"[bold]{outcome_line(game, chosen)}[/]")
    if save is not None:
        out.print(f"saved to {save} ({len(game.inputs)} inputs)")
