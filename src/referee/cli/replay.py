"""``referee replay FILE``: replay a saved game; ``--check`` proves it identical."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.app import app
from referee.cli.common import LangOption, language, out, user_errors
from referee.cli.play import outcome_line
from referee.core.events import REFEREE
from referee.core.savefile import load_game


@app.command("replay")
@user_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A game saved by `referee play --save`.")],
    check: Annotated[bool, typer.Option(
        "--check", help="Only check that replaying gives the saved game; print no log.")] = False,
    seat: Annotated[str, typer.Option(help="Whose view of the log to print.")] = REFEREE,
    lang: LangOption = None,
) -> None:
    """Replay FILE from its inputs and print the log (refused if it does not
    replay to the saved game)."""
    chosen = language(lang)
    game = load_game(file, check=True)
    if check:
        out.print(f"ok: {file} replays identically ({len(game.inputs)} inputs, "
                  f"checksum {game.checksum()[:16]})")
        return
    for line in game.text_log(seat, chosen):
        out.print(line)
    if game.is_over:
        out.print(f"[bold]{outcome_line(game, chosen)}[/]")
