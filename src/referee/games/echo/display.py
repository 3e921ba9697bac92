"""The city as a seat sees it: a table for the terminal (the picture is
:mod:`.picture`). It reads only a seat's view, so a Gate not yet passed
shows no destination (ECHO-GATE-4)."""

from __future__ import annotations

from typing import Any

from referee.core.i18n import Lang, Name, msg, render
from referee.core.places import place_phrase

HEADINGS = ("echo.board.location", "echo.board.investigators", "echo.board.enemies",
            "echo.board.gates")


def _name(data: Any) -> Name:
    """A name as a view gives it (``Name.to_json``), with its gender and cases."""
    cases = tuple(sorted((str(k), str(v)) for k, v in (data.get("cases") or {}).items()))
    return Name(str(data["en"]), str(data.get("ru") or data["en"]), data.get("gender"), cases)


def _place_label(view: Any, loc: str, lang: Lang) -> str:
    info = view["locations"][loc]
    key = ("echo.board.world" if info["world"] else
           "echo.board.cursed" if info["cursed"] else "echo.board.echo")
    return render(msg(key, name=_name(info["name"])), lang)


def _gate_text(view: Any, gate: Any, lang: Lang) -> str:
    if gate["to"] is None:
        return render(msg("echo.board.gate-unknown"), lang)
    info = view["locations"][gate["to"]]
    to = place_phrase("to", _name(info["name"]), info.get("preposition", "в"))
    return render(msg("echo.board.gate-to", to=to), lang)


def board_rows(view: Any, lang: Lang) -> tuple[list[str], list[list[str]]]:
    """One row per Location: who stands there, enemies, open Gates."""
    rows = []
    for loc in view["locations"]:
        people = [render(msg("echo.board.investigator", name=_name(inv["name"]),
                             units=inv["units"], health=inv["health"], reason=inv["reason"],
                             status=msg(f"echo.status.{inv['status']}",
                                        who=_name(inv["name"]))), lang)
                  for inv in view["investigators"].values() if inv["location"] == loc]
        enemies = [render(msg("echo.board.enemy", name=_name(e["name"]),
                              health=e["health"], reason=e["reason"],
                              attentiveness=e["attentiveness"]), lang)
                   for e in view["enemies"].values()
                   if e["location"] == loc and e["status"] == "active"]
        gates = [_gate_text(view, gate, lang) for gate in view["gates"].values()
                 if gate["at"] == loc and gate["open"]]
        rows.append([_place_label(view, loc, lang), "\n".join(people), "\n".join(enemies),
                     ", ".join(gates)])
    return [render(msg(key), lang) for key in HEADINGS], rows
