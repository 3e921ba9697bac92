"""Facility's orders desk: a character's orders file, and the records of a
resolved turn (the rules never import this module).

The orders file is TOML that ``referee resolve`` and ``referee validate GAME
ORDERS`` accept as it is (every order is commented out: the character does
nothing) and once filled in. Each kind of order comes with a comment saying
what it does and what it may name right now (rooms, doors, characters, items)
and an example line built from those, so that a line uncommented as it is
stands. Everything in it comes from the character's own view: it names no
item the character has not seen (CHAT-AWR-1, CHAT-VIS-*).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from referee.core.events import REFEREE
from referee.core.i18n import Lang, Msg, Param, msg
from referee.display import View
from referee.display.orders import OrdersDesk, OrderSection, entry, offered, quoted
from referee.games.facility.names import carried, name_of, number
from referee.games.facility.report import camera, camera_room
from referee.games.facility.tables import (
    ABILITIES,
    ACTIONS,
    CHASE_DISCOUNT_IF_TARGET_STILL,
    HANDS,
    INVENTORY,
    ITEM_FEATURE,
    PAUSE,
    UNIFORM_FEATURE,
    UNIFORMS,
    movement_cost,
)

if TYPE_CHECKING:
    from referee.core.game import Game


class FacilityDesk(OrdersDesk):
    """A Facility character's orders file from its view; the cameras' records."""

    def turn(self, view: View) -> int | None:
        turn = (view.get("state") or {}).get("turn")
        return turn if isinstance(turn, int) and not isinstance(turn, bool) else None

    def seat_language(self, view: View, seat: str) -> Lang | None:
        """A character's ``lang``, as the scenario gives it."""
        world = (view.get("state") or {}).get("world") or {}
        lang = (world.get("characters", {}).get(seat) or {}).get("lang")
        return "ru" if lang == "ru" else "en" if lang == "en" else None

    def situation(self, view: View) -> list[Msg]:
        seen = Seen.of(view)
        return seen.situation() if seen is not None else []

    def sections(self, view: View) -> list[OrderSection]:
        seen = Seen.of(view)
        return seen.sections() if seen is not None else super().sections(view)

    def master_view(self, game: Game) -> View:
        """The parts of the game master's view this desk reads, as the whole
        view gives them: the turn, each character's ``lang``, each room's
        number, camera and name; not the whole building and cast as a
        scenario table (a ``model_dump`` of 10,000 characters)."""
        world = game.state.world
        scenario = world.scenario
        rooms = [room.model_dump(mode="json", include=_MASTER_ROOM_FIELDS, exclude_none=True)
                 for room in scenario.rooms]
        characters = {seat: {"lang": character.lang}
                      for seat, character in scenario.characters.items()
                      if character.lang is not None}
        return {"ruleset": game.ruleset.name, "seat": REFEREE,
                "state": {"turn": world.turn,
                          "world": {"rooms": rooms, "characters": characters}}}

    def observers(self, view: View) -> list[str]:
        """The cameras, by the game master's view of the building (house rule 14)."""
        world = (view.get("state") or {}).get("world") or {}
        return [camera(room["number"]) for room in world.get("rooms", []) if room.get("camera")]

    def observer_title(self, view: View, observer: str) -> Msg:
        """A camera's record headed by its room, as the scenario names it."""
        room = camera_room(observer)
        if room is None:
            return super().observer_title(view, observer)
        world = (view.get("state") or {}).get("world") or {}
        found = self._rooms_by_number(world.get("rooms", [])).get(room)
        if found is not None and found.get("name"):
            return msg("facility.desk.camera", room=name_of(found["name"]))
        return msg("facility.desk.camera-room", number=room)

    def _rooms_by_number(self, rooms: list[Mapping[str, Any]]) -> dict[Any, Mapping[str, Any]]:
        """The rooms of a game master's view by number, indexed once for the
        one view every camera of a turn is looked up in (the last one is kept)."""
        kept: tuple[list[Mapping[str, Any]], dict[Any, Mapping[str, Any]]] | None = \
            getattr(self, "_rooms", None)
        if kept is None or kept[0] is not rooms:
            index: dict[Any, Mapping[str, Any]] = {}
            for entry_ in rooms:
                index.setdefault(entry_.get("number"), entry_)
            kept = self._rooms = (rooms, index)
        return kept[1]


