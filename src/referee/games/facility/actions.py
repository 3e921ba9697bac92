"""The actions that are not movement, resolved first (CHAT-TRN-4), all in the
room where each character stands at the start of the turn.

They are resolved at once (disputed case 15): every action reads the turn's
start (what each character carries, what lies on each floor), so no action
feeds another in the same turn but the one the book names: a taken item's
ability can be used at once (CHAT-TAK-4). Their results are put together
at the end: items given or dropped leave first, so their places are free
for the items that arrive (taken, then received). Damage lands only after
every attack, so shots cross (CHAT-TRN-5). The lines are written in the
book's order: declarations, bluffs, takes, attacks and item abilities,
shows, gives, drops, equip.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from referee.core.i18n import Msg, Name, Param, msg
from referee.games.facility.orders import Give, Take
from referee.games.facility.tables import (
    ABILITIES,
    ACTION_PHASE,
    ACTIONS,
    GIVE_DEFAULT_ORDER,
    HANDS,
    TAKE_DEFAULT_ORDER,
)
from referee.games.facility.turn import Turn, frozen, ids
from referee.games.facility.world import Character

NOW = ACTION_PHASE


def resolve_actions(turn: Turn) -> None:
    """Every non-movement action of the turn, at once (disputed case 15)."""
    if not turn.acting():
        return  # movement alone: no line, no change (most turns of a small game)
    declare_explicit(turn)
    report_bluffs(turn)
    report_impossible(turn)
    chosen = choose_items(turn)
    exchange = settle_items(turn, chosen)
    report_takes(turn, exchange)
    attack(turn, chosen)
    show_items(turn)
    report_gives(turn, exchange)
    report_drops(turn, exchange)
    report_equip(turn, exchange)


def place_label(place: str) -> Msg:
    """Where an item is carried, in words ("in hand", "on the belt"): the
    template picks the wording by the place's id (one text for each place,
    shared by every line that names it)."""
    known = _PLACES.get(place)
    if known is None:
        known = _PLACES[place] = msg("facility.place", place=place)
    return known


_PLACES: dict[str, Msg] = {}


def declare_explicit(turn: Turn) -> None:
    """CHAT-VIS-1, CHAT-VIS-2: explicit declarations reach the others in the room,
    not the cameras; secret ones reach no one."""
    for name, me, explicit in turn.with_orders(lambda plan: plan.explicit):
        others = turn.room_watchers(me.room, recorded=False) - {name}
        for declared in explicit:
            turn.note(NOW, others, "CHAT-VIS-1", "declared", {
                "kind": "declared", "character": name, **declared.facts},
                who=me.title, what=declared.text)


def report_bluffs(turn: Turn) -> None:
    """CHAT-BLF-1, CHAT-BLF-2: bluffed declarations are not carried out; no one sees it."""
    for name in turn.acting():
        plan = turn.plans[name]
        for order_id in sorted(plan.bluffed):
            turn.tell(NOW, name, "CHAT-BLF-1", "bluffed", {
                "kind": "bluffed", "character": name, "part": order_id},
                order=order_id, what=plan.declaration(order_id))


def report_impossible(turn: Turn) -> None:
    """CHAT-TRN-6: a declaration that cannot happen was declared like any other
    (CHAT-VIS-1) and does not happen; why is told to its author alone."""
    for name in turn.acting():
        for entry in turn.plans[name].impossible:
            turn.tell(NOW, name, "CHAT-TRN-6", "impossible", {
                "kind": "impossible", "seat": name, "part": entry.order,
                "problem": entry.why.code, "about": frozen(dict(entry.why.about))},
                order=entry.order, what=entry.what, reason=entry.reason)


# -- which item each use of an ability uses -------------------------------------------


def choose_items(turn: Turn) -> dict[str, list[str | None]]:
    """The item each use order of each character uses (None: it has none),
    chosen from the turn's start: the item named, or the first one carrying
    the ability, those carried at the start of the turn first, then those it
    is taking (CHAT-TAK-4; whether the take succeeds is known later). Never
    an item received this turn (CHAT-GIV-5); each item once (CHAT-TRN-2)."""
    contested = turn.contested()
    chosen: dict[str, list[str | None]] = {}
    for name, me, uses in turn.with_orders(lambda plan: plan.use):
        carried = me.items()
        taking = [take.item for take in turn.plans[name].take if take.item not in contested]
        taken: set[str] = set()
        picks: list[str | None] = []
        for use in uses:
            pick = _pick(turn, use.ability, use.item, carried + taking, taken)
            if pick is not None:
                taken.add(pick)
            picks.append(pick)
        chosen[name] = picks
    return chosen


def _pick(turn: Turn, ability: str, named: str | None, candidates: list[str],
          chosen: set[str]) -> str | None:
    if named is not None:
        return named if named in candidates and named not in chosen else None
    for item in candidates:
        if item not in chosen and ability in turn.world.items[item].abilities:
            return item
    return None


# -- the items that change hands, settled at once --------------------------------------


@dataclass
class Exchange:
    """What the turn's takes, gives, drops and equips come to."""

    takes: dict[str, list[tuple[Take, str | None, str]]] = field(default_factory=dict)
    """Taker -> (take, the place it went to or None, why not: ``contested``,
    ``no-room`` or ``""``), in the taker's order."""
    gives: list[tuple[str, Give, str | None, str]] = field(default_factory=list)
    """(giver, give, the receiver's place or None, why not), by receiver and
    the order it accepts in, the failed ones by giver."""
    drops: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    """Dropper -> (item, why not: ``not-carried``, ``given`` or ``""``)."""
    equips: dict[str, tuple[bool, list[str], list[str]]] = field(default_factory=dict)
    """Character -> (whether it fits, visible items before, visible after)."""


