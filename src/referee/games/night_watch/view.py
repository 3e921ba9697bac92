"""What a Night Watch seat's view holds, as typed models (:mod:`referee.core.views`).

``NightWatch.view`` builds plain JSON fast; these models say its shape, and
``referee schema night-watch --view`` publishes it. Every Location, Other,
Item and Spell card is referred to by its id; names sit once, on the
Location, Other or Item they name. A Watch is a seat: ``"night"`` or ``"day"``.

The facts of the log lines, the meanings of the options and the labels of
the chances are listed in docs/rulesets/night_watch.md ("The seat's view"),
one example each.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, create_model

from referee.core.places import RuPreposition
from referee.core.views import LocalName, ObjectivesView, ViewModel
from referee.games.night_watch.tables import SpellKind, WatchId

# -- the state -----------------------------------------------------------------------


class LocationView(ViewModel):
    """A Location card: its name, the Location it is reached through (the
    Metro for most, the Entrance for Egor's Flat and the Roof; none for the
    Metro, NW-MOV-6, NW-MOV-7) and the Russian preposition that puts one there."""

    name: LocalName
    via: str | None
    ru_preposition: RuPreposition


class CardView(ViewModel):
    """A Spell card a deck holds copies of, by its id (``"attack-4"``): an
    Attack or a Defence of some Power (NW-CMB-4)."""

    kind: SpellKind
    power: int


class OtherView(ViewModel):
    """An Other (Watcher) card and what lies on it. ``hand``, the ids of its
    Spell cards, only to its own Watch and the referee; ``spells`` counts them
    for everyone."""

    name: LocalName
    watch: WatchId
    initiative: int
    location: str
    wounds: int
    in_play: bool
    killed: bool
    chips: list[int]
    items: list[str]
    spells: int
    hand: list[str] | None = None


class ItemView(ViewModel):
    """An Item (house rule): it acts like a Spell of its kind and Power but is
    kept. It lies on ``location`` or is carried by the Other ``holder``."""

    name: LocalName
    kind: SpellKind
    power: int
    location: str | None
    holder: str | None


class PlayView(ViewModel):
    """A card played in the combat under way, numbered from 1: a Spell card
    (``card``) or an Item (``item``) played by ``other`` on ``target``, with
    the chips laid on it and its Power after them (NW-CMB-8)."""

    number: int
    other: str
    target: str
    card: str | None
    item: str | None
    chips: list[int]
    power: int


class NightWatchObjectives(ObjectivesView):
    """What each Watch plays for (house rules, Victory) and where the game
    stands: the words, and beside them the points of Egor's favour that win
    and the last turn (each Watch's points are the state's ``score``)."""

    points_to_win: int
    max_turns: int


class NightWatchView(ViewModel):
    """The ``state`` part of a Night Watch seat's view."""

    title: LocalName
    locations: dict[str, LocationView]
    cards: dict[str, CardView]
    """Every Spell card the scenario's decks hold, by id."""
    turn: int
    egor: str
    """The Location Egor stands on."""
    score: dict[WatchId, int]
    """Points of Egor's favour (house rule)."""
    decks: dict[WatchId, int]
    """Cards left in each Watch's deck."""
    others: dict[str, OtherView]
    items: dict[str, ItemView]
    plays: list[PlayView]
    """The cards on the table in the combat under way; empty between combats."""
    objectives: NightWatchObjectives


# -- facts of the log lines ----------------------------------------------------------


def _with_from(name: str, doc: str, **fields: Any) -> Any:
    """A model with a ``from`` field, which a class body cannot name (and an
    alias would not write back by default)."""
    return create_model(name, __base__=ViewModel, __doc__=doc, **fields)


PhaseEnded = _with_from(
    "PhaseEnded",
    "A picture is worth redrawing: the turn ``turn`` starts (``start``) or Egor "
    "has moved (``egor``, NW-MOV-2) ``from`` one Location ``to`` another (the "
    "same one when he stays).",
    kind=(Literal["phase-ended"], ...), phase=(Literal["start", "egor"], ...), turn=(int, ...),
    **{"from": (str | None, None), "to": (str | None, None)})

Moved = _with_from(
    "Moved", "An Other moved ``from`` one Location ``to`` another (NW-MOV-1).",
    kind=(Literal["moved"], ...), other=(str, ...), **{"from": (str, ...), "to": (str, ...)})


class Entered(ViewModel):
    """An Other of ``watch`` came into play on ``location`` (house rule)."""

    kind: Literal["entered"]
    other: str
    watch: WatchId
    location: str


