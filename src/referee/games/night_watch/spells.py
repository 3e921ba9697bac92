"""Getting Spell cards. House rule (the book's section on it is not in the
fragment): at the start of each turn every Other in play draws from its
Watch's shuffled deck until it holds ``settings.hand_size`` Spells. Each draw
is a chance event over the cards left, so an empty deck deals no more."""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from referee.core.events import Audience, secret
from referee.core.flow import Frame, Step, done
from referee.core.i18n import msg
from referee.core.waits import Chance
from referee.games.night_watch.facts import drew
from referee.games.night_watch.state import NightWatchState, Spell, said
from referee.games.night_watch.tables import WATCHES, WatchId

BOTH_WATCHES = Audience.of(WATCHES)
"""Who learns of a draw: both players, each in its own wording (the card to
its own Watch and the referee, "a Spell card" to the other); not a public
line, so a terminal shared by both players shows neither wording."""


def draw_chance(state: NightWatchState, watch: WatchId) -> Chance:
    """A draw from ``watch``'s deck: each card left as likely as its copies."""
    deck = state.decks[watch]
    key = (watch, *deck.items())
    chances = state.setup.chances
    found = chances.get(key)
    if found is None:
        found = chances[key] = Chance.weighted(
            msg("nw.chance.draw", watch=msg(f"nw.watch.{watch}")), deck,
            {"draw": "spell", "watch": watch})
    return found


@dataclass
class DrawSpells(Frame):
    """Every Other in play, lowest Initiative first, fills its hand.
    ``index`` counts the Others in Initiative order already served."""

    index: int = 0

    def start(self, state: NightWatchState) -> Step:
        order, others, hand_size = state.setup.order, state.others, state.settings.hand_size
        while self.index < len(order):
            other = others[order[self.index]]
            if other.in_play and len(other.hand) < hand_size and state.decks[other.watch]:
                return self.ask(draw_chance(state, other.watch), self.drew)
            self.index += 1
        return done()

    def drew(self, state: NightWatchState, key: str) -> Step:
        other = state.others[state.setup.order[self.index]]
        deck = state.decks[other.watch]
        key = str(key)
        left = deck[key] - 1
        if left:
            deck[key] = left
        else:
            del deck[key]
        insort(other.hand, key)
        state.emit(said(state.setup, ("draws", other.id, key),
                        lambda: secret((other.watch,),
                                       msg("nw.draws-secret", other=other.name,
                                           spell=Spell.from_key(key).label),
                                       msg("nw.draws", other=other.name))),
                   BOTH_WATCHES, facts=drew(state, other.id, other.watch, key))
        return self.start(state)
