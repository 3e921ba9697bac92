"""A person at the terminal: the board, the log and numbered prompts, with rich."""

from __future__ import annotations

from typing import TextIO

from rich.console import Console
from rich.prompt import Prompt
from rich.table import Table

from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import Lang, msg, render
from referee.core.waits import JSON, Decision


def board(console: Console, game: Game, seat: Seat, lang: Lang) -> None:
    """Print the board as ``seat`` sees it, if the ruleset draws one."""
    shape = game.ruleset.board_table(game.view(seat)["state"], lang)
    if shape is None:
        return
    headings, rows = shape
    table = Table(*headings)
    for row in rows:
        table.add_row(*row)
    console.print(table)


class TerminalPlayer:
    """Asks a person for each answer: a number from the list (or the answer itself)."""

    def __init__(self, console: Console, lang: Lang, stream: TextIO | None = None) -> None:
        self.console = console
        self.lang = lang
        self.stream = stream

    def choose(self, game: Game, seat: Seat, decision: Decision) -> JSON:
        options = decision.options_for(seat)
        board(self.console, game, seat, self.lang)
        self.console.print(f"[bold]{render(msg('core.seat', seat=seat), self.lang)}[/]: "
                           f"{render(decision.question, self.lang)}")
        for number, option in enumerate(options, start=1):
            self.console.print(f"  {number}. {render(option.label, self.lang)}")
        while True:
            reply = Prompt.ask(render(msg("core.prompt"), self.lang), console=self.console,
                               default="1", stream=self.stream).strip()
            if reply.isdigit() and 1 <= int(reply) <= len(options):
                return options[int(reply) - 1].value
            for option in options:
                if reply == option.value:
                    return option.value
            self.console.print(render(msg("core.illegal", count=len(options)), self.lang))
