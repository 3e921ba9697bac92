"""Items (ECHO-ITEM): used in the Movement phase at their cost in units,
many with a skill check; the units go on the attempt, success or not.

House rule 13 gives items their effects (the book lists none): ``units``
adds units at the phase's start (ECHO-MOV-1), ``teleport`` goes to any
Echo Location, ``smite`` takes from an enemy here, ``heal`` gives back
Health or Reason to the group."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.flow import Frame, Step, done
from referee.core.i18n import msg
from referee.core.waits import Decision, Option
from referee.games.echo.battle import hurt_enemy
from referee.games.echo.checks import dice_for, passed, successes
from referee.games.echo.state import EchoState, offer
from referee.games.echo.units import spend


def usable_items(state: EchoState, group: list[str], blocked: bool) -> list[str]:
    """Items the group may try now: a member's, costing units every member
    still has (ECHO-ORD-3); not ``teleport`` while an enemy bars the way
    (ECHO-BAT-1); ``smite`` only with an enemy here."""
    units = min(state.investigators[s].units for s in group)
    here = state.investigators[group[0]].location
    found = []
    for seat in state.clockwise_from_first():
        if seat not in group:
            continue
        for item in state.cards[seat].items:
            card = state.item_cards[item]
            if card.effect == "units" or card.cost > units:
                continue
            if card.effect == "teleport" and (blocked or here in state.board.world):
                continue
            if card.effect == "smite" and not state.enemies_at(here):
                continue
            found.append(item)
    return found


def teleport_option(state: EchoState, there: str) -> Option:
    """Where a teleport may take the group (house rule 13)."""
    return Option(there, msg("echo.opt.teleport", to=state.to(there)),
                  {"kind": "teleport", "location": there})


@dataclass
class UseItem(Frame):
    """An attempt to use ``item``: every member spends its cost (ECHO-ITEM-1,
    ECHO-ORD-3), then the check, if any (ECHO-ITEM-2), then the effect.
    Returns True when the group was moved (a teleport)."""

    leader: str
    group: list[str]
    item: str
    dice: int = 0
    """The dice of the item's check, once it is made."""

    def start(self, state: EchoState) -> Step:
        card = state.item_cards[self.item]
        holder = state.holders[self.item]
        state.emit(msg("echo.item.used", who=state.name(holder), item=state.item_name(self.item),
                       cost=card.cost), clause="ECHO-ITEM-1",
                   facts={"kind": "item-used", "item": self.item, "investigator": holder,
                          "investigators": self.group, "units": card.cost})
        spend(state, self.group, card.cost, "item", "ECHO-ITEM-1")
        if card.skill is None:
            return self.effect(state)
        dice = self.dice = dice_for(getattr(state.cards[holder], card.skill), card.penalty)
        if dice == 0:
            return self.checked(state, 0)
        what = msg("echo.chance.check", who=state.name(holder),
                   skill=msg(f"echo.skill.{card.skill}"), dice=dice)
        label = {"roll": "item-check", "investigator": holder, "item": self.item,
                 "skill": card.skill, "dice": dice, "penalty": card.penalty}
        return self.ask(successes(what, dice, state.settings, label), self.checked)

    def checked(self, state: EchoState, count: int) -> Step:
        card = state.item_cards[self.item]
        success = passed(count, state.settings)
        facts = {"kind": "item-check", "item": self.item,
                 "investigator": state.holders[self.item], "skill": card.skill,
                 "dice": self.dice, "penalty": card.penalty, "successes": count,
                 "needed": state.settings.successes_needed, "passed": success}
        if not success:
            state.emit(msg("echo.item.failed", item=state.item_name(self.item), successes=count),
                       clause="ECHO-ITEM-2", facts=facts)
            return done(False)
        state.emit(msg("echo.item.passed", item=state.item_name(self.item), successes=count),
                   clause="ECHO-ITEM-2", facts=facts)
        return self.effect(state)

    def effect(self, state: EchoState) -> Step:
        card = state.item_cards[self.item]
        here = state.investigators[self.leader].location
        if card.effect == "teleport":
            options = [offer(state.board, ("teleport", loc), teleport_option, state, loc)
                       for loc in state.board.names
                       if loc != here and loc not in state.board.world]
            question = msg("echo.ask.teleport", item=state.item_name(self.item))
            return self.ask(Decision.single(self.leader, question, options), self.teleported)
        if card.effect == "smite":
            enemies = state.enemies_at(here)
            if enemies:
                hurt_enemy(state, enemies[0], card.power, card.harms,
                           {"kind": "smote", "item": self.item, "enemy": enemies[0].id,
                            "amount": card.power, "harms": card.harms})
        elif card.effect == "heal":
            for seat in self.group:
                inv, limit = state.investigators[seat], getattr(state.cards[seat], card.harms)
                before = getattr(inv, card.harms)
                setattr(inv, card.harms, min(limit, before + card.power))
                amount = getattr(inv, card.harms) - before
                state.emit(msg("echo.healed", who=state.name(seat), amount=amount,
                               what=msg(f"echo.vital.{card.harms}"), health=inv.health,
                               reason=inv.reason),
                           facts={"kind": "healed", "investigator": seat, "item": self.item,
                                  "amount": amount, "harms": card.harms,
                                  "health": inv.health, "reason": inv.reason})
        return done(False)

    def teleported(self, state: EchoState, there: str) -> Step:
        origin = state.investigators[self.leader].location
        for seat in self.group:
            state.investigators[seat].location = there
        state.emit(msg("echo.teleported", who=tuple(state.name(s) for s in self.group),
                       item=state.item_name(self.item), from_=state.from_(origin),
                       to=state.to(there)),
                   facts={"kind": "teleported", "investigators": self.group,
                          "item": self.item, "from": origin, "to": there})
        return done(True)
