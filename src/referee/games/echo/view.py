"""What a seat's view of an Echo game holds, as pydantic models (the contract
of :mod:`referee.core.views`): the state part, the facts of each log line,
the meaning of each option, the label of each chance.

Everything is referred to by id: a Location, a Gate, an enemy and an item by
its scenario id, an investigator by its seat. Display names sit once, on the
entity keyed by its id. The one secret of the game is where a Gate leads
before its first passage (ECHO-GATE-4): ``GateView.to`` is null for every
seat until then, and no fact, meaning or label says it.
"""

from __future__ import annotations

from typing import Literal, Union

from pydantic import ConfigDict, Field

from referee.core.places import RuPreposition
from referee.core.views import LocalName, ObjectivesView, ViewModel
from referee.games.echo.state import EnemyStatus, InvestigatorStatus
from referee.games.echo.tables import EnemyKind, Skill, Vitality
from referee.games.echo.units import SpentOn

ItemEffect = Literal["units", "teleport", "smite", "heal"]
OrderSkill = Literal["attentiveness", "stealth"]

# -- the state ---------------------------------------------------------------------


class LocationView(ViewModel):
    """A Location of Echo or (``world``) of the World; ``pos`` is where the
    scenario draws it (0-100 each way), null where it gives none."""

    name: LocalName
    world: bool
    cursed: bool
    preposition: RuPreposition
    """The Russian preposition of being and going there («в», «во», «на»)."""
    pos: tuple[float, float] | None


class JoinView(ViewModel):
    """Two Echo Locations joined by a white rectangle (``link``, ECHO-MOV-2)
    or touching (``touch``, ECHO-MOV-3)."""

    between: tuple[str, str]
    kind: Literal["link", "touch"]


class GateView(ViewModel):
    """A Gate from the cursed Location ``at``; ``to`` is where it leads once
    ``revealed`` (ECHO-GATE-4), null before for every seat but the referee."""

    at: str
    open: bool
    revealed: bool
    to: str | None


class InvestigatorView(ViewModel):
    """An investigator, keyed by its seat: its card and where it stands."""

    name: LocalName
    location: str
    units: int
    health: int
    reason: int
    max_health: int
    max_reason: int
    status: InvestigatorStatus
    finished: bool
    """Its turn in this Movement phase is over (ECHO-ORD-1)."""
    speed: int
    attentiveness: int
    stealth: int
    fight: int
    magic: int
    harms: Vitality
    items: list[str]
    """The ids of the items it holds (``items`` of the state)."""


class EnemyView(ViewModel):
    """An enemy token: its card and where it stands."""

    name: LocalName
    kind: EnemyKind
    location: str
    status: EnemyStatus
    health: int
    reason: int
    max_health: int
    max_reason: int
    attentiveness: int
    fight: int
    harms: Vitality
    target: bool
    """Its defeat is needed to win (house rule 18)."""


class ItemView(ViewModel):
    """An item (house rule 13) and the investigator who holds it (null:
    nobody does)."""

    name: LocalName
    holder: str | None
    effect: ItemEffect
    cost: int
    power: int
    harms: Vitality
    skill: Skill | None
    penalty: int


class EchoObjectives(ObjectivesView):
    """What the investigators play for together (house rule 18) and where
    the game stands: the words, and beside them the target enemies by id,
    those still at large, and the turns left before they lose."""

    targets: list[str]
    at_large: list[str]
    turns_left: int


class EchoStateView(ViewModel):
    """The ``state`` part of a seat's view of an Echo game."""

    title: LocalName
    turn: int
    max_turns: int
    first_player: str
    locations: dict[str, LocationView]
    joins: list[JoinView]
    gates: dict[str, GateView]
    investigators: dict[str, InvestigatorView]
    enemies: dict[str, EnemyView]
    items: dict[str, ItemView]
    objectives: EchoObjectives


# -- facts: what each log line says as data ----------------------------------------

Side = Literal["investigators", "enemies"]


