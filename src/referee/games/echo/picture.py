"""The city of Echo as an SVG picture, from a seat's whole view (the
scenario's title and the Locations' places are in it): a title, the map of
Locations, links, touching pairs and Gates, and a legend under it. Names of
Locations are wrapped and laid out so that no two overlap and none leaves
the picture; a Gate not yet passed shows no destination (ECHO-GATE-4)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any

from referee.boards.svg import FONT, INK, MARGIN, Box, text_width
from referee.core.i18n import CATALOGUE, Lang, Name, msg, render

CATALOGUE.load(Path(__file__).with_name("picture.toml"))

WIDTH = 800.0
"""The picture's width; the map is a square as wide, less the margins."""
TITLE_SIZE, LABEL_SIZE, LEGEND_SIZE = 17.0, 12.0, 12.0
LINE = 14.0
"""The height of one line of a Location's name."""
LABEL_WIDTH = 130.0
"""A Location's name is wrapped to lines no wider than this."""
RADIUS = 26.0
"""A Location's circle."""
PAD = 40.0
"""Room between the map's edge and the nearest Location's centre."""


def name_from_view(data: Any) -> Name:
    """A name as a view gives it (``Name.to_json``), with its gender and cases."""
    cases = tuple(sorted((str(k), str(v)) for k, v in (data.get("cases") or {}).items()))
    return Name(str(data["en"]), str(data.get("ru") or data["en"]), data.get("gender"), cases)


def positions(state: Any) -> dict[str, tuple[float, float]]:
    """Each Location's place in a 100 x 100 square: as the scenario gives
    it (the view's ``pos``), else round a ring (Echo) or along the right
    edge (the World), in the scenario's order."""
    locations = state["locations"]
    echo = [loc for loc, info in locations.items() if not info["world"]]
    world = [loc for loc, info in locations.items() if info["world"]]
    found: dict[str, tuple[float, float]] = {}
    for i, loc in enumerate(echo):
        angle = 2 * math.pi * i / max(1, len(echo))
        found[loc] = _pos(locations[loc]) or (40 + 32 * math.cos(angle),
                                              50 + 38 * math.sin(angle))
    for i, loc in enumerate(world):
        found[loc] = _pos(locations[loc]) or (90, 15 + 70 * i / max(1, len(world) - 1 or 1))
    return found


