"""How a game ends (docs/rulesets/old_west.md, "How a game ends"), in this
order at each look:

1. a posse that has achieved its scenario objective wins (both at one look:
   a draw) — an escape as soon as enough of its models have left by its exit
   edge (OW-HFH-3);
2. otherwise Head for the Hills decides (OW-HFH-2): a posse that ran, or has
   no model left on the table, loses (both: a draw);
3. the last turn (house rule ``max_turns``) played with neither: a posse
   whose objective is to hold the table and still has a model on it wins;
   else a draw.

The rules look at fixed points (the start of the turn's phases, after Head
for the Hills, the end of the last turn); when they find the end they mark
the phase ``over`` and say why in the log. Who won is read from the position
by the ruleset's neutral hooks: :func:`decided` (1 and 2) and
:func:`timed_out` (3)."""

from __future__ import annotations

from typing import Literal

from referee.core.i18n import msg
from referee.core.ruleset import Outcome
from referee.games.old_west.state import OldWestState


def posse_runs(state: OldWestState, seat: str, clause: str) -> None:
    for fighter in state.posse(seat):
        state.remove_from_table(fighter.id, "fled")
    state.ran.add(seat)
    state.fleeing.discard(seat)
    state.emit(msg("ow.posse-runs", posse=state.posse_names[seat]), clause=clause,
               facts={"kind": "posse-ran", "seat": seat})


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


Why = Literal["escaped", "both-achieved", "ran", "wiped", "both-gone", "held", "max-turns"]
"""Why a game ended, as data (the ``game-over`` facts)."""


def check_over(state: OldWestState) -> None:
    """The game ends when a posse has achieved its objective, or has run or
    has no model left on the table."""
    if state.phase == "over":
        return
    found = _verdict(state)
    if found is not None:
        end(state, *found)


def escaped(state: OldWestState, seat: str) -> int:
    """Models of the posse that left the table by its exit edge (OW-HFH-3)."""
    return sum(1 for f in state.fighters.values() if f.posse == seat and f.status == "escaped")


def escaped_by_posse(state: OldWestState) -> dict[str, int]:
    """:func:`escaped` for every posse, in the order of the seats, in one look."""
    found = dict.fromkeys(state.seats, 0)
    for f in state.fighters.values():
        if f.status == "escaped":
            found[f.posse] += 1
    return found


def achieved(state: OldWestState, seat: str) -> bool:
    """The posse's escape objective is met: at least ``models`` of its models
    have left the table by its exit edge."""
    return _met(state, seat, escaped(state, seat))


def _met(state: OldWestState, seat: str, escaped_now: int) -> bool:
    """:func:`achieved`, with ``escaped_now`` of the posse's models escaped."""
    objective = state.setup.objectives[seat]
    return (objective is not None and objective.kind == "escape"
            and objective.models is not None and escaped_now >= objective.models)


def holds(state: OldWestState, seat: str) -> bool:
    """The posse's objective is to hold the table and it still has a model on it."""
    objective = state.setup.objectives[seat]
    return objective is not None and objective.kind == "hold" and bool(state.posse(seat))


def decided(state: OldWestState) -> Outcome | None:
    """Who won at the rules' last look (read once they marked the game over:
    the ruleset's hook asks only then): a posse that achieved its objective
    wins; else a posse that ran or is gone loses (OW-HFH-2); two at once, a
    draw."""
    found = _verdict(state)
    return None if found is None else found[0]


def _verdict(state: OldWestState) -> tuple[Outcome, Why] | None:
    """:func:`decided`, with why as data: :func:`achieved` and :func:`gone`,
    the models counted in one look (:func:`_counted`)."""
    escaped_now, on_table = _counted(state)
    met = [seat for seat in state.seats if _met(state, seat, escaped_now[seat])]
    if len(met) == 2:
        return Outcome.draw(state.seats, msg("ow.end.both-achieved")), "both-achieved"
    if met:
        objective = state.setup.objectives[met[0]]
        edge = state.exit_edges[met[0]]
        return Outcome.win(state.seats, met, msg(
            "ow.end.escaped", posse=state.posse_names[met[0]],
            models=objective.models if objective and objective.models else 0,
            edge=msg(f"ow.edge.{edge}"))), "escaped"
    out = [seat for seat in state.seats if seat in state.ran or not on_table[seat]]
    if not out:
        return None
    if len(out) == 2:
        return Outcome.draw(state.seats, msg("ow.end.both-gone")), "both-gone"
    why: Why = "ran" if out[0] in state.ran else "wiped"
    return Outcome.win(state.seats, (state.other(out[0]),),
                       msg(f"ow.end.{why}", posse=state.posse_names[out[0]])), why


def _counted(state: OldWestState) -> tuple[dict[str, int], dict[str, int]]:
    """Each posse's models escaped and on the table, counted once per
    position of the bases: a model's status changes only as it leaves the
    table (:meth:`OldWestState.remove_from_table`), which makes the table
    forget what it remembered."""
    known = state.table.known
    found: tuple[dict[str, int], dict[str, int]] | None = known.get("counted")
    if found is None:
        escaped_now, on_table = dict.fromkeys(state.seats, 0), dict.fromkeys(state.seats, 0)
        for f in state.fighters.values():
            if f.status == "active":
                on_table[f.posse] += 1
            elif f.status == "escaped":
                escaped_now[f.posse] += 1
        found = known["counted"] = (escaped_now, on_table)
    return found


def timed_out(state: OldWestState) -> Outcome | None:
    """The last turn is played and nothing decided the game: a posse holding
    the table as its objective wins, else a draw (read, as :func:`decided`,
    once the rules marked the game over)."""
    if state.turn < state.rules.max_turns or decided(state):
        return None
    return last_turn(state)[0]


def last_turn(state: OldWestState) -> tuple[Outcome, Why]:
    """The game's end after the last turn: a posse holding the table wins,
    else a draw."""
    holders = [seat for seat in state.seats if holds(state, seat)]
    if len(holders) == 1:
        return Outcome.win(state.seats, holders, msg(
            "ow.end.held", posse=state.posse_names[holders[0]],
            turns=state.rules.max_turns)), "held"
    return Outcome.draw(state.seats, msg("ow.end.max-turns", turns=state.rules.max_turns)), \
        "max-turns"


def end(state: OldWestState, outcome: Outcome, why: Why) -> None:
    """The rules found the end: the phase is over, and the log says why."""
    state.phase = "over"
    state.emit(msg("ow.game-over", reason=outcome.reason),
               facts={"kind": "game-over", "reason": why, "winners": list(outcome.winners)})