_MASTER_ROOM_FIELDS = frozenset({"number", "camera", "name"})
"""What :meth:`FacilityDesk.observers` and :meth:`FacilityDesk.observer_title`
read of a room."""


class Seen:
    """What one character may name in its orders now, from its own view."""

    def __init__(self, view: View, state: Mapping[str, Any]) -> None:
        self.view = view
        self.seat = str(view["seat"])
        self.state = state
        self.me: Mapping[str, Any] = state["character"]
        self.room: Mapping[str, Any] = state["room"]

    @classmethod
    def of(cls, view: View) -> Seen | None:
        """The parts of a character's view; None for any other reader."""
        state = view.get("state")
        if not isinstance(state, Mapping) or "character" not in state:
            return None
        return cls(view, state)

    # -- names ---------------------------------------------------------------------------

    def room_title(self, room: int) -> Msg:
        name = (self.state["rooms"].get(str(room)) or {}).get("name")
        if name:
            return msg("facility.desk.room", number=room, name=name_of(name))
        return msg("facility.desk.room-bare", number=room)

    def item(self, item: str) -> Msg:
        return entry(name_of(self.state["items"][item]["name"], item), item)

    def character(self, seat: str) -> Msg:
        return entry(name_of(self.state["characters"][seat]["name"], seat), seat)

    def ability(self, ability: str) -> Msg | str:
        """An ability as an order names it: ``a shot ("shot")``."""
        if ability in ABILITIES:
            return entry(msg(f"facility.desk.ability-name.{ability}"), ability)
        return quoted(ability)

    def others(self) -> list[str]:
        return [seat for seat in self.state["characters"] if seat != self.seat]

    def present(self) -> list[str]:
        """The others in the character's room now."""
        return list(self.room["present"])

    def carried(self) -> list[tuple[str, str]]:
        return carried(self.me)

    def places(self) -> list[str]:
        """Where the character may put an item: hands, inventory, worn places."""
        return list(self.me["places"])

    def place_label(self, place: str) -> Msg:
        """Where an item is: in the hands, in the inventory, or worn, by the
        place's name ("on the belt") and id."""
        if place in (HANDS, INVENTORY):
            return msg(f"facility.desk.place.{place}")
        return msg("facility.desk.place.worn", where=msg("facility.place", place=place),
                   place=quoted(place))

    def place_entry(self, place: str) -> Msg | str:
        """A place as an order names it: ``hands ("hands")``, ``"belt"``."""
        if place in (HANDS, INVENTORY):
            return entry(msg(f"facility.desk.place-name.{place}"), place)
        return quoted(place)

    def features(self) -> list[Msg]:
        """CHAT-FOL-1: the uniforms, and the kinds of the items the character
        has seen, each by an item of that kind."""
        found = [entry(msg(f"facility.desk.uniform.{uniform}"), UNIFORM_FEATURE + uniform)
                 for uniform in UNIFORMS]
        kinds: dict[str, str] = {}
        for item, known in sorted(self.state["items"].items()):
            if known.get("kind"):
                kinds.setdefault(str(known["kind"]), item)
        found += [entry(name_of(self.state["items"][item]["name"], item), ITEM_FEATURE + kind)
                  for kind, item in sorted(kinds.items())]
        return found

    def rules(self) -> Mapping[str, Any]:
        rules: Mapping[str, Any] = self.state["rules"]
        return rules

    def carry(self, item: str) -> list[str]:
        """Where an item the character sees may be carried."""
        return list(self.state["items"][item].get("carry") or ())

    def abilities(self, item: str) -> list[str]:
        """The active abilities of an item the character sees."""
        return list(self.state["items"][item].get("abilities") or ())

    # -- the parts of the template -------------------------------------------------------

    def situation(self) -> list[Msg]:
        """Where the character is and what it has, as it knows it."""
        me = self.me
        lines = [msg("facility.desk.you", room=self.room_title(int(me["room"])),
                     health=int(me["health"]), max_health=int(me["max_health"]),
                     concentration=number(me["concentration"]))]
        if int(me["health"]) <= 0:
            lines.append(msg("facility.desk.down"))
        lines += self._carried_lines()
        doors = [msg("facility.desk.bullet", what=self._door(door, beyond))
                 for door, beyond in self.room["doors"].items()]
        lines += [msg("facility.desk.doors"), *doors] if doors \
            else [msg("facility.desk.no-doors")]
        lines += self._present()
        floor = tuple(self.item(item) for item in self.room["floor"])
        lines.append(msg("facility.desk.floor", list=floor) if floor
                     else msg("facility.desk.nothing-on-floor"))
        lines.append(msg("facility.desk.rooms",
                         list=tuple(self.room_title(int(room)) for room in self.state["rooms"])))
        if self.rules().get("secret_declarations"):
            lines.append(msg("facility.desk.secret-allowed"))
        return lines

    def _door(self, door: str, beyond: Mapping[str, Any]) -> Msg:
        return msg("facility.desk.door", name=name_of(beyond["name"], door), id=quoted(door),
                   room=self.room_title(int(beyond["to"])))

    def _carried_lines(self) -> list[Msg]:
        by_place: dict[str, list[Param]] = {}
        for item, place in self.carried():
            by_place.setdefault(place, []).append(self.item(item))
        if not by_place:
            return [msg("facility.desk.nothing-carried")]
        return [msg("facility.desk.carried"), *(
            msg("facility.desk.bullet", what=msg("facility.desk.at-place",
                                                 place=self.place_label(place),
                                                 items=tuple(items)))
            for place, items in by_place.items())]

    def _present(self) -> list[Msg]:
        if not self.present():
            return [msg("facility.desk.alone")]
        people: list[Msg] = [msg("facility.desk.present")]
        for seat in self.present():
            seen = self.room["present"][seat]
            details: list[Param] = []
            uniform = seen.get("uniform")
            if uniform in UNIFORMS:
                details.append(msg(f"facility.desk.uniform.{uniform}"))
            visible = tuple(self.item(item) for item in seen.get("visible", []))
            if visible:
                details.append(msg("facility.desk.visible", items=visible))
            person = msg("facility.desk.person", who=self.character(seat),
                         details=tuple(details)) if details else self.character(seat)
            people.append(msg("facility.desk.bullet", what=person))
        return people

    def sections(self) -> list[OrderSection]:
        builders: dict[str, Callable[[], OrderSection]] = {
            "move": self._move, "chase": self._chase, "follow": self._follow,
            "detain": self._detain, "ignore": self._ignore, "melee": self._melee,
            "take": self._take, "give": self._give, "accept": self._accept,
            "refuse": self._refuse, "drop": self._drop, "show": self._show,
            "equip": self._equip, "use": self._use, "bluff": self._bluff,
        }
        found: list[OrderSection] = []
        for order, value in offered(self.view).items():
            builder = builders.get(order)
            if builder is not None:
                found.append(builder())
            else:
                found.append(OrderSection(order, msg("facility.desk.other-order", order=order),
                                          [], [value] if value not in (None, [], {}) else []))
        return found

    def _explain(self, order: str, **params: Param) -> Msg:
        return msg(f"facility.desk.order.{order}", **params)

    def _present_or_alone(self) -> list[Msg]:
        present = tuple(self.character(seat) for seat in self.present())
        return [msg("facility.desk.targets.here", list=present) if present
                else msg("facility.desk.alone")]

    def _move(self) -> OrderSection:
        doors = list(self.room["doors"].items())
        examples: list[Any] = []
        if doors:
            door, beyond = doors[0]
            examples = [{"to": beyond["to"]}, {"route": [PAUSE, door]}]
        most = int(self.rules()["max_doors"])
        return OrderSection("move", self._explain("move", most=most, two=movement_cost(2),
                                                    four=movement_cost(4)), [], examples)

    def _chase(self) -> OrderSection:
        present = self.present()
        cost = ACTIONS["chase"].cost
        explain = self._explain("chase", cost=cost, still=cost - CHASE_DISCOUNT_IF_TARGET_STILL)
        return OrderSection("chase", explain, self._present_or_alone(),
                            [present[0]] if present else [])

    def _follow_targets(self) -> list[Msg]:
        return [msg("facility.desk.targets.characters",
                    list=tuple(self.character(seat) for seat in self.others())),
                msg("facility.desk.targets.features", list=tuple(self.features()))]

    def _follow(self) -> OrderSection:
        others = self.others()
        agent = UNIFORM_FEATURE + "agent"
        example = [others[0], agent] if others else [agent]
        return OrderSection("follow", self._explain("follow"), self._follow_targets(),
                            [example])

    def _detain(self) -> OrderSection:
        return OrderSection("detain", self._explain("detain", cost=ACTIONS["detain"].cost), [],
                            [[UNIFORM_FEATURE + "scientist"]])

    def _ignore(self) -> OrderSection:
        return OrderSection("ignore", self._explain("ignore"), [], [True])

    def _melee(self) -> OrderSection:
        present = self.present()
        damage = int(self.rules()["melee_damage"])
        return OrderSection("melee", self._explain("melee", damage=damage,
                                                     cost=ACTIONS["melee"].cost),
                            self._present_or_alone(),
                            [{"target": present[0]}] if present else [])

    def _carried_targets(self) -> list[Msg]:
        held = tuple(self.item(item) for item, _ in self.carried())
        return [msg("facility.desk.targets.carried", list=held) if held
                else msg("facility.desk.nothing-carried")]

    def _places(self) -> Msg:
        return msg("facility.desk.targets.places",
                   list=tuple(self.place_entry(place) for place in self.places()))

    def _take(self) -> OrderSection:
        floor = list(self.room["floor"])
        targets = [msg("facility.desk.floor", list=tuple(self.item(i) for i in floor))
                   if floor else msg("facility.desk.nothing-on-floor"), self._places()]
        examples: list[Any] = []
        if floor:
            examples.append([{"item": floor[0]}])
            place = self._a_place_for(floor[0])
            if place is not None:
                examples.append([{"item": floor[0], "place": place}])
        return OrderSection("take", self._explain("take"), targets, examples)

    def _a_place_for(self, item: str) -> str | None:
        """A place, other than the hands, where ``item`` may go (for an example)."""
        carry = self.carry(item)
        return next((place for place in self.places() if place in carry and place != HANDS),
                    None)

    def _give(self) -> OrderSection:
        held, present = self.carried(), self.present()
        examples = [[{"item": held[0][0], "to": present[0]}]] if held and present else []
        return OrderSection("give", self._explain("give"),
                            self._carried_targets() + self._present_or_alone(), examples)

    def _accept(self) -> OrderSection:
        visible = [item for seat in self.present()
                   for item in self.room["present"][seat].get("visible", [])]
        targets = [self._places()]
        if visible:
            targets.insert(0, msg("facility.desk.targets.visible",
                                  list=tuple(self.item(item) for item in visible)))
        return OrderSection("accept", self._explain("accept"), targets,
                            [[{"item": visible[0], "place": HANDS}]] if visible else [])

    def _refuse(self) -> OrderSection:
        others = self.others()
        return OrderSection("refuse", self._explain("refuse"), [msg(
            "facility.desk.targets.characters",
            list=tuple(self.character(seat) for seat in others))],
            [[others[0]]] if others else [])

    def _drop(self) -> OrderSection:
        held = self.carried()
        return OrderSection("drop", self._explain("drop"), self._carried_targets(),
                            [[{"item": held[0][0]}]] if held else [])

    def _show(self) -> OrderSection:
        held = self.carried()
        return OrderSection("show", self._explain("show", cost=ACTIONS["show"].cost),
                            self._carried_targets(),
                            [[{"item": held[0][0]}]] if held else [])

    def _equip(self) -> OrderSection:
        """Something to hold in the hands, an item with an ability first."""
        held = sorted((item for item, _ in self.carried() if HANDS in self.carry(item)),
                      key=lambda item: not self.abilities(item))
        return OrderSection("equip", self._explain("equip"), self._carried_targets(),
                            [{"hands": held[:1]}] if held else [])

    def _use(self) -> OrderSection:
        """The abilities of the items the character carries (house rule 11)."""
        usable = [(item, ability) for item, _ in self.carried()
                  for ability in self.abilities(item)]
        targets = [msg("facility.desk.targets.abilities", list=tuple(
            msg("facility.desk.ability", item=self.item(item), ability=self.ability(ability))
            for item, ability in usable)) if usable else msg("facility.desk.no-abilities")]
        examples: list[Any] = []
        if usable:
            item, ability = usable[0]
            present = self.present()
            use: dict[str, Any] = {"ability": ability, "item": item}
            if present:
                use["target"] = present[0]
            examples.append([use])
            targets += self._present_or_alone()
        return OrderSection("use", self._explain("use"), targets, examples)

    def _bluff(self) -> OrderSection:
        return OrderSection("bluff", self._explain("bluff"), [], [["melee"]])