def settle_items(turn: Turn, chosen: dict[str, list[str | None]]) -> Exchange:
    """CHAT-TAK-1..3, CHAT-GIV-1..5, CHAT-REF-1, CHAT-DRP-1, CHAT-EQP-1, at once:
    each order reads the turn's start (an item is given, dropped or equipped
    only if it was carried then; only what lay on the floor then is taken).
    Items given or dropped leave first; then each character's equip; then
    the arrivals, taken items first, then received ones. A given item with
    no room at its receiver stays where it was with its giver: the turn is
    worked out again without that transfer until every transfer holds."""
    used = {item for name, picks in chosen.items() for item in picks
            if item is not None and turn.character(name).place_of(item) is not None}
    turn.used |= used
    exchange = Exchange()
    upfront: dict[tuple[str, int], str] = {}
    for name, giver, gives in turn.with_orders(lambda plan: plan.give):
        for n, give in enumerate(gives):
            problem = _give_problem(turn, giver, give)
            if problem is not None:
                upfront[(name, n)] = problem
    failed: set[tuple[str, int]] = set()
    held = _Holdings(turn)
    contested = turn.contested()
    while True:
        attempt = _attempt(turn, held, contested, upfront, failed)
        new = {key for key, (_, why) in attempt.received.items() if why} - failed
        if not new:
            break
        failed |= new
        held.restore()
    _commit(turn, attempt, exchange, {**{key: "no-room" for key in failed}, **upfront})
    return exchange


class _Holdings:
    """The characters whose holdings the exchange changes, worked on in place;
    what each held at the start of the turn is kept, to work it out again."""

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        self.start: dict[str, tuple[list[str], list[str], dict[str, list[str]]]] = {}

    def __call__(self, name: str) -> Character:
        who = self.turn.character(name)
        if name not in self.start:
            self.start[name] = (list(who.hands), list(who.inventory),
                                {place: list(items) for place, items in who.worn.items()})
        return who

    def restore(self) -> None:
        """Everyone back to what they held at the start of the turn."""
        for name, (hands, inventory, worn) in self.start.items():
            who = self.turn.character(name)
            who.hands[:] = hands
            who.inventory[:] = inventory
            who.worn = {place: list(items) for place, items in worn.items()}


@dataclass
class _Attempt:
    takes: dict[str, list[tuple[Take, str | None, str]]]
    received: dict[tuple[str, int], tuple[str | None, str]]
    """(giver, index of the give) -> (the receiver's place, why not)."""
    drops: dict[str, list[tuple[str, str]]]
    equips: dict[str, tuple[bool, list[str], list[str]]]


