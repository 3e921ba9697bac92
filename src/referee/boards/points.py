"""Moving a model to a point of the player's choosing: the answer's shape and
the named moves offered beside it (toward or away from another model as far
as the rules allow). Geometry only; what makes a point legal is the ruleset's."""

from __future__ import annotations

import math
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field

XY = tuple[float, float]

STILL = 0.01
"""A point closer than this to where the model stands: it stays put."""
NAMED_MOVES = 2
"""How many models, nearest first, the named moves go toward and away from."""
SHORTEST_STEP = 0.5
"""A named move shorter than this many inches is not offered."""


class PointMove(BaseModel):
    """Where the model goes: the centre of its base, in inches from the
    table's bottom-left corner."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    x: float = Field(description="inches from the table's left edge")
    y: float = Field(description="inches from the table's bottom edge")


def farthest_point(here: XY, target: XY, length: float, away: bool,
                   allowed: Callable[[PointMove], bool]) -> XY | None:
    """The point ``length`` inches from ``here`` toward (or away from)
    ``target``, or half as far if the rules refuse it (``allowed``); None
    when neither is allowed or the step would be too short."""
    dx, dy = target[0] - here[0], target[1] - here[1]
    size = math.hypot(dx, dy) or 1.0
    sign = -1.0 if away else 1.0
    for share in (1.0, 0.5):
        step = length * share
        if step < SHORTEST_STEP:
            return None
        spot = (round(here[0] + sign * dx / size * step, 2),
                round(here[1] + sign * dy / size * step, 2))
        if allowed(PointMove(x=spot[0], y=spot[1])):
            return spot
    return None
