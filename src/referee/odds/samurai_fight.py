"""A whole Samurai fight between two fighters, exactly, for given token
allocations and a stated policy (SAM-FGT-2..6, SAM-ATK-1..8, SAM-BST-1..4,
SAM-MOD-1), played as :mod:`referee.games.samurai.fight` plays it:

1. Tokens (SAM-FGT-2, SAM-FGT-3): each side's Attack and Defence tokens are
   given; a fighter that Boosts its Initiative pays one of its Attack tokens
   (SAM-BST-2, disputed case 3 of docs/rulesets/samurai.md).
2. Initiative (SAM-FGT-4): d6 (Boosted: 2d6, the higher) + Initiative − wound
   penalty; a tie is rolled again plain, an even chance for each.
3. Attacks in turn (SAM-FGT-5, SAM-FGT-6): the policy below has a fighter
   attack whenever its turn comes and it has an Attack token; one without
   passes. The fight ends when both are out of Attack tokens or one is killed.
4. An attack (SAM-ATK-2..8): one Attack token; the Defender may Boost its
   defence with a Defence token (2d6, both counted), then the Attacker its
   attack with another Attack token (3d6, the two highest kept); the margin
   is the Attack Result (dice + Melee + weapon bonus − penalty) less the
   Defence Result (dice + Melee + armour − penalty). Above 0 it does damage
   (house rule 6 of the ruleset: 1 stunned, 2-3 a light wound, 4-5 a
   grievous one, 6 or more killed; wound penalties add up and kill at 3; a
   stunned fighter's results are 1 lower for the rest of the fight).

The policy (each side's): attack whenever it has an Attack token, never a
Special attack; Boost a roll ``never``, or whenever it has a token to
``spare`` (the attack: an Attack token beyond the one the attack costs; the
defence: any Defence token, which has no other use). Not counted: one
against many (SAM-CMB-2), Special attacks, skills.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Literal

from referee.core.errors import RefereeError
from referee.core.i18n import Msg, msg
from referee.games.samurai.tables import (
    ARMOUR_DEFENCE,
    CP_LIMITS,
    DAMAGE_BANDS,
    KILLED_AT_PENALTY,
    PROFILE_DEFAULTS,
    STAT_LIMITS,
    WEAPON_BONUS_LIMITS,
    WOUND_PENALTY,
    Armour,
    result_penalty,
)
from referee.odds.dice import collect
from referee.odds.result import Odds
from referee.odds.samurai import GAME, attack_differences, initiative

BoostPolicy = Literal["never", "spare"]
Condition = Literal["unhurt", "stunned", "wounded", "killed"]
Damage = Literal["none", "stunned", "light", "grievous", "killed"]
First = Literal["a", "b", "none"]

TOKENS_RANGE = range(0, CP_LIMITS[1] + 1)
"""Tokens of one kind a fighter may hold here: at most a Combat Potential."""
STAT_RANGE = range(STAT_LIMITS[0], STAT_LIMITS[1] + 1)
"""Initiative and Melee, as the scenario format allows them."""
WEAPON_RANGE = range(WEAPON_BONUS_LIMITS[0], WEAPON_BONUS_LIMITS[1] + 1)
PENALTY_RANGE = range(0, KILLED_AT_PENALTY)
"""A living fighter's lasting wound penalty."""
POLICIES: tuple[BoostPolicy, ...] = ("never", "spare")
POLICY_NAMES: dict[str, BoostPolicy] = {name: name for name in POLICIES}


