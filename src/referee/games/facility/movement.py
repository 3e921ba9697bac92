"""Movement, chase, follow, detain and danger: resolved after every other action
(CHAT-TRN-4), in 5 simultaneous steps (CHAT-MOV-5).

Each step: every character's intent (a door, a pause, or nothing; followers and
chasers copy their leader's door), then the doorways (detain before follow),
then the moves, what each character and camera saw, and the meetings in rooms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from referee.core.i18n import Msg, Name, msg, personal
from referee.games.facility.orders import Step
from referee.games.facility.tables import (
    ACTIONS,
    CHASE_DISCOUNT_IF_TARGET_STILL,
    FIRST_STEP,
    ITEM_FEATURE,
    STEPS,
    UNIFORM_FEATURE,
    movement_cost,
)
from referee.games.facility.turn import Turn, ids
from referee.games.facility.world import Character, Door, World, in_points, toml_number


@dataclass(slots=True)
class Mover:
    name: str
    me: Character
    route: Sequence[Step]
    follow: Sequence[str]
    detain: Sequence[str]
    ignore: bool
    chase: str | None = None
    pos: int = 0
    following: str | None = None
    stopped: bool = False
    detaining: bool = False
    counted: int = 0
    """Doors and pauses counted for the movement cost (CHAT-MOV-3, -7, CHAT-FOL-6)."""
    passed: int = 0
    """Doors actually passed this turn (CHAT-CHS-3: did the target move)."""
    half_paid: bool = False
    """A chase paid at 0.5 (all the chaser had): it lasts while the target stays."""


@dataclass
class StepState:
    """One step's working data."""

    number: int
    occupants: dict[int, set[str]]
    """Who is in each room at the step's start."""
    intents: dict[str, Door | None] = field(default_factory=dict)
    leader_of: dict[str, str] = field(default_factory=dict)
    balked: dict[str, Door] = field(default_factory=dict)
    cancelled: set[str] = field(default_factory=set)
    met: set[frozenset[str]] = field(default_factory=set)
    computing: set[str] = field(default_factory=set)
    armed: frozenset[str] = frozenset()
    """Who is a danger (house rule: armed and not down); set for the whole movement."""
    moved_from: dict[str, int] = field(default_factory=dict)
    """Who passed a door this step, and the room it left."""
    detained: set[str] = field(default_factory=set)
    """Who was stopped by a detention this step (detainers and their targets)."""
    started: list[tuple[str, str]] = field(default_factory=list)
    """(follower, target) of each follow started this step, told at its end."""

    def start_room(self, mover: Mover) -> int:
        return self.moved_from.get(mover.name, mover.me.room)


def resolve_movement(turn: Turn) -> None:
    """CHAT-MOV-5: 5 steps, everyone at once."""
    movers = {name: _mover(turn, name) for name in turn.names()}
    pay_up_front(turn, movers)
    # No action moves anyone (CHAT-TRN-4): the rooms are as the turn found them;
    # each step replaces the sets of the rooms it changed.
    occupants = dict(turn.start_occupants)
    active = [name for name, mover in movers.items() if _may_move(mover)]
    armed = _armed(turn, movers) if active else frozenset()
    for number in range(FIRST_STEP, STEPS + 1):
        if not active:
            break  # no one may go through a door: the steps left see nothing happen
        step = StepState(number, occupants, armed=armed)
        ends = run_step(turn, movers, step, active)
        active = [name for name in active if _may_move(movers[name])]
        occupants.update((room, set(names)) for room, names in ends.items())
    settle_chases(turn, movers)


def _armed(turn: Turn, movers: dict[str, Mover]) -> frozenset[str]:
    """House rule (danger): who is armed and not down when movement starts."""
    weapons = turn.world.weapons()
    return frozenset(name for name, mover in movers.items()
                     if not weapons.isdisjoint(mover.me.hands) and not mover.me.is_down)


