"""How a game ends. The book's victory conditions are not in the fragment;
these house rules make every game end, each checked after a turn's combat
and Egor's favour, never in the middle of a turn:

* A Watch with no Other left in play, and none still to come, loses
  (:func:`wiped_out`).
* Egor's favour: after combat, if Others of only one Watch stand on Egor's
  Location, that Watch scores a point; ``settings.points_to_win`` points win
  (:func:`favour_won`).
* After ``settings.max_turns`` turns the Watch with more points wins; equal
  points are a draw (:func:`last_turn`).

The flow checks them at the end of each turn and, when one holds, marks the
state finished; the end-of-game hooks answer only then.
"""

from __future__ import annotations

from referee.core.i18n import msg
from referee.core.ruleset import Outcome
from referee.games.night_watch.facts import facts
from referee.games.night_watch.state import NightWatchState
from referee.games.night_watch.tables import WATCHES
from referee.games.night_watch.wording import at


def score_favour(state: NightWatchState) -> None:
    watches = {o.watch for o in state.at(state.egor)}
    if len(watches) == 1:
        (watch,) = watches
        state.score[watch] += 1
        state.emit(msg("nw.favour", watch=msg(f"nw.watch.{watch}"),
                       at=at(state, state.egor), points=state.score[watch]),
                   facts=facts(state, "favour", watch, state.egor, state.score[watch]))


def wiped_out(state: NightWatchState) -> Outcome | None:
    """A Watch with no Other in play and none to come has lost."""
    standing = [w for w in WATCHES
                if any(o.watch == w and (o.in_play or not o.killed)
                       for o in state.others.values())]
    if len(standing) < len(WATCHES):
        fallen = tuple(msg(f"nw.watch.{w}") for w in WATCHES if w not in standing)
        return Outcome.win(WATCHES, standing, msg("nw.end.wiped-out", watches=fallen))
    return None


def favour_won(state: NightWatchState) -> Outcome | None:
    """``points_to_win`` points of Egor's favour win; the most points among
    those who reached it (both reaching it equally: a draw)."""
    leaders = [w for w in WATCHES if state.score[w] >= state.settings.points_to_win]
    if not leaders:
        return None
    best = max(state.score[w] for w in leaders)
    return Outcome.win(WATCHES, [w for w in leaders if state.score[w] == best],
                       msg("nw.end.favour"))


def last_turn(state: NightWatchState) -> Outcome | None:
    """After the last turn the Watch with more points wins; equal points draw."""
    if state.turn < state.settings.max_turns:
        return None
    best = max(state.score.values())
    winners = tuple(w for w in WATCHES if state.score[w] == best)
    return Outcome.win(WATCHES, winners if len(winners) == 1 else (),
                       msg("nw.end.turns", turns=state.settings.max_turns))


def decide(state: NightWatchState) -> Outcome | None:
    """The outcome if the game ends now (checked after a turn), else None."""
    return wiped_out(state) or favour_won(state) or last_turn(state)
