"""The state of an Echo game: where everyone stands, their units, vitality
and statuses, the Gates, and the turn. The scenario and the board never
change and are shared by copies of a game."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, ParamSpec

from referee.boards.graph import LocationGraph
from referee.core.events import EVERYONE, Audience, Facts, SecretFacts
from referee.core.i18n import Msg, Name
from referee.core.places import RuPreposition, Way, place_phrase
from referee.core.prepared import prepared
from referee.core.readonly import ReadOnlyDict, ReadOnlyList, read_only
from referee.core.ruleset import GameState
from referee.core.waits import Option
from referee.games.echo import tables
from referee.games.echo.scenario import EnemySpec, InvestigatorSpec, ItemSpec, Scenario

P = ParamSpec("P")
WAYS: tuple[Way, ...] = ("at", "to", "from")
FLAT = frozenset((str, int, bool, type(None)))
"""The kinds of fact that are read-only as they are."""
InvestigatorStatus = Literal["conscious", "unconscious", "dead"]
EnemyStatus = Literal["active", "detained", "dead", "destroyed"]


@dataclass
class Investigator:
    """An investigator in play: the card's numbers are in ``spec``."""

    seat: str
    location: str
    health: int
    reason: int
    units: int = 0
    status: InvestigatorStatus = "conscious"
    finished: bool = False
    """Its turn in this Movement phase is over (ECHO-ORD-1)."""
    evaded: list[str] = field(default_factory=list)
    """Enemies it got away from in this phase (house rule 9)."""
    free_moves: int = 0
    """Moves between touching Locations made in this phase (house rule 12)."""
    started: bool = False
    """Its turn in this phase has begun: after a split it goes on rather than
    starting again (ECHO-ORD-4, disputed case 8)."""
    fighting: bool = False
    """It is in a battle under way: a round has been fought and enemies still
    bar its way, so the battle goes on to its end (ECHO-BAT-2)."""
    strikes_first: str = ""
    """The side the battle's order check lets strike first (``investigators``
    or ``enemies``, ECHO-BAT-5), kept for the whole battle; empty before the
    check."""

    @property
    def conscious(self) -> bool:
        return self.status == "conscious"

    def copy(self) -> Investigator:
        twin = Investigator.__new__(Investigator)
        twin.__dict__.update(self.__dict__)
        twin.evaded = list(self.evaded)
        return twin


@dataclass
class Enemy:
    id: str
    location: str
    health: int
    reason: int
    status: EnemyStatus = "active"

    @property
    def active(self) -> bool:
        return self.status == "active"

    def copy(self) -> Enemy:
        twin = Enemy.__new__(Enemy)
        twin.__dict__.update(self.__dict__)
        return twin


@dataclass
class Gate:
    """A Gate; ``revealed`` once first passed (ECHO-GATE-4)."""

    id: str
    at: str
    revealed: bool = False
    open: bool = False

    def copy(self) -> Gate:
        twin = Gate.__new__(Gate)
        twin.__dict__.update(self.__dict__)
        return twin


