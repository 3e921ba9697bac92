"""What a Samurai seat reads (:mod:`referee.core.views`): the state part of
its view, the facts of every log line, what every option means and what
every chance rolls, as pydantic models; and the view itself, built from the
state.

The table is open to every seat: terrain, every fighter with its profile,
where it stands and its marks. A side's token allocation is secret until
both are in (SAM-FGT-2, SAM-FGT-3); the core keeps pending answers out of
every view, and the fight part shows tokens only once revealed. Every
fighter, band and seat is named by its id; display names sit once, on the
fighter and the band keyed by that id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeAlias, Union

from pydantic import Field, JsonValue

from referee.core.events import Seat
from referee.core.prepared import prepared
from referee.core.readonly import read_only
from referee.core.views import LocalName, ObjectivesView, Text, ViewModel
from referee.core.waits import JSON
from referee.games.samurai.objectives import objectives_view
from referee.games.samurai.scenario import SamuraiScenario
from referee.games.samurai.state import Fighter, SamuraiState
from referee.games.samurai.tables import Armour, Cover, MissileName

XY: TypeAlias = tuple[float, float]
Phase = Literal["setup", "move", "combat", "action", "end"]
DamageResult = Literal["stunned", "light", "grievous", "killed"]

# -- the state part ----------------------------------------------------------------


class TableView(ViewModel):
    """The table's size in inches; (0, 0) is its bottom-left corner."""

    width: float
    depth: float


class BandView(ViewModel):
    """A side, keyed by its seat."""

    name: LocalName


class TerrainView(ViewModel):
    """A piece of cover (SAM-LOS-1): light (an area) or heavy (a wall line,
    or a building when ``closed``), its outline in inches."""

    name: LocalName
    cover: Cover
    closed: bool
    points: list[XY]
    height: float


class FighterView(ViewModel):
    """A fighter, keyed by its id: its name and profile, where it stands
    (None once killed) and its marks this turn."""

    name: LocalName
    side: str
    at: XY | None
    base_mm: float
    move: float
    cp: int
    melee: int
    weapon_bonus: int
    armour: Armour
    missile: MissileName | None
    alive: bool
    wounds: int
    """The lasting wound penalty (house rule: light 1, grievous 2)."""
    stunned: bool
    moved: bool
    shot: bool
    loaded: bool
    disarmed: bool
    fights: int
    """Fights played this turn (SAM-CMB-5)."""


class TokensView(ViewModel):
    attack: int
    defence: int


class FightView(ViewModel):
    """The fight being played: each side's fighters, their tokens left once
    revealed (SAM-FGT-3), and the initiative order of those still standing
    (SAM-FGT-4)."""

    sides: dict[str, list[str]]
    tokens: dict[str, TokensView]
    order: list[str]


class AimView(ViewModel):
    """An enemy as the asked shooter sees it: the distance between the bases,
    whether it may be shot and why not, and its cover."""

    target: str
    distance: float
    allowed: bool
    why: Text | None
    cover: Cover | None
    light: float
    """Inches of light cover on the line of sight between the two bases
    (SAM-LOS-3), from the rim of the shooter's base to the rim of the
    target's (disputed case 9): each inch once however many areas lie on it."""


class AskedView(ViewModel):
    """The fighter asked to act in the Action phase, and what it may do."""

    shooter: str
    targets: list[str]
    reload: bool
    aims: list[AimView]


class SpotView(ViewModel):
    """Where a move puts the fighter: an option's value, or a named move
    (``toward:oni``) for a point of the player's choice."""

    value: JsonValue
    at: XY


class MovingView(ViewModel):
    """The fighter asked to move, and where each of its moves ends."""

    fighter: str
    what: Literal["move", "point"]
    spots: list[SpotView]


class ShotView(ViewModel):
    """A shot of the last Action phase, for the picture."""

    shooter: str
    target: str
    start: XY
    end: XY
    hit: bool


class TokensLeft(ViewModel):
    attack: int
    defence: int


class SamuraiObjectives(ObjectivesView):
    """What each band plays for (house rules: the end) and where the game
    stands: the words, and beside them the last turn, the tokens in each
    band's pool (the Combat Potential of its fighters standing, SAM-FGT-3)
    and, in a fight once the tokens are revealed, each side's tokens left."""

    max_turns: int
    pool: dict[str, int]
    fight_tokens: dict[str, TokensLeft] | None


