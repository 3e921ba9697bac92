"""Samurai (Ronin skirmish): exact odds of an attack and of Initiative, from
the dice the ruleset's own tables name (:mod:`referee.games.samurai.tables`).

An attack (SAM-ATK-6..8): the Attack Result is 2d6 (Boosted: 3d6, the two
highest kept, SAM-BST-3) plus modifiers, the Defence Result 1d6 (Boosted: 2d6,
both counted, SAM-BST-4) plus modifiers; the margin is their difference, and
damage is done above 0. ``modifier`` is the Attack Result's modifiers less the
Defence Result's, so the margin is attack dice − defence dice + modifier.

Initiative (SAM-FGT-4): each rolls d6 (Boosted: 2d6, the higher kept,
SAM-BST-2) and adds Initiative; ``difference`` is A's modifiers less B's. A tie
is rolled again without modifiers and without Boost until it breaks, so a tie
is an even chance for each.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path
from types import MappingProxyType

from referee.core.errors import RefereeError
from referee.core.i18n import CATALOGUE, Msg, msg
from referee.games.samurai import tables
from referee.games.samurai.tables import (
    ARMOUR_DEFENCE,
    ATTACK_BOOSTED_DICE,
    ATTACK_DICE,
    ATTACK_KEPT,
    COVER_DEFENCE,
    DEFENCE_BOOSTED_DICE,
    DEFENCE_DICE,
    INITIATIVE_BOOSTED_DICE,
    INITIATIVE_DICE,
    OUTNUMBERED_AT,
    OUTNUMBERED_MODIFIER,
    SHOT_DICE,
    WEAPONS,
    Armour,
    Cover,
    MissileName,
    moved_modifier,
    out_of_range,
    range_modifier,
    shot_defence,
)
from referee.odds.dice import SIDES, Dist, collect, difference_counts, sum_counts, sum_of, tally
from referee.odds.result import Odds, OddsTable

GAME = "samurai"
MODIFIERS = range(-6, 7)
DIFFERENCES = range(-5, 6)


@cache
def kept_counts(dice: int, kept: int, sides: int = SIDES) -> dict[int, int]:
    """How many of the sides^n rolls of ``dice`` dice give each total of the
    ``kept`` highest, every roll counted."""
    if dice <= kept:
        return sum_counts(dice, sides)
    counts: dict[int, int] = {}
    for roll in product(range(1, sides + 1), repeat=dice):
        total = sum(sorted(roll, reverse=True)[:kept])
        counts[total] = counts.get(total, 0) + 1
    return dict(sorted(counts.items()))


def highest_kept(dice: int, kept: int, sides: int = SIDES) -> Dist:
    """The total of the ``kept`` highest of ``dice`` dice."""
    whole = sides**dice
    return {total: Fraction(n, whole) for total, n in kept_counts(dice, kept, sides).items()}


def attack_count(boosted: bool) -> int:
    """Dice rolled for the Attack Result (SAM-ATK-6, SAM-BST-3)."""
    return ATTACK_BOOSTED_DICE if boosted else ATTACK_DICE


def defence_count(boosted: bool) -> int:
    """Dice rolled for the Defence Result (SAM-ATK-7, SAM-BST-4)."""
    return DEFENCE_BOOSTED_DICE if boosted else DEFENCE_DICE


def initiative_count(boosted: bool) -> int:
    """Dice rolled for Initiative (SAM-FGT-4, SAM-BST-2)."""
    return INITIATIVE_BOOSTED_DICE if boosted else INITIATIVE_DICE


def attack_dice(boosted: bool) -> Dist:
    """The Attack Result's dice (SAM-ATK-6, SAM-BST-3): the two highest kept."""
    return highest_kept(attack_count(boosted), ATTACK_KEPT)


def defence_dice(boosted: bool) -> Dist:
    """The Defence Result's dice (SAM-ATK-7, SAM-BST-4): every die counts."""
    return sum_of(defence_count(boosted))


def initiative_dice(boosted: bool) -> Dist:
    """The Initiative roll (SAM-FGT-4, SAM-BST-2): the highest die kept."""
    return highest_kept(initiative_count(boosted), 1)


@cache
def attack_differences(boost_attack: bool, boost_defence: bool) -> tuple[dict[int, int], int]:
    """Attack dice − Defence dice -> how many rolls give it, and how many
    rolls there are: the margin before modifiers."""
    attack_rolled, defence_rolled = attack_count(boost_attack), defence_count(boost_defence)
    counts = difference_counts(kept_counts(attack_rolled, ATTACK_KEPT),
                               sum_counts(defence_rolled))
    return counts, SIDES ** (attack_rolled + defence_rolled)


