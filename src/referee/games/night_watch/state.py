"""The state of a Night Watch game: where every card lies.

What never changes during a game (names, the board, the order of Initiative,
the options a question can offer) is prepared once per scenario in a
:class:`Setup` and shared by every copy of the game; the state proper is the
few things that move, copied by hand (:meth:`NightWatchState.__deepcopy__`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from referee.boards.graph import LocationGraph
from referee.core.events import Facts, SecretFacts
from referee.core.i18n import Msg, Name, msg
from referee.core.places import place_phrase
from referee.core.prepared import prepared
from referee.core.readonly import read_only
from referee.core.ruleset import GameState
from referee.core.waits import JSON, Chance, Decision, Option
from referee.games.night_watch.scenario import Scenario, Settings
from referee.games.night_watch.tables import LOCATIONS_PER_MOVE, WATCHES, WatchId


@dataclass(frozen=True, slots=True)
class Spell:
    """A Spell card: an Attack or a Defence of some Power (NW-CMB-4)."""

    kind: str
    power: int

    @property
    def key(self) -> str:
        return f"{self.kind}-{self.power}"

    @staticmethod
    def from_key(key: str) -> Spell:
        return _spell(key)

    @property
    def label(self) -> Msg:
        return _label(self.kind, self.power)

    def __deepcopy__(self, memo: dict[int, object]) -> Spell:
        return self


@lru_cache(maxsize=256)
def _spell(key: str) -> Spell:
    kind, _, power = key.rpartition("-")
    return Spell(kind, int(power))


@lru_cache(maxsize=256)
def _label(kind: str, power: int) -> Msg:
    return msg(f"nw.spell.{kind}", power=power)


class Other:
    """An Other (Watcher) card and what lies on it. ``hand`` holds the keys of
    its Spells in order (the order they were drawn in never matters)."""

    __slots__ = ("chips", "enters_turn", "hand", "id", "in_play", "initiative", "items",
                 "killed", "location", "name", "watch", "wounds")

    def __init__(self, id: str, name: Name, watch: WatchId, initiative: int, location: str,
                 enters_turn: int, chips: list[int]) -> None:
        self.id, self.name, self.watch, self.initiative = id, name, watch, initiative
        self.location, self.enters_turn, self.chips = location, enters_turn, chips
        self.hand: list[str] = []
        self.items: list[str] = []
        self.wounds = 0
        self.in_play = False
        self.killed = False

    def copy(self) -> Other:
        twin = Other.__new__(Other)
        twin.id, twin.name, twin.watch, twin.initiative = (
            self.id, self.name, self.watch, self.initiative)
        twin.location, twin.enters_turn, twin.chips = (
            self.location, self.enters_turn, list(self.chips))
        twin.hand, twin.items = list(self.hand), list(self.items)
        twin.wounds, twin.in_play, twin.killed = self.wounds, self.in_play, self.killed
        return twin


class Item:
    """An Item: where it lies, or who carries it."""

    __slots__ = ("holder", "id", "location", "name", "spell")

    def __init__(self, id: str, name: Name, spell: Spell, location: str | None,
                 holder: str | None) -> None:
        self.id, self.name, self.spell = id, name, spell
        self.location, self.holder = location, holder

    def copy(self) -> Item:
        return Item(self.id, self.name, self.spell, self.location, self.holder)


@dataclass(slots=True)
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

    def copy(self) -> Play:
        return Play(self.number, self.by, self.target, self.spell, self.item, list(self.chips))


class Setup:
    """What a scenario fixes for the whole game, worked out once: the board,
    names, the order of Initiative, Egor's walk, and the questions, chances
    and facts already made (immutable, so used again as they are)."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.settings: Settings = scenario.settings
        self.location_names = {loc.id: loc.name.name for loc in scenario.locations}
        self.board: LocationGraph[str] = LocationGraph()
        for loc in scenario.locations:
            self.board.add(loc.id)
            if loc.via is not None and loc.via != loc.id:
                self.board.join(loc.id, loc.via)
        self.location_ids = tuple(self.location_names)
        self.other_names = {other.id: other.name.name for other in scenario.others}
        self.item_names = {item.id: item.name.name for item in scenario.items}
        counts: dict[WatchId, dict[str, int]] = {w: {} for w in WATCHES}
        for watch, specs in scenario.decks.items():
            for spec in specs:
                key = Spell(spec.kind, spec.power).key
                counts[watch][key] = counts[watch].get(key, 0) + spec.count
        self.decks = {w: dict(sorted(deck.items())) for w, deck in counts.items()}
        """Each Watch's deck at the start: the cards by key, in key order."""
        self.at: dict[str, Msg] = {}
        self.to: dict[str, Msg] = {}
        self.from_: dict[str, Msg] = {}
        """Each Location as being there, going there and coming from there
        (:mod:`.wording`)."""
        for loc in scenario.locations:
            name, preposition = loc.name.name, loc.ru_preposition
            self.at[loc.id] = place_phrase("at", name, preposition)
            self.to[loc.id] = place_phrase("to", name, preposition)
            self.from_[loc.id] = place_phrase("from", name, preposition)
        self.neighbours = {loc: tuple(self.board.neighbours(loc)) for loc in self.board}
        self.step_to = {(here, goal): self._step(here, goal)
                        for here in self.board for goal in self.board}
        """The next Location on the shortest way from ``here`` to ``goal``
        (``here`` itself once there, or when no way leads there)."""
        self.egor_next = {loc: self.step_to[loc, self.settings.egor_goal] for loc in self.board
                          if self.settings.egor_goal in self.board}
        self.order = tuple(o.id for o in sorted(scenario.others, key=lambda o: o.initiative))
        """Every Other's id, lowest Initiative first (NW-MOV-3, NW-CMB-5)."""
        self.title_json: dict[str, JSON] = read_only(scenario.title.name.to_json())
        self.locations_json: dict[str, JSON] = read_only({
            loc.id: {"name": loc.name.name.to_json(),
                     "via": None if loc.via == loc.id else loc.via,
                     "ru_preposition": loc.ru_preposition}
            for loc in scenario.locations})
        cards = {Spell(card.kind, card.power).key: {"kind": card.kind, "power": card.power}
                 for deck in scenario.decks.values() for card in deck}
        self.cards_json: dict[str, JSON] = read_only(dict(sorted(cards.items())))
        self.others_json: dict[str, JSON] = {o.id: read_only(o.name.name.to_json())
                                             for o in scenario.others}
        self.items_json: dict[str, JSON] = {i.id: read_only(i.name.name.to_json())
                                            for i in scenario.items}
        """What every view shows as it is (read-only, shared): the title, the
        board, the Spell cards of the decks, and the names of the Others and
        Items by id."""
        self.decisions: dict[tuple[Any, ...], Decision] = {}
        self.chances: dict[tuple[Any, ...], Chance] = {}
        self.options: dict[Hashable, Option] = {}
        self.played: dict[tuple[Any, ...], tuple[Option, ...]] = {}
        """A card's options on the Watchers at a Location (:mod:`.combat`)."""
        self.facts: dict[tuple[Any, ...], Facts] = {}
        self.draws: dict[tuple[str, str], SecretFacts] = {}
        """Facts of log lines said before (:mod:`.facts`), read-only."""
        self.lines: dict[tuple[Any, ...], Msg] = {}
        """The words of log lines said before, by what they say (:func:`said`)."""

    def _step(self, here: str, goal: str) -> str:
        route = self.board.route(here, goal) or [here]
        return route[min(LOCATIONS_PER_MOVE, len(route) - 1)]

    def place(self, location: str) -> Name:
        return self.location_names[location]


