"""Samurai: how the random bot leans among the options
(:meth:`referee.core.ruleset.Ruleset.bot_weights`). It never asks to move to
a point of its own choosing, a person's option that the named moves already
cover for a bot; every other option is left uniform."""

from __future__ import annotations

from referee.core.events import Seat
from referee.core.waits import Decision

POINT = {"do": "point"}


def weights(seat: Seat, decision: Decision) -> list[float] | None:
    """Zero for the move to a point, one for the rest; None: uniform."""
    values = [option.value for option in decision.options_for(seat)]
    if POINT not in values:
        return None
    found = [0.0 if value == POINT else 1.0 for value in values]
    return found if any(found) else None