class SamuraiView(ViewModel):
    """The ``state`` of a Samurai seat's view."""

    turn: int
    phase: Phase
    priority: str
    title: LocalName
    table: TableView
    bands: dict[str, BandView]
    terrain: list[TerrainView]
    fighters: dict[str, FighterView]
    fight: FightView | None
    asked: AskedView | None
    moving: MovingView | None
    shots: list[ShotView]
    broken: list[str]
    objectives: SamuraiObjectives


# -- facts: one model per kind of log line ---------------------------------------------


class PhaseBegan(ViewModel):
    kind: Literal["phase-began"]
    phase: Literal["move", "combat", "action"]
    turn: int


class PhaseEnded(ViewModel):
    """The end of a phase, or of the turn (``phase: "turn"``): a picture is
    worth drawing."""

    kind: Literal["phase-ended"]
    phase: Literal["move", "combat", "action", "turn"]
    turn: int


class PriorityWon(ViewModel):
    """House rule: each band's d6 (the last roll, ties rolled again)."""

    kind: Literal["priority"]
    turn: int
    seat: str
    rolls: dict[str, int]


class Moved(ViewModel):
    kind: Literal["moved"]
    fighter: str
    start: XY
    end: XY
    move: Literal["charge", "advance", "point"]
    target: str | None
    """The enemy charged or advanced toward."""


class Stayed(ViewModel):
    kind: Literal["stayed"]
    fighter: str


class Broken(ViewModel):
    kind: Literal["broken"]
    seat: str
    turn: int


class FightSet(ViewModel):
    """SAM-CMB-2: one fight of a brawl's split."""

    kind: Literal["fight-set"]
    fighter: str
    enemies: list[str]


class FightChosen(ViewModel):
    """SAM-CMB-4: the fight ``seat`` chose to play next."""

    kind: Literal["fight-chosen"]
    seat: str
    fighter: str
    enemies: list[str]


class FightBegan(ViewModel):
    kind: Literal["fight-began"]
    sides: dict[str, list[str]]


class TokensRevealed(ViewModel):
    """SAM-FGT-3: a fighter's tokens as its side gave them."""

    kind: Literal["tokens-revealed"]
    fighter: str
    attack: int
    defence: int


class Boosted(ViewModel):
    """SAM-BST-1..4: a roll Boosted with one token."""

    kind: Literal["boosted"]
    fighter: str
    roll: Literal["initiative", "attack", "defence"]


class InitiativeRolled(ViewModel):
    """SAM-FGT-4: the dice, the one kept, the modifier and the total; a
    reroll of a tie has no modifier."""

    kind: Literal["initiative"]
    fighter: str
    dice: list[int]
    roll: int
    modifier: int
    total: int
    reroll: bool


class InitiativeOrder(ViewModel):
    kind: Literal["initiative-order"]
    fighters: list[str]


class Passed(ViewModel):
    kind: Literal["passed"]
    fighter: str


class FightEnded(ViewModel):
    """SAM-FGT-6: one side fell, both ran out of Attack tokens, or every
    fighter passed in a row."""

    kind: Literal["fight-ended"]
    reason: Literal["fallen", "tokens", "passed"]


class TokensLost(ViewModel):
    kind: Literal["tokens-lost"]
    count: int


class AttackDeclared(ViewModel):
    """SAM-ATK-1."""

    kind: Literal["attack-declared"]
    attacker: str
    defender: str


class SpecialDeclared(ViewModel):
    """SAM-ATK-5."""

    kind: Literal["special-declared"]
    attacker: str
    defender: str
    special: Literal["disarm", "grab"]


class AttackRoll(ViewModel):
    """SAM-ATK-6: every die rolled, the two kept, the modifier, the Attack Result."""

    kind: Literal["attack-roll"]
    fighter: str
    dice: list[int]
    kept: list[int]
    modifier: int
    total: int


class DefenceRoll(ViewModel):
    """SAM-ATK-7: the dice (both count when Boosted), the modifier, the Defence Result."""

    kind: Literal["defence-roll"]
    fighter: str
    dice: list[int]
    modifier: int
    total: int


