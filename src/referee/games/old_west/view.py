"""What an Old West seat's view holds, as typed models (:mod:`referee.core.views`):
the ``state`` part, the facts of every log line, the meaning of every option
and the label of every chance. ``referee schema old-west --view`` publishes
them; docs/rulesets/old_west.md ("The seat's view") shows an example of each.

Models, posses (by seat) and pieces of terrain are referred to by id; a piece
of terrain's id is its kind and its place among the scenario's entries of
that kind, counted from 1 (``obstacle-1``, ``cover-2``, ``drop-1``). Display
names sit once, in ``names``. A point on the table is ``[x, y]`` in inches
from the bottom-left corner.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import ConfigDict, Field

from referee.core.views import LocalName, ObjectivesView, ViewModel
from referee.games.old_west.settings import HouseRules

XY = tuple[float, float]
Edge = Literal["north", "south", "east", "west"]
Phase = Literal["setup", "movement", "shooting", "melee", "over"]
Part = Literal["rider", "mount"]
Action = Literal["yee-haw", "quickdraw", "whuppin"]
PluckFor = Literal["fearsome", "dive", "hills"]
"""Why a Pluck test is taken: to charge or shoot a Fearsome enemy (OW-FEAR-1),
Diving for Cover (OW-DIV-1), Head for the Hills (OW-HFH-1)."""


# -- the state ---------------------------------------------------------------------


class TerrainView(ViewModel):
    """A piece of terrain: a wall or fence (a line), a building (a closed
    outline), an area of cover, or the edge of a drop (a line)."""

    kind: Literal["wall", "building", "cover", "drop"]
    points: list[XY]
    height: float | None
    """Inches: an obstacle's height, a drop's depth; None for cover."""


class TableView(ViewModel):
    """The scenario's table: its size in inches and its terrain by id."""

    width: float
    depth: float
    terrain: dict[str, TerrainView]


class Names(ViewModel):
    """Every display name of the game, once, in each language."""

    title: LocalName
    posses: dict[str, LocalName]
    """By seat."""
    models: dict[str, LocalName]
    terrain: dict[str, LocalName]
    guns: dict[str, LocalName]
    """By the id of the model that carries the gun."""


class ObjectiveView(ViewModel):
    """A posse's scenario objective (house rule): leave by its exit edge with
    ``models`` models, or hold the table."""

    kind: Literal["escape", "hold"]
    models: int | None


class PosseView(ViewModel):
    """A posse, by its seat: its leader (OW-HFH-1), its exit edge and
    objective (OW-HFH-3), whether it chose to run (OW-HFH-4) or ran (OW-HFH-2)."""

    leader: str
    exit_edge: Edge | None
    objective: ObjectiveView | None
    fleeing: bool
    ran: bool


class GunView(ViewModel):
    range: float
    strength: int


class MountView(ViewModel):
    kind: Literal["horse", "mule"]
    toughness: int
    wounds: int
    """Wounds the mount has left."""


class ModelView(ViewModel):
    """A model: its profile and its condition. ``at`` and ``base_inches``
    are None once it is off the table."""

    posse: str
    status: Literal["active", "out", "escaped", "fled"]
    at: XY | None
    base_inches: float | None
    move: float
    """Inches it may move (on foot, mule or horse)."""
    fighting: int
    strength: int
    toughness: int
    attacks: int
    wounds: int
    """Wounds left."""
    starting_wounds: int
    pluck: int
    shooting: int
    """The roll it needs to hit (house rule)."""
    gun: GunView | None
    hero: bool
    fame: int
    fortune: int
    fearsome: bool
    prone: bool
    mount: MountView | None


class PointSpot(ViewModel):
    """A named move offered for a point: as far as the model may go toward or
    away from ``model``, ending at ``to``."""

    way: Literal["toward", "away"]
    model: str
    to: XY


class PointAsked(ViewModel):
    """The model asked where it moves to (a point of the player's choice):
    the Hero it must end near after a Yee Haw!, and the named moves offered."""

    model: str
    near: str | None
    spots: list[PointSpot]


class OldWestObjectives(ObjectivesView):
    """What each posse plays for (its scenario objective, OW-HFH-2, the last
    turn) and where the game stands: the words, and beside them the last
    turn and each posse's models that left by its exit edge."""

    max_turns: int
    escaped: dict[str, int]


