"""The leak test's tool: everything a seat can read, compared byte for byte."""

from __future__ import annotations

import contextlib
import io
import json

from rich.console import Console

from referee.cli.objectives import print_objectives
from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import Ask
from referee.core.errors import RefereeError
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import LANGS, render
from referee.core.waits import Decision
from referee.odds.at_the_table import odds_at_the_table

PROBE = "-- not an answer --"


def readable_by(game: Game, seat: Seat) -> str:
    """The seat's view (state, log, what it is asked), the error it gets for
    a wrong answer and the odds shown at its options, as one JSON text."""
    try:
        game.fork().answer(seat, PROBE)
        error = "accepted"
    except RefereeError as exc:
        error = str(exc)
    return json.dumps({"view": game.view(seat), "error": error, "odds": odds_for(game, seat),
                       "printed": printed_for(game, seat)}, sort_keys=True, ensure_ascii=False)


def odds_for(game: Game, seat: Seat) -> dict[str, list[str]]:
    """The odds the ruleset shows at each of the seat's options
    (:func:`~referee.odds.at_the_table.odds_at_the_table`), in each language,
    when it is asked."""
    if not isinstance(game.waiting, Decision) or seat not in game.seats_to_answer():
        return {}
    ask = Ask.of(game.fork(), seat)
    odds = odds_at_the_table(ask) or {}
    return {str(index): [render(line, lang) for lang in LANGS]
            for index, line in sorted(odds.items())}


def printed_for(game: Game, seat: Seat) -> list[str]:
    """What the command line prints for ``seat`` in each language: its
    objectives as it first sits down, its log as
    ``referee play`` shows it and, when it is asked, the board and the question
    as the terminal shows them, each option with the odds shown at it."""
    pages = []
    for lang in LANGS:
        console = Console(file=io.StringIO(), width=100, color_system=None)
        print_objectives(console, game.view(seat), lang)
        for line in game.text_log(seat, lang):
            console.print(line, markup=False)
        wait = game.waiting
        if isinstance(wait, Decision) and seat in game.seats_to_answer():
            player = TerminalPlayer(console, lang, stream=io.StringIO("1\nj\nnull\n"))
            with contextlib.suppress(EOFError):
                player.choose(Ask.of(game.fork(), seat))
        pages.append(console.file.getvalue())  # type: ignore[attr-defined]
    return pages


def assert_no_leak(first: Game, second: Game, seat: Seat) -> None:
    """Two games that differ only in what ``seat`` may not know read the same to it."""
    assert readable_by(first, seat) == readable_by(second, seat)
