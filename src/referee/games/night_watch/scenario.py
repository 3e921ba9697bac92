"""The Night Watch scenario format: Locations, Others, spell decks, items and
the house-rule settings. Every gap of the book is a setting here."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.core.i18n import Name

WatchId = Literal["night", "day"]
WATCHES: tuple[WatchId, ...] = ("night", "day")
METRO = "metro"


def rival(watch: WatchId) -> WatchId:
    """The other Watch."""
    return "day" if watch == "night" else "night"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LocalName(Strict):
    """A name in English and, optionally, Russian."""

    en: str = Field(min_length=1)
    ru: str | None = None

    def as_name(self) -> Name:
        return Name(self.en, self.ru)


class LocationSpec(Strict):
    """A Location card. ``via`` is the Location it is reached through: the
    Metro for ordinary Locations (NW-MOV-6), the Entrance for Egor's Flat and
    the Roof (NW-MOV-7); the Metro itself has none."""

    id: str = Field(min_length=1, pattern=r"^[a-z0-9-]+$")
    name: LocalName
    via: str | None = METRO


class OtherSpec(Strict):
    """An Other (Watcher) card."""

    id: str = Field(min_length=1, pattern=r"^[a-z0-9-]+$")
    name: LocalName
    watch: WatchId
    initiative: int = Field(ge=0, description="house rule: the book gives only the order")
    location: str
    enters_turn: int = Field(1, ge=1, description="house rule: the turn the Other comes into play")
    chips: list[int] = Field(default_factory=list,
                             description="house rule: modifier chips the Other may lay")


class SpellSpec(Strict):
    """Copies of one Spell card in a Watch's deck."""

    kind: Literal["attack", "defence"]
    power: int = Field(ge=0)
    count: int = Field(1, ge=1)


class ItemSpec(Strict):
    """House rule: an Item acts like a Spell of its kind and power but is kept."""

    id: str = Field(min_length=1, pattern=r"^[a-z0-9-]+$")
    name: LocalName
    kind: Literal["attack", "defence"]
    power: int = Field(ge=0)
    location: str | None = None
    holder: str | None = None


class Settings(Strict):
    """House rules (the book is silent); each one is documented in docs/rulesets/night_watch.md."""

    hand_size: int = Field(3, ge=0, description="Spells each Other holds after drawing")
    max_turns: int = Field(12, ge=1, description="the game ends after this turn")
    points_to_win: int = Field(3, ge=1, description="Egor's favour needed to win")
    egor_start: str = Field(METRO, description="where Egor stands at setup")
    egor_goal: str = Field("flat", description="where Egor walks to")
    egor_moves: Literal["walk", "random"] = Field(
        "walk", description="walk: one step on the shortest way to egor_goal; random: any "
        "neighbouring Location, each as likely")
    combat_rounds: Literal["until-all-pass", "once"] = Field(
        "until-all-pass", description="disputed case 2: how many passes of initiative a combat has")


class Scenario(Strict):
    """A Night Watch scenario file."""

    title: LocalName
    settings: Settings = Settings()
    locations: list[LocationSpec] = Field(min_length=2)
    others: list[OtherSpec] = Field(min_length=1)
    decks: dict[WatchId, list[SpellSpec]]
    items: list[ItemSpec] = Field(default_factory=list)


def check(scenario: Scenario) -> list[str]:
    """Cross-references the schema cannot see, every problem at once."""
    problems: list[str] = []
    location_ids = [loc.id for loc in scenario.locations]
    known = set(location_ids)
    other_ids = [other.id for other in scenario.others]
    problems += _duplicates("locations", location_ids)
    problems += _duplicates("others", other_ids)
    problems += _duplicates("items", [item.id for item in scenario.items])
    if METRO not in known:
        problems.append(f"locations: expected a Location with id \"{METRO}\" (NW-MOV-6)")
    for i, loc in enumerate(scenario.locations):
        if loc.id == METRO and loc.via is not None and loc.via != METRO:
            problems.append(f"locations[{i}].via: the Metro is reached from everywhere; "
                            "leave it out")
        elif loc.via is not None and loc.via not in known:
            problems.append(f"locations[{i}].via: unknown Location {loc.via!r}; "
                            f"expected one of {', '.join(location_ids)}")
    for i, other in enumerate(scenario.others):
        if other.location not in known:
            problems.append(f"others[{i}].location: unknown Location {other.location!r}")
    seen_initiative: dict[int, str] = {}
    for i, other in enumerate(scenario.others):
        if other.initiative in seen_initiative:
            problems.append(f"others[{i}].initiative: {other.initiative} is also "
                            f"{seen_initiative[other.initiative]}'s; Initiative must be unique")
        seen_initiative[other.initiative] = other.id
    for field in ("egor_start", "egor_goal"):
        value = getattr(scenario.settings, field)
        if value not in known:
            problems.append(f"settings.{field}: unknown Location {value!r}")
    for i, item in enumerate(scenario.items):
        if (item.location is None) == (item.holder is None):
            problems.append(f"items[{i}]: expected exactly one of location or holder")
        if item.location is not None and item.location not in known:
            problems.append(f"items[{i}].location: unknown Location {item.location!r}")
        if item.holder is not None and item.holder not in other_ids:
            problems.append(f"items[{i}].holder: unknown Other {item.holder!r}")
    return problems


def _duplicates(field: str, ids: list[str]) -> list[str]:
    return [f"{field}[{i}].id: {value!r} is used twice" for i, value in enumerate(ids)
            if value in ids[:i]]