def _may_move(mover: Mover) -> bool:
    """Whether ``mover`` may still go through a door: its own route goes on,
    or it follows or chases someone. Everyone else stands still this turn
    (and is left out of the steps' intents: most characters in a large turn)."""
    return not mover.stopped and (mover.pos < len(mover.route) or mover.following is not None
                                  or mover.chase is not None)


def _mover(turn: Turn, name: str) -> Mover:
    plan = turn.plans[name]
    me = turn.character(name)
    # the plan's own parts, which nothing changes
    mover = Mover(name, me, plan.route, plan.follow, plan.detain, plan.ignore, plan.chase)
    mover.stopped = me.is_down  # house rule: down characters do not move
    return mover


def pay_up_front(turn: Turn, movers: dict[str, Mover]) -> None:
    """CHAT-CHS-1 and CHAT-DET-1 costs, paid when movement starts (house rule:
    an action its character cannot pay for does not happen). A chaser with
    less than the full 1 but at least 0.5 pays 0.5, what a chase of a target
    that does not move costs (CHAT-CHS-3): its chase lasts while the target
    stays (house rule 4)."""
    for name, mover in movers.items():  # built in sorted order
        me = mover.me
        if mover.chase is not None and not mover.stopped:
            cost = ACTIONS["chase"].cost
            if me.points < me.points_of(cost):
                cost -= CHASE_DISCOUNT_IF_TARGET_STILL
                mover.half_paid = True
            if turn.spend(me, cost):
                turn.tell(FIRST_STEP, name, "CHAT-CHS-1", "chasing", {
                    "kind": "chase-started", "character": name, "target": mover.chase},
                    target=turn.character(mover.chase).title)
            else:
                turn.tell(FIRST_STEP, name, "CHAT-TAG-2", "no-concentration", {
                    "kind": "no-concentration", "character": name, "action": "chase"},
                    action=_action("chase"))
                mover.chase = None
        if mover.detain and not mover.stopped:
            if turn.spend(me, ACTIONS["detain"].cost):
                mover.detaining = True
            else:
                turn.tell(FIRST_STEP, name, "CHAT-TAG-2", "no-concentration", {
                    "kind": "no-concentration", "character": name, "action": "detain"},
                    action=_action("detain"))


def _action(key: str) -> Msg:
    return msg(f"facility.action.{key}")


def settle_chases(turn: Turn, movers: dict[str, Mover]) -> None:
    """CHAT-CHS-3: a chase costs 0.5 less when its target did not move."""
    for name, mover in movers.items():  # built in sorted order
        if mover.chase is not None and not mover.half_paid and movers[mover.chase].passed == 0:
            mover.me.points += mover.me.points_of(CHASE_DISCOUNT_IF_TARGET_STILL)
            turn.tell(STEPS, name, "CHAT-CHS-3", "chase-refund", {
                "kind": "chase-refund", "character": name, "target": mover.chase,
                "amount": toml_number(CHASE_DISCOUNT_IF_TARGET_STILL)},
                target=turn.character(mover.chase).title)


def matching_rank(world: World, entries: Sequence[str], other: Character) -> int | None:
    """CHAT-FOL-1, CHAT-DET-1: the first entry of the list ``other`` answers to:
    its name, its uniform, or an item visible on it."""
    visible_kinds: set[str] | None = None
    for rank, entry in enumerate(entries):
        if entry == other.name or entry == UNIFORM_FEATURE + other.uniform:
            return rank
        if entry.startswith(ITEM_FEATURE):
            if visible_kinds is None:
                visible_kinds = {world.items[i].kind for i in world.visible_items(other)}
            if entry[len(ITEM_FEATURE):] in visible_kinds:
                return rank
    return None


@cache
def _one_more(counted: int, unit: int) -> int:
    """CHAT-MOV-3: what one more door (or pause) costs after ``counted``, in
    parts of ``1/unit`` of a point."""
    return in_points(movement_cost(counted + 1) - movement_cost(counted), unit)


