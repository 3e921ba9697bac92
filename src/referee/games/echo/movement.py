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
from referee.games.echo.battle import (
    BattleRound,
    GetAway,
    OrderCheck,
    at_a_standstill,
    battle_order,
    end_battle,
    highest_attentiveness,
    in_battle,
    in_turn_order,
    join_battle,
    set_battle_order,
)
from referee.games.echo.checks import dice_for
from referee.games.echo.gates import gate_options, pass_gate
from referee.games.echo.items import UseItem, usable_items
from referee.games.echo.state import Board, EchoState, Enemy, offer, place_of
from referee.games.echo.units import pay_round, spend

TOGETHER, APART = "together", "apart"


def move_options(state: EchoState, group: list[str]) -> list[Option]:
    """Moves to neighbouring Echo Locations: along a link for 1 unit
    (ECHO-MOV-2), to a touching Location for none (ECHO-MOV-3; house rule 12
    caps these at ``free_moves`` a phase)."""
    investigators = state.investigators
    here = investigators[group[0]].location
    units = min(investigators[s].units for s in group)
    free = max(investigators[s].free_moves for s in group) < state.settings.free_moves
    return [option for cost, option in moves_from(state.board, here)
            if (free if cost == tables.TOUCH_COST else units >= cost)]


def moves_from(board: Board, here: str) -> tuple[tuple[int, Option], ...]:
    """Each move from ``here`` with its cost, in the order of the map's
    neighbours (made once per scenario)."""
    found = board.moves.get(here)
    if found is None:
        found = board.moves[here] = tuple(
            (cost, offer(board, ("move", there, str(cost)), move_option, board, there, cost))
            for there, cost in board.steps(here))
    return found