def said(setup: Setup, key: tuple[Any, ...], make: Callable[[], Msg]) -> Msg:
    """The words of a log line ``key`` names, ``make()`` the first time in
    any game of the scenario (the same lines come up game after game)."""
    found = setup.lines.get(key)
    if found is None:
        found = setup.lines[key] = make()
    return found


def setup_for(scenario: Scenario) -> Setup:
    """The prepared setup of ``scenario``, shared by every game of it."""
    return prepared(scenario, Setup)


class NightWatchState(GameState):
    """Others, decks, Items, Egor, the turn, the score (and the shared setup)."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self.setup = setup_for(scenario)
        self.settings: Settings = scenario.settings
        setup = self.setup
        self.others = {
            o.id: Other(o.id, setup.other_names[o.id], o.watch, o.initiative, o.location,
                        o.enters_turn, list(o.chips))
            for o in scenario.others
        }
        self.decks = {watch: dict(deck) for watch, deck in self.setup.decks.items()}
        """Cards left in each Watch's deck by key, in key order; none at zero."""
        self.items = {
            i.id: Item(i.id, setup.item_names[i.id], Spell(i.kind, i.power), i.location, i.holder)
            for i in scenario.items
        }
        for item in self.items.values():
            if item.holder is not None:
                self.others[item.holder].items.append(item.id)
        self.egor = scenario.settings.egor_start
        self.egor_stop = 0
        """The index in ``settings.egor_round`` of the stop Egor walks to."""
        self.turn = 0
        self.score: dict[WatchId, int] = dict.fromkeys(WATCHES, 0)
        self.plays: list[Play] = []
        self.finished = False
        """Set when a turn ends with the game decided: only then do the
        end-of-game hooks answer (victory is checked after a turn)."""

    def shared(self) -> tuple[object, ...]:
        return (self.setup, self.settings)

    def __deepcopy__(self, memo: dict[int, Any]) -> NightWatchState:
        twin = NightWatchState.__new__(NightWatchState)
        memo[id(self)] = twin
        twin.log = copy.deepcopy(self.log, memo)
        twin.setup, twin.settings = self.setup, self.settings
        twin.others = {key: other.copy() for key, other in self.others.items()}
        twin.decks = {watch: dict(deck) for watch, deck in self.decks.items()}
        twin.items = {key: item.copy() for key, item in self.items.items()}
        twin.egor, twin.egor_stop = self.egor, self.egor_stop
        twin.turn, twin.finished = self.turn, self.finished
        twin.score = dict(self.score)
        twin.plays = [play.copy() for play in self.plays]
        return twin

    @property
    def location_names(self) -> dict[str, Name]:
        return self.setup.location_names

    def active(self) -> list[Other]:
        """Others in play, in ascending Initiative (NW-MOV-3)."""
        others = self.others
        return [other for key in self.setup.order if (other := others[key]).in_play]

    def at(self, location: str) -> list[Other]:
        """Others in play at ``location``, in ascending Initiative."""
        others = self.others
        return [other for key in self.setup.order
                if (other := others[key]).in_play and other.location == location]

    def items_at(self, location: str) -> list[Item]:
        return [i for i in self.items.values() if i.location == location]

    def place(self, location: str) -> Name:
        return self.setup.location_names[location]

    def deck_size(self, watch: WatchId) -> int:
        return sum(self.decks[watch].values())

    def still_to_come(self, watch: WatchId) -> bool:
        return any(o.watch == watch and not o.in_play and not o.killed
                   for o in self.others.values())
