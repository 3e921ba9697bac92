"""What a Facility character is shown before writing its orders: a table for
the terminal, read from the seat's whole view alone (the rules never import
this module). Each thing is given by the id an order names it with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.i18n import Lang, Msg, Param, msg, render
from referee.display import Display, View
from referee.display.forms import AnswerForm
from referee.games.facility.form import OrdersForm
from referee.games.facility.names import carried, name_of, number, room_title

__all__ = ["FacilityDisplay", "carried", "name_of", "number", "room_title"]


class FacilityDisplay(Display):
    """Facility has no picture; the terminal shows the character's situation
    and asks its orders in a short form of its own."""

    def answer_form(self, view: View) -> AnswerForm | None:
        """A character's orders asked order by order, each thing by its name
        (:mod:`.form`)."""
        return OrdersForm.of(view)

    def board_table(self, view: View, lang: Lang) -> tuple[list[str], list[list[str]]] | None:
        """Where the character is and what it may name in its orders: its
        room, health and concentration, what it carries, the doors of the
        room, who is there and what can be seen on them, what lies on the
        floor; each by the id an order names it with."""
        state = view.get("state") or {}
        me, room = state.get("character"), state.get("room")
        if not isinstance(me, dict) or not isinstance(room, dict):
            return None
        rows: list[tuple[str, Msg]] = [
            ("where", msg("facility.board.in", room=room_title(state, int(me["room"])))),
            ("health", msg("facility.board.health-value", health=int(me["health"]),
                           max_health=int(me["max_health"]),
                           concentration=number(me["concentration"]))),
            ("carried", _listed(tuple(
                msg("facility.carried", item=f"`{item}`", place=msg("facility.place", place=place))
                for item, place in carried(me)))),
            ("doors", _listed(tuple(
                msg("facility.board.door", door=f"`{door}`", room=room_title(state, entry["to"]))
                for door, entry in room["doors"].items()))),
            ("here", _listed(_present(state, room["present"]), "facility.board.no-one")),
            ("floor", _listed(tuple(f"`{item}`" for item in room["floor"]))),
        ]
        heads = [render(msg("facility.board.head", turn=int(state["turn"])), lang),
                 render(msg("facility.board.ids"), lang)]
        return heads, [[render(msg(f"facility.board.{row}"), lang), render(value, lang)]
                       for row, value in rows]


def _listed(items: tuple[Param, ...], empty: str = "facility.nothing") -> Msg:
    return msg("facility.board.list", items=items) if items else msg(empty)


def _present(state: Mapping[str, Any], present: Mapping[str, Any]) -> tuple[Param, ...]:
    """The others in the room by the id orders name them with, with the
    features ``follow`` and ``detain`` name: their uniform
    (``uniform:<name>``) and the kinds of items to be seen on them
    (``item:<kind>``)."""
    items = state.get("items") or {}
    found: list[Param] = []
    for name, seen in present.items():
        features = [f"`uniform:{seen['uniform']}`"] if seen.get("uniform") else []
        kinds = dict.fromkeys(items[item]["kind"] for item in seen.get("visible", []))
        features += [f"`item:{kind}`" for kind in kinds]
        found.append(msg("facility.board.person", who=f"`{name}`", seen=tuple(features))
                     if features else f"`{name}`")
    return tuple(found)
