"""A picture of the Night Watch board (SVG): the Locations, each joined to the
one it is reached through (the Metro, the Entrance), with the Others, Egor
and the Items lying there, and a legend of the Watches' favour and cards.

Drawn from the state part of a seat's view alone, the board and the names
included: an Other's Spells are named only where the view shows its hand (its
own Watch, the referee), elsewhere only counted. No rules module imports this
one; the display (:mod:`referee.games.night_watch.display`) calls it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from referee.boards.svg import FONT, PALETTE, text_width
from referee.core.i18n import CATALOGUE, Lang, Msg, Name, msg, render
from referee.core.places import place_phrase
from referee.games.night_watch.board import spell_label
from referee.games.night_watch.tables import METRO

CATALOGUE.load(Path(__file__).with_name("picture.toml"))

WATCH_COLOUR = {"night": PALETTE[0], "day": "#c07a00"}
BOX_WIDTH, LINE, MARGIN = 170.0, 14.0, 20.0
RING_X, RING_Y, FAN = 250.0, 190.0, 0.5
"""The ovals' half-axes (pixels) and the angle between Locations fanned out."""


@dataclass
class Place:
    """A Location's box: its centre and its lines of text."""

    id: str
    x: float
    y: float
    lines: list[tuple[str, str]]
    """(text, colour) lines under the name."""
    name: str

    @property
    def height(self) -> float:
        return 26 + LINE * len(self.lines)


def svg(view: Mapping[str, Any], lang: Lang) -> str:
    """The board as ``view`` (the state part of a seat's view) shows it."""
    locations = view["locations"]
    parents = {loc: data["via"] for loc, data in locations.items()}
    spots = _layout(parents)
    places = {loc: Place(loc, x, y, _lines(view, loc, lang), _title(locations[loc]["name"], lang))
              for loc, (x, y) in spots.items()}
    low_x = min(p.x for p in places.values()) - BOX_WIDTH / 2
    low_y = min(p.y - p.height / 2 for p in places.values())
    dx, dy = MARGIN - low_x, MARGIN + 40 - low_y
    for place in places.values():
        place.x += dx
        place.y += dy
    right = max(p.x for p in places.values()) + BOX_WIDTH / 2
    bottom = max(p.y + p.height / 2 for p in places.values())
    title = render(msg("nw.picture.title", title=_person(view["title"]),
                       turn=int(view.get("turn") or 0)), lang)
    parts = [f'<text class="title" x="{MARGIN:.0f}" y="{MARGIN + 14:.0f}" font-size="17" '
             f'font-weight="bold">{escape(title)}</text>']
    for loc, via in parents.items():
        if via is not None and via != loc and loc in places and via in places:
            a, b = places[loc], places[via]
            parts.append(f'<line class="passage" x1="{a.x:.1f}" y1="{a.y:.1f}" x2="{b.x:.1f}" '
                         f'y2="{b.y:.1f}" stroke="#8a8a9a" stroke-width="3"/>')
    for place in places.values():
        parts.append(_box(place, view, lang))
    legend_x = right + 30
    at = {loc: place_phrase("at", _person(data["name"]), data["ru_preposition"])
          for loc, data in locations.items()}
    legend, legend_bottom, legend_width = _legend(view, lang, legend_x, MARGIN + 40, at)
    parts.append(legend)
    width = max(legend_x + legend_width, MARGIN + text_width(title, 17, True)) + MARGIN
    height = max(bottom, legend_bottom) + MARGIN
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{FONT}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#f4f4f8"/>',
        *parts, "</svg>"]) + "\n"


def _name(data: Any, lang: Lang) -> str:
    return _person(data).render(lang)


def _title(data: Any, lang: Lang) -> str:
    """A name as a line of its own starts: with a capital ("The Roof")."""
    text = _name(data, lang)
    return text[:1].upper() + text[1:]


def _person(data: Any) -> Name:
    cases = data.get("cases")
    return Name(str(data["en"]), data.get("ru"), data.get("gender"),
                tuple(sorted(cases.items())) if isinstance(cases, dict) else ())


def _layout(parents: Mapping[str, str | None]) -> dict[str, tuple[float, float]]:
    """The Metro in the middle, the Locations reached through it on an oval
    round it, evenly spaced; those reached through one of them on a wider
    oval, fanned out beside it."""
    children: dict[str, list[str]] = {}
    roots = []
    for loc, via in parents.items():
        if via is None or via == loc or via not in parents:
            roots.append(loc)
        else:
            children.setdefault(via, []).append(loc)
    hub = METRO if METRO in roots else roots[0]
    ring = [r for r in roots if r != hub] + children.get(hub, [])
    spots = {hub: (0.0, 0.0)}

    def place(loc: str, depth: int, angle: float) -> None:
        spots[loc] = (RING_X * depth * math.cos(angle), RING_Y * depth * math.sin(angle))
        kids = [k for k in children.get(loc, []) if k not in spots]
        for n, kid in enumerate(kids):
            place(kid, depth + 1, angle + (n - (len(kids) - 1) / 2) * FAN / depth)

    for n, loc in enumerate(ring):
        place(loc, 1, -math.pi / 2 + 2 * math.pi * n / max(1, len(ring)))
    return spots


