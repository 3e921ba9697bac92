"""The Night Watch ruleset: a turn is Egor's move, the Watchers' moves, combat."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from referee.core.events import REFEREE, Seat
from referee.core.i18n import Lang, Msg, msg
from referee.core.ruleset import Flow, GameType, Outcome, Ruleset, register
from referee.core.waits import JSON
from referee.games.night_watch import scenario as spec
from referee.games.night_watch.board import board_rows
from referee.games.night_watch.combat import fight_everywhere
from referee.games.night_watch.movement import move_egor, move_watchers
from referee.games.night_watch.spells import draw_spells
from referee.games.night_watch.state import NightWatchState, Other
from referee.games.night_watch.victory import decide, score_favour


@register
class NightWatch(Ruleset[spec.Scenario, NightWatchState]):
    """Night Watch (Ночной Дозор): movement through the Metro and spell combat."""

    name = "night_watch"
    aliases = ("night-watch", "nw")
    version = "1"
    title = msg("nw.title")
    game_type = GameType(decisions="both", chance=True, hidden_information=True,
                         cooperative=False, min_seats=len(spec.WATCHES),
                         max_seats=len(spec.WATCHES), max_length=None,
                         length_note=msg("nw.length-note"))
    scenario_model: ClassVar[type[BaseModel]] = spec.Scenario

    def seats(self, scenario: spec.Scenario) -> tuple[Seat, ...]:
        return spec.WATCHES

    def check_scenario(self, scenario: spec.Scenario) -> list[str]:
        return spec.check(scenario)

    def new_state(self, scenario: spec.Scenario) -> NightWatchState:
        return NightWatchState(scenario)

    def play(self, state: NightWatchState) -> Flow:
        while not state.finished:
            yield from play_turn(state)
            result = decide(state)
            if result is not None:
                state.finished = True
                state.emit(msg("nw.game-over", reason=result.reason))

    def decided(self, state: NightWatchState) -> Outcome | None:
        return decide(state) if state.finished else None

    def seat_name(self, scenario: spec.Scenario, seat: Seat) -> Msg:
        return msg(f"nw.watch.{seat}")

    def board_table(self, view: dict[str, JSON],
                    lang: Lang) -> tuple[list[str], list[list[str]]] | None:
        return board_rows(view, lang)

    def view(self, state: NightWatchState, seat: Seat) -> dict[str, JSON]:
        return {
            "locations": {loc: name.to_json() for loc, name in state.location_names.items()},
            "turn": state.turn,
            "egor": state.egor,
            "score": dict(state.score),
            "decks": {watch: deck.total() for watch, deck in state.decks.items()},
            "others": {o.id: other_view(o, seat) for o in state.others.values()},
            "items": {i.id: {"name": i.name.to_json(), "location": i.location,
                             "holder": i.holder}
                      for i in state.items.values()},
        }


def other_view(other: Other, seat: Seat) -> dict[str, JSON]:
    """An Other's card as ``seat`` sees it: its Spells only to its own Watch."""
    data: dict[str, JSON] = {
        "name": other.name.to_json(), "watch": other.watch, "initiative": other.initiative,
        "location": other.location,
        "wounds": other.wounds, "in_play": other.in_play, "killed": other.killed,
        "chips": list(other.chips), "items": list(other.items), "spells": len(other.hand),
    }
    if seat in (other.watch, REFEREE):
        data["hand"] = sorted(spell.key for spell in other.hand)
    return data


def play_turn(state: NightWatchState) -> Flow:
    """One turn: arrivals and Spells, Egor, the Watchers, combat, Egor's favour."""
    state.turn += 1
    state.emit(msg("nw.turn", turn=state.turn))
    bring_in_arrivals(state)
    yield from draw_spells(state)
    yield from move_egor(state)
    yield from move_watchers(state)
    yield from fight_everywhere(state)
    score_favour(state)


def bring_in_arrivals(state: NightWatchState) -> None:
    """House rule: an Other comes into play on its ``enters_turn``."""
    for other in sorted(state.others.values(), key=lambda o: o.initiative):
        if other.enters_turn == state.turn and not other.killed:
            other.in_play = True
            state.emit(msg("nw.enters", other=other.name, watch=msg(f"nw.watch.{other.watch}"),
                           place=state.place(other.location)))