def _affordable(turn: Turn, mover: Mover) -> bool:
    """CHAT-MOV-3, CHAT-MOV-7, CHAT-FOL-6: enough concentration for one more door."""
    me = mover.me
    return me.points >= _one_more(mover.counted, me.unit)


def _count(turn: Turn, mover: Mover) -> None:
    """Charge one more door (or pause) of movement, door by door."""
    me = mover.me
    delta = _one_more(mover.counted, me.unit)
    mover.counted += 1
    if delta:
        me.points -= delta


def run_step(turn: Turn, movers: dict[str, Mover], step: StepState, active: list[str],
             ) -> dict[int, list[str]]:
    """One step for everyone; ``active`` (sorted) are those who may move.
    Returns who is now in each room someone entered or left."""
    for name in active:
        _intent(turn, movers, step, name)
    passers = [name for name in active if step.intents.get(name) is not None]
    by_door = _doorways(turn, movers, step, passers)
    _propagate_cancels(step)
    _apply_moves(turn, movers, step, passers)
    ends = _end_occupants(step, movers)
    _report_moves(turn, step, by_door, ends)
    started = _room_meetings(turn, movers, step, ends)
    if started:
        active[:] = sorted(set(active).union(started))
    _tell_follows(turn, movers, step)
    return ends


def _tell_follows(turn: Turn, movers: dict[str, Mover], step: StepState) -> None:
    """CHAT-FOL-1, CHAT-DET-5: each follow started this step, told to its
    follower; but one detained in the same step follows no one (detain
    comes first) and is not told it does."""
    for name, target in step.started:
        if name in step.detained:
            movers[name].following = None
            continue
        turn.tell(step.number, name, "CHAT-FOL-1", "following", {
            "kind": "following", "character": name, "target": target},
            target=turn.character(target).title)


def _end_occupants(step: StepState, movers: dict[str, Mover]) -> dict[int, list[str]]:
    """Who is, at the step's end, in each room someone entered or left (sorted)."""
    changed: dict[int, set[str]] = {}
    for name, origin in step.moved_from.items():
        for room in (origin, movers[name].me.room):
            if room not in changed:
                changed[room] = set(step.occupants.get(room, ()))
    for name, origin in step.moved_from.items():
        changed[origin].discard(name)
        changed[movers[name].me.room].add(name)
    return {room: sorted(names) for room, names in changed.items()}


def _intent(turn: Turn, movers: dict[str, Mover], step: StepState, name: str) -> Door | None:
    if name in step.intents:
        return step.intents[name]
    if name in step.computing:
        return None  # house rule: a circle of followers or chasers stands still
    step.computing.add(name)
    door = _own_intent(turn, movers, step, name)
    step.computing.discard(name)
    step.intents[name] = door
    return door


def _own_intent(turn: Turn, movers: dict[str, Mover], step: StepState, name: str,
                ) -> Door | None:
    mover = movers[name]
    if mover.stopped:
        return None
    leader = mover.following or mover.chase
    if leader is not None:
        door = _intent(turn, movers, step, leader)
        if door is None or door.origin != mover.me.room:
            return None
        if mover.chase is not None and mover.half_paid:
            mover.stopped = True  # house rule 4: it cannot pay the full chase
            turn.tell(step.number, name, "CHAT-CHS-3", "chase-short", {
                "kind": "chase-short", "character": name, "target": leader},
                target=turn.character(leader).title)
            return None
        if mover.following is not None and not _affordable(turn, mover):
            mover.stopped = True  # CHAT-FOL-6: loses the target
            turn.tell(step.number, name, "CHAT-FOL-6", "lost", {
                "kind": "lost", "character": name, "target": leader},
                target=turn.character(leader).title)
            return None
        step.leader_of[name] = leader
        candidate = door
    else:
        if mover.pos >= len(mover.route):
            return None
        if not _affordable(turn, mover):
            mover.stopped = True  # CHAT-MOV-3
            turn.tell(step.number, name, "CHAT-MOV-3", "tired",
                      {"kind": "tired", "character": name})
            return None
        element = mover.route[mover.pos]
        if element is None:
            mover.pos += 1
            _count(turn, mover)  # CHAT-MOV-7
            turn.tell(step.number, name, "CHAT-MOV-6", "paused",
                      {"kind": "paused", "character": name})
            return None
        candidate = element
    if _danger(turn, mover, candidate, step):
        mover.stopped = True
        step.balked[name] = candidate
        return None
    return candidate


