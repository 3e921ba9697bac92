"""Heroic Actions: declared at the start of a phase for 1 Fame each, and the
roll for whose Hero goes first (OW-HAC-1..3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from referee.core.flow import Frame, Step, Then, done
from referee.core.i18n import msg
from referee.core.waits import Decision, Option
from referee.games.old_west.aiming import has_a_shot
from referee.games.old_west.rolls import d6
from referee.games.old_west.state import Fighter, OldWestState, frozen
from referee.games.old_west.tables import TIE_DIE_LOW
from referee.games.old_west.view import Action

ACTION: dict[str, Action] = {"movement": "yee-haw", "shooting": "quickdraw",
                             "melee": "whuppin"}
"""The Heroic Action of each phase (OW-YEE-1, OW-QDR-1, OW-WHP-1)."""

_ACTION_TEXTS = {phase: msg(f"ow.action.{action}") for phase, action in ACTION.items()}
_NO_HEROES = msg("ow.opt.no-heroes")
"""Texts that name no one, made once (a text never changes)."""

_MAX_LISTED = 3


def action_cost(state: OldWestState, phase: str) -> int:
    """1 Fame (OW-HAC-2); Tike for Whuppin' by the house rule ``whuppin_cost``
    (the fragment drops the number)."""
    rules = state.rules
    return rules.whuppin_cost if phase == "melee" else rules.heroic_action_cost


def eligible(state: OldWestState, seat: str, phase: str) -> list[Fighter]:
    """Heroes of ``seat`` who could make this phase's action now (:func:`may_act`)."""
    cost = action_cost(state, phase)
    return [hero for hero in state.posse(seat) if may_act(state, hero, phase, cost)]


def may_act(state: OldWestState, hero: Fighter, phase: str, cost: int) -> bool:
    """Could ``hero`` make this phase's action now, for ``cost`` Fame: Yee
    Haw! out of melee, Quickdraw with a shot to take (OW-QDR-3: it works only
    if he shoots), Tike for Whuppin' in a melee. House rule: a Hero lying on
    the ground makes none (the book is silent; he spends his move getting up
    and does not shoot, and in a melee fights only to get up, OW-GRD-1,
    OW-GRD-2)."""
    if not hero.hero or hero.fame < cost or hero.prone:
        return False
    if phase == "shooting":
        return has_a_shot(state, hero.id)
    return bool(state.engaged_with(hero.id)) == (phase == "melee")


def anyone_may_act(state: OldWestState, phase: str) -> bool:
    """Could any Hero of either side make this phase's action now? (Asked of
    the models in play in the scenario's order: a yes or no, whoever says it.)"""
    cost = action_cost(state, phase)
    return any(may_act(state, hero, phase, cost) for hero in state.active())


def _choices(seat: str, heroes: list[Fighter], phase: str) -> tuple[Option, ...]:
    """Every set of Heroes the player may declare, "none" first."""
    ids = [h.id for h in heroes]
    sizes = range(len(ids) + 1) if len(ids) <= _MAX_LISTED else (0, 1, len(ids))
    action = _ACTION_TEXTS[phase]
    options = []
    for size in sizes:
        for chosen in combinations(ids, size):
            names = tuple(h.name for h in heroes if h.id in chosen)
            label = msg("ow.opt.heroes", action=action, names=names) if chosen else _NO_HEROES
            options.append(Option(list(chosen), label, {
                "kind": "heroes", "seat": seat, "action": ACTION[phase],
                "models": list(chosen)}))
    return tuple(options)


@dataclass
class DeclareHeroics(Frame):
    """At the start of a phase each player declares which Heroes make the
    phase's Heroic Action (OW-HAC-2), both at once when both may (house
    reading); a Hero acts at most once per phase. Returns the Heroes in the
    order they act (OW-HAC-3)."""

    phase: str
    asked: list[str] = field(default_factory=list)
    declared: dict[str, list[str]] = field(default_factory=dict)

    def start(self, state: OldWestState) -> Step:
        order = state.by_advantage()
        heroes = {seat: eligible(state, seat, self.phase) for seat in order}
        self.asked = [seat for seat in order if heroes[seat]]
        if not self.asked:
            return done([])
        question = msg("ow.ask.heroics", action=_ACTION_TEXTS[self.phase])
        options = {seat: _choices(seat, heroes[seat], self.phase) for seat in self.asked}
        if len(self.asked) == 1:
            return self.ask(Decision.single(self.asked[0], question, options[self.asked[0]]),
                            self.answered_one)
        return self.ask(Decision(tuple(self.asked), question, options), self.answered)

    def answered_one(self, state: OldWestState, answer: list[str]) -> Step:
        return self.answered(state, {self.asked[0]: answer})

    def answered(self, state: OldWestState, answers: dict[str, list[str]]) -> Step:
        self.declared = {seat: list(answers[seat]) for seat in self.asked}
        cost = action_cost(state, self.phase)
        for seat in self.asked:
            for hero_id in self.declared[seat]:
                hero = state.fighters[hero_id]
                hero.fame -= cost
                state.emit(msg("ow.heroic-declared", name=hero.name,
                               action=_ACTION_TEXTS[self.phase], left=hero.fame),
                           clause="OW-HAC-2",
                           facts=frozen({"kind": "heroic-action", "model": hero_id,
                                         "action": ACTION[self.phase], "fame": cost,
                                         "left": hero.fame}))
        first, second = state.by_advantage()
        ours, theirs = self.declared.get(first, []), self.declared.get(second, [])
        if not ours or not theirs:
            return done(ours or theirs)
        return self.ask(d6(msg("ow.roll.heroic-first"),
                           {"roll": "heroic-first", "seat": first}), self.ordered)

    def ordered(self, state: OldWestState, roll: int) -> Step:
        """Both sides declared: a die, 1–3 the side with Advantage goes first,
        4–6 the other; then the sides alternate (OW-HAC-3)."""
        first, second = state.by_advantage()
        ours, theirs = self.declared.get(first, []), self.declared.get(second, [])
        if roll not in TIE_DIE_LOW:
            first, second, ours, theirs = second, first, theirs, ours
        state.emit(msg("ow.heroic-first", posse=state.posse_names[first], roll=roll),
                   clause="OW-HAC-3", facts={"kind": "heroic-first", "seat": first, "roll": roll})
        order: list[str] = []
        for i in range(max(len(ours), len(theirs))):
            order += ours[i:i + 1] + theirs[i:i + 1]
        return done(order)


def declare_heroics(frame: Frame, state: OldWestState, phase: str, then: Then) -> Step:
    """``frame`` goes on with ``then`` and the Heroes who act, in order, as
    :class:`DeclareHeroics` declares them: none, at once, where no Hero may
    make the phase's action (most phases: nothing to ask)."""
    if not anyone_may_act(state, phase):
        return then(state, [])
    return frame.call(DeclareHeroics(phase), then)