@dataclass(frozen=True)
class Duelist:
    """One side's fighter: its tokens for this fight, its profile, the wound
    penalty it brings and how it Boosts."""

    attack: int = PROFILE_DEFAULTS["cp"]
    """By default a scenario fighter's Combat Potential, all in Attack tokens."""
    defence: int = 0
    initiative: int = PROFILE_DEFAULTS["initiative"]
    melee: int = PROFILE_DEFAULTS["melee"]
    weapon_bonus: int = PROFILE_DEFAULTS["weapon_bonus"]
    armour: Armour = "none"
    penalty: int = 0
    boost_initiative: bool = False
    boost_attack: BoostPolicy = "never"
    boost_defence: BoostPolicy = "spare"

    def check(self, side: str) -> None:
        """Refuse what the ruleset would refuse, naming the flag and the side."""
        for name, allowed in (("attack", TOKENS_RANGE), ("defence", TOKENS_RANGE),
                              ("initiative", STAT_RANGE), ("melee", STAT_RANGE),
                              ("weapon_bonus", WEAPON_RANGE), ("penalty", PENALTY_RANGE)):
            value = getattr(self, name)
            if value not in allowed:
                raise RefereeError(msg("odds.sam.fight.bad-stat",
                                       stat="--" + name.replace("_", "-"), side=_letter(side),
                                       value=value, low=allowed.start, high=allowed[-1]))
        if self.attack + self.defence < 1:
            raise RefereeError(msg("odds.sam.fight.no-tokens", side=_letter(side)))
        if self.boost_initiative and self.attack < 1:
            raise RefereeError(msg("odds.sam.fight.boost-without-attack", side=_letter(side)))
        if self.armour not in ARMOUR_DEFENCE:
            raise RefereeError(msg("odds.sam.fight.bad-armour", side=_letter(side),
                                   value=self.armour))
        for flag, policy in (("--boost-attack", self.boost_attack),
                             ("--boost-defence", self.boost_defence)):
            if policy not in POLICIES:
                raise RefereeError(msg("odds.sam.fight.bad-policy", flag=flag, side=_letter(side),
                                       value=policy))


def _letter(side: str) -> Msg:
    """"A" or "B" as the reader's language writes it."""
    return msg(f"odds.letter.{side}")


def damage_of(margin: int) -> Damage:
    """What a margin does (house rule 6, :data:`DAMAGE_BANDS`)."""
    result: Damage = "none"
    for at_least, name in DAMAGE_BANDS:
        if margin >= at_least:
            result = _DAMAGES[name]
    return result


_DAMAGES: dict[str, Damage] = {"stunned": "stunned", "light": "light", "grievous": "grievous",
                               "killed": "killed"}


@cache
def damage_chances(modifier: int, boost_attack: bool,
                   boost_defence: bool) -> tuple[tuple[Damage, Fraction], ...]:
    """What one attack does, with the Attack Result's modifiers less the
    Defence Result's ``modifier``."""
    differences, whole = attack_differences(boost_attack, boost_defence)
    counts: dict[Damage, int] = {}
    for difference, n in differences.items():
        done = damage_of(difference + modifier)
        counts[done] = counts.get(done, 0) + n
    return tuple((done, Fraction(n, whole)) for done, n in counts.items())


Health = tuple[int, bool]
"""A fighter's lasting wound penalty and whether it is stunned."""
Tokens = tuple[int, int]
"""Attack and Defence tokens left."""
Ending = tuple[Health | None, Health | None, First]
"""Each side's health at the end (None: killed) and who did damage first."""


def _struck(health: Health, done: Damage) -> Health | None:
    """A fighter's health after an attack's damage; None: killed."""
    penalty, stunned = health
    if done == "killed":
        return None
    if done == "stunned":
        return penalty, True
    if done in WOUND_PENALTY:
        penalty += WOUND_PENALTY[done]
        return None if penalty >= KILLED_AT_PENALTY else (penalty, stunned)
    return health


def _result_penalty(health: Health) -> int:
    return result_penalty(*health)


