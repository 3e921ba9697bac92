"""How a game ends: a posse runs from the table or has no one left (OW-HFH-2),
or the last turn (house rule ``max_turns``) is played.

The rules look at the end at fixed points (the start of the turn's phases
and after Head for the Hills); when they find it they mark the phase
``over`` and say why in the log. Who won is read from the position by the
ruleset's neutral hooks: :func:`decided` (a posse gone) and
:func:`timed_out` (the last turn played with both posses on the table)."""

from __future__ import annotations

from referee.core.i18n import Msg, msg
from referee.core.ruleset import Outcome
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


def gone(state: OldWestState) -> list[str]:
    """Posses that ran or have no model left on the table."""
    return [seat for seat in state.seats if seat in state.ran or not state.posse(seat)]


def is_over(state: OldWestState) -> bool:
    check_over(state)
    return state.phase == "over"


def check_over(state: OldWestState) -> None:
    """The game ends when a posse has run or has no model left on the table."""
    if state.phase == "over":
        return
    result = decided(state, looked=True)
    if result is not None:
        end(state, result.reason)


def decided(state: OldWestState, looked: bool = False) -> Outcome | None:
    """A posse is gone, as the rules found at their last look (``looked``:
    they are looking now): the other wins; both gone, a draw."""
    if not looked and state.phase != "over":
        return None
    out = gone(state)
    if not out:
        return None
    if len(out) == 2:
        return Outcome.draw(state.seats, msg("ow.end.both-gone"))
    key = "ow.end.ran" if out[0] in state.ran else "ow.end.wiped"
    return Outcome.win(state.seats, (state.other(out[0]),),
                       msg(key, posse=state.posse_names[out[0]]))


def timed_out(state: OldWestState) -> Outcome | None:
    """The last turn is played and both posses are still on the table: a draw."""
    if state.phase != "over" or state.turn < state.rules.max_turns or gone(state):
        return None
    return Outcome.draw(state.seats, max_turns_reason(state))


def max_turns_reason(state: OldWestState) -> Msg:
    return msg("ow.end.max-turns", turns=state.rules.max_turns)


def end(state: OldWestState, reason: Msg) -> None:
    """The rules found the end: the phase is over, and the log says why."""
    state.phase = "over"
    state.emit(msg("ow.game-over", reason=reason))