class _Travel(ViewModel):
    """A line that takes investigators from one Location to another; the
    field is ``from`` in the view (``from_`` in Python)."""

    model_config = ConfigDict(serialize_by_alias=True)

    from_: str = Field(alias="from")
    to: str


class PhaseEnded(ViewModel):
    """A moment a picture of the city is drawn (the kind every ruleset's
    picture moments share): ``start``, a turn's Movement phase begins (house rule 15), with
    ``first_player``; ``round``, a round of battle begins (ECHO-BAT-3) at
    ``location``, the ``investigators`` against the ``enemies``, ``first``
    striking first."""

    kind: Literal["phase-ended"]
    phase: Literal["start", "round"]
    turn: int
    first_player: str | None = None
    location: str | None = None
    investigators: list[str] | None = None
    enemies: list[str] | None = None
    first: Side | None = None


class Woke(ViewModel):
    """House rule 4: an unconscious investigator comes to, with at least 1
    Health and 1 Reason."""

    kind: Literal["woke"]
    investigator: str
    health: int
    reason: int


class FirstPlayer(ViewModel):
    """The First Player token passes (house rule 16)."""

    kind: Literal["first-player"]
    investigator: str


class NextNamed(ViewModel):
    """Melifaro (the seat ``named_by``) names who moves next, out of the
    usual order (ECHO-ORD-2)."""

    kind: Literal["next-named"]
    investigator: str
    named_by: str


class TurnOf(ViewModel):
    """An investigator's turn begins (ECHO-ORD-1), or goes on when the order
    comes back to it after a split (ECHO-ORD-4), with the units it has left."""

    kind: Literal["turn-of"]
    investigator: str
    location: str
    units: int


class OrderResumes(ViewModel):
    """After a split the order starts again from the First Player (ECHO-ORD-4)."""

    kind: Literal["order-resumes"]
    first_player: str


class TurnEnded(ViewModel):
    """The leader ends its turn (ECHO-ORD-1)."""

    kind: Literal["turn-ended"]
    investigator: str


class Split(ViewModel):
    """A group splits up (ECHO-ORD-4)."""

    kind: Literal["split"]
    investigators: list[str]


class Joined(ViewModel):
    """Investigators who met go on together (ECHO-ORD-3): the group now,
    and those ``joining`` it."""

    kind: Literal["joined"]
    investigators: list[str]
    joining: list[str]


class WentApart(ViewModel):
    """Investigators who met go on separately (ECHO-ORD-3): the moving
    group, the ``others`` met, and who of all ``declined``."""

    kind: Literal["went-apart"]
    investigators: list[str]
    others: list[str]
    declined: list[str]


class Moved(_Travel):
    """A group moves along a link (``units`` 1, ECHO-MOV-2) or to a touching
    Location (``units`` 0, ECHO-MOV-3); ``units`` is what each member spends."""

    kind: Literal["moved"]
    investigators: list[str]
    units: int
    way: Literal["link", "touch"]


class GateOpened(ViewModel):
    """A Gate opens at ``location`` (house rule 11)."""

    kind: Literal["gate-opened"]
    gate: str
    location: str


class GateRevealed(ViewModel):
    """A Gate is turned face up on its first passage (ECHO-GATE-4): from
    ``location`` it leads ``to``."""

    kind: Literal["gate-revealed"]
    gate: str
    location: str
    to: str


class GatePassed(_Travel):
    """A group passes a Gate (ECHO-GATE-2), into the World or ``back``,
    each member spending ``units``."""

    kind: Literal["gate-passed"]
    gate: str
    investigators: list[str]
    back: bool
    units: int


class Teleported(_Travel):
    """A group travels by an item (house rule 13)."""

    kind: Literal["teleported"]
    investigators: list[str]
    item: str


class UnitsDealt(ViewModel):
    """ECHO-MOV-1: Speed plus what items add (``extra``)."""

    kind: Literal["units-dealt"]
    investigator: str
    units: int
    speed: int
    extra: int


