"""What the Samurai rules know during a game: the fighters on the table, the
turn and phase, the fight being played and the shots of the turn."""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from referee.boards.table import CoverArea, Obstacle, Piece, Table, mm_to_inches
from referee.boards.terrain import Terrain as TableTerrain
from referee.core.events import EVERYONE, Facts, Seat
from referee.core.i18n import Msg, Name, msg
from referee.core.keys import freeze
from referee.core.prepared import prepared
from referee.core.readonly import read_only
from referee.core.ruleset import GameState
from referee.core.waits import Chance, Decision
from referee.games.samurai.scenario import FighterSpec, SamuraiScenario
from referee.games.samurai.tables import Cover, result_penalty


def tenths(inches: float) -> Fraction:
    """A length or coordinate rounded to a tenth of an inch, for the text: the
    catalogue writes it as the reader's language writes numbers (9.4, 9,4)."""
    return _tenths(round(inches * 10))


@lru_cache(maxsize=4096)
def _tenths(count: int) -> Fraction:
    """``count`` tenths, made once (a fraction is slow to make, and never changes)."""
    return Fraction(count, 10)


@dataclass(frozen=True)
class Terrain:
    """The table's fixed cover, prepared once per scenario and shared by copies."""

    width: float
    depth: float
    ground: TableTerrain
    """Heavy cover as the table's obstacles: walls and palisades (lines),
    buildings (polygons); light cover as its cover areas: woods, bushes,
    hedges."""
    names: dict[str, Name]
    kinds: dict[str, Cover]
    laid: dict[tuple[object, ...], Table] = field(default_factory=dict, compare=False,
                                                  repr=False)
    """Tables laid on this terrain lately, by where the fighters stand
    (:meth:`SamuraiState.table`)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Terrain:
        return self


def terrain_of(scenario: SamuraiScenario) -> Terrain:
    """The scenario's terrain, prepared once (kept for the last few scenarios),
    so every game of a scenario and every copy share it."""
    return prepared(scenario, _prepare)


def _prepare(scenario: SamuraiScenario) -> Terrain:
    from shapely.geometry import LineString, Polygon  # loaded when a game is made

    obstacles: list[Obstacle] = []
    covers: list[CoverArea] = []
    for spec in scenario.terrain:
        key = spec.name.en
        if spec.cover == "light":
            covers.append(CoverArea(key, Polygon(spec.points)))
        else:
            shape = Polygon(spec.points) if spec.closed else LineString(spec.points)
            obstacles.append(Obstacle(key, shape, spec.height))
    return Terrain(scenario.table.width, scenario.table.depth, TableTerrain(obstacles, covers),
                   {t.name.en: t.name.name for t in scenario.terrain},
                   {t.name.en: t.cover for t in scenario.terrain})


@dataclass
class Fighter:
    """One fighter's changing state; its profile stays in ``spec``."""

    spec: FighterSpec
    side: Seat
    x: float
    y: float
    alive: bool = True
    penalty: int = 0
    """House rule: lasting wound penalty (light 1, grievous 2)."""
    stunned: bool = False
    moved: bool = False
    shot: bool = False
    loaded: bool = True
    disarmed: bool = False
    fights: int = 0
    """Fights played this turn (SAM-CMB-5)."""
    id: str = field(init=False)
    """The fighter's id from its profile."""
    name: Name = field(init=False)
    """The fighter's name from its profile, made once."""
    radius: float = field(init=False)
    """The radius of its base in inches, from its profile, worked out once."""

    def __post_init__(self) -> None:
        self.id = self.spec.id
        self.name = self.spec.name.name
        self.radius = mm_to_inches(self.spec.base_mm) / 2

    def __deepcopy__(self, memo: dict[int, object]) -> Fighter:
        twin = Fighter.__new__(Fighter)
        twin.__dict__.update(self.__dict__)
        return twin

    def __setattr__(self, name: str, value: object) -> None:
        """Every change forgets the part of a view shown of the fighter
        (:meth:`shown`); a move or a fall, what its game knew of where
        everyone stands (:class:`Standing`)."""
        parts = self.__dict__
        parts.pop(_SHOWN, None)
        if name in _PLACE:
            standing: Standing | None = parts.get(_STANDING)
            if standing is not None:
                standing.table = standing.bands = None
        object.__setattr__(self, name, value)

    def begin_turn(self) -> None:
        """Clear the marks of the turn before: moved, shot, fights played (a
        fighter without any keeps its part of a view)."""
        if self.moved or self.shot or self.fights:
            parts = self.__dict__
            parts.pop(_SHOWN, None)
            parts.update(moved=False, shot=False, fights=0)  # no move, no fall

    def shown(self) -> Mapping[str, Any] | None:
        """The fighter's part of a view as last shown, if it has not changed
        since (read-only, shared with the views that showed it); None when
        it is yet to be made (:meth:`show`)."""
        found: Mapping[str, Any] | None = self.__dict__.get(_SHOWN)
        return found

    def show(self, part: Mapping[str, Any]) -> None:
        """Remember ``part`` (read-only) as the fighter's part of a view
        until the fighter changes."""
        self.__dict__[_SHOWN] = part

    @property
    def xy(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def result_penalty(self) -> int:
        """What wounds and stun take off every result this fighter rolls (house rule)."""
        return result_penalty(self.penalty, self.stunned)


_SHOWN = "_shown"
"""Where a fighter keeps its part of a view: a name that is not part of a
position (:mod:`referee.core.keys`), so a fighter shown and one not are
the same position."""
_STANDING = "_standing"
"""Where a fighter keeps its game's :class:`Standing`, to clear it."""
_PLACE = frozenset({"x", "y", "alive"})
"""What a fighter changes when it moves or falls."""


class Standing:
    """What a game knows of where its fighters stand, until one of them
    moves or falls (each fighter clears it then): the table laid for them
    and the bands still on it. Worked out again from the fighters whenever
    asked after a change, so it is no part of a position."""

    __slots__ = ("bands", "table")

    def __init__(self, table: Table | None = None,
                 bands: tuple[Seat, ...] | None = None) -> None:
        self.table = table
        self.bands = bands

    def position_key(self) -> None:
        """Nothing: every game's is the same part of its position."""
        return None


@dataclass(frozen=True)
class Shot:
    """A shot of this turn, for the picture: from, to, and whether it hit;
    never changed, so every copy of the game shares it."""

    shooter: str
    target: str
    start: tuple[float, float]
    end: tuple[float, float]
    hit: bool

    def __deepcopy__(self, memo: dict[int, object]) -> Shot:
        return self


@dataclass(frozen=True)
class Shown:
    """What the seats' views say of a question the rules put (the fighter
    asked to act or to move, and what it may do), worked out once as they ask
    it and shared as it is by every copy of the game and every view, never
    copied. The rules read ``plain``, which nobody changes; views read
    :attr:`part`, made read-only when a view first shows it (most questions
    a bot answers are never shown): ``plain`` itself, or what ``rest`` makes
    of it where views show more than the rules read (worked out from the
    position, so ``plain`` alone tells positions apart)."""

    plain: Mapping[str, Any]
    rest: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = field(
        default=None, compare=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Shown:
        return self

    @property
    def part(self) -> Mapping[str, Any]:
        """``plain`` (completed by ``rest``) as read-only JSON, made once."""
        found: Mapping[str, Any] | None = self.__dict__.get("_shown")
        if found is None:
            whole = self.plain if self.rest is None else self.rest(self.plain)
            found = self.__dict__["_shown"] = read_only(whole)  # a view of it, remembered
        return found

    def position_key(self) -> Hashable:
        """``plain``, which settles the rest."""
        return freeze(self.plain)


@dataclass
class FightView:
    """The fight being played, as every seat may see it: who is in it, the
    tokens once revealed (SAM-FGT-3), the initiative order."""

    sides: dict[Seat, list[str]]
    tokens: dict[str, dict[str, int]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, object]) -> FightView:
        """A copy of ids and counts, made directly (the general copy of a
        dataclass costs a third of a whole game's copy)."""
        twin = FightView({seat: list(ids) for seat, ids in self.sides.items()},
                         {fid: dict(kinds) for fid, kinds in self.tokens.items()},
                         list(self.order))
        memo[id(self)] = twin
        return twin


class Kept:
    """What the games of one scenario work out alike, made once and never
    changed: each die (whose, which roll), the questions the rules put again
    and again (a fighter's attack, a Boost), and the log lines that read the
    same whenever their key is the same (the text and its facts, read-only).
    Shared by every game of the scenario and every copy (``SamuraiState.kept``)."""

    __slots__ = ("dice", "lines", "questions")

    def __init__(self) -> None:
        self.dice: dict[tuple[str, str], Chance] = {}
        self.questions: dict[Hashable, Decision] = {}
        self.lines: dict[Hashable, tuple[Msg, Facts]] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> Kept:
        return self


def _kept(scenario: SamuraiScenario) -> Kept:
    return Kept()


_KEPT = 10_000
"""At most this many questions, and as many lines, are kept per scenario
(forgotten all at once past it)."""


class SamuraiState(GameState):
    def __init__(self, scenario: SamuraiScenario) -> None:
        super().__init__()
        self.scenario = scenario
        self.rules = scenario.house_rules
        self.terrain = terrain_of(scenario)
        self.kept = prepared(scenario, _kept)
        self.seats: tuple[Seat, ...] = tuple(b.seat for b in scenario.bands)
        self.band_names = {b.seat: b.side_name for b in scenario.bands}
        self.fighters: dict[str, Fighter] = {
            spec.id: Fighter(spec, band.seat, spec.at[0], spec.at[1])
            for band in scenario.bands for spec in band.fighters}
        self.started_with = {b.seat: len(b.fighters) for b in scenario.bands}
        self.turn = 0
        self.phase = "setup"
        """setup (before the first Move phase), move, combat, action or end."""
        self.priority: Seat = self.seats[0]
        self.fight: FightView | None = None
        self.shots: list[Shot] = []
        self.asked: Shown | None = None
        """The fighter whose action is asked now, its legal targets and what
        it sees of every enemy, for the seats' maps (:mod:`.view`); set by
        the frame that asks, cleared by the answer."""
        self.moving: Shown | None = None
        """The fighter asked to move now, with where each move ends, for the
        seats' maps (:mod:`.picture`); set by the frame that asks, cleared
        by the answer."""
        self.broken: list[Seat] = []
        self._standing = self._told_fighters(Standing())

    def _told_fighters(self, standing: Standing) -> Standing:
        """``standing``, given to every fighter to clear when it moves or falls."""
        for f in self.fighters.values():
            f.__dict__[_STANDING] = standing
        return standing

    def shared(self) -> tuple[object, ...]:
        return (self.scenario, self.terrain, self.kept, self.rules, self.band_names,
                self.started_with)

    def say(self, key: Hashable, line: Callable[[], tuple[Msg, Facts]],
            clause: str | None = None) -> None:
        """Log for everyone the text and facts ``line()`` gives, made once per
        ``key`` for every game of the scenario: for a line whose words and
        facts ``key`` settles (its catalogue key first, then what it names
        and counts), as most lines of a fight are."""
        lines = self.kept.lines
        found = lines.get(key)
        if found is None:
            if len(lines) >= _KEPT:
                lines.clear()
            text, facts = line()
            found = lines[key] = (text, read_only(facts))
        self.log.emit(found[0], EVERYONE, clause, found[1])

    def say_phase(self, key: str, phase: str,
                  kind: Literal["phase-began", "phase-ended"]) -> None:
        """Log the line ``key`` saying that ``phase`` of this turn (or the
        turn) began or ended."""
        turn = self.turn
        self.say((key, turn), lambda: (msg(key, turn=turn),
                                       {"kind": kind, "phase": phase, "turn": turn}))

    def question(self, key: Hashable, question: Callable[[], Decision]) -> Decision:
        """``question()``, made once per ``key`` for every game of the
        scenario: for a question whose seat, words and options ``key``
        settles (a question is never changed, and views share what they
        show of it)."""
        questions = self.kept.questions
        found = questions.get(key)
        if found is None:
            if len(questions) >= _KEPT:
                questions.clear()
            found = questions[key] = question()
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> SamuraiState:
        """A copy made part by part (a game keeps one every few inputs, to
        go back to): what no rule changes in place shared, the fighters and
        the lists of shots and broken bands copied (a shot is never
        changed), every other part deep-copied."""
        twin = SamuraiState.__new__(SamuraiState)
        memo[id(self)] = twin
        parts = twin.__dict__
        for name, part in self.__dict__.items():
            if name in _NEVER_CHANGED:
                parts[name] = part
            elif name == "fighters":
                parts[name] = {fid: _copied(f, memo) for fid, f in part.items()}
            elif name in _LISTS_OF_VALUES:
                parts[name] = list(part)
            elif name == "_standing":
                parts[name] = Standing(part.table, part.bands)
            else:
                parts[name] = copy.deepcopy(part, memo)
        twin._told_fighters(twin._standing)
        return twin

    def other(self, seat: Seat) -> Seat:
        return self.seats[1] if seat == self.seats[0] else self.seats[0]

    def alive(self, seat: Seat | None = None) -> list[Fighter]:
        return [f for f in self.fighters.values()
                if f.alive and (seat is None or f.side == seat)]

    def bands_standing(self) -> tuple[Seat, ...]:
        """The seats with a fighter still on the table, in the seats' order
        (asked at every question: remembered until a fighter falls)."""
        standing = self._standing
        bands = standing.bands
        if bands is None:
            alive = {f.side for f in self.fighters.values() if f.alive}
            bands = standing.bands = tuple(seat for seat in self.seats if seat in alive)
        return bands

    def table(self) -> Table:
        """The table as it stands: terrain and every fighter still on it.

        Read-only: the same fighters standing at the same spots give the
        same table, shared with what it remembers of them (sight lines,
        obstacles between two points); a table to change is a copy of it.
        Remembered by the state until a fighter moves or falls."""
        standing = self._standing
        table = standing.table
        if table is None:
            table = standing.table = self._laid()
        return table

    def _laid(self) -> Table:
        """The table for the fighters where they stand, as laid lately on
        the terrain or laid now."""
        t = self.terrain
        # the terrain is the scenario's, and so are its fighters, their
        # sides and their bases: where each stands, if it does, tells tables apart
        standing = tuple([(f.x, f.y) if f.alive else None for f in self.fighters.values()])
        table = t.laid.get(standing)
        if table is None:
            if len(t.laid) >= _LAID:
                t.laid.clear()
            table = t.laid[standing] = Table.on(t.ground, t.width, t.depth)
            for f in self.fighters.values():
                if f.alive:
                    table.add(Piece(f.id, f.x, f.y, f.radius, f.side, f.id))
        return table

    def touching(self, fid: str) -> tuple[str, ...]:
        """The enemies whose bases touch ``fid``'s (:meth:`Table.touching`),
        worked out for every fighter at once and remembered by the table
        while everyone stands where they are."""
        return self.contacts()[fid]

    def contacts(self) -> Mapping[str, tuple[str, ...]]:
        """For each fighter on the table, the enemies its base touches, in
        the table's order; read-only, shared by every game at this position."""
        table = self.table()
        found: dict[str, tuple[str, ...]] | None = table.known.get(_CONTACTS)
        if found is None:
            found = table.known[_CONTACTS] = _contacts(table)
        return found


def _contacts(table: Table) -> dict[str, tuple[str, ...]]:
    """For each piece on ``table``, the enemies its base touches, in the
    table's order: each pair of enemies near enough to touch measured both
    ways (:meth:`Table.in_contact`), every other pair not at all."""
    pieces = list(table.pieces.values())
    found: dict[str, list[str]] = {piece.id: [] for piece in pieces}
    for at, piece in enumerate(pieces):
        for other in pieces[at + 1:]:
            if other.side != piece.side and _near(piece, other):
                if table.in_contact(piece.id, other.id):
                    found[piece.id].append(other.id)
                if table.in_contact(other.id, piece.id):
                    found[other.id].append(piece.id)
    return {fid: tuple(enemies) for fid, enemies in found.items()}


_NEVER_CHANGED = frozenset({"scenario", "rules", "terrain", "kept", "seats", "band_names",
                            "started_with", "turn", "phase", "priority", "asked", "moving"})
"""The parts of a state that no rule changes in place (a number, a name,
a question shown: each replaced, never changed): a copy shares them."""
_LISTS_OF_VALUES = frozenset({"shots", "broken"})
"""The parts of a state that are lists of values never changed (shots,
seats): a copy copies the list alone."""


def _copied(fighter: Fighter, memo: dict[int, Any]) -> Fighter:
    """``fighter``'s copy, the same one wherever the copy of a game meets it."""
    twin = memo.get(id(fighter))
    if twin is None:
        twin = memo[id(fighter)] = fighter.__deepcopy__(memo)
    return twin


def _near(a: Piece, b: Piece) -> bool:
    """Could the bases touch? Not when they are apart by more than an inch
    along either axis (most pairs, measured no further)."""
    reach = a.radius + b.radius + 1.0
    return abs(a.x - b.x) <= reach and abs(a.y - b.y) <= reach


_LAID = 64
"""At most this many tables are kept per terrain."""

_CONTACTS = "samurai.contacts"
"""Where a table remembers who touches whom (:meth:`SamuraiState.contacts`)."""
