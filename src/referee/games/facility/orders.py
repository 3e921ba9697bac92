"""Orders: their shape, how an answer is read, and how orders are checked
against the world into what each character will try this turn.

A seat's answer is read whole into :class:`Orders` when every order fits its
shape, the usual answer; otherwise order by order (:func:`read_orders`): an
order of the wrong shape, or one that does not exist, is void and left out;
the rest stands. Then, at the deadline, an order that cannot stand (a name that
refers to nothing, a route of more than 5 doors, chase with movement) is void:
it is left out with its reason, told to its character alone, and everyone else
resolves normally. An explicit declaration the character cannot carry out (a
shot without a pistol, a melee attack on someone in another room, a take of an
item not lying here) is not void: it is declared like any other and just does
not happen, its reason told to its author alone (CHAT-TRN-6, CHAT-VIS-1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from referee.core.i18n import Msg, Name, Param, msg, personal
from referee.core.model import StrictModel
from referee.core.readonly import ReadOnlyDict, read_only
from referee.core.ruleset import Verdict, Void
from referee.games.facility.tables import (
    ABILITIES,
    ITEM_FEATURE,
    PAUSE,
    UNIFORM_FEATURE,
    UNIFORMS,
)
from referee.games.facility.world import Character, Door, World


class Declared(StrictModel):
    """An action declared explicitly unless ``secret`` (CHAT-TRN-3, CHAT-TAG-1)."""

    id: str | None = None
    """A label for bluffing (CHAT-BLF-1); by default ``<action>[<n>]`` (n from 0),
    ``melee`` for the melee attack."""
    secret: bool = False


class Move(StrictModel):
    """Movement (CHAT-MOV-1..7): a target room, a route of doors (named on the
    side of the room the character is in), room numbers and ``pause``s, or both:
    the route first, then the shortest way on to ``to``."""

    to: int | None = None
    route: list[str | int] = Field(default_factory=list)


class Melee(Declared):
    target: str | None = None


class Take(Declared):
    item: str
    place: str | None = None
    """Secretly where to put it (CHAT-TAK-1)."""


class Give(Declared):
    item: str
    to: str


class Accept(StrictModel):
    """The receiver's secret placement and order of acceptance (CHAT-GIV-2)."""

    item: str
    place: str | None = None


class Drop(Declared):
    item: str


class Show(Declared):
    item: str


class Use(Declared):
    """An item's active ability (a pistol's ``shot``)."""

    ability: str = "shot"
    item: str | None = None
    target: str | None = None


class Equip(StrictModel):
    """The items to hold in the hands after equipping (CHAT-EQP-1); the rest of
    what is in the hands goes to the inventory."""

    hands: list[str] = Field(default_factory=list)


