"""Missile weapons (SAM-RNG-1..5) in the Action phase (house rule: shooting
and reloading are the Action phase's; the fragment says reloading is)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from referee.boards.table import Table
from referee.core.events import Facts
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Chance, Decision, Option
from referee.games.samurai.combat import melee_of
from referee.games.samurai.damage import apply_damage
from referee.games.samurai.fight import d6
from referee.games.samurai.los import cover_seen, sight
from referee.games.samurai.scenario import HouseRules
from referee.games.samurai.state import SamuraiState, Shot, Shown, tenths
from referee.games.samurai.tables import (
    SHOT_DICE,
    WEAPONS,
    moved_modifier,
    out_of_range,
    range_modifier,
    shot_defence,
)

WAIT = {"act": "wait"}
"""The Action phase's answer to do nothing; ``{"act": "shoot", "target": id}``
shoots, ``{"act": "reload"}`` reloads."""


def shot_refusal(state: SamuraiState, table: Table, shooter: str, target: str) -> Msg | None:
    """Why ``shooter`` cannot shoot ``target`` now, or None."""
    why = refusal_before_sight(state, table, shooter, target)
    return why if why is not None else sight(state, table, shooter, target).blocked


def refusal_before_sight(state: SamuraiState, table: Table, shooter: str,
                         target: str) -> Msg | None:
    """Why ``shooter`` cannot shoot ``target`` whatever the line between
    them (no missile weapon, not an enemy, not loaded, out of range), or None."""
    f = state.fighters[shooter]
    if f.spec.missile is None:
        return msg("sam.refuse.no-missile", name=f.name)
    weapon = WEAPONS[f.spec.missile]
    enemy = state.fighters.get(target)
    if enemy is None or not enemy.alive or enemy.side == f.side:
        return msg("sam.refuse.not-enemy", id=target)
    if weapon.reloads and not f.loaded:
        return msg("sam.refuse.unloaded", name=f.name, weapon=msg(f"sam.weapon.{weapon.name}"))
    distance = table.distance(shooter, target)
    if out_of_range(weapon, distance):  # SAM-RNG-1
        return msg("sam.refuse.range", weapon=msg(f"sam.weapon.{weapon.name}"),
                   range=tenths(weapon.max_range), distance=tenths(distance))
    return None


def aims(state: SamuraiState, shooter: str) -> list[dict[str, Any]]:
    """Every enemy as ``shooter`` sees it: the distance between the bases
    (to the hundredth), whether the rules let it be shot and why not, and
    its cover; those it may shoot first, the nearest first. The cover of an
    enemy refused before sight matters (out of range, a weapon unloaded) is
    left out: :func:`with_cover` adds it where a view shows it."""
    table = state.table()
    side = state.fighters[shooter].side
    found: list[dict[str, Any]] = []
    for enemy in state.alive(state.other(side)):
        aim = {"target": enemy.id, "distance": round(table.distance(shooter, enemy.id), 2)}
        why = refusal_before_sight(state, table, shooter, enemy.id)
        if why is None:
            seen = sight(state, table, shooter, enemy.id)
            why = seen.blocked
            aim.update(allowed=why is None, why=None if why is None else why.to_json(),
                       cover=seen.cover, light=round(float(seen.light_inches), 2))
        else:
            aim.update(allowed=False, why=why.to_json())
        found.append(aim)
    found.sort(key=lambda a: (not a["allowed"], a["distance"]))
    return found


def with_cover(rules: HouseRules, table: Table, asked: Mapping[str, Any]) -> dict[str, Any]:
    """``asked`` (:func:`asked_part`) with the cover of every enemy in its
    aims, as the line of sight on ``table`` gives it."""
    shooter = asked["shooter"]
    completed = []
    for aim in asked["aims"]:
        if "cover" not in aim:
            cover, light = cover_seen(rules, table, shooter, aim["target"])
            aim = {**aim, "cover": cover, "light": round(float(light), 2)}
        completed.append(aim)
    return {**asked, "aims": completed}


def asked_part(state: SamuraiState, shooter: str) -> dict[str, Any]:
    """What the rules read of the fighter asked to act: its legal targets
    (SAM-RNG-1, SAM-LOS-2..4), whether it may reload (SAM-RNG-3) and how it
    sees every enemy (the seats' views: :func:`asked_shown`)."""
    seen = aims(state, shooter)
    return {"shooter": shooter, "targets": [a["target"] for a in seen if a["allowed"]],
            "reload": can_reload(state, shooter), "aims": seen}


def asked_shown(state: SamuraiState, shooter: str) -> Shown:
    """:func:`asked_part`, shown with the cover of every enemy (on the
    table as it stands now, whenever a view shows it)."""
    return Shown(asked_part(state, shooter), partial(with_cover, state.rules, state.table()))


def can_reload(state: SamuraiState, shooter: str) -> bool:
    f = state.fighters[shooter]
    return f.spec.missile is not None and WEAPONS[f.spec.missile].reloads and not f.loaded


def action_options(state: SamuraiState, asked: Mapping[str, Any]) -> list[Option]:
    """What the ``asked`` fighter (:func:`asked_part`) may do in the Action
    phase, each a numbered choice: wait; shoot (or throw) at each enemy in
    sight and range (SAM-RNG-1), the nearest first, its distance as the map's
    list of targets gives it; reload a Teppo that has fired (SAM-RNG-3)."""
    shooter = asked["shooter"]
    f = state.fighters[shooter]
    assert f.spec.missile is not None
    weapon = msg(f"sam.weapon.{f.spec.missile}")
    key = "sam.opt.throw" if WEAPONS[f.spec.missile].thrown else "sam.opt.shoot"
    distance = {a["target"]: a["distance"] for a in asked["aims"]}
    options = [Option(WAIT, msg("sam.opt.wait"), {"kind": "wait", "fighter": shooter})]
    for target in asked["targets"]:
        options.append(Option({"act": "shoot", "target": target},
                              msg(key, target=state.fighters[target].name, weapon=weapon,
                                  inches=tenths(distance[target])),
                              {"kind": "shoot", "shooter": shooter, "target": target}))
    if asked["reload"]:
        options.append(Option({"act": "reload"}, msg("sam.opt.reload", weapon=weapon),
                              {"kind": "reload", "fighter": shooter}))
    return options


@dataclass
class ActionPhase(Frame):
    """Every fighter with a missile weapon and no enemy in contact acts, the
    band with priority first (house rule)."""

    queue: list[str] = field(default_factory=list)

    def start(self, state: SamuraiState) -> Step:
        state.phase = "action"
        state.shots = []  # the picture shows the last Action phase's shots until now
        state.say_phase("sam.phase.action", "action", "phase-began")
        contacts = state.contacts()
        for seat in (state.priority, state.other(state.priority)):
            self.queue += [f.id for f in state.alive(seat)
                           if f.spec.missile is not None and not contacts[f.id]]
        return self.next(state)

    def next(self, state: SamuraiState) -> Step:
        while self.queue and not state.fighters[self.queue[0]].alive:
            self.queue.pop(0)
        if not self.queue:
            state.asked = None
            state.say_phase("sam.phase.action-ended", "action", "phase-ended")
            return done()
        fid = self.queue[0]
        f = state.fighters[fid]
        asked = asked_shown(state, fid)
        state.asked = asked
        return self.ask(Decision.single(f.side, msg("sam.ask.action", name=f.name),
                                        action_options(state, asked.plain)),
                        self.acted)

    def acted(self, state: SamuraiState, value: dict[str, object]) -> Step:
        fid = self.queue.pop(0)
        f = state.fighters[fid]
        state.asked = None
        if value["act"] == "reload":
            f.loaded = True
            state.emit(msg("sam.reloads", name=f.name, weapon=msg(f"sam.weapon.{f.spec.missile}")),
                       clause="SAM-RNG-3",
                       facts={"kind": "reloaded", "fighter": fid, "weapon": f.spec.missile})
        elif value["act"] == "shoot":
            return self.call(Shoot(fid, str(value["target"])), self.shot)
        return self.next(state)

    def shot(self, state: SamuraiState, result: object) -> Step:
        return self.next(state)


@dataclass
class Shoot(Frame):
    """A shot (house rule, from the full game): 2d6 + Shooting + the weapon's
    modifier + range, less 1 after moving (not the Shuriken, SAM-RNG-2),
    against 6 + cover + armour (the Teppo's armour rule, SAM-RNG-4). A miss
    at a target in a melee goes to another model of it, picked at random,
    once (SAM-RNG-5)."""

    shooter: str
    target: str
    redirected: bool = False
    dice: list[int] = field(default_factory=list)

    def start(self, state: SamuraiState) -> Step:
        f = state.fighters[self.shooter]
        assert f.spec.missile is not None
        if not self.redirected:
            f.shot = True
            if WEAPONS[f.spec.missile].reloads:
                f.loaded = False
            state.say(("sam.shoots", self.shooter, self.target), lambda: self.declared_line(state))
        return self.roll(state)

    def declared_line(self, state: SamuraiState) -> tuple[Msg, Facts]:
        """The shot (or the throw), declared."""
        f = state.fighters[self.shooter]
        assert f.spec.missile is not None
        key = "sam.throws" if WEAPONS[f.spec.missile].thrown else "sam.shoots"
        return (msg(key, name=f.name, target=state.fighters[self.target].name,
                    weapon=msg(f"sam.weapon.{f.spec.missile}")),
                {"kind": "shot-declared", "shooter": self.shooter, "target": self.target,
                 "weapon": f.spec.missile})

    def roll(self, state: SamuraiState) -> Step:
        return self.ask(d6(state, "shot", self.shooter), self.rolled)

    def rolled(self, state: SamuraiState, face: int) -> Step:
        self.dice.append(face)
        if len(self.dice) < SHOT_DICE:
            return self.roll(state)
        f, t = state.fighters[self.shooter], state.fighters[self.target]
        assert f.spec.missile is not None
        weapon = WEAPONS[f.spec.missile]
        table = state.table()
        seen = sight(state, table, self.shooter, self.target)
        distance = table.distance(self.shooter, self.target)
        attack = (sum(self.dice) + f.spec.shooting + weapon.modifier
                  + range_modifier(distance, weapon.name == "teppo")
                  + moved_modifier(weapon, f.moved) - f.result_penalty)
        defence = shot_defence(weapon, t.spec.armour, seen.cover)
        margin = attack - defence
        state.shots.append(Shot(self.shooter, self.target, (f.x, f.y), (t.x, t.y), margin > 0))
        state.emit(msg("sam.shot-result", name=f.name, dice=tuple(self.dice), attack=attack,
                       defence=defence, target=t.name),
                   facts={"kind": "shot-roll", "shooter": self.shooter, "target": self.target,
                          "dice": list(self.dice), "modifier": attack - sum(self.dice),
                          "attack": attack, "defence": defence, "cover": seen.cover,
                          "distance": round(distance, 2)})
        outcome = {"kind": "shot-result", "shooter": self.shooter, "target": self.target,
                   "attack": attack, "defence": defence}
        if margin > 0:
            apply_damage(state, t, margin, outcome)
            return done("hit")
        state.emit(msg("sam.shot-missed", name=f.name),
                   facts={**outcome, "margin": margin, "result": "missed", "wounds": t.penalty})
        others = [m for m in melee_of(state, self.target) if m != self.target]
        if self.redirected or not others:
            return done("missed")
        return self.ask(Chance.uniform(msg("sam.chance.redirect"), others,
                                       {"pick": "redirect", "shooter": self.shooter,
                                        "target": self.target}), self.redirect)

    def redirect(self, state: SamuraiState, other: str) -> Step:
        """SAM-RNG-5: resolve the shot as if aimed at the model picked."""
        state.emit(msg("sam.redirected", name=state.fighters[other].name), clause="SAM-RNG-5",
                   facts={"kind": "redirected", "shooter": self.shooter, "target": other})
        self.target, self.redirected, self.dice = other, True, []
        return self.start(state)
