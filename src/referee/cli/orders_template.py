"""``referee orders-template STATE CHARACTER``: an orders file for one seat to
fill in, in the seat's language.

The file is TOML that ``referee resolve`` and ``referee validate GAME ORDERS``
accept as it is (every order is commented out: the seat does nothing) and
once filled in. The ruleset's orders desk writes it from that seat's own view
alone (:mod:`referee.display.orders`); a ruleset without one gets the answer
its rules offer, field by field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.common import AnyVersionOption, LangOption, check_seat, language, user_errors
from referee.cli.orders import open_decision, open_game, seat_ids, seat_language
from referee.core.errors import RefereeError
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import Lang, msg
from referee.display.orders import desk_for


def template_text(game: Game, seat: Seat, lang: Lang, source: str) -> str:
    """The orders file ``seat`` fills in for the turn ``game`` waits for.

    :raises RefereeError: if the game waits for no orders from ``seat``."""
    decision = open_decision(game, source)
    name = game.seat_name(seat)
    if seat not in decision.seats:
        raise RefereeError(msg("orders-template.not-asked", name=name, seat=seat,
                               source=source, seats=seat_ids(decision.seats)))
    desk = desk_for(game.ruleset)
    view = game.view(seat)
    turn = desk.turn(view)
    head = msg("orders-template.head", name=name, turn=turn, game=source) \
        if turn is not None else msg("orders-template.head-no-turn", name=name, game=source)
    return desk.template(view, lang, [head])


@user_errors
def orders_template(
    state: Annotated[Path, typer.Argument(
        metavar="STATE", help="The game so far: a game file (JSON), or a scenario.")],
    character: Annotated[str, typer.Argument(
        metavar="CHARACTER", help="The character (seat) whose orders these are.")],
    lang: LangOption = None,
    any_version: AnyVersionOption = False,
) -> None:
    """Print an orders file for CHARACTER to fill in for the turn STATE is at:
    every order kind explained, with what it may name right now."""
    game = open_game(state, language(lang), any_version)
    seat = check_seat(character, game.seats)
    chosen = language(lang) if lang is not None else (
        seat_language(game, seat) or language(None))
    typer.echo(template_text(game, seat, chosen, str(state)), nl=False)
