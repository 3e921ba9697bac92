"""The turn (house rule, from the full game: Priority, Move, Combat, Action,
End), with the Move phase kept simple: stay, advance toward an enemy, or
charge into base contact."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from referee.boards.sweep import Around
from referee.boards.table import XY, Table
from referee.core.events import Facts, Seat
from referee.core.flow import Frame, Step, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Decision, Option
from referee.games.samurai import move_to
from referee.games.samurai.combat import CombatPhase
from referee.games.samurai.fight import d6
from referee.games.samurai.missiles import ActionPhase
from referee.games.samurai.state import Fighter, SamuraiState, Shown, tenths
from referee.games.samurai.tables import BROKEN_BELOW

ADVANCE_STEPS = (1.0, 0.75, 0.5, 0.25)
"""House rule: an advance blocked on the way stops at the farthest of these
fractions of the move that is clear."""


@dataclass
class Match(Frame):
    """Turn after turn until the core ends the game (decided / timed out)."""

    def start(self, state: SamuraiState) -> Step:
        state.turn += 1
        for f in state.fighters.values():
            f.begin_turn()
        return self.call(Priority(), self.prioritised)

    def prioritised(self, state: SamuraiState, seat: Seat) -> Step:
        return self.call(MovePhase(), self.moved)

    def moved(self, state: SamuraiState, result: object) -> Step:
        return self.call(CombatPhase(), self.fought)

    def fought(self, state: SamuraiState, result: object) -> Step:
        return self.call(ActionPhase(), self.acted)

    def acted(self, state: SamuraiState, result: object) -> Step:
        end_phase(state)
        return self.start(state)


@dataclass
class Priority(Frame):
    """House rule (Ronin): each band rolls a d6, ties rolled again; the
    higher has priority for the turn."""

    rolls: list[int] = field(default_factory=list)

    def start(self, state: SamuraiState) -> Step:
        seat = state.seats[len(self.rolls)]
        return self.ask(d6(state, "priority", seat), self.rolled)

    def rolled(self, state: SamuraiState, face: int) -> Step:
        self.rolls.append(face)
        if len(self.rolls) < 2:
            return self.start(state)
        first, second = self.rolls
        self.rolls = []
        if first == second:
            return self.start(state)
        state.priority = state.seats[0] if first > second else state.seats[1]
        state.say(("sam.priority", state.turn, first, second),
                  lambda: _priority_line(state, first, second))
        return done(state.priority)


def _priority_line(state: SamuraiState, first: int, second: int) -> tuple[Msg, Facts]:
    """Who won priority for the turn, the two bands' rolls in their seats' order."""
    other = state.other(state.priority)
    return (msg("sam.priority", turn=state.turn, winner=state.band_names[state.priority],
                a=max(first, second), loser=state.band_names[other], b=min(first, second)),
            {"kind": "priority", "turn": state.turn, "seat": state.priority,
             "rolls": dict(zip(state.seats, (first, second), strict=True))})


@dataclass
class MovePhase(Frame):
    """House rule: the band with priority moves its fighters one by one, then
    the other; a fighter touching an enemy stays where it is."""

    queue: list[str] = field(default_factory=list)

    def start(self, state: SamuraiState) -> Step:
        state.phase = "move"
        state.say_phase("sam.phase.move", "move", "phase-began")
        self.queue = [f.id for seat in (state.priority, state.other(state.priority))
                      for f in state.alive(seat)]
        return self.next(state)

    def next(self, state: SamuraiState) -> Step:
        contacts = state.contacts()
        while self.queue and contacts[self.queue[0]]:
            self.queue.pop(0)
        if not self.queue:
            state.say_phase("sam.phase.move-ended", "move", "phase-ended")
            return done()
        fid = self.queue[0]
        f = state.fighters[fid]
        options, state.moving = move_question(state, fid)
        return self.ask(Decision.single(f.side, msg("sam.ask.move", name=f.name), options),
                        self.chose)

    def pointed(self, state: SamuraiState, _: object) -> Step:
        """Moved to a point of the player's choice (:mod:`.move_to`)."""
        return self.next(state)

    def chose(self, state: SamuraiState, value: dict[str, object]) -> Step:
        fid = self.queue.pop(0)
        f = state.fighters[fid]
        state.moving = None
        if value["do"] == "point":
            return self.call(move_to.MoveToPoint(fid), self.pointed)
        if value["do"] != "stay":
            to = value["to"]
            assert isinstance(to, list)
            start = [f.x, f.y]
            f.x, f.y = float(to[0]), float(to[1])
            f.moved = True
            target = str(value["target"])
            key = "sam.charges" if value["do"] == "charge" else "sam.advances"
            state.emit(msg(key, name=f.name, target=state.fighters[target].name, x=tenths(f.x),
                           y=tenths(f.y)),
                       facts={"kind": "moved", "fighter": fid, "start": start, "end": [f.x, f.y],
                              "move": value["do"], "target": target})
        return self.next(state)