class Board:
    """The fixed map: Locations, white-rectangle links, touching pairs, Gates'
    destinations (the referee's knowledge; never put in a view unrevealed)."""

    def __init__(self, scenario: Scenario) -> None:
        self.names = {loc.id: loc.name.name for loc in scenario.locations}
        self.prepositions: dict[str, RuPreposition] = {loc.id: loc.ru_preposition
                                                       for loc in scenario.locations}
        self.world = frozenset(loc.id for loc in scenario.locations if loc.world)
        self.cursed = frozenset(loc.id for loc in scenario.locations if loc.cursed)
        self.links: LocationGraph[str] = LocationGraph()
        for loc in scenario.locations:
            self.links.add(loc.id)
        for join in scenario.joins:
            cost = tables.LINK_COST if join.kind == "link" else tables.TOUCH_COST
            self.links.join(*join.between, cost=cost)
        self.joins = tuple((*join.between, join.kind) for join in scenario.joins)
        self.gate_to = {gate.id: gate.to for gate in scenario.gates}
        starts_in_world = {inv.location for inv in scenario.investigators
                           if inv.location in self.world}
        self.face_up_at_setup = tuple(gate.id for gate in scenario.gates
                                      if gate.to in starts_in_world)
        """Gates leading to where an investigator starts in the World: it came
        through them, so they lie face up from the start (disputed case 13)."""
        self.gate_opens = {gate.id: gate.opens_turn for gate in scenario.gates}
        self.gates_at: dict[str, tuple[str, ...]] = {}
        self.gates_to: dict[str, tuple[str, ...]] = {}
        """The Gates at each Location, and those leading to it, in the
        scenario's order (Gates never move)."""
        for gate in scenario.gates:
            self.gates_at[gate.at] = (*self.gates_at.get(gate.at, ()), gate.id)
            self.gates_to[gate.to] = (*self.gates_to.get(gate.to, ()), gate.id)
        self.cards: dict[str, InvestigatorSpec] = {i.seat: i for i in scenario.investigators}
        self.enemy_cards: dict[str, EnemySpec] = {e.id: e for e in scenario.enemies}
        self.item_cards: dict[str, ItemSpec] = {i.id: i for i in scenario.items}
        self.holders = {item: card.seat for card in scenario.investigators
                        for item in card.items}
        self.investigator_names = {seat: card.name.name for seat, card in self.cards.items()}
        self.enemy_names = {e: card.name.name for e, card in self.enemy_cards.items()}
        self.item_names = {i: card.name.name for i, card in self.item_cards.items()}
        self.phrases: dict[tuple[Way, str], Msg] = {
            (way, loc): place_phrase(way, self.names[loc], self.prepositions[loc])
            for way in WAYS for loc in self.names}
        """Each Location with the preposition a sentence needs (:func:`place_of`)."""
        self.enemies_placed: dict[str, tuple[str, ...]] = {}
        """The enemies at each Location, in the scenario's order (enemies
        never move)."""
        for enemy in scenario.enemies:
            self.enemies_placed[enemy.location] = (*self.enemies_placed.get(enemy.location, ()),
                                                   enemy.id)
        order = tuple(self.cards)
        self.clockwise = {seat: order[start:] + order[:start]
                          for start, seat in enumerate(order)}
        """The seats in turn order from each seat (ECHO-ORD-1)."""
        self.offers: dict[tuple[str, ...], Option] = {}
        """Options put to seats, built once each (:func:`offer`)."""
        self.moves: dict[str, tuple[tuple[int, Option], ...]] = {}
        """The moves from each Location with their costs, built once each
        (:func:`referee.games.echo.movement.moves_from`)."""

    def cost(self, here: str, there: str) -> int:
        """Units a move from ``here`` to ``there`` costs (ECHO-MOV-2, -3)."""
        passage = self.links.passage(here, there)
        return tables.LINK_COST if passage is None else int(passage.cost)

    def steps(self, here: str) -> list[tuple[str, int]]:
        """Each neighbouring Location and what a move there costs."""
        return [(there, self.cost(here, there)) for there in self.links.neighbours(here)]


def offer(board: Board, key: tuple[str, ...], build: Callable[P, Option], *args: P.args,
          **kwargs: P.kwargs) -> Option:
    """The option ``key`` names, ``build(*args, **kwargs)`` once for every
    game of the board's scenario, so a view shows it again without building
    it again (:func:`referee.core.waits.shown`). ``key`` holds all the
    option depends on that the board does not fix."""
    found = board.offers.get(key)
    if found is None:
        found = board.offers[key] = build(*args, **kwargs)
    return found


def place_of(way: Way, board: Board, location: str) -> Msg:
    """The Location with the preposition a sentence needs (at, to or from);
    the Russian one is the scenario's ``ru_preposition``."""
    return board.phrases[way, location]


def board_of(scenario: Scenario) -> Board:
    """The one Board of ``scenario``: games of the same scenario share it, so
    equal positions in two games have equal keys."""
    return prepared(scenario, Board)


def read_only_fact(value: Any) -> Any:
    """A fact's value read-only: a list of ids copied at once, anything else
    walked (:func:`referee.core.readonly.read_only`)."""
    if type(value) is list and FLAT.issuperset(map(type, value)):
        return ReadOnlyList(value)
    return read_only(value)