def _danger(turn: Turn, mover: Mover, door: Door, step: StepState) -> bool:
    """CHAT-IGN-1 (house rule for what a danger is): an armed character seen
    through the door about to be passed; ignoring characters go on."""
    if mover.ignore or not step.armed or turn.world.settings.danger == "none":
        return False
    armed = sorted(name for name in step.occupants.get(door.destination, ())
                   if name != mover.name and name in step.armed)
    if not armed:
        return False
    turn.tell(step.number, mover.name, "CHAT-IGN-1", "danger", {
        "kind": "danger", "character": mover.name, "door": door.name,
        "room": door.destination, "armed": ids(armed)},
        door=door.title, room=turn.world.room_title(door.destination),
        seen=tuple(turn.character(n).title for n in armed))
    return True


def _doorways(turn: Turn, movers: dict[str, Mover], step: StepState, passers: list[str],
              ) -> dict[int, list[str]]:
    """CHAT-DET-4, CHAT-FOL-5, CHAT-DET-5: meetings in doorways, detain first."""
    by_door: dict[int, list[str]] = {}
    for name in passers:
        by_door.setdefault(step.intents[name].index, []).append(name)  # type: ignore[union-attr]
    for name in sorted(step.balked):
        by_door.setdefault(step.balked[name].index, []).append(name)
    for index in sorted(by_door):
        if len(by_door[index]) == 1:
            continue  # alone in the doorway, as most are: no one to meet
        passing = [n for n in by_door[index] if step.intents.get(n) is not None]
        sides: dict[int, list[str]] = {}
        for name in passing:
            door = step.intents[name]
            if door is not None:
                sides.setdefault(door.origin, []).append(name)
        if len(sides) != 2:
            continue
        (low, one), (_, other) = sorted(sides.items())
        for a in one:
            for b in other:
                step.met.add(frozenset((a, b)))
        involved = _doorway_detentions(turn, movers, step, one, other, low, by_door[index])
        _doorway_follows(turn, movers, step, one, other, low, involved)
    return by_door


def _doorway_detentions(turn: Turn, movers: dict[str, Mover], step: StepState, one: list[str],
                        other: list[str], low: int, witnesses: list[str]) -> set[str]:
    """CHAT-DET-4, CHAT-DET-6: the detainer stays, its target comes through to it;
    both stop. House rule: when each detains the other, both end up in the
    lower-numbered room. Seen only by those in the doorway; no camera."""
    pairs = [(d, t) for side, far in ((one, other), (other, one)) for d in side for t in far
             if movers[d].detaining
             and matching_rank(turn.world, movers[d].detain, turn.character(t)) is not None]
    if not pairs:
        return set()
    detainers = {d for d, _ in pairs}
    targets = {t for _, t in pairs}
    for name in sorted(detainers | targets):
        door = step.intents[name]
        stays = name in detainers and (name not in targets or (door is not None
                                                                and door.origin == low))
        if stays:
            step.cancelled.add(name)
        movers[name].stopped = True
        step.detained.add(name)
    for d, t in pairs:
        turn.see(step.number, witnesses, "CHAT-DET-6", "detained-doorway", {
            "kind": "detained", "character": d, "target": t, "doorway": True},
            actor=d, target=t, who=turn.character(d).title, whom=turn.character(t).title)
    return detainers | targets


