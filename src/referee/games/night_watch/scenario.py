"""The Night Watch scenario format: Locations, Others, spell decks, items and
the house-rule settings. Every gap of the book is a setting here; what the
rules cannot play is refused at validation (:func:`check`)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from referee.core.i18n import Msg, msg
from referee.core.model import LocalName, StrictModel
from referee.core.places import RuPreposition
from referee.core.scenario import unknown_name
from referee.games.night_watch import tables
from referee.games.night_watch.tables import (
    METRO,
    WATCHES,
    CombatRounds,
    EgorMoves,
    SpellKind,
    WatchId,
)

__all__ = ["METRO", "WATCHES", "LocalName", "Scenario", "WatchId", "check", "rival"]


MAX_LOCATIONS = 50
"""The most Location cards (the book's board has about ten; Egor's way and
every Other's move are worked out over all of them)."""
MAX_CARDS = 100
"""The most Others, Items, kinds of Spell in a deck, copies of one Spell,
and stops of Egor's round."""
MAX_VALUE = 99
"""The most a Spell's or an Item's power, a chip, Initiative or a setting
may give."""

MAX_INITIATIVE = 10_000
"""The highest Initiative (any numbers that put the Others in order)."""

Chip = Annotated[int, Field(ge=-MAX_VALUE, le=MAX_VALUE)]


def rival(watch: WatchId) -> WatchId:
    """The other Watch."""
    return "day" if watch == "night" else "night"


class LocationSpec(StrictModel):
    """A Location card. ``via`` is the Location it is reached through: the
    Metro for ordinary Locations (NW-MOV-6), the Entrance for Egor's Flat and
    the Roof (NW-MOV-7); the Metro itself has none. ``ru_preposition`` is how
    a Russian sentence puts one there."""

    id: str = Field(min_length=1, pattern=r"^[a-z0-9-]+$")
    name: LocalName
    via: str | None = METRO
    ru_preposition: RuPreposition = Field(
        "в", description="the Russian preposition of being and going there: «в Метро», «на "
        "Крыше»; coming from it takes «из» or «с»")


class OtherSpec(StrictModel):
    """An Other (Watcher) card."""

    id: str = Field(min_length=1, pattern=r"^[a-z0-9-]+$")
    name: LocalName
    watch: WatchId
    initiative: int = Field(ge=0, le=MAX_INITIATIVE,
                            description="house rule: the book gives only the order")
    location: str
    enters_turn: int = Field(tables.ENTERS_TURN, ge=1, le=MAX_VALUE,
                             description="house rule: the turn the Other comes into play")
    chips: list[Chip] = Field(default_factory=list, max_length=MAX_CARDS,
                             description="house rule: modifier chips the Other may lay")


class SpellSpec(StrictModel):
    """Copies of one Spell card in a Watch's deck."""

    kind: SpellKind
    power: int = Field(ge=0, le=MAX_VALUE)
    count: int = Field(1, ge=1, le=MAX_CARDS)


class ItemSpec(StrictModel):
    """House rule: an Item acts like a Spell of its kind and power but is kept."""

    id: str = Field(min_length=1, pattern=r"^[a-z0-9-]+$")
    name: LocalName
    kind: SpellKind
    power: int = Field(ge=0, le=MAX_VALUE)
    location: str | None = None
    holder: str | None = None


class Settings(StrictModel):
    """House rules (the book is silent); each one is documented in docs/rulesets/night_watch.md."""

    hand_size: int = Field(tables.HAND_SIZE, ge=0, le=MAX_VALUE,
                           description="Spells each Other holds after drawing")
    max_turns: int = Field(tables.MAX_TURNS, ge=1, le=MAX_VALUE,
                           description="the game ends after this turn")
    points_to_win: int = Field(tables.POINTS_TO_WIN, ge=1, le=MAX_VALUE,
                               description="Egor's favour needed to win")
    egor_start: str = Field(tables.EGOR_START, description="where Egor stands at setup")
    egor_goal: str = Field(tables.EGOR_GOAL, description="where Egor walks to")
    egor_moves: EgorMoves = Field(
        tables.EGOR_MOVES, description="round: one step a turn on the shortest way to the "
        "next stop of egor_round, round after round; walk: one step on the shortest way to "
        "egor_goal, then he stays; random: any neighbouring Location, each as likely")
    egor_round: list[str] = Field(
        list(tables.EGOR_ROUND), min_length=2, max_length=MAX_CARDS,
        description="the stops of Egor's round, in order (egor_moves = \"round\")")
    combat_rounds: CombatRounds = Field(
        tables.COMBAT_ROUNDS, description="disputed case 2: once, one pass in Initiative "
        "order (the book); until-all-pass, round after round until nobody plays (house rule)")


class Scenario(StrictModel):
    """A Night Watch scenario file."""

    title: LocalName
    settings: Settings = Settings()
    locations: list[LocationSpec] = Field(min_length=2, max_length=MAX_LOCATIONS)
    others: list[OtherSpec] = Field(min_length=1, max_length=MAX_CARDS)
    decks: dict[WatchId, Annotated[list[SpellSpec], Field(max_length=MAX_CARDS)]]
    items: list[ItemSpec] = Field(default_factory=list, max_length=MAX_CARDS)


def check(scenario: Scenario) -> list[Msg]:
    """Cross-references the schema cannot see and what the rules cannot play,
    every problem at once, each naming its field."""
    problems: list[Msg] = []
    location_ids = [loc.id for loc in scenario.locations]
    known = set(location_ids)
    other_ids = [other.id for other in scenario.others]
    problems += _duplicates("locations", location_ids)
    problems += _duplicates("others", other_ids)
    problems += _duplicates("items", [item.id for item in scenario.items])
    if METRO not in known:
        problems.append(msg("nw.check.no-metro", field="locations", metro=METRO))
    for i, loc in enumerate(scenario.locations):
        if loc.id == METRO and loc.via is not None and loc.via != METRO:
            problems.append(msg("nw.check.metro-via", field=f"locations[{i}].via"))
        elif loc.via is not None and loc.via not in known:
            problems.append(msg("nw.check.unknown-via", field=f"locations[{i}].via",
                                value=repr(loc.via), **unknown_name(loc.via, location_ids)))
    for i, other in enumerate(scenario.others):
        if other.location not in known:
            problems.append(msg("nw.check.unknown-location", field=f"others[{i}].location",
                                value=repr(other.location),
                                **unknown_name(other.location, location_ids)))
    seen_initiative: dict[int, str] = {}
    for i, other in enumerate(scenario.others):
        if other.initiative in seen_initiative:
            problems.append(msg("nw.check.initiative-twice", field=f"others[{i}].initiative",
                                value=other.initiative, other=seen_initiative[other.initiative]))
        seen_initiative[other.initiative] = other.id
    for field in ("egor_start", "egor_goal"):
        value = getattr(scenario.settings, field)
        if value not in known:
            problems.append(msg("nw.check.unknown-location", field=f"settings.{field}",
                                value=repr(value), **unknown_name(value, location_ids)))
    problems += _egor_round(scenario.settings.egor_round, location_ids)
    for i, item in enumerate(scenario.items):
        if (item.location is None) == (item.holder is None):
            problems.append(msg("nw.check.item-place", field=f"items[{i}]"))
        if item.location is not None and item.location not in known:
            problems.append(msg("nw.check.unknown-location", field=f"items[{i}].location",
                                value=repr(item.location),
                                **unknown_name(item.location, location_ids)))
        if item.holder is not None and item.holder not in other_ids:
            problems.append(msg("nw.check.unknown-holder", field=f"items[{i}].holder",
                                value=repr(item.holder), **unknown_name(item.holder, other_ids)))
    problems += _playable(scenario)
    return problems


def _egor_round(stops: list[str], location_ids: list[str]) -> list[Msg]:
    """Every stop of Egor's round a known Location, and never the same stop
    twice running (counting from the last back to the first): arrived at one
    stop, Egor always has somewhere else to go."""
    problems: list[Msg] = []
    for i, stop in enumerate(stops):
        if stop not in location_ids:
            problems.append(msg("nw.check.unknown-location", field=f"settings.egor_round[{i}]",
                                value=repr(stop), **unknown_name(stop, location_ids)))
        elif stop == stops[i - 1] and len(stops) > 1:
            problems.append(msg("nw.check.round-repeats", field=f"settings.egor_round[{i}]",
                                value=repr(stop)))
    return problems


def _playable(scenario: Scenario) -> list[Msg]:
    """What the rules cannot play: a Watch with no Other (the game would end
    after its first turn), an Other coming in after the last turn, a Watch
    without a deck to draw from while Others draw Spells."""
    problems: list[Msg] = []
    settings = scenario.settings
    for watch in WATCHES:
        if not any(other.watch == watch for other in scenario.others):
            problems.append(msg("nw.check.no-others", field="others",
                                watch=msg(f"nw.watch.{watch}")))
        if settings.hand_size > 0 and watch not in scenario.decks:
            problems.append(msg("nw.check.no-deck", field=f"decks.{watch}",
                                watch=msg(f"nw.watch.{watch}"),
                                hand_size=settings.hand_size))
    for i, other in enumerate(scenario.others):
        if other.enters_turn > settings.max_turns:
            problems.append(msg("nw.check.enters-too-late", field=f"others[{i}].enters_turn",
                                value=other.enters_turn, max_turns=settings.max_turns))
    return problems


def _duplicates(field: str, ids: list[str]) -> list[Msg]:
    return [msg("nw.check.id-twice", field=f"{field}[{i}].id", value=repr(value))
            for i, value in enumerate(ids) if value in ids[:i]]
