"""The city as a seat sees it: a table for the terminal and an SVG picture.
Both read only a seat's view (and the scenario's fixed map for positions),
so a Gate not yet passed shows no destination (ECHO-GATE-4)."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from referee.core.i18n import Lang, Name, msg, render
from referee.core.places import place_phrase
from referee.games.echo.scenario import Scenario

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


def _positions(scenario: Scenario) -> dict[str, tuple[float, float]]:
    """Each Location's place in a 100 x 100 square: as the scenario gives
    it, else round a ring (Echo) or along the right edge (the World)."""
    echo = [loc for loc in scenario.locations if not loc.world]
    world = [loc for loc in scenario.locations if loc.world]
    found: dict[str, tuple[float, float]] = {}
    for i, loc in enumerate(echo):
        angle = 2 * math.pi * i / max(1, len(echo))
        found[loc.id] = loc.pos or (40 + 32 * math.cos(angle), 50 + 38 * math.sin(angle))
    for i, loc in enumerate(world):
        found[loc.id] = loc.pos or (90, 15 + 70 * i / max(1, len(world) - 1 or 1))
    return found


def city_svg(scenario: Scenario, view: Any, lang: Lang) -> str:
    """The city from a seat's view: Locations (cursed ones red, the World's
    grey), links as white rectangles, touching pairs as a thick line, Gates
    as dashed arrows to their destination once revealed, a "?" before."""
    scale = 8
    pos = {loc: (x * scale, y * scale) for loc, (x, y) in _positions(scenario).items()}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{100 * scale}" '
             f'height="{100 * scale}" viewBox="0 0 {100 * scale} {100 * scale}" '
             'font-family="sans-serif" font-size="12">',
             f'<rect width="{100 * scale}" height="{100 * scale}" fill="#2d4a3e"/>']
    for a, b, kind in view["joins"]:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        if kind == "touch":
            parts.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                         'stroke="#c9b27c" stroke-width="14"/>')
        else:
            parts.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                         'stroke="#888" stroke-width="2"/>')
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            parts.append(f'<rect x="{mx - 9:.0f}" y="{my - 5:.0f}" width="18" height="10" '
                         'fill="white" stroke="#333"/>')
    for gate in view["gates"].values():
        if not gate["open"]:
            continue
        x1, y1 = pos[gate["at"]]
        if gate["to"] is None:
            parts.append(f'<text x="{x1 + 30:.0f}" y="{y1 - 30:.0f}" fill="#f5d0ff" '
                         'font-size="20">?</text>')
            continue
        x2, y2 = pos[gate["to"]]
        parts.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                     'stroke="#d58cff" stroke-width="2" stroke-dasharray="6 4"/>')
    for loc, info in view["locations"].items():
        x, y = pos[loc]
        fill = "#999" if info["world"] else "#a33" if info["cursed"] else "#d9cfa8"
        parts.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="26" fill="{fill}" stroke="#222"/>')
        parts.append(f'<text x="{x:.0f}" y="{y + 40:.0f}" text-anchor="middle" fill="white">'
                     f'{escape(render(msg("echo.board.echo", name=_name(info["name"])), lang))}'
                     '</text>')
    for i, inv in enumerate(view["investigators"].values()):
        if inv["status"] == "dead":
            continue
        x, y = pos[inv["location"]]
        initial = escape(render(_name(inv["name"]), lang).split()[-1][:2])
        parts.append(f'<circle cx="{x - 14 + 9 * (i % 4):.0f}" cy="{y - 6:.0f}" r="7" '
                     'fill="#246" stroke="white"/>')
        parts.append(f'<text x="{x - 14 + 9 * (i % 4):.0f}" y="{y - 20:.0f}" font-size="9" '
                     f'text-anchor="middle" fill="white">{initial}</text>')
    for i, enemy in enumerate(e for e in view["enemies"].values() if e["status"] == "active"):
        x, y = pos[enemy["location"]]
        parts.append(f'<rect x="{x - 12 + 8 * (i % 3):.0f}" y="{y + 4:.0f}" width="8" '
                     'height="8" fill="black" stroke="#f33"/>')
    parts.append("</svg>")
    return "\n".join(parts)
