"""Movement (NW-MOV): Egor first, then every Watcher in ascending Initiative."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.flow import Frame, Step, done
from referee.core.i18n import msg
from referee.core.waits import Chance, Decision, Option
from referee.games.night_watch.facts import facts
from referee.games.night_watch.state import NightWatchState, Other, said
from referee.games.night_watch.wording import at, from_, to

STAY = "stay"


def destinations(state: NightWatchState, location: str) -> tuple[str, ...]:
    """Where one move from ``location`` may go: through the Metro (NW-MOV-6),
    to Egor's Flat and the Roof only from the Entrance (NW-MOV-7); at most one
    Location a turn (NW-MOV-5)."""
    return state.setup.neighbours[location]


@dataclass
class MoveEgor(Frame):
    """Egor moves first (NW-MOV-2). House rule (Egor's card is not in the
    book), by ``settings.egor_moves``: ``round``, one Location a turn on the
    shortest way to the next stop of ``settings.egor_round``, and on to the
    stop after it once there, the last stop followed by the first, so he moves
    every turn; ``walk``, one Location a turn on the shortest way to
    ``settings.egor_goal``, where he stays; ``random``, to any neighbouring
    Location, each as likely."""

    def start(self, state: NightWatchState) -> Step:
        here = state.egor
        moves = state.settings.egor_moves
        if moves == "round":
            return self.went(state, next_on_round(state))
        if moves == "walk":
            return self.went(state, state.setup.egor_next[here])
        choices = destinations(state, here)
        if not choices:
            return self.went(state, here)
        chances = state.setup.chances
        wait = chances.get(("egor", here))
        if wait is None:
            wait = chances[("egor", here)] = Chance.uniform(
                msg("nw.chance.egor"), choices, {"pick": "egor", "location": here})
        return self.ask(wait, self.went)

    def went(self, state: NightWatchState, there: str) -> Step:
        here = state.egor
        said = facts(state, "phase-ended", "egor", state.turn, here, there)
        if there == here:
            state.emit(msg("nw.egor-stays", at=at(state, here)), clause="NW-MOV-2", facts=said)
        else:
            state.egor = there
            state.emit(msg("nw.egor-moves", from_=from_(state, here), to=to(state, there)),
                       clause="NW-MOV-2", facts=said)
        return done()


def next_on_round(state: NightWatchState) -> str:
    """Where Egor goes this turn on his round: a stop he stands on is reached,
    so he heads for the next one (house rule, ``egor_moves = "round"``)."""
    stops = state.settings.egor_round
    if state.egor == stops[state.egor_stop]:
        state.egor_stop = (state.egor_stop + 1) % len(stops)
    return state.setup.step_to[state.egor, stops[state.egor_stop]]


def move_options(state: NightWatchState, other: Other) -> list[Option]:
    """Staying first (moving is optional, NW-MOV-9), then each reachable
    Location, then each Item lying here (house rule: taking one is the
    Watcher's move)."""
    here = other.location
    options = [Option(STAY, msg("nw.option.stay", at=at(state, here)),
                      {"kind": "stay", "other": other.id, "location": here})]
    options += [Option(f"move:{loc}", msg("nw.option.move", to=to(state, loc)),
                       {"kind": "move", "other": other.id, "location": loc})
                for loc in destinations(state, here)]
    options += [Option(f"take:{item.id}", msg("nw.option.take", item=item.name),
                       {"kind": "take", "other": other.id, "item": item.id})
                for item in state.items_at(here)]
    return options


def move_decision(state: NightWatchState, other: Other) -> Decision:
    """The owner's question for ``other`` (the same question is made once)."""
    here = other.location
    key = ("move", other.id, here, *(item.id for item in state.items_at(here)))
    decisions = state.setup.decisions
    found = decisions.get(key)
    if found is None:
        question = msg("nw.ask.move", other=other.name, at=at(state, here))
        found = decisions[key] = Decision.single(other.watch, question,
                                                 move_options(state, other))
    return found


@dataclass
class MoveWatchers(Frame):
    """Players move their Watchers one at a time, lowest Initiative first;
    the owner moves each (NW-MOV-3, NW-MOV-4). ``index`` counts the Others
    in Initiative order already past."""

    index: int = 0

    def start(self, state: NightWatchState) -> Step:
        order, others = state.setup.order, state.others
        while self.index < len(order):
            other = others[order[self.index]]
            if other.in_play:
                return self.ask(move_decision(state, other), self.chose)
            self.index += 1
        return done()

    def chose(self, state: NightWatchState, choice: str) -> Step:
        apply_move(state, state.others[state.setup.order[self.index]], str(choice))
        self.index += 1
        return self.start(state)


def apply_move(state: NightWatchState, other: Other, choice: str) -> None:
    """Take the card off one Location and put it on another (NW-MOV-1)."""
    verb, _, target = choice.partition(":")
    setup, here = state.setup, other.location
    if verb == "move":
        other.location = target
        state.emit(said(setup, ("moves", other.id, here, target),
                        lambda: msg("nw.moves", other=other.name, from_=from_(state, here),
                                    to=to(state, target))),
                   clause="NW-MOV-1", facts=facts(state, "moved", other.id, here, target))
    elif verb == "take":
        item = state.items[target]
        item.location, item.holder = None, other.id
        other.items.append(item.id)
        state.emit(said(setup, ("takes", other.id, item.id, here),
                        lambda: msg("nw.takes", other=other.name, item=item.name,
                                    at=at(state, here))),
                   facts=facts(state, "took", other.id, item.id, here))
    else:
        state.emit(said(setup, ("stays", other.id, here),
                        lambda: msg("nw.stays", other=other.name, at=at(state, here))),
                   clause="NW-MOV-9", facts=facts(state, "stayed", other.id, here))
