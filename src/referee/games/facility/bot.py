"""Facility's rule-of-thumb bot, read from its character's view alone
(registered as the ``facility`` entry of ``referee.bots``; the rules never
import it). It writes only orders its view shows can stand, so none is ever
void: doors of its own room, items before it, characters in its room.

The scenario format gives a character no aim, so the bot pursues the aims
every character of the book has: it explores the building (through the door
to the room it has been in least, CHAT-MOV-1), takes what lies on the floor
while it has room for it (CHAT-TAK-1), takes a weapon kept in
its inventory in hand (CHAT-EQP-1) and shoots an armed character in its room before that one
shoots it (CHAT-TRN-5). A character that is down orders nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from random import Random
from typing import Any

from referee.bots.kinds import RulesetBots
from referee.bots.rules import RulesBot, facts_of, state_of
from referee.core.drivers import Ask, Player
from referee.core.waits import JSON
from referee.games.facility.tables import HANDS

SHOT = "shot"


class FacilityBots(RulesetBots):
    def rules(self, rng: Random) -> Player:
        return FacilityRulesBot(rng)


class FacilityRulesBot(RulesBot):
    """Legal orders: explore, pick up, arm, shoot the armed."""

    def shaped(self, ask: Ask) -> JSON:
        state = state_of(ask)
        me = state.get("character")
        if not isinstance(me, Mapping) or me["health"] <= 0:
            return {}
        orders: dict[str, JSON] = {}
        door = self.door_to_explore(ask, state)
        if door is not None:
            orders["move"] = {"route": [door]}
        takes = takeable(state)
        if takes:
            orders["take"] = [{"item": item} for item in takes]
        weapon = weapon_of(state)
        if weapon is not None and weapon in me["inventory"] and len(me["hands"]) < \
                me["places"].get(HANDS, 0):
            orders["equip"] = {"hands": [*me["hands"], weapon]}
        target = armed_enemy(state)
        if weapon is not None and target is not None:
            orders["use"] = [{"ability": SHOT, "item": weapon, "target": target}]
        return orders

    def door_to_explore(self, ask: Ask, state: Mapping[str, Any]) -> str | None:
        """The door to the room this character has been in least (ties drawn)."""
        doors = state["room"]["doors"]
        if not doors:
            return None
        been: Counter[int] = Counter()
        for facts in facts_of(ask):
            if facts.get("kind") == "moved" and facts.get("character") == ask.seat:
                been[facts["to"]] += 1
        been[state["room"]["number"]] += 1
        fewest = min(been[door["to"]] for door in doors.values())
        choices = sorted(name for name, door in doors.items() if been[door["to"]] == fewest)
        return str(self.rng.choice(choices))


def free_places(me: Mapping[str, Any]) -> dict[str, int]:
    """How many more items each place of the character holds."""
    held = {HANDS: len(me["hands"]), "inventory": len(me["inventory"])}
    for place, items in me["worn"].items():
        held[place] = len(items)
    return {place: size - held.get(place, 0) for place, size in me["places"].items()}


def takeable(state: Mapping[str, Any]) -> list[str]:
    """The items on the floor the character has room for, each in a place
    it may be carried in (CHAT-TAK-1, CHAT-TAK-3)."""
    free = free_places(state["character"])
    found = []
    for item in state["room"]["floor"]:
        known = state["items"].get(item) or {}
        for place in known.get("carry") or ():
            if free.get(place, 0) > 0:
                free[place] -= 1
                found.append(item)
                break
    return found


def carried(me: Mapping[str, Any]) -> list[str]:
    return [*me["hands"], *me["inventory"], *(i for items in me["worn"].values() for i in items)]


def weapon_of(state: Mapping[str, Any]) -> str | None:
    """An item the character carries that shoots (house rule 11)."""
    for item in carried(state["character"]):
        if SHOT in ((state["items"].get(item) or {}).get("abilities") or ()):
            return item
    return None


def armed_enemy(state: Mapping[str, Any]) -> str | None:
    """Someone in the room with a weapon to be seen on them."""
    for name, other in sorted(state["room"]["present"].items()):
        for item in other["visible"]:
            if SHOT in ((state["items"].get(item) or {}).get("abilities") or ()):
                return str(name)
    return None
