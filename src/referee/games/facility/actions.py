"""The actions that are not movement, resolved first (CHAT-TRN-4), all in the
room where each character stands at the start of the turn.

The rule groups run in a fixed order that the book's simultaneity allows:
declarations, bluffs, take, attacks and item abilities, show, give, drop,
equip. Damage lands only after every attack, so shots cross (CHAT-TRN-5).
"""

from __future__ import annotations

from collections import defaultdict

from referee.core.i18n import Msg, Name, msg
from referee.games.facility.orders import Give
from referee.games.facility.report import camera
from referee.games.facility.tables import (
    ABILITIES,
    ACTION_PHASE,
    ACTIONS,
    GIVE_DEFAULT_ORDER,
    HANDS,
    TAKE_DEFAULT_ORDER,
)
from referee.games.facility.turn import Turn
from referee.games.facility.world import Character

NOW = ACTION_PHASE


def resolve_actions(turn: Turn) -> None:
    """Every non-movement action of the turn, in the book's groups."""
    declare_explicit(turn)
    report_bluffs(turn)
    take_items(turn)
    attack(turn)
    show_items(turn)
    give_items(turn)
    drop_items(turn)
    equip(turn)


def place_label(place: str) -> Msg:
    return msg(f"facility.place.{place}") if place in ("hands", "inventory") else msg(
        "facility.place.worn", place=place)


def declare_explicit(turn: Turn) -> None:
    """CHAT-VIS-1, CHAT-VIS-2: explicit declarations reach the others in the room,
    not the cameras; secret ones reach no one."""
    for name, me, explicit in turn.with_orders(lambda plan: plan.explicit):
        others = turn.room_watchers(me.room, recorded=False) - {name}
        for _, text in explicit:
            turn.note(NOW, others, "CHAT-VIS-1", "declared", who=me.title, what=text)


def report_bluffs(turn: Turn) -> None:
    """CHAT-BLF-1, CHAT-BLF-2: bluffed declarations are not carried out; no one sees it."""
    for name in turn.names():
        for order_id in sorted(turn.plans[name].bluffed):
            turn.tell(NOW, name, "CHAT-BLF-1", "bluffed", order=order_id)


def _place_for(who: Character, carry: list[str], wanted: str | None,
               default: tuple[str, ...]) -> str | None:
    """Where an item goes: the wanted place if it has room, else the default
    order (house rule: a full wanted place falls back to the default)."""
    order = ([wanted] if wanted else []) + [p for p in default if p != wanted]
    for place in order:
        if place in carry and who.has_room(place):
            return place
    return None


def take_items(turn: Turn) -> None:
    """CHAT-TAK-1..3, CHAT-TAK-5: take items lying in the room; contested items
    go to no one; the list's order decides what fits."""
    claims: dict[str, list[str]] = defaultdict(list)
    for name in turn.names():
        for take in turn.plans[name].take:
            claims[take.item].append(name)
    for name, me, takes in turn.with_orders(lambda plan: plan.take):
        for take in takes:
            item = turn.world.item_title(take.item)
            if len(claims[take.item]) > 1:
                turn.tell(NOW, name, "CHAT-TAK-2", "take-contested", item=item)
                continue
            default = (*TAKE_DEFAULT_ORDER, *me.worn_places)
            place = _place_for(me, turn.world.items[take.item].carry, take.place, default)
            if place is None:
                turn.tell(NOW, name, "CHAT-TAK-3", "take-no-room", item=item)
                continue
            turn.world.floor[me.room].remove(take.item)
            me.slot(place).append(take.item)
            turn.taken.add(take.item)
            turn.note(NOW, turn.room_watchers(me.room, recorded=True), "CHAT-TAK-5", "took",
                      who=me.title, item=item, room=me.room)
            turn.tell(NOW, name, "CHAT-TAK-1", "put", item=item, place=place_label(place))


def _usable(turn: Turn, me: Character, item: str) -> bool:
    """CHAT-TAK-4, CHAT-GIV-5, CHAT-DRP-2, CHAT-TRN-2: an item's ability works if
    the item was carried at the start of the turn or taken this turn (not
    received by giving), once per item."""
    carried = item in turn.start_place[me.name] or (
        item in turn.taken and me.place_of(item) is not None)
    return carried and item not in turn.used


def _pick_item(turn: Turn, me: Character, ability: str, named: str | None) -> str | None:
    if named is not None:
        return named if _usable(turn, me, named) else None
    for item in me.items():
        if ability in turn.world.items[item].abilities and _usable(turn, me, item):
            return item
    return None


