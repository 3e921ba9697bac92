"""``referee play``: play a scenario in the terminal, each seat a person or a
bot; or resume a saved game (``referee play SAVED.json``).

Seats not named with ``--seat`` are asked about at the start (a person or a
bot). With ``--save FILE`` the game is written after every input, whole and
atomically, so stopping the program at any moment (even ``kill -9``) loses at
most the input being made; Ctrl-C or Ctrl-D says where it was saved and how to
go on. A resumed game keeps saving to its own file unless ``--save`` names
another.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from functools import partial
from pathlib import Path
from random import Random
from typing import Annotated

import typer

from referee.bots.kinds import check_kind, make_bot
from referee.cli.app import app
from referee.cli.common import (
    INTERNAL_ERROR,
    AnyVersionOption,
    ForceOption,
    LangOption,
    any_version_asked,
    check_new_file,
    check_seat,
    err,
    fail,
    language,
    out,
    same_file,
    stdin_is_terminal,
    user_errors,
)
from referee.cli.common import outcome_line as outcome_line  # found here too, as before
from referee.cli.pictures import Pictures
from referee.cli.terminal import Screen, TerminalPlayer, ask_who_plays
from referee.core.drivers import Player, RandomChance, play_out
from referee.core.errors import InternalError, RefereeError
from referee.core.events import REFEREE, Event, Seat
from referee.core.game import Game
from referee.core.i18n import Lang, msg, render
from referee.core.savefile import (
    Autosave,
    check_writable,
    load_to_resume,
    looks_like_save_file,
)
from referee.core.scenario import did_you_mean, load_scenario
from referee.runtime import frozen_heap

KINDS = {"human": "human", "bot": "random", "random": "random", "rules": "rules",
         "search": "search"}
"""What ``--seat NAME=KIND`` accepts, and the kind of player it means."""


def parse_seats(specs: list[str], seats: tuple[Seat, ...]) -> dict[Seat, str]:
    """``["night=human", "all=random"]`` -> a kind per seat: a seat named
    keeps its kind whatever the order, ``all`` gives every other seat its
    kind (of two specs for one seat the later wins); with no ``all``, seats
    not named are left out, to be asked about.

    :raises RefereeError: for a spec that is not NAME=KIND.
    :raises UnknownSeat: naming the seats there are, and the closest.
    """
    named: dict[Seat, str] = {}
    every: dict[Seat, str] = {}
    for spec in specs:
        name, sep, kind = spec.partition("=")
        if not sep or kind not in KINDS:
            raise RefereeError(msg("play.seat-spec", spec=spec,
                                   suggestion=did_you_mean(kind, list(KINDS)) if sep else ""))
        if name == "all":
            every = dict.fromkeys(seats, KINDS[kind])
        else:
            named[check_seat(name, seats, "--seat", also=("all",))] = KINDS[kind]
    return {**every, **named}


def scenario_files(scenario: str, game: Game) -> tuple[Path, ...]:
    """The file SCENARIO names: itself, or the ruleset's example it stands for."""
    given = Path(scenario)
    return (given,) if given.exists() else tuple(game.ruleset.examples()[:1])


def players_for(game: Game, kinds: dict[Seat, str], human: Player,
                seed: float) -> dict[Seat, Player]:
    """A player for every seat: the person at the terminal, or a bot of the
    kind named; one random bot plays every seat the random bot has (as
    ``--seed`` has always played it), any other kind has a bot per seat.

    :raises UnknownBot: for a kind the ruleset does not offer."""
    ruleset = game.ruleset
    for kind in set(kinds.values()) - {"human"}:
        check_kind(ruleset, kind)
    shared = make_bot(ruleset, "random", Random(seed))
    return {seat: human if kind == "human" else shared if kind == "random"
            else make_bot(ruleset, kind, Random(f"{seed}:{seat}"), game.scenario)
            for seat, kind in kinds.items()}


def who_plays(game: Game, named: dict[Seat, str], human: TerminalPlayer) -> dict[Seat, str]:
    """A kind for every seat, in the game's order: as named with ``--seat``,
    the others asked at the terminal (none asked once the game is over)."""
    unnamed = {seat: render(game.seat_name(seat), human.lang)
               for seat in game.seats if seat not in named}
    asked = dict.fromkeys(unnamed, "random")
    if unnamed and not game.is_over:
        asked = ask_who_plays(human, unnamed, "human" not in named.values())
    return {seat: named.get(seat) or asked[seat] for seat in game.seats}


def stopped(saver: Saver, lang: Lang) -> typer.Exit:
    """Ctrl-C or the end of input: save, and say where and how to go on."""
    out.print()  # the prompt's line is left as it was
    saver.close()
    if saver.path is None:
        out.print(render(msg("play.stopped-unsaved"), lang), markup=False)
    else:
        path = str(saver.path)
        command = f"referee play {shlex.quote(path)}"
        out.print(render(msg("play.stopped-saved", path=path, command=command), lang),
                  markup=False)
    return typer.Exit(130)