class AttackResult(ViewModel):
    """SAM-ATK-8: an attack's outcome, both Results and the margin; the
    damage done (house rule) or the Special attack's effect, and the
    Defender's wound penalty after it."""

    kind: Literal["attack-result"]
    attacker: str
    defender: str
    attack: int
    defence: int
    margin: int
    result: Literal["failed", "disarmed", "grabbed", "stunned", "light", "grievous", "killed"]
    wounds: int


class ShotDeclared(ViewModel):
    kind: Literal["shot-declared"]
    shooter: str
    target: str
    weapon: MissileName


class ShotRoll(ViewModel):
    """House rule (the full game): 2d6 and the modifier against 6 + cover +
    armour, at ``distance`` inches (edge to edge)."""

    kind: Literal["shot-roll"]
    shooter: str
    target: str
    dice: list[int]
    modifier: int
    attack: int
    defence: int
    cover: Cover | None
    distance: float


class ShotResult(ViewModel):
    """A shot's outcome: missed, or the damage done, and the target's wound
    penalty after it."""

    kind: Literal["shot-result"]
    shooter: str
    target: str
    attack: int
    defence: int
    margin: int
    result: Literal["missed", "stunned", "light", "grievous", "killed"]
    wounds: int


class Redirected(ViewModel):
    """SAM-RNG-5: a missed shot goes to ``target``, picked at random."""

    kind: Literal["redirected"]
    shooter: str
    target: str


class Reloaded(ViewModel):
    """SAM-RNG-3."""

    kind: Literal["reloaded"]
    fighter: str
    weapon: MissileName


SamuraiFacts = Union[  # noqa: UP007
    PhaseBegan, PhaseEnded, PriorityWon, Moved, Stayed, Broken, FightSet, FightChosen,
    FightBegan, TokensRevealed, Boosted, InitiativeRolled, InitiativeOrder, Passed, FightEnded,
    TokensLost, AttackDeclared, SpecialDeclared, AttackRoll, DefenceRoll, AttackResult,
    ShotDeclared, ShotRoll, ShotResult, Redirected, Reloaded]

# -- what an option means ----------------------------------------------------------------


class StayMeaning(ViewModel):
    kind: Literal["stay"]
    fighter: str


class MoveMeaning(ViewModel):
    """A charge into base contact with ``target``, or an advance toward it
    (house rule), ending at ``end``."""

    kind: Literal["charge", "advance"]
    fighter: str
    target: str
    end: XY


class PointMeaning(ViewModel):
    """A point of the player's choice, asked next (house rule)."""

    kind: Literal["point"]
    fighter: str


class FightPart(ViewModel):
    fighter: str
    enemies: list[str]


class SplitMeaning(ViewModel):
    """SAM-CMB-2: a brawl split into these fights."""

    kind: Literal["split"]
    fights: list[FightPart]


class FightMeaning(ViewModel):
    """SAM-CMB-4: play this fight next."""

    kind: Literal["fight"]
    fighter: str
    enemies: list[str]


class PassMeaning(ViewModel):
    kind: Literal["pass"]
    fighter: str


class AttackMeaning(ViewModel):
    kind: Literal["attack"]
    attacker: str
    defender: str


class BoostMeaning(ViewModel):
    """SAM-ATK-3 (the Defender's Boost) or SAM-ATK-4 (the Attacker's): Boost or not."""

    kind: Literal["boost-defence", "boost-attack"]
    attacker: str
    defender: str
    boost: bool


class SpecialMeaning(ViewModel):
    """SAM-ATK-5."""

    kind: Literal["special"]
    attacker: str
    defender: str
    special: Literal["none", "disarm", "grab"]


class ActMeaning(ViewModel):
    """The Action phase: wait, or reload a fired Teppo (SAM-RNG-3)."""

    kind: Literal["wait", "reload"]
    fighter: str


class ShootMeaning(ViewModel):
    kind: Literal["shoot"]
    shooter: str
    target: str


SamuraiMeaning = Annotated[Union[  # noqa: UP007
    StayMeaning, MoveMeaning, PointMeaning, SplitMeaning, FightMeaning, PassMeaning,
    AttackMeaning, BoostMeaning, SpecialMeaning, ActMeaning, ShootMeaning],
    Field(discriminator="kind")]

