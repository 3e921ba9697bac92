"""Combat (NW-CMB): Spells played in Initiative order, then wounds counted."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Decision, Option
from referee.games.night_watch import wording
from referee.games.night_watch.facts import facts
from referee.games.night_watch.state import NightWatchState, Other, Play, Spell, said
from referee.games.night_watch.tables import WOUNDS_TO_KILL

__all__ = ["DONE", "WOUNDS_TO_KILL", "Fight", "FightEverywhere", "battlegrounds"]

DONE = "done"


def battleground_set(state: NightWatchState) -> set[str]:
    """The Locations where Watchers of both Watches stand (NW-CMB-2), found
    in one pass over the Others. House rule: where only one Watch stands
    there is no combat."""
    first_watch: dict[str, str] = {}
    found: set[str] = set()
    for other in state.others.values():
        if other.in_play:
            watch = first_watch.setdefault(other.location, other.watch)
            if watch != other.watch:
                found.add(other.location)
    return found


def battlegrounds(state: NightWatchState) -> list[str]:
    """Locations where Watchers of both Watches stand (NW-CMB-2), in the
    scenario's order."""
    found = battleground_set(state)
    return [loc for loc in state.location_names if loc in found]


@dataclass
class FightEverywhere(Frame):
    """Combat begins once all the moves are made (NW-CMB-1): one at every
    battleground, in the scenario's order of Locations. ``index`` counts the
    Locations already past (a combat never changes who stands elsewhere)."""

    index: int = 0

    def start(self, state: NightWatchState) -> Step:
        locations, found = state.setup.location_ids, battleground_set(state)
        while self.index < len(locations):
            location = locations[self.index]
            self.index += 1
            if location in found:
                return self.call(Fight(location), self.fought)
        return done()

    def fought(self, state: NightWatchState, _: object) -> Step:
        return self.start(state)


@dataclass
class Fight(Frame):
    """One combat: each Watcher in ascending Initiative plays its cards
    (NW-CMB-5) until both players have played all they wanted (NW-CMB-6),
    then the wounds are counted and the Spells discarded. ``index`` counts the
    Others in Initiative order already past in this round; ``played`` the
    cards played in it."""

    location: str
    index: int = 0
    played: int = 0

    def start(self, state: NightWatchState) -> Step:
        state.plays = []
        state.emit(msg("nw.combat-begins", at=wording.at(state, self.location)),
                   clause="NW-CMB-1",
                   facts=facts(state, "combat-began", self.location))
        return self.next_watcher(state)

    def next_watcher(self, state: NightWatchState) -> Step:
        order, others = state.setup.order, state.others
        while self.index < len(order):
            other = others[order[self.index]]
            if other.in_play and other.location == self.location:
                return self.ask(play_decision(state, other), self.chose)
            self.index += 1
        if self.played == 0 or state.settings.combat_rounds == "once":
            count_wounds(state, self.location)
            discard_spells(state, self.location)
            return done()
        self.index = self.played = 0
        return self.next_watcher(state)

    def chose(self, state: NightWatchState, choice: str) -> Step:
        """The owner plays any number of cards for the Watcher, then says done."""
        other = state.others[state.setup.order[self.index]]
        if choice == DONE:
            self.index += 1
            return self.next_watcher(state)
        apply_play(state, other, str(choice))
        self.played += 1
        return self.ask(play_decision(state, other), self.chose)


def play_decision(state: NightWatchState, other: Other) -> Decision:
    question = said(state.setup, ("ask-play", other.id, other.location),
                    lambda: msg("nw.ask.play", other=other.name,
                                at=wording.at(state, other.location)))
    return Decision.single(other.watch, question, play_options(state, other))


def _on_each(by: Other, here: list[Other], made: dict[Hashable, Option], card: str,
             label: Callable[..., Msg], meaning: dict[str, str],
             attack: bool = False) -> Iterator[Option]:
    """Playing ``card`` on each Watcher here, ``by`` itself named «себя»,
    each option meaning ``meaning`` on that target: the options are made
    once per scenario and shared (``made``). An ``attack`` on a Watcher of
    ``by``'s own Watch (``by`` included) says so in its label."""
    for target in here:
        value = f"{card}:{target.id}"
        slot = (value, by.id)
        option = made.get(slot)
        if option is None:
            text = label(target=wording.target(by, target))
            if attack and target.watch == by.watch:
                text = msg("nw.option.own" if target.id == by.id else "nw.option.own-side",
                           option=text)
            option = made[slot] = Option(value, text, {**meaning, "target": target.id})
        yield option


