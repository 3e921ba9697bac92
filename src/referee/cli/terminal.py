"""A person at the terminal: the board, the log and numbered prompts, with rich."""

from __future__ import annotations

from typing import TextIO

from rich.console import Console
from rich.prompt import Prompt
from rich.table import Table

from referee.core.drivers import Ask
from referee.core.i18n import Lang, msg, render
from referee.core.waits import JSON


def board(console: Console, ask: Ask, lang: Lang) -> None:
    """Print the board as the asked seat sees it, if the ruleset draws one."""
    shape = ask.ruleset.board_table(ask.view["state"], lang)
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

    def choose(self, ask: Ask) -> JSON:
        options = ask.options
        board(self.console, ask, self.lang)
        seat = render(ask.seat_name, self.lang)
        heading = render(msg("core.seat", seat=seat), self.lang)
        self.console.print(f"[bold]{heading[:1].upper() + heading[1:]}[/]: "
                           f"{render(ask.decision.question, self.lang)}")
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