@cache
def initiative_differences(boost_a: bool, boost_b: bool) -> tuple[dict[int, int], int]:
    """A's Initiative die − B's -> how many rolls give it, of how many."""
    rolled_a, rolled_b = initiative_count(boost_a), initiative_count(boost_b)
    counts = difference_counts(kept_counts(rolled_a, 1), kept_counts(rolled_b, 1))
    return counts, SIDES ** (rolled_a + rolled_b)


BOOST_CASES: tuple[tuple[bool, bool], ...] = ((False, False), (True, False), (False, True),
                                              (True, True))
"""The table's columns: (Attack Boosted, Defence Boosted)."""
BOOST_NAMES = MappingProxyType({0: "plain", 1: "boost-attack", 2: "boost-defence", 3: "both"})
BOOST_NAMES_AB = MappingProxyType({0: "plain", 1: "boost-a", 2: "boost-b", 3: "both"})


@cache
def attack(modifier: int, boost_attack: bool = False, boost_defence: bool = False) -> Odds:
    """The margin max(Attack Result − Defence Result, 0) and the chance of damage."""
    differences, whole = attack_differences(boost_attack, boost_defence)
    margins = {m: Fraction(n, whole) for m, n in
               tally((max(d + modifier, 0), n) for d, n in differences.items()).items()}
    ordered = {str(m): margins[m] for m in sorted(margins)}
    damage = 1 - margins.get(0, Fraction(0))
    case = BOOST_NAMES[BOOST_CASES.index((boost_attack, boost_defence))]
    what = msg("odds.sam.attack", modifier=_signed(modifier), boosts=msg(f"odds.sam.{case}"))
    labels: dict[str, Msg] = {key: msg("odds.sam.margin", margin=int(key)) for key in ordered}
    labels["0"] = msg("odds.sam.no-damage")
    return Odds(GAME, "attack", what, damage, MappingProxyType(ordered),
                MappingProxyType(labels),
                MappingProxyType({"modifier": modifier, "boost_attack": boost_attack,
                                  "boost_defence": boost_defence}))


@cache
def initiative(difference: int, boost_a: bool = False, boost_b: bool = False) -> Odds:
    """The chance that A acts before B; a tie is rerolled plain, even odds."""
    differences, whole = initiative_differences(boost_a, boost_b)
    ahead = sum(n for d, n in differences.items() if d + difference > 0)
    tied = differences.get(-difference, 0)
    tie = Fraction(tied, whole)
    first = Fraction(2 * ahead + tied, 2 * whole)
    case = BOOST_NAMES_AB[BOOST_CASES.index((boost_a, boost_b))]
    what = msg("odds.sam.initiative", difference=_signed(difference),
               boosts=msg(f"odds.sam.{case}"))
    return Odds(GAME, "initiative", what, first,
                MappingProxyType({"a-first": first, "b-first": 1 - first}),
                MappingProxyType({"a-first": msg("odds.sam.a-first"),
                                  "b-first": msg("odds.sam.b-first")}),
                MappingProxyType({"difference": difference, "boost_a": boost_a,
                                  "boost_b": boost_b}),
                MappingProxyType({"tie_before_reroll": MappingProxyType({"tie": tie})}),
                breakdown_labels=MappingProxyType({"tie_before_reroll": MappingProxyType(
                    {"tie": msg("odds.sam.tie")})}))


@cache
def attack_table() -> OddsTable:
    """The chance of damage for modifiers −6..+6 in the four Boost cases."""
    return _boost_table("attack", attack, MODIFIERS, "modifier", BOOST_NAMES)


@cache
def initiative_table() -> OddsTable:
    """The chance that A acts first for differences −5..+5 in the four Boost cases."""
    return _boost_table("initiative", initiative, DIFFERENCES, "difference", BOOST_NAMES_AB)


def _boost_table(kind: str, odds: Callable[[int, bool, bool], Odds], rows: range, row_key: str,
                 names: Mapping[int, str]) -> OddsTable:
    """One row per value of ``row_key``, one column per Boost case."""
    cases = tuple(range(len(BOOST_CASES)))
    cells = {(r, c): odds(r, *BOOST_CASES[c]).probability for r in rows for c in cases}
    return OddsTable(GAME, f"{kind}-table", msg(f"odds.sam.{kind}-table"),
                     msg(f"odds.sam.{row_key}"), msg("odds.sam.boosts"), tuple(rows), cases,
                     MappingProxyType(cells), row_key=row_key, column_key="boosts",
                     column_labels=MappingProxyType({c: msg(f"odds.sam.{name}")
                                                     for c, name in names.items()}),
                     column_names=names)


