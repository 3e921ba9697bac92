"""A Facility character's orders for a turn as one form, built from its own
view: rooms chosen by name (the plan of the building) and doors by the
names its room gives them, items from what it carries or sees on the
floor and on the others, characters from whom it sees (or, to follow,
detain and refuse, every character of the game). Every order may be left
out. Once sent, the orders are shown back as the rules read them, each
void part with its reason, and the form stays filled in with them, to be
replaced until the turn closes; a second button sends them and says the
character is ready (``name="ready"``).

Fields (each order's own):

- ``move.to`` (a room's number), ``move.route.<n>`` (``door:<id>``,
  ``room:<number>`` or ``pause``), ``ignore``;
- ``chase`` (a character), ``follow`` and ``detain`` (characters and
  features, several), ``refuse`` (characters, several);
- ``melee.target``; ``take.<n>.on`` with ``.item`` and ``.place``;
  ``give.<n>.to`` with ``.item``; ``accept.<n>.on`` with ``.item`` and
  ``.place``; ``use.<n>.target`` (``air`` or a character) with ``.item``
  and ``.ability``; each declared order's ``.secret`` where the game lets
  it be secret and ``.id`` where the orders gave one;
- ``drop``, ``show`` (items, several); ``equip.on`` with ``equip.hands``
  (items, several); ``bluff`` (labels, separated by commas or spaces).

A value the view does not offer but the orders sent before named stays
offered (by its id), so that replacing the orders loses nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from markupsafe import Markup

from referee.core.i18n import Param, msg
from referee.core.ruleset import AnyRuleset
from referee.games.facility.tables import HANDS, PAUSE, UNIFORMS
from referee.server.pages.forms import (
    MOST_ENTRIES,
    Form,
    FormError,
    Words,
    first,
    name_of,
    page_part,
    waiting_of,
)

View = dict[str, Any]
DOOR, ROOM, AIR = "door:", "room:", "air"
T = TypeVar("T")


def fits(ruleset: AnyRuleset, view: View) -> bool:
    """A Facility character's orders."""
    state = view.get("state")
    return getattr(ruleset, "name", None) == "facility" and isinstance(state, Mapping) \
        and isinstance(state.get("character"), Mapping) and waiting_of(view) is not None


# -- what the character may name --------------------------------------------------------


@dataclass
class Choice:
    value: str
    label: str
    chosen: bool = False


@dataclass
class Row:
    """An entry of a repeatable order: the item (or ability) it is about,
    whether it is given, and its choice (a place, a character)."""

    index: int
    label: str
    hidden: dict[str, str]
    on: bool = False
    choices: list[Choice] = field(default_factory=list)
    secret: bool = False


class Known:
    """What one character's view lets its orders name, in words."""

    def __init__(self, view: View, words: Words) -> None:
        self.view = view
        self.words = words
        self.state: Mapping[str, Any] = view["state"]
        self.me: Mapping[str, Any] = self.state["character"]
        self.room: Mapping[str, Any] = self.state["room"]
        self.seat = str(view["seat"])

    def room_name(self, number: int) -> str:
        entry = (self.state.get("rooms") or {}).get(str(number)) or {}
        name = entry.get("name")
        return self.words.of(name_of(name) if isinstance(name, Mapping)
                             else msg("facility.room", number=number))

    def item_name(self, item: str) -> str:
        data = (self.state.get("items") or {}).get(item)
        return self.words.of(name_of(data["name"])) if isinstance(data, Mapping) else item

    def character_name(self, seat: str) -> str:
        data = (self.state.get("characters") or {}).get(seat)
        return self.words.of(name_of(data["name"])) if isinstance(data, Mapping) else seat

    def door_label(self, door: str) -> str:
        entry = (self.room.get("doors") or {}).get(door)
        if not isinstance(entry, Mapping):
            return self.words("question.facility.door-unknown", door=door)
        return self.words("question.facility.door", door=name_of(entry["name"]),
                          room=self.room_name(int(entry["to"])))

    def place_label(self, place: str) -> str:
        return self.words("facility.place", place=place)

    def feature_label(self, feature: str) -> str:
        kind, _, what = feature.partition(":")
        if kind == "uniform" and what in UNIFORMS:
            return self.words(f"question.facility.uniform.{what}")
        if kind == "item":
            items = self.state.get("items") or {}
            named = next((name_of(data["name"]) for _, data in sorted(items.items())
                          if data.get("kind") == what), None)
            return self.words("question.facility.item-kind", item=named or what)
        return feature

    def rooms(self) -> list[int]:
        return sorted(int(number) for number in self.state.get("rooms") or {})

    def doors(self) -> list[str]:
        return list(self.room.get("doors") or {})

    def present(self) -> list[str]:
        return list(self.room.get("present") or {})

    def others(self) -> list[str]:
        return [seat for seat in self.state.get("characters") or {} if seat != self.seat]

    def carried(self) -> list[str]:
        found = list(self.me.get("hands") or ()) + list(self.me.get("inventory") or ())
        for items in (self.me.get("worn") or {}).values():
            found += list(items)
        return found

    def carry(self, item: str) -> list[str]:
        """Where ``item`` may be carried, among the character's places."""
        data = (self.state.get("items") or {}).get(item) or {}
        allowed = data.get("carry")
        places = list(self.me.get("places") or {})
        return [p for p in places if allowed is None or p in allowed]

    def abilities(self, item: str) -> list[str]:
        data = (self.state.get("items") or {}).get(item) or {}
        return list(data.get("abilities") or ())

    def visible(self) -> list[str]:
        """Items the character sees on the others in its room."""
        present = self.room.get("present") or {}
        return [item for seat in present for item in present[seat].get("visible") or ()]

    def features(self) -> list[str]:
        """Visible features to follow or detain by: the uniforms, the kinds
        of the items the character has seen (CHAT-FOL-1)."""
        kinds = sorted({str(data["kind"]) for data in (self.state.get("items") or {}).values()
                        if data.get("kind")})
        return [f"uniform:{u}" for u in UNIFORMS] + [f"item:{kind}" for kind in kinds]

    def secrets_allowed(self) -> bool:
        return bool((self.state.get("rules") or {}).get("secret_declarations"))

    def max_doors(self) -> int:
        most = (self.state.get("rules") or {}).get("max_doors")
        return most if isinstance(most, int) and most > 0 else 5


