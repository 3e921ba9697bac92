"""One turn resolved at the deadline: orders checked, every non-movement action,
then the five movement steps, then the end of the turn (CHAT-TRN-4)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.events import Log
from referee.core.i18n import Msg, Param, msg
from referee.core.readonly import ReadOnlyDict
from referee.games.facility.actions import place_label, resolve_actions
from referee.games.facility.movement import resolve_movement
from referee.games.facility.orders import Orders, Plan, VoidOrder, plan_orders
from referee.games.facility.tables import ACTION_PHASE, END_PHASE
from referee.games.facility.turn import Turn, frozen, ids
from referee.games.facility.world import (
    Character,
    World,
    copy_world,
    fraction,
    points_fraction,
    points_number,
)


def resolve_turn(world: World, orders: Mapping[str, Orders], log: Log,
                 planned: Mapping[str, tuple[Plan, list[VoidOrder]]] | None = None,
                 in_place: bool = False) -> World:
    """Resolve one turn; returns the world after it, and writes what was seen,
    by whom, into ``log``. ``world`` is left as it was (a copy of it is
    resolved) unless ``in_place``; characters without orders do nothing.
    ``planned``: orders already planned against ``world``
    (:func:`.orders.plan_orders`), by character; the others are planned here."""
    plans: dict[str, Plan] = {}
    void: list[VoidOrder] = []
    for name in sorted(world.characters):
        known = planned.get(name) if planned is not None else None
        plans[name], found = known or plan_orders(world, name, orders.get(name) or Orders())
        void += found
    if not in_place:
        world = copy_world(world)
    turn = Turn(world, plans, log)
    for entry in void:
        turn.void(ACTION_PHASE, entry.character, entry.order, entry.what, entry.reason,
                  entry.why.code, entry.why.about)
    resolve_actions(turn)
    resolve_movement(turn)
    end_turn(turn)
    return world


def end_turn(turn: Turn) -> None:
    """House rule: concentration comes back at the end of every turn; then
    each character's own state (CHAT-AWR-1)."""
    world, emit = turn.world, turn.log.emit
    recovery = fraction(world.settings.concentration_recovery)
    for name in turn.names():
        me = world.characters[name]
        alone = world.alone(name)
        if not me.is_down and recovery and me.points < me.max_points:
            gained = min(me.points_of(recovery), me.max_points - me.points)
            me.points += gained
            text, facts = _recovered_line(turn, me, gained)
            emit(text, alone, None, facts)
        text, facts = _awareness_line(turn, me)
        emit(text, alone, "CHAT-AWR-1", facts)
    world.turn += 1


def _recovered_line(turn: Turn, me: Character, gained: int) -> tuple[Msg, ReadOnlyDict]:
    """The line of concentration ``gained`` back at the end of the turn, as
    :meth:`Turn.tell` writes it, made once for each amount and concentration
    (:meth:`.World.kept_line`)."""
    state = ("recovered", me.name, gained, me.points)
    line = turn.world.lines.get(state)
    if line is None:
        line = turn.world.kept_line(state, turn.told_line(END_PHASE, me.name, "recovered", {
            "kind": "recovered", "character": me.name,
            "amount": points_number(gained, me.unit),
            "concentration": points_number(me.points, me.unit)},
            amount=points_fraction(gained, me.unit)))
    return line


def _awareness_line(turn: Turn, me: Character) -> tuple[Msg, ReadOnlyDict]:
    """CHAT-AWR-1's line at the end of the turn, as :meth:`Turn.tell` writes
    it, made once for each state a character is found in (:meth:`.World.kept_line`)."""
    worn = me.worn_now()
    state = ("awareness", me.name, me.room, me.health, me.max_health, me.points, tuple(me.hands),
             tuple(me.inventory), worn)
    line = turn.world.lines.get(state)
    if line is None:
        line = turn.world.kept_line(state, turn.told_line(END_PHASE, me.name, "awareness", {
            "kind": "awareness", "character": me.name, "room": me.room, "health": me.health,
            "max_health": me.max_health, "concentration": points_number(me.points, me.unit),
            "hands": ids(me.hands), "inventory": ids(me.inventory),
            "worn": frozen({place: ids(items) for place, items in worn})},
            **awareness(turn.world, me)))
    return line


def awareness(world: World, me: Character) -> dict[str, Param]:
    """CHAT-AWR-1: a character always knows its items, health and concentration."""
    carried = tuple(_carried(world, item, place) for place, items in me.places()
                    for item in items)
    return {"room": world.room_title(me.room), "health": me.health,
            "max_health": me.max_health, "concentration": me.concentration,
            "items": carried or _NOTHING}


_NOTHING = (msg("facility.nothing"),)


def _carried(world: World, item: str, place: str) -> Msg:
    """``item`` carried in ``place``, in words (worded once for the building)."""
    key = ("carried", item, place)
    found = world.words.get(key)
    if found is None:
        found = world.words[key] = msg("facility.carried", item=world.item_title(item),
                                       place=place_label(place))
    return found
