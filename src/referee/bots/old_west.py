"""Legends of the Old West: how the random bot leans among the options
(:meth:`referee.core.ruleset.Ruleset.bot_weights`). Sensible defaults read
from the seat's own view, cheap enough for fast random playouts:

- a model moves rather than stands (advance or charge, ``FORWARD`` to 1),
  unless its posse's objective is to hold the table: then it keeps its ground
  (``GROUND`` to ``FORWARD``), shooting from where it stands;
- it never asks to move to a point of its own choosing (a person's option);
- it leaves by its posse's exit edge whenever it can while the posse's
  objective is to escape (``EXIT``), never when leaving does not help;
- at Head for the Hills the bot takes the test and runs only if it fails
  (OW-HFH-1, OW-HFH-2); it chooses to run (OW-HFH-4) only when its posse is
  outnumbered ``HOPELESS`` to 1 or worse on the table, and then half the time.

Every other decision is left uniform."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.core.events import Seat
from referee.core.waits import JSON, Decision

FORWARD = 3.0
"""Weight of advancing, and of charging (shared among the enemies in reach),
against 1 for standing still."""
GROUND = 6.0
"""Weight of standing still for a posse whose objective is to hold the table."""
EXIT = 50.0
"""Weight of leaving by the exit edge when the posse's objective is to escape."""
HOPELESS = 3
"""Enemies on the table per model of one's own at which choosing to run is considered."""


def weights(view: Mapping[str, JSON], seat: Seat, decision: Decision) -> list[float] | None:
    """The lean for ``decision``'s options for ``seat``; None: uniform."""
    key = decision.question.key
    if key != "ow.ask.move" and key != "ow.ask.hills":
        return None
    state = view.get("state")
    if not isinstance(state, Mapping):
        return None
    values = [option.value for option in decision.options_for(seat)]
    if key == "ow.ask.move":
        return move_weights(state, seat, values)
    return hills_weights(state, seat, values)


def move_weights(state: Mapping[str, JSON], seat: Seat, values: Sequence[JSON]) -> list[float]:
    """Forward rather than still, unless holding the table; out by the exit
    edge if that is the objective."""
    objective = (state.get("objectives") or {}).get(seat)
    kind = objective.get("kind") if isinstance(objective, Mapping) else None
    escaping, still = kind == "escape", GROUND if kind == "hold" else 1.0
    charges = sum(1 for v in values if isinstance(v, str) and v.startswith("charge:"))
    found: list[float] = []
    for value in values:
        if value == "exit":
            found.append(EXIT if escaping else 0.0)
        elif value == "hold":
            found.append(still)
        elif value == "advance":
            found.append(FORWARD)
        elif isinstance(value, str) and value.startswith("charge:"):
            found.append(FORWARD / charges)
        elif value == "point":
            found.append(0.0)  # a point of its own choosing: left to people
        else:
            found.append(1.0)
    return found if any(found) else [1.0] * len(found)


def hills_weights(state: Mapping[str, JSON], seat: Seat, values: Sequence[JSON]) -> list[float]:
    """Take the test; choose to run only when hopelessly outnumbered."""
    mine = theirs = 0
    for model in state.get("models") or ():
        if isinstance(model, Mapping) and model.get("status") == "active":
            if model.get("posse") == seat:
                mine += 1
            else:
                theirs += 1
    hopeless = theirs >= HOPELESS * max(mine, 1)
    return [1.0 if value != "run" or hopeless else 0.0 for value in values]
