"""What the investigators play for together and where the game stands (house
rule 18, docs/rulesets/echo.md), as the ``objectives`` part of a seat's
view: in words and as data. All of it is open to every seat: the targets,
which of them are still at large, the turn and the turns left."""

from __future__ import annotations

from referee.core.events import Seat
from referee.core.i18n import Msg, msg
from referee.core.prepared import kept_json
from referee.core.waits import JSON
from referee.games.echo.state import EchoState


def at_large(state: EchoState) -> list[str]:
    """The targets neither detained, dead nor destroyed yet."""
    return [t for t in state.targets if state.enemies[t].active]


def turns_left(state: EchoState) -> int:
    """The turns still to be played before the investigators lose (house rule 18)."""
    return max(state.settings.max_turns - state.turns_done, 0)


def aims(state: EchoState, seat: Seat) -> list[Msg]:
    """Whom the seat plays, and what the investigators win or lose together by."""
    found = [msg("echo.aim.you", who=state.name(seat))] if seat in state.cards else []
    targets = tuple(state.enemy_name(t) for t in state.targets)
    return [*found, msg("echo.aim.targets", targets=targets, turns=state.settings.max_turns),
            msg("echo.aim.lose")]


def standing(state: EchoState) -> list[Msg]:
    """The turn, the turns left and the targets still at large."""
    left = tuple(state.enemy_name(t) for t in at_large(state))
    turns = state.settings.max_turns
    return [msg("echo.standing.turn", turn=min(max(state.turn, 1), turns), turns=turns,
                left=turns_left(state)),
            msg("echo.standing.targets", targets=left, count=len(left))]


def objectives_view(state: EchoState, seat: Seat) -> dict[str, JSON]:
    """The ``objectives`` part of ``seat``'s view (:class:`.view.EchoObjectives`):
    the lines in words made once for each seat and each standing, read-only."""
    left = at_large(state)
    standing_key = ("standing", state.turn, state.turns_done, *left)
    return {"aims": kept_json(state.scenario, ("aims", seat),
                              lambda: [line.to_json() for line in aims(state, seat)]),
            "standing": kept_json(state.scenario, standing_key,
                                  lambda: [line.to_json() for line in standing(state)]),
            "targets": list(state.targets), "at_large": left,
            "turns_left": turns_left(state)}