def _attempt(turn: Turn, held: _Holdings, contested: set[str],
             upfront: dict[tuple[str, int], str], failed: set[tuple[str, int]]) -> _Attempt:
    """One working-out of the exchange, from the start of the turn, with the
    transfers in ``failed`` left out."""
    moving: list[tuple[str, int, Give, str]] = []
    for name, _, gives in turn.with_orders(lambda plan: plan.give):
        for n, give in enumerate(gives):
            if (name, n) in upfront or (name, n) in failed:
                continue
            was = held(name).remove(give.item)
            moving.append((name, n, give, was or HANDS))
    drops = _drop_from(turn, held)
    equips = _equip_all(turn, held)
    takes: dict[str, list[tuple[Take, str | None, str]]] = {}
    for name, _, plan_takes in turn.with_orders(lambda plan: plan.take):
        me = held(name)
        outcome: list[tuple[Take, str | None, str]] = []
        for take in plan_takes:
            if take.item in contested:
                outcome.append((take, None, "contested"))
                continue
            default = (*TAKE_DEFAULT_ORDER, *me.worn_places)
            place = _place_for(me, turn.world.items[take.item].carry, take.place, default)
            if place is not None:
                me.slot(place).append(take.item)
            outcome.append((take, place, "" if place else "no-room"))
        takes[name] = outcome
    received: dict[tuple[str, int], tuple[str | None, str]] = {}
    by_receiver: dict[str, list[tuple[str, int, Give]]] = defaultdict(list)
    for name, n, give, _ in moving:
        by_receiver[give.to].append((name, n, give))
    for receiver in sorted(by_receiver):
        me = held(receiver)
        wanted = {accept.item: accept.place for accept in turn.plans[receiver].accept}
        rank = {item: n for n, item in enumerate(wanted)}
        for giver, n, give in sorted(by_receiver[receiver], key=lambda offer: (
                rank.get(offer[2].item, len(rank)), offer[0], offer[1])):
            place = _place_for(me, turn.world.items[give.item].carry, wanted.get(give.item),
                               GIVE_DEFAULT_ORDER)
            if place is not None:
                me.slot(place).append(give.item)
            received[(giver, n)] = (place, "" if place else "no-room")
    return _Attempt(takes, received, drops, equips)


def _drop_from(turn: Turn, held: _Holdings) -> dict[str, list[tuple[str, str]]]:
    """CHAT-DRP-1: each dropped item leaves its character, if it carried it at
    the start of the turn and does not give it away this turn."""
    drops: dict[str, list[tuple[str, str]]] = {}
    for name, _, plan_drops in turn.with_orders(lambda plan: plan.drop):
        giving = {give.item for give in turn.plans[name].give}
        outcome = []
        for drop in plan_drops:
            if drop.item in giving:
                outcome.append((drop.item, "given"))
            elif held(name).remove(drop.item) is None:
                outcome.append((drop.item, "not-carried"))
            else:
                outcome.append((drop.item, ""))
        drops[name] = outcome
    return drops


def _equip_all(turn: Turn, held: _Holdings) -> dict[str, tuple[bool, list[str], list[str]]]:
    """CHAT-EQP-1: the hands hold the items named, the rest of the hands and the
    inventory goes to the inventory; among the items carried at the start
    of the turn and not leaving it."""
    equips: dict[str, tuple[bool, list[str], list[str]]] = {}
    for name in turn.acting():
        order = turn.plans[name].equip
        if order is None:
            continue
        me: Character = held(name)
        both = me.hands + me.inventory
        wanted = list(dict.fromkeys(order.hands))
        rest = [item for item in both if item not in wanted]
        fits = (all(item in both for item in wanted) and len(wanted) <= me.hand_slots
                and len(rest) <= me.inventory_slots
                and all(HANDS in turn.world.items[item].carry for item in wanted))
        before = turn.world.visible_items(me)
        if fits:
            me.hands[:] = wanted
            me.inventory[:] = rest
        equips[name] = (fits, before, turn.world.visible_items(me))
    return equips


