"""``referee replay FILE``: replay a saved game; ``--check`` proves it identical."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.app import app
from referee.cli.common import (
    AnyVersionOption,
    LangOption,
    any_version_asked,
    check_seat,
    err,
    language,
    out,
    outcome_line,
    user_errors,
)
from referee.cli.terminal import is_outcome_line
from referee.core.events import REFEREE
from referee.core.i18n import for_reader, msg, render
from referee.core.savefile import load_game, load_to_resume


@app.command("replay")
@user_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A game saved by `referee play --save`.")],
    check: Annotated[bool, typer.Option(
        "--check", help="Only check that replaying gives the saved game; print no log. "
                        "A file without a checksum (\"unchecked\": true) is refused.")] = False,
    seat: Annotated[str, typer.Option(help="Whose view of the log to print.")] = REFEREE,
    lang: LangOption = None,
    any_version: AnyVersionOption = False,
) -> None:
    """Replay FILE from its inputs and print the log (refused if it does not
    replay to the saved game)."""
    chosen = language(lang)
    if check:  # a proof: the same rules version, whatever --any-version says
        game = load_game(file, check=True, allow_unchecked=False)
    else:
        with any_version_asked():
            game, notice, _ = load_to_resume(file, any_version)
        if notice is not None:
            err.print(render(notice, chosen), markup=False)
    viewer = check_seat(seat, game.seats, "--seat", also=(REFEREE,))
    if check:
        out.print(render(msg("core.replay.ok", path=str(file), count=len(game.inputs),
                             checksum=game.checksum()[:16]), chosen), markup=False)
        return
    for event in game.log_for(viewer):
        if not is_outcome_line(game, event):
            out.print(render(for_reader(event.text, viewer), chosen), markup=False)
    if game.is_over:
        out.print(f"[bold]{outcome_line(game, chosen)}[/]")