class Saver:
    """Keeps the game's file up to date after every input: each input
    appended to the file's journal, at a cost that does not grow with the
    game (:mod:`referee.core.journal`); the file written whole when play stops."""

    def __init__(self, game: Game, path: Path | None) -> None:
        self.game = game
        self.path = path
        self.written = -1
        self.players: dict[Seat, str] = {}
        """Who plays each seat, written with the game so that it resumes
        with the same players."""
        self._autosave = Autosave(path) if path is not None else None

    def save(self) -> None:
        if self._autosave is not None and len(self.game.inputs) != self.written:
            self._autosave.players = self.players
            self._autosave.save(self.game)
            self.written = len(self.game.inputs)

    def close(self) -> None:
        """Play stops: the file written whole, its journal removed."""
        if self._autosave is not None and (len(self.game.inputs) != self.written
                                           or self._autosave.written >= 0):
            self._autosave.players = self.players
            self._autosave.close(self.game)
            self.written = len(self.game.inputs)


@app.command("play")
@user_errors
def play(
    scenario: Annotated[str, typer.Argument(
        help="A scenario file, a ruleset name for its example (see referee rulesets), "
             "or a saved game (.json) to resume.")],
    seat: Annotated[list[str] | None, typer.Option(
        "--seat", help="NAME=human|bot (a random bot; or random, rules, search: a bot by its "
                       "kind); all=bot sets every seat not named. "
                       "Seats not named are asked about.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for dice and bots.")] = None,
    save: Annotated[Path | None, typer.Option(
        help="Write the game to FILE after every input (a resumed game: its own file).")
    ] = None,
    svg: Annotated[Path | None, typer.Option(
        metavar="DIR", help="Write a numbered picture of the table into the folder DIR after "
                            "each phase, and one of the end (table games).")] = None,
    lang: LangOption = None,
    any_version: AnyVersionOption = False,
    force: ForceOption = False,
) -> None:
    """Play SCENARIO in the terminal, or resume a saved game; the log is
    printed as it happens."""
    chosen = language(lang)
    resumed = Path(scenario) if looks_like_save_file(scenario) else None
    played_by: dict[Seat, str] = {}
    if resumed is not None:
        with any_version_asked():
            game, notice, played_by = load_to_resume(resumed, any_version)
        if notice is not None:
            err.print(render(notice, chosen), markup=False)
        save = resumed if save is None else save
    else:
        ruleset, model = load_scenario(scenario)
        game = Game(ruleset, model)
    ruleset = game.ruleset
    named = {**played_by, **parse_seats(seat or [], game.seats)}
    if not game.is_over and not stdin_is_terminal():
        unnamed = tuple(s for s in game.seats if s not in named)
        if unnamed:
            raise fail(render(msg("play.seats.unnamed", seats=unnamed), chosen), chosen)
    if save is not None:
        if resumed is None or not same_file(save, resumed):  # a resumed game goes on in its file
            check_new_file(save, "--save", scenario_files(scenario, game), force)
        check_writable(save)
    pictures = Pictures.start(svg, game, chosen)
    rng = Random(seed)
    bot_seed = rng.random()
    human = TerminalPlayer(out, chosen)
    saver = Saver(game, save)
    if resumed is not None:
        saver.written = len(game.inputs) if resumed == save else -1
    try:
        kinds = who_plays(game, named, human)
    except (KeyboardInterrupt, EOFError):
        raise stopped(saver, chosen) from None
    saver.players = kinds
    players = players_for(game, kinds, human, bot_seed)
    screen = Screen(out, chosen, game, [s for s, k in kinds.items() if k == "human"], human.read)
    human.screen = screen
    reader = None if screen.hot_seat else screen.sitting  # whose view a picture shows

    def after_input() -> None:
        saver.save()
        screen.flush()

    after_input()  # the game so far: saved, its log printed, its pictures drawn
    picture: Callable[[Event], None] | None = None
    if pictures is not None:
        picture = partial(pictures.after, reader=reader)
        for event in game.log_for(REFEREE):
            picture(event)
    if resumed is not None:
        out.print(render(msg("core.play.resumed", path=str(resumed), count=len(game.inputs)),
                         chosen), markup=False)
    try:
        with frozen_heap():  # a search bot's playouts make and drop millions of objects
            play_out(game, players, RandomChance(Random(rng.random())), on_input=after_input,
                     on_event=picture, on_display=human.display)
    except (KeyboardInterrupt, EOFError):
        raise stopped(saver, chosen) from None
    except InternalError as exc:
        saver.close()  # the game as it was before the input that broke a rule
        raise fail(exc.render(chosen), chosen, "core.error.internal-head",
                   INTERNAL_ERROR) from None
    saver.close()
    out.print(f"[bold]{outcome_line(game, chosen)}[/]")
    if pictures is not None:
        pictures.final(reader, outcome_line(game, chosen))
    if save is not None:
        out.print(render(msg("core.play.saved", path=str(save), count=len(game.inputs)),
                         chosen), markup=False)
