"""Movement units (ECHO-MOV-1, -4, -5): dealt from Speed and items at the
phase's start, one token discarded for each unit spent, the rest discarded
at the phase's end."""

from __future__ import annotations

from typing import Literal, TypeAlias

from referee.core.i18n import msg
from referee.games.echo import tables
from referee.games.echo.state import EchoState

SpentOn: TypeAlias = Literal["move", "gate", "item", "round"]
"""The one thing a unit pays for (ECHO-MOV-2)."""


def extra_units(state: EchoState, seat: str) -> int:
    """Units the investigator's items add (ECHO-MOV-1)."""
    return sum(state.item_cards[i].power for i in state.cards[seat].items
               if state.item_cards[i].effect == "units")


def deal_units(state: EchoState) -> None:
    """ECHO-MOV-1: each conscious investigator gets its Speed in tokens,
    plus what its items add."""
    for seat in state.order:
        inv = state.investigators[seat]
        inv.evaded, inv.free_moves, inv.started = [], 0, False
        inv.fighting, inv.strikes_first = False, ""
        inv.finished = not inv.conscious
        if not inv.conscious:
            continue
        speed, extra = state.cards[seat].speed, extra_units(state, seat)
        inv.units = speed + extra
        state.emit(msg("echo.units.dealt", who=state.name(seat), units=inv.units, speed=speed,
                       extra=extra), clause="ECHO-MOV-1",
                   facts={"kind": "units-dealt", "investigator": seat, "units": inv.units,
                          "speed": speed, "extra": extra})


def spend(state: EchoState, group: list[str], cost: int, on: SpentOn, clause: str) -> None:
    """Every member spends ``cost`` units together (ECHO-ORD-3) ``on`` one
    thing (ECHO-MOV-2), discarding a token for each (ECHO-MOV-4). The caller
    has made sure each has them."""
    if cost == 0:
        return
    for seat in group:
        inv = state.investigators[seat]
        inv.units -= cost * tables.TOKENS_PER_SPEND
        state.emit(msg("echo.units.spent", who=state.name(seat), units=cost, left=inv.units),
                   clause=clause, facts={"kind": "units-spent", "investigator": seat,
                                         "units": cost, "left": inv.units, "on": on})


def pay_round(state: EchoState, group: list[str]) -> None:
    """ECHO-BAT-2: a round costs each member one unit; a member with none
    left fights on for nothing."""
    for seat in group:
        inv = state.investigators[seat]
        if inv.units >= tables.ROUND_COST:
            spend(state, [seat], tables.ROUND_COST, "round", "ECHO-BAT-2")
        else:
            state.emit(msg("echo.units.none-left", who=state.name(seat)), clause="ECHO-BAT-2",
                       facts={"kind": "no-units-left", "investigator": seat})


def discard_units(state: EchoState) -> None:
    """ECHO-MOV-5: units left at the phase's end are discarded, never saved."""
    for seat in state.order:
        inv = state.investigators[seat]
        if inv.units:
            state.emit(msg("echo.units.discarded", who=state.name(seat), units=inv.units),
                       clause="ECHO-MOV-5", facts={"kind": "units-discarded",
                                                   "investigator": seat, "units": inv.units})
        inv.units = 0
        inv.evaded = []
        inv.fighting, inv.strikes_first = False, ""