def endings(a: Duelist, b: Duelist, a_first: bool) -> dict[Ending, Fraction]:
    """Every end of the attacks once the order is known, with its chance."""
    fighters = (a, b)
    memo: dict[tuple[int, Tokens, Tokens, Health, Health, First], dict[Ending, Fraction]] = {}

    def play(mover: int, tokens: tuple[Tokens, Tokens], health: tuple[Health, Health],
             first: First) -> dict[Ending, Fraction]:
        key = (mover, tokens[0], tokens[1], health[0], health[1], first)
        if key in memo:
            return memo[key]
        found: dict[Ending, Fraction]
        if tokens[0][0] == 0 and tokens[1][0] == 0:  # SAM-FGT-6
            found = {(health[0], health[1], first): Fraction(1)}
        elif tokens[mover][0] == 0:  # no Attack token: passes
            found = play(1 - mover, tokens, health, first)
        else:
            found = attack(mover, tokens, health, first)
        memo[key] = found
        return found

    def attack(mover: int, tokens: tuple[Tokens, Tokens], health: tuple[Health, Health],
               first: First) -> dict[Ending, Fraction]:
        target = 1 - mover
        striker, defender = fighters[mover], fighters[target]
        (attacks, defences), (their_attacks, their_defences) = tokens[mover], tokens[target]
        attacks -= 1  # SAM-ATK-2
        boost_defence = defender.boost_defence == "spare" and their_defences > 0  # SAM-ATK-3
        their_defences -= 1 if boost_defence else 0
        boost_attack = striker.boost_attack == "spare" and attacks > 0  # SAM-ATK-4
        attacks -= 1 if boost_attack else 0
        modifier = (striker.melee + striker.weapon_bonus - _result_penalty(health[mover])
                    - defender.melee - ARMOUR_DEFENCE[defender.armour]
                    + _result_penalty(health[target]))
        after = [(0, 0), (0, 0)]
        after[mover], after[target] = (attacks, defences), (their_attacks, their_defences)
        left: tuple[Tokens, Tokens] = (after[0], after[1])
        outcomes: list[tuple[Ending, Fraction]] = []
        for done, p in damage_chances(modifier, boost_attack, boost_defence):
            now = first if first != "none" or done == "none" else ("a", "b")[mover]
            struck = _struck(health[target], done)
            if struck is None:  # killed: the fight is over
                ends: list[Health | None] = [health[0], health[1]]
                ends[target] = None
                outcomes.append(((ends[0], ends[1], now), p))
                continue
            healths = (struck, health[1]) if target == 0 else (health[0], struck)
            outcomes += [(ending, p * q)
                         for ending, q in play(target, left, healths, now).items()]
        return collect(outcomes)

    start = ((a.attack - (1 if a.boost_initiative else 0), a.defence),
             (b.attack - (1 if b.boost_initiative else 0), b.defence))  # SAM-BST-2
    return play(0 if a_first else 1, start, ((a.penalty, False), (b.penalty, False)), "none")


def initiative_difference(a: Duelist, b: Duelist) -> int:
    """A's Initiative less B's, each less its wound penalty (SAM-FGT-4, house rule 6)."""
    return (a.initiative - a.penalty) - (b.initiative - b.penalty)


def condition(start: Duelist, end: Health | None) -> Condition:
    """How a fighter leaves the fight: killed, wounded (a lasting wound taken
    here), stunned only, or unhurt."""
    if end is None:
        return "killed"
    if end[0] > start.penalty:
        return "wounded"
    return "stunned" if end[1] else "unhurt"


OUTCOMES = ("a-kills", "b-kills", "both-hurt", "a-hurts", "b-hurts", "none")
"""The fight's end: one side killed; else who was damaged (stunned or wounded)."""
CONDITIONS: tuple[Condition, ...] = ("unhurt", "stunned", "wounded", "killed")


def _outcome(a: Condition, b: Condition) -> str:
    if b == "killed":
        return "a-kills"
    if a == "killed":
        return "b-kills"
    hurt_a, hurt_b = a != "unhurt", b != "unhurt"
    if hurt_a and hurt_b:
        return "both-hurt"
    return "a-hurts" if hurt_b else ("b-hurts" if hurt_a else "none")


