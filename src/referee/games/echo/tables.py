"""Every number the book gives, and the house rules' defaults, as data.

The book (shared/rules/echo.md, Movement phase) prints few numbers; each is
named after its clause. Numbers from what is known of the full game are
marked so; house-rule defaults live in the scenario's ``[settings]``
(:class:`referee.games.echo.scenario.Settings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal

LINK_COST: Final = 1
"""ECHO-MOV-2: moving along a white rectangle costs 1 movement unit."""
TOUCH_COST: Final = 0
"""ECHO-MOV-3: moving between Locations that touch costs none."""
GATE_COST: Final = 1
"""ECHO-GATE-2: passing a Gate, either way, costs 1 unit."""
ROUND_COST: Final = 1
"""ECHO-BAT-2: one round of battle costs 1 unit (none once the units are gone)."""
TOKENS_PER_SPEND: Final = 1
"""ECHO-MOV-4: each unit spent discards one token."""
BLOWS_PER_ROUND: Final = 1
"""ECHO-BAT-3: each combatant strikes exactly one blow a round."""

# Known from the full game (not in the seed), used as house rules.
MAX_PLAYERS: Final = 8
"""The full game takes up to 8 players."""
FULL_GAME_TURNS: Final = 24
"""The full game lasts 24 turns."""
DOWN_AT: Final = 0
"""Reason or Health at 0 or below takes an enemy out of the battle: an undead
or an artifact is destroyed, a human enemy detained or killed."""
DETAINED_DOWN_TO: Final = -1
"""A human enemy whose Reason or Health falls to 0 or -1 is detained."""
DEAD_AT: Final = -2
"""...to -2 or below (or both to 0 or below), it dies."""

EnemyKind = Literal["undead", "artifact", "commoner", "mage"]
ENEMY_KINDS: Final[tuple[EnemyKind, ...]] = ("undead", "artifact", "commoner", "mage")
"""The four kinds of enemy token (нечисть, artifacts, commoners, mages)."""
HUMAN_KINDS: Final[frozenset[str]] = frozenset({"commoner", "mage"})
"""Enemies that can be detained; undead and artifacts can only be destroyed."""

Skill = Literal["speed", "attentiveness", "stealth", "fight", "magic"]
SKILLS: Final[tuple[Skill, ...]] = ("speed", "attentiveness", "stealth", "fight", "magic")
"""An investigator's skills: Speed (ECHO-MOV-1), Attentiveness and Stealth
(ECHO-BAT-5) from the book; Fight and Magic are house rules (blows, spells)."""
ORDER_SKILLS: Final[tuple[Skill, ...]] = ("attentiveness", "stealth")
"""ECHO-BAT-5: the order of blows comes from a check of either skill."""

Vitality = Literal["health", "reason"]
VITALITIES: Final[tuple[Vitality, ...]] = ("health", "reason")
"""Health (Здоровье) and Reason (Рассудок), known from the full game."""


# House-rule defaults (each is a setting of the scenario).
DIE_SIDES: Final = 6
SUCCESS_FACE: Final = 5
"""A check rolls one die per point of skill less the penalty; each die
showing 5 or 6 is a success (the full game's likeness to Arkham Horror)."""
SUCCESSES_NEEDED: Final = 1
CHECK_LEAST: Final[Mapping[str, int]] = MappingProxyType(
    {"die_sides": 2, "success_face": 1, "successes_needed": 1})
"""The least each setting of a check may be: a die has two sides or more, a
success face is one of them, a check needs a success at least."""
MAX_TURNS: Final = 8
FREE_MOVES: Final = 6
"""Moves between touching Locations an investigator or group may make in one
turn (house rule: keeps a turn finite, as moves there cost nothing)."""
WAKE_WITH: Final = 1
"""House rule 4: an unconscious investigator comes to with at least this much
Health and Reason."""
