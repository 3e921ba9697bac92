"""Every number of the Samurai fragment (rules/samurai.md), as data, and the
house-rule numbers taken from what is known of the full game (Ronin), each
marked as such, with the few sums they enter (a shot's range band and
defence, a fighter's penalty) and a scenario fighter's profile. The rules,
the scenario format, the odds and the docs read these; nothing else holds a
number. Light to import: the odds load this module without the rules."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypeAlias

Inches: TypeAlias = float
Armour = Literal["none", "light", "medium", "heavy"]
MissileName = Literal["shuriken", "teppo", "yumi"]
Cover = Literal["light", "heavy"]

DIE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""Every roll of the book is of six-sided dice (SAM-FGT-4, SAM-ATK-6, SAM-ATK-7)."""

ROUNDING: Inches = 1e-6
"""Not the book's: a distance measured this little beyond a limit is within
it (the table measures in floating point)."""


@dataclass(frozen=True)
class Missile:
    """One row of the missile weapons table (SAM-RNG-1..4)."""

    name: MissileName
    max_range: Inches
    modifier: int
    """Attack modifier; the Teppo's is "see special" (0, with its armour rule)."""
    no_moving_penalty: bool = False
    """SAM-RNG-2: the Shuriken shoots after moving without penalty."""
    reloads: bool = False
    """SAM-RNG-3: must be reloaded after firing (in the action phase)."""
    armour: tuple[tuple[Armour, int], ...] | None = None
    """SAM-RNG-4: the defence bonus each armour gives against this weapon,
    where it differs from :data:`ARMOUR_DEFENCE`."""
    thrown: bool = False
    """Thrown rather than shot (the Shuriken): only what the text says of it."""


WEAPONS: dict[MissileName, Missile] = {
    "shuriken": Missile("shuriken", 6.0, -2, no_moving_penalty=True, thrown=True),
    "teppo": Missile("teppo", 48.0, 0, reloads=True,
                     armour=(("none", 0), ("light", 0), ("medium", 0), ("heavy", 1))),
    "yumi": Missile("yumi", 48.0, 0),
}
"""The book's missile weapons table: maximum range, attack modifier, special."""


def out_of_range(weapon: Missile, distance: Inches) -> bool:
    """SAM-RNG-1: a target beyond the weapon's maximum range cannot be shot."""
    return distance > weapon.max_range + ROUNDING

# -- line of sight (SAM-LOS-1..4) ------------------------------------------------

LIGHT_COVER_LIMIT: Inches = 2.0
"""SAM-LOS-3: more than this many inches of Light cover on the line blocks it."""

TerrainKind = Literal["woods", "bushes", "hedge", "wall", "palisade", "building"]
"""The kinds of terrain the book names (SAM-LOS-1)."""

COVER_KINDS: dict[TerrainKind, Cover] = {
    "woods": "light", "bushes": "light", "hedge": "light",
    "wall": "heavy", "palisade": "heavy", "building": "heavy"}
"""SAM-LOS-1: the cover each kind of terrain the book names gives. A
scenario's terrain of one of these kinds takes its cover from here; other
terrain states its own."""

# -- combat (SAM-CMB, SAM-FGT, SAM-ATK, SAM-MOD, SAM-BST) ------------------------

MAX_ENEMIES_IN_FIGHT = 4
"""SAM-CMB-3: one fighter fights at most this many enemies in one fight."""

RELENTLESS_FIGHTS = 2
"""House rule (SAM-CMB-5): fights per turn for a Relentless fighter."""

INITIATIVE_DICE = 1
"""SAM-FGT-4: d6 for Initiative; Boosted (SAM-BST-2): 2d6, the higher kept."""
INITIATIVE_BOOSTED_DICE = 2
ATTACK_DICE = 2
"""SAM-ATK-6: 2d6; Boosted (SAM-BST-3): 3d6, the two highest kept."""
ATTACK_BOOSTED_DICE = 3
ATTACK_KEPT = 2
DEFENCE_DICE = 1
"""SAM-ATK-7: 1d6; Boosted (SAM-BST-4): 2d6, both counted."""
DEFENCE_BOOSTED_DICE = 2

