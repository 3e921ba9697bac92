"""How the rules name things inside a sentence: a Location with the
preposition each language needs ("at the Barbershop", «в Парикмахерской», «на
Крышу», «с Электростанции»), and a Watcher a card is played on, which is
«себя» when it is the one who plays it.

The phrases are made once per scenario (:func:`referee.core.prepared.prepared`)
and shared by every game of it."""

from __future__ import annotations

from functools import lru_cache

from referee.core.i18n import Msg, Name, msg
from referee.core.places import place_phrase
from referee.core.prepared import prepared
from referee.games.night_watch.scenario import Scenario
from referee.games.night_watch.state import NightWatchState, Other


class Phrases:
    """Each Location of a scenario as being there, going there and coming
    from there."""

    def __init__(self, scenario: Scenario) -> None:
        self.at: dict[str, Msg] = {}
        self.to: dict[str, Msg] = {}
        self.from_: dict[str, Msg] = {}
        for loc in scenario.locations:
            name, preposition = loc.name.name, loc.ru_preposition
            self.at[loc.id] = place_phrase("at", name, preposition)
            self.to[loc.id] = place_phrase("to", name, preposition)
            self.from_[loc.id] = place_phrase("from", name, preposition)


def phrases(scenario: Scenario) -> Phrases:
    """The phrases of ``scenario``'s Locations, made once."""
    return prepared(scenario, Phrases)


def at(state: NightWatchState, location: str) -> Msg:
    """Being there: "at the Roof", «на Крыше»."""
    return phrases(state.setup.scenario).at[location]


def to(state: NightWatchState, location: str) -> Msg:
    """Going there: "to the Roof", «на Крышу»."""
    return phrases(state.setup.scenario).to[location]


def from_(state: NightWatchState, location: str) -> Msg:
    """Coming from there: "from the Roof", «с Крыши»."""
    return phrases(state.setup.scenario).from_[location]


def target(by: Other, on: Other) -> Name | Msg:
    """Whom ``by`` plays a card on, named as the sentence about ``by`` names
    it: itself as «себя» ("herself"), anyone else by name."""
    return _oneself(by.name) if on.id == by.id else on.name


@lru_cache(maxsize=256)
def _oneself(name: Name) -> Msg:
    return msg("nw.oneself", who=name)