def attack(turn: Turn) -> None:
    """CHAT-MEL-1, CHAT-MEL-2, CHAT-TRN-5, CHAT-TRN-6, CHAT-TGT-2: melee and item
    abilities; all damage lands at once."""
    damage: dict[str, int] = defaultdict(int)
    for name in turn.names():
        plan = turn.plans[name]
        if plan.melee is None and not plan.use:
            continue
        me = turn.character(name)
        watchers = turn.room_watchers(me.room, recorded=True)
        if plan.melee is not None:
            target = plan.melee.target
            if turn.spend(me, ACTIONS["melee"].cost):
                turn.note(NOW, watchers, "CHAT-MEL-2", "melee", who=me.title,
                          target=turn.character(target).title if target else msg("facility.air"))
                if target:
                    damage[target] += turn.world.settings.melee_damage
            else:
                turn.tell(NOW, name, "CHAT-TAG-2", "no-concentration",
                          action=msg("facility.action.melee"))
        for use in plan.use:
            item = _pick_item(turn, me, use.ability, use.item)
            if item is None:
                turn.tell(NOW, name, "CHAT-TRN-6", "cannot-use",
                          ability=msg(f"facility.ability.{use.ability}"))
                continue
            if not turn.spend(me, ABILITIES[use.ability].cost):
                turn.tell(NOW, name, "CHAT-TAG-2", "no-concentration",
                          action=msg(f"facility.ability.{use.ability}"))
                continue
            turn.used.add(item)
            target = use.target
            turn.note(NOW, watchers, None, f"used.{use.ability}", who=me.title,
                      item=turn.world.item_title(item),
                      target=turn.character(target).title if target else msg("facility.air"))
            if target and ABILITIES[use.ability].damages:
                damage[target] += turn.world.items[item].damage
    for name in sorted(damage):
        hurt = turn.character(name)
        was_up = not hurt.is_down
        hurt.health = max(0, hurt.health - damage[name])
        turn.tell(NOW, name, "CHAT-MEL-1", "hurt", damage=damage[name], health=hurt.health)
        if was_up and hurt.is_down:
            turn.note(NOW, turn.room_watchers(hurt.room, recorded=True), None, "fell",
                      who=hurt.title)


def show_items(turn: Turn) -> None:
    """CHAT-SHW-1, CHAT-SHW-2: show an item as it was at the start of the turn: its
    full description, where it came from, whether it was in the hands."""
    for name, me, shows in turn.with_orders(lambda plan: plan.show):
        for show in shows:
            place = turn.start_place[name].get(show.item)
            if place is None:
                turn.tell(NOW, name, "CHAT-TRN-6", "cannot-show",
                          item=turn.world.item_title(show.item))
                continue
            if not turn.spend(me, ACTIONS["show"].cost):
                turn.tell(NOW, name, "CHAT-TAG-2", "no-concentration",
                          action=msg("facility.action.show"))
                continue
            model = turn.world.items[show.item]
            description = Name(model.description or model.kind, model.description_ru or None)
            in_hands = msg("facility.yes" if place == HANDS else "facility.no")
            turn.note(NOW, turn.room_watchers(me.room, recorded=True), "CHAT-SHW-2", "showed",
                      who=me.title, item=turn.world.item_title(show.item),
                      description=description, place=place_label(place), in_hands=in_hands)


def _give_problem(turn: Turn, giver: Character, give: Give) -> str | None:
    """Why a transfer is impossible (CHAT-GIV-3), or None."""
    receiver = turn.plans[give.to]
    if giver.place_of(give.item) is None:
        return "not-carried"
    if give.item in turn.used:
        return "used"  # CHAT-GIV-4
    if giver.name in receiver.refuse:
        return "refused"  # CHAT-REF-1
    if turn.character(give.to).is_down:
        return "down"
    return None


def give_items(turn: Turn) -> None:
    """CHAT-GIV-1..6, CHAT-REF-1: hand items over; the receiver's order and
    places first, then the hidden default order (house rule: by giver's name,
    then the giver's own order); what does not fit stays with the giver."""
    incoming: dict[str, list[tuple[str, Give, str]]] = defaultdict(list)
    for name, giver, gives in turn.with_orders(lambda plan: plan.give):
        for give in gives:
            problem = _give_problem(turn, giver, give)
            if problem is not None:
                _give_failed(turn, name, give, problem)
                continue
            place = giver.remove(give.item)
            incoming[give.to].append((name, give, place or HANDS))
    for receiver_name in sorted(incoming):
        _receive(turn, receiver_name, incoming[receiver_name])


