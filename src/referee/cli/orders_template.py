"""``referee orders-template STATE CHARACTER``: an orders file for one character
to fill in, in the character's language.

The file is TOML that ``referee resolve`` and ``referee validate GAME ORDERS``
accept as it is (every order is commented out: the character does nothing)
and once filled in. Each order kind comes with a comment saying what it does
and what it may name right now (rooms, doors, characters, items), and an
example line built from those, so that a line uncommented as it is stands.

What the character knows comes from its own view of the game; the names of
rooms, doors and items from the game master's (the building, as the scenario
gives it). For a ruleset other than Facility the template the rules offer is
printed with the field names only.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer

from referee.cli.common import LangOption, check_seat, language, user_errors
from referee.cli.orders import (
    entry_name,
    game_turn,
    has_name,
    open_decision,
    open_game,
    scenario_language,
    seat_ids,
)
from referee.core.errors import RefereeError
from referee.core.events import REFEREE, Seat
from referee.core.game import Game
from referee.core.i18n import Lang, Msg, Name, Param, msg, render

WIDTH = 88
"""Comment lines are wrapped to this width (with the ``# `` in front)."""

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
UNIFORMS = ("scientist", "agent")
"""Facility's uniforms, the visible features ``uniform:<name>`` (CHAT-FOL-1)."""
PAUSE = "pause"
ABILITY_NAMES = ("shot",)
"""Abilities the catalogue has a name for (``orders-template.ability-name.<id>``)."""


# -- TOML --------------------------------------------------------------------------------


def toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """A value as inline TOML (``{ item = "keycard" }``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        inner = ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items()
                          if v is not None)
        return "{ " + inner + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")


def quoted(identifier: str | int) -> str:
    """An identifier as the file spells it: ``"keycard"``, ``3``."""
    return toml_value(identifier)


# -- the text of a template ------------------------------------------------------------------


@dataclass
class Section:
    """One order kind: what it does, what it may name now, example lines."""

    order: str
    explain: Msg
    targets: list[Msg]
    examples: list[Any]
    """Values of the order, each one example line (``order = value``)."""


class Writer:
    """Lines of the template, comments wrapped and rendered in ``lang``."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang
        self.lines: list[str] = []

    def comment(self, text: Msg | str) -> None:
        rendered = render(text, self.lang)
        for paragraph in rendered.splitlines() or [""]:
            wrapped = textwrap.wrap(paragraph, WIDTH - 2, break_long_words=False,
                                    break_on_hyphens=False) or [""]
            self.lines += [f"# {line}".rstrip() for line in wrapped]

    def example(self, order: str, value: Any) -> None:
        self.lines.append(f"# {toml_key(order)} = {toml_value(value)}")

    def line(self, text: str = "") -> None:
        self.lines.append(text)

    def section(self, section: Section) -> None:
        self.line()
        self.comment(section.explain)
        for target in section.targets:
            self.comment(target)
        for value in section.examples:
            self.example(section.order, value)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def template_text(game: Game, seat: Seat, lang: Lang, source: str) -> str:
    """The orders file ``seat`` fills in for the turn ``game`` waits for."""
    decision = open_decision(game, source)
    if seat not in decision.seats:
        raise RefereeError(msg("orders-template.not-asked", name=game.seat_name(seat),
                               seat=seat, source=source, seats=seat_ids(decision.seats)))
    writer = Writer(lang)
    turn = game_turn(game)
    name = game.seat_name(seat)
    if turn is not None:
        writer.comment(msg("orders-template.head", name=name, turn=turn, game=source))
    else:
        writer.comment(msg("orders-template.head-no-turn", name=name, game=source))
    writer.comment(msg("orders-template.how"))
    facility = FacilityTemplate.of(game, seat)
    if facility is not None:
        writer.line("#")
        for line in facility.situation():
            writer.comment(line)
    if turn is not None:
        writer.line(f"turn = {turn}")
    writer.line()
    writer.line(f"[{toml_key(seat)}]")
    if facility is not None:
        for section in facility.sections():
            writer.section(section)
    else:
        for order, value in _offered(game, seat).items():
            writer.line()
            writer.example(order, value if value not in (None, [], {}) else "")
    return writer.text()


def _offered(game: Game, seat: Seat) -> dict[str, Any]:
    """The answer the rules offer ``seat`` as a template (every field, empty)."""
    waiting = game.view(seat).get("waiting")
    offered = waiting.get("template") if isinstance(waiting, dict) else None
    return dict(offered) if isinstance(offered, dict) else {}


# -- Facility --------------------------------------------------------------------------------


def _number(value: Any) -> Fraction | int:
    if isinstance(value, int):
        return value
    return Fraction(str(value)) if isinstance(value, float) else 0


@dataclass
class FacilityTemplate:
    """What one Facility character may order now, from its own view (what it
    knows) and the game master's (how rooms, doors and items are called)."""

    game: Game
    seat: Seat
    me: Mapping[str, Any]
    """The seat's view of its character: room, health, items."""
    room: Mapping[str, Any]
    """The seat's view of its room: doors, floor, the others in it."""
    world: Mapping[str, Any]
    """The game master's view of the building (the scenario as it stands)."""

    @classmethod
    def of(cls, game: Game, seat: Seat) -> FacilityTemplate | None:
        """The template's parts when ``game`` is a Facility game (None otherwise)."""
        if game.ruleset.name != "facility":
            return None
        state = game.view(seat).get("state")
        master = game.view(REFEREE).get("state")
        world = master.get("world") if isinstance(master, dict) else None
        if not isinstance(state, dict) or not isinstance(world, dict):
            return None
        me, room = state.get("character"), state.get("room")
        if not isinstance(me, dict) or not isinstance(room, dict):
            return None
        return cls(game, seat, me, room, world)

    # -- names -------------------------------------------------------------------------------

    def here(self) -> int:
        return int(self.me.get("room", 0))

    def room_title(self, number: int) -> Msg:
        for room in self.world.get("rooms", []):
            if room.get("number") == number and has_name(room):
                return msg("orders-template.room", number=number,
                           name=entry_name(room, str(number)))
        return msg("orders-template.room-bare", number=number)

    def rooms(self) -> list[int]:
        return sorted(int(room["number"]) for room in self.world.get("rooms", []))

    def doors(self) -> list[tuple[str, Name, int]]:
        """The doors of the character's room: (id, name, the room beyond)."""
        found: list[tuple[str, Name, int]] = []
        here = self.here()
        for door in self.world.get("doors", []):
            rooms, names = door.get("rooms", []), door.get("names", [])
            names_ru = door.get("names_ru") or [None, None]
            for side in (0, 1):
                if rooms[side] == here and names[side] in self.room.get("doors", []):
                    found.append((names[side], Name(names[side], names_ru[side]),
                                  rooms[1 - side]))
        return sorted(found, key=lambda door: door[0])

    def items(self) -> Mapping[str, Mapping[str, Any]]:
        items = self.world.get("items", {})
        return items if isinstance(items, dict) else {}

    def item(self, item: str) -> Msg:
        entry = self.items().get(item, {})
        return msg("orders-template.entry", name=entry_name(entry, item), id=quoted(item))

    def ability(self, ability: str) -> Msg | str:
        """An ability as an order names it: ``a shot ("shot")``."""
        if ability in ABILITY_NAMES:
            return msg("orders-template.entry", name=msg(f"orders-template.ability-name.{ability}"),
                       id=quoted(ability))
        return quoted(ability)

    def character(self, seat: Seat) -> Msg:
        return msg("orders-template.entry", name=self.game.seat_name(seat), id=quoted(seat))

    def others(self) -> list[Seat]:
        return [seat for seat in self.game.seats if seat != self.seat]

    def present(self) -> list[Seat]:
        """The others in the character's room now."""
        return sorted(self.room.get("characters", {}))

    def carried(self) -> list[tuple[str, str]]:
        """(item, place) of everything the character carries."""
        found = [(item, "hands") for item in self.me.get("hands", [])]
        found += [(item, "inventory") for item in self.me.get("inventory", [])]
        for place, items in self.me.get("worn", {}).items():
            found += [(item, place) for item in items]
        return found

    def places(self) -> list[str]:
        """Where the character may put an item: hands, inventory, worn places."""
        character = self.world.get("characters", {}).get(self.seat, {})
        worn = character.get("worn_places") or self.world.get("settings", {}).get(
            "worn_places", {})
        return ["hands", "inventory", *worn]

    def place_label(self, place: str) -> Msg:
        """Where an item is: in the hands, in the inventory, or worn, by the
        place's name ("on the belt") and id."""
        if place in ("hands", "inventory"):
            return msg(f"orders-template.place.{place}")
        return msg("orders-template.place.worn", where=msg("facility.place", place=place),
                   place=quoted(place))

    def place_entry(self, place: str) -> Msg | str:
        """A place as an order names it: ``hands ("hands")``, ``"belt"``."""
        if place in ("hands", "inventory"):
            return msg("orders-template.entry", name=msg(f"orders-template.place-name.{place}"),
                       id=quoted(place))
        return quoted(place)

    def features(self) -> list[Msg]:
        found = [msg("orders-template.entry", name=msg(f"orders-template.uniform.{uniform}"),
                     id=quoted(f"uniform:{uniform}")) for uniform in UNIFORMS]
        kinds: dict[str, str] = {}
        for item, entry in sorted(self.items().items()):
            kinds.setdefault(str(entry.get("kind", item)), item)
        found += [msg("orders-template.entry", name=entry_name(self.items()[item], item),
                      id=quoted(f"item:{kind}")) for kind, item in sorted(kinds.items())]
        return found

    def settings(self) -> Mapping[str, Any]:
        settings = self.world.get("settings", {})
        return settings if isinstance(settings, dict) else {}

    # -- the parts of the template -----------------------------------------------------------

    def situation(self) -> list[Msg]:
        """Where the character is and what it has, as it knows it."""
        lines = [msg("orders-template.you", room=self.room_title(self.here()),
                     health=int(self.me.get("health", 0)),
                     max_health=int(self.me.get("max_health", 0)),
                     concentration=_number(self.me.get("concentration", 0)))]
        if int(self.me.get("health", 0)) <= 0:
            lines.append(msg("orders-template.down"))
        lines += self._carried_lines()
        doors = [msg("orders-template.bullet", what=self._door(door)) for door in self.doors()]
        lines += [msg("orders-template.doors"), *doors] if doors \
            else [msg("orders-template.no-doors")]
        lines += self._present()
        floor = tuple(self.item(item) for item in self.room.get("floor", []))
        lines.append(msg("orders-template.floor", list=floor) if floor
                     else msg("orders-template.nothing-on-floor"))
        lines.append(msg("orders-template.rooms",
                         list=tuple(self.room_title(room) for room in self.rooms())))
        if self.settings().get("secret_declarations"):
            lines.append(msg("orders-template.secret-allowed"))
        return lines

    def _door(self, door: tuple[str, Name, int]) -> Msg:
        identifier, name, beyond = door
        return msg("orders-template.door", name=name, id=quoted(identifier),
                   room=self.room_title(beyond))

    def _carried_lines(self) -> list[Msg]:
        by_place: dict[str, list[Param]] = {}
        for item, place in self.carried():
            by_place.setdefault(place, []).append(self.item(item))
        if not by_place:
            return [msg("orders-template.nothing-carried")]
        return [msg("orders-template.carried"), *(
            msg("orders-template.bullet", what=msg("orders-template.at-place",
                                                    place=self.place_label(place),
                                                    items=tuple(items)))
            for place, items in by_place.items())]

    def _present(self) -> list[Msg]:
        if not self.present():
            return [msg("orders-template.alone")]
        people: list[Msg] = [msg("orders-template.present")]
        for seat in self.present():
            seen = self.room["characters"][seat]
            details: list[Param] = []
            uniform = seen.get("uniform")
            if uniform in UNIFORMS:
                details.append(msg(f"orders-template.uniform.{uniform}"))
            visible = tuple(self.item(item) for item in seen.get("visible", []))
            if visible:
                details.append(msg("orders-template.visible", items=visible))
            person = msg("orders-template.person", who=self.character(seat),
                         details=tuple(details)) if details else self.character(seat)
            people.append(msg("orders-template.bullet", what=person))
        return people

    def sections(self) -> list[Section]:
        builders: dict[str, Callable[[], Section]] = {
            "move": self._move, "chase": self._chase, "follow": self._follow,
            "detain": self._detain, "ignore": self._ignore, "melee": self._melee,
            "take": self._take, "give": self._give, "accept": self._accept,
            "refuse": self._refuse, "drop": self._drop, "show": self._show,
            "equip": self._equip, "use": self._use, "bluff": self._bluff,
        }
        found: list[Section] = []
        for order, offered in _offered(self.game, self.seat).items():
            builder = builders.get(order)
            if builder is not None:
                found.append(builder())
            else:
                found.append(Section(order, msg("orders-template.other-order", order=order),
                                     [], [offered] if offered not in (None, [], {}) else []))
        return found

    def _explain(self, order: str, **params: Param) -> Msg:
        return msg(f"orders-template.facility.{order}", **params)

    def _present_or_alone(self) -> list[Msg]:
        present = tuple(self.character(seat) for seat in self.present())
        return [msg("orders-template.targets.here", list=present) if present
                else msg("orders-template.alone")]

    def _move(self) -> Section:
        doors = self.doors()
        examples: list[Any] = []
        if doors:
            examples = [{"to": doors[0][2]}, {"route": [PAUSE, doors[0][0]]}]
        most = int(self.settings().get("max_doors", 5))
        return Section("move", self._explain("move", most=most), [], examples)

    def _chase(self) -> Section:
        present = self.present()
        return Section("chase", self._explain("chase"), self._present_or_alone(),
                       [present[0]] if present else [])

    def _follow_targets(self) -> list[Msg]:
        return [msg("orders-template.targets.characters",
                    list=tuple(self.character(seat) for seat in self.others())),
                msg("orders-template.targets.features", list=tuple(self.features()))]

    def _follow(self) -> Section:
        others = self.others()
        example = [others[0], "uniform:agent"] if others else ["uniform:agent"]
        return Section("follow", self._explain("follow"), self._follow_targets(), [example])

    def _detain(self) -> Section:
        return Section("detain", self._explain("detain"), [], [["uniform:scientist"]])

    def _ignore(self) -> Section:
        return Section("ignore", self._explain("ignore"), [], [True])

    def _melee(self) -> Section:
        present = self.present()
        damage = int(self.settings().get("melee_damage", 1))
        return Section("melee", self._explain("melee", damage=damage), self._present_or_alone(),
                       [{"target": present[0]}] if present else [])

    def _carried_targets(self) -> list[Msg]:
        carried = tuple(self.item(item) for item, _ in self.carried())
        return [msg("orders-template.targets.carried", list=carried) if carried
                else msg("orders-template.nothing-carried")]

    def _places(self) -> Msg:
        return msg("orders-template.targets.places",
                   list=tuple(self.place_entry(place) for place in self.places()))

    def _take(self) -> Section:
        floor = list(self.room.get("floor", []))
        targets = [msg("orders-template.floor", list=tuple(self.item(i) for i in floor))
                   if floor else msg("orders-template.nothing-on-floor"), self._places()]
        examples: list[Any] = []
        if floor:
            examples.append([{"item": floor[0]}])
            place = self._a_place_for(floor[0])
            if place is not None:
                examples.append([{"item": floor[0], "place": place}])
        return Section("take", self._explain("take"), targets, examples)

    def _a_place_for(self, item: str) -> str | None:
        """A place, other than the hands, where ``item`` may go (for an example)."""
        carry = self.items().get(item, {}).get("carry", ["hands", "inventory"])
        return next((place for place in self.places() if place in carry and place != "hands"),
                    None)

    def _give(self) -> Section:
        carried, present = self.carried(), self.present()
        examples = [[{"item": carried[0][0], "to": present[0]}]] if carried and present else []
        return Section("give", self._explain("give"),
                       self._carried_targets() + self._present_or_alone(), examples)

    def _accept(self) -> Section:
        visible = [item for seat in self.present()
                   for item in self.room["characters"][seat].get("visible", [])]
        targets = [self._places()]
        if visible:
            targets.insert(0, msg("orders-template.targets.visible",
                                  list=tuple(self.item(item) for item in visible)))
        return Section("accept", self._explain("accept"), targets,
                       [[{"item": visible[0], "place": "hands"}]] if visible else [])

    def _refuse(self) -> Section:
        others = self.others()
        return Section("refuse", self._explain("refuse"), [msg(
            "orders-template.targets.characters",
            list=tuple(self.character(seat) for seat in others))],
            [[others[0]]] if others else [])

    def _drop(self) -> Section:
        carried = self.carried()
        return Section("drop", self._explain("drop"), self._carried_targets(),
                       [[{"item": carried[0][0]}]] if carried else [])

    def _show(self) -> Section:
        carried = self.carried()
        return Section("show", self._explain("show"), self._carried_targets(),
                       [[{"item": carried[0][0]}]] if carried else [])

    def _equip(self) -> Section:
        held = sorted((item for item, _ in self.carried()
                       if "hands" in self.items().get(item, {}).get("carry", ["hands"])),
                      key=lambda item: not self.items().get(item, {}).get("abilities"))
        return Section("equip", self._explain("equip"), self._carried_targets(),
                       [{"hands": held[:1]}] if held else [])

    def _use(self) -> Section:
        usable = [(item, ability) for item, _ in self.carried()
                  for ability in self.items().get(item, {}).get("abilities", [])]
        targets = [msg("orders-template.targets.abilities", list=tuple(
            msg("orders-template.ability", item=self.item(item), ability=self.ability(ability))
            for item, ability in usable)) if usable else msg("orders-template.no-abilities")]
        examples: list[Any] = []
        if usable:
            item, ability = usable[0]
            present = self.present()
            use: dict[str, Any] = {"ability": ability, "item": item}
            if present:
                use["target"] = present[0]
            examples.append([use])
            targets += self._present_or_alone()
        return Section("use", self._explain("use"), targets, examples)

    def _bluff(self) -> Section:
        return Section("bluff", self._explain("bluff"), [], [["melee"]])


@user_errors
def orders_template(
    state: Annotated[Path, typer.Argument(
        metavar="STATE", help="The game so far: a game file (JSON), or a scenario.")],
    character: Annotated[str, typer.Argument(
        metavar="CHARACTER", help="The character (seat) whose orders these are.")],
    lang: LangOption = None,
) -> None:
    """Print an orders file for CHARACTER to fill in for the turn STATE is at:
    every order kind explained, with what it may name right now."""
    game = open_game(state, language(lang))
    seat = check_seat(character, game.seats)
    chosen = language(lang) if lang is not None else (
        scenario_language(game.scenario, seat) or language(None))
    typer.echo(template_text(game, seat, chosen, str(state)), nl=False)