def _doorway_follows(turn: Turn, movers: dict[str, Mover], step: StepState, one: list[str],
                     other: list[str], low: int, involved: set[str]) -> None:
    """CHAT-FOL-5: following may start in a doorway: the follower turns back
    with its target. House rule: two who follow each other both end up in the
    lower-numbered room."""
    choice: dict[str, str] = {}
    for side, far in ((one, other), (other, one)):
        for name in side:
            target = _best_target(turn, movers[name], far)
            if target is not None and name not in involved and _can_start_following(
                    movers[name]):
                choice[name] = target
    for name, target in sorted(choice.items()):
        door = step.intents[name]
        mutual = choice.get(target) == name
        if not mutual or (door is not None and door.origin == low):
            step.cancelled.add(name)
        _start_following(movers[name], target, step)


def _can_start_following(mover: Mover) -> bool:
    """CHAT-FOL-3: only someone not yet following anyone (house rule: nor chasing)."""
    return (bool(mover.follow) and mover.following is None and mover.chase is None
            and not mover.stopped)


def _best_target(turn: Turn, mover: Mover, candidates: list[str] | set[str]) -> str | None:
    """CHAT-FOL-4: the one higher in the list (house rule: equal rank, by name)."""
    ranked = []
    for name in candidates:
        rank = matching_rank(turn.world, mover.follow, turn.character(name))
        if rank is not None:
            ranked.append((rank, name))
    return min(ranked)[1] if ranked else None


def _start_following(mover: Mover, target: str, step: StepState) -> None:
    mover.following = target
    step.started.append((mover.name, target))


def _propagate_cancels(step: StepState) -> None:
    """A follower or chaser whose leader turned back in a doorway stays too."""
    changed = True
    while changed:
        changed = False
        for name, leader in sorted(step.leader_of.items()):
            if leader in step.cancelled and name not in step.cancelled:
                step.cancelled.add(name)
                changed = True


def _apply_moves(turn: Turn, movers: dict[str, Mover], step: StepState,
                 passers: list[str]) -> None:
    for name in passers:
        door = step.intents[name]
        if door is None or name in step.cancelled:
            continue
        mover = movers[name]
        step.moved_from[name] = mover.me.room
        turn.world.move(mover.me, door.destination)
        mover.passed += 1
        leader = step.leader_of.get(name)
        if leader is None:
            mover.pos += 1
            _count(turn, mover)
        elif mover.following == leader:
            _count(turn, mover)  # CHAT-FOL-6; chase doors are free (CHAT-CHS-4)
        _tell_went(turn, step, name, door)


def _tell_went(turn: Turn, step: StepState, name: str, door: Door) -> None:
    """CHAT-MOV-5: ``name`` is told it went through ``door``."""
    kept = ("went", name, door.origin, door.name, step.number)
    if turn.told_again(kept, name, "CHAT-MOV-5"):
        return
    turn.tell(step.number, name, "CHAT-MOV-5", "went", {
        "kind": "moved", "character": name, "door": door.name, "from": door.origin,
        "to": door.destination}, kept=kept,
        door=door.title, room=turn.world.room_title(door.destination))


def _report_moves(turn: Turn, step: StepState, by_door: dict[int, list[str]],
                  ends: dict[int, list[str]]) -> None:
    """CHAT-MOV-4, CHAT-VIS-4, CHAT-CHS-5: who headed where, who left, who came in;
    cameras record who entered or left and through which door."""
    for index in sorted(by_door):
        for name in by_door[index]:
            door = step.intents.get(name) or step.balked[name]
            _report_one(turn, step, name, door, by_door[index], ends)