@cache
def fight(a: Duelist, b: Duelist) -> Odds:
    """A whole fight between side A's fighter and side B's under the stated
    policy: the chance that side B's is killed, how the fight ends, who does
    damage first, and how each fighter leaves it."""
    a.check("a")
    b.check("b")
    first_a = initiative(initiative_difference(a, b), a.boost_initiative,
                         b.boost_initiative).probability
    ends = collect(
        [(ending, first_a * p) for ending, p in endings(a, b, True).items()]
        + [(ending, (1 - first_a) * p) for ending, p in endings(a, b, False).items()])
    shown = [(condition(a, end_a), condition(b, end_b), first, p)
             for (end_a, end_b, first), p in ends.items()]
    distribution = collect((_outcome(ca, cb), p) for ca, cb, _, p in shown)
    firsts = collect((first, p) for _, _, first, p in shown)
    conditions_a = collect((ca, p) for ca, _, _, p in shown)
    conditions_b = collect((cb, p) for _, cb, _, p in shown)
    zero = Fraction(0)
    return Odds(
        GAME, "fight", _what(a, b), distribution.get("a-kills", zero),
        MappingProxyType({key: distribution.get(key, zero) for key in OUTCOMES}),
        OUTCOME_LABELS,
        MappingProxyType(_query(a, b)),
        MappingProxyType({
            "first_damage": MappingProxyType({k: firsts.get(k, zero) for k in ("a", "b", "none")}),
            "condition_a": MappingProxyType({k: conditions_a.get(k, zero) for k in CONDITIONS}),
            "condition_b": MappingProxyType({k: conditions_b.get(k, zero) for k in CONDITIONS}),
            "initiative": MappingProxyType({"a": first_a, "b": 1 - first_a}),
        }),
        (msg("odds.sam.fight.policy"),),
        MappingProxyType({"initiative": FIRST_LABELS, "first_damage": FIRST_DAMAGE_LABELS,
                          "condition_a": CONDITION_LABELS, "condition_b": CONDITION_LABELS}),
    )


OUTCOME_LABELS = MappingProxyType({key: msg(f"odds.sam.fight.{key}") for key in OUTCOMES})
FIRST_LABELS = MappingProxyType({"a": msg("odds.sam.a-first"), "b": msg("odds.sam.b-first")})
FIRST_DAMAGE_LABELS = MappingProxyType({key: msg(f"odds.sam.fight.first-{key}")
                                        for key in ("a", "b", "none")})
CONDITION_LABELS: Mapping[str, Msg] = MappingProxyType({key: msg(f"odds.sam.fight.{key}")
                                                        for key in CONDITIONS})


def _what(a: Duelist, b: Duelist) -> Msg:
    return msg("odds.sam.fight", a=_side(a), b=_side(b))


def _side(d: Duelist) -> Msg:
    return msg("odds.sam.fight.side", attack=d.attack, defence=d.defence,
               initiative=d.initiative, melee=d.melee, weapon=d.weapon_bonus,
               armour=msg(f"odds.sam.armour.{d.armour}"), penalty=d.penalty,
               boost_initiative=msg("odds.sam.fight.yes" if d.boost_initiative
                                    else "odds.sam.fight.no"),
               boost_attack=msg(f"odds.sam.fight.boost-{d.boost_attack}"),
               boost_defence=msg(f"odds.sam.fight.boost-{d.boost_defence}"))


def _query(a: Duelist, b: Duelist) -> dict[str, int | str | bool | None]:
    query: dict[str, int | str | bool | None] = {}
    for side, d in (("a", a), ("b", b)):
        query |= {f"attack_tokens_{side}": d.attack, f"defence_tokens_{side}": d.defence,
                  f"initiative_{side}": d.initiative, f"melee_{side}": d.melee,
                  f"weapon_bonus_{side}": d.weapon_bonus, f"armour_{side}": d.armour,
                  f"penalty_{side}": d.penalty, f"boost_initiative_{side}": d.boost_initiative,
                  f"boost_attack_{side}": d.boost_attack,
                  f"boost_defence_{side}": d.boost_defence}
    return query
