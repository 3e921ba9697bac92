"""The turn: The Drop for Advantage, Head for the Hills, then the Movement,
Shooting and Melee phases, until a posse runs or is gone, or the last turn."""

from __future__ import annotations

from referee.core.i18n import msg
from referee.core.waits import Decision, Option
from referee.games.old_west.ending import check_over, finish, is_over, posse_runs
from referee.games.old_west.melee import melee_phase
from referee.games.old_west.movement import movement_phase
from referee.games.old_west.rolls import d6, pluck_test
from referee.games.old_west.shooting import shooting_phase
from referee.games.old_west.state import OldWestState, Step


def play_game(state: OldWestState) -> Step[None]:
    """Turn after turn (house rule ``max_turns``: a draw after the last)."""
    state.emit(msg("ow.game-start", title=state.scenario.title))
    for turn in range(1, state.rules.max_turns + 1):
        state.turn = turn
        yield from the_drop(state)
        yield from head_for_the_hills(state)
        for phase in (movement_phase, shooting_phase, melee_phase):
            if is_over(state):
                return
            yield from phase(state)
        if is_over(state):
            return
    finish(state, (), msg("ow.end.max-turns", turns=state.rules.max_turns))


def the_drop(state: OldWestState) -> Step[None]:
    """House rule (The Drop, from the full game): both sides roll a die, the
    higher has Advantage; on a draw it passes to the side that did not have it
    last turn (on the first turn, roll again) (OW-HAC-1)."""
    while True:
        rolls = {}
        for seat in state.seats:
            rolls[seat] = yield from d6(msg("ow.roll.drop", posse=state.posse_names[seat]))
        a, b = state.seats
        if rolls[a] != rolls[b]:
            winner = a if rolls[a] > rolls[b] else b
            break
        if state.last_advantage is not None:
            winner = state.other(state.last_advantage)
            break
    state.advantage = state.last_advantage = winner
    state.emit(msg("ow.advantage", posse=state.posse_names[winner], a=rolls[a], b=rolls[b],
                   turn=state.turn), clause="OW-HAC-1")


def broken(state: OldWestState, seat: str) -> bool:
    """Half or more of the posse out of action; models that left the table
    for the scenario's objective do not count (OW-HFH-1, OW-HFH-3)."""
    total = len(state.posse(seat, None))
    return 2 * len(state.posse(seat, "out")) >= total


def head_for_the_hills(state: OldWestState) -> Step[None]:
    """A broken posse tests at the start of the turn: its leader's Pluck, or
    the highest Pluck left (OW-HFH-1); failed, it runs (OW-HFH-2). Its player
    may instead choose to run, leaving at the next Movement phase (OW-HFH-4)."""
    for seat in state.by_advantage():
        if seat in state.ran or not broken(state, seat) or not state.posse(seat):
            continue
        options = [Option("test", msg("ow.opt.test")), Option("run", msg("ow.opt.run"))]
        choice = yield Decision.single(seat, msg("ow.ask.hills"), options)
        if choice == "run":
            state.fleeing.add(seat)
            state.emit(msg("ow.chooses-to-run", posse=state.posse_names[seat]),
                       clause="OW-HFH-4")
            continue
        tester = hills_tester(state, seat)
        if not (yield from pluck_test(state, tester, "OW-HFH-1")):
            posse_runs(state, seat, "OW-HFH-2")
    check_over(state)


def hills_tester(state: OldWestState, seat: str) -> str:
    leader = state.fighters.get(state.leaders[seat])
    if leader is not None and leader.active:
        return leader.id
    return max(state.posse(seat), key=lambda f: (f.pluck, -f.order)).id