def _commit(turn: Turn, attempt: _Attempt, exchange: Exchange,
            failed: dict[tuple[str, int], str]) -> None:
    """The settled exchange made real (the holdings already are): floors, and
    what to report; ``failed``: why each transfer that did not happen failed."""
    for name, outcome in attempt.takes.items():
        floor = turn.world.floor[turn.character(name).room]
        for take, place, _ in outcome:
            if place is not None:
                floor.remove(take.item)
                turn.taken.add(take.item)
    for name, outcome_drops in attempt.drops.items():
        floor = turn.world.floor[turn.character(name).room]
        floor += [item for item, why in outcome_drops if not why]
    exchange.takes = attempt.takes
    exchange.drops = attempt.drops
    exchange.equips = attempt.equips
    exchange.gives = [(giver, turn.plans[giver].give[n], place, "")
                      for (giver, n), (place, why) in attempt.received.items() if not why]
    for name, _, gives in turn.with_orders(lambda plan: plan.give):
        for n, give in enumerate(gives):
            why = failed.get((name, n))
            if why:
                exchange.gives.append((name, give, None, why))


def _place_for(who: Character, carry: list[str], wanted: str | None,
               default: tuple[str, ...]) -> str | None:
    """Where an item goes: the wanted place if it has room, else the default
    order (house rule: a full wanted place falls back to the default)."""
    order = ([wanted] if wanted else []) + [p for p in default if p != wanted]
    for place in order:
        if place in carry and who.has_room(place):
            return place
    return None


def _give_problem(turn: Turn, giver: Character, give: Give) -> str | None:
    """Why a transfer is impossible whatever else happens (CHAT-GIV-3), or None."""
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


# -- the lines written, in the book's order --------------------------------------------


def report_takes(turn: Turn, exchange: Exchange) -> None:
    """CHAT-TAK-1..3, CHAT-TAK-5: who took what, from where; where it went."""
    for name in sorted(exchange.takes):
        me = turn.character(name)
        for take, place, why in exchange.takes[name]:
            item = turn.world.item_title(take.item)
            if why == "contested":
                turn.tell(NOW, name, "CHAT-TAK-2", "take-contested", {
                    "kind": "take-failed", "character": name, "item": take.item,
                    "reason": "contested"}, item=item)
            elif place is None:
                turn.tell(NOW, name, "CHAT-TAK-3", "take-no-room", {
                    "kind": "take-failed", "character": name, "item": take.item,
                    "reason": "no-room"}, item=item)
            else:
                turn.see(NOW, turn.room_watchers(me.room, recorded=True), "CHAT-TAK-5",
                         "took", {"kind": "took", "character": name, "item": take.item,
                                  "room": me.room},
                         actor=name, who=me.title, item=item,
                         room=turn.world.room_title(me.room))
                turn.tell(NOW, name, "CHAT-TAK-1", "put", {
                    "kind": "put", "character": name, "item": take.item, "place": place},
                    item=item, place=place)


