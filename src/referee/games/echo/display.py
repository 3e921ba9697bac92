"""The city as a seat sees it: a table for the terminal and a picture
(drawn by :mod:`.picture`), registered as Echo's display (the
``referee.displays`` entry point ``echo``). Both read a seat's whole view
and nothing else, so a Gate not yet passed shows no destination
(ECHO-GATE-4). The rules never import this module."""

from __future__ import annotations

from typing import Any

from referee.core.i18n import Lang, msg, render
from referee.core.places import place_phrase
from referee.display import Display, View
from referee.games.echo.picture import city_svg, name_from_view

HEADINGS = ("echo.board.location", "echo.board.investigators", "echo.board.enemies",
            "echo.board.gates")


def _place_label(view: Any, loc: str, lang: Lang) -> str:
    info = view["locations"][loc]
    key = ("echo.board.world" if info["world"] else
           "echo.board.cursed" if info["cursed"] else "echo.board.echo")
    return render(msg(key, name=name_from_view(info["name"])), lang)


def _gate_text(view: Any, gate: Any, lang: Lang) -> str:
    if gate["to"] is None:
        return render(msg("echo.board.gate-unknown"), lang)
    info = view["locations"][gate["to"]]
    to = place_phrase("to", name_from_view(info["name"]), info.get("preposition", "в"))
    return render(msg("echo.board.gate-to", to=to), lang)


class EchoDisplay(Display):
    """Echo's table and picture, from a seat's whole view."""

    def svg(self, view: View, lang: Lang) -> str | None:
        return city_svg(view, lang)

    def board_table(self, view: View, lang: Lang) -> tuple[list[str], list[list[str]]] | None:
        return board_rows(view["state"], lang)


def board_rows(view: Any, lang: Lang) -> tuple[list[str], list[list[str]]]:
    """One row per Location: who stands there, enemies, open Gates
    (``view`` is the state part of a seat's view)."""
    rows = []
    for loc in view["locations"]:
        people = [render(msg("echo.board.investigator", name=name_from_view(inv["name"]),
                             units=inv["units"], health=inv["health"], reason=inv["reason"],
                             status=msg(f"echo.status.{inv['status']}",
                                        who=name_from_view(inv["name"]))), lang)
                  for inv in view["investigators"].values() if inv["location"] == loc]
        enemies = [render(msg("echo.board.enemy", name=name_from_view(e["name"]),
                              health=e["health"], reason=e["reason"],
                              attentiveness=e["attentiveness"]), lang)
                   for e in view["enemies"].values()
                   if e["location"] == loc and e["status"] == "active"]
        gates = [_gate_text(view, gate, lang) for gate in view["gates"].values()
                 if gate["at"] == loc and gate["open"]]
        rows.append([_place_label(view, loc, lang), "\n".join(people), "\n".join(enemies),
                     ", ".join(gates)])
    return [render(msg(key), lang) for key in HEADINGS], rows