def _report_one(turn: Turn, step: StepState, name: str, door: Door, in_doorway: list[str],
                end: dict[int, list[str]]) -> None:
    # Each sight is worded only if someone had it (most movers are seen by no one).
    intents = step.intents
    passed = intents.get(name) is not None and name not in step.cancelled
    moving, standing = _watchers(step, name, door.origin)
    if moving:
        _sight(turn, step, moving, "CHAT-MOV-4", "headed", "headed", name, door.name,
               door.origin, door.title)
    if standing:
        went = "left" if passed else "stayed"
        _sight(turn, step, standing, "CHAT-VIS-4", went, went, name, door.name, door.origin,
               door.title)
    if not passed:
        if name in step.cancelled:
            turn.tell(step.number, name, "CHAT-MOV-5", "turned-back",
                      _at_door("turned-back", name, door.name, door.origin), door=door.title)
        return
    if len(in_doorway) == 1:  # alone in the doorway, as most are
        same_way, other_way = _NO_ONE, _NO_ONE
    else:
        same_way, other_way = _met_in_doorway(step, name, door, in_doorway)
    if same_way:
        who = turn.character(name).title
        together = sorted(same_way)
        turn.emit(step.number, together, "CHAT-VIS-4", personal(
            together, msg("facility.together", who=who, door=door.title),
            msg("facility.gm.together", who=who, door=door.title,
                others=tuple(turn.character(n).title for n in together))),
            {**_at_door("together", name, door.name, door.origin), "others": ids(together)})
    if other_way:
        _sight(turn, step, other_way, "CHAT-VIS-4", "other-way", "came-towards", name,
               door.far_name, door.destination, door.far_title)
    # House rule 12: coming in, a character sees who is in the room, among them
    # anyone met in the doorway who turned back there (a follower, a detainer).
    present = [n for n in end.get(door.destination, ()) if n != name and n not in same_way]
    if present:
        _tell_present(turn, step, name, door.destination, present)
        entering = frozenset(n for n in present if n not in other_way)
        if entering:
            _sight(turn, step, entering, "CHAT-MOV-4", "entered", "entered", name,
                   door.far_name, door.destination, door.far_title)
    cameras = turn.world.cameras
    if door.origin in cameras:
        _camera_left(turn, step, name, door)
    if door.destination in cameras:
        _camera_entered(turn, step, name, door)


def _watchers(step: StepState, name: str, room: int) -> tuple[frozenset[str], frozenset[str]]:
    """Who else was in ``room`` at the step's start: those going through a
    door themselves, and those standing."""
    here = step.occupants.get(room, ())
    if len(here) == 1 and name in here:  # the mover alone, as most are
        return _NO_ONE, _NO_ONE
    intents = step.intents
    moving = frozenset(w for w in here if w != name and intents.get(w) is not None)
    standing = frozenset(w for w in here if w != name and w not in moving)
    return moving, standing


_NO_ONE: frozenset[str] = frozenset()


def _sight(turn: Turn, step: StepState, seen: frozenset[str], clause: str, key: str,
           kind: str, name: str, door: str, room: int, title: Name) -> None:
    """A sight of ``name`` at ``door`` of ``room`` (as that room calls it:
    ``title``), had by ``seen`` (CHAT-MOV-4, CHAT-VIS-4): ``facility.<key>``,
    made once for each time it is said again by the same observers
    (:meth:`.Turn.seen_again`)."""
    kept = (key, name, door, room, step.number, seen)
    if not turn.seen_again(kept, seen, clause):
        turn.note_seen(step.number, seen, clause, key, _at_door(kind, name, door, room),
                       kept=kept, who=turn.character(name).title, door=title)


def _tell_present(turn: Turn, step: StepState, name: str, room: int, others: list[str]) -> None:
    """House rule 12: who ``name`` finds in ``room`` coming in (``others``, sorted)."""
    kept = ("present", name, room, step.number, *others)
    if turn.told_again(kept, name, "CHAT-VIS-4"):
        return
    turn.tell(step.number, name, "CHAT-VIS-4", "present", {
        "kind": "present", "character": name, "room": room, "others": ids(others)},
        kept=kept, room=turn.world.room_title(room),
        seen=tuple(turn.character(n).title for n in others))


