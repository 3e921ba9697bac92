"""Odds where a Samurai player decides: the chance an attack does damage,
for each enemy to attack and with or without a Boost (SAM-ATK-3, SAM-ATK-4,
SAM-ATK-6..8, SAM-BST-3, SAM-BST-4, SAM-MOD-1, SAM-MOD-2), counted by
:mod:`referee.odds.samurai` from the asked seat's whole view alone: the
options' meanings say who attacks whom, the fighters' part of the state
their profiles and marks, the log's facts whether the Defender Boosted.
Registered through the ``referee.table_odds`` entry points; no rules module
imports it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.core.drivers import Ask
from referee.core.i18n import Msg, msg
from referee.games.samurai.tables import result_penalty
from referee.odds import samurai as sam
from referee.odds.at_the_table import OptionOdds, TableOdds, share


class SamuraiTableOdds(TableOdds):
    """The chance of damage beside each attack and each Boost option."""

    def option_odds(self, ask: Ask) -> Mapping[int, Msg] | None:
        view = ask.view
        state = view.get("state")
        if not isinstance(state, Mapping) or not isinstance(state.get("fight"), Mapping):
            return None
        found: OptionOdds = {}
        for index, meaning in enumerate(_meanings(view)):
            kind = meaning.get("kind")
            if kind not in ("attack", "boost-defence", "boost-attack"):
                continue
            attacker, defender = meaning["attacker"], meaning["defender"]
            modifier = _modifier(state, attacker, defender)
            if modifier is None:
                continue
            if kind == "attack":
                found[index] = msg("odds.at.attack",
                                   damage=share(sam.attack(modifier).probability))
            elif kind == "boost-defence":
                found[index] = _defending(state, attacker, modifier, meaning["boost"])
            else:
                boosted = _defence_boosted(view, defender)
                found[index] = msg("odds.at.attack", damage=share(
                    sam.attack(modifier, meaning["boost"], boosted).probability))
        return found or None


def _meanings(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """What each option put to the seat means, as its view shows them."""
    waiting = view.get("waiting")
    options = waiting.get("options") if isinstance(waiting, Mapping) else None
    return [option.get("meaning") or {} for option in options or ()]


def _modifier(state: Mapping[str, Any], attacker: str, defender: str) -> int | None:
    """The Attack Result's modifiers less the Defence Result's (SAM-ATK-6,
    SAM-ATK-7, SAM-MOD-1, SAM-MOD-2) as the view shows the two fighters and
    the Defender's enemies still in the fight; None if it does not show them."""
    fighters = state["fighters"]
    a, d = fighters.get(attacker), fighters.get(defender)
    if a is None or d is None:
        return None
    enemies = [f for f in state["fight"]["order"]
               if f in fighters and fighters[f]["alive"] and fighters[f]["side"] != d["side"]]
    return sam.modifier(a["melee"], 0 if a["disarmed"] else a["weapon_bonus"],
                        result_penalty(a["wounds"], a["stunned"]), d["melee"], d["armour"],
                        result_penalty(d["wounds"], d["stunned"]), len(enemies))


def _defending(state: Mapping[str, Any], attacker: str, modifier: int, boost: bool) -> Msg:
    """The Defender, deciding first, sees its chance of taking damage with
    and without the Attacker's Boost while the Attacker has a token to Boost
    with (SAM-ATK-3, SAM-ATK-4)."""
    tokens = state["fight"]["tokens"].get(attacker) or {}
    plain = share(sam.attack(modifier, False, boost).probability)
    if tokens.get("attack", 0) < 1:
        return msg("odds.at.defend-plain", damage=plain)
    return msg("odds.at.defend", damage=plain,
               boosted=share(sam.attack(modifier, True, boost).probability))


def _defence_boosted(view: Mapping[str, Any], defender: str) -> bool:
    """Has ``defender`` Boosted its defence against the attack under way
    (the facts since the attack was declared, SAM-ATK-3)?"""
    log: Sequence[Any] = view.get("log") or ()
    for line in reversed(log):
        facts = line.get("facts") or {}
        if facts.get("kind") == "attack-declared":
            return False
        if facts.get("kind") == "boosted" and facts.get("roll") == "defence" \
                and facts.get("fighter") == defender:
            return True
    return False
