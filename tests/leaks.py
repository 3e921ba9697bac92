"""The leak test's tool: everything a seat can read, compared byte for byte."""

from __future__ import annotations

import json

from referee.core.errors import RefereeError
from referee.core.events import Seat
from referee.core.game import Game

PROBE = "-- not an answer --"


def readable_by(game: Game, seat: Seat) -> str:
    """The seat's view (state, log, what it is asked) and the error it gets
    for a wrong answer, as one JSON text."""
    try:
        game.fork().answer(seat, PROBE)
        error = "accepted"
    except RefereeError as exc:
        error = str(exc)
    return json.dumps({"view": game.view(seat), "error": error}, sort_keys=True,
                      ensure_ascii=False)


def assert_no_leak(first: Game, second: Game, seat: Seat) -> None:
    """Two games that differ only in what ``seat`` may not know read the same to it."""
    assert readable_by(first, seat) == readable_by(second, seat)