class OldWestView(ViewModel):
    """The ``state`` part of an Old West seat's view. Everything on the table
    is open to every seat; only a secret Fame bid not yet revealed is kept
    from the other seat (by the core, which never shows another's answer)."""

    turn: int
    phase: Phase
    advantage: str
    """The seat with Advantage this turn."""
    table: TableView
    names: Names
    posses: dict[str, PosseView]
    models: dict[str, ModelView]
    """Every model by id, in the scenario's order."""
    house_rules: HouseRules
    point: PointAsked | None
    objectives: OldWestObjectives


# -- facts of the log lines ----------------------------------------------------------


class Going(ViewModel):
    """Facts with a ``from`` point (a Python keyword: the field is ``from_``,
    read and written as ``from``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True,
                              serialize_by_alias=True)


class GameStarted(ViewModel):
    kind: Literal["game-started"]


class AdvantageWon(ViewModel):
    """The Drop (house rule): each posse's roll and who has Advantage;
    ``tie``: equal rolls, Advantage passes to the side without it last turn."""

    kind: Literal["advantage"]
    turn: int
    seat: str
    rolls: dict[str, int]
    tie: bool


class AdvantageAgain(ViewModel):
    kind: Literal["advantage-again"]
    turn: int
    roll: int


class PhaseStarted(ViewModel):
    kind: Literal["phase-started"]
    phase: Literal["movement", "shooting", "melee"]
    turn: int


class PhaseEnded(ViewModel):
    """A phase is over (the picture is worth redrawing)."""

    kind: Literal["phase-ended"]
    phase: Literal["movement", "shooting", "melee"]
    turn: int


class HeroicAction(ViewModel):
    """A Hero declares the phase's Heroic Action and pays ``fame`` (OW-HAC-2)."""

    kind: Literal["heroic-action"]
    model: str
    action: Action
    fame: int
    left: int


class HeroicFirst(ViewModel):
    """Both sides declared: the die says whose Hero acts first (OW-HAC-3)."""

    kind: Literal["heroic-first"]
    seat: str
    roll: int


class Shouted(ViewModel):
    kind: Literal["shouted"]
    model: str
    shout: Literal["yee-haw", "fire"]


class QuickdrawWasted(ViewModel):
    kind: Literal["quickdraw-wasted"]
    model: str


class Moved(Going):
    kind: Literal["moved"]
    model: str
    from_: XY = Field(alias="from")
    to: XY


class Stayed(ViewModel):
    """Asked for a point, the model stays where it stands."""

    kind: Literal["stayed"]
    model: str


class Charged(Going):
    """A charge into base contact, or up to an obstacle ``across`` which the
    two then fight (OW-MEL-1, OW-OBS-1)."""

    kind: Literal["charged"]
    model: str
    target: str
    from_: XY = Field(alias="from")
    to: XY
    across: str | None


class StoodUp(ViewModel):
    """A prone model spends its move getting up."""

    kind: Literal["stood-up"]
    model: str


class LeftTable(ViewModel):
    """A model leaves by its posse's exit edge (OW-HFH-3)."""

    kind: Literal["left-table"]
    model: str
    edge: Edge


class TooScared(ViewModel):
    """It failed its Pluck test against a Fearsome enemy (OW-FEAR-2)."""

    kind: Literal["too-scared"]
    model: str
    target: str


class Shot(ViewModel):
    """A shot: shooter, target, the cover in the way (each needs a roll of
    ``in_the_way`` to get past) — house rules of the Shooting phase."""

    kind: Literal["shot"]
    model: str
    target: str
    cover: list[str]
    in_the_way: int


class ToHit(ViewModel):
    kind: Literal["to-hit"]
    model: str
    target: str
    roll: int
    fame: int
    need: int
    hit: bool


class InTheWay(ViewModel):
    kind: Literal["in-the-way"]
    model: str
    target: str
    cover: str
    roll: int
    need: int
    past: bool


class RiderOrMount(ViewModel):
    """A shot at a rider: the rider on ``need`` or more, else the mount."""

    kind: Literal["rider-or-mount"]
    model: str
    roll: int
    need: int
    hits: Part


