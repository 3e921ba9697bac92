"""A table as a map shows it: terrain, models, their condition and what the
asked model may do, in plain data already worded in the reader's language.

A ruleset played on a table builds a :class:`TableMap` from a seat's view
(never from the state), and two surfaces draw it: the terminal's character
map (``referee.cli.table_map``) and the SVG picture (:mod:`referee.boards.svg`).
Neither knows any ruleset: what a wound or a mark means is the ruleset's to
say in words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal, TypeAlias

from referee.core.i18n import Msg, Name, Param

XY: TypeAlias = tuple[float, float]
FeatureKind = Literal["wall", "building", "cover", "drop"]


@dataclass(frozen=True)
class Feature:
    """A piece of terrain: a wall or fence (a line), a building (a closed
    outline), an area of cover, or the edge of a drop (a line)."""

    name: str
    kind: FeatureKind
    points: tuple[XY, ...]
    note: str = ""
    """What else a player should know of it, worded ("1\" high")."""


@dataclass(frozen=True)
class Figure:
    """A model: where its base stands (None once off the table) and its
    condition, as the seat's view shows it."""

    id: str
    name: str
    side: str
    at: XY | None
    radius: float
    wounds: int | None = None
    """Wounds left, where the ruleset counts them."""
    wounds_max: int | None = None
    fame: int | None = None
    """Fame left, for a Hero of a ruleset that has Fame."""
    fortune: int | None = None
    marks: tuple[str, ...] = ()
    """Its condition in words (prone, stunned)."""
    prone: bool = False
    """Lying on the ground (drawn with a broken outline)."""
    notes: tuple[str, ...] = ()
    """What the legend alone tells of it, in words (its profile, its weapon)."""
    gone: str = ""
    """Why it is off the table, in words (out of action); empty while on it."""


@dataclass(frozen=True)
class Band:
    """A side: its seat and its name."""

    seat: str
    name: str


@dataclass(frozen=True)
class Objective:
    """What a side must do to win, worded, and the table edge it leaves by
    (``north``, ``south``, ``east``, ``west``), if any."""

    seat: str
    text: str
    edge: str | None = None


@dataclass(frozen=True)
class Shot:
    """A shot to draw: from the shooter to the target, and whether it hit."""

    start: XY
    end: XY
    hit: bool
    label: str = ""


@dataclass(frozen=True)
class Aim:
    """An enemy as the asked shooter sees it: the distance between the bases,
    whether it may be shot, why not, and the cover in the way."""

    target: str
    distance: float
    allowed: bool
    why: str = ""
    """Why it cannot be shot (out of range, out of sight), worded."""
    cover: str = ""
    """The cover between, worded (names and the roll to get past it)."""


@dataclass(frozen=True)
class Spot:
    """Where one of the asked options would put the model."""

    value: Any
    """The option's value, as the decision lists it."""
    at: XY


@dataclass(frozen=True)
class Asking:
    """The model the pending decision is about: how far it may move, where
    each move option ends, and what it may shoot."""

    figure: str
    what: Literal["move", "shoot", "point"]
    reach: float | None = None
    spots: tuple[Spot, ...] = ()
    aims: tuple[Aim, ...] = ()
    weapon: str = ""
    """The shooter's weapon and its range, worded."""


@dataclass(frozen=True)
class TableMap:
    """Everything a map of the table shows, in the reader's language."""

    title: str
    """The scenario's title."""
    width: float
    depth: float
    features: tuple[Feature, ...] = ()
    bands: tuple[Band, ...] = ()
    figures: tuple[Figure, ...] = ()
    shots: tuple[Shot, ...] = ()
    asking: Asking | None = None
    symbols: Mapping[str, str] = field(default_factory=dict)
    """Each figure's one-letter symbol (see :func:`symbols_for`)."""
    status: str = ""
    """Where the game stands, worded (turn 2, the Shooting phase)."""
    objectives: tuple[Objective, ...] = ()

    def figure(self, figure_id: str) -> Figure | None:
        return next((f for f in self.figures if f.id == figure_id), None)

    def symbol(self, figure_id: str) -> str:
        return self.symbols.get(figure_id, "?")


def symbols_for(figures: Iterable[Figure], seats: Iterable[str]) -> dict[str, str]:
    """One letter per figure, unique on the table: the first side's in capitals,
    the second's in small letters (and so on, alternating), each taken from
    its name where a letter of it is still free (its initials first)."""
    order = {seat: n for n, seat in enumerate(seats)}
    taken: set[str] = set()
    found: dict[str, str] = {}
    for figure in figures:
        upper = order.get(figure.side, 0) % 2 == 0
        words = [w for w in figure.name.replace("-", " ").split() if w]
        candidates = [w[0] for w in words] + [c for w in words for c in w[1:]]
        candidates += [chr(c) for c in range(ord("A"), ord("Z") + 1)] + list("0123456789")
        for letter in candidates:
            if not letter.isalnum():
                continue
            letter = letter.upper() if upper else letter.lower()
            if letter not in taken and (letter.isdigit() or letter.isupper() == upper):
                taken.add(letter)
                found[figure.id] = letter
                break
        else:
            found[figure.id] = "?"
    return found


def with_symbols(table: TableMap) -> TableMap:
    """``table`` with a symbol for every figure, sides in the order of its bands."""
    return replace(table, symbols=symbols_for(table.figures, [b.seat for b in table.bands]))


def message_from_json(data: Any) -> Msg | Name | str:
    """A message (or name) as a view carries it (``Msg.to_json``), back as
    one the catalogue renders."""
    if isinstance(data, Mapping) and "key" in data:
        params = data.get("params") or {}
        return Msg(str(data["key"]), {k: _param(v) for k, v in params.items()})
    if isinstance(data, Mapping) and "en" in data:
        cases = data.get("cases")
        return Name(str(data["en"]), data.get("ru"), data.get("gender"),
                    tuple(sorted(cases.items())) if isinstance(cases, Mapping) else ())
    return str(data)


def _param(value: Any) -> Param:
    if isinstance(value, Mapping):
        return message_from_json(value)
    if isinstance(value, list):
        return tuple(_param(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, int | str):
        return str(value)
    return value


_TENTHS: dict[int, Fraction] = {}
""":func:`tenths` by the number of tenths (a fraction is slow to make, and
the same few positions are written again and again, from lengths a hair
apart)."""


def tenths(value: float) -> Fraction:
    """A length rounded to a tenth of an inch, as the catalogue writes numbers
    (9.2 in English, 9,2 in Russian)."""
    count = round(value * 10)
    found = _TENTHS.get(count)
    if found is None:
        found = Fraction(count, 10)
        if len(_TENTHS) >= 100_000:
            _TENTHS.clear()
        _TENTHS[count] = found
    return found