class UnitsSpent(ViewModel):
    """ECHO-MOV-2, -4: units spent ``on`` one thing, ``left`` after."""

    kind: Literal["units-spent"]
    investigator: str
    units: int
    left: int
    on: SpentOn


class NoUnitsLeft(ViewModel):
    """ECHO-BAT-2: a round goes on for one with no unit to pay."""

    kind: Literal["no-units-left"]
    investigator: str


class UnitsDiscarded(ViewModel):
    """ECHO-MOV-5: units left at the phase's end."""

    kind: Literal["units-discarded"]
    investigator: str
    units: int


class _Check(ViewModel):
    """A skill check (house rule 1): ``dice`` rolled (the skill less the
    ``penalty``), ``successes`` among them, ``needed`` to pass."""

    investigator: str
    skill: Skill
    dice: int
    penalty: int
    successes: int
    needed: int
    passed: bool


class OrderChecked(_Check):
    """The order check (ECHO-BAT-5): ``first`` is the side that strikes first."""

    kind: Literal["order-check"]
    first: Side


class GetAway(_Check):
    """The get-away check (ECHO-BAT-1, house rule 9) of the group's leader
    from the ``enemies`` barring the way."""

    kind: Literal["get-away"]
    investigators: list[str]
    enemies: list[str]


class ItemChecked(_Check):
    """The check an item's use needs (ECHO-ITEM-2); ``investigator`` holds it."""

    kind: Literal["item-check"]
    item: str


class ItemUsed(ViewModel):
    """An attempt to use an item (ECHO-ITEM-1): its holder, the group that
    pays, the ``units`` each spends."""

    kind: Literal["item-used"]
    item: str
    investigator: str
    investigators: list[str]
    units: int


class Blow(ViewModel):
    """A blow (ECHO-BAT-3, house rule 3): the ``striker`` side's combatant
    strikes the other; ``successes`` of ``dice`` is what it takes of
    ``harms``; ``health`` and ``reason`` are the one struck's after it (a
    miss: none taken)."""

    kind: Literal["blow"]
    striker: Literal["investigator", "enemy"]
    investigator: str
    enemy: str
    dice: int
    successes: int
    harms: Vitality
    health: int
    reason: int


class Smote(ViewModel):
    """An item takes ``amount`` of ``harms`` from an enemy (house rule 13);
    ``health`` and ``reason`` are the enemy's after it."""

    kind: Literal["smote"]
    item: str
    enemy: str
    amount: int
    harms: Vitality
    health: int
    reason: int


class NoBlow(ViewModel):
    """ECHO-BAT-4: a combatant down before its blow does not strike."""

    kind: Literal["no-blow"]
    investigator: str | None = None
    enemy: str | None = None


class EnemyDown(ViewModel):
    """House rule 5: an enemy detained, dead or destroyed at ``location``."""

    kind: Literal["enemy-down"]
    enemy: str
    status: Literal["detained", "dead", "destroyed"]
    location: str


class InvestigatorDown(ViewModel):
    """House rule 4: an investigator falls, its ``units_lost``."""

    kind: Literal["investigator-down"]
    investigator: str
    status: Literal["unconscious", "dead"]
    units_lost: int


class Healed(ViewModel):
    """An item gives back ``amount`` of ``harms`` (house rule 13)."""

    kind: Literal["healed"]
    investigator: str
    item: str
    amount: int
    harms: Vitality
    health: int
    reason: int


EchoFacts = Union[  # noqa: UP007  (a runtime union pydantic reads)
    PhaseEnded, Woke, FirstPlayer, NextNamed, TurnOf, OrderResumes, TurnEnded, Split, Joined,
    WentApart, Moved, GateOpened, GateRevealed, GatePassed, Teleported, UnitsDealt, UnitsSpent,
    NoUnitsLeft, UnitsDiscarded, OrderChecked, GetAway, ItemChecked, ItemUsed, Blow, Smote,
    NoBlow, EnemyDown, InvestigatorDown, Healed]
"""The facts of every Echo log line, told apart by ``kind``."""