class DivedProne(ViewModel):
    kind: Literal["dived-prone"]
    model: str


class RanForCover(Going):
    kind: Literal["ran-for-cover"]
    model: str
    from_: XY = Field(alias="from")
    to: XY


class FoundNoCover(ViewModel):
    kind: Literal["found-no-cover"]
    model: str


class Dismounted(ViewModel):
    """A rider already in cover gets down behind the mount (OW-MNT-2)."""

    kind: Literal["dismounted"]
    model: str
    to: XY


class PluckTested(ViewModel):
    kind: Literal["pluck-test"]
    model: str
    test: PluckFor
    dice: list[int]
    pluck: int
    fame: int
    total: int
    need: int
    passed: bool


class FameSpent(ViewModel):
    kind: Literal["fame-spent"]
    model: str
    points: int
    left: int


class WoundRolled(ViewModel):
    """A die on the Wound Table (OW-WND-1, OW-WND-2): ``model`` strikes (None:
    a fall), ``die`` 1 or the second die of a 6/x; ``fame`` added to it.
    ``result`` "second-die": a 6/x's first die made it, the second follows."""

    kind: Literal["wound-roll"]
    model: str | None
    target: str
    part: Part
    strength: int
    toughness: int
    die: Literal[1, 2]
    roll: int
    fame: int
    need: int
    result: Literal["wounds", "no-wound", "second-die"]


class CannotWound(ViewModel):
    kind: Literal["cannot-wound"]
    model: str | None
    target: str
    part: Part
    strength: int
    toughness: int


class Wounded(ViewModel):
    kind: Literal["wounded"]
    model: str
    left: int


class OutOfAction(ViewModel):
    kind: Literal["out-of-action"]
    model: str


class MountWounded(ViewModel):
    """``model``'s mount loses a Wound."""

    kind: Literal["mount-wounded"]
    model: str
    left: int


class MountKilled(ViewModel):
    kind: Literal["mount-killed"]
    model: str


class FortuneRolled(ViewModel):
    """A Fortune point spent (house rule): on ``need`` or more the Wound is kept."""

    kind: Literal["fortune"]
    model: str
    roll: int
    need: int
    saved: bool
    left: int


class FellFromMount(ViewModel):
    kind: Literal["fell-from-mount"]
    model: str
    roll: int
    result: Literal["hurt", "prone", "lands"]


class Fell(ViewModel):
    """Over a drop (OW-SUR-5): ``hurt`` when higher than ``fall_safe_height``."""

    kind: Literal["fell"]
    model: str
    height: float
    hurt: bool


class Fight(ViewModel):
    """One fight: one model against one or more enemies it touches."""

    one: str
    against: list[str]


class Split(ViewModel):
    kind: Literal["split"]
    fights: list[Fight]


class WhuppinFight(ViewModel):
    """The Hero's Tike for Whuppin': his fight is fought at once (OW-WHP-1)."""

    kind: Literal["whuppin-fight"]
    model: str


class WhuppinMove(ViewModel):
    """All the Hero's foes are down: these models may move again (OW-WHP-2)."""

    kind: Literal["whuppin-move"]
    models: list[str]


class FightDie(ViewModel):
    """One die a model rolls for its side in a fight (OW-FGT-1, OW-ATT-1)."""

    kind: Literal["fight-die"]
    seat: str
    model: str
    value: int


class FightBest(ViewModel):
    """A side's best die in the fight (OW-MUL-1)."""

    kind: Literal["fight-best"]
    seat: str
    value: int


class FameBids(ViewModel):
    """Secret Fame bids revealed together (OW-FAM-3): per seat, points per Hero."""

    kind: Literal["fame-bids"]
    bids: dict[str, dict[str, int]]


class TieFighting(ViewModel):
    """Equal dice: the side with the higher best Fighting wins (OW-FGT-2, OW-MUL-2)."""

    kind: Literal["tie-fighting"]
    seat: str
    fighting: dict[str, int]


class TieDie(ViewModel):
    kind: Literal["tie-die"]
    seat: str
    roll: int


class FightWon(ViewModel):
    kind: Literal["fight-won"]
    seat: str


