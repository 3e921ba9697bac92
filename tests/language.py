"""The language tests' tool: a random game played with everything it put to
its players kept, and the slips a reader would notice in each language."""

from __future__ import annotations

import re
from dataclasses import dataclass
from random import Random

from referee.bots import random_bot
from referee.cli.play import outcome_line
from referee.core.drivers import RandomChance, play_out
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import Lang, Msg, render
from referee.core.scenario import load_scenario
from referee.core.waits import Chance, Decision

LATIN = re.compile(r"[A-Za-z]")
DECIMAL_POINT = re.compile(r"\d\.\d")


@dataclass(frozen=True)
class Played:
    """A finished random game and every question, option and chance put in it."""

    game: Game
    asked: list[Msg]


def play_recording(ruleset: str, seed: int) -> Played:
    """A random game of ``ruleset``'s example (bots seeded ``seed``, dice
    ``seed + 50``), keeping what each decision and chance showed."""
    ruleset_of, scenario = load_scenario(ruleset)
    game = Game(ruleset_of, scenario)
    bot, dice = random_bot(Random(seed)), RandomChance(Random(seed + 50))
    asked: list[Msg] = []
    while not game.is_over:
        wait = game.waiting
        if isinstance(wait, Decision):
            asked.append(wait.question)
            asked += [o.label for s in wait.seats for o in wait.options_for(s)]
        elif isinstance(wait, Chance):
            asked.append(wait.what)
        play_out(game, dict.fromkeys(game.seats, bot), dice, max_inputs=1)
    return Played(game, asked)


def latin(lines: list[str]) -> list[str]:
    """The Russian lines with a Latin letter in them."""
    return [line for line in lines if LATIN.search(line)]


def english_slips(lines: list[str]) -> list[str]:
    """The English lines with "(s)" or a parameter left unfilled."""
    return [line for line in lines if "(s)" in line or "{" in line]


def decimal_points(lines: list[str]) -> list[str]:
    """The Russian lines that write a number with a decimal point, not a comma."""
    return [line for line in lines if DECIMAL_POINT.search(line)]


def everything_read(played: Played, lang: Lang) -> list[str]:
    """What a finished random game put before its readers in ``lang``: every
    seat's whole log and the game master's, each question, option and chance,
    and the closing outcome line."""
    game = played.game
    lines = [line for seat in (*game.seats, REFEREE) for line in game.text_log(seat, lang)]
    lines += [render(text, lang) for text in played.asked]
    return [*lines, outcome_line(game, lang)]


def reading_slips(played: Played) -> list[str]:
    """Every slip a reader would notice in ``played``: Latin letters, decimal
    points or unfilled parameters in the Russian; "(s)" or unfilled parameters
    in the English."""
    russian = everything_read(played, "ru")
    return [*latin(russian), *decimal_points(russian),
            *(line for line in russian if "{" in line),
            *english_slips(everything_read(played, "en"))]
