"""The turn: The Drop for Advantage, Head for the Hills, then the Movement,
Shooting and Melee phases, until a posse runs or is gone, or the last turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from referee.core.flow import Frame, Step, done
from referee.core.i18n import msg
from referee.core.waits import JSON, Decision, Option
from referee.games.old_west.ending import check_over, end, is_over, last_turn, posse_runs
from referee.games.old_west.melee import MeleePhase
from referee.games.old_west.movement import MovementPhase
from referee.games.old_west.rolls import PluckTest, d6
from referee.games.old_west.scenario import title_name
from referee.games.old_west.shooting import ShootingPhase
from referee.games.old_west.state import OldWestState, frozen
from referee.games.old_west.tables import BROKEN_SHARE, PLUCK_PASS

PHASES: dict[str, Callable[[], Frame]] = {
    "movement": MovementPhase, "shooting": ShootingPhase, "melee": MeleePhase}


@dataclass
class PlayGame(Frame):
    """Turn after turn (house rule ``max_turns``: a draw after the last)."""

    phases: list[str] = field(default_factory=list)

    def start(self, state: OldWestState) -> Step:
        state.emit(msg("ow.game-start", title=title_name(state.scenario)),
                   facts={"kind": "game-started"})
        return self.next_turn(state, None)

    def next_turn(self, state: OldWestState, _: object) -> Step:
        if state.turn >= state.rules.max_turns:
            end(state, *last_turn(state))
            return done()
        state.turn += 1
        self.phases = ["movement", "shooting", "melee"]
        return self.call(TheDrop(), self.dropped)

    def dropped(self, state: OldWestState, _: object) -> Step:
        return self.call(HeadForTheHills(), self.next_phase)

    def next_phase(self, state: OldWestState, _: object) -> Step:
        if is_over(state):
            return done()
        if not self.phases:
            return self.next_turn(state, None)
        return self.call(PHASES[self.phases.pop(0)](), self.next_phase)


@dataclass
class TheDrop(Frame):
    """House rule (The Drop, from the full game): both sides roll a die, the
    higher has Advantage; on a draw it passes to the side that did not have it
    last turn (on the first turn, roll again) (OW-HAC-1)."""

    rolls: dict[str, int] = field(default_factory=dict)

    def start(self, state: OldWestState) -> Step:
        seat = state.seats[len(self.rolls)]
        return self.ask(d6(msg("ow.roll.drop", posse=state.posse_names[seat]),
                           {"roll": "drop", "seat": seat}), self.rolled)

    def rolled(self, state: OldWestState, roll: int) -> Step:
        self.rolls[state.seats[len(self.rolls)]] = roll
        if len(self.rolls) < 2:
            return self.start(state)
        a, b = state.seats
        rolls, self.rolls = self.rolls, {}
        if rolls[a] != rolls[b]:
            winner = a if rolls[a] > rolls[b] else b
        elif state.last_advantage is not None:
            winner = state.other(state.last_advantage)
        else:
            state.emit(msg("ow.advantage-again", roll=rolls[a], turn=state.turn),
                       clause="OW-HAC-1", facts={"kind": "advantage-again", "turn": state.turn,
                                                 "roll": rolls[a]})
            return self.start(state)
        state.advantage = state.last_advantage = winner
        loser = state.other(winner)
        key = "ow.advantage" if rolls[a] != rolls[b] else "ow.advantage-tie"
        state.emit(msg(key, posse=state.posse_names[winner], roll=rolls[winner],
                       other=state.posse_names[loser], other_roll=rolls[loser],
                       turn=state.turn), clause="OW-HAC-1",
                   facts=frozen({"kind": "advantage", "turn": state.turn, "seat": winner,
                                 "rolls": frozen(rolls), "tie": rolls[a] == rolls[b]}))
        return done()


def broken(state: OldWestState, seat: str) -> bool:
    """Half or more of the posse out of action; models that left the table
    for the scenario's objective do not count (OW-HFH-1, OW-HFH-3)."""
    total = len(state.posse(seat, None))
    return len(state.posse(seat, "out")) * _BROKEN_IN >= _BROKEN_OUT * total


_BROKEN_OUT, _BROKEN_IN = BROKEN_SHARE.as_integer_ratio()
"""The share of a broken posse as whole numbers: this many out in so many."""


def run_meaning(state: OldWestState, seat: str) -> dict[str, JSON]:
    """The meaning of choosing to run (OW-HFH-4), with the models in play on
    each side: the posse's own (``ours``) and every other posse's
    (``theirs``), which a player weighs before giving up."""
    ours = len(state.posse(seat, "active"))
    theirs = sum(1 for fighter in state.active() if fighter.posse != seat)
    return {"kind": "hills-run", "seat": seat, "ours": ours, "theirs": theirs}


@dataclass
class HeadForTheHills(Frame):
    """A broken posse tests at the start of the turn: its leader's Pluck, or
    the highest Pluck left (OW-HFH-1); failed, it runs (OW-HFH-2). Its player
    may instead choose to run, leaving at the next Movement phase (OW-HFH-4)."""

    seats: list[str] = field(default_factory=list)

    def start(self, state: OldWestState) -> Step:
        self.seats = list(state.by_advantage())
        return self.next_seat(state)

    def next_seat(self, state: OldWestState) -> Step:
        while self.seats:
            seat = self.seats[0]
            if seat in state.ran or not broken(state, seat) or not state.posse(seat):
                self.seats.pop(0)
                continue
            tester = state.fighters[hills_tester(state, seat)]
            test = msg("ow.opt.test", name=tester.name, pluck=tester.pluck, need=PLUCK_PASS)
            options = [Option("test", test, {"kind": "hills-test", "seat": seat,
                                             "model": tester.id}),
                       Option("run", msg("ow.opt.run"), run_meaning(state, seat))]
            return self.ask(Decision.single(seat, msg("ow.ask.hills"), options), self.chose)
        check_over(state)
        return done()

    def chose(self, state: OldWestState, choice: str) -> Step:
        seat = self.seats[0]
        if choice == "run":
            self.seats.pop(0)
            state.fleeing.add(seat)
            state.emit(msg("ow.chooses-to-run", posse=state.posse_names[seat]),
                       clause="OW-HFH-4", facts={"kind": "chose-to-run", "seat": seat})
            return self.next_seat(state)
        return self.call(PluckTest(hills_tester(state, seat), "hills"), self.tested)

    def tested(self, state: OldWestState, passed: bool) -> Step:
        seat = self.seats.pop(0)
        if not passed:
            posse_runs(state, seat, "OW-HFH-2")
        return self.next_seat(state)


def hills_tester(state: OldWestState, seat: str) -> str:
    leader = state.fighters.get(state.leaders[seat])
    if leader is not None and leader.active:
        return leader.id
    return max(state.posse(seat), key=lambda f: (f.pluck, -f.order)).id