class GotUp(ViewModel):
    """A prone winner stands up and does not strike (OW-GRD-2)."""

    kind: Literal["got-up"]
    model: str


class ProneLoses(ViewModel):
    kind: Literal["prone-loses"]
    model: str


class Surrounded(ViewModel):
    """It cannot back off (OW-SUR-1): the least move that frees it, the
    models that make way shifting too (OW-SUR-3), each by id to where it went."""

    kind: Literal["surrounded"]
    model: str
    moved: dict[str, XY]


class BackedOff(Going):
    """1" back from its opponents, or from the obstacle fought ``across``
    (OW-BCK-1, OW-OBS-1)."""

    kind: Literal["backed-off"]
    model: str
    from_: XY = Field(alias="from")
    to: XY
    across: bool


class OverEdge(Going):
    kind: Literal["over-edge"]
    model: str
    drop: str
    from_: XY = Field(alias="from")
    to: XY


class StrikeDoubled(ViewModel):
    """``target`` is surrounded: ``model``'s strike counts twice (OW-SUR-2)."""

    kind: Literal["strike-doubled"]
    model: str
    target: str


class BlowAcross(ViewModel):
    """A blow across an obstacle: it reaches on ``need`` or more (OW-OBS-2)."""

    kind: Literal["across"]
    model: str
    target: str
    obstacle: str
    roll: int
    need: int
    reaches: bool


class ChoseToRun(ViewModel):
    kind: Literal["chose-to-run"]
    seat: str


class PosseRan(ViewModel):
    kind: Literal["posse-ran"]
    seat: str


class GameOver(ViewModel):
    kind: Literal["game-over"]
    reason: Literal["escaped", "both-achieved", "ran", "wiped", "both-gone", "held",
                    "max-turns"]
    winners: list[str]


OldWestFacts = Union[  # noqa: UP007 (a Union pydantic reads as the facts' kinds)
    GameStarted, AdvantageWon, AdvantageAgain, PhaseStarted, PhaseEnded, HeroicAction,
    HeroicFirst, Shouted, QuickdrawWasted, Moved, Stayed, Charged, StoodUp, LeftTable,
    TooScared, Shot, ToHit, InTheWay, RiderOrMount, DivedProne, RanForCover, FoundNoCover,
    Dismounted, PluckTested, FameSpent, WoundRolled, CannotWound, Wounded, OutOfAction,
    MountWounded, MountKilled, FortuneRolled, FellFromMount, Fell, Split, WhuppinFight,
    WhuppinMove, FightDie, FightBest, FameBids, TieFighting, TieDie, FightWon, GotUp,
    ProneLoses, Surrounded, BackedOff, OverEdge, StrikeDoubled, BlowAcross, ChoseToRun,
    PosseRan, GameOver]


# -- meanings of the options ---------------------------------------------------------


class ShoutChoice(ViewModel):
    """Yee Haw! (OW-YEE-2) or "Fire!" (OW-QDR-2): shout or not."""

    kind: Literal["yee-haw", "fire"]
    model: str
    shout: bool


class HoldMove(ViewModel):
    """Stay put; ``objective``: the kind of the posse's scenario objective
    (none: it has none), which tells whether standing serves it."""

    kind: Literal["hold"]
    model: str
    objective: Literal["escape", "hold"] | None


class MoveLater(ViewModel):
    """Offered a move with ``hero``'s Yee Haw!, move later in the posse's turn."""

    kind: Literal["later"]
    model: str
    hero: str


class Advance(ViewModel):
    kind: Literal["advance"]
    model: str
    to: XY


class Charge(ViewModel):
    kind: Literal["charge"]
    model: str
    target: str
    to: XY
    across: str | None


class Exit(ViewModel):
    kind: Literal["exit"]
    model: str
    edge: Edge


class ToPoint(ViewModel):
    """Move to a point the player gives next."""

    kind: Literal["point"]
    model: str


class HoldFire(ViewModel):
    kind: Literal["hold-fire"]
    model: str


class ShootAt(ViewModel):
    """Shoot ``target``; each cover in the way needs the house rule's
    ``in_the_way`` roll."""

    kind: Literal["shoot"]
    model: str
    target: str
    cover: list[str]


