"""Dice and what Heroes do to them: Pluck tests, Fame, Fortune, wound rolls
and taking wounds."""

from __future__ import annotations

from referee.core.i18n import Msg, msg
from referee.core.waits import Chance, Decision, Option
from referee.games.old_west.state import OldWestState, Step
from referee.games.old_west.tables import FALL_FROM_HORSE, wound_need

FACES = (1, 2, 3, 4, 5, 6)


def d6(what: Msg) -> Step[int]:
    """One die; ``what`` says what it is for."""
    value: int = yield Chance.uniform(what, FACES)
    return value


def amounts(limit: int) -> list[Option]:
    return [Option(n, msg("ow.opt.fame", n=n)) for n in range(limit + 1)]


def fame_to_reach(state: OldWestState, fighter_id: str, total: int, need: int,
                  room: int, clause: str) -> Step[int]:
    """A Hero whose roll came to ``total`` may spend Fame, after seeing it, to
    reach ``need`` (OW-FAM-1, OW-FAM-2, OW-FAM-6). ``room`` is how far the dice
    may still be raised. Asks only when Fame can make the difference; returns
    the points spent."""
    hero = state.fighters[fighter_id]
    short = need - total
    if not hero.hero or short <= 0 or short > min(hero.fame, room):
        return 0
    question = msg("ow.ask.fame", name=hero.name, total=total, need=need)
    options = [Option(0, msg("ow.opt.fame", n=0)), Option(short, msg("ow.opt.fame", n=short))]
    spent: int = yield Decision.single(hero.posse, question, options)
    spend_fame(state, fighter_id, spent, clause)
    return spent


def spend_fame(state: OldWestState, fighter_id: str, points: int, clause: str) -> None:
    """Record Fame spent (OW-FAM-4)."""
    if points <= 0:
        return
    hero = state.fighters[fighter_id]
    hero.fame -= points
    state.emit(msg("ow.fame-spent", name=hero.name, n=points, left=hero.fame), clause=clause)


def pluck_test(state: OldWestState, fighter_id: str, clause: str) -> Step[bool]:
    """Two dice plus Pluck: 10 or more passes (OW-PLK-1). A Hero may raise it
    with Fame (OW-FAM-5). A rider tests with his own Pluck (OW-MNT-1)."""
    model = state.fighters[fighter_id]
    first = yield from d6(msg("ow.roll.pluck", name=model.name))
    second = yield from d6(msg("ow.roll.pluck", name=model.name))
    total = first + second + model.pluck
    room = max(0, state.rules.fame_cap - first) + max(0, state.rules.fame_cap - second)
    total += yield from fame_to_reach(state, fighter_id, total, 10, room, "OW-FAM-5")
    passed = total >= 10
    state.emit(msg("ow.pluck-passed" if passed else "ow.pluck-failed", name=model.name,
                   first=first, second=second, pluck=model.pluck, total=total), clause=clause)
    return passed


def dares(state: OldWestState, fighter_id: str, target_id: str) -> Step[bool]:
    """Charging or shooting an enemy with a Fearsome Reputation needs a
    passed Pluck test first (OW-FEAR-1); a model that fails does nothing more
    this phase (OW-FEAR-2)."""
    if not state.fighters[target_id].fearsome:
        return True
    if (yield from pluck_test(state, fighter_id, "OW-FEAR-1")):
        return True
    fighter = state.fighters[fighter_id]
    fighter.done = True
    state.emit(msg("ow.too-scared", name=fighter.name, target=state.name(target_id)),
               clause="OW-FEAR-2")
    return False


def wound_roll(state: OldWestState, striker_id: str | None, strength: int, toughness: int,
               target: Msg) -> Step[bool]:
    """Roll on the Wound Table (OW-WND-1..3); a Hero striker may add Fame to
    each die, and points spent on the first die of a 6/x carry over to the
    second (OW-FAM-7). ``striker_id`` None: no one can spend Fame (a fall)."""
    need = wound_need(strength, toughness)
    if need is None:
        state.emit(msg("ow.cannot-wound", target=target, strength=strength,
                       toughness=toughness), clause="OW-WND-3")
        return False
    label = msg("ow.roll.wound", target=target, need=need.text)
    first = yield from d6(label)
    carry = 0
    if striker_id is not None:
        room = max(0, state.rules.fame_cap - first)
        carry = yield from fame_to_reach(state, striker_id, first, need.first, room, "OW-FAM-6")
    if first + carry < need.first:
        state.emit(msg("ow.no-wound", target=target, roll=first + carry, need=need.text),
                   clause="OW-WND-1")
        return False
    if need.second is None:
        return True
    second = yield from d6(msg("ow.roll.wound-second", target=target, need=need.second))
    total = second + carry
    if striker_id is not None:
        total += yield from fame_to_reach(state, striker_id, total, need.second, 99, "OW-FAM-7")
    wounded = total >= need.second
    if not wounded:
        state.emit(msg("ow.no-wound-second", target=target, roll=total, need=need.second),
                   clause="OW-WND-2")
    return wounded