def _camera_left(turn: Turn, step: StepState, name: str, door: Door) -> None:
    """CHAT-MOV-4: the camera of the room ``name`` left through ``door`` records it."""
    kept = ("cam-left", name, door.origin, door.name, step.number)
    if turn.recorded_again(kept, door.origin, "CHAT-MOV-4"):
        return
    turn.record(step.number, door.origin, "CHAT-MOV-4", "cam-left", {
        **_at_door("camera-left", name, door.name, door.origin), "camera": door.origin},
        kept=kept, who=turn.character(name).title, room=turn.world.room_title(door.origin),
        door=door.title)


def _camera_entered(turn: Turn, step: StepState, name: str, door: Door) -> None:
    """CHAT-MOV-4: the camera of the room ``name`` entered through ``door`` records it."""
    kept = ("cam-entered", name, door.origin, door.name, step.number)
    if turn.recorded_again(kept, door.destination, "CHAT-MOV-4"):
        return
    turn.record(step.number, door.destination, "CHAT-MOV-4", "cam-entered", {
        **_at_door("camera-entered", name, door.far_name, door.destination),
        "camera": door.destination},
        kept=kept, who=turn.character(name).title,
        room=turn.world.room_title(door.destination), door=door.far_title)


def _met_in_doorway(step: StepState, name: str, door: Door, in_doorway: list[str],
                    ) -> tuple[frozenset[str], frozenset[str]]:
    """Who else went through ``door`` the same way as ``name``, and who came
    the other way (CHAT-VIS-4). Those stopped by a danger never entered the
    doorway: they watch from the room."""
    same_way = frozenset(n for n in in_doorway if n != name and n not in step.balked
                         and _origin(step, n) == door.origin)
    other_way = frozenset(n for n in in_doorway if n not in step.balked
                          and _origin(step, n) == door.destination)
    return same_way, other_way


def _at_door(kind: str, name: str, door: str, room: int) -> dict[str, Any]:
    """The facts of a sight of ``name`` at ``door`` of ``room`` (as that room calls it)."""
    return {"kind": kind, "character": name, "door": door, "room": room}


def _origin(step: StepState, name: str) -> int | None:
    door = step.intents.get(name) or step.balked.get(name)
    return door.origin if door else None


def _room_meetings(turn: Turn, movers: dict[str, Mover], step: StepState,
                   ends: dict[int, list[str]]) -> list[str]:
    """CHAT-DET-1..3, CHAT-FOL-1..4, CHAT-DET-5: meeting in a room is coming to
    be in one room this step (house rule); being there together already is not
    (CHAT-FOL-2, CHAT-DET-2). Returns who started following."""
    arrived = {movers[name].me.room for name in step.moved_from}
    started = []
    for room in sorted(arrived):
        present = ends[room]
        if len(present) < 2:
            continue  # alone in the room: no one to meet
        came_from = {n: step.start_room(movers[n]) for n in present}
        newly = {n: {o for o in present if o != n and came_from[o] != came_from[n]
                     and frozenset((n, o)) not in step.met} for n in present}
        if not any(newly.values()):
            continue
        _room_detentions(turn, movers, step, room, present, newly)
        for name in present:
            if _can_start_following(movers[name]):
                target = _best_target(turn, movers[name], newly[name])
                if target is not None:
                    _start_following(movers[name], target, step)
                    started.append(name)
    return started


def _room_detentions(turn: Turn, movers: dict[str, Mover], step: StepState, room: int,
                     present: list[str], newly: dict[str, set[str]]) -> None:
    """CHAT-DET-1, CHAT-DET-3, CHAT-DET-6: both stop; the room and its camera see it."""
    seen = turn.room_watchers(room, recorded=True, occupants={room: set(present)})
    for name in present:
        mover = movers[name]
        if not mover.detaining:
            continue
        for target in sorted(newly[name]):
            if matching_rank(turn.world, mover.detain, turn.character(target)) is None:
                continue
            mover.stopped = True
            movers[target].stopped = True
            step.detained.update((name, target))
            turn.see(step.number, seen, "CHAT-DET-6", "detained", {
                "kind": "detained", "character": name, "target": target, "doorway": False},
                actor=name, target=target, who=turn.character(name).title,
                whom=turn.character(target).title)

