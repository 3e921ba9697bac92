"""Legends of the Old West: how a random bot leans among the options put to
it, read from the options' meanings alone. Sensible defaults, cheap enough
for fast random playouts:

- a model moves rather than stands (advance or charge, ``FORWARD`` to 1),
  unless its posse's objective is to hold the table: then it keeps its ground
  (``GROUND`` to ``FORWARD``), shooting from where it stands;
- it never asks to move to a point of its own choosing (a person's option);
- it leaves by its posse's exit edge whenever it can while the posse's
  objective is to escape (``EXIT``), never when leaving does not help;
- at Head for the Hills the bot takes the test and runs only if it fails
  (OW-HFH-1, OW-HFH-2); it chooses to run (OW-HFH-4) only when its posse is
  outnumbered ``HOPELESS`` to 1 or worse on the table (as the option to run
  counts the models in play), and then half the time.

Every other decision is left uniform. The bot policy (:mod:`.policy`) serves
these weights to the bots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

FORWARD = 3.0
"""Weight of advancing, and of charging (shared among the enemies in reach),
against 1 for standing still."""
GROUND = 6.0
"""Weight of standing still for a posse whose objective is to hold the table."""
EXIT = 50.0
"""Weight of leaving by the exit edge when the posse's objective is to escape."""
HOPELESS = 3
"""Enemies on the table per model of one's own at which choosing to run is considered."""

MOVES = frozenset({"hold", "later", "advance", "charge", "exit", "point"})
HILLS = frozenset({"hills-test", "hills-run"})


def leans_from(first: Mapping[str, Any] | None) -> bool:
    """Might the bot lean among the options of a question whose first option
    means ``first`` (a move or Head for the Hills)? Every option of a
    question is of the same family, so the first one tells: a quick look,
    before the others' meanings are gathered (most questions lean nowhere)."""
    if first is None:
        return False
    kind = first["kind"]
    return kind in MOVES or kind in HILLS


def weights(meanings: Sequence[Mapping[str, Any] | None]) -> list[float] | None:
    """The lean for the options whose ``meanings`` are given, in their order;
    None: uniform (no options, one without a meaning, or options of a family
    the bot does not lean in)."""
    kinds: list[str] = [m["kind"] for m in meanings if m is not None]
    if not kinds or len(kinds) != len(meanings):
        return None
    if MOVES.issuperset(kinds):
        return move_weights(objective_of(meanings), kinds)
    if HILLS.issuperset(kinds):
        return hills_weights(cast(Sequence[Mapping[str, Any]], meanings))
    return None


def objective_of(meanings: Sequence[Mapping[str, Any] | None]) -> str | None:
    """The kind of the posse's objective, as a move's ``hold`` option states
    it (a move without one offers no exit either: its lean needs none)."""
    for meaning in meanings:
        if meaning is not None and meaning["kind"] == "hold":
            kind = meaning.get("objective")
            return kind if isinstance(kind, str) else None
    return None


def move_weights(objective: str | None, kinds: Sequence[str]) -> list[float]:
    """Forward rather than still, unless holding the table; out by the exit
    edge if that is the objective (``objective``: its kind, None: none)."""
    escaping, still = objective == "escape", GROUND if objective == "hold" else 1.0
    charges = kinds.count("charge")
    found: list[float] = []
    for option in kinds:
        if option == "exit":
            found.append(EXIT if escaping else 0.0)
        elif option == "hold":
            found.append(still)
        elif option == "advance":
            found.append(FORWARD)
        elif option == "charge":
            found.append(FORWARD / charges)
        elif option == "point":
            found.append(0.0)  # a point of its own choosing: left to people
        else:
            found.append(1.0)
    return found if any(found) else [1.0] * len(found)


def hills_weights(meanings: Sequence[Mapping[str, Any]]) -> list[float]:
    """Take the test; choose to run only when hopelessly outnumbered: the
    option to run counts the models in play, ``ours`` against ``theirs``."""
    return [1.0 if meaning["kind"] != "hills-run" or hopeless(meaning) else 0.0
            for meaning in meanings]


def hopeless(run: Mapping[str, Any]) -> bool:
    """Is the posse choosing to run (``run``, the option's meaning)
    outnumbered ``HOPELESS`` to 1 or worse on the table?"""
    ours, theirs = run.get("ours"), run.get("theirs")
    if not isinstance(ours, int) or not isinstance(theirs, int):
        return False
    return theirs >= HOPELESS * max(ours, 1)
