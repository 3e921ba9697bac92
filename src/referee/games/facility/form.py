"""A character's orders at the terminal, in a short guided form: the person
picks an order by its number or name, and is asked only what that order
needs, each thing by the name on the screen (a room, a door, an item, a
character; its number or id is taken too). Enter at "Order" ends the turn's
orders. Read from the seat's own view alone (:class:`~.desk.Seen`), so it
offers nothing the character may not know; no rules module imports it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.core.i18n import CATALOGUE, Msg, msg, render
from referee.core.waits import JSON
from referee.display import View
from referee.display.forms import (
    Choice,
    Prompter,
    choose,
    choose_many,
    matching,
    yes_or_no,
)
from referee.display.orders import offered
from referee.games.facility.desk import Seen
from referee.games.facility.names import name_of
from referee.games.facility.tables import HANDS, ITEM_FEATURE, PAUSE, UNIFORM_FEATURE, UNIFORMS

CATALOGUE.load(Path(__file__).with_name("form.toml"))

LISTS = ("follow", "detain", "take", "give", "accept", "refuse", "drop", "show", "use", "bluff")
"""Orders that are lists: each pick of the order adds an entry."""
DECLARED = ("melee", "take", "give", "drop", "show", "use")
"""Explicit declarations (CHAT-VIS-1), which may be bluffs or, by house rule, secret."""


class OrdersForm:
    """One character's orders for the turn, asked order by order."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen
        self.state = seen.state

    @classmethod
    def of(cls, view: View) -> OrdersForm | None:
        """The form for a character asked for its orders; None otherwise."""
        waiting = view.get("waiting") or {}
        decision = waiting.get("decision") if isinstance(waiting, dict) else None
        seen = Seen.of(view)
        if seen is None or not isinstance(decision, dict) \
                or decision.get("key") != "facility.question":
            return None
        return cls(seen)

    # -- what may be named ------------------------------------------------------------

    def name_words(self, data: Any, fallback: str) -> tuple[str, ...]:
        """A name in both languages (a view's ``{en, ru}``)."""
        if not isinstance(data, dict):
            return (fallback,)
        return tuple(str(data[lang]) for lang in ("en", "ru") if data.get(lang))

    def rooms(self) -> list[Choice]:
        found = []
        for number, entry in sorted(self.state["rooms"].items(), key=lambda kv: int(kv[0])):
            words = (*self.name_words(entry.get("name"), number), number)
            found.append(Choice(int(number), self.seen.room_title(int(number)), words))
        return found

    def doors(self) -> list[Choice]:
        found = []
        for door, beyond in self.seen.room["doors"].items():
            names = self.name_words(beyond.get("name"), door)
            words = (door, *names, *(f"{name} door" for name in names),
                     *(f"{name} дверь" for name in names))
            found.append(Choice(door, msg("facility.form.door", door=name_of(beyond["name"], door),
                                          room=self.seen.room_title(int(beyond["to"]))), words))
        return found

    def characters(self, who: list[str]) -> list[Choice]:
        return [Choice(seat, name_of(self.state["characters"][seat]["name"], seat),
                       self.name_words(self.state["characters"][seat]["name"], seat))
                for seat in who]

    def items(self, which: list[str]) -> list[Choice]:
        return [Choice(item, name_of(self.state["items"][item]["name"], item),
                       self.name_words(self.state["items"][item]["name"], item))
                for item in which]

    def features(self) -> list[Choice]:
        """The others by name, then uniforms and kinds of item seen (CHAT-FOL-1)."""
        found = self.characters(self.seen.others())
        found += [Choice(UNIFORM_FEATURE + uniform, msg(f"facility.desk.uniform.{uniform}"),
                         (uniform,)) for uniform in UNIFORMS]
        kinds: dict[str, str] = {}
        for item, known in sorted(self.state["items"].items()):
            if known.get("kind"):
                kinds.setdefault(str(known["kind"]), item)
        found += [Choice(ITEM_FEATURE + kind, msg("facility.form.kind", item=name_of(
            self.state["items"][item]["name"], item)), (kind,)) for kind, item in kinds.items()]
        return found

    def places(self, item: str | None) -> list[Choice]:
        """Where the character may put ``item``."""
        allowed = self.seen.carry(item) if item is not None and item in self.state["items"] \
            else []
        return [Choice(place, msg("facility.place", place=place), (place,))
                for place in self.seen.places() if not allowed or place in allowed]

    # -- the form ---------------------------------------------------------------------

    def fill(self, prompter: Prompter, draft: JSON) -> JSON:
        """The turn's orders, order by order; Enter at "Order" ends them."""
        lang = prompter.lang
        kinds = list(offered(self.seen.view)) or ["move"]
        orders: dict[str, Any] = {}
        if isinstance(draft, dict) and any(value not in (None, [], False, {})
                                           for value in draft.values()):
            orders = {key: value for key, value in draft.items()
                      if value not in (None, [], False, {})}
            prompter.say(render(msg("facility.form.so-far", orders=self.summary(orders)), lang))
            if not yes_or_no(prompter, msg("facility.form.keep"), True):
                orders = {}
        choices = [Choice(kind, msg(f"facility.order.{kind}"), (kind,)) for kind in kinds]
        prompter.say(render(msg("facility.form.head", turn=int(self.state["turn"])), lang))
        prompter.say("  " + "; ".join(f"{number}. {render(choice.label, lang)}"
                                      for number, choice in enumerate(choices, start=1)))
        while True:
            typed = prompter.ask(render(msg("facility.form.order"), lang) + ": ").strip()
            if not typed:
                return orders
            found = matching(typed, choices, lang)
            if len(found) != 1:
                prompter.say(render(msg("forms.unknown", typed=typed, names=tuple(
                    render(c.label, lang) for c in choices)), lang))
                continue
            kind = str(found[0].value)
            prompter.say(render(msg("facility.form.about", order=found[0].label,
                                    help=msg(f"facility.form.help.{kind}")), lang))
            value = self.ask_order(prompter, kind, orders)
            if value is None:
                continue
            if kind in LISTS:
                orders[kind] = [*orders.get(kind, []), *value]
            else:
                orders[kind] = value
            prompter.say(render(msg("facility.form.added", orders=self.summary(orders)), lang))

    def summary(self, orders: dict[str, Any]) -> tuple[Msg, ...]:
        """The orders so far, each by its name and how many entries."""
        return tuple(msg("facility.form.order-count", order=msg(f"facility.order.{kind}"),
                         count=len(value) if isinstance(value, list) else 1)
                     for kind, value in orders.items())

    def ask_order(self, prompter: Prompter, kind: str, orders: dict[str, Any]) -> Any:
        """What ``kind`` needs, asked; None when it cannot be given now."""
        asker = getattr(self, f"ask_{kind}", None)
        if asker is None:
            prompter.say(render(msg("facility.form.not-here", order=msg(
                f"facility.order.{kind}")), prompter.lang))
            return None
        value = asker(prompter, orders)
        if value in (None, []):
            return None
        return value

    def nobody(self, prompter: Prompter, what: str) -> None:
        prompter.say(render(msg(f"facility.form.none.{what}"), prompter.lang))

    def secret(self, prompter: Prompter, entry: dict[str, Any]) -> dict[str, Any]:
        """The house rule of secret declarations: asked when the scenario allows it."""
        if self.seen.rules().get("secret_declarations") and yes_or_no(
                prompter, msg("facility.form.secret"), False):
            entry["secret"] = True
        return entry

    def ask_move(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        """A room to go to by the shortest way, or a route of doors, rooms and pauses."""
        lang = prompter.lang
        rooms, doors = self.rooms(), self.doors()
        prompter.say(render(msg("facility.form.move-help", doors=tuple(d.label for d in doors),
                                rooms=tuple(r.label for r in rooms)), lang))
        pause = Choice(PAUSE, msg("facility.form.pause"), (PAUSE, "пауза"))
        while True:
            typed = prompter.ask(render(msg("facility.form.where"), lang) + ": ").strip()
            if not typed:
                return None
            route: list[Any] = []
            for part in (part.strip() for part in typed.split(",") if part.strip()):
                if part.isdigit():  # a room by its number, as the list of rooms shows it
                    route.append(int(part))
                    continue
                found = matching(part, [*doors, *rooms, pause], lang) if len(route) == 0 else \
                    matching(part, [*rooms, pause], lang) or [Choice(part, part)]
                if len(found) != 1:
                    prompter.say(render(msg("forms.unknown", typed=part, names=tuple(
                        render(c.label, lang) for c in [*doors, *rooms])), lang))
                    break
                route.append(found[0].value)
            else:
                if len(route) == 1 and isinstance(route[0], int):
                    return {"to": route[0]}
                return {"route": route}

    def ask_chase(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        here = self.characters(self.seen.present())
        if not here:
            return self.nobody(prompter, "here")
        return choose(prompter, msg("facility.form.whom"), here)

    def ask_follow(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        return choose_many(prompter, msg("facility.form.whom-many"), self.features())

    def ask_detain(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        return choose_many(prompter, msg("facility.form.whom-many"), self.features())

    def ask_ignore(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        return True if yes_or_no(prompter, msg("facility.form.ignore"), True) else None

    def ask_melee(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        here = self.characters(self.seen.present())
        if not here:
            return self.nobody(prompter, "here")
        target = choose(prompter, msg("facility.form.whom"), here)
        return None if target is None else self.secret(prompter, {"target": target})

    def ask_take(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        floor = self.items(list(self.seen.room["floor"]))
        if not floor:
            return self.nobody(prompter, "floor")
        item = choose(prompter, msg("facility.form.which-item"), floor)
        if item is None:
            return None
        entry: dict[str, Any] = {"item": item}
        place = choose(prompter, msg("facility.form.where-put"), self.places(item),
                       enter=msg("facility.form.where-put-enter"))
        if place is not None and place != HANDS:
            entry["place"] = place
        return [self.secret(prompter, entry)]

    def carried(self) -> list[Choice]:
        return self.items([item for item, _ in self.seen.carried()])

    def ask_give(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        held, here = self.carried(), self.characters(self.seen.present())
        if not held or not here:
            return self.nobody(prompter, "carried" if not held else "here")
        item = choose(prompter, msg("facility.form.which-item"), held)
        to = None if item is None else choose(prompter, msg("facility.form.to-whom"), here)
        return None if to is None else [self.secret(prompter, {"item": item, "to": to})]

    def ask_accept(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        visible = [item for seat in self.seen.present()
                   for item in self.seen.room["present"][seat].get("visible", [])]
        if not visible:
            return self.nobody(prompter, "visible")
        item = choose(prompter, msg("facility.form.which-item"), self.items(visible))
        if item is None:
            return None
        place = choose(prompter, msg("facility.form.where-put"), self.places(item),
                       enter=msg("facility.form.where-put-enter"))
        return [{"item": item, **({"place": place} if place is not None else {})}]

    def ask_refuse(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        return choose_many(prompter, msg("facility.form.whom-many"),
                           self.characters(self.seen.others()))

    def _one_carried(self, prompter: Prompter) -> Any:
        held = self.carried()
        if not held:
            return self.nobody(prompter, "carried")
        item = choose(prompter, msg("facility.form.which-item"), held)
        return None if item is None else [self.secret(prompter, {"item": item})]

    def ask_drop(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        return self._one_carried(prompter)

    def ask_show(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        return self._one_carried(prompter)

    def ask_equip(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        held = [choice for choice in self.carried() if HANDS in self.seen.carry(choice.value)]
        if not held:
            return self.nobody(prompter, "carried")
        hands = choose_many(prompter, msg("facility.form.hands"), held)
        return {"hands": hands} if hands else None

    def ask_use(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        usable = [Choice((item, ability), msg("facility.form.ability", item=name_of(
            self.state["items"][item]["name"], item), ability=self.seen.ability(ability)),
            (item, *self.name_words(self.state["items"][item]["name"], item)))
            for item, _ in self.seen.carried() for ability in self.seen.abilities(item)]
        if not usable:
            return self.nobody(prompter, "abilities")
        picked = choose(prompter, msg("facility.form.which-ability"), usable)
        if picked is None:
            return None
        item, ability = picked
        entry: dict[str, Any] = {"ability": ability, "item": item}
        here = self.characters(self.seen.present())
        target = choose(prompter, msg("facility.form.at-whom"), here,
                        enter=msg("facility.form.into-the-air")) if here else None
        if target is not None:
            entry["target"] = target
        return [self.secret(prompter, entry)]

    def ask_bluff(self, prompter: Prompter, orders: dict[str, Any]) -> Any:
        labels = [Choice("melee", msg("facility.order.melee"))] if orders.get("melee") else []
        for kind in DECLARED[1:]:
            for at, _ in enumerate(orders.get(kind, [])):
                labels.append(Choice(f"{kind}[{at}]", msg("facility.form.nth", order=msg(
                    f"facility.order.{kind}"), n=at + 1), (f"{kind}[{at}]",)))
        if not labels:
            return self.nobody(prompter, "declared")
        return choose_many(prompter, msg("facility.form.which-bluff"), labels)