def attack(turn: Turn, chosen: dict[str, list[str | None]]) -> None:
    """CHAT-MEL-1, CHAT-MEL-2, CHAT-TRN-5, CHAT-TRN-6, CHAT-TGT-2, CHAT-TAK-4:
    melee and item abilities; all damage lands at once."""
    damage: dict[str, int] = defaultdict(int)
    dealt: dict[tuple[str, str], int] = defaultdict(int)
    """Damage by (attacker, target), told to each attacker (CHAT-MEL-1)."""
    for name in turn.acting():
        plan = turn.plans[name]
        if plan.melee is None and not plan.use:
            continue
        me = turn.character(name)
        watchers = turn.room_watchers(me.room, recorded=True)
        if plan.melee is not None:
            target = plan.melee.target
            if turn.spend(me, ACTIONS["melee"].cost):
                facts = _attack(name, target, "melee")
                if target:
                    turn.see(NOW, watchers, "CHAT-MEL-2", "melee", facts, actor=name,
                             target=target, who=me.title, whom=turn.character(target).title)
                else:
                    turn.see(NOW, watchers, "CHAT-MEL-2", "melee.air", facts, actor=name,
                             who=me.title)
                if target:
                    damage[target] += turn.world.settings.melee_damage
                    dealt[name, target] += turn.world.settings.melee_damage
            else:
                turn.tell(NOW, name, "CHAT-TAG-2", "no-concentration", {
                    "kind": "no-concentration", "character": name, "action": "melee"},
                    action=msg("facility.action.melee"))
        for use, item in zip(plan.use, chosen.get(name, ()), strict=False):
            if item is None or not _in_hand_for_use(turn, me, item):
                turn.tell(NOW, name, "CHAT-TRN-6", "cannot-use", {
                    "kind": "cannot-use", "character": name, "ability": use.ability},
                    ability=msg(f"facility.ability.{use.ability}"))
                continue
            if not turn.spend(me, ABILITIES[use.ability].cost):
                turn.tell(NOW, name, "CHAT-TAG-2", "no-concentration", {
                    "kind": "no-concentration", "character": name, "action": use.ability},
                    action=msg(f"facility.ability.{use.ability}"))
                continue
            turn.used.add(item)
            target = use.target
            facts = {**_attack(name, target, use.ability), "item": item}
            if target:
                turn.see(NOW, watchers, None, f"used.{use.ability}", facts, actor=name,
                         target=target, who=me.title, item=turn.world.item_title(item),
                         whom=turn.character(target).title)
            else:
                turn.see(NOW, watchers, None, f"used.{use.ability}.air", facts, actor=name,
                         who=me.title, item=turn.world.item_title(item))
            if target and ABILITIES[use.ability].damages:
                damage[target] += turn.world.items[item].damage
                dealt[name, target] += turn.world.items[item].damage
    for (name, target), amount in sorted(dealt.items()):
        turn.tell(NOW, name, "CHAT-MEL-1", "dealt", {
            "kind": "dealt", "character": name, "target": target, "damage": amount},
            target=turn.character(target).title, damage=amount)
    for name in sorted(damage):
        hurt = turn.character(name)
        was_up = not hurt.is_down
        hurt.health = max(0, hurt.health - damage[name])
        turn.tell(NOW, name, "CHAT-MEL-1", "hurt", {
            "kind": "hurt", "character": name, "damage": damage[name], "health": hurt.health},
            damage=damage[name], health=hurt.health)
        if was_up and hurt.is_down:
            turn.see(NOW, turn.room_watchers(hurt.room, recorded=True), None, "fell",
                     {"kind": "fell", "character": name}, actor=name, who=hurt.title)


def _attack(attacker: str, target: str | None, means: str) -> dict[str, Any]:
    """The facts of an attack (CHAT-MEL-2; a shot): it hits its target, if any."""
    return {"kind": "attack", "attacker": attacker, "target": target, "means": means,
            "result": "hit" if target else "air"}


def _in_hand_for_use(turn: Turn, me: Character, item: str) -> bool:
    """CHAT-TAK-4, CHAT-DRP-2: carried at the start of the turn (dropped since
    or not), or taken this turn."""
    return item in turn.start_place[me.name] or (
        item in turn.taken and me.place_of(item) is not None)


def show_items(turn: Turn) -> None:
    """CHAT-SHW-1, CHAT-SHW-2: show an item as it was at the start of the turn: its
    full description, where it came from, whether it was in the hands."""
    for name, me, shows in turn.with_orders(lambda plan: plan.show):
        for show in shows:
            place = turn.start_place[name].get(show.item)
            if place is None:
                turn.tell(NOW, name, "CHAT-TRN-6", "cannot-show", {
                    "kind": "cannot-show", "character": name, "item": show.item},
                    item=turn.world.item_title(show.item))
                continue
            if not turn.spend(me, ACTIONS["show"].cost):
                turn.tell(NOW, name, "CHAT-TAG-2", "no-concentration", {
                    "kind": "no-concentration", "character": name, "action": "show"},
                    action=msg("facility.action.show"))
                continue
            model = turn.world.items[show.item]
            description = Name(model.description or model.kind, model.description_ru or None)
            turn.see(NOW, turn.room_watchers(me.room, recorded=True), "CHAT-SHW-2", "showed",
                     {"kind": "shown", "character": name, "item": show.item, "place": place},
                     actor=name, who=me.title, item=turn.world.item_title(show.item),
                     description=description, place=place)


