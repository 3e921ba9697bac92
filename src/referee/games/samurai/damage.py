"""What a successful attack or shot does (house rule: the fragment stops at
"some damage is done", SAM-ATK-8; the bands follow the full game's stunned,
light wound, grievous wound and killed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.i18n import msg
from referee.games.samurai.state import Fighter, SamuraiState
from referee.games.samurai.tables import DAMAGE_BANDS, KILLED_AT_PENALTY, WOUND_PENALTY


def damage_of(margin: int) -> str:
    """The result a margin above 0 gives: stunned, light, grievous or killed."""
    result = ""
    for at_least, name in DAMAGE_BANDS:
        if margin >= at_least:
            result = name
    return result


def apply_damage(state: SamuraiState, fighter: Fighter, margin: int,
                 outcome: Mapping[str, Any]) -> str:
    """Mark the damage; a fighter killed is taken off the table. Returns the
    result. The line says it with ``outcome``'s facts (the attack's or the
    shot's: who, both Results) and the margin, the result and the wound
    penalty after it."""
    result = damage_of(margin)
    if result == "stunned":
        fighter.stunned = True
    elif result in WOUND_PENALTY:
        fighter.penalty += WOUND_PENALTY[result]
        if fighter.penalty >= KILLED_AT_PENALTY:
            result = "killed"
    if result == "killed":
        fighter.alive = False
    state.emit(msg(f"sam.damage.{result}", name=fighter.name, margin=margin),
               clause="SAM-ATK-8",
               facts={**outcome, "margin": margin, "result": result, "wounds": fighter.penalty})
    return result