class Drew(ViewModel):
    """An Other drew a Spell card from its Watch's deck; ``card`` only for
    that Watch and the referee."""

    kind: Literal["drew"]
    other: str
    watch: WatchId
    card: str | None = None


class Stayed(ViewModel):
    """An Other stayed where it stands (moving is optional, NW-MOV-9)."""

    kind: Literal["stayed"]
    other: str
    location: str


class Took(ViewModel):
    """An Other picked up an Item lying on its Location (house rule)."""

    kind: Literal["took"]
    other: str
    item: str
    location: str


class CombatBegan(ViewModel):
    """Combat begins on a Location (NW-CMB-1)."""

    kind: Literal["combat-began"]
    location: str


class Played(ViewModel):
    """An Other played a Spell card from its hand on ``target``; ``play``
    numbers the cards on the table (NW-CMB-3)."""

    kind: Literal["played"]
    other: str
    card: str
    target: str
    play: int


class UsedItem(ViewModel):
    """An Other used an Item it carries on ``target`` (house rule)."""

    kind: Literal["used-item"]
    other: str
    item: str
    target: str
    play: int


class LaidChip(ViewModel):
    """An Other laid a modifier chip on the card numbered ``play`` (NW-CMB-8)."""

    kind: Literal["laid-chip"]
    other: str
    chip: int
    play: int
    target: str


class Wounded(ViewModel):
    """Wounds counted on an Other (NW-CMB-7): the Attack and Defence Power
    played on it, the wounds it takes and its wounds now (NW-CMB-10)."""

    kind: Literal["wounded"]
    other: str
    attack: int
    defence: int
    wounds: int
    total: int


class Killed(ViewModel):
    """An Other with four wounds leaves the game with ``spells`` unused Spells (NW-CMB-12)."""

    kind: Literal["killed"]
    other: str
    location: str
    spells: int


class ItemLeft(ViewModel):
    """An Item its dead carrier leaves on the Location (NW-CMB-12)."""

    kind: Literal["item-left"]
    item: str
    location: str


class Discarded(ViewModel):
    """The Spells played in a combat leave the game (NW-CMB-11)."""

    kind: Literal["discarded"]
    location: str
    count: int


class Favour(ViewModel):
    """A Watch alone with Egor gains a point of his favour (house rule)."""

    kind: Literal["favour"]
    watch: WatchId
    location: str
    points: int


class GameOver(ViewModel):
    """The game is over; who won is the view's outcome."""

    kind: Literal["game-over"]


NightWatchFacts: Any = Union[  # noqa: UP007  (Any: two members are made by create_model)
    PhaseEnded, Entered, Drew, Moved, Stayed, Took, CombatBegan, Played, UsedItem, LaidChip,
    Wounded, Killed, ItemLeft, Discarded, Favour, GameOver]

# -- meanings of the options ---------------------------------------------------------


class Stay(ViewModel):
    """``other`` stays on ``location`` (NW-MOV-9)."""

    kind: Literal["stay"]
    other: str
    location: str


class Move(ViewModel):
    """``other`` goes to ``location`` (NW-MOV-5..7)."""

    kind: Literal["move"]
    other: str
    location: str


class Take(ViewModel):
    """``other`` picks up ``item`` instead of moving (house rule)."""

    kind: Literal["take"]
    other: str
    item: str


class Done(ViewModel):
    """``other`` plays nothing more in this combat."""

    kind: Literal["done"]
    other: str


class Play(ViewModel):
    """``other`` plays the Spell card ``card`` from its hand on ``target`` (NW-CMB-3)."""

    kind: Literal["play"]
    other: str
    card: str
    target: str


class UseItem(ViewModel):
    """``other`` uses the Item ``item`` it carries on ``target``."""

    kind: Literal["use-item"]
    other: str
    item: str
    target: str


class Chip(ViewModel):
    """``other`` lays its ``chip`` on the card numbered ``play`` (NW-CMB-8)."""

    kind: Literal["chip"]
    other: str
    chip: int
    play: int


NightWatchMeaning = Annotated[
    Union[Stay, Move, Take, Done, Play, UseItem, Chip],  # noqa: UP007
    Field(discriminator="kind")]

# -- labels of the chances -----------------------------------------------------------


class DrawLabel(ViewModel):
    """A Spell card drawn from ``watch``'s deck (house rule: getting Spell cards)."""

    draw: Literal["spell"]
    watch: WatchId


class EgorLabel(ViewModel):
    """Where Egor goes from ``location`` (house rule ``egor_moves = "random"``)."""

    pick: Literal["egor"]
    location: str


NightWatchLabel = Union[DrawLabel, EgorLabel]  # noqa: UP007