def _pos(info: Any) -> tuple[float, float] | None:
    pos = info.get("pos")
    return None if pos is None else (float(pos[0]), float(pos[1]))


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines no wider than ``width`` (a single word longer than
    that keeps a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _box_of(lines: Sequence[str], size: float) -> tuple[float, float]:
    return max(text_width(line, size) for line in lines) + 4, len(lines) * LINE + 4


def place_label(lines: Sequence[str], centre: tuple[float, float], taken: Sequence[Box],
                area: Box) -> Box:
    """Where a name goes: under its circle, above it, to the right or left,
    then farther out, the first place inside ``area`` clear of every box
    ``taken``; failing that the place that overlaps least. Always inside
    ``area`` (a name wider than it is clipped by nothing: it is wrapped)."""
    w, h = _box_of(lines, LABEL_SIZE)
    cx, cy = centre
    tried: list[Box] = []
    for gap in (4.0, 16.0, 32.0, 56.0):
        r = RADIUS + gap
        tried += [Box(cx - w / 2, cy + r, w, h), Box(cx - w / 2, cy - r - h, w, h),
                  Box(cx + r, cy - h / 2, w, h), Box(cx - r - w, cy - h / 2, w, h),
                  Box(cx + r * 0.7, cy + r * 0.7, w, h), Box(cx - r * 0.7 - w, cy + r * 0.7, w, h),
                  Box(cx + r * 0.7, cy - r * 0.7 - h, w, h),
                  Box(cx - r * 0.7 - w, cy - r * 0.7 - h, w, h)]
    inside = [_within(box, area) for box in tried]
    for box in inside:
        if not any(box.overlap(other) for other in taken):
            return box
    return min(inside, key=lambda box: sum(box.overlap(other) for other in taken))


def _within(box: Box, area: Box) -> Box:
    """``box`` moved the least to lie inside ``area``."""
    x = min(max(box.x, area.x), area.x + area.w - box.w)
    y = min(max(box.y, area.y), area.y + area.h - box.h)
    return Box(x, y, box.w, box.h)


def heading(view: Any, lang: Lang) -> str:
    """The scenario's title and the turn (``view`` is the state part)."""
    title = name_from_view(view["title"])
    turn = view.get("turn")
    if not isinstance(turn, int) or turn < 1:
        return render(msg("echo.picture.title", title=title), lang)
    return render(msg("echo.picture.heading", title=title, turn=turn,
                      max=int(view.get("max_turns") or 0)), lang)


def city_svg(whole: Any, lang: Lang) -> str:
    """The city from a seat's whole view: Locations (cursed ones red, the
    World's grey), links as white rectangles, touching pairs as a thick
    line, Gates as dashed arrows to their destination once revealed, a "?"
    before; the title above and the legend under the map."""
    view = whole["state"]
    parts: list[str] = []
    title_lines = wrap(heading(view, lang), WIDTH - 2 * MARGIN, TITLE_SIZE * 1.12)
    for n, line in enumerate(title_lines):
        parts.append(f'<text class="title" x="{MARGIN:.1f}" y="{MARGIN + 18 + n * 22:.1f}" '
                     f'font-size="{TITLE_SIZE:.0f}" font-weight="bold" fill="{INK}">'
                     f'{escape(line)}</text>')
    top = MARGIN + 22 * len(title_lines) + 10
    side = WIDTH - 2 * MARGIN
    area = Box(MARGIN, top, side, side)
    scale = (side - 2 * PAD) / 100
    pos = {loc: (MARGIN + PAD + x * scale, top + PAD + y * scale)
           for loc, (x, y) in positions(view).items()}
    parts.append(f'<rect class="map" x="{area.x:.0f}" y="{area.y:.0f}" width="{area.w:.0f}" '
                 f'height="{area.h:.0f}" fill="#2d4a3e"/>')
    parts += _joins(view, pos)
    parts += _gates(view, pos)
    parts += _places(view, pos, lang, area)
    parts += _people(view, pos, lang)
    bottom, legend = _legend(lang, top + side + 18)
    parts += legend
    height = bottom + MARGIN
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0f}" '
            f'height="{height:.0f}" viewBox="0 0 {WIDTH:.0f} {height:.0f}" '
            f'font-family="{FONT}">')
    return "\n".join([head, f"<title>{escape(heading(view, lang))}</title>",
                      f'<rect width="{WIDTH:.0f}" height="{height:.0f}" fill="#fffdf6"/>',
                      *parts, "</svg>"]) + "\n"


def _joins(view: Any, pos: dict[str, tuple[float, float]]) -> Iterable[str]:
    for join in view["joins"]:
        a, b = join["between"]
        kind = join["kind"]
        (x1, y1), (x2, y2) = pos[a], pos[b]
        if kind == "touch":
            yield (f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                   'stroke="#c9b27c" stroke-width="14"/>')
        else:
            yield (f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                   'stroke="#888" stroke-width="2"/>')
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            yield (f'<rect x="{mx - 9:.0f}" y="{my - 5:.0f}" width="18" height="10" '
                   'fill="white" stroke="#333"/>')


def _gates(view: Any, pos: dict[str, tuple[float, float]]) -> Iterable[str]:
    for gate in view["gates"].values():
        if not gate["open"]:
            continue
        x1, y1 = pos[gate["at"]]
        if gate["to"] is None:
            yield (f'<text x="{x1 + RADIUS - 4:.0f}" y="{y1 - RADIUS + 8:.0f}" fill="#f5d0ff" '
                   'font-size="20" font-weight="bold">?</text>')
            continue
        x2, y2 = pos[gate["to"]]
        yield (f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
               'stroke="#d58cff" stroke-width="2" stroke-dasharray="6 4"/>')


def _fill(info: Any) -> str:
    return "#999" if info["world"] else "#a33" if info["cursed"] else "#d9cfa8"