ARMOUR_DEFENCE: dict[Armour, int] = {"none": 0, "light": 1, "medium": 2, "heavy": 3}
"""SAM-MOD-1: Light armour +1, medium +2, heavy +3 to the Defence Result."""

OUTNUMBERED_AT = 3
OUTNUMBERED_MODIFIER = -1
"""SAM-MOD-2: fighting against 3 or more enemies: -1 to the Defence Result."""

# -- house rules from the full game (rules/samurai.md, last section) -------------

SHOT_DICE = 2
"""House rule (Ronin): a shot's Attack Result is 2d6 plus modifiers."""

SHOOTING_DEFENCE = 6
"""House rule (Ronin): a shot's Attack Result is opposed by 6 + cover + armour."""

COVER_DEFENCE: dict[Cover, int] = {"light": 1, "heavy": 2}
"""House rule: the cover bonus to a shot's Defence when cover does not block."""

RANGE_BANDS: tuple[tuple[Inches, int, int], ...] = (
    (6.0, 1, 1), (12.0, 0, 0), (24.0, -1, -1), (36.0, -2, -3), (48.0, -3, -4))
"""House rule (Ronin): (up to inches, modifier, modifier for the Teppo).
Within 6" +1; 12–24" -1; 24–36" -2 (-3 for the arquebus); beyond 36" the book
is silent: one step more."""

MOVED_PENALTY = -1
"""House rule: shooting after moving this turn (the Shuriken is free of it)."""


def range_modifier(distance: Inches, teppo: bool) -> int:
    """House rule (Ronin's range bands, :data:`RANGE_BANDS`)."""
    for up_to, modifier, teppo_modifier in RANGE_BANDS:
        if distance <= up_to + ROUNDING:
            return teppo_modifier if teppo else modifier
    last = RANGE_BANDS[-1]
    return last[2] if teppo else last[1]


def moved_modifier(weapon: Missile, moved: bool) -> int:
    """House rule: :data:`MOVED_PENALTY` after moving, but not for the
    Shuriken (SAM-RNG-2)."""
    return MOVED_PENALTY if moved and not weapon.no_moving_penalty else 0


def shot_defence(weapon: Missile, armour: Armour, cover: Cover | None) -> int:
    """House rule (Ronin): what a shot is opposed by, 6 + cover + armour; the
    armour as the melee table gives it (SAM-MOD-1), or as the weapon's own
    rule does (the Teppo, SAM-RNG-4)."""
    armoured = dict(weapon.armour)[armour] if weapon.armour is not None \
        else ARMOUR_DEFENCE[armour]
    return SHOOTING_DEFENCE + (COVER_DEFENCE[cover] if cover is not None else 0) + armoured

DAMAGE_BANDS: tuple[tuple[int, str], ...] = ((1, "stunned"), (2, "light"), (4, "grievous"),
                                             (6, "killed"))
"""House rule: what a margin above 0 does (at least this margin: this result)."""

WOUND_PENALTY: dict[str, int] = {"light": 1, "grievous": 2}
"""House rule: a lasting penalty to every result a wounded fighter rolls."""

KILLED_AT_PENALTY = 3
"""House rule: a fighter whose wound penalties reach this is killed."""

STUNNED_PENALTY = 1
"""House rule: a stunned fighter's results are 1 lower until the End phase."""


def result_penalty(wounds: int, stunned: bool) -> int:
    """House rule: what lasting wound penalties and stun take off every result."""
    return wounds + (STUNNED_PENALTY if stunned else 0)


BROKEN_BELOW = Fraction(1, 2)
"""House rule (setting ``break_at_half``): a band with fewer than this share of
its starting fighters standing at the End phase is broken."""

# -- a fighter's profile in a scenario file (the fragment prints no profiles) -----

PROFILE_DEFAULTS: dict[str, int] = {"initiative": 1, "melee": 1, "shooting": 0, "cp": 2,
                                    "weapon_bonus": 0}
"""What a scenario's fighter has where the file gives nothing."""
STAT_LIMITS = (-5, 10)
"""The lowest and highest Initiative, Melee and Shooting a scenario may give."""
CP_LIMITS = (1, 10)
"""The lowest and highest Combat Potential a scenario may give."""
WEAPON_BONUS_LIMITS = (-3, 5)
"""House rule: the lowest and highest melee weapon bonus a scenario may give."""
