"""Combat (NW-CMB): Spells played in Initiative order, then wounds counted."""

from __future__ import annotations

from referee.core.i18n import msg
from referee.core.ruleset import Flow, Step
from referee.core.waits import Decision, Option
from referee.games.night_watch.state import NightWatchState, Other, Play

DONE = "done"
WOUNDS_TO_KILL = 4
"""A Watcher with four wounds is killed (NW-CMB-12)."""


def battlegrounds(state: NightWatchState) -> list[str]:
    """Locations where Watchers of both Watches stand (NW-CMB-2). House rule:
    where only one Watch stands there is no combat."""
    return [loc for loc in state.location_names
            if len({o.watch for o in state.at(loc)}) == 2]


def fight_everywhere(state: NightWatchState) -> Flow:
    """Combat begins once all the moves are made (NW-CMB-1)."""
    for location in battlegrounds(state):
        yield from fight(state, location)


def fight(state: NightWatchState, location: str) -> Flow:
    """One combat: each Watcher in ascending Initiative plays its cards
    (NW-CMB-5) until both players have played all they wanted (NW-CMB-6),
    then the wounds are counted and the Spells discarded."""
    state.plays = []
    state.emit(msg("nw.combat-begins", place=state.place(location)), clause="NW-CMB-1")
    while True:
        played = 0
        for other in state.at(location):
            played += yield from turn_to_play(state, other)
        if played == 0 or state.settings.combat_rounds == "once":
            break
    count_wounds(state, location)
    discard_spells(state, location)


def turn_to_play(state: NightWatchState, other: Other) -> Step[int]:
    """The owner plays any number of cards for ``other``, then says done.
    Returns how many it played (the generator's return value)."""
    played = 0
    while True:
        options = play_options(state, other)
        question = msg("nw.ask.play", other=other.name, place=state.place(other.location))
        choice = str((yield Decision.single(other.watch, question, options)))
        if choice == DONE:
            return played
        apply_play(state, other, choice)
        played += 1


def play_options(state: NightWatchState, other: Other) -> list[Option]:
    """Done first; then each Spell in the Watcher's own hand (NW-CMB-3) on
    anyone at this Location, each Item it carries likewise, each chip on a
    card already played here (NW-CMB-8)."""
    here = state.at(other.location)
    options = [Option(DONE, msg("nw.option.done"))]
    for key in sorted({spell.key for spell in other.hand}):
        spell = next(s for s in other.hand if s.key == key)
        options += [Option(f"cast:{key}:{target.id}",
                           msg("nw.option.cast", spell=spell.label, target=target.name))
                    for target in here]
    for item_id in other.items:
        item = state.items[item_id]
        if any(p.item == item_id for p in state.plays):
            continue
        options += [Option(f"item:{item_id}:{target.id}",
                           msg("nw.option.item", item=item.name, target=target.name))
                    for target in here]
    first_of: dict[int, int] = {}
    for index, chip in enumerate(other.chips):
        first_of.setdefault(chip, index)
    for chip, index in first_of.items():
        options += [Option(f"chip:{index}:{play.number}",
                           msg("nw.option.chip", chip=f"{chip:+d}", spell=play.spell.label,
                               target=state.others[play.target].name))
                    for play in state.plays]
    return options


def apply_play(state: NightWatchState, other: Other, choice: str) -> None:
    verb, first, second = [*choice.split(":"), "", ""][:3]
    if verb == "cast":
        spell = next(s for s in other.hand if s.key == first)
        other.hand.remove(spell)
        play = Play(len(state.plays) + 1, other.id, second, spell)
        state.plays.append(play)
        clause = "NW-CMB-3" if spell.kind == "attack" else "NW-CMB-4"
        state.emit(msg("nw.casts", other=other.name, spell=spell.label,
                       target=state.others[second].name), clause=clause)
    elif verb == "item":
        item = state.items[first]
        state.plays.append(Play(len(state.plays) + 1, other.id, second, item.spell, item.id))
        state.emit(msg("nw.uses-item", other=other.name, item=item.name, spell=item.spell.label,
                       target=state.others[second].name), clause="NW-CMB-2")
    else:
        chip = other.chips.pop(int(first))
        play = state.plays[int(second) - 1]
        play.chips.append(chip)
        state.emit(msg("nw.lays-chip", other=other.name, chip=f"{chip:+d}",
                       spell=play.spell.label, target=state.others[play.target].name),
                   clause="NW-CMB-8")


def wounds_from(plays: list[Play]) -> int:
    """Attack Power minus Defence Power, none when the Defence is as strong or
    stronger (NW-CMB-7); several cards on one Watcher add up (the natural
    reading of NW-CMB-9)."""
    attack = sum(p.power for p in plays if p.spell.kind == "attack")
    defence = sum(p.power for p in plays if p.spell.kind == "defence")
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
        attack = sum(p.power for p in on_it if p.spell.kind == "attack")
        defence = sum(p.power for p in on_it if p.spell.kind == "defence")
        state.emit(msg("nw.wounded", other=other.name, attack=attack, defence=defence,
                       wounds=wounds, total=other.wounds), clause="NW-CMB-7")
        if other.wounds >= WOUNDS_TO_KILL:
            kill(state, other)


def kill(state: NightWatchState, other: Other) -> None:
    """The card leaves the game with its unused Spells; Items stay on the
    Location (NW-CMB-12)."""
    other.in_play, other.killed = False, True
    lost = len(other.hand)
    other.hand.clear()
    state.emit(msg("nw.killed", other=other.name, spells=lost), clause="NW-CMB-12")
    for item_id in other.items:
        item = state.items[item_id]
        item.holder, item.location = None, other.location
        state.emit(msg("nw.item-left", item=item.name, place=state.place(other.location)),
                   clause="NW-CMB-12")
    other.items.clear()


def discard_spells(state: NightWatchState, location: str) -> None:
    """Every Spell that took part leaves the game (NW-CMB-11); Items are kept
    (house rule) and used chips are spent."""
    spells = sum(1 for p in state.plays if p.item is None)
    if spells:
        state.emit(msg("nw.discarded", count=spells, place=state.place(location)),
                   clause="NW-CMB-11")
    state.plays = []