def report_gives(turn: Turn, exchange: Exchange) -> None:
    """CHAT-GIV-1..6, CHAT-REF-1: transfers seen by the room, only "X gave
    something to Y" by its camera; a failed one told to its giver (why, to
    the game master)."""
    recorded: set[tuple[str, str]] = set()
    for giver_name, give, place, why in exchange.gives:
        giver = turn.character(giver_name)
        receiver = turn.character(give.to)
        item = turn.world.item_title(give.item)
        if place is None:
            clause = {"used": "CHAT-GIV-4", "refused": "CHAT-REF-1",
                      "not-carried": "CHAT-TRN-6"}.get(why, "CHAT-GIV-3")
            facts = {"kind": "give-failed", "character": giver_name, "item": give.item,
                     "target": give.to}
            turn.tell(NOW, giver_name, "CHAT-GIV-3", "give-failed", facts, item=item,
                      to=receiver.title)
            turn.note(NOW, (), clause, f"why.{why}", {
                **facts, "kind": "give-failed-reason", "reason": why},
                who=giver.title, item=item, to=receiver.title)
            continue
        turn.see(NOW, turn.room_watchers(receiver.room, recorded=False), "CHAT-GIV-6", "gave",
                 {"kind": "gave", "character": giver_name, "item": give.item,
                  "target": give.to},
                 actor=giver_name, target=give.to, who=giver.title, item=item, to=receiver.title)
        turn.tell(NOW, give.to, "CHAT-GIV-2", "put", {
            "kind": "put", "character": give.to, "item": give.item, "place": place},
            item=item, place=place)
        if receiver.room in turn.world.cameras and (giver_name, give.to) not in recorded:
            recorded.add((giver_name, give.to))
            turn.record(NOW, receiver.room, "CHAT-GIV-6", "gave-something", {
                "kind": "camera-gave", "camera": receiver.room, "character": giver_name,
                "target": give.to}, who=giver.title, to=receiver.title)


def report_drops(turn: Turn, exchange: Exchange) -> None:
    """CHAT-DRP-1..3: items left in the room; every drop is seen and recorded."""
    for name in sorted(exchange.drops):
        me = turn.character(name)
        for drop, why in exchange.drops[name]:
            item = turn.world.item_title(drop)
            if why:
                key = "cannot-drop-given" if why == "given" else "cannot-drop"
                turn.tell(NOW, name, "CHAT-TRN-6", key, {
                    "kind": "cannot-drop", "character": name, "item": drop, "reason": why},
                    item=item)
                continue
            turn.see(NOW, turn.room_watchers(me.room, recorded=True), "CHAT-DRP-3", "dropped",
                     {"kind": "dropped", "character": name, "item": drop, "room": me.room},
                     actor=name, who=me.title, item=item)


def report_equip(turn: Turn, exchange: Exchange) -> None:
    """CHAT-EQP-1, CHAT-EQP-2: others see only what stops or starts being visible."""
    for name in sorted(exchange.equips):
        fits, before, after = exchange.equips[name]
        me = turn.character(name)
        if not fits:
            turn.tell(NOW, name, "CHAT-EQP-1", "equip-failed",
                      {"kind": "equip-failed", "character": name})
            continue
        turn.tell(NOW, name, "CHAT-EQP-1", "equipped-self", {
            "kind": "rearranged", "character": name, "hands": ids(me.hands),
            "inventory": ids(me.inventory)})
        hidden = [i for i in before if i not in after]
        shown = [i for i in after if i not in before]
        if hidden or shown:
            turn.note(NOW, turn.room_watchers(me.room, recorded=True) - {name}, "CHAT-EQP-2",
                      "equipped", {"kind": "equipped", "character": name,
                                   "hidden": ids(hidden), "shown": ids(shown)},
                      who=me.title, hidden=_titles(turn, hidden), shown=_titles(turn, shown))


def _titles(turn: Turn, items: list[str]) -> tuple[Param, ...]:
    """Items by their names; "nothing" for none."""
    return tuple(turn.world.item_title(i) for i in items) or (msg("facility.nothing"),)
