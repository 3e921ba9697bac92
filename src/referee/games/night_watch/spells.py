"""Getting Spell cards. House rule (the book's section on it is not in the
fragment): at the start of each turn every Other in play draws from its
Watch's shuffled deck until it holds ``settings.hand_size`` Spells. Each draw
is a chance event over the cards left, so an empty deck deals no more."""

from __future__ import annotations

from referee.core.events import Audience
from referee.core.i18n import msg
from referee.core.ruleset import Flow
from referee.core.waits import Chance
from referee.games.night_watch.scenario import rival
from referee.games.night_watch.state import NightWatchState, Other, Spell


def draw_spells(state: NightWatchState) -> Flow:
    for other in state.active():
        yield from fill_hand(state, other)


def fill_hand(state: NightWatchState, other: Other) -> Flow:
    deck = state.decks[other.watch]
    while len(other.hand) < state.settings.hand_size and deck.total() > 0:
        key = yield Chance.weighted(msg("nw.chance.draw", watch=msg(f"nw.watch.{other.watch}")),
                                    dict(sorted(deck.items())))
        deck[key] -= 1
        spell = Spell.from_key(str(key))
        other.hand.append(spell)
        state.emit(msg("nw.draws-secret", other=other.name, spell=spell.label),
                   Audience.only(other.watch))
        state.emit(msg("nw.draws", other=other.name), Audience.only(rival(other.watch)))
