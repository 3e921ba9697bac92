"""Every number the book prints, as data, and the defaults of the house rules
that fill its gaps (docs/rulesets/night_watch.md). Rules read them from here."""

from __future__ import annotations

from typing import Literal

WatchId = Literal["night", "day"]
WATCHES: tuple[WatchId, ...] = ("night", "day")
"""The two players, in seat order (the book's two sides)."""

METRO = "metro"
"""Every move goes to or from the Metro (NW-MOV-6)."""

LOCATIONS_PER_MOVE = 1
"""An Other moves at most one Location a turn (NW-MOV-5)."""

WOUNDS_TO_KILL = 4
"""A Watcher with four wounds is killed (NW-CMB-12)."""

SPELL_KINDS: tuple[Literal["attack", "defence"], ...] = ("attack", "defence")
"""Only Attack and Defence Spells exist in the fragment (NW-CMB-4)."""

# House-rule defaults (the book is silent; each is a scenario setting).
HAND_SIZE = 3
"""Spells each Other holds after drawing."""
MAX_TURNS = 12
"""The game ends after this turn."""
POINTS_TO_WIN = 3
"""Points of Egor's favour that win the game."""
EGOR_START = METRO
"""Where Egor stands at setup, as in the full game."""
EGOR_GOAL = "flat"
"""Where Egor walks to: his Flat."""
ENTERS_TURN = 1
"""The turn an Other comes into play unless the scenario says otherwise."""
