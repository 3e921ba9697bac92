"""How a game ends: a posse runs from the table or has no one left (OW-HFH-2)."""

from __future__ import annotations

from referee.core.i18n import Msg, msg
from referee.games.old_west.state import OldWestState


def posse_runs(state: OldWestState, seat: str, clause: str) -> None:
    for fighter in state.posse(seat):
        state.remove_from_table(fighter.id, "fled")
    state.ran.add(seat)
    state.fleeing.discard(seat)
    state.emit(msg("ow.posse-runs", posse=state.posse_names[seat]), clause=clause)


def run_fleeing(state: OldWestState) -> None:
    """At the start of the Movement phase a posse that chose to run leaves (OW-HFH-4)."""
    for seat in sorted(state.fleeing):
        posse_runs(state, seat, "OW-HFH-4")
    check_over(state)


def is_over(state: OldWestState) -> bool:
    check_over(state)
    return state.finished is not None


def check_over(state: OldWestState) -> None:
    """The game ends when a posse has run or has no model left on the table."""
    if state.finished is not None:
        return
    gone = [seat for seat in state.seats if seat in state.ran or not state.posse(seat)]
    if not gone:
        return
    if len(gone) == 2:
        finish(state, (), msg("ow.end.both-gone"))
        return
    winner = state.other(gone[0])
    key = "ow.end.ran" if gone[0] in state.ran else "ow.end.wiped"
    finish(state, (winner,), msg(key, posse=state.posse_names[gone[0]]))


def finish(state: OldWestState, winners: tuple[str, ...], reason: Msg) -> None:
    """Record the end of the game and why."""
    state.finished = reason
    state.winners = winners
    state.phase = "over"
    state.emit(msg("ow.game-over", reason=reason))
