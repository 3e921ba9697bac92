"""Every number the book prints, as data, and the defaults of the house rules
that fill its gaps (docs/rulesets/night_watch.md). Rules read them from here."""

from __future__ import annotations

from typing import Literal

WatchId = Literal["night", "day"]
WATCHES: tuple[WatchId, ...] = ("night", "day")
"""The two players, in seat order (the book's two sides)."""
EgorMoves = Literal["round", "walk", "random"]
CombatRounds = Literal["once", "until-all-pass"]

METRO = "metro"
"""Every move goes to or from the Metro (NW-MOV-6)."""

LOCATIONS_PER_MOVE = 1
"""An Other moves at most one Location a turn (NW-MOV-5)."""

WOUNDS_TO_KILL = 4
"""A Watcher with four wounds is killed (NW-CMB-12)."""

SpellKind = Literal["attack", "defence"]
SPELL_KINDS: tuple[SpellKind, ...] = ("attack", "defence")
"""Only Attack and Defence Spells exist in the fragment (NW-CMB-4)."""

# House-rule defaults (the book is silent; each is a scenario setting).
HAND_SIZE = 3
"""Spells each Other holds after drawing."""
MAX_TURNS = 12
"""The game ends after this turn."""
POINTS_TO_WIN = 3
"""Points of Egor's favour that win the game."""
EGOR_START = METRO
"""Where Egor stands at setup (a house rule like the rest of Egor's card)."""
EGOR_MOVES: EgorMoves = "round"
"""How Egor moves: a round of stops, so he never parks (see EGOR_ROUND)."""
EGOR_ROUND = ("flat", "barbershop")
"""The stops of Egor's round: his Flat and the Barbershop, the walk of the
book's example (NW-MOV-8) taken there and back, one Location a turn."""
EGOR_GOAL = "flat"
"""Where Egor walks to with ``egor_moves = "walk"``: his Flat."""
COMBAT_ROUNDS: CombatRounds = "once"
"""One pass in Initiative order per combat (NW-CMB-5, NW-CMB-6; disputed case 2)."""
ENTERS_TURN = 1
"""The turn an Other comes into play unless the scenario says otherwise."""
