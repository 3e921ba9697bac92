"""What each Watch plays for and where the game stands (the house rules of
Victory, docs/rulesets/night_watch.md), as the ``objectives`` part of a
seat's view: in words and as data. Everything in it is open to both
Watches: the points, the turn and the rules of the end."""

from __future__ import annotations

from referee.core.events import Seat
from referee.core.i18n import Msg, msg
from referee.core.prepared import kept_json
from referee.core.waits import JSON
from referee.games.night_watch.state import NightWatchState
from referee.games.night_watch.tables import WATCHES
from referee.games.night_watch.wording import at


def aims(state: NightWatchState, seat: Seat) -> list[Msg]:
    """Which Watch the seat plays, and how a Watch wins or loses."""
    settings = state.settings
    found = [msg("nw.aim.you", watch=msg(f"nw.watch.{seat}"))] if seat in WATCHES else []
    return [*found, msg("nw.aim.favour", points=settings.points_to_win),
            msg("nw.aim.last-turn", turns=settings.max_turns), msg("nw.aim.wiped-out")]


def standing(state: NightWatchState) -> list[Msg]:
    """The turn and the last one, each Watch's points of favour, where Egor is."""
    settings = state.settings
    lines = [msg("nw.standing.turn", turn=min(state.turn, settings.max_turns),
                 turns=settings.max_turns)]
    lines += [msg("nw.standing.points", watch=msg(f"nw.watch.{watch}"),
                  points=state.score[watch], needed=settings.points_to_win)
              for watch in WATCHES]
    return [*lines, msg("nw.standing.egor", at=at(state, state.egor))]


def objectives_view(state: NightWatchState, seat: Seat) -> dict[str, JSON]:
    """The ``objectives`` part of ``seat``'s view (:class:`.view.NightWatchObjectives`):
    the lines in words made once for each seat and each standing, read-only."""
    scenario = state.setup.scenario
    standing_key = ("standing", state.turn, state.egor, *state.score.values())
    return {"aims": kept_json(scenario, ("aims", seat),
                              lambda: [line.to_json() for line in aims(state, seat)]),
            "standing": kept_json(scenario, standing_key,
                                  lambda: [line.to_json() for line in standing(state)]),
            "points_to_win": state.settings.points_to_win,
            "max_turns": state.settings.max_turns}