def _casts(other: Other, here: list[Other], made: dict[Hashable, Option],
           key: str) -> tuple[Option, ...]:
    """Casting the Spell ``key`` from the Watcher's hand on each Watcher here."""
    spell = Spell.from_key(key)
    return tuple(_on_each(other, here, made, f"cast:{key}",
                          partial(msg, "nw.option.cast", spell=spell.label),
                          {"kind": "play", "other": other.id, "card": key},
                          attack=spell.kind == "attack"))


def _item_uses(state: NightWatchState, other: Other, here: list[Other],
               made: dict[Hashable, Option], item_id: str) -> tuple[Option, ...]:
    """Using the Item ``item_id`` the Watcher carries on each Watcher here."""
    item = state.items[item_id]
    return tuple(_on_each(other, here, made, f"item:{item_id}",
                          partial(msg, "nw.option.item", item=item.name,
                                  spell=item.spell.label),
                          {"kind": "use-item", "other": other.id, "item": item_id},
                          attack=item.spell.kind == "attack"))


KEPT_PLAYED = 10_000
"""At most this many cards' options on the Watchers at a Location are kept
per scenario (a large scenario has many groups of Watchers)."""


def _keep(played: dict[tuple[Any, ...], tuple[Option, ...]], slot: tuple[Any, ...],
          options: tuple[Option, ...]) -> tuple[Option, ...]:
    """Keep ``options`` under ``slot``, forgetting all kept past :data:`KEPT_PLAYED`."""
    if len(played) >= KEPT_PLAYED:
        played.clear()
    played[slot] = options
    return options


def play_options(state: NightWatchState, other: Other) -> list[Option]:
    """Done first; then each Spell in the Watcher's own hand (NW-CMB-3) on
    anyone at this Location, each Item it carries likewise, each chip on a
    card already played here (NW-CMB-8). Each card's options on the
    Watchers here are put together once per scenario."""
    here = state.at(other.location)
    ids = tuple(target.id for target in here)
    made = state.setup.options
    played = state.setup.played
    done = (DONE, other.id)
    options = [made.get(done) or made.setdefault(
        done, Option(DONE, msg("nw.option.done"), {"kind": "done", "other": other.id}))]
    last = None
    for key in other.hand:
        if key != last:
            last = key
            options += played.get(("cast", key, other.id, ids)) or _keep(
                played, ("cast", key, other.id, ids), _casts(other, here, made, key))
    for item_id in other.items:
        if not any(p.item == item_id for p in state.plays):
            options += played.get(("item", item_id, other.id, ids)) or _keep(
                played, ("item", item_id, other.id, ids),
                _item_uses(state, other, here, made, item_id))
    first_of: dict[int, int] = {}
    for index, chip in enumerate(other.chips):
        first_of.setdefault(chip, index)
    for chip, index in first_of.items():
        options += [_chip_option(state, other, index, chip, play) for play in state.plays]
    return options


def _chip_option(state: NightWatchState, other: Other, index: int, chip: int,
                 play: Play) -> Option:
    """Laying ``other``'s chip ``index`` (worth ``chip``) on a card already
    played, the card named by who played it and on whom, so that two alike
    cards read apart (made once per scenario and shared)."""
    made = state.setup.options
    slot = ("chip", other.id, index, chip, play.number, play.by, play.target, play.spell)
    option = made.get(slot)
    if option is None:
        by = state.others[play.by]
        label = msg("nw.option.chip", chip=f"{chip:+d}", spell=play.spell.label, by=by.name,
                    target=wording.target(by, state.others[play.target]))
        option = made[slot] = Option(f"chip:{index}:{play.number}", label,
                                     {"kind": "chip", "other": other.id, "chip": chip,
                                      "play": play.number})
    return option


