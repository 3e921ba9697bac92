"""Enemies and battle (ECHO-BAT): enemies bar the way until defeated or got
away from; rounds of one blow each, in the order a check gives.

The book cites its section 4.3 for the rest; what is here beyond the
fragment is house rules 2-9 (docs/rulesets/echo.md), most from what is known
of the full game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.events import Facts
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, Name, msg
from referee.core.waits import Decision, Option
from referee.games.echo.checks import dice_for, passed, successes
from referee.games.echo.state import (
    EchoState,
    Enemy,
    EnemyStatus,
    InvestigatorStatus,
    offer,
)
from referee.games.echo.tables import DEAD_AT, DOWN_AT, HUMAN_KINDS, ORDER_SKILLS


def enemy_fate(kind: str, health: int, reason: int) -> EnemyStatus:
    """House rule 5 (the full game): a human enemy with Reason or Health at 0
    or -1 is detained; with both at 0 or below, or one at -2 or below, it
    dies. Undead and artifacts are never detained: at 0 or below they are
    destroyed."""
    low = min(health, reason)
    if kind not in HUMAN_KINDS:
        return "destroyed" if low <= DOWN_AT else "active"
    if (health <= DOWN_AT and reason <= DOWN_AT) or low <= DEAD_AT:
        return "dead"
    return "detained" if low <= DOWN_AT else "active"


def investigator_fate(health: int, reason: int) -> InvestigatorStatus:
    """House rule 4: an investigator falls unconscious as a human enemy would
    be detained, and dies as it would die."""
    fate = enemy_fate("commoner", health, reason)
    if fate == "active":
        return "conscious"
    return "unconscious" if fate == "detained" else "dead"


def hurt_enemy(state: EchoState, enemy: Enemy, amount: int, harms: str, facts: Facts,
               by: Name | None = None) -> None:
    """Take ``amount`` of ``harms`` (health or reason) from ``enemy``, struck
    by the investigator ``by`` (or by an item: no one named); the line's
    ``facts`` get what the enemy has left."""
    setattr(enemy, harms, getattr(enemy, harms) - amount)
    name = state.enemy_name(enemy.id)
    state.emit(hurt_line(name, amount, harms, enemy.health, enemy.reason, by),
               facts={**facts, "health": enemy.health, "reason": enemy.reason})
    fate = enemy_fate(state.enemy_cards[enemy.id].kind, enemy.health, enemy.reason)
    if fate != "active":
        enemy.status = fate
        state.emit(msg(f"echo.enemy.{fate}", who=name, at=state.at(enemy.location)),
                   facts={"kind": "enemy-down", "enemy": enemy.id, "status": fate,
                          "location": enemy.location})


def hurt_investigator(state: EchoState, seat: str, amount: int, harms: str, facts: Facts,
                      by: Name) -> None:
    """Take ``amount`` of ``harms`` from the investigator, struck by the enemy
    ``by``; the line's ``facts`` get what the investigator has left."""
    inv = state.investigators[seat]
    setattr(inv, harms, getattr(inv, harms) - amount)
    state.emit(hurt_line(state.name(seat), amount, harms, inv.health, inv.reason, by),
               facts={**facts, "health": inv.health, "reason": inv.reason})
    fate = investigator_fate(inv.health, inv.reason)
    if fate != "conscious":
        inv.status = fate
        inv.finished = True
        inv.fighting, inv.strikes_first = False, ""
        lost, inv.units = inv.units, 0
        state.emit(msg(f"echo.investigator.{fate}", who=state.name(seat), units=lost),
                   facts={"kind": "investigator-down", "investigator": seat, "status": fate,
                          "units_lost": lost})


def hurt_line(who: Name, amount: int, harms: str, health: int, reason: int,
              by: Name | None) -> Msg:
    """"The Mirror hits Sir Max for 2 Reason", or with no striker "the Magister
    loses 2 Health", with what the one struck has left."""
    what = msg(f"echo.vital.{harms}")
    if by is None:
        return msg("echo.hurt", who=who, amount=amount, what=what, health=health,
                   reason=reason)
    return msg("echo.hit", by=by, who=who, amount=amount, what=what, health=health,
               reason=reason)


