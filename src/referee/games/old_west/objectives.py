"""What each posse plays for and where the game stands (the scenario
objectives, OW-HFH-2 and OW-HFH-3, and the house rule of the last turn:
docs/rulesets/old_west.md, "How a game ends"), as the ``objectives`` part
of a seat's view: in words and as data. Everything on the table is open to
both posses, and so is this."""

from __future__ import annotations

from referee.core.events import Seat
from referee.core.i18n import Msg, msg
from referee.core.prepared import kept_json
from referee.core.waits import JSON
from referee.games.old_west.ending import escaped, escaped_by_posse
from referee.games.old_west.state import OldWestState


def aims(state: OldWestState, seat: Seat) -> list[Msg]:
    """Which posse the seat plays, each posse's scenario objective, and what
    else ends the game."""
    found = [msg("ow.aim.you", posse=state.posse_names[seat])] if seat in state.seats else []
    for side in state.seats:
        objective, edge = state.setup.objectives[side], state.exit_edges[side]
        if objective is None:
            continue
        if objective.kind == "escape" and edge:
            what = msg("ow.map.objective.escape", models=objective.models or 1,
                       edge=msg(f"ow.edge.{edge}"))
        else:
            what = msg("ow.map.objective.hold")
        found.append(msg("ow.aim.objective", posse=state.posse_names[side], objective=what))
    return [*found, msg("ow.aim.run"), msg("ow.aim.last-turn", turns=state.rules.max_turns)]


def standing(state: OldWestState) -> list[Msg]:
    """The turn and the last one; each escaping posse's models off the table."""
    lines = [msg("ow.standing.turn", turn=min(max(state.turn, 1), state.rules.max_turns),
                 turns=state.rules.max_turns)]
    for side in state.seats:
        objective, edge = state.setup.objectives[side], state.exit_edges[side]
        if objective is not None and objective.kind == "escape" and edge:
            lines.append(msg("ow.standing.escaped", posse=state.posse_names[side],
                             escaped=escaped(state, side), models=objective.models or 1,
                             edge=msg(f"ow.edge.{edge}")))
    return lines


def objectives_view(state: OldWestState, seat: Seat) -> dict[str, JSON]:
    """The ``objectives`` part of ``seat``'s view (:class:`.view.OldWestObjectives`).
    The lines in words are worked out once per scenario for each seat (the
    aims) and each standing (the turn, the models escaped), read-only."""
    out = escaped_by_posse(state)
    aims_json = kept_json(state.scenario, ("aims", seat),
                          lambda: [line.to_json() for line in aims(state, seat)])
    standing_key = ("standing", state.turn, *out.values())
    standing_json = kept_json(state.scenario, standing_key,
                              lambda: [line.to_json() for line in standing(state)])
    return {"aims": aims_json, "standing": standing_json,
            "max_turns": state.rules.max_turns, "escaped": out}