def move_question(state: SamuraiState, fid: str) -> tuple[tuple[Option, ...], Shown]:
    """``fid``'s move options and what the views show of them, remembered
    by the table: the same fighters standing at the same spots give every
    fighter the same moves, in this game or another of the scenario."""
    table = state.table()
    key = (_MOVES, fid)
    found: tuple[tuple[Option, ...], Shown] | None = table.known.get(key)
    if found is None:
        options = move_options(state, table, fid)
        found = table.known[key] = (tuple(options),
                                    Shown(move_to.moving_part(state, fid, options)))
    return found


_MOVES = "samurai.moves"
"""Where a table remembers a fighter's move options (:func:`move_question`)."""


def move_options(state: SamuraiState, table: Table, fid: str) -> list[Option]:
    """Stay; for each enemy, charge it (a spot touching it within the move
    and a clear path) or else advance toward it, on ``table`` (the state's
    table)."""
    f = state.fighters[fid]
    reach = f.spec.move
    around = table.around(fid, reach)  # a path within the move meets only what is near
    options = [_stay(fid)]
    for enemy in state.alive(state.other(f.side)):
        spot = _charge_spot(table, around, f, enemy) if _may_reach_contact(f, enemy) else None
        if spot is not None:
            end = [round(spot[0], 3), round(spot[1], 3)]
            options.append(Option({"do": "charge", "target": enemy.id, "to": end},
                                  msg("sam.opt.charge", target=enemy.name),
                                  {"kind": "charge", "fighter": fid, "target": enemy.id,
                                   "end": end}))
            continue
        gap = math.hypot(enemy.x - f.x, enemy.y - f.y) - f.radius - enemy.radius
        length = min(reach, gap - 0.5)
        for share in ADVANCE_STEPS:
            if length * share < 0.25:
                break
            to = table.toward(fid, enemy.xy, length * share)
            if around.path_clear(to):
                end = [round(to[0], 3), round(to[1], 3)]
                options.append(Option({"do": "advance", "target": enemy.id, "to": end},
                                      msg("sam.opt.advance", target=enemy.name,
                                          inches=tenths(length * share)),
                                      {"kind": "advance", "fighter": fid, "target": enemy.id,
                                       "end": end}))
                break
    options.append(_to_a_point(fid))
    return options


@lru_cache(maxsize=1024)
def _stay(fid: str) -> Option:
    """``fid`` stays where it stands (made once: it never changes)."""
    return Option({"do": "stay"}, msg("sam.opt.stay"), {"kind": "stay", "fighter": fid})


@lru_cache(maxsize=1024)
def _to_a_point(fid: str) -> Option:
    """``fid`` moves to a point of the player's choice (:mod:`.move_to`)."""
    return Option({"do": "point"}, msg("sam.opt.point"), {"kind": "point", "fighter": fid})


def _may_reach_contact(f: Fighter, enemy: Fighter) -> bool:
    """Could a spot touching ``enemy``'s base lie within ``f``'s move? Every
    such spot is as far from ``enemy``'s centre as the two radii together,
    so none is nearer ``f`` than the gap between the bases (a margin kept
    for rounding): farther enemies are not measured spot by spot."""
    gap = math.hypot(enemy.x - f.x, enemy.y - f.y) - f.radius - enemy.radius
    return gap <= f.spec.move + _CHARGE_SLACK + _PRUNE_MARGIN


def _charge_spot(table: Table, around: Around, f: Fighter, enemy: Fighter) -> XY | None:
    """The first spot touching ``enemy`` (:meth:`Table.contact_spots`, the
    nearest to the line of approach first) within ``f``'s move by a clear
    path; None when there is none."""
    reach = f.spec.move + _CHARGE_SLACK
    return next((s for s in table.contact_spots(f.id, enemy.id)
                 if math.hypot(s[0] - f.x, s[1] - f.y) <= reach
                 and around.path_clear(s, ignore=(enemy.id,))), None)


_CHARGE_SLACK = 1e-6
"""A charge may end this much beyond the fighter's move (rounding)."""

_PRUNE_MARGIN = 1e-6
"""What :func:`_may_reach_contact` adds, so that rounding never prunes a spot
within reach."""


def end_phase(state: SamuraiState) -> None:
    """House rule: stun wears off; a band below half its fighters is broken."""
    state.phase = "end"
    for f in state.fighters.values():
        if f.stunned:
            f.stunned = False
    if state.rules.break_at_half:
        for seat in state.seats:
            if 0 < len(state.alive(seat)) < BROKEN_BELOW * state.started_with[seat] \
                    and seat not in state.broken:
                state.broken.append(seat)
                state.emit(msg("sam.broken", band=state.band_names[seat]),
                           facts={"kind": "broken", "seat": seat, "turn": state.turn})
    state.say_phase("sam.turn-ended", "turn", "phase-ended")