class EchoState(GameState):
    """Everything that changes as the game goes on."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self.scenario = scenario
        self.settings = scenario.settings
        self.board = board_of(scenario)
        self.cards = self.board.cards
        self.enemy_cards = self.board.enemy_cards
        self.item_cards = self.board.item_cards
        self.holders = self.board.holders
        self.order: tuple[str, ...] = tuple(self.cards)
        """Seats clockwise round the table (ECHO-ORD-1)."""
        self.investigators = {seat: Investigator(seat, card.location, card.health, card.reason)
                              for seat, card in self.cards.items()}
        self.enemies = {e.id: Enemy(e.id, e.location, e.health, e.reason)
                        for e in scenario.enemies}
        self.gates = {g.id: Gate(g.id, g.at, revealed=g.id in self.board.face_up_at_setup)
                      for g in scenario.gates}
        self.first_player = scenario.settings.first_player or self.order[0]
        self.targets = scenario.settings.targets or tuple(self.enemies)
        self.turn = 0
        self.turns_done = 0

    def shared(self) -> tuple[object, ...]:
        return (self.scenario, self.settings, self.board, self.cards, self.enemy_cards,
                self.item_cards, self.holders)

    def __deepcopy__(self, memo: dict[int, Any]) -> EchoState:
        """A copy by hand: the pieces that move copied, the rest (the shared
        parts, tuples, numbers and text) taken as they are."""
        twin = EchoState.__new__(EchoState)
        memo[id(self)] = twin
        twin.__dict__.update(self.__dict__)
        twin.log = copy.deepcopy(self.log, memo)
        twin.investigators = {seat: inv.copy() for seat, inv in self.investigators.items()}
        twin.enemies = {key: enemy.copy() for key, enemy in self.enemies.items()}
        twin.gates = {key: gate.copy() for key, gate in self.gates.items()}
        return twin

    def emit(self, text: Msg, audience: Audience = EVERYONE, clause: str | None = None,
             facts: Facts | SecretFacts | None = None) -> None:
        """Log ``text`` with its ``facts`` made read-only here, quicker than
        the log's general walk: most are flat (ids and numbers), the rest
        hold lists of ids."""
        if type(facts) is dict:
            if not FLAT.issuperset(map(type, facts.values())):
                facts = {key: value if type(value) in FLAT else read_only_fact(value)
                         for key, value in facts.items()}
            facts = ReadOnlyDict(facts)
        self.log.emit(text, audience, clause, facts)

    # -- reading the state ---------------------------------------------------------

    def at(self, location: str) -> Msg:
        """Being there: "at the Port", «в Порту», «на Большом рынке»."""
        return place_of("at", self.board, location)

    def to(self, location: str) -> Msg:
        """Going there: "to the Port", «в Порт», «на Большой рынок»."""
        return place_of("to", self.board, location)

    def from_(self, location: str) -> Msg:
        """Coming from there: "from the Port", «из Порта», «с Большого рынка»."""
        return place_of("from", self.board, location)

    def name(self, seat: str) -> Name:
        return self.board.investigator_names[seat]

    def enemy_name(self, enemy: str) -> Name:
        return self.board.enemy_names[enemy]

    def item_name(self, item: str) -> Name:
        return self.board.item_names[item]

    def clockwise_from_first(self) -> tuple[str, ...]:
        """Seats in turn order: the First Player, then clockwise (ECHO-ORD-1)."""
        return self.board.clockwise[self.first_player]

    def enemies_at(self, location: str) -> list[Enemy]:
        """Active enemies at ``location``, in the scenario's order."""
        enemies = self.enemies
        return [enemy for key in self.board.enemies_placed.get(location, ())
                if (enemy := enemies[key]).status == "active"]

    def blockers(self, group: list[str]) -> list[Enemy]:
        """Enemies barring the group's way (ECHO-BAT-1): active, here, and not
        got away from by every member."""
        investigators = self.investigators
        enemies = self.enemies_at(investigators[group[0]].location)
        evaded = [investigators[s].evaded for s in group]
        if not enemies or not all(evaded):  # a member who got away from none: all bar it
            return enemies
        return [e for e in enemies if not all(e.id in got_away for got_away in evaded)]

    def won(self) -> bool:
        enemies = self.enemies
        return all(enemies[target].status != "active" for target in self.targets)

    def all_dead(self) -> bool:
        return all(inv.status == "dead" for inv in self.investigators.values())