def _places(view: Any, pos: dict[str, tuple[float, float]], lang: Lang,
            area: Box) -> Iterable[str]:
    """The circles, then the names laid out clear of every circle and of
    each other."""
    circles = [Box(x - RADIUS, y - RADIUS, 2 * RADIUS, 2 * RADIUS) for x, y in pos.values()]
    taken = list(circles)
    for loc, info in view["locations"].items():
        x, y = pos[loc]
        yield (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{RADIUS:.0f}" fill="{_fill(info)}" '
               f'stroke="#222"><title>{escape(_label(info, lang))}</title></circle>')
    for loc, info in view["locations"].items():
        lines = wrap(_label(info, lang), LABEL_WIDTH, LABEL_SIZE)
        box = place_label(lines, pos[loc], taken, area)
        taken.append(box)
        texts = "".join(
            f'<text x="{box.x + box.w / 2:.1f}" y="{box.y + 2 + LINE * (n + 1) - 3:.1f}" '
            f'text-anchor="middle">{escape(line)}</text>' for n, line in enumerate(lines))
        yield f'<g class="place-label" font-size="{LABEL_SIZE:.0f}" fill="white">{texts}</g>'


def _label(info: Any, lang: Lang) -> str:
    return render(msg("echo.board.echo", name=name_from_view(info["name"])), lang)


def _people(view: Any, pos: dict[str, tuple[float, float]], lang: Lang) -> Iterable[str]:
    for i, inv in enumerate(view["investigators"].values()):
        if inv["status"] == "dead":
            continue
        x, y = pos[inv["location"]]
        name = render(name_from_view(inv["name"]), lang)
        initial = escape(name.split()[-1][:2])
        cx = x - 14 + 9 * (i % 4)
        yield (f'<g class="investigator"><title>{escape(name)}</title>'
               f'<circle cx="{cx:.0f}" cy="{y - 6:.0f}" r="7" fill="#246" stroke="white"/>'
               f'<text x="{cx:.0f}" y="{y - 15:.0f}" font-size="9" text-anchor="middle" '
               f'fill="white">{initial}</text></g>')
    for i, enemy in enumerate(e for e in view["enemies"].values() if e["status"] == "active"):
        x, y = pos[enemy["location"]]
        name = render(name_from_view(enemy["name"]), lang)
        yield (f'<rect x="{x - 12 + 8 * (i % 3):.0f}" y="{y + 4:.0f}" width="8" height="8" '
               f'fill="black" stroke="#f33"><title>{escape(name)}</title></rect>')


LEGEND = (
    ("echo", '<circle cx="8" cy="0" r="7" fill="#d9cfa8" stroke="#222"/>'),
    ("cursed", '<circle cx="8" cy="0" r="7" fill="#a33" stroke="#222"/>'),
    ("world", '<circle cx="8" cy="0" r="7" fill="#999" stroke="#222"/>'),
    ("touch", '<line x1="0" y1="0" x2="16" y2="0" stroke="#c9b27c" stroke-width="8"/>'),
    ("link", '<line x1="0" y1="0" x2="16" y2="0" stroke="#888" stroke-width="2"/>'
             '<rect x="3" y="-4" width="10" height="8" fill="white" stroke="#333"/>'),
    ("gate", '<line x1="0" y1="0" x2="16" y2="0" stroke="#d58cff" stroke-width="2" '
             'stroke-dasharray="6 4"/>'),
    ("gate-unknown", '<text x="4" y="6" fill="#b05fd0" font-size="16" '
                     'font-weight="bold">?</text>'),
    ("investigator", '<circle cx="8" cy="0" r="6" fill="#246" stroke="#222"/>'),
    ("enemy", '<rect x="4" y="-4" width="8" height="8" fill="black" stroke="#f33"/>'),
)
"""Each mark of the map, as the legend draws it, and its catalogue key."""


def _legend(lang: Lang, top: float) -> tuple[float, list[str]]:
    """The legend in rows under the map; returns its bottom and its parts."""
    parts = ['<g class="legend">']
    x, y = MARGIN, top
    for key, mark in LEGEND:
        text = render(msg(f"echo.picture.legend.{key}"), lang)
        width = 22 + text_width(text, LEGEND_SIZE) + 18
        if x > MARGIN and x + width > WIDTH - MARGIN:
            x, y = MARGIN, y + 22
        parts.append(f'<g transform="translate({x:.1f} {y:.1f})">{mark}'
                     f'<text class="entry" x="22" y="4" font-size="{LEGEND_SIZE:.0f}" fill="{INK}">'
                     f'{escape(text)}</text></g>')
        x += width
    parts.append("</g>")
    return y + 10, parts
