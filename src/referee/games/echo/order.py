"""The order of play (ECHO-ORD) and the game's turns (house rule 15: a turn
is its Movement phase; the History, Respite and Contacts phases of the
full game are not played)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.flow import Frame, Step, done
from referee.core.i18n import msg
from referee.core.waits import Decision, Option
from referee.games.echo.gates import open_gates, tell_gates_face_up
from referee.games.echo.movement import Turn
from referee.games.echo.state import EchoState, offer
from referee.games.echo.tables import WAKE_WITH
from referee.games.echo.units import deal_units, discard_units


@dataclass
class Match(Frame):
    """Turn after turn until the goal is met (the core asks the ruleset's
    ``decided``) or the last turn ends (``timed_out``)."""

    def start(self, state: EchoState) -> Step:
        state.turn += 1
        state.emit(msg("echo.turn", turn=state.turn, first=state.name(state.first_player)),
                   facts={"kind": "phase-ended", "phase": "start", "turn": state.turn,
                          "first_player": state.first_player})
        if state.turn == 1:
            tell_gates_face_up(state)
        open_gates(state)
        wake(state)
        deal_units(state)
        return self.call(MovementPhase(), self.phase_over)

    def phase_over(self, state: EchoState, _: None) -> Step:
        discard_units(state)
        state.turns_done += 1
        if state.turns_done >= state.settings.max_turns:
            return done()
        pass_first_player(state)
        return self.start(state)


def wake(state: EchoState) -> None:
    """House rule 4: an unconscious investigator comes to at the start of the
    next turn with at least 1 Health and 1 Reason."""
    for seat in state.order:
        inv = state.investigators[seat]
        if inv.status == "unconscious":
            inv.status = "conscious"
            inv.health, inv.reason = max(WAKE_WITH, inv.health), max(WAKE_WITH, inv.reason)
            state.emit(msg("echo.wakes", who=state.name(seat)),
                       facts={"kind": "woke", "investigator": seat, "health": inv.health,
                              "reason": inv.reason})


def pass_first_player(state: EchoState) -> None:
    """House rule 16: the First Player token passes clockwise to the next
    investigator not dead (``first_player_passes``)."""
    if not state.settings.first_player_passes:
        return
    ring = state.clockwise_from_first()
    alive = [s for s in ring[1:] + ring[:1] if state.investigators[s].status != "dead"]
    if alive and alive[0] != state.first_player:
        state.first_player = alive[0]
        state.emit(msg("echo.first-player", who=state.name(state.first_player)),
                   clause="ECHO-ORD-1",
                   facts={"kind": "first-player", "investigator": state.first_player})


def waiting_order(state: EchoState) -> list[str]:
    """Investigators still to take their turn, from the First Player
    clockwise (ECHO-ORD-1, ECHO-ORD-4)."""
    return [s for s in state.clockwise_from_first()
            if not state.investigators[s].finished and state.investigators[s].conscious]


def next_option(state: EchoState, seat: str) -> Option:
    """Melifaro names ``seat`` to move next (ECHO-ORD-2)."""
    return Option(seat, msg("echo.opt.next", who=state.name(seat)),
                  {"kind": "next", "investigator": seat})


@dataclass
class MovementPhase(Frame):
    """Each investigator's turn in order; Melifaro, while conscious, may name
    who goes next each time (ECHO-ORD-2, house rule 17)."""

    mover: str = ""

    def start(self, state: EchoState) -> Step:
        waiting = waiting_order(state)
        if not waiting:
            return done()
        melifaro = state.settings.melifaro
        if melifaro is not None and len(waiting) > 1 \
                and state.investigators[melifaro].conscious:
            options = [offer(state.board, ("next", seat), next_option, state, seat)
                       for seat in waiting]
            question = msg("echo.ask.melifaro", usual=state.name(waiting[0]),
                           melifaro=state.name(melifaro))
            return self.ask(Decision.single(melifaro, question, options), self.picked)
        return self.picked(state, waiting[0])

    def picked(self, state: EchoState, seat: str) -> Step:
        if seat != waiting_order(state)[0]:
            melifaro = state.settings.melifaro or seat
            state.emit(msg("echo.melifaro", who=state.name(seat),
                           melifaro=state.name(melifaro)),
                       clause="ECHO-ORD-2",
                       facts={"kind": "next-named", "investigator": seat, "named_by": melifaro})
        self.mover = seat
        inv = state.investigators[seat]
        resumed, inv.started = inv.started, True
        state.emit(msg("echo.turn-goes-on" if resumed else "echo.turn-of", who=state.name(seat),
                       units=inv.units, at=state.at(inv.location)), clause="ECHO-ORD-1",
                   facts={"kind": "turn-of", "investigator": seat, "location": inv.location,
                          "units": inv.units})
        return self.call(Turn(seat, resumed=resumed), self.turn_over)

    def turn_over(self, state: EchoState, how: str) -> Step:
        if how != "split":
            state.investigators[self.mover].finished = True
        else:
            state.emit(msg("echo.order-resumes", first=state.name(state.first_player)),
                       clause="ECHO-ORD-4",
                       facts={"kind": "order-resumes", "first_player": state.first_player})
        self.mover = ""
        return self.start(state)