def _give_failed(turn: Turn, giver: str, give: Give, why: str) -> None:
    clause = {"used": "CHAT-GIV-4", "refused": "CHAT-REF-1",
              "not-carried": "CHAT-TRN-6"}.get(why, "CHAT-GIV-3")
    item = turn.world.item_title(give.item)
    turn.tell(NOW, giver, "CHAT-GIV-3", "give-failed", item=item,
              to=turn.character(give.to).title)
    turn.note(NOW, (), clause, f"why.{why}", who=turn.character(giver).title, item=item,
              to=turn.character(give.to).title)


def _receive(turn: Turn, name: str, offers: list[tuple[str, Give, str]]) -> None:
    me = turn.character(name)
    wanted = {accept.item: accept.place for accept in turn.plans[name].accept}
    rank = {item: n for n, item in enumerate(wanted)}
    ordered = sorted(offers, key=lambda offer: (rank.get(offer[1].item, len(rank)), offer[0]))
    recorded: set[str] = set()
    for giver_name, give, was in ordered:
        giver = turn.character(giver_name)
        item = turn.world.item_title(give.item)
        place = _place_for(me, turn.world.items[give.item].carry, wanted.get(give.item),
                           GIVE_DEFAULT_ORDER)
        if place is None:
            giver.slot(was).append(give.item)
            turn.tell(NOW, giver_name, "CHAT-GIV-3", "give-failed", item=item, to=me.title)
            turn.note(NOW, (), "CHAT-GIV-3", "why.no-room", who=giver.title, item=item,
                      to=me.title)
            continue
        me.slot(place).append(give.item)
        turn.note(NOW, turn.room_watchers(me.room, recorded=False), "CHAT-GIV-6", "gave",
                  who=giver.title, item=item, to=me.title)
        turn.tell(NOW, name, "CHAT-GIV-2", "put", item=item, place=place_label(place))
        if me.room in turn.world.cameras and giver_name not in recorded:
            recorded.add(giver_name)
            turn.note(NOW, (camera(me.room),), "CHAT-GIV-6", "gave-something", who=giver.title,
                      to=me.title)


def drop_items(turn: Turn) -> None:
    """CHAT-DRP-1..3: items left in the room; every drop is seen and recorded."""
    for name, me, drops in turn.with_orders(lambda plan: plan.drop):
        for drop in drops:
            item = turn.world.item_title(drop.item)
            if me.remove(drop.item) is None:
                turn.tell(NOW, name, "CHAT-TRN-6", "cannot-drop", item=item)
                continue
            turn.world.floor[me.room].append(drop.item)
            turn.note(NOW, turn.room_watchers(me.room, recorded=True), "CHAT-DRP-3", "dropped",
                      who=me.title, item=item)


def equip(turn: Turn) -> None:
    """CHAT-EQP-1, CHAT-EQP-2: rearrange hands and inventory; others see only
    what stops or starts being visible."""
    for name in turn.names():
        order = turn.plans[name].equip
        if order is None:
            continue
        me = turn.character(name)
        both = me.hands + me.inventory
        wanted = list(dict.fromkeys(order.hands))
        rest = [item for item in both if item not in wanted]
        fits = (all(item in both for item in wanted) and len(wanted) <= me.hand_slots
                and len(rest) <= me.inventory_slots
                and all(HANDS in turn.world.items[item].carry for item in wanted))
        if not fits:
            turn.tell(NOW, name, "CHAT-EQP-1", "equip-failed")
            continue
        before = turn.world.visible_items(me)
        me.hands[:] = wanted
        me.inventory[:] = rest
        after = turn.world.visible_items(me)
        turn.tell(NOW, name, "CHAT-EQP-1", "equipped-self")
        hidden = tuple(turn.world.item_title(i) for i in before if i not in after)
        shown = tuple(turn.world.item_title(i) for i in after if i not in before)
        if hidden or shown:
            turn.note(NOW, turn.room_watchers(me.room, recorded=True) - {name}, "CHAT-EQP-2",
                      "equipped", who=me.title, hidden=hidden or (msg("facility.nothing"),),
                      shown=shown or (msg("facility.nothing"),))