def modifier(attack_melee: int, weapon_bonus: int, attack_penalty: int, defence_melee: int,
             armour: Armour, defence_penalty: int, enemies: int) -> int:
    """An attack's ``modifier``: the Attack Result's modifiers (Melee, the
    weapon's bonus, less wounds and stun: SAM-ATK-6 and house rules) less the
    Defence Result's (Melee, armour SAM-MOD-1, against ``enemies`` enemies
    SAM-MOD-2, less wounds and stun: SAM-ATK-7)."""
    outnumbered = OUTNUMBERED_MODIFIER if enemies >= OUTNUMBERED_AT else 0
    defence = defence_melee + ARMOUR_DEFENCE[armour] + outnumbered - defence_penalty
    return attack_melee + weapon_bonus - attack_penalty - defence


WEAPON_NAMES: dict[str, MissileName] = {WEAPONS[name].name: WEAPONS[name].name
                                        for name in ("yumi", "teppo", "shuriken")}
"""The weapons of the book's table (:data:`WEAPONS`), by the word a question
names them with, the bow first."""
COVERS: dict[str, Cover] = {cover: cover for cover in COVER_DEFENCE}
ARMOURS: dict[str, Armour] = {armour: armour for armour in ARMOUR_DEFENCE}


@cache
def shot(shooting: int, weapon: MissileName, distance: float, moved: bool = False,
         cover: Cover | None = None, armour: Armour = "none", penalty: int = 0) -> Odds:
    """The margin of a shot and the chance that it does damage: 2d6 +
    Shooting + the weapon's modifier + the range band's, less 1 after moving
    (not the Shuriken, SAM-RNG-2) and any wound penalty, against 6 + cover +
    armour (the Teppo's own armour rule, SAM-RNG-4)."""
    CATALOGUE.load(Path(tables.__file__).with_name("text.toml"))  # the weapons' names
    spec = WEAPONS[weapon]
    if out_of_range(spec, distance):  # SAM-RNG-1: the weapon does not reach
        raise RefereeError(msg("sam.refuse.range", weapon=msg(f"sam.weapon.{weapon}"),
                               range=_inches(spec.max_range), distance=_inches(distance)))
    modifier = (shooting + spec.modifier + range_modifier(distance, weapon == "teppo")
                + moved_modifier(spec, moved) - penalty)
    defence = shot_defence(spec, armour, cover)
    margins = collect((max(total + modifier - defence, 0), p)
                      for total, p in sum_of(SHOT_DICE).items())
    ordered = {str(m): margins[m] for m in sorted(margins)}
    labels: dict[str, Msg] = {key: msg("odds.sam.margin", margin=int(key)) for key in ordered}
    labels["0"] = msg("odds.sam.miss")
    what = msg("odds.sam.shot", weapon=msg(f"sam.weapon.{weapon}"), distance=_inches(distance),
               modifier=_signed(modifier) if modifier else "+0", defence=defence)
    return Odds(GAME, "shot", what, 1 - margins.get(0, Fraction(0)),
                MappingProxyType(ordered), MappingProxyType(labels),
                MappingProxyType({"shooting": shooting, "weapon": weapon, "distance": str(distance),
                                  "moved": moved, "cover": cover, "armour": armour,
                                  "penalty": penalty}))


def _inches(value: float) -> Fraction:
    return Fraction(value).limit_denominator(100)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("−" + str(-value) if value < 0 else "0")


def sample_attacks(games: int, modifier: int, boost_attack: bool = False,
                   boost_defence: bool = False, seed: int = 0) -> dict[int, int]:
    """Monte Carlo of ``games`` attacks, vectorised with numpy: the same dice
    as :func:`attack` (the ruleset's tables), margin -> how often it came up."""
    import numpy as np

    rng = np.random.default_rng(seed)
    attack_rolled, defence_rolled = attack_count(boost_attack), defence_count(boost_defence)
    attack_roll = rng.integers(1, SIDES + 1, size=(games, attack_rolled), dtype=np.int8)
    if attack_rolled > ATTACK_KEPT:
        attack_roll.sort(axis=1)
        attack_roll = attack_roll[:, -ATTACK_KEPT:]
    defence_roll = rng.integers(1, SIDES + 1, size=(games, defence_rolled), dtype=np.int8)
    margin = attack_roll.sum(axis=1, dtype=np.int16) - defence_roll.sum(axis=1, dtype=np.int16)
    margin = np.maximum(margin + modifier, 0)
    values, counts = np.unique(margin, return_counts=True)
    return {int(v): int(c) for v, c in zip(values, counts, strict=True)}
