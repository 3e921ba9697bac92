"""How a game ends. The book's victory conditions are not in the fragment;
these house rules make every game end:

* Egor's favour: after combat, if Others of only one Watch stand on Egor's
  Location, that Watch scores a point; ``settings.points_to_win`` points win.
* A Watch with no Other left in play, and none still to come, loses.
* After ``settings.max_turns`` turns the Watch with more points wins; equal
  points are a draw.
"""

from __future__ import annotations

from referee.core.i18n import msg
from referee.core.ruleset import Outcome
from referee.games.night_watch.scenario import WATCHES
from referee.games.night_watch.state import NightWatchState


def score_favour(state: NightWatchState) -> None:
    watches = {o.watch for o in state.at(state.egor)}
    if len(watches) == 1:
        (watch,) = watches
        state.score[watch] += 1
        state.emit(msg("nw.favour", watch=msg(f"nw.watch.{watch}"),
                       place=state.place(state.egor), points=state.score[watch]))


def decide(state: NightWatchState) -> Outcome | None:
    """The outcome if the game ends now, else None."""
    standing = [w for w in WATCHES
                if any(o.watch == w for o in state.active()) or state.still_to_come(w)]
    if len(standing) < len(WATCHES):
        return Outcome.win(WATCHES, standing, msg("nw.end.wiped-out"))
    leaders = [w for w in WATCHES if state.score[w] >= state.settings.points_to_win]
    if leaders:
        best = max(state.score[w] for w in leaders)
        return Outcome.win(WATCHES, [w for w in leaders if state.score[w] == best],
                           msg("nw.end.favour"))
    if state.turn >= state.settings.max_turns:
        best = max(state.score.values())
        winners = tuple(w for w in WATCHES if state.score[w] == best)
        return Outcome.win(WATCHES, winners if len(winners) == 1 else (),
                           msg("nw.end.turns", turns=state.settings.max_turns))
    return None