def take_wound(state: OldWestState, target_id: str, part: str, clause: str) -> Step[None]:
    """``target_id`` (``part`` "rider" or "mount") loses a Wound; out of action
    at its last (OW-WDS-1). A Hero may first spend Fortune (house rule)."""
    model = state.fighters[target_id]
    if part == "mount" and model.mount is not None:
        model.mount.wounds -= 1
        state.emit(msg("ow.mount-wounded", name=model.name, left=model.mount.wounds),
                   clause=clause)
        if model.mount.wounds <= 0:
            yield from mount_killed(state, target_id)
        return
    if (yield from fortune_saves(state, target_id)):
        return
    model.wounds -= 1
    if model.wounds > 0:
        state.emit(msg("ow.wounded", name=model.name, left=model.wounds), clause="OW-WDS-1")
        return
    state.remove_from_table(target_id, "out")
    state.emit(msg("ow.out-of-action", name=model.name), clause=clause)


def fortune_saves(state: OldWestState, hero_id: str) -> Step[bool]:
    """House rule (Fortune, from the full game): a Hero about to lose a Wound
    may spend a Fortune point and roll; on ``fortune_save`` or more the wound
    is not lost."""
    hero = state.fighters[hero_id]
    if hero.fortune <= 0:
        return False
    options = [Option(False, msg("ow.opt.keep-fortune")), Option(True, msg("ow.opt.fortune"))]
    spend = yield Decision.single(hero.posse, msg("ow.ask.fortune", name=hero.name,
                                                  left=hero.fortune), options)
    if not spend:
        return False
    hero.fortune -= 1
    roll = yield from d6(msg("ow.roll.fortune", name=hero.name))
    saved = roll >= state.rules.fortune_save
    state.emit(msg("ow.fortune-saved" if saved else "ow.fortune-failed", name=hero.name,
                   roll=roll, left=hero.fortune), clause="OW-HRO-1")
    return saved


def mount_killed(state: OldWestState, rider_id: str) -> Step[None]:
    """The mount dies: the rider rolls on the Falling from a Horse table
    (OW-RID-3; the table itself is a house rule)."""
    rider = state.fighters[rider_id]
    state.dismount(rider_id)
    state.emit(msg("ow.mount-killed", name=rider.name), clause="OW-RID-3")
    roll = yield from d6(msg("ow.roll.fall-horse", name=rider.name))
    result = FALL_FROM_HORSE[roll]
    state.emit(msg(f"ow.fall-horse.{result}", name=rider.name, roll=roll), clause="OW-RID-3")
    if result == "hurt":
        yield from hit(state, None, state.rules.fall_strength, rider_id, "rider", "OW-RID-3")
    if result in ("hurt", "prone") and rider.active:
        state.set_prone(rider_id, True)


def fall(state: OldWestState, faller_id: str, height: float) -> Step[None]:
    """A model going over a drop higher than 2" takes falling damage
    (OW-SUR-5); house rule: one Strength 3 hit per full inch fallen, and it
    lands prone."""
    model = state.fighters[faller_id]
    if height <= state.rules.fall_safe_height:
        state.emit(msg("ow.fall-safe", name=model.name, height=str(height)), clause="OW-SUR-5")
        return
    state.emit(msg("ow.falls", name=model.name, height=str(height)), clause="OW-SUR-5")
    for _ in range(int(height)):
        if not model.active:
            return
        yield from hit(state, None, state.rules.fall_strength, faller_id, "rider", "OW-SUR-5")
    if model.active:
        state.set_prone(faller_id, True)


def hit(state: OldWestState, striker_id: str | None, strength: int, target_id: str, part: str,
        clause: str) -> Step[bool]:
    """One hit of ``strength`` on ``target_id``'s rider or mount: roll to
    wound, then take it. True if it wounded."""
    model = state.fighters[target_id]
    mount = model.mount if part == "mount" else None
    toughness = mount.toughness if mount is not None else model.toughness
    target = msg("ow.mount-of" if mount is not None else "ow.name", name=model.name)
    if not (yield from wound_roll(state, striker_id, strength, toughness, target)):
        return False
    yield from take_wound(state, target_id, "mount" if mount is not None else "rider", clause)
    return True
