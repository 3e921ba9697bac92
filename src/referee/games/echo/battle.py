"""Enemies and battle (ECHO-BAT): enemies bar the way until defeated or got
away from; rounds of one blow each, in the order a check gives.

The book cites its section 4.3 for the rest; what is here beyond the
fragment is house rules 2-9 (docs/rulesets/echo.md), most from what is known
of the full game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, Name, msg
from referee.core.waits import Decision, Option
from referee.games.echo import tables
from referee.games.echo.checks import dice_for, passed, successes
from referee.games.echo.state import EchoState, Enemy, EnemyStatus, InvestigatorStatus
from referee.games.echo.tables import HUMAN_KINDS, ORDER_SKILLS


def enemy_fate(kind: str, health: int, reason: int) -> EnemyStatus:
    """House rule 5 (the full game): a human enemy with Reason or Health at 0
    or -1 is detained; with both at 0 or below, or one at -2 or below, it
    dies. Undead and artifacts are never detained: at 0 or below they are
    destroyed."""
    low = min(health, reason)
    if kind not in HUMAN_KINDS:
        return "destroyed" if low <= 0 else "active"
    if (health <= 0 and reason <= 0) or low <= tables.DEAD_AT:
        return "dead"
    return "detained" if low <= 0 else "active"


def investigator_fate(health: int, reason: int) -> InvestigatorStatus:
    """House rule 4: an investigator falls unconscious as a human enemy would
    be detained, and dies as it would die."""
    fate = enemy_fate("commoner", health, reason)
    if fate == "active":
        return "conscious"
    return "unconscious" if fate == "detained" else "dead"


def hurt_enemy(state: EchoState, enemy: Enemy, amount: int, harms: str,
               by: Name | None = None) -> None:
    """Take ``amount`` of ``harms`` (health or reason) from ``enemy``, struck
    by the investigator ``by`` (or by an item: no one named)."""
    setattr(enemy, harms, getattr(enemy, harms) - amount)
    name = state.enemy_name(enemy.id)
    state.emit(hurt_line(name, amount, harms, enemy.health, enemy.reason, by))
    fate = enemy_fate(state.enemy_cards[enemy.id].kind, enemy.health, enemy.reason)
    if fate != "active":
        enemy.status = fate
        state.emit(msg(f"echo.enemy.{fate}", who=name, at=state.at(enemy.location)))


def hurt_investigator(state: EchoState, seat: str, amount: int, harms: str,
                      by: Name) -> None:
    """Take ``amount`` of ``harms`` from the investigator, struck by the enemy ``by``."""
    inv = state.investigators[seat]
    setattr(inv, harms, getattr(inv, harms) - amount)
    state.emit(hurt_line(state.name(seat), amount, harms, inv.health, inv.reason, by))
    fate = investigator_fate(inv.health, inv.reason)
    if fate != "conscious":
        inv.status = fate
        inv.finished = True
        lost, inv.units = inv.units, 0
        state.emit(msg(f"echo.investigator.{fate}", who=state.name(seat), units=lost))


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


def highest_attentiveness(state: EchoState, enemies: list[Enemy]) -> int:
    """The penalty of the order and get-away checks: the enemy's Attentiveness
    (ECHO-BAT-5); with several enemies, the highest (house rule 6)."""
    return max((state.enemy_cards[e.id].attentiveness for e in enemies), default=0)


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
        options = [Option(skill, msg("echo.opt.order-skill", skill=msg(f"echo.skill.{skill}"),
                                     dice=dice_for(getattr(card, skill), self.penalty(state,
                                                                                       skill))))
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
        dice = dice_for(getattr(state.cards[self.leader], skill), self.penalty(state, skill))
        what = msg("echo.chance.check", who=state.name(self.leader),
                   skill=msg(f"echo.skill.{skill}"), dice=dice)
        if dice == 0:
            return self.rolled(state, 0)
        return self.ask(successes(what, dice, state.settings), self.rolled)

    def rolled(self, state: EchoState, count: int) -> Step:
        first = passed(count, state.settings)
        state.emit(msg("echo.order.investigators" if first else "echo.order.enemies",
                       who=state.name(self.leader), skill=msg(f"echo.skill.{self.skill}"),
                       successes=count), clause="ECHO-BAT-5")
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
        dice = dice_for(state.cards[self.leader].stealth, highest_attentiveness(state, enemies))
        if dice == 0:
            return self.rolled(state, 0)
        what = msg("echo.chance.check", who=state.name(self.leader),
                   skill=msg("echo.skill.stealth"), dice=dice)
        return self.ask(successes(what, dice, state.settings), self.rolled)

    def rolled(self, state: EchoState, count: int) -> Step:
        enemies = state.blockers(self.group)
        if not passed(count, state.settings):
            state.emit(msg("echo.away.failed", who=state.name(self.leader), successes=count,
                           enemies=tuple(state.enemy_name(e.id) for e in enemies)),
                       clause="ECHO-BAT-1")
            return done(False)
        for seat in self.group:
            state.investigators[seat].evaded += [e.id for e in enemies]
        state.emit(msg("echo.away.passed", who=state.name(self.leader), successes=count,
                       enemies=tuple(state.enemy_name(e.id) for e in enemies)),
                   clause="ECHO-BAT-1")
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
        ours = [f"i:{s}" for s in in_turn_order(state, self.group)]
        theirs = [f"e:{e.id}" for e in state.blockers(self.group)]
        self.queue = ours + theirs if self.investigators_first else theirs + ours
        state.emit(msg("echo.round", at=state.at(state.investigators[self.group[0]].location)),
                   clause="ECHO-BAT-3")
        return self.next_blow(state)

    def next_blow(self, state: EchoState) -> Step:
        while self.queue:
            striker = self.queue.pop(0)
            side, _, who = striker.partition(":")
            standing = (state.investigators[who].conscious if side == "i"
                        else state.enemies[who].active)
            name = state.name(who) if side == "i" else state.enemy_name(who)
            if not standing:
                state.emit(msg("echo.no-blow", who=name), clause="ECHO-BAT-4")
                continue
            if self.target(state, side) is None:
                continue
            dice = state.cards[who].fight if side == "i" else state.enemy_cards[who].fight
            self.striker = striker
            if dice == 0:
                return self.struck(state, 0)
            what = msg("echo.chance.blow", who=name, dice=dice)
            return self.ask(successes(what, dice, state.settings), self.struck)
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
                if count == 0:
                    state.emit(msg("echo.miss", who=state.name(who),
                                   target=state.enemy_name(target)), clause="ECHO-BAT-3")
                else:
                    hurt_enemy(state, state.enemies[target], count, state.cards[who].harms,
                               by=state.name(who))
            else:
                card = state.enemy_cards[who]
                if count == 0:
                    state.emit(msg("echo.miss", who=card.name.name, target=state.name(target)),
                               clause="ECHO-BAT-3")
                else:
                    hurt_investigator(state, target, count, card.harms, by=card.name.name)
        self.striker = ""
        return self.next_blow(state)