def in_turn_order(state: EchoState, group: list[str]) -> list[str]:
    return [s for s in state.clockwise_from_first() if s in group]


def in_battle(state: EchoState, group: list[str]) -> bool:
    """A battle is under way for the group: a member has fought a round
    against the enemies still barring the way. It goes on to its end, at no
    units if need be (ECHO-BAT-2)."""
    return any(state.investigators[s].fighting for s in group)


def battle_order(state: EchoState, group: list[str]) -> str:
    """The side that strikes first in the group's battle, as its order check
    gave it (ECHO-BAT-5): the leader's, else a member's who fought in it
    before the group met or split; empty before the check."""
    return next((state.investigators[s].strikes_first for s in group
                 if state.investigators[s].strikes_first), "")


def set_battle_order(state: EchoState, group: list[str], first: str) -> None:
    """Every member fights with the order ``first`` (empty: to be checked)."""
    for seat in group:
        state.investigators[seat].strikes_first = first


def join_battle(state: EchoState, group: list[str]) -> None:
    """The group has fought a round: every member is in the battle."""
    for seat in group:
        state.investigators[seat].fighting = True


def end_battle(state: EchoState, group: list[str]) -> None:
    """No enemy bars the group's way any more: its battle is over."""
    for seat in group:
        inv = state.investigators[seat]
        inv.fighting, inv.strikes_first = False, ""


def at_a_standstill(state: EchoState, group: list[str], enemies: list[Enemy]) -> bool:
    """No blow in the battle can ever land: every investigator and every
    enemy in it has Fight 0 (house rule 3: a blow is a check of Fight). Such
    a battle has no end to go on to (disputed case 14)."""
    return all(state.cards[s].fight == 0 for s in group) \
        and all(state.enemy_cards[e.id].fight == 0 for e in enemies)


def check_facts(state: EchoState, seat: str, skill: str, penalty: int,
                count: int) -> dict[str, Any]:
    """What every check's line says of it (house rule 1): whose, of which
    skill, the dice, the penalty, the successes, how many were needed."""
    return {"investigator": seat, "skill": skill,
            "dice": dice_for(getattr(state.cards[seat], skill), penalty), "penalty": penalty,
            "successes": count, "needed": state.settings.successes_needed,
            "passed": passed(count, state.settings)}


def highest_attentiveness(state: EchoState, enemies: list[Enemy]) -> int:
    """The penalty of the order and get-away checks: the enemy's Attentiveness
    (ECHO-BAT-5); with several enemies, the highest (house rule 6)."""
    return max((state.enemy_cards[e.id].attentiveness for e in enemies), default=0)


def order_skill_option(skill: str, dice: int) -> Option:
    """Check ``skill`` with ``dice`` dice for the order of blows (ECHO-BAT-5)."""
    return Option(skill, msg("echo.opt.order-skill", skill=msg(f"echo.skill.{skill}"), dice=dice),
                  {"kind": "order-skill", "skill": skill, "dice": dice})


