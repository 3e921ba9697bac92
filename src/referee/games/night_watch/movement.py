"""Movement (NW-MOV): Egor first, then every Watcher in ascending Initiative."""

from __future__ import annotations

from referee.core.i18n import msg
from referee.core.ruleset import Flow
from referee.core.waits import Chance, Decision, Option
from referee.games.night_watch.state import NightWatchState, Other

STAY = "stay"


def destinations(state: NightWatchState, location: str) -> list[str]:
    """Where one move from ``location`` may go: through the Metro (NW-MOV-6),
    to Egor's Flat and the Roof only from the Entrance (NW-MOV-7); at most one
    Location a turn (NW-MOV-5)."""
    return state.board.neighbours(location)


def move_egor(state: NightWatchState) -> Flow:
    """Egor moves first (NW-MOV-2). House rule (Egor's card is not in the
    book): he walks one Location a turn on the shortest way to
    ``settings.egor_goal``, or, with ``egor_moves = "random"``, to any
    neighbouring Location, each as likely."""
    here = state.egor
    if state.settings.egor_moves == "random":
        choices = destinations(state, here)
        there = here if not choices else (yield Chance.uniform(msg("nw.chance.egor"), choices))
    else:
        route = state.board.route(here, state.settings.egor_goal) or [here]
        there = route[1] if len(route) > 1 else here
    if there == here:
        state.emit(msg("nw.egor-stays", place=state.place(here)), clause="NW-MOV-2")
        return
    state.egor = there
    state.emit(msg("nw.egor-moves", origin=state.place(here), destination=state.place(there)),
               clause="NW-MOV-2")


def move_options(state: NightWatchState, other: Other) -> list[Option]:
    """Staying first (moving is optional, NW-MOV-9), then each reachable
    Location, then each Item lying here (house rule: taking one is the
    Watcher's move)."""
    options = [Option(STAY, msg("nw.option.stay", place=state.place(other.location)))]
    options += [Option(f"move:{loc}", msg("nw.option.move", place=state.place(loc)))
                for loc in destinations(state, other.location)]
    options += [Option(f"take:{item.id}", msg("nw.option.take", item=item.name))
                for item in state.items_at(other.location)]
    return options


def move_watchers(state: NightWatchState) -> Flow:
    """Players move their Watchers one at a time, lowest Initiative first;
    the owner moves each (NW-MOV-3, NW-MOV-4)."""
    for other in state.active():
        question = msg("nw.ask.move", other=other.name, place=state.place(other.location))
        choice = yield Decision.single(other.watch, question, move_options(state, other))
        apply_move(state, other, str(choice))


def apply_move(state: NightWatchState, other: Other, choice: str) -> None:
    """Take the card off one Location and put it on another (NW-MOV-1)."""
    verb, _, target = choice.partition(":")
    if verb == "move":
        origin = other.location
        other.location = target
        state.emit(msg("nw.moves", other=other.name, origin=state.place(origin),
                       destination=state.place(target)), clause="NW-MOV-1")
    elif verb == "take":
        item = state.items[target]
        item.location, item.holder = None, other.id
        other.items.append(item.id)
        state.emit(msg("nw.takes", other=other.name, item=item.name,
                       place=state.place(other.location)))
    else:
        state.emit(msg("nw.stays", other=other.name, place=state.place(other.location)),
                   clause="NW-MOV-9")

