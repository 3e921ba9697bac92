"""A fight (SAM-FGT-1..6): secret token allocation, initiative, attacks in
initiative order; an attack (SAM-ATK-1..8) with its Boosts (SAM-BST-1..4)
and the Defence modifiers (SAM-MOD-1..2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.core.events import Facts, Seat
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Chance, Decision, Meaning, Option
from referee.games.samurai.damage import apply_damage
from referee.games.samurai.state import FightView, SamuraiState
from referee.games.samurai.tables import (
    ARMOUR_DEFENCE,
    ATTACK_BOOSTED_DICE,
    ATTACK_DICE,
    ATTACK_KEPT,
    DEFENCE_BOOSTED_DICE,
    DEFENCE_DICE,
    DIE_FACES,
    INITIATIVE_BOOSTED_DICE,
    INITIATIVE_DICE,
    OUTNUMBERED_AT,
    OUTNUMBERED_MODIFIER,
)


class Tokens(BaseModel):
    """One fighter's share of its side's combat tokens (SAM-FGT-2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    attack: int = Field(ge=0, le=50, description="Attack tokens (black)")
    defence: int = Field(ge=0, le=50, description="Defence tokens (white)")
    boost_initiative: bool = Field(False, description="spend one of its Attack tokens to "
                                                      "Boost its Initiative (SAM-BST-2)")


class Allocation(BaseModel):
    """A side's secret answer: the tokens of each of its fighters in the fight.

    A fight asks for :func:`allocation_for` its fighters, whose schema lists
    them one by one; a fighter the answer should not name is refused by
    :func:`allocation_refusals`, naming those it may."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    fighters: dict[str, Tokens]

    named: ClassVar[tuple[tuple[str, str, str | None], ...]] = ()
    """The fighters to give tokens to: id and the name the form shows, in
    English and Russian."""

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """The schema with ``fighters`` as fixed fields, one per fighter of the
        side, each named as the map names it (``x-label``), so a form asks
        fighter by fighter and never for an id; the token fields and the whole
        answer carry the catalogue keys of their names and help."""
        schema = super().model_json_schema(*args, **kwargs)
        schema["x-help"] = "sam.form.help"
        tokens = schema["$defs"]["Tokens"]["properties"]
        for name, part in tokens.items():
            part["x-label"] = f"sam.form.{name}"
        if cls.named:
            schema["properties"]["fighters"] = {
                "type": "object", "title": "Fighters",
                "properties": {fid: {"$ref": "#/$defs/Tokens", "title": en,
                                     "x-label": {"en": en, "ru": ru or en}}
                               for fid, en, ru in cls.named},
                "required": [fid for fid, _, _ in cls.named], "additionalProperties": False}
        return schema


@lru_cache(maxsize=256)
def allocation_for(named: tuple[tuple[str, str, str | None], ...]) -> type[Allocation]:
    """The shape of an allocation for the fighters ``named`` (id, name in
    English and Russian)."""
    return type("Allocation", (Allocation,), {"named": named, "__module__": __name__})


def allocation_shape(state: SamuraiState, fighters: list[str]) -> type[Allocation]:
    """The answer a side gives for its ``fighters`` in the fight (SAM-FGT-2),
    each fighter labelled by its name in the reader's language."""
    names = {f: state.fighters[f].spec.name for f in fighters}
    return allocation_for(tuple((f, names[f].en, names[f].ru) for f in fighters))


def allocation_refusals(state: SamuraiState, seat: Seat, answer: Allocation) -> list[Msg]:
    """Why an allocation does not add up (SAM-FGT-2), or nothing."""
    fight = state.fight
    if fight is None:
        return []
    mine = fight.sides.get(seat, [])
    refusals: list[Msg] = []
    for fid in answer.fighters:
        if fid not in mine:
            named = tuple(msg("sam.fighter-id", id=f, name=state.fighters[f].name) for f in mine)
            refusals.append(msg("sam.refuse.not-in-fight", id=fid, fighters=named))
    for fid in mine:
        if fid not in answer.fighters:
            refusals.append(msg("sam.refuse.missing-fighter", name=state.fighters[fid].name))
    cp = sum(state.fighters[f].spec.cp for f in mine)
    total = sum(t.attack + t.defence for f, t in answer.fighters.items() if f in mine)
    if total != cp:
        refusals.append(msg("sam.refuse.total", tokens=total, cp=cp))
    for fid, tokens in answer.fighters.items():
        if fid not in mine:
            continue
        name = state.fighters[fid].name
        own = state.fighters[fid].spec.cp
        if not state.rules.pool_tokens and tokens.attack + tokens.defence != own:
            refusals.append(msg("sam.refuse.fighter-cp", name=name,
                                tokens=tokens.attack + tokens.defence, cp=own))
        if tokens.boost_initiative and tokens.attack < 1:
            refusals.append(msg("sam.refuse.boost-without-attack", name=name))
    return refusals


def d6(state: SamuraiState, roll: str, who: str) -> Chance:
    """One die of a fighter's ``roll`` (initiative, attack, defence, shot),
    or of a band's for priority, ``who`` naming the one or the other: in
    words ("Kenji's attack") and as data (``{"roll": "attack", "fighter":
    "kenji"}``). Made once per scenario and shared by every game of it, as
    it never changes (:class:`.state.Kept`)."""
    dice = state.kept.dice
    found: Chance | None = dice.get((roll, who))
    if found is None:
        found = dice[(roll, who)] = _die(state, roll, who)
    return found


def _die(state: SamuraiState, roll: str, who: str) -> Chance:
    if roll == "priority":
        return Chance.uniform(msg("sam.roll.priority", band=state.band_names[who]), DIE_FACES,
                              {"roll": roll, "seat": who})
    return Chance.uniform(msg(f"sam.roll.{roll}", name=state.fighters[who].name), DIE_FACES,
                          {"roll": roll, "fighter": who})


def modifier(value: int) -> Msg:
    """A modifier added to a roll, as a sum is written: "+ 2", "− 1"."""
    return msg("sam.plus", n=value) if value >= 0 else msg("sam.minus", n=-value)


@dataclass
class Fight(Frame):
    """SAM-FGT-2..6 for the fighters ``members`` (both sides)."""

    members: list[str]
    order: list[str] = field(default_factory=list)
    at: int = 0
    passes: int = 0

    def start(self, state: SamuraiState) -> Step:
        sides: dict[Seat, list[str]] = {seat: [] for seat in state.seats}
        for fid in self.members:
            if state.fighters[fid].alive:
                sides[state.fighters[fid].side].append(fid)
        state.fight = FightView(sides)
        who = tuple(tuple(sides[seat]) for seat in state.seats)
        state.say(("sam.fight.begins", who), lambda: _fight_began(state, sides),
                  clause="SAM-FGT-1")
        return self.ask(state.question(("sam.ask.tokens", who),
                                       lambda: _tokens_question(state, sides)),
                        self.revealed)

    def revealed(self, state: SamuraiState, answers: dict[Seat, Allocation]) -> Step:
        """SAM-FGT-3: both sides' tokens shown at once, fighter by fighter."""
        fight = state.fight
        assert fight is not None
        boosted: list[str] = []
        for seat in state.seats:
            for fid in fight.sides[seat]:
                t = answers[seat].fighters[fid]
                fight.tokens[fid] = {"attack": t.attack, "defence": t.defence}
                state.say(("sam.tokens", fid, t.attack, t.defence),
                          partial(_tokens_revealed, state, fid, t), clause="SAM-FGT-3")
                if t.boost_initiative:
                    boosted.append(fid)
                    fight.tokens[fid]["attack"] -= 1
                    state.say(("sam.boost.initiative", fid),
                              partial(boosted_line, state, fid, "initiative"), clause="SAM-BST-2")
        fighters = [f for s in state.seats for f in fight.sides[s]]
        return self.call(Initiative(fighters, boosted), self.ordered)

    def ordered(self, state: SamuraiState, order: list[str]) -> Step:
        assert state.fight is not None
        self.order = list(order)
        state.fight.order = list(order)
        state.say(("sam.order", *order), lambda: (
            msg("sam.order", names=tuple(state.fighters[f].name for f in order)),
            {"kind": "initiative-order", "fighters": order}), clause="SAM-FGT-4")
        return self.next_fighter(state)

    # -- attacks in initiative order (SAM-FGT-5, SAM-FGT-6) -------------------

    def enemies(self, state: SamuraiState, fid: str) -> list[str]:
        side = state.fighters[fid].side
        return [f for f in self.order if state.fighters[f].side != side]

    def attack_left(self, state: SamuraiState) -> bool:
        """Has a fighter of the fight an Attack token left?"""
        return any(tokens_of(state, f)["attack"] for f in self.order)

    def next_fighter(self, state: SamuraiState) -> Step:
        sides = {state.fighters[f].side for f in self.order}
        if len(sides) < 2:
            return self.end(state, "fallen")
        if not self.attack_left(state):
            return self.end(state, "tokens")
        if self.passes >= len(self.order):
            return self.end(state, "passed")
        fid = self.order[self.at % len(self.order)]
        self.at = (self.at + 1) % len(self.order)
        if tokens_of(state, fid)["attack"] == 0:
            return self.chose(state, {"pass": fid})
        enemies = self.enemies(state, fid)
        return self.ask(state.question(("sam.ask.attack", fid, *enemies),
                                       lambda: _attack_question(state, fid, enemies)),
                        self.chose)

    def chose(self, state: SamuraiState, value: dict[str, str]) -> Step:
        if "pass" in value:
            self.passes += 1
            fid = value["pass"]
            state.say(("sam.passes", fid), lambda: (
                msg("sam.passes", name=state.fighters[fid].name),
                {"kind": "passed", "fighter": fid}), clause="SAM-FGT-5")
            return self.next_fighter(state)
        self.passes = 0
        attacker, defender = value["attack"], value["target"]
        outnumbered = len(self.enemies(state, defender)) >= OUTNUMBERED_AT
        return self.call(Attack(attacker, defender, outnumbered), self.attacked)

    def attacked(self, state: SamuraiState, result: Any) -> Step:
        for fid in list(self.order):
            if not state.fighters[fid].alive:
                index = self.order.index(fid)
                self.order.remove(fid)
                if index < self.at:
                    self.at -= 1
        if self.order:
            self.at %= len(self.order)
        fight = state.fight
        assert fight is not None
        fight.tokens = {f: t for f, t in fight.tokens.items() if state.fighters[f].alive}
        fight.order = list(self.order)
        return self.next_fighter(state)

    def end(self, state: SamuraiState, why: Literal["fallen", "tokens", "passed"]) -> Step:
        """SAM-FGT-6: the fight is over (``why``: one side fell, no Attack
        tokens are left, or every fighter passed in a row)."""
        state.say(("sam.fight.ends", why), lambda: (
            msg(f"sam.fight.ends-{why}"), {"kind": "fight-ended", "reason": why}),
            clause="SAM-FGT-6")
        assert state.fight is not None
        left = sum(t["attack"] + t["defence"] for f, t in state.fight.tokens.items()
                   if state.fighters[f].alive)
        if left:  # house rule: unspent tokens are lost
            state.say(("sam.tokens-lost", left), lambda: (
                msg("sam.tokens-lost", count=left), {"kind": "tokens-lost", "count": left}))
        for fid in self.members:
            state.fighters[fid].fights += 1
        state.fight = None
        return done()


def tokens_of(state: SamuraiState, fid: str) -> dict[str, int]:
    """The tokens ``fid`` has left in the fight being played."""
    assert state.fight is not None
    return state.fight.tokens[fid]


def _fight_began(state: SamuraiState, sides: dict[Seat, list[str]]) -> tuple[Msg, Facts]:
    """SAM-FGT-1: who fights on each side."""
    first, second = (tuple(state.fighters[f].name for f in sides[s]) for s in state.seats)
    return msg("sam.fight.begins", one=first, other=second), {"kind": "fight-began",
                                                               "sides": sides}


def _tokens_revealed(state: SamuraiState, fid: str, tokens: Tokens) -> tuple[Msg, Facts]:
    """SAM-FGT-3: a fighter's tokens, shown."""
    return (msg("sam.tokens", name=state.fighters[fid].name, attack=tokens.attack,
                defence=tokens.defence),
            {"kind": "tokens-revealed", "fighter": fid, "attack": tokens.attack,
             "defence": tokens.defence})


def boosted_line(state: SamuraiState, fid: str,
                 roll: Literal["initiative", "attack", "defence"]) -> tuple[Msg, Facts]:
    """A fighter spends a token to Boost its ``roll`` (SAM-BST-2..4)."""
    return msg(f"sam.boost.{roll}", name=state.fighters[fid].name), {
        "kind": "boosted", "fighter": fid, "roll": roll}


def _tokens_question(state: SamuraiState, sides: dict[Seat, list[str]]) -> Decision:
    """SAM-FGT-2: each side allocates its tokens in secret, fighter by
    fighter (offered all its Combat Potential in Attack)."""
    seats = tuple(state.seats)
    templates = {seat: {"fighters": {f: {"attack": state.fighters[f].spec.cp, "defence": 0,
                                         "boost_initiative": False}
                                     for f in sides[seat]}} for seat in seats}
    shapes = {seat: allocation_shape(state, sides[seat]) for seat in seats}
    return Decision(seats, msg("sam.ask.tokens"), schema=shapes, templates=templates)


def _attack_question(state: SamuraiState, fid: str, enemies: list[str]) -> Decision:
    """SAM-FGT-5: ``fid`` passes or attacks one of ``enemies``."""
    attacks = [Option({"attack": fid, "target": e},
                      msg("sam.opt.attack", target=state.fighters[e].name),
                      {"kind": "attack", "attacker": fid, "defender": e})
               for e in enemies]
    options = [Option({"pass": fid}, msg("sam.opt.pass"), {"kind": "pass", "fighter": fid}),
               *attacks]
    return Decision.single(state.fighters[fid].side,
                           msg("sam.ask.attack", name=state.fighters[fid].name), options)


@dataclass
class Initiative(Frame):
    """SAM-FGT-4: a d6 per fighter (SAM-BST-2: 2d6, the higher, if Boosted)
    plus its Initiative; ties rerolled with a plain d6 each, until none is left."""

    fighters: list[str]
    boosted: list[str]
    keys: dict[str, list[int]] = field(default_factory=dict)
    queue: list[str] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    rerolling: bool = False

    def start(self, state: SamuraiState) -> Step:
        self.queue = list(self.fighters)
        return self.roll(state)

    def roll(self, state: SamuraiState) -> Step:
        if not self.queue:
            return self.settle(state)
        fid = self.queue[0]
        return self.ask(d6(state, "initiative", fid), self.rolled)

    def rolled(self, state: SamuraiState, face: int) -> Step:
        fid = self.queue[0]
        self.dice.append(face)
        wanted = INITIATIVE_BOOSTED_DICE if fid in self.boosted and not self.rerolling \
            else INITIATIVE_DICE
        if len(self.dice) < wanted:
            return self.roll(state)
        self.queue.pop(0)
        dice, best = self.dice, max(self.dice)
        self.dice = []
        f = state.fighters[fid]
        bonus = 0 if self.rerolling else f.spec.initiative - f.result_penalty
        if self.rerolling:
            self.keys[fid].append(best)
        else:
            self.keys[fid] = [best + bonus]
        state.say(("sam.initiative", fid, tuple(dice), bonus, self.rerolling),
                  lambda: _initiative_line(state, fid, dice, bonus, self.rerolling),
                  clause="SAM-FGT-4")
        return self.roll(state)

    def settle(self, state: SamuraiState) -> Step:
        tied = [f for f in self.fighters
                if any(g != f and self.keys[g] == self.keys[f] for g in self.fighters)]
        if tied:
            self.rerolling = True
            self.queue = tied
            return self.roll(state)
        return done(sorted(self.fighters, key=lambda f: self.keys[f], reverse=True))


def _initiative_line(state: SamuraiState, fid: str, dice: list[int], bonus: int,
                     reroll: bool) -> tuple[Msg, Facts]:
    """SAM-FGT-4: a fighter's Initiative roll (the better die when Boosted)
    and its total, or a roll again to break a tie."""
    name, best = state.fighters[fid].name, max(dice)
    text = msg("sam.initiative.reroll", name=name, roll=best) if reroll else \
        msg("sam.initiative", name=name, roll=best, modifier=modifier(bonus), total=best + bonus)
    return text, {"kind": "initiative", "fighter": fid, "dice": dice, "roll": best,
                  "modifier": bonus, "total": best + bonus, "reroll": reroll}


@dataclass
class Attack(Frame):
    """SAM-ATK-1..8, in the book's order: the Attack token; the Defender's
    Boost; the Attacker's Boost; a Special attack; the rolls; the margin."""

    attacker: str
    defender: str
    outnumbered: bool
    defence_boosted: bool = False
    attack_boosted: bool = False
    special: Literal["none", "disarm", "grab"] = "none"
    attack_dice: list[int] = field(default_factory=list)
    defence_dice: list[int] = field(default_factory=list)

    def start(self, state: SamuraiState) -> Step:
        a, d = state.fighters[self.attacker], state.fighters[self.defender]
        tokens_of(state, self.attacker)["attack"] -= 1  # SAM-ATK-2
        state.say(("sam.attacks", self.attacker, self.defender), lambda: (
            msg("sam.attacks", attacker=a.name, defender=d.name),
            {"kind": "attack-declared", "attacker": self.attacker, "defender": self.defender}),
            clause="SAM-ATK-1")
        if tokens_of(state, self.defender)["defence"] < 1:
            return self.defence_boost(state, False)
        return self.ask(self.boost_question(state, "defence"), self.defence_boost)

    def boost_question(self, state: SamuraiState, roll: Literal["attack", "defence"]) -> Decision:
        """Boost the ``roll`` or not: asked of the Defender for its Defence,
        of the Attacker for its attack (made once per pair of fighters)."""
        return state.question(("sam.ask.boost", roll, self.attacker, self.defender),
                              lambda: self._boost_question(state, roll))

    def _boost_question(self, state: SamuraiState,
                        roll: Literal["attack", "defence"]) -> Decision:
        f = state.fighters[self.defender if roll == "defence" else self.attacker]
        options = [Option(False, msg("sam.opt.no-boost"), self.boost_meaning(roll, False)),
                   Option(True, msg(f"sam.opt.boost-{roll}"), self.boost_meaning(roll, True))]
        return Decision.single(f.side, msg(f"sam.ask.boost-{roll}", name=f.name), options)

    def boost_meaning(self, roll: Literal["attack", "defence"], boost: bool) -> Meaning:
        return {"kind": f"boost-{roll}", "attacker": self.attacker, "defender": self.defender,
                "boost": boost}

    def defence_boost(self, state: SamuraiState, boost: bool) -> Step:
        """SAM-ATK-3, SAM-BST-4: the Defender decides first."""
        if boost:
            self.defence_boosted = True
            tokens_of(state, self.defender)["defence"] -= 1
            state.say(("sam.boost.defence", self.defender),
                      lambda: boosted_line(state, self.defender, "defence"), clause="SAM-ATK-3")
        if tokens_of(state, self.attacker)["attack"] < 1:
            return self.attack_boost(state, False)
        return self.ask(self.boost_question(state, "attack"), self.attack_boost)

    def attack_boost(self, state: SamuraiState, boost: bool) -> Step:
        """SAM-ATK-4, SAM-BST-3."""
        if boost:
            self.attack_boosted = True
            tokens_of(state, self.attacker)["attack"] -= 1
            state.say(("sam.boost.attack", self.attacker),
                      lambda: boosted_line(state, self.attacker, "attack"), clause="SAM-ATK-4")
        disarmed = state.fighters[self.defender].disarmed
        return self.ask(state.question(("sam.ask.special", self.attacker, self.defender,
                                        disarmed),
                                       lambda: self._special_question(state, disarmed)),
                        self.declared)

    def _special_question(self, state: SamuraiState, disarmed: bool) -> Decision:
        """SAM-ATK-5: a plain attack, a Grab, or a Disarm (not of a fighter
        disarmed already)."""
        a = state.fighters[self.attacker]
        specials = ["none", "grab"] + ([] if disarmed else ["disarm"])
        options = [Option(s, msg(f"sam.opt.special.{s}"),
                          {"kind": "special", "attacker": self.attacker,
                           "defender": self.defender, "special": s}) for s in specials]
        return Decision.single(a.side, msg("sam.ask.special", name=a.name), options)

    def declared(self, state: SamuraiState, special: Literal["none", "disarm", "grab"]) -> Step:
        """SAM-ATK-5 (what a Special attack does is a house rule)."""
        self.special = special
        if special != "none":
            state.say(("sam.special", special, self.attacker, self.defender), lambda: (
                msg(f"sam.special.{special}", name=state.fighters[self.attacker].name,
                    target=state.fighters[self.defender].name),
                {"kind": "special-declared", "attacker": self.attacker,
                 "defender": self.defender, "special": special}), clause="SAM-ATK-5")
        return self.roll_attack(state)

    def roll_attack(self, state: SamuraiState) -> Step:
        wanted = ATTACK_BOOSTED_DICE if self.attack_boosted else ATTACK_DICE
        if len(self.attack_dice) < wanted:
            return self.ask(d6(state, "attack", self.attacker), self.attack_rolled)
        wanted = DEFENCE_BOOSTED_DICE if self.defence_boosted else DEFENCE_DICE
        if len(self.defence_dice) < wanted:
            return self.ask(d6(state, "defence", self.defender), self.defence_rolled)
        return self.resolve(state)

    def attack_rolled(self, state: SamuraiState, face: int) -> Step:
        self.attack_dice.append(face)
        return self.roll_attack(state)

    def defence_rolled(self, state: SamuraiState, face: int) -> Step:
        self.defence_dice.append(face)
        return self.roll_attack(state)

    def resolve(self, state: SamuraiState) -> Step:
        a, d = state.fighters[self.attacker], state.fighters[self.defender]
        kept = sorted(self.attack_dice, reverse=True)[:ATTACK_KEPT]
        bonus = attack_bonus(state, self.attacker)
        attack = sum(kept) + bonus
        guard = defence_bonus(state, self.defender, self.outnumbered)
        defence = sum(self.defence_dice) + guard
        state.say(("sam.attack-result", self.attacker, bonus, *self.attack_dice), lambda: (
            msg("sam.attack-result", name=a.name, dice=tuple(self.attack_dice), total=attack),
            {"kind": "attack-roll", "fighter": self.attacker, "dice": self.attack_dice,
             "kept": kept, "modifier": bonus, "total": attack}), clause="SAM-ATK-6")
        state.say(("sam.defence-result", self.defender, guard, *self.defence_dice), lambda: (
            msg("sam.defence-result", name=d.name, dice=tuple(self.defence_dice),
                total=defence),
            {"kind": "defence-roll", "fighter": self.defender, "dice": self.defence_dice,
             "modifier": guard, "total": defence}), clause="SAM-ATK-7")
        margin = attack - defence
        outcome = {"kind": "attack-result", "attacker": self.attacker, "defender": self.defender,
                   "attack": attack, "defence": defence}
        if margin <= 0:
            state.emit(msg("sam.attack-failed", short=-margin), clause="SAM-ATK-8",
                       facts={**outcome, "margin": margin, "result": "failed",
                              "wounds": d.penalty})
            return done("failed")
        if self.special == "disarm":
            d.disarmed = True  # house rule: loses its weapon bonus for the rest of the game
            state.emit(msg("sam.disarmed", name=d.name), clause="SAM-ATK-5",
                       facts={**outcome, "margin": margin, "result": "disarmed",
                              "wounds": d.penalty})
            return done("disarmed")
        if self.special == "grab":
            # house rule: a grabbed fighter loses its Defence tokens in this fight
            tokens_of(state, self.defender)["defence"] = 0
            state.emit(msg("sam.grabbed", name=d.name), clause="SAM-ATK-5",
                       facts={**outcome, "margin": margin, "result": "grabbed",
                              "wounds": d.penalty})
            return done("grabbed")
        return done(apply_damage(state, d, margin, outcome))


def attack_bonus(state: SamuraiState, fid: str) -> int:
    """SAM-ATK-6: Melee, the weapon's bonus (house rule: lost when disarmed),
    less wounds and stun (house rule)."""
    f = state.fighters[fid]
    weapon = 0 if f.disarmed else f.spec.weapon_bonus
    return f.spec.melee + weapon - f.result_penalty


def defence_bonus(state: SamuraiState, fid: str, outnumbered: bool) -> int:
    """SAM-ATK-7 with SAM-MOD-1 (armour) and SAM-MOD-2 (3 or more enemies)."""
    f = state.fighters[fid]
    return (f.spec.melee + ARMOUR_DEFENCE[f.spec.armour]
            + (OUTNUMBERED_MODIFIER if outnumbered else 0) - f.result_penalty)