def apply_play(state: NightWatchState, other: Other, choice: str) -> None:
    verb, first, second = [*choice.split(":"), "", ""][:3]
    setup = state.setup
    if verb == "cast":
        other.hand.remove(first)
        spell = Spell.from_key(first)
        play = Play(len(state.plays) + 1, other.id, second, spell)
        state.plays.append(play)
        clause = "NW-CMB-3" if spell.kind == "attack" else "NW-CMB-4"
        state.emit(said(setup, ("casts", other.id, first, second),
                        lambda: msg("nw.casts", other=other.name, spell=spell.label,
                                    target=wording.target(other, state.others[second]))),
                   clause=clause,
                   facts=facts(state, "played", other.id, first, second, play.number))
    elif verb == "item":
        item = state.items[first]
        play = Play(len(state.plays) + 1, other.id, second, item.spell, item.id)
        state.plays.append(play)
        state.emit(said(setup, ("uses-item", other.id, first, second),
                        lambda: msg("nw.uses-item", other=other.name, item=item.name,
                                    spell=item.spell.label,
                                    target=wording.target(other, state.others[second]))),
                   clause="NW-CMB-2",
                   facts=facts(state, "used-item", other.id, item.id, second, play.number))
    else:
        chip = other.chips.pop(int(first))
        play = state.plays[int(second) - 1]
        play.chips.append(chip)
        state.emit(said(setup, ("lays-chip", other.id, chip, play.spell, play.target),
                        lambda: msg("nw.lays-chip", other=other.name, chip=f"{chip:+d}",
                                    spell=play.spell.label, target=wording.target(
                                        other, state.others[play.target]))),
                   clause="NW-CMB-8",
                   facts=facts(state, "laid-chip", other.id, chip, play.number, play.target))


def powers(plays: list[Play]) -> tuple[int, int]:
    """The Attack Power and the Defence Power played on one Watcher: several
    cards add up (the natural reading of NW-CMB-9)."""
    attack = sum(p.power for p in plays if p.spell.kind == "attack")
    defence = sum(p.power for p in plays if p.spell.kind == "defence")
    return attack, defence


def wounds_from(plays: list[Play]) -> int:
    """Attack Power minus Defence Power, none when the Defence is as strong or
    stronger (NW-CMB-7)."""
    attack, defence = powers(plays)
    return max(0, attack - defence)


def count_wounds(state: NightWatchState, location: str) -> None:
    """Wounds are counted when combat is over (NW-CMB-6); a wounded Watcher
    carries a marker (NW-CMB-10); four wounds kill (NW-CMB-12)."""
    for other in state.at(location):
        on_it = [p for p in state.plays if p.target == other.id]
        if not on_it:
            continue
        wounds = wounds_from(on_it)
        other.wounds += wounds
        attack, defence = powers(on_it)
        state.emit(msg("nw.wounded", other=other.name, attack=attack, defence=defence,
                       wounds=wounds, before=other.wounds - wounds, total=other.wounds),
                   clause="NW-CMB-7",
                   facts=facts(state, "wounded", other.id, attack, defence, wounds,
                               other.wounds))
        if other.wounds >= WOUNDS_TO_KILL:
            kill(state, other)


def kill(state: NightWatchState, other: Other) -> None:
    """The card leaves the game with its unused Spells; Items stay on the
    Location (NW-CMB-12)."""
    other.in_play, other.killed = False, True
    lost = len(other.hand)
    other.hand.clear()
    state.emit(msg("nw.killed", other=other.name, spells=lost), clause="NW-CMB-12",
               facts=facts(state, "killed", other.id, other.location, lost))
    for item_id in other.items:
        item = state.items[item_id]
        item.holder, item.location = None, other.location
        state.emit(msg("nw.item-left", item=item.name, at=wording.at(state, other.location)),
                   clause="NW-CMB-12",
                   facts=facts(state, "item-left", item.id, other.location))
    other.items.clear()


def discard_spells(state: NightWatchState, location: str) -> None:
    """Every Spell that took part leaves the game (NW-CMB-11); Items are kept
    (house rule) and used chips are spent."""
    spells = sum(1 for p in state.plays if p.item is None)
    if spells:
        state.emit(msg("nw.discarded", count=spells, at=wording.at(state, location)),
                   clause="NW-CMB-11",
                   facts=facts(state, "discarded", location, spells))
    state.plays = []