class OrdersForm(BaseModel):
    """What a seat may send as its orders: a table of orders, each read on its
    own, so that one bad order is void rather than the whole answer refused.
    An answer is read so only when it does not fit :class:`Orders` whole
    (``lenient_shape``). Its JSON Schema is that of :class:`Orders`, what a
    person should write."""

    model_config = ConfigDict(extra="allow", frozen=True)

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """The schema of :class:`Orders` (:meth:`Orders.model_json_schema`)."""
        return Orders.model_json_schema(*args, **kwargs)

    @model_validator(mode="before")
    @classmethod
    def _a_table(cls, value: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError("expected a table of orders")
        return value

    def entries(self) -> dict[str, Any]:
        """Every order given, by name, as sent."""
        return dict(self.model_extra or {})


class Orders(StrictModel):
    """One character's orders for a turn, each of the right shape; everything
    optional. The rules receive these (see :class:`OrdersForm` for what a
    seat may send)."""

    lenient_shape: ClassVar[type[BaseModel]] = OrdersForm
    """The question asks for these: the usual answer, every order of the
    right shape, is read straight into them, once; an answer that does not
    fit is read again as an :class:`OrdersForm`, order by order
    (:func:`read_orders`, CHAT-TRN-7). (The text above is the description
    the answer's JSON Schema publishes.)"""

    move: Move | None = None
    chase: str | None = None
    follow: list[str] = Field(default_factory=list)
    detain: list[str] = Field(default_factory=list)
    ignore: bool = False
    melee: Melee | None = None
    take: list[Take] = Field(default_factory=list)
    give: list[Give] = Field(default_factory=list)
    accept: list[Accept] = Field(default_factory=list)
    refuse: list[str] = Field(default_factory=list)
    drop: list[Drop] = Field(default_factory=list)
    show: list[Show] = Field(default_factory=list)
    equip: Equip | None = None
    use: list[Use] = Field(default_factory=list)
    bluff: list[str] = Field(default_factory=list)

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """What a person should write, each field with the catalogue keys of
        its name and help for a form (``x-label``, ``x-help``)."""
        return with_form_text(super().model_json_schema(*args, **kwargs))


ORDER_NAMES: tuple[str, ...] = tuple(Orders.model_fields)
_ORDER_SET = frozenset(ORDER_NAMES)


FIELD_LABELS: dict[tuple[str, str], str] = {("Move", "to"): "room", ("Give", "to"): "to"}
"""Fields whose name reads differently by the order they are in."""
FIELD_HELP = frozenset({"route", "place", "id", "secret", "hands", "ability"})
"""Fields with a line of help (``facility.form.help.<field>``)."""


def with_form_text(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with the catalogue keys a form shows: each order named as
    the reports name it (``facility.order.<order>``) with a line of help, the
    fields within them by ``facility.form.field.<field>``."""
    schema["x-help"] = "facility.form.help"
    for name, order in schema.get("properties", {}).items():
        order["x-label"] = f"facility.order.{name}"
        order["x-help"] = f"facility.form.help.{name}"
    for model, definition in schema.get("$defs", {}).items():
        for name, part in definition.get("properties", {}).items():
            part["x-label"] = "facility.form.field." + FIELD_LABELS.get((model, name), name)
            if name in FIELD_HELP:
                part["x-help"] = f"facility.form.help.{name}"
    return schema


TEMPLATE: ReadOnlyDict = read_only(Orders().model_dump(mode="json"))
"""An empty orders table with every order a person may fill in, made once
and shared by every turn's decision, read-only: a decision shows each seat
a copy of its template, which may be changed."""


def read_orders(form: OrdersForm) -> Verdict:
    """The orders of the right shape, and a void part for each order that
    does not exist or does not fit its shape (CHAT-TRN-7: what is left
    stands). An answer whose orders all fit is read whole, never so."""
    entries = form.entries()
    good: dict[str, Any] = {}
    voids: list[Void] = []
    for name, value in entries.items():
        if name not in _ORDER_SET:
            voids.append(Void(name, msg("facility.void.no-order", order=name,
                                        known=tuple(f"`{known}`" for known in ORDER_NAMES)),
                              code="no-order", about={"order": name}))
            continue
        try:
            Orders.model_validate({name: value})
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
            problems: list[Param] = [msg("facility.void.problem",
                                         field=_path(name, err["loc"]),
                                         problem=_problem(err["type"], err["msg"]))
                                     for err in errors]
            voids.append(Void(name, msg("facility.void.shape",
                                        problems=_chain("facility.void.problems", problems)),
                              code="shape", about={"problems": [
                                  {"field": [part for part in err["loc"]
                                             if part not in _UNION_BRANCHES],
                                   "problem": err["type"]} for err in errors]}))
            continue
        good[name] = value
    return Verdict(Orders.model_validate(good), voids=tuple(sorted(voids, key=_part)))


def _part(void: Void) -> str:
    return void.part


def _path(name: str, loc: tuple[int | str, ...]) -> Param:
    """Where in an order a problem is, as a person reads it: ``take`` → entry 2
    → ``item`` (the fields as they are typed, entries counted from 1)."""
    parts: list[Param] = [msg("facility.field.entry", number=part + 1) if isinstance(part, int)
                          else f"`{part}`" for part in loc if part not in _UNION_BRANCHES]
    return _chain("facility.field.path", parts or [f"`{name}`"])


def _chain(key: str, parts: list[Param]) -> Param:
    """``parts`` joined two by two with the template ``key`` (``{first}`` and
    ``{rest}``), so that a language chooses how they are joined: halves
    joined within each half, so that hundreds of parts nest only a few deep."""
    if len(parts) == 1:
        return parts[0]
    half = len(parts) // 2
    return msg(key, first=_chain(key, parts[:half]), rest=_chain(key, parts[half:]))


_UNION_BRANCHES = frozenset({"str", "int", "float", "bool"})
"""The branch names pydantic adds to the place of a problem in a union
(``route[0].str``): not fields a person types."""

_PROBLEMS: dict[str, str] = {
    "missing": "missing", "extra_forbidden": "extra", "string_type": "text",
    "int_type": "whole", "int_parsing": "whole", "int_from_float": "whole",
    "float_type": "number", "float_parsing": "number", "bool_type": "yes-no",
    "bool_parsing": "yes-no", "list_type": "list", "model_type": "table",
    "dict_type": "table", "model_attributes_type": "table"}
"""Pydantic's kinds of problem, by the catalogue's words for them."""


def _problem(kind: str, text: str) -> Msg:
    """A problem of an order's form in the reader's language (pydantic's own
    English text for a kind the catalogue does not word)."""
    key = _PROBLEMS.get(kind)
    return msg(f"facility.shape.{key}") if key else msg("facility.shape.other", text=text)


@dataclass(frozen=True, slots=True)
class Problem:
    """Why an order cannot stand, or cannot happen, as data: its ``code``
    (``no-door``; the catalogue words it as ``facility.void.<code>``) and
    ``about``, the ids and numbers it names as the order gave them
    (``{"door": "north", "room": 3}``); ``params`` word them for a reader."""

    code: str
    about: dict[str, Any] = field(default_factory=dict)
    params: dict[str, Param] = field(default_factory=dict)


def problem(code: str, about: dict[str, Any] | None = None, /, **params: Param) -> Problem:
    """A :class:`Problem`: ``about`` as data, ``params`` in words."""
    return Problem(code, about or {}, params)


@dataclass(frozen=True, slots=True)
class VoidOrder:
    """An order that was not carried out because it could not be (CHAT-TGT-1,
    CHAT-MOV-1, CHAT-CHS-2, a name that refers to nothing)."""

    character: str
    order: str
    """Where it is in the orders (``move``, ``take[1]``, an id the player gave)."""
    reason: Msg
    """Why, in words, as its author reads it."""
    why: Problem
    """Why, as data."""
    what: Msg = field(default_factory=lambda: msg("facility.order.some"))
    """The order in words, as its author reads it ("take the key")."""


Step = Door | None
"""One element of a route: a door to pass, or None for a pause."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """An explicit declaration (CHAT-VIS-1): its order id, how it reads, and
    what it declares as data (``action`` with its ``target`` and ``item``)."""

    order: str
    text: Msg
    facts: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Unable:
    """A declaration that cannot happen (CHAT-TRN-6): declared like any other,
    not carried out; why is told to its author alone."""

    order: str
    what: Msg
    reason: Msg
    why: Problem
    """Why, as data: ``self``, ``other-room``, ``not-here`` or ``item-cannot``
    (:data:`IMPOSSIBLE`), with the ids it names."""


@dataclass(slots=True)
class Plan:
    """A character's valid orders for the turn, for the rules to read: each
    part set whole as it is planned, a part no order fills the same empty
    tuple or frozenset for every plan, which nothing can change."""

    who: str
    route: Sequence[Step] = ()
    chase: str | None = None
    follow: Sequence[str] = ()
    detain: Sequence[str] = ()
    ignore: bool = False
    melee: Melee | None = None
    take: Sequence[Take] = ()
    give: Sequence[Give] = ()
    accept: Sequence[Accept] = ()
    refuse: AbstractSet[str] = frozenset()
    drop: Sequence[Drop] = ()
    show: Sequence[Show] = ()
    equip: Equip | None = None
    use: Sequence[Use] = ()
    explicit: Sequence[Declaration] = ()
    """Each explicit declaration (CHAT-VIS-1)."""
    impossible: Sequence[Unable] = ()
    """Each declaration that cannot happen (a target in another room, an item
    not lying here): declared like any other, not carried out (CHAT-TRN-6)."""
    bluffed: AbstractSet[str] = frozenset()
    """CHAT-BLF-1: explicit declarations not carried out."""

    def declaration(self, order_id: str) -> Msg:
        """How the explicit declaration ``order_id`` reads."""
        return next(known.text for known in self.explicit if known.order == order_id)


class _Findings:
    """What checking one character's orders finds, gathered as it goes: the
    void orders, the explicit declarations and those that cannot happen."""

    __slots__ = ("explicit", "impossible", "voids", "who")

    def __init__(self, who: str) -> None:
        self.who = who
        self.voids: list[VoidOrder] = []
        self.explicit: list[Declaration] = []
        self.impossible: list[Unable] = []

    def void(self, order: str, what: Msg, why: Problem) -> None:
        self.voids.append(VoidOrder(self.who, order, self.reason(why), why, what))

    def reason(self, why: Problem) -> Msg:
        """Why an order cannot stand or cannot happen, worded for its author."""
        reason = msg(f"facility.void.{why.code}", **why.params)
        if why.code in PERSONAL_REASONS:
            reason = personal((self.who,), reason,
                              msg(f"facility.void.gm.{why.code}", **why.params))
        return reason


PERSONAL_REASONS = frozenset({"down", "self", "other-room", "not-here", "not-explicit",
                              "no-item"})
"""Reasons worded for the character ("you are down"); the game master reads
them in the third person."""


def order_kind(name: str) -> Msg:
    """An order by its kind, in words ("movement"): one text for each kind,
    shared by every order that names it."""
    known = _ORDER_KINDS.get(name)
    if known is None:
        known = _ORDER_KINDS[name] = msg(f"facility.order.{name}")
    return known


_ORDER_KINDS: dict[str, Msg] = {}


def says(key: str, target: Character | str | None = None, /, **params: Param) -> Msg:
    """How an explicit declaration reads ("a shot at Boris"): to its target
    in the second person ("a shot at you"); with no target, at the air."""
    if target is None:
        return msg(f"facility.says.{key}.air", **params)
    if isinstance(target, str):  # a name that refers to nothing
        return msg(f"facility.says.{key}", target=target, **params)
    return personal((target.name,), msg(f"facility.says.{key}.to-you", target=target.title,
                                        **params),
                    msg(f"facility.says.{key}", target=target.title, **params))


def plan_orders(world: World, who: str, orders: Orders) -> tuple[Plan, list[VoidOrder]]:
    """The valid part of ``who``'s orders, and the void ones with their reasons."""
    if not orders.model_fields_set:
        return Plan(who), []  # no order given, as often: nothing to plan, nothing void
    me = world.characters[who]
    plan = Plan(who)
    found = _Findings(who)
    if me.is_down:
        for name in ORDER_NAMES:
            if getattr(orders, name) not in (None, [], False):
                found.void(name, order_kind(name), problem("down"))
        return plan, found.voids
    _plan_movement(world, me, orders, plan, found)
    _plan_melee(world, me, orders.melee, plan, found)
    _plan_items(world, me, orders, plan, found)
    _plan_use(world, me, orders.use, plan, found)
    if found.explicit:
        plan.explicit = found.explicit
    if found.impossible:
        plan.impossible = found.impossible
    _plan_bluff(orders, plan, found)
    return plan, found.voids


def _target_problem(world: World, me: Character, target: str) -> Problem | None:
    """CHAT-TGT-1: a target must exist, be someone else and be in the same room."""
    other = world.characters.get(target)
    if other is None:
        return problem("no-character", {"character": target}, name=target)
    if other is me:
        return problem("self", {"character": target})
    if other.room != me.room:
        return problem("other-room", {"character": target}, name=other.title)
    return None


def _someone(world: World, name: str) -> Character | str:
    """The character called ``name``, or the name itself if there is none."""
    return world.characters.get(name) or name


def _plan_movement(world: World, me: Character, orders: Orders, plan: Plan,
                   found: _Findings) -> None:
    if orders.chase is not None and orders.move is not None:
        found.void("chase", order_kind("chase"), problem("chase-and-move"))
        found.void("move", order_kind("move"), problem("chase-and-move"))
    else:
        if orders.move is not None:
            _plan_route(world, me, orders.move, plan, found)
        if orders.chase is not None:
            why = _target_problem(world, me, orders.chase)
            if why:
                found.void("chase", order_kind("chase"), why)
            else:
                plan.chase = orders.chase
    for kind in ("follow", "detain"):
        entries: list[str] = getattr(orders, kind)
        if not entries:
            continue  # the plan's part stays the empty tuple
        bad = [entry for entry in entries if not _is_target_entry(world, me, entry)]
        if bad:
            found.void(kind, order_kind(kind), problem("bad-entry", {"entry": bad[0]},
                                                       entry=bad[0]))
        else:
            setattr(plan, kind, list(entries))
    plan.ignore = orders.ignore


def _is_target_entry(world: World, me: Character, entry: str) -> bool:
    """A character's name, ``uniform:<scientist|agent>`` or ``item:<kind>``
    (CHAT-FOL-1, CHAT-DET-1). Any kind of item may be named: one that no item
    of the building is of is visible equipment no one shows, and never
    matches, so the answer never tells a seat which kinds the building holds."""
    if entry.startswith(UNIFORM_FEATURE):
        return entry[len(UNIFORM_FEATURE):] in UNIFORMS
    if entry.startswith(ITEM_FEATURE):
        return bool(entry[len(ITEM_FEATURE):])
    return entry in world.characters and entry != me.name


def _plan_route(world: World, me: Character, move: Move, plan: Plan, found: _Findings) -> None:
    """CHAT-MOV-1, CHAT-MOV-2, CHAT-MOV-6: the route, door by door, from where ``me`` stands."""
    here = me.room
    route: list[Step] = []
    what = order_kind("move")
    for element in move.route:
        if element == PAUSE:
            route.append(None)
            continue
        door = _door(world, here, element)
        if door is None:
            if isinstance(element, str):
                found.void("move", what, problem("no-door", {"door": element, "room": here},
                                                 door=element, room=world.room_title(here)))
            elif element in world.rooms:
                found.void("move", what, problem(
                    "not-adjacent", {"room": element, "from": here},
                    target=world.room_title(element), room=world.room_title(here)))
            else:
                found.void("move", what, problem("no-room", {"room": element},
                                                 room=str(element)))
            return
        route.append(door)
        here = door.destination
    most = world.settings.max_doors
    if len(route) > most:
        found.void("move", what, problem("too-long", {"doors": len(route), "most": most},
                                         doors=len(route), most=most))
        return
    if move.to is not None and move.to != here:
        if move.to not in world.rooms:
            found.void("move", what, problem("no-room", {"room": move.to}, room=str(move.to)))
            return
        if not world.reachable(here, move.to):
            found.void("move", what, problem("no-way", {"room": move.to},
                                             room=world.room_title(move.to)))
            return
        path = world.shortest_route(here, move.to, within=most - len(route))
        if path is None:
            found.void("move", what, problem("too-far", {"room": move.to, "most": most},
                                             room=world.room_title(move.to), most=most))
            return
        route += [world.between[(a, b)] for a, b in pairwise(path)]
    plan.route = route


def _door(world: World, room: int, element: str | int) -> Door | None:
    if isinstance(element, int):
        return world.between.get((room, element))
    return world.doors.get((room, element))


IMPOSSIBLE = frozenset({"self", "other-room", "not-here", "item-cannot"})
"""Problems that leave a declaration standing but make it impossible: it is
declared like any other and does not happen (CHAT-TRN-6); the others (a name
that refers to nothing, the same item twice) make an order void."""


def _declared_problem(order_id: str, what: Msg, why: Problem | None,
                      found: _Findings) -> bool:
    """Whether ``why`` keeps the order out of the plan: a void one is left
    out with its reason; an impossible one is still declared (the caller
    does it), its reason kept for its author (CHAT-TRN-6, CHAT-VIS-1)."""
    if why is None:
        return False
    if why.code in IMPOSSIBLE:
        found.impossible.append(Unable(order_id, what, found.reason(why), why))
    else:
        found.void(order_id, what, why)
    return True


def _plan_melee(world: World, me: Character, melee: Melee | None, plan: Plan,
                found: _Findings) -> None:
    if melee is None:
        return
    order_id = melee.id or "melee"
    target = _someone(world, melee.target) if melee.target is not None else None
    what = says("melee", target)
    if _secret_refused(world, melee, order_id, what, found):
        return
    why = _target_problem(world, me, melee.target) if melee.target is not None else None
    if why and why.code not in IMPOSSIBLE:
        found.void(order_id, what, why)
        return
    _declare(found, order_id, melee.secret, what, action="melee", target=melee.target)
    if not _declared_problem(order_id, what, why, found):
        plan.melee = melee


def _secret_refused(world: World, entry: Declared, order_id: str, what: Msg,
                    found: _Findings) -> bool:
    """CHAT-TRN-3: actions are declared explicitly unless the book says otherwise.
    House rule: a scenario may let players make them secret
    (``settings.secret_declarations``); otherwise such an order is void, so
    that it is not declared against its player's wish."""
    if entry.secret and not world.settings.secret_declarations:
        found.void(order_id, what, problem("secret-not-allowed"))
        return True
    return False


def _declare(found: _Findings, order_id: str, secret: bool, text: Msg, /,
             **facts: str | None) -> None:
    """``text`` declared openly unless ``secret``; ``facts``: what it declares."""
    if not secret:
        found.explicit.append(Declaration(order_id, text, facts))


def knows_of(world: World, me: Character, item: str) -> bool:
    """Whether ``me`` has ``item`` before it: carried, lying in its room, or
    shown on someone there (house rule 20). Of any other name the orders
    answer alike whether such an item is somewhere in the building or not,
    so that an order never tells a character which items exist."""
    if item not in world.items:
        return False
    if item in me.items() or item in world.floor.get(me.room, []):
        return True
    return any(item in world.visible_items(other) for other in world.around(me.room))


def _item(world: World, me: Character, item: str) -> tuple[bool, Name | str]:
    """Whether ``me`` knows of ``item`` (:func:`knows_of`), and the item in
    words: its title if it does, else the name as given."""
    known = knows_of(world, me, item)
    return known, world.item_title(item) if known else item


def _plan_items(world: World, me: Character, orders: Orders, plan: Plan, found: _Findings) -> None:
    if not (orders.take or orders.give or orders.accept or orders.refuse or orders.drop
            or orders.show or orders.equip):
        return  # most orders name no item
    _plan_take(world, me, orders.take, plan, found)
    seen: set[str] = set()
    gives: list[Give] = []
    for n, give in enumerate(orders.give):
        order_id = give.id or f"give[{n}]"
        known, title = _item(world, me, give.item)
        what = says("give", _someone(world, give.to), item=title)
        why = _target_problem(world, me, give.to)
        if _secret_refused(world, give, order_id, what, found):
            continue
        if not known:
            found.void(order_id, what, _no_item(give.item))
        elif why and why.code not in IMPOSSIBLE:
            found.void(order_id, what, why)
        elif give.item in seen:
            found.void(order_id, what, _twice(world, give.item))
        else:
            seen.add(give.item)
            _declare(found, order_id, give.secret, what, action="give", item=give.item,
                     target=give.to)
            if not _declared_problem(order_id, what, why, found):
                gives.append(give)
    if gives:
        plan.give = gives
    accepts: list[Accept] = []
    for n, accept in enumerate(orders.accept):
        known, title = _item(world, me, accept.item)
        what = msg("facility.order.accept-item", item=title)
        if (accept.place is not None and known
                and not _can_place(world, me, accept.item, accept.place)):
            found.void(f"accept[{n}]", what, _bad_place(world, accept.item, accept.place))
        else:
            accepts.append(accept)
    if accepts:
        plan.accept = accepts
    refused: set[str] = set()
    for n, name in enumerate(orders.refuse):
        what = says("refuse", _someone(world, name))
        if name not in world.characters or name == me.name:
            found.void(f"refuse[{n}]", what, problem("no-character", {"character": name},
                                                     name=name))
        else:
            refused.add(name)
            _declare(found, f"refuse[{n}]", False, what, action="refuse", target=name)
    if refused:
        plan.refuse = refused
    for kind in ("drop", "show"):
        entries: list[Drop | Show] = getattr(orders, kind)
        kept: list[Drop | Show] = []
        for n, entry in enumerate(entries):
            order_id = entry.id or f"{kind}[{n}]"
            known, title = _item(world, me, entry.item)
            what = msg(f"facility.says.{kind}", item=title)
            if _secret_refused(world, entry, order_id, what, found):
                continue
            if not known:
                found.void(order_id, what, _no_item(entry.item))
                continue
            kept.append(entry)
            _declare(found, order_id, entry.secret, what, action=kind, item=entry.item)
        if kept:
            setattr(plan, kind, kept)
    if orders.equip is not None:
        unknown = [item for item in orders.equip.hands if not knows_of(world, me, item)]
        if unknown:
            found.void("equip", order_kind("equip"), _no_item(unknown[0]))
        else:
            plan.equip = orders.equip


def _can_place(world: World, me: Character, item: str, place: str) -> bool:
    return place in world.items[item].carry and me.capacity(place) > 0


def _no_item(item: str) -> Problem:
    """An item the character does not know of (:func:`knows_of`), worded the
    same whether or not there is one elsewhere."""
    return problem("no-item", {"item": item}, item=item)


def _twice(world: World, item: str) -> Problem:
    return problem("twice", {"item": item}, item=world.item_title(item))


def _bad_place(world: World, item: str, place: str) -> Problem:
    return problem("bad-place", {"item": item, "place": place}, place=place,
                   item=world.item_title(item))


def _plan_take(world: World, me: Character, takes: list[Take], plan: Plan,
               found: _Findings) -> None:
    seen: set[str] = set()
    kept: list[Take] = []
    for n, take in enumerate(takes):
        order_id = take.id or f"take[{n}]"
        known, title = _item(world, me, take.item)
        what = msg("facility.says.take", item=title)
        if _secret_refused(world, take, order_id, what, found):
            continue
        if not known:
            found.void(order_id, what, _no_item(take.item))
        elif take.item in seen:
            found.void(order_id, what, _twice(world, take.item))
        elif take.item not in world.floor.get(me.room, []):
            seen.add(take.item)
            _declare(found, order_id, take.secret, what, action="take", item=take.item)
            _declared_problem(order_id, what, problem(
                "not-here", {"item": take.item}, item=world.item_title(take.item)), found)
        else:
            seen.add(take.item)
            if take.place is not None and not _can_place(world, me, take.item, take.place):
                # House rule: only the secret place is void; the take goes on
                # by the default order, as when the place is full.
                found.void(f"{order_id}.place", msg("facility.order.place", item=world.item_title(
                    take.item)), _bad_place(world, take.item, take.place))
                take = take.model_copy(update={"place": None, "id": order_id})
            kept.append(take)
            _declare(found, order_id, take.secret, what, action="take", item=take.item)
    if kept:
        plan.take = kept


def _plan_use(world: World, me: Character, uses: list[Use], plan: Plan, found: _Findings) -> None:
    """CHAT-TRN-2: each item's ability once per turn."""
    named: set[str] = set()
    kept: list[Use] = []
    for n, use in enumerate(uses):
        order_id = use.id or f"use[{n}]"
        target = _someone(world, use.target) if use.target is not None else None
        what = (says(use.ability, target) if use.ability in ABILITIES
                else msg("facility.order.use-ability", ability=use.ability))
        why = _target_problem(world, me, use.target) if use.target is not None else None
        if _secret_refused(world, use, order_id, what, found):
            continue
        if use.ability not in ABILITIES:
            found.void(order_id, what, problem("no-ability", {"ability": use.ability},
                                               ability=use.ability))
        elif use.item is not None and not knows_of(world, me, use.item):
            found.void(order_id, what, _no_item(use.item))
        elif why and why.code not in IMPOSSIBLE:
            found.void(order_id, what, why)
        elif use.item is not None and use.item in named:
            found.void(order_id, what, _twice(world, use.item))
        else:
            if use.item is not None:
                named.add(use.item)
            if use.item is not None and use.ability not in world.items[use.item].abilities:
                why = why or problem(
                    "item-cannot", {"item": use.item, "ability": use.ability},
                    item=world.item_title(use.item),
                    ability=msg(f"facility.ability.{use.ability}"))
            _declare(found, order_id, use.secret, what, action=use.ability, target=use.target)
            if not _declared_problem(order_id, what, why, found):
                kept.append(use)
    if kept:
        plan.use = kept


def _plan_bluff(orders: Orders, plan: Plan, found: _Findings) -> None:
    """CHAT-BLF-1: only this turn's explicit declarations can be bluffed."""
    if not orders.bluff:
        return  # the usual orders: no bluff
    explicit = {declared.order for declared in plan.explicit}
    bluffed: set[str] = set()
    for n, order_id in enumerate(orders.bluff):
        if order_id in explicit:
            bluffed.add(order_id)
        else:
            found.void(f"bluff[{n}]", msg("facility.order.bluff-entry", order=order_id),
                       problem("not-explicit", {"order": order_id}, order=order_id))
    if not bluffed:
        return
    plan.bluffed = bluffed
    if plan.impossible:
        plan.impossible = [entry for entry in plan.impossible
                           if entry.order not in bluffed] or ()
    if plan.melee is not None and (plan.melee.id or "melee") in bluffed:
        plan.melee = None
    if plan.refuse:
        plan.refuse = {name for name in plan.refuse
                       if not any(f"refuse[{n}]" in bluffed
                                  for n, entry in enumerate(orders.refuse)
                                  if entry == name)} or frozenset()
    for kind in ("take", "give", "drop", "show", "use"):
        planned = getattr(plan, kind)
        if planned:
            originals = getattr(orders, kind)
            setattr(plan, kind, [entry for entry in planned
                                 if (entry.id or f"{kind}[{_index(originals, entry)}]")
                                 not in bluffed] or ())


def _index(originals: list[object], entry: object) -> int:
    return next(n for n, original in enumerate(originals) if original is entry)
