"""The Night Watch ruleset: a turn is Egor's move, the Watchers' moves, combat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

from referee.core.events import REFEREE, Seat
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.ruleset import GameType, Outcome, Ruleset
from referee.core.waits import JSON
from referee.games.night_watch import scenario as spec
from referee.games.night_watch import view as typed
from referee.games.night_watch.combat import FightEverywhere
from referee.games.night_watch.facts import facts
from referee.games.night_watch.movement import MoveEgor, MoveWatchers
from referee.games.night_watch.objectives import objectives_view
from referee.games.night_watch.spells import DrawSpells
from referee.games.night_watch.state import NightWatchState, Other
from referee.games.night_watch.tables import WATCHES
from referee.games.night_watch.victory import decide, favour_won, last_turn, score_favour, wiped_out
from referee.games.night_watch.wording import at

WATCH_NAMES: dict[str, Msg] = {watch: msg(f"nw.watch.{watch}") for watch in WATCHES}
"""Each seat's name: its Watch."""


class NightWatch(Ruleset[spec.Scenario, NightWatchState]):
    """Night Watch (Ночной Дозор): movement through the Metro and spell combat."""

    name = "night_watch"
    aliases = ("night-watch", "nw")
    version = "3"
    """3: the view states each Watch's objectives and the score toward them
    (``objectives``: the points that win, the last turn, in words and as
    data); a saved game of version 2 replays with a notice.
    2: the view carries the board (each Location's ``via``), the title,
    the Spell cards, each Item's kind and Power and the cards on the table."""
    title = msg("nw.title")
    game_type = GameType(decisions="sequential", chance=True, hidden_information=True,
                         cooperative=False, min_seats=len(WATCHES),
                         max_seats=len(WATCHES), max_length=None,
                         length_note=msg("nw.length-note"))
    scenario_model: ClassVar[type[BaseModel]] = spec.Scenario
    view_model: ClassVar[type[BaseModel] | None] = typed.NightWatchView
    facts_model: ClassVar[Any] = typed.NightWatchFacts
    meaning_model: ClassVar[Any] = typed.NightWatchMeaning
    chance_model: ClassVar[Any] = typed.NightWatchLabel
    def seats(self, scenario: spec.Scenario) -> tuple[Seat, ...]:
        return WATCHES

    def check_scenario(self, scenario: spec.Scenario) -> list[Msg]:
        return spec.check(scenario)

    def new_state(self, scenario: spec.Scenario) -> NightWatchState:
        return NightWatchState(scenario)

    def play(self, state: NightWatchState) -> Frame:
        return NightWatchGame()

    def decided(self, state: NightWatchState) -> Outcome | None:
        """A Watch wiped out, or Egor's favour won; asked only once a turn has
        ended the game (the house rules check after the turn)."""
        if not state.finished:
            return None
        return wiped_out(state) or favour_won(state)

    def timed_out(self, state: NightWatchState) -> Outcome | None:
        """The last turn (``settings.max_turns``) has been played."""
        if not state.finished:
            return None
        return last_turn(state)

    def seat_name(self, scenario: spec.Scenario, seat: Seat) -> Msg:
        found = WATCH_NAMES.get(seat)
        return found if found is not None else msg("core.seat-name", seat=seat)

    fresh_views = True
    """:meth:`view` builds every part anew but what the scenario fixes (the
    title, the board, the cards, the names), which every view shares
    read-only, so the game hands it out without copying it again."""

    def view(self, state: NightWatchState, seat: Seat) -> dict[str, JSON]:
        setup = state.setup
        others, items = setup.others_json, setup.items_json
        decks = state.decks
        return {
            "title": setup.title_json,
            "locations": setup.locations_json,
            "cards": setup.cards_json,
            "turn": state.turn,
            "egor": state.egor,
            "score": dict(state.score),
            "decks": {watch: sum(decks[watch].values()) for watch in WATCHES},
            "others": {key: other_view(o, seat, others[key]) for key, o in state.others.items()},
            "items": {key: {"name": items[key], "kind": i.spell.kind, "power": i.spell.power,
                            "location": i.location, "holder": i.holder}
                      for key, i in state.items.items()},
            # the cards on the table, public as every card played is
            "plays": [{"number": p.number, "other": p.by, "target": p.target,
                       "card": None if p.item else p.spell.key, "item": p.item,
                       "chips": list(p.chips), "power": p.power} for p in state.plays],
            "objectives": objectives_view(state, seat),
        }


def other_view(other: Other, seat: Seat, name: JSON = None) -> dict[str, JSON]:
    """An Other's card as ``seat`` sees it: its Spells only to its own Watch."""
    data: dict[str, JSON] = {
        "name": name if name is not None else other.name.to_json(), "watch": other.watch,
        "initiative": other.initiative, "location": other.location,
        "wounds": other.wounds, "in_play": other.in_play, "killed": other.killed,
        "chips": list(other.chips), "items": list(other.items), "spells": len(other.hand),
    }
    if seat == other.watch or seat == REFEREE:
        data["hand"] = list(other.hand)
    return data


@dataclass
class NightWatchGame(Frame):
    """Turn after turn until the house rules' end of game holds after one
    (docs/rulesets/night_watch.md, Victory); then the state is marked
    finished and the end-of-game hooks give the outcome."""

    def start(self, state: NightWatchState) -> Step:
        if state.finished:
            return done()
        return self.call(PlayTurn(), self.turn_over)

    def turn_over(self, state: NightWatchState, _: object) -> Step:
        result = decide(state)
        if result is None:
            return self.start(state)
        state.finished = True
        # who won and why: the outcome, said once by the core
        state.emit(msg("nw.game-over"), facts=facts(state, "game-over"))
        return done()


@dataclass
class PlayTurn(Frame):
    """One turn: arrivals and Spells, Egor, the Watchers, combat, Egor's favour."""

    def start(self, state: NightWatchState) -> Step:
        state.turn += 1
        state.emit(msg("nw.turn", turn=state.turn),
                   facts=facts(state, "phase-ended", "start", state.turn))
        bring_in_arrivals(state)
        return self.call(DrawSpells(), self.drawn)

    def drawn(self, state: NightWatchState, _: object) -> Step:
        return self.call(MoveEgor(), self.egor_moved)

    def egor_moved(self, state: NightWatchState, _: object) -> Step:
        return self.call(MoveWatchers(), self.moved)

    def moved(self, state: NightWatchState, _: object) -> Step:
        return self.call(FightEverywhere(), self.fought)

    def fought(self, state: NightWatchState, _: object) -> Step:
        score_favour(state)
        return done()


def bring_in_arrivals(state: NightWatchState) -> None:
    """House rule: an Other comes into play on its ``enters_turn``."""
    for key in state.setup.order:
        other = state.others[key]
        if other.enters_turn == state.turn and not other.killed:
            other.in_play = True
            state.emit(msg("nw.enters", other=other.name, watch=msg(f"nw.watch.{other.watch}"),
                           at=at(state, other.location)),
                       facts=facts(state, "entered", other.id, other.watch, other.location))