def _lines(view: Mapping[str, Any], loc: str, lang: Lang) -> list[tuple[str, str]]:
    lines: list[tuple[str, str]] = []
    if view.get("egor") == loc:
        lines.append((render(msg("nw.picture.egor"), lang), "#8a6500"))
    for other in view["others"].values():
        if other.get("in_play") and other.get("location") == loc:
            wounds = int(other.get("wounds") or 0)
            text = _title(other["name"], lang)
            if wounds:
                text += " " + render(msg("nw.picture.wounds", wounds=wounds), lang)
            lines.append((text, WATCH_COLOUR.get(other["watch"], "#333")))
    for item in view["items"].values():
        if item.get("location") == loc and item.get("holder") is None:
            lines.append((render(msg("nw.picture.item", item=_person(item["name"])), lang),
                          "#555"))
    return lines


def _box(place: Place, view: Mapping[str, Any], lang: Lang) -> str:
    width = max(BOX_WIDTH, text_width(place.name, 12, True) + 16,
                *(text_width(t, 11) + 16 for t, _ in place.lines))
    left, top = place.x - width / 2, place.y - place.height / 2
    hub = place.id == METRO
    parts = [f'<g class="location" id="{escape(place.id)}">',
             f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="{place.height:.1f}" '
             f'rx="8" fill="{"#e4e4f0" if hub else "#fff"}" stroke="#44446a" '
             f'stroke-width="{2.5 if hub else 1.5}"/>',
             f'<text x="{place.x:.1f}" y="{top + 17:.1f}" font-size="12" font-weight="bold" '
             f'text-anchor="middle">{escape(place.name)}</text>']
    for n, (text, colour) in enumerate(place.lines):
        parts.append(f'<text x="{left + 10:.1f}" y="{top + 33 + n * LINE:.1f}" font-size="11" '
                     f'fill="{colour}">{escape(text)}</text>')
    parts.append("</g>")
    return "".join(parts)


def _legend(view: Mapping[str, Any], lang: Lang, x: float, y: float,
            places: Mapping[str, Msg]) -> tuple[str, float, float]:
    """The Watches (favour, deck) and each of their Others (where, wounds,
    Spells as far as the view shows them, chips, Items carried); returns the
    drawing, its bottom and its width."""
    widest = 0.0
    parts = ['<g class="legend">',
             f'<text x="{x:.1f}" y="{y + 12:.1f}" font-size="14" font-weight="bold">'
             f'{escape(render(msg("board.legend"), lang))}</text>']
    y += 26
    items = {key: _person(item["name"]) for key, item in view["items"].items()}
    for watch in ("night", "day"):
        colour = WATCH_COLOUR[watch]
        head = render(msg("nw.picture.watch", watch=msg(f"nw.watch.{watch}"),
                          favour=int(view["score"].get(watch, 0)),
                          deck=int(view["decks"].get(watch, 0))), lang)
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="12" height="12" fill="{colour}"/>'
                     f'<text x="{x + 18:.1f}" y="{y + 11:.1f}" font-size="12" '
                     f'font-weight="bold">{escape(head)}</text>')
        widest = max(widest, 18 + text_width(head, 12, True))
        y += 18
        for other in view["others"].values():
            if other["watch"] != watch:
                continue
            parts.append(f'<text x="{x + 18:.1f}" y="{y + 10:.1f}" font-size="11">'
                         f'{escape(_title(other["name"], lang))}</text>')
            for line in _facts(other, view["cards"], items, places, lang):
                widest = max(widest, 28 + text_width(line, 10))
                y += 12
                parts.append(f'<text x="{x + 28:.1f}" y="{y + 10:.1f}" font-size="10" '
                             f'fill="#444">{escape(line)}</text>')
            y += 18
        y += 8
    parts.append("</g>")
    return "".join(parts), y, widest


def _facts(other: Mapping[str, Any], cards: Mapping[str, Any], items: Mapping[str, Name],
           places: Mapping[str, Msg], lang: Lang) -> list[str]:
    """What the legend says of an Other: where, its Spells, wounds, chips, Items."""
    if other.get("killed"):
        return [render(msg("nw.picture.killed", name=_person(other["name"])), lang)]
    where = places.get(str(other.get("location")))
    facts: list[Msg] = []
    if where is not None:
        facts.append(msg("nw.picture.at", at=where) if other.get("in_play")
                     else msg("nw.picture.not-yet", at=where))
    hand = other.get("hand")
    if isinstance(hand, list):
        spells = tuple(spell_label(cards, key) for key in hand)
        facts.append(msg("nw.picture.hand", spells=spells) if spells
                     else msg("nw.picture.no-spells"))
    else:
        facts.append(msg("nw.picture.spells", count=int(other.get("spells") or 0)))
    if other.get("wounds"):
        facts.append(msg("nw.picture.wounds", wounds=int(other["wounds"])))
    if other.get("chips"):
        facts.append(msg("nw.picture.chips",
                         chips=", ".join(f"{int(c):+d}" for c in other["chips"])))
    if other.get("items"):
        facts.append(msg("nw.picture.carries", items=tuple(items.get(i, Name(i)) for i in
                                                             other["items"])))
    return [render(f, lang) for f in facts]
