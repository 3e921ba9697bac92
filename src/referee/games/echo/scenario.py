"""The Echo scenario format: the city's Locations and how they join, the
Gates into the World, investigators, enemies, items and the house rules.
Every gap of the book is a setting here (docs/rulesets/echo.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import Field

from referee.core.i18n import Msg, msg
from referee.core.model import LocalName, StrictModel
from referee.core.places import RuPreposition
from referee.core.scenario import unknown_name
from referee.games.echo import tables
from referee.games.echo.tables import EnemyKind, Skill, Vitality

Id = str
ID_PATTERN = r"^[a-z0-9_-]+$"

MAX_SKILL = 20
"""The highest skill: a check rolls a die per point, so a skill's chance
has that many dice (the book's cards print a few points)."""
MAX_VITALITY = 99
"""The most Health or Reason, and the most an item's cost, power or penalty."""
MAX_PLACES = 200
"""The most Locations, joins, Gates, enemies or items a scenario may give."""
LATEST_TURN = 100
"""The latest turn a setting may name."""


class LocationSpec(StrictModel):
    """A Location: in Echo, or (``world = true``) in the World outside the city."""

    id: Id = Field(min_length=1, pattern=ID_PATTERN)
    name: LocalName
    world: bool = False
    cursed: bool = Field(False, description="a cursed Echo Location, where Gates open")
    ru_preposition: RuPreposition = Field(
        "в", description="the Russian preposition of being and going there: «в Порту», «во "
        "Дворце Рулх», «на Большом рынке»; coming from it takes «из» or «с»")
    pos: tuple[Annotated[float, Field(ge=0, le=100)],
               Annotated[float, Field(ge=0, le=100)]] | None = Field(
        None, description="where the picture draws it (0-100 each way); a ring if left out")


class JoinSpec(StrictModel):
    """Two Echo Locations joined by a white rectangle (``link``, ECHO-MOV-2) or
    touching directly on the board (``touch``, ECHO-MOV-3)."""

    between: tuple[Id, Id]
    kind: Literal["link", "touch"] = "link"


class GateSpec(StrictModel):
    """A Gate from a cursed Echo Location to a World Location (ECHO-GATE-1)."""

    id: Id = Field(min_length=1, pattern=ID_PATTERN)
    at: Id
    to: Id
    opens_turn: int = Field(1, ge=1, le=LATEST_TURN,
                            description="house rule: the turn the Gate opens")


class InvestigatorSpec(StrictModel):
    """An investigator (Сыщик) and its seat; the order of the list is the
    clockwise order round the table (ECHO-ORD-1)."""

    seat: Id = Field(min_length=1, pattern=ID_PATTERN)
    name: LocalName
    location: Id
    speed: int = Field(ge=0, le=MAX_SKILL,
                       description="movement units each Movement phase (ECHO-MOV-1)")
    attentiveness: int = Field(ge=0, le=MAX_SKILL)
    stealth: int = Field(ge=0, le=MAX_SKILL)
    fight: int = Field(ge=0, le=MAX_SKILL, description="house rule: dice of a blow")
    magic: int = Field(0, ge=0, le=MAX_SKILL,
                       description="house rule: the skill spells are checked with")
    health: int = Field(ge=1, le=MAX_VITALITY)
    reason: int = Field(ge=1, le=MAX_VITALITY)
    harms: Vitality = Field("health", description="house rule: what the investigator's blows take")
    items: tuple[Id, ...] = Field((), max_length=MAX_PLACES)


class EnemySpec(StrictModel):
    """An enemy token."""

    id: Id = Field(min_length=1, pattern=ID_PATTERN)
    name: LocalName
    kind: EnemyKind
    location: Id
    attentiveness: int = Field(ge=0, le=MAX_SKILL, description="the black number (ECHO-BAT-5)")
    fight: int = Field(ge=0, le=MAX_SKILL, description="house rule: dice of a blow")
    health: int = Field(ge=1, le=MAX_VITALITY)
    reason: int = Field(ge=1, le=MAX_VITALITY)
    harms: Vitality = Field("health", description="house rule: what its blows take")


class ItemSpec(StrictModel):
    """An item (a spell or a thing). House rule: its effect is one of
    ``units`` (adds ``power`` units at the phase's start, ECHO-MOV-1),
    ``teleport`` (to any Echo Location), ``smite`` (takes ``power`` of
    ``harms`` from an enemy here) or ``heal`` (gives back ``power`` of ``harms``
    to each investigator using it). Every effect but ``units`` is used in the
    Movement phase at ``cost`` units (ECHO-ITEM-1), with a check of ``skill``
    less ``penalty`` when ``skill`` is given (ECHO-ITEM-2)."""

    id: Id = Field(min_length=1, pattern=ID_PATTERN)
    name: LocalName
    effect: Literal["units", "teleport", "smite", "heal"]
    cost: int = Field(0, ge=0, le=MAX_VITALITY)
    power: int = Field(1, ge=0, le=MAX_VITALITY)
    harms: Vitality = "health"
    skill: Skill | None = None
    penalty: int = Field(0, ge=0, le=MAX_VITALITY)


class Settings(StrictModel):
    """House rules (the book is silent); each is documented in docs/rulesets/echo.md."""

    max_turns: int = Field(tables.MAX_TURNS, ge=1, le=LATEST_TURN,
                           description="the investigators lose when this turn ends unwon")
    targets: tuple[Id, ...] = Field(
        (), max_length=MAX_PLACES,
        description="the enemies whose defeat wins the game (every enemy if empty)")
    first_player: Id | None = Field(None, description="holds the First Player token at setup "
                                    "(the first investigator if left out)")
    first_player_passes: bool = Field(True, description="the token passes clockwise each turn")
    melifaro: Id | None = Field(None, description="the seat playing Melifaro (ECHO-ORD-2)")
    die_sides: int = Field(tables.DIE_SIDES, ge=tables.CHECK_LEAST["die_sides"], le=100)
    success_face: int = Field(tables.SUCCESS_FACE, ge=tables.CHECK_LEAST["success_face"], le=100)
    successes_needed: int = Field(tables.SUCCESSES_NEEDED,
                                  ge=tables.CHECK_LEAST["successes_needed"], le=100)
    order_penalty: Literal["both", "stealth"] = Field(
        "both", description="disputed case 5: which order check the enemy's Attentiveness "
        "penalises")
    order_check: Literal["battle", "round"] = Field(
        "battle", description="disputed case 6: the order check once a battle, or every round")
    free_moves: int = Field(tables.FREE_MOVES, ge=0, le=MAX_SKILL,
                            description="moves between touching Locations allowed a turn")


DEFAULTS = Settings()
"""Every house rule at its default: what a scenario that sets none plays by."""


class Scenario(StrictModel):
    """An Echo scenario file."""

    title: LocalName
    settings: Settings = Settings()
    locations: tuple[LocationSpec, ...] = Field(min_length=2, max_length=MAX_PLACES)
    joins: tuple[JoinSpec, ...] = Field((), max_length=MAX_PLACES * 4)
    gates: tuple[GateSpec, ...] = Field((), max_length=MAX_PLACES)
    investigators: tuple[InvestigatorSpec, ...] = Field(min_length=1,
                                                         max_length=tables.MAX_PLAYERS)
    enemies: tuple[EnemySpec, ...] = Field((), max_length=MAX_PLACES)
    items: tuple[ItemSpec, ...] = Field((), max_length=MAX_PLACES)


def check(scenario: Scenario) -> list[Msg]:
    """Every problem the schema cannot see, each naming its field."""
    problems: list[Msg] = []
    locations = {loc.id: loc for loc in scenario.locations}
    seats = [inv.seat for inv in scenario.investigators]
    enemies = [e.id for e in scenario.enemies]
    items = {item.id: item for item in scenario.items}
    for field, ids in (("locations", [loc.id for loc in scenario.locations]),
                       ("gates", [g.id for g in scenario.gates]),
                       ("investigators", seats), ("enemies", enemies),
                       ("items", list(items))):
        problems += [msg("echo.check.duplicate", field=f"{field}[{i}]", id=value)
                     for i, value in enumerate(ids) if value in ids[:i]]

    def place(field: str, value: str) -> None:
        if value not in locations:
            problems.append(msg("echo.check.unknown-location", field=field, id=value,
                                **unknown_name(value, locations)))

    for i, join in enumerate(scenario.joins):
        for end in join.between:
            place(f"joins[{i}].between", end)
        if join.between[0] == join.between[1]:
            problems.append(msg("echo.check.self-join", field=f"joins[{i}]", id=join.between[0]))
        if any(locations[end].world for end in join.between if end in locations):
            problems.append(msg("echo.check.world-join", field=f"joins[{i}]"))
    for i, gate in enumerate(scenario.gates):
        place(f"gates[{i}].at", gate.at)
        place(f"gates[{i}].to", gate.to)
        at, to = locations.get(gate.at), locations.get(gate.to)
        if at is not None and (at.world or not at.cursed):
            problems.append(msg("echo.check.gate-at", field=f"gates[{i}].at", id=gate.at))
        if to is not None and not to.world:
            problems.append(msg("echo.check.gate-to", field=f"gates[{i}].to", id=gate.to))
    for i, loc in enumerate(scenario.locations):
        if loc.world and loc.cursed:
            problems.append(msg("echo.check.cursed-world", field=f"locations[{i}]", id=loc.id))
    held: Counter[str] = Counter()
    for i, inv in enumerate(scenario.investigators):
        place(f"investigators[{i}].location", inv.location)
        if inv.location in locations and locations[inv.location].world \
                and not ways_back(scenario, inv.location):
            problems.append(msg("echo.check.stranded", field=f"investigators[{i}].location",
                                id=inv.location, turns=scenario.settings.max_turns))
        for j, item in enumerate(inv.items):
            held[item] += 1
            if item not in items:
                problems.append(msg("echo.check.unknown-item", field=f"investigators[{i}]."
                                    f"items[{j}]", id=item, **unknown_name(item, items)))
    problems += [msg("echo.check.item-twice", field="investigators", id=item)
                 for item, count in held.items() if count > 1]
    for i, enemy in enumerate(scenario.enemies):
        place(f"enemies[{i}].location", enemy.location)
    for i, spec in enumerate(scenario.items):
        if spec.effect != "units" and spec.cost < 1:
            problems.append(msg("echo.check.item-cost", field=f"items[{i}].cost", id=spec.id))
    settings = scenario.settings
    for field, value in (("settings.first_player", settings.first_player),
                         ("settings.melifaro", settings.melifaro)):
        if value is not None and value not in seats:
            problems.append(msg("echo.check.unknown-seat", field=field, id=value,
                                **unknown_name(value, seats)))
    for i, target in enumerate(settings.targets):
        if target not in enemies:
            problems.append(msg("echo.check.unknown-enemy", field=f"settings.targets[{i}]",
                                id=target, **unknown_name(target, enemies)))
    problems += _unreachable_targets(scenario, locations)
    if settings.success_face > settings.die_sides:
        problems.append(msg("echo.check.success-face", field="settings.success_face",
                            sides=settings.die_sides))
    if not scenario.enemies and not settings.targets:
        problems.append(msg("echo.check.no-goal", field="enemies"))
    return problems


def _unreachable_targets(scenario: Scenario, locations: Mapping[str, LocationSpec],
                         ) -> list[Msg]:
    """A target enemy standing in a World Location that no Gate opening
    within the game leads to: no investigator could reach it, so the game
    could never be won (ECHO-GATE-1)."""
    targets = set(scenario.settings.targets) or {e.id for e in scenario.enemies}
    return [msg("echo.check.unreachable-target", field=f"enemies[{i}].location",
                id=enemy.id, at=enemy.location, turns=scenario.settings.max_turns)
            for i, enemy in enumerate(scenario.enemies)
            if enemy.id in targets and enemy.location in locations
            and locations[enemy.location].world and not ways_back(scenario, enemy.location)]


def ways_back(scenario: Scenario, world: str) -> list[GateSpec]:
    """The Gates leading to the World Location ``world`` that open within the
    game: an investigator set there at the start came through them and
    returns through them (ECHO-GATE-2, disputed case 13)."""
    return [gate for gate in scenario.gates
            if gate.to == world and gate.opens_turn <= scenario.settings.max_turns]
