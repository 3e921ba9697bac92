"""How the rules name things inside a sentence: a Location with the
preposition each language needs ("at the Barbershop", «в Парикмахерской», «на
Крышу», «с Электростанции»), and a Watcher a card is played on, which is
«себя» when it is the one who plays it.

The phrases are made once per scenario (:class:`.state.Setup`) and shared by
every game of it."""

from __future__ import annotations

from functools import lru_cache

from referee.core.i18n import Msg, Name, msg
from referee.games.night_watch.state import NightWatchState, Other


def at(state: NightWatchState, location: str) -> Msg:
    """Being there: "at the Roof", «на Крыше»."""
    return state.setup.at[location]


def to(state: NightWatchState, location: str) -> Msg:
    """Going there: "to the Roof", «на Крышу»."""
    return state.setup.to[location]


def from_(state: NightWatchState, location: str) -> Msg:
    """Coming from there: "from the Roof", «с Крыши»."""
    return state.setup.from_[location]


def target(by: Other, on: Other) -> Name | Msg:
    """Whom ``by`` plays a card on, named as the sentence about ``by`` names
    it: itself as «себя» ("herself"), anyone else by name."""
    return _oneself(by.name) if on.id == by.id else on.name


@lru_cache(maxsize=256)
def _oneself(name: Name) -> Msg:
    return msg("nw.oneself", who=name)