@dataclass
class OrderCheck(Frame):
    """ECHO-BAT-5: the leader checks Attentiveness or Stealth (its choice)
    with the enemy's Attentiveness as penalty; a pass lets the investigators
    strike first in each round (house rule 7). Returns True if they do."""

    leader: str
    group: list[str]
    skill: str = ""
    """The skill the leader chose to check."""

    def start(self, state: EchoState) -> Step:
        card = state.cards[self.leader]
        dice = {skill: dice_for(getattr(card, skill), self.penalty(state, skill))
                for skill in ORDER_SKILLS}
        options = [offer(state.board, ("order-skill", skill, str(dice[skill])),
                         order_skill_option, skill, dice[skill])
                   for skill in ORDER_SKILLS]
        return self.ask(Decision.single(self.leader, msg("echo.ask.order-skill",
                                                         who=state.name(self.leader)), options),
                        self.chose)

    def penalty(self, state: EchoState, skill: str) -> int:
        if skill == "attentiveness" and state.settings.order_penalty == "stealth":
            return 0
        return highest_attentiveness(state, state.blockers(self.group))

    def chose(self, state: EchoState, skill: str) -> Step:
        self.skill = skill
        penalty = self.penalty(state, skill)
        dice = dice_for(getattr(state.cards[self.leader], skill), penalty)
        what = msg("echo.chance.check", who=state.name(self.leader),
                   skill=msg(f"echo.skill.{skill}"), dice=dice)
        if dice == 0:
            return self.rolled(state, 0)
        label = {"roll": "order-check", "investigator": self.leader, "skill": skill,
                 "dice": dice, "penalty": penalty}
        return self.ask(successes(what, dice, state.settings, label), self.rolled)

    def rolled(self, state: EchoState, count: int) -> Step:
        first = passed(count, state.settings)
        penalty = self.penalty(state, self.skill)
        state.emit(msg("echo.order.investigators" if first else "echo.order.enemies",
                       who=state.name(self.leader), skill=msg(f"echo.skill.{self.skill}"),
                       successes=count), clause="ECHO-BAT-5",
                   facts={"kind": "order-check",
                          **check_facts(state, self.leader, self.skill, penalty, count),
                          "first": "investigators" if first else "enemies"})
        return done(first)


@dataclass
class GetAway(Frame):
    """The get-away check (ECHO-BAT-1; house rule 9): the leader checks
    Stealth with the highest enemy Attentiveness as penalty; a pass and the
    whole group gets away from every enemy here for the rest of the phase.
    Returns True on a pass."""

    leader: str
    group: list[str]

    def start(self, state: EchoState) -> Step:
        enemies = state.blockers(self.group)
        penalty = highest_attentiveness(state, enemies)
        dice = dice_for(state.cards[self.leader].stealth, penalty)
        if dice == 0:
            return self.rolled(state, 0)
        what = msg("echo.chance.check", who=state.name(self.leader),
                   skill=msg("echo.skill.stealth"), dice=dice)
        label = {"roll": "get-away", "investigator": self.leader, "skill": "stealth",
                 "dice": dice, "penalty": penalty, "enemies": [e.id for e in enemies]}
        return self.ask(successes(what, dice, state.settings, label), self.rolled)

    def rolled(self, state: EchoState, count: int) -> Step:
        enemies = state.blockers(self.group)
        facts = {"kind": "get-away",
                 **check_facts(state, self.leader, "stealth",
                               highest_attentiveness(state, enemies), count),
                 "investigators": self.group,
                 "enemies": [e.id for e in enemies]}
        if not passed(count, state.settings):
            state.emit(msg("echo.away.failed", who=state.name(self.leader), successes=count,
                           enemies=tuple(state.enemy_name(e.id) for e in enemies)),
                       clause="ECHO-BAT-1", facts=facts)
            return done(False)
        for seat in self.group:
            state.investigators[seat].evaded += [e.id for e in enemies]
        state.emit(msg("echo.away.passed", who=state.name(self.leader), successes=count,
                       enemies=tuple(state.enemy_name(e.id) for e in enemies)),
                   clause="ECHO-BAT-1", facts=facts)
        return done(True)


