"""Gates (ECHO-GATE): from a cursed Echo Location into the World and back,
1 unit each way; where a Gate leads is nobody's to know until it is first
passed, and then everyone's."""

from __future__ import annotations

from referee.core.i18n import msg
from referee.core.waits import Option
from referee.games.echo import tables
from referee.games.echo.state import EchoState, offer


def gate_options(state: EchoState, here: str) -> list[Option]:
    """Gates the group may pass from ``here``: into the World through any
    open Gate here (ECHO-GATE-2), its destination shown only once revealed
    (ECHO-GATE-4); back to Echo through any open Gate known to lead here, the
    investigators choosing among several (ECHO-GATE-3; house rule 10: a Gate
    not yet turned face up is not known to lead here). Several open Gates
    here are told apart by their number in the scenario's order here."""
    options = []
    gates, board = state.gates, state.board
    out = [gate for key in board.gates_at.get(here, ()) if (gate := gates[key]).open]
    numbered = "-nth" if len(out) > 1 else ""
    for number, gate in enumerate(out, start=1):
        known = "-known" if gate.revealed else "-unknown"
        options.append(offer(state.board, ("gate", gate.id, numbered, known, str(number)),
                             gate_option, state, gate.id, f"echo.opt.gate{numbered}{known}",
                             number))
    for key in board.gates_to.get(here, ()):
        gate = gates[key]
        if gate.open and gate.revealed and gate.at != here:
            options.append(offer(state.board, ("back", gate.id), back_option, state, gate.id))
    return options


def gate_option(state: EchoState, gate_id: str, key: str, number: int) -> Option:
    """Through the Gate into the World; ``key`` says whether where it leads
    is shown (ECHO-GATE-4) and whether it is numbered among several here."""
    label = (msg(key, n=number, cost=tables.GATE_COST, to=state.to(state.board.gate_to[gate_id]))
             if key.endswith("-known") else msg(key, n=number, cost=tables.GATE_COST))
    return Option(f"gate:{gate_id}", label,
                  {"kind": "gate", "gate": gate_id, "units": tables.GATE_COST})


def back_option(state: EchoState, gate_id: str) -> Option:
    """Back through a revealed Gate to its Location in Echo (ECHO-GATE-3)."""
    at = state.gates[gate_id].at
    return Option(f"back:{gate_id}", msg("echo.opt.gate-back", to=state.to(at),
                                         cost=tables.GATE_COST),
                  {"kind": "back", "gate": gate_id, "units": tables.GATE_COST})


def pass_gate(state: EchoState, group: list[str], gate_id: str, back: bool) -> str:
    """Take the group through the Gate; returns where it comes out. A first
    passage turns the Gate face up for everyone (ECHO-GATE-4)."""
    gate = state.gates[gate_id]
    origin = state.investigators[group[0]].location
    there = gate.at if back else state.board.gate_to[gate_id]
    if not gate.revealed:
        gate.revealed = True
        state.emit(msg("echo.gate.revealed", at=state.at(gate.at), to=state.to(there)),
                   clause="ECHO-GATE-4", facts={"kind": "gate-revealed", "gate": gate_id,
                                                "location": gate.at, "to": there})
    for seat in group:
        state.investigators[seat].location = there
    state.emit(msg("echo.gate.passed", who=tuple(state.name(s) for s in group),
                   from_=state.from_(origin), to=state.to(there)), clause="ECHO-GATE-2",
               facts={"kind": "gate-passed", "gate": gate_id, "investigators": group,
                      "from": origin, "to": there, "back": back, "units": tables.GATE_COST})
    return there


def open_gates(state: EchoState) -> None:
    """House rule 11: a Gate opens at the start of its ``opens_turn``, and
    stays open."""
    for gate in state.gates.values():
        if not gate.open and state.board.gate_opens[gate.id] <= state.turn:
            gate.open = True
            state.emit(msg("echo.gate.opens", at=state.at(gate.at)), clause="ECHO-GATE-1",
                       facts={"kind": "gate-opened", "gate": gate.id, "location": gate.at})


def tell_gates_face_up(state: EchoState) -> None:
    """At the first turn's start, say which Gates lie face up because an
    investigator starts beyond them in the World (disputed case 13)."""
    for gate_id in state.board.face_up_at_setup:
        there = state.board.gate_to[gate_id]
        at = state.gates[gate_id].at
        came = tuple(state.name(s) for s in state.order if state.cards[s].location == there)
        state.emit(msg("echo.gate.face-up", at=state.at(at), to=state.to(there), who=came),
                   clause="ECHO-GATE-4", facts={"kind": "gate-revealed", "gate": gate_id,
                                                "location": at, "to": there})
