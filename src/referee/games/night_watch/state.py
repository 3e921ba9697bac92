"""The state of a Night Watch game: where every card lies."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.boards.graph import LocationGraph
from referee.core.i18n import Msg, Name, msg
from referee.core.ruleset import GameState
from referee.games.night_watch.scenario import WATCHES, Scenario, Settings, WatchId


@dataclass(frozen=True)
class Spell:
    """A Spell card: an Attack or a Defence of some Power (NW-CMB-4)."""

    kind: str
    power: int

    @property
    def key(self) -> str:
        return f"{self.kind}-{self.power}"

    @classmethod
    def from_key(cls, key: str) -> Spell:
        kind, _, power = key.rpartition("-")
        return cls(kind, int(power))

    @property
    def label(self) -> Msg:
        return msg(f"nw.spell.{self.kind}", power=self.power)


@dataclass
class Other:
    """An Other (Watcher) card and what lies on it."""

    id: str
    name: Name
    watch: WatchId
    initiative: int
    location: str
    enters_turn: int
    chips: list[int]
    hand: list[Spell] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    wounds: int = 0
    in_play: bool = False
    killed: bool = False


@dataclass
class Item:
    id: str
    name: Name
    spell: Spell
    location: str | None
    holder: str | None


@dataclass
class Play:
    """A card laid in a combat: a Spell or an Item on a target, with chips on it."""

    number: int
    by: str
    target: str
    spell: Spell
    item: str | None = None
    chips: list[int] = field(default_factory=list)

    @property
    def power(self) -> int:
        """Power after modifier chips (NW-CMB-8), never below zero."""
        return max(0, self.spell.power + sum(self.chips))


class NightWatchState(GameState):
    """Locations, Others, decks, Items, Egor, the score."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self.settings: Settings = scenario.settings
        self.location_names = {loc.id: loc.name.as_name() for loc in scenario.locations}
        self.board: LocationGraph[str] = LocationGraph()
        for loc in scenario.locations:
            self.board.add(loc.id)
            if loc.via is not None and loc.via != loc.id:
                self.board.join(loc.id, loc.via)
        self.others = {
            o.id: Other(o.id, o.name.as_name(), o.watch, o.initiative, o.location,
                        o.enters_turn, list(o.chips))
            for o in scenario.others
        }
        self.decks: dict[WatchId, Counter[str]] = {w: Counter() for w in WATCHES}
        for watch, cards in scenario.decks.items():
            for card in cards:
                self.decks[watch][Spell(card.kind, card.power).key] += card.count
        self.items = {
            i.id: Item(i.id, i.name.as_name(), Spell(i.kind, i.power), i.location, i.holder)
            for i in scenario.items
        }
        for item in self.items.values():
            if item.holder is not None:
                self.others[item.holder].items.append(item.id)
        self.egor = scenario.settings.egor_start
        self.turn = 0
        self.score: dict[WatchId, int] = dict.fromkeys(WATCHES, 0)
        self.plays: list[Play] = []
        self.finished = False

    def active(self) -> list[Other]:
        """Others in play, in ascending Initiative (NW-MOV-3)."""
        return sorted((o for o in self.others.values() if o.in_play), key=lambda o: o.initiative)

    def at(self, location: str) -> list[Other]:
        return [o for o in self.active() if o.location == location]

    def items_at(self, location: str) -> list[Item]:
        return [i for i in self.items.values() if i.location == location]

    def place(self, location: str) -> Name:
        return self.location_names[location]

    def still_to_come(self, watch: WatchId) -> bool:
        return any(o.watch == watch and not o.in_play and not o.killed
                   for o in self.others.values())