class FameOnRoll(ViewModel):
    """Spend ``points`` Fame on a roll of ``total`` that needs ``need`` (OW-FAM-1)."""

    kind: Literal["fame"]
    model: str
    points: int
    total: int
    need: int


class FortuneChoice(ViewModel):
    kind: Literal["fortune"]
    model: str
    spend: bool


class Heroes(ViewModel):
    """The posse's Heroes who make the phase's Heroic Action (none: empty)."""

    kind: Literal["heroes"]
    seat: str
    action: Action
    models: list[str]


class NextFight(ViewModel):
    kind: Literal["fight"]
    models: list[str]


class NoFame(ViewModel):
    kind: Literal["no-fame"]
    seat: str


class FameOnDie(ViewModel):
    """A Hero raises his own best fight die from ``die`` to ``to`` (OW-FAM-2)."""

    kind: Literal["fame-die"]
    model: str
    points: int
    die: int
    to: int


class BackOffNext(ViewModel):
    kind: Literal["back-off-next"]
    model: str


class BackOffTo(ViewModel):
    kind: Literal["back-off-to"]
    model: str
    to: XY


class Strike(ViewModel):
    kind: Literal["strike"]
    model: str
    target: str
    part: Part


class SplitChoice(ViewModel):
    kind: Literal["split"]
    fights: list[Fight]


class HillsTest(ViewModel):
    """Take the Head for the Hills test: ``model`` tests its Pluck (OW-HFH-1)."""

    kind: Literal["hills-test"]
    seat: str
    model: str


class HillsRun(ViewModel):
    """Choose to run (OW-HFH-4), with ``ours`` of the posse's models in play
    against ``theirs`` of the other posses'."""

    kind: Literal["hills-run"]
    seat: str
    ours: int
    theirs: int


OldWestMeaning = Annotated[Union[  # noqa: UP007
    ShoutChoice, HoldMove, MoveLater, Advance, Charge, Exit, ToPoint, HoldFire, ShootAt,
    FameOnRoll, FortuneChoice, Heroes, NextFight, NoFame, FameOnDie, BackOffNext, BackOffTo,
    Strike, SplitChoice, HillsTest, HillsRun], Field(discriminator="kind")]


# -- labels of the chances -----------------------------------------------------------


class DropRoll(ViewModel):
    """A posse's die for Advantage (The Drop)."""

    roll: Literal["drop"]
    seat: str


class ToHitRoll(ViewModel):
    roll: Literal["to-hit"]
    model: str
    target: str
    need: int


class InTheWayRoll(ViewModel):
    roll: Literal["in-the-way"]
    model: str
    target: str
    cover: str
    need: int


class RiderOrMountRoll(ViewModel):
    roll: Literal["rider-or-mount"]
    model: str
    need: int


class PluckRoll(ViewModel):
    roll: Literal["pluck"]
    model: str
    test: PluckFor
    die: Literal[1, 2]
    need: int


class HeroicFirstRoll(ViewModel):
    """Whose Hero acts first: 1–3 ``seat`` (the side with Advantage)."""

    roll: Literal["heroic-first"]
    seat: str


class FightRoll(ViewModel):
    roll: Literal["fight"]
    seat: str
    model: str


class TieRoll(ViewModel):
    """Equal dice and Fighting: 1–3 ``seat`` wins, 4–6 the other."""

    roll: Literal["tie"]
    seat: str


class AcrossRoll(ViewModel):
    roll: Literal["across"]
    model: str
    target: str
    obstacle: str
    need: int


class WoundRoll(ViewModel):
    """A die on the Wound Table; ``model`` None: a fall."""

    roll: Literal["wound"]
    model: str | None
    target: str
    part: Part
    die: Literal[1, 2]
    need: int


class FallFromMountRoll(ViewModel):
    roll: Literal["fall-from-mount"]
    model: str


class FortuneRoll(ViewModel):
    roll: Literal["fortune"]
    model: str
    need: int


OldWestLabel = Annotated[Union[  # noqa: UP007
    DropRoll, ToHitRoll, InTheWayRoll, RiderOrMountRoll, PluckRoll, HeroicFirstRoll,
    FightRoll, TieRoll, AcrossRoll, WoundRoll, FallFromMountRoll, FortuneRoll],
    Field(discriminator="roll")]