def _with(values: Iterable[T], also: Iterable[T]) -> list[T]:
    """``values`` and, after them, whatever of ``also`` they lack."""
    found = list(dict.fromkeys(values))
    found += [v for v in dict.fromkeys(also) if v not in found]
    return found


# -- the form ---------------------------------------------------------------------------


def _given(view: View) -> dict[str, Any]:
    """The orders the form shows: those sent before, else none."""
    waiting = waiting_of(view) or {}
    mine = waiting.get("your_answer")
    return dict(mine) if isinstance(mine, Mapping) else {}


def _entries(orders: Mapping[str, Any], order: str) -> list[Mapping[str, Any]]:
    value = orders.get(order)
    return [e for e in value if isinstance(e, Mapping)] if isinstance(value, list) else []


def _strings(orders: Mapping[str, Any], order: str) -> list[str]:
    value = orders.get(order)
    return [str(v) for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _route_value(step: Any) -> str:
    if isinstance(step, bool):
        return ""
    if isinstance(step, int):
        return f"{ROOM}{step}"
    if step == PAUSE:
        return PAUSE
    return f"{DOOR}{step}" if isinstance(step, str) else ""


def orders_html(ruleset: AnyRuleset, view: View, words: Words) -> Markup:
    known = Known(view, words)
    orders = _given(view)
    waiting = waiting_of(view) or {}
    move = orders.get("move") if isinstance(orders.get("move"), Mapping) else {}
    to = move.get("to") if isinstance(move, Mapping) else None
    rooms = [Choice(str(n), known.room_name(n), n == to) for n in known.rooms()]
    route = list(move.get("route") or ()) if isinstance(move, Mapping) else []
    steps = []
    for index in range(max(known.max_doors(), len(route))):
        current = _route_value(route[index]) if index < len(route) else ""
        values = [PAUSE, *(f"{DOOR}{d}" for d in known.doors()),
                  *(f"{ROOM}{n}" for n in known.rooms())]
        steps.append([Choice(v, _step_label(known, v), v == current)
                      for v in _with(values, [current] if current else [])])
    melee = orders.get("melee") if isinstance(orders.get("melee"), Mapping) else None
    target = melee.get("target") if melee else None
    sections = {
        "rooms": rooms, "steps": steps, "ignore": orders.get("ignore") is True,
        "chase": _choices(known, known.present(), [orders.get("chase")],
                          known.character_name),
        "follow": _choices(known, [*known.others(), *known.features()],
                           _strings(orders, "follow"), _entry_label(known)),
        "detain": _choices(known, [*known.others(), *known.features()],
                           _strings(orders, "detain"), _entry_label(known)),
        "refuse": _choices(known, known.others(), _strings(orders, "refuse"),
                           known.character_name),
        "melee": _choices(known, known.present(), [target], known.character_name),
        "melee_secret": bool(melee and melee.get("secret")),
        "melee_id": str(melee.get("id") or "") if melee else "",
        "take": _take_rows(known, orders), "give": _give_rows(known, orders),
        "accept": _accept_rows(known, orders), "use": _use_rows(known, orders),
        "drop": _choices(known, known.carried(), _item_ids(orders, "drop"), known.item_name),
        "show": _choices(known, known.carried(), _item_ids(orders, "show"), known.item_name),
        "equip_on": isinstance(orders.get("equip"), Mapping),
        "equip": _choices(known, [i for i in known.carried() if HANDS in known.carry(i)],
                          _equip_hands(orders), known.item_name),
        "bluff": ", ".join(_strings(orders, "bluff")),
    }
    return page_part("facility_orders.html", w=words, question=words.text(waiting["decision"]),
                     s=sections, secrets=known.secrets_allowed(), read=orders_read(view, words),
                     answered=waiting.get("your_answer") is not None)


def _step_label(known: Known, value: str) -> str:
    if value == PAUSE:
        return known.words("question.facility.pause")
    if value.startswith(DOOR):
        return known.door_label(value.removeprefix(DOOR))
    number = value.removeprefix(ROOM)
    return known.words("question.facility.to-room",
                       room=known.room_name(int(number)) if number.isdigit() else number)


def _entry_label(known: Known) -> Any:
    def label(entry: str) -> str:
        if ":" in entry:
            return known.feature_label(entry)
        return known.character_name(entry)
    return label


def _choices(known: Known, offered: list[str], chosen: list[Any], label: Any) -> list[Choice]:
    picked = [str(v) for v in chosen if isinstance(v, str) and v]
    return [Choice(v, label(v), v in picked) for v in _with(offered, picked)]


def _item_ids(orders: Mapping[str, Any], order: str) -> list[str]:
    return [str(e["item"]) for e in _entries(orders, order) if isinstance(e.get("item"), str)]


def _equip_hands(orders: Mapping[str, Any]) -> list[str]:
    equip = orders.get("equip")
    hands = equip.get("hands") if isinstance(equip, Mapping) else None
    return [str(i) for i in hands if isinstance(i, str)] if isinstance(hands, list) else []


def _ids(entry: Mapping[str, Any] | None) -> dict[str, str]:
    return {"id": str(entry["id"])} if entry and isinstance(entry.get("id"), str) else {}


def _by_item(orders: Mapping[str, Any], order: str) -> dict[str, Mapping[str, Any]]:
    return {str(e["item"]): e for e in _entries(orders, order) if isinstance(e.get("item"), str)}


def _place_choices(known: Known, item: str, chosen: Any) -> list[Choice]:
    places = known.carry(item)
    picked = [chosen] if isinstance(chosen, str) and chosen else []
    return [Choice(p, known.place_label(p), p in picked) for p in _with(places, picked)]


def _take_rows(known: Known, orders: Mapping[str, Any]) -> list[Row]:
    given = _by_item(orders, "take")
    rows = []
    for index, item in enumerate(_with(given, list(known.room.get("floor") or ()))):
        entry = given.get(item)
        rows.append(Row(index, known.item_name(item), {"item": item, **_ids(entry)},
                        entry is not None,
                        _place_choices(known, item, entry.get("place") if entry else None),
                        bool(entry and entry.get("secret"))))
    return rows


def _give_rows(known: Known, orders: Mapping[str, Any]) -> list[Row]:
    given = _by_item(orders, "give")
    rows = []
    for index, item in enumerate(_with(given, known.carried())):
        entry = given.get(item)
        to = entry.get("to") if entry else None
        rows.append(Row(index, known.item_name(item), {"item": item, **_ids(entry)},
                        entry is not None,
                        _choices(known, known.present(), [to], known.character_name),
                        bool(entry and entry.get("secret"))))
    return rows


def _accept_rows(known: Known, orders: Mapping[str, Any]) -> list[Row]:
    given = _by_item(orders, "accept")
    rows = []
    for index, item in enumerate(_with(given, known.visible())):
        entry = given.get(item)
        rows.append(Row(index, known.item_name(item), {"item": item}, entry is not None,
                        _place_choices(known, item, entry.get("place") if entry else None)))
    return rows


def _use_rows(known: Known, orders: Mapping[str, Any]) -> list[Row]:
    given: dict[tuple[str, str], Mapping[str, Any]] = {}
    for entry in _entries(orders, "use"):
        given[(str(entry.get("item") or ""), str(entry.get("ability") or "shot"))] = entry
    pairs = [(item, ability) for item in known.carried() for ability in known.abilities(item)]
    rows = []
    for index, (item, ability) in enumerate(_with(given, pairs)):
        used = given.get((item, ability))
        target = (used.get("target") or AIR) if used else None
        label = known.words("question.facility.use", ability=_ability(ability),
                            item=known.item_name(item) if item else "-")
        choices = [Choice(AIR, known.words("question.facility.air"), target == AIR),
                   *_choices(known, known.present(), [target], known.character_name)]
        rows.append(Row(index, label, {"item": item, "ability": ability, **_ids(used)},
                        used is not None, choices, bool(used and used.get("secret"))))
    return rows


def _ability(ability: str) -> Param:
    return msg(f"facility.desk.ability-name.{ability}") if ability == "shot" else f"`{ability}`"


# -- orders as read ---------------------------------------------------------------------


@dataclass(frozen=True)
class ReadOrder:
    """An order sent, in words, and why it is void if it is."""

    order: str
    what: str
    void: str = ""


ORDERS = ("move", "chase", "follow", "detain", "ignore", "melee", "take", "give", "accept",
          "refuse", "drop", "show", "equip", "use", "bluff")


def orders_read(view: View, words: Words) -> list[ReadOrder]:
    """The orders the character sent, as the rules read them: each in
    words, each void one with its reason (``waiting.your_void_parts``)."""
    waiting = waiting_of(view) or {}
    orders = waiting.get("your_answer")
    if not isinstance(orders, Mapping):
        return []
    known = Known(view, words)
    voids: dict[str, list[str]] = {}
    for part in waiting.get("your_void_parts") or ():
        voids.setdefault(str(part["part"]).split("[", 1)[0].split(".", 1)[0], []).append(
            words.text(part["reason"]))
    found = []
    names = [o for o in ORDERS if o in orders] + sorted(o for o in orders if o not in ORDERS)
    for order in names:
        value = orders[order]
        if order not in voids and value in (None, [], {}, False):
            continue
        title = words(f"facility.order.{order}") if order in ORDERS else order
        found.append(ReadOrder(title, _said(known, order, value),
                               "; ".join(voids.get(order, []))))
    return found


def _said(known: Known, order: str, value: Any) -> str:
    """An order's value in words (its parts as the form names them)."""
    w = known.words
    try:
        if order == "move" and isinstance(value, Mapping):
            parts = [_step_label(known, _route_value(step)) for step in value.get("route") or ()]
            if isinstance(value.get("to"), int) and not isinstance(value.get("to"), bool):
                parts.append(w("question.facility.shortest" if parts else
                               "question.facility.shortest-only",
                               room=known.room_name(value["to"])))
            return ", ".join(parts) or w("question.facility.nowhere")
        if order in ("chase", "melee"):
            target = value.get("target") if isinstance(value, Mapping) else value
            return known.character_name(str(target)) if target else w("question.facility.air")
        if order in ("follow", "detain", "refuse", "bluff") and isinstance(value, list):
            label = _entry_label(known)
            return ", ".join(label(str(v)) if order != "bluff" else str(v) for v in value)
        if order == "ignore":
            return w("question.form.yes" if value else "question.form.no")
        if order == "equip" and isinstance(value, Mapping):
            hands = [known.item_name(str(i)) for i in value.get("hands") or ()]
            return w("question.facility.hands", items=", ".join(hands) or "-")
        if isinstance(value, list):
            return "; ".join(_entry_said(known, order, e) for e in value)
    except (KeyError, TypeError, ValueError, AttributeError):
        pass
    return str(value)


def _entry_said(known: Known, order: str, entry: Any) -> str:
    w = known.words
    if not isinstance(entry, Mapping):
        return str(entry)
    item = known.item_name(str(entry.get("item"))) if entry.get("item") else "-"
    parts: list[str] = []
    if order == "give":
        parts.append(w("question.facility.give-to", item=item,
                       to=known.character_name(str(entry.get("to")))))
    elif order == "use":
        target = entry.get("target")
        parts.append(w("question.facility.use-at", ability=_ability(str(
            entry.get("ability") or "shot")), item=item, target=known.character_name(
            str(target)) if target else w("question.facility.air")))
    else:
        parts.append(item)
    if entry.get("place"):
        parts.append(known.place_label(str(entry["place"])))
    if entry.get("secret"):
        parts.append(w("question.facility.secretly"))
    return " ".join(parts)


# -- the form posted --------------------------------------------------------------------


def orders_answer(ruleset: AnyRuleset, view: View, form: Form) -> Any:
    """The orders a posted form gives: every order filled in, nothing else.
    :raises FormError: for a value that names nothing (a forged form)."""
    orders: dict[str, Any] = {}
    move: dict[str, Any] = {}
    to = (first(form, "move.to") or "").strip()
    if to:
        if not to.isdigit():
            raise FormError("move.to", msg("question.error.choose",
                                           field=msg("facility.form.field.room")))
        move["to"] = int(to)
    route = []
    for index in range(_count(form, "move.route.")):
        step = (first(form, f"move.route.{index}") or "").strip()
        if step:
            route.append(_route_step(step, f"move.route.{index}"))
    if route:
        move["route"] = route
    if move:
        orders["move"] = move
    for order in ("chase",):
        value = (first(form, order) or "").strip()
        if value:
            orders[order] = value
    for order in ("follow", "detain", "refuse", "drop", "show"):
        values = [v for v in form.get(order) or () if v]
        if values:
            orders[order] = values if order in ("follow", "detain", "refuse") \
                else [{"item": v} for v in values]
    if first(form, "ignore") is not None:
        orders["ignore"] = True
    target = (first(form, "melee.target") or "").strip()
    if target:
        orders["melee"] = _declared(form, "melee", {"target": target})
    for order, read in (("take", _take), ("give", _give), ("accept", _accept), ("use", _use)):
        entries = [e for i in range(_count(form, f"{order}."))
                   if (e := read(form, f"{order}.{i}")) is not None]
        if entries:
            orders[order] = entries
    if first(form, "equip.on") is not None:
        orders["equip"] = {"hands": [v for v in form.get("equip.hands") or () if v]}
    bluff = [b for b in re.split(r"[\s,;]+", first(form, "bluff") or "") if b]
    if bluff:
        orders["bluff"] = bluff
    return orders


def _count(form: Form, prefix: str) -> int:
    """How many numbered entries a form has under ``prefix`` (``take.``)."""
    numbers = [int(m.group(1)) for name in form
               if (m := re.match(re.escape(prefix) + r"(\d+)", name))]
    return min(max(numbers) + 1, MOST_ENTRIES) if numbers else 0


def _route_step(step: str, field_: str) -> str | int:
    if step == PAUSE:
        return PAUSE
    if step.startswith(DOOR) and step != DOOR:
        return step.removeprefix(DOOR)
    if step.startswith(ROOM) and step.removeprefix(ROOM).isdigit():
        return int(step.removeprefix(ROOM))
    raise FormError(field_, msg("question.error.choose", field=msg("facility.form.field.route")))


def _declared(form: Form, name: str, entry: dict[str, Any]) -> dict[str, Any]:
    """An explicit order's entry with its label and secrecy, as posted."""
    label = (first(form, f"{name}.id") or "").strip()
    if label:
        entry["id"] = label
    if first(form, f"{name}.secret") is not None:
        entry["secret"] = True
    return entry


def _item(form: Form, name: str) -> str:
    item = (first(form, f"{name}.item") or "").strip()
    if not item:
        raise FormError(f"{name}.item", msg("question.error.empty",
                                             field=msg("facility.form.field.item")))
    return item


def _take(form: Form, name: str) -> dict[str, Any] | None:
    if first(form, f"{name}.on") is None:
        return None
    entry: dict[str, Any] = {"item": _item(form, name)}
    place = (first(form, f"{name}.place") or "").strip()
    if place:
        entry["place"] = place
    return _declared(form, name, entry)


def _give(form: Form, name: str) -> dict[str, Any] | None:
    to = (first(form, f"{name}.to") or "").strip()
    if not to:
        return None
    return _declared(form, name, {"item": _item(form, name), "to": to})


def _accept(form: Form, name: str) -> dict[str, Any] | None:
    if first(form, f"{name}.on") is None:
        return None
    entry: dict[str, Any] = {"item": _item(form, name)}
    place = (first(form, f"{name}.place") or "").strip()
    if place:
        entry["place"] = place
    return entry


def _use(form: Form, name: str) -> dict[str, Any] | None:
    target = (first(form, f"{name}.target") or "").strip()
    if not target:
        return None
    entry: dict[str, Any] = {"ability": (first(form, f"{name}.ability") or "shot").strip()}
    item = (first(form, f"{name}.item") or "").strip()
    if item:
        entry["item"] = item
    if target != AIR:
        entry["target"] = target
    return _declared(form, name, entry)