def move_option(board: Board, there: str, cost: int) -> Option:
    touching = cost == tables.TOUCH_COST
    return Option(f"move:{there}", msg("echo.opt.touch" if touching else "echo.opt.move",
                                       to=place_of("to", board, there), cost=cost),
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


def away_option(state: EchoState, enemies: list[str], dice: int) -> Option:
    """The get-away check from the ``enemies`` barring the way (ECHO-BAT-1).
    With no die to roll it cannot pass: still offered, as the book forbids it
    no one, and its wording says it will fail (disputed case 15)."""
    names = tuple(state.enemy_name(e) for e in enemies)
    key = "echo.opt.away" if dice > 0 else "echo.opt.away-no-dice"
    return Option("away", msg(key, enemies=names), {"kind": "get-away", "enemies": enemies})


def away_dice(state: EchoState, leader: str, enemies: list[str]) -> int:
    """The dice of the leader's get-away check from ``enemies`` (ECHO-BAT-1,
    house rule 6: the highest Attentiveness is the penalty)."""
    penalty = highest_attentiveness(state, [state.enemies[e] for e in enemies])
    return dice_for(state.cards[leader].stealth, penalty)


def meet_option(state: EchoState, others: tuple[str, ...]) -> Option:
    """Ask the ``others`` standing here to go on together (ECHO-ORD-3,
    disputed case 2)."""
    return Option(TOGETHER, msg("echo.opt.meet", others=tuple(state.name(s) for s in others)),
                  {"kind": "together"})


SPLIT = Option("split", msg("echo.opt.split"), {"kind": "split"})
DONE = Option("done", msg("echo.opt.done"), {"kind": "done"})
MEETING = (Option(TOGETHER, msg("echo.opt.together"), {"kind": "together"}),
           Option(APART, msg("echo.opt.apart"), {"kind": "apart"}))
"""The answers to a meeting (ECHO-ORD-3)."""


def standing_with(state: EchoState, group: list[str]) -> list[str]:
    """Conscious investigators at the group's Location outside it, in turn order."""
    investigators = state.investigators
    here = investigators[group[0]].location
    return [s for s in state.clockwise_from_first()
            if s not in group and investigators[s].conscious
            and investigators[s].location == here]


def battle_options(state: EchoState, group: list[str], ids: list[str]) -> list[Option]:
    """A round, or the get-away check whose failure brings one (house rule 9),
    against the enemies ``ids`` barring the way (ECHO-BAT-1). A battle
    begins only with a unit for every member to pay its first round; once
    under way it goes on at none (ECHO-BAT-2, disputed case 12)."""
    units = min(state.investigators[s].units for s in group)
    if not in_battle(state, group) and units < tables.ROUND_COST:
        return []
    return [offer(state.board, ("fight", *ids), fight_option, state, ids),
            away(state, group[0], ids)]


def away(state: EchoState, leader: str, ids: list[str]) -> Option:
    dice = away_dice(state, leader, ids)
    return offer(state.board, ("away", str(min(dice, 1)), *ids), away_option, state, ids, dice)


def action_options(state: EchoState, leader: str, group: list[str],
                   may_meet: bool = False, blockers: list[Enemy] | None = None) -> list[Option]:
    """What the leader may do now. An enemy barring the way leaves no move
    and no Gate: a round of battle, a get-away check and items (ECHO-BAT-1);
    the turn may end there while no battle is under way (disputed case 10)
    or while it is at a standstill (disputed case 14). With ``may_meet`` (the
    turn's first action), the leader may ask those standing here to go on
    together (disputed case 2). ``blockers``: the group's
    (:meth:`EchoState.blockers`), when the caller has them."""
    here = state.investigators[leader].location
    if blockers is None:
        blockers = state.blockers(group)
    options: list[Option] = []
    if blockers:
        options += battle_options(state, group, [e.id for e in blockers])
    else:
        options += move_options(state, group)
        if min(state.investigators[s].units for s in group) >= tables.GATE_COST:
            options += gate_options(state, here)
    options += [offer(state.board, ("item", item), item_option, state, item)
                for item in usable_items(state, group, bool(blockers))]
    others = tuple(standing_with(state, group)) if may_meet else ()
    if others:
        options.append(offer(state.board, ("meet", *others), meet_option, state, others))
    if len(group) > 1:
        options.append(SPLIT)
    if not blockers or not in_battle(state, group) or at_a_standstill(state, group, blockers):
        options.append(DONE)
    return options


@dataclass
class Turn(Frame):
    """The turn of ``leader`` (and whoever goes with it). Returns ``done``
    (its turn is over), ``down`` (it fell) or ``split`` (the group split:
    the order starts again from the First Player, ECHO-ORD-4). A turn that
    goes on after a split (``resumed``) keeps its battle and its order of
    blows (disputed case 8)."""

    leader: str
    group: list[str] = field(default_factory=list)
    resumed: bool = False
    first_action: bool = True
    """No action taken yet in this turn: the leader may ask those standing
    with it to go on together (disputed case 2)."""
    asked: list[str] = field(default_factory=list)
    """The seats a meeting's question is put to, while it is."""

    def start(self, state: EchoState) -> Step:
        if not self.group:
            self.group = [self.leader]
        self.first_action = not self.resumed
        return self.next_action(state)

    def next_action(self, state: EchoState) -> Step:
        self.group = [s for s in self.group if state.investigators[s].conscious]
        if self.leader not in self.group:
            return done("down")
        blockers = state.blockers(self.group)
        if not blockers:
            end_battle(state, self.group)
        inv = state.investigators[self.leader]
        question = msg("echo.ask.action", who=tuple(state.name(s) for s in self.group),
                       at=state.at(inv.location), units=inv.units)
        options = action_options(state, self.leader, self.group, self.first_action, blockers)
        return self.ask(Decision.single(self.leader, question, options), self.acted)

    def acted(self, state: EchoState, choice: str) -> Step:
        self.first_action = False
        if choice == TOGETHER:
            return self.meet(state, standing_with(state, self.group), asking=False)
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
        cost = state.board.cost(here, there)
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
        others = standing_with(state, self.group)
        if not others:
            return self.next_action(state)
        return self.meet(state, others, asking=True)

    def meet(self, state: EchoState, others: list[str], asking: bool) -> Step:
        """Put the meeting to the ``others`` here, and to the leader too when
        ``asking`` (an arrival); a leader who asked them has said yes."""
        here = state.investigators[self.leader].location
        seats = (self.leader, *others) if asking else tuple(others)
        self.asked = list(seats)
        options = dict.fromkeys(seats, MEETING)
        question = msg("echo.ask.meet", who=tuple(state.name(s) for s in self.group),
                       others=tuple(state.name(s) for s in others), at=state.at(here))
        return self.ask(Decision(seats, question, options=options), self.met)

    def met(self, state: EchoState, answered: dict[str, Any] | str) -> Step:
        """The meeting's answers: a mapping seat -> answer, or the one answer
        of the one investigator the leader asked."""
        if isinstance(answered, str):
            answered = dict.fromkeys(self.asked, answered)
        answers = {self.leader: TOGETHER, **answered}
        self.asked = []
        joining = [s for s, answer in answers.items() if s != self.leader and answer == TOGETHER]
        if answers[self.leader] == TOGETHER and joining:
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
        """A round, in the order the battle's check gave (ECHO-BAT-5): checked
        once a battle, not again when the group meets or splits in it."""
        first = battle_order(state, self.group)
        if not first:
            return self.call(OrderCheck(self.leader, list(self.group)), self.ordered)
        set_battle_order(state, self.group, first)
        pay_round(state, self.group)
        join_battle(state, self.group)
        return self.call(BattleRound(list(self.group), first == "investigators"), self.fought)

    def ordered(self, state: EchoState, investigators_first: bool) -> Step:
        set_battle_order(state, self.group, "investigators" if investigators_first else "enemies")
        return self.fight(state)

    def fought(self, state: EchoState, _: None) -> Step:
        if state.settings.order_check == "round":
            set_battle_order(state, self.group, "")
        return self.next_action(state)

    def got_away(self, state: EchoState, away: bool) -> Step:
        """House rule 9: a failed get-away check is followed by a round."""
        if away:
            return self.next_action(state)
        return self.fight(state)
