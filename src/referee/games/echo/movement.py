"""An investigator's turn in the Movement phase (ECHO-MOV, ECHO-ORD-3): it
spends units, one thing for each (ECHO-MOV-2), on moves, Gates, items and
battle rounds; meets other investigators and may go on with them; ends it
with ``done`` (or splits its group).

A group is led by the investigator whose turn it is (house rule 14): it
chooses the group's actions, and every member spends the same units at the
same time (ECHO-ORD-3), so an action costing units is offered only while
every member has them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.flow import Frame, Step, done
from referee.core.i18n import msg
from referee.core.waits import Decision, Option
from referee.games.echo import tables
from referee.games.echo.battle import BattleRound, GetAway, OrderCheck, in_turn_order
from referee.games.echo.gates import gate_options, pass_gate
from referee.games.echo.items import UseItem, usable_items
from referee.games.echo.state import EchoState, offer
from referee.games.echo.units import pay_round, spend

TOGETHER, APART = "together", "apart"


def move_options(state: EchoState, group: list[str]) -> list[Option]:
    """Moves to neighbouring Echo Locations: along a link for 1 unit
    (ECHO-MOV-2), to a touching Location for none (ECHO-MOV-3; house rule 12
    caps these at ``free_moves`` a phase)."""
    here = state.investigators[group[0]].location
    units = min(state.investigators[s].units for s in group)
    free = max(state.investigators[s].free_moves for s in group) < state.settings.free_moves
    options = []
    for there in state.board.links.neighbours(here):
        passage = state.board.links.passage(here, there)
        cost = tables.LINK_COST if passage is None else int(passage.cost)
        affordable = free if cost == tables.TOUCH_COST else units >= cost
        if affordable:
            options.append(offer(state.board, ("move", there, str(cost)), move_option, state,
                                 there, cost))
    return options


def move_option(state: EchoState, there: str, cost: int) -> Option:
    touching = cost == tables.TOUCH_COST
    return Option(f"move:{there}", msg("echo.opt.touch" if touching else "echo.opt.move",
                                       to=state.to(there), cost=cost),
                  {"kind": "move", "location": there, "units": cost,
                   "way": "touch" if touching else "link"})


def item_option(state: EchoState, item: str) -> Option:
    """Try ``item`` at its cost (ECHO-ITEM-1)."""
    holder, cost = state.holders[item], state.item_cards[item].cost
    return Option(f"item:{item}", msg("echo.opt.item", item=state.item_name(item),
                                      who=state.name(holder), cost=cost),
                  {"kind": "item", "item": item, "investigator": holder, "units": cost})


def fight_option(state: EchoState, enemies: list[str]) -> Option:
    """A round against the ``enemies`` barring the way (ECHO-BAT-2)."""
    names = tuple(state.enemy_name(e) for e in enemies)
    return Option("fight", msg("echo.opt.fight", enemies=names),
                  {"kind": "fight", "enemies": enemies})


def away_option(state: EchoState, enemies: list[str]) -> Option:
    """The get-away check from the ``enemies`` barring the way (ECHO-BAT-1)."""
    names = tuple(state.enemy_name(e) for e in enemies)
    return Option("away", msg("echo.opt.away", enemies=names),
                  {"kind": "get-away", "enemies": enemies})


SPLIT = Option("split", msg("echo.opt.split"), {"kind": "split"})
DONE = Option("done", msg("echo.opt.done"), {"kind": "done"})
MEETING = (Option(TOGETHER, msg("echo.opt.together"), {"kind": "together"}),
           Option(APART, msg("echo.opt.apart"), {"kind": "apart"}))
"""The answers to a meeting (ECHO-ORD-3)."""


def action_options(state: EchoState, leader: str, group: list[str]) -> list[Option]:
    """What the leader may do now. An enemy barring the way leaves only a
    round of battle, a get-away check, and items (ECHO-BAT-1)."""
    here = state.investigators[leader].location
    blockers = state.blockers(group)
    options: list[Option] = []
    if blockers:
        ids = [e.id for e in blockers]
        options += [offer(state.board, ("fight", *ids), fight_option, state, ids),
                    offer(state.board, ("away", *ids), away_option, state, ids)]
    else:
        options += move_options(state, group)
        if min(state.investigators[s].units for s in group) >= tables.GATE_COST:
            options += gate_options(state, here)
    options += [offer(state.board, ("item", item), item_option, state, item)
                for item in usable_items(state, group, bool(blockers))]
    if len(group) > 1:
        options.append(SPLIT)
    if not blockers:
        options.append(DONE)
    return options


@dataclass
class Turn(Frame):
    """The turn of ``leader`` (and whoever goes with it). Returns ``done``
    (its turn is over), ``down`` (it fell) or ``split`` (the group split:
    the order starts again from the First Player, ECHO-ORD-4)."""

    leader: str
    group: list[str] = field(default_factory=list)
    order: str = ""
    """Once a battle's order check is made: ``investigators`` or ``enemies``
    strike first; empty out of battle."""

    def start(self, state: EchoState) -> Step:
        if not self.group:
            self.group = [self.leader]
        return self.next_action(state)

    def next_action(self, state: EchoState) -> Step:
        self.group = [s for s in self.group if state.investigators[s].conscious]
        if self.leader not in self.group:
            return done("down")
        if not state.blockers(self.group):
            self.order = ""
        inv = state.investigators[self.leader]
        question = msg("echo.ask.action", who=tuple(state.name(s) for s in self.group),
                       at=state.at(inv.location), units=inv.units)
        return self.ask(Decision.single(self.leader, question,
                                        action_options(state, self.leader, self.group)),
                        self.acted)

    def acted(self, state: EchoState, choice: str) -> Step:
        verb, _, what = choice.partition(":")
        if verb == "move":
            return self.move(state, what)
        if verb in ("gate", "back"):
            spend(state, self.group, tables.GATE_COST, "gate", "ECHO-GATE-2")
            pass_gate(state, self.group, what, back=verb == "back")
            return self.arrived(state)
        if verb == "item":
            return self.call(UseItem(self.leader, list(self.group), what), self.used)
        if verb == "fight":
            return self.fight(state)
        if verb == "away":
            return self.call(GetAway(self.leader, list(self.group)), self.got_away)
        if verb == "split":
            state.emit(msg("echo.split", who=tuple(state.name(s) for s in self.group)),
                       clause="ECHO-ORD-4", facts={"kind": "split", "investigators": self.group})
            return done("split")
        state.emit(msg("echo.done", who=state.name(self.leader)), clause="ECHO-ORD-1",
                   facts={"kind": "turn-ended", "investigator": self.leader})
        return done("done")

    def move(self, state: EchoState, there: str) -> Step:
        here = state.investigators[self.leader].location
        passage = state.board.links.passage(here, there)
        cost = tables.LINK_COST if passage is None else int(passage.cost)
        touching = cost == tables.TOUCH_COST
        spend(state, self.group, cost, "move", "ECHO-MOV-2")
        for seat in self.group:
            inv = state.investigators[seat]
            inv.location = there
            if touching:
                inv.free_moves += 1
        state.emit(msg("echo.moved", who=tuple(state.name(s) for s in self.group),
                       from_=state.from_(here), to=state.to(there), cost=cost),
                   clause="ECHO-MOV-3" if touching else "ECHO-MOV-2",
                   facts={"kind": "moved", "investigators": self.group, "from": here,
                          "to": there, "units": cost, "way": "touch" if touching else "link"})
        return self.arrived(state)

    def arrived(self, state: EchoState) -> Step:
        """ECHO-ORD-3: meeting other investigators here, the leader and each
        of them say at once whether to go on together."""
        here = state.investigators[self.leader].location
        others = [s for s in in_turn_order(state, list(state.order))
                  if s not in self.group and state.investigators[s].conscious
                  and state.investigators[s].location == here]
        if not others:
            return self.next_action(state)
        seats = (self.leader, *others)
        options = dict.fromkeys(seats, MEETING)
        question = msg("echo.ask.meet", who=tuple(state.name(s) for s in self.group),
                       others=tuple(state.name(s) for s in others), at=state.at(here))
        return self.ask(Decision(seats, question, options=options), self.met)

    def met(self, state: EchoState, answers: dict[str, Any]) -> Step:
        joining = [s for s, answer in answers.items() if s != self.leader and answer == TOGETHER]
        if answers.get(self.leader) == TOGETHER and joining:
            self.group = in_turn_order(state, [*self.group, *joining])
            state.emit(msg("echo.together", who=tuple(state.name(s) for s in self.group)),
                       clause="ECHO-ORD-3", facts={"kind": "joined", "investigators": self.group,
                                                   "joining": joining})
        else:
            others = [s for s in answers if s != self.leader]
            declined = [s for s, answer in answers.items() if answer == APART]
            state.emit(msg("echo.apart", who=tuple(state.name(s) for s in self.group),
                           others=tuple(state.name(s) for s in others),
                           declined=tuple(state.name(s) for s in declined)),
                       clause="ECHO-ORD-3",
                       facts={"kind": "went-apart", "investigators": self.group,
                              "others": others, "declined": declined})
        return self.next_action(state)

    def used(self, state: EchoState, moved: bool) -> Step:
        return self.arrived(state) if moved else self.next_action(state)

    def fight(self, state: EchoState) -> Step:
        if not self.order:
            return self.call(OrderCheck(self.leader, list(self.group)), self.ordered)
        pay_round(state, self.group)
        return self.call(BattleRound(list(self.group), self.order == "investigators"),
                         self.fought)

    def ordered(self, state: EchoState, investigators_first: bool) -> Step:
        self.order = "investigators" if investigators_first else "enemies"
        return self.fight(state)

    def fought(self, state: EchoState, _: None) -> Step:
        if state.settings.order_check == "round":
            self.order = ""
        return self.next_action(state)

    def got_away(self, state: EchoState, away: bool) -> Step:
        """House rule 9: a failed get-away check is followed by a round."""
        if away:
            self.order = ""
            return self.next_action(state)
        return self.fight(state)
