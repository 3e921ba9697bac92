"""Facility for the environment: a character's orders for a turn walked in
two parts, an action (nothing, a melee attack on someone in the room, a
shot with a pistol in hand, taking an item from the floor, dropping or
showing one carried) and then a way out (staying, or a door of the room).
Every part is offered only where the seat's view shows it can be ordered,
so no order the walk makes is void. Doors and items are keyed by their rank
in the room or on the character, never by id, so the catalogue tells no seat
what the building holds; characters, who are public, by id."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from referee.envs.catalogue import Key
from referee.envs.codec import Codec, View, one_hot, ratio
from referee.envs.parts import Answer, Part, choose
from referee.games.facility.tables import UNIFORMS

DOORS = 8
"""A room's first this many doors (by name) may be walked through."""
ITEMS = 8
"""The first this many items on the floor, or carried, may be taken, dropped or shown."""
SHOT = "shot"


class FacilityCodec(Codec):
    def extra_keys(self, state: Mapping[str, Any]) -> Iterable[Key]:
        characters = sorted(state["characters"])
        return [("nothing",), *(("melee", c) for c in characters),
                *(("shot", c) for c in characters),
                *((what, n) for what in ("take", "drop", "show") for n in range(ITEMS)),
                ("stay",), *(("door", n) for n in range(DOORS))]

    def part_subjects(self, state: Mapping[str, Any]) -> Iterable[str]:
        return ("act", "move")

    def shaped_part(self, view: View) -> Part | None:
        state = view["state"]
        if "character" not in state:
            return None
        if state["character"]["health"] <= 0:  # down: any order would be void
            return choose(self.catalogue, [(("nothing",), None)], lambda _: Answer({}), "act")
        return choose(self.catalogue, self._actions(state, view["seat"]),
                      partial(self._way, state), "act")

    def _actions(self, state: Mapping[str, Any], seat: str) -> list[tuple[Key, Any]]:
        me, room = state["character"], state["room"]
        present = sorted(c for c in room["present"] if c != seat)
        carried = [*me["hands"], *me["inventory"]]
        pistol = next((item for item in me["hands"]
                       if SHOT in (state["items"].get(item, {}).get("abilities") or ())), None)
        choices: list[tuple[Key, Any]] = [(("nothing",), {})]
        choices += [(("melee", c), {"melee": {"target": c}}) for c in present]
        if pistol is not None:
            choices += [(("shot", c), {"use": [{"ability": SHOT, "item": pistol, "target": c}]})
                        for c in present]
        choices += [(("take", n), {"take": [{"item": item}]})
                    for n, item in enumerate(sorted(room["floor"])[:ITEMS])]
        for what in ("drop", "show"):
            choices += [((what, n), {what: [{"item": item}]})
                        for n, item in enumerate(carried[:ITEMS])]
        return choices

    def _way(self, state: Mapping[str, Any], orders: dict[str, Any]) -> Part:
        doors = sorted(state["room"]["doors"])[:DOORS]
        choices: list[tuple[Key, Any]] = [(("stay",), orders)]
        choices += [(("door", n), {**orders, "move": {"route": [door]}})
                    for n, door in enumerate(doors)]
        return choose(self.catalogue, choices, Answer, "move")

    def features(self, state: Mapping[str, Any], seat: str) -> list[float]:
        rooms, characters = sorted(state["rooms"], key=int), sorted(state["characters"])
        if "character" not in state:
            return [state["turn"] / 20] + [0.0] * (len(rooms) * (DOORS + 1) + 9
                                                   + len(characters) * (1 + len(UNIFORMS)))
        me, room = state["character"], state["room"]
        numbers = [state["turn"] / 20, *one_hot(str(me["room"]), rooms),
                   ratio(me["health"], me["max_health"] or 1),
                   ratio(me["concentration"], me["max_concentration"] or 1),
                   *one_hot(me["uniform"], UNIFORMS), len(me["hands"]), len(me["inventory"]),
                   sum(len(items) for items in me["worn"].values()), len(room["floor"]),
                   len(room["doors"])]
        for character in characters:
            seen = room["present"].get(character)
            numbers += [float(seen is not None),
                        *one_hot(None if seen is None else seen["uniform"], UNIFORMS)]
        doors = sorted(room["doors"])
        for n in range(DOORS):
            to = str(room["doors"][doors[n]]["to"]) if n < len(doors) else None
            numbers += one_hot(to, rooms)
        return numbers