# -- meanings: what each option is --------------------------------------------------


class MoveMeaning(ViewModel):
    """Go to a neighbouring Echo Location: along a link for 1 unit
    (ECHO-MOV-2), to a touching one for none (ECHO-MOV-3)."""

    kind: Literal["move"]
    location: str
    units: int
    way: Literal["link", "touch"]


class GateMeaning(ViewModel):
    """Pass through an open Gate here into the World (ECHO-GATE-2); where it
    leads is the Gate's ``to`` in the state, null until it is revealed."""

    kind: Literal["gate"]
    gate: str
    units: int


class BackMeaning(ViewModel):
    """Return through a revealed Gate to its Location in Echo (ECHO-GATE-2,
    -3)."""

    kind: Literal["back"]
    gate: str
    units: int


class ItemMeaning(ViewModel):
    """Try an item held by ``investigator``, each member spending ``units``
    (ECHO-ITEM-1)."""

    kind: Literal["item"]
    item: str
    investigator: str
    units: int


class FightMeaning(ViewModel):
    """A round of battle against the ``enemies`` barring the way (ECHO-BAT-2)."""

    kind: Literal["fight"]
    enemies: list[str]


class GetAwayMeaning(ViewModel):
    """The get-away check from the ``enemies`` barring the way (ECHO-BAT-1)."""

    kind: Literal["get-away"]
    enemies: list[str]


class PlainMeaning(ViewModel):
    """``split``: the group splits up (ECHO-ORD-4); ``done``: end the turn
    (ECHO-ORD-1); ``together`` or ``apart``: the answer to a meeting
    (ECHO-ORD-3); ``together`` is also an action at the start of a turn,
    asking those standing on the same Location to go on together (disputed
    case 2)."""

    kind: Literal["split", "done", "together", "apart"]


class NextMeaning(ViewModel):
    """Melifaro names who moves next (ECHO-ORD-2)."""

    kind: Literal["next"]
    investigator: str


class OrderSkillMeaning(ViewModel):
    """The skill the order check is made with, and its dice (ECHO-BAT-5)."""

    kind: Literal["order-skill"]
    skill: OrderSkill
    dice: int


class TeleportMeaning(ViewModel):
    """Where an item takes the group (house rule 13)."""

    kind: Literal["teleport"]
    location: str


EchoMeaning = Union[  # noqa: UP007  (a runtime union pydantic reads)
    MoveMeaning, GateMeaning, BackMeaning, ItemMeaning, FightMeaning, GetAwayMeaning,
    PlainMeaning, NextMeaning, OrderSkillMeaning, TeleportMeaning]
"""What every option of an Echo decision means, told apart by ``kind``."""


# -- labels: what each chance rolls ------------------------------------------------


class _CheckLabel(ViewModel):
    """A skill check's successes (house rule 1): whose, of which skill,
    ``dice`` rolled (the skill less the ``penalty``)."""

    investigator: str
    skill: Skill
    dice: int
    penalty: int


class OrderCheckLabel(_CheckLabel):
    """The order check (ECHO-BAT-5)."""

    roll: Literal["order-check"]


class GetAwayLabel(_CheckLabel):
    """The get-away check (ECHO-BAT-1, house rule 9) from the ``enemies``."""

    roll: Literal["get-away"]
    enemies: list[str]


class ItemCheckLabel(_CheckLabel):
    """The check of an item's use (ECHO-ITEM-2); ``investigator`` holds it."""

    roll: Literal["item-check"]
    item: str


class BlowLabel(ViewModel):
    """A blow's successes (ECHO-BAT-3, house rule 3): the ``striker`` side's
    combatant strikes the other with ``dice`` dice."""

    roll: Literal["blow"]
    striker: Literal["investigator", "enemy"]
    investigator: str
    enemy: str
    dice: int


EchoLabel = Union[OrderCheckLabel, GetAwayLabel, ItemCheckLabel, BlowLabel]  # noqa: UP007
"""What every Echo chance rolls, told apart by ``roll``."""