@dataclass
class BattleRound(Frame):
    """One round (ECHO-BAT-3): every combatant strikes one blow, the side
    the order check favoured first, each side in its order (investigators
    clockwise from the First Player, enemies in the scenario's order). One
    down before its blow does not strike (ECHO-BAT-4).

    House rule 3: a blow is a check of the striker's Fight with no penalty;
    each success takes one of what the striker harms (Health or Reason).
    Investigators strike the first enemy still standing; enemies strike the
    first investigator still conscious."""

    group: list[str]
    investigators_first: bool
    queue: list[str] = field(default_factory=list)
    striker: str = ""

    def start(self, state: EchoState) -> Step:
        investigators = in_turn_order(state, self.group)
        enemies = [e.id for e in state.blockers(self.group)]
        ours = [f"i:{s}" for s in investigators]
        theirs = [f"e:{e}" for e in enemies]
        self.queue = ours + theirs if self.investigators_first else theirs + ours
        here = state.investigators[self.group[0]].location
        state.emit(msg("echo.round", at=state.at(here)), clause="ECHO-BAT-3",
                   facts={"kind": "phase-ended", "phase": "round", "turn": state.turn,
                          "location": here, "investigators": investigators,
                          "enemies": enemies,
                          "first": "investigators" if self.investigators_first else "enemies"})
        return self.next_blow(state)

    def next_blow(self, state: EchoState) -> Step:
        while self.queue:
            striker = self.queue.pop(0)
            side, _, who = striker.partition(":")
            standing = (state.investigators[who].conscious if side == "i"
                        else state.enemies[who].active)
            name = state.name(who) if side == "i" else state.enemy_name(who)
            if not standing:
                state.emit(msg("echo.no-blow", who=name), clause="ECHO-BAT-4",
                           facts={"kind": "no-blow",
                                  "investigator" if side == "i" else "enemy": who})
                continue
            target = self.target(state, side)
            if target is None:
                continue
            dice = state.cards[who].fight if side == "i" else state.enemy_cards[who].fight
            self.striker = striker
            if dice == 0:
                return self.struck(state, 0)
            what = msg("echo.chance.blow", who=name, dice=dice)
            label = ({"roll": "blow", "striker": "investigator", "investigator": who,
                      "enemy": target, "dice": dice} if side == "i" else
                     {"roll": "blow", "striker": "enemy", "investigator": target,
                      "enemy": who, "dice": dice})
            return self.ask(successes(what, dice, state.settings, label), self.struck)
        return done()

    def target(self, state: EchoState, side: str) -> str | None:
        if side == "i":
            return next((e.id for e in state.blockers(self.group)), None)
        return next((s for s in in_turn_order(state, self.group)
                     if state.investigators[s].conscious), None)

    def struck(self, state: EchoState, count: int) -> Step:
        side, _, who = self.striker.partition(":")
        target = self.target(state, side)
        if target is not None:
            if side == "i":
                self.investigator_struck(state, who, target, count)
            else:
                self.enemy_struck(state, who, target, count)
        self.striker = ""
        return self.next_blow(state)

    def investigator_struck(self, state: EchoState, seat: str, enemy: str, count: int) -> None:
        """House rule 3: the investigator's successes are what it takes."""
        card = state.cards[seat]
        facts = {"kind": "blow", "striker": "investigator", "investigator": seat,
                 "enemy": enemy, "dice": card.fight, "successes": count, "harms": card.harms}
        if count:
            hurt_enemy(state, state.enemies[enemy], count, card.harms, facts,
                       by=state.name(seat))
            return
        target = state.enemies[enemy]
        state.emit(msg("echo.miss", who=state.name(seat), target=state.enemy_name(enemy)),
                   clause="ECHO-BAT-3",
                   facts={**facts, "health": target.health, "reason": target.reason})

    def enemy_struck(self, state: EchoState, enemy: str, seat: str, count: int) -> None:
        """House rule 3: the enemy's successes are what it takes."""
        card = state.enemy_cards[enemy]
        facts = {"kind": "blow", "striker": "enemy", "investigator": seat, "enemy": enemy,
                 "dice": card.fight, "successes": count, "harms": card.harms}
        if count:
            hurt_investigator(state, seat, count, card.harms, facts, by=state.enemy_name(enemy))
            return
        target = state.investigators[seat]
        state.emit(msg("echo.miss", who=state.enemy_name(enemy), target=state.name(seat)),
                   clause="ECHO-BAT-3",
                   facts={**facts, "health": target.health, "reason": target.reason})