# -- what a chance rolls or picks ------------------------------------------------------


class PriorityLabel(ViewModel):
    roll: Literal["priority"]
    seat: str


class FighterRollLabel(ViewModel):
    """One die of a fighter's Initiative, attack, defence or shot."""

    roll: Literal["initiative", "attack", "defence", "shot"]
    fighter: str


class RedirectLabel(ViewModel):
    """SAM-RNG-5: the model of the melee a missed shot goes to."""

    pick: Literal["redirect"]
    shooter: str
    target: str


SamuraiLabel = Union[PriorityLabel, FighterRollLabel, RedirectLabel]  # noqa: UP007

# -- the view, built ---------------------------------------------------------------


def seat_view(state: SamuraiState, seat: Seat) -> dict[str, JSON]:
    """The state part of ``seat``'s view, every list and mapping new but the
    read-only parts views share: the scenario's fixed parts and what the
    rules show of the question they put (:class:`.state.Shown`). The table
    is open to all, so every seat reads the same."""
    fixed = prepared(state.scenario, _fixed_part)
    fight = state.fight
    return {
        "turn": state.turn,
        "phase": state.phase,
        "priority": state.priority,
        "title": fixed["title"],
        "table": fixed["table"],
        "bands": fixed["bands"],
        "terrain": fixed["terrain"],
        "fighters": {f.spec.id: _fighter_part(fixed, f) for f in state.fighters.values()},
        "fight": None if fight is None else {
            "sides": {s: list(ids) for s, ids in fight.sides.items()},
            "tokens": {f: dict(t) for f, t in fight.tokens.items()},
            "order": list(fight.order)},
        "asked": None if state.asked is None else state.asked.part,
        "moving": None if state.moving is None else state.moving.part,
        "shots": [{"shooter": s.shooter, "target": s.target, "start": list(s.start),
                   "end": list(s.end), "hit": s.hit} for s in state.shots],
        "broken": list(state.broken),
        "objectives": objectives_view(state, seat),
    }


def _fighter_part(fixed: dict[str, Any], f: Fighter) -> Mapping[str, JSON]:
    """``f``'s part of a view, read-only, made once per condition: a fighter
    unchanged since it was last shown, or standing as one of another game
    did, is shown by the same part."""
    found = f.shown()
    if found is None:
        shown = fixed["shown"]
        key = (f.spec.id, f.x, f.y, f.alive, f.penalty, f.stunned, f.moved, f.shot, f.loaded,
               f.disarmed, f.fights)
        found = shown.get(key)
        if found is None:
            if len(shown) >= _SHOWN:
                shown.clear()
            found = shown[key] = read_only(_fighter(f, fixed["names"][f.spec.id]))
        f.show(found)
    return found


_SHOWN = 20_000
"""At most this many fighters' parts are kept per scenario."""


def _fighter(f: Fighter, name: JSON) -> dict[str, JSON]:
    spec = f.spec
    return {"name": name, "side": f.side, "at": [f.x, f.y] if f.alive else None,
            "base_mm": spec.base_mm, "move": spec.move, "cp": spec.cp, "melee": spec.melee,
            "weapon_bonus": spec.weapon_bonus, "armour": spec.armour, "missile": spec.missile,
            "alive": f.alive, "wounds": f.penalty, "stunned": f.stunned, "moved": f.moved,
            "shot": f.shot, "loaded": f.loaded, "disarmed": f.disarmed, "fights": f.fights}


def _fixed_part(scenario: SamuraiScenario) -> dict[str, JSON]:
    """What never changes in a game of ``scenario``, read-only: its title,
    the table, the bands, the terrain and each fighter's name."""
    return {
        "title": read_only(scenario.title.name.to_json()),
        "table": read_only({"width": scenario.table.width, "depth": scenario.table.depth}),
        "bands": read_only({b.seat: {"name": b.side_name.to_json()} for b in scenario.bands}),
        "terrain": read_only([{"name": t.name.name.to_json(), "cover": t.cover,
                               "closed": t.closed, "points": [[x, y] for x, y in t.points],
                               "height": t.height} for t in scenario.terrain]),
        "names": {f.id: read_only(f.name.name.to_json())
                  for b in scenario.bands for f in b.fighters},
        "shown": {},
    }
