"""The Facility building as a character knows it, drawn as a graph (SVG):
every room of the plan by its name (house rule: the plan is handed out),
joined where the character knows a way: the doors of its room now (by the
names the room gives them) and the doors it has gone through (its own moves
in its log). Its room is marked, with who is there with it. Rooms with no
way known sit in a column of their own. Read from the character's view
alone; any other reader (the game master, a camera) gets no picture.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from referee.boards.svg import FONT, text_width
from referee.core.i18n import Lang, msg, render
from referee.server.pages.forms import name_of

View = dict[str, Any]

COLUMN, ROW, BOX_W, BOX_H, MARGIN, TOP = 240.0, 74.0, 164.0, 46.0, 16.0, 46.0
HERE, ROOM, LINE, INK = "#fff3c4", "#ffffff", "#7a7a8c", "#222"


@dataclass
class Known:
    """The rooms and the ways between them the character knows."""

    here: int
    rooms: dict[int, str]
    ways: dict[tuple[int, int], str] = field(default_factory=dict)
    """(room, room) in order -> the door's name, where the character knows it."""

    def neighbours(self, room: int) -> list[int]:
        return sorted({b for a, b in self.ways if a == room} |
                      {a for a, b in self.ways if b == room})


def known(view: View, lang: Lang) -> Known | None:
    """What the character's view tells of the building; None for any
    other reader."""
    state = view.get("state")
    if not isinstance(state, Mapping) or not isinstance(state.get("room"), Mapping):
        return None
    rooms = {int(number): room_name(state, int(number), lang) for number in state["rooms"]}
    here = int(state["room"]["number"])
    found = Known(here, rooms)
    for door in (state["room"].get("doors") or {}).values():
        found.ways[_pair(here, int(door["to"]))] = render(name_of(door["name"]), lang)
    for line in view.get("log") or ():
        facts = line.get("facts") if isinstance(line, Mapping) else None
        if isinstance(facts, Mapping) and facts.get("kind") == "moved" and \
                facts.get("character") == view.get("seat"):
            pair = _pair(int(facts["from"]), int(facts["to"]))
            found.ways.setdefault(pair, "")
            for room in pair:
                found.rooms.setdefault(room, render(msg("facility.room", number=room), lang))
    return found


def room_name(state: Mapping[str, Any], number: int, lang: Lang) -> str:
    """A room by its name, or "room 3" where the plan gives none."""
    entry = (state.get("rooms") or {}).get(str(number)) or {}
    name = entry.get("name")
    if isinstance(name, Mapping):
        return render(name_of(name), lang)
    return render(msg("facility.room", number=number), lang)


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a <= b else (b, a)


def layout(building: Known) -> tuple[dict[int, tuple[float, float]], list[int], float]:
    """Each room's place: columns by how many known ways from the
    character's room; under them, the rooms with no way known, in rows.
    Also where that second part starts (its heading)."""
    depth = {building.here: 0}
    queue = deque([building.here])
    while queue:
        room = queue.popleft()
        for other in building.neighbours(room):
            if other not in depth:
                depth[other] = depth[room] + 1
                queue.append(other)
    columns: dict[int, list[int]] = {}
    for room, d in sorted(depth.items(), key=lambda item: (item[1], item[0])):
        columns.setdefault(d, []).append(room)
    places: dict[int, tuple[float, float]] = {}
    for d, rooms in columns.items():
        for row, room in enumerate(rooms):
            places[room] = (MARGIN + d * COLUMN, TOP + row * ROW)
    unknown = sorted(set(building.rooms) - set(depth))
    below = max(y for _, y in places.values()) + BOX_H + 36
    across = max(len(columns), 3)
    for n, room in enumerate(unknown):
        places[room] = (MARGIN + (n % across) * COLUMN, below + 12 + (n // across) * ROW)
    return places, unknown, below


def _between(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """Midway between two rooms' boxes (their tops-left at ``a`` and ``b``):
    the boxes being alike, the middle of the stretch outside both."""
    return (a[0] + b[0] + BOX_W) / 2, (a[1] + b[1] + BOX_H) / 2


def building_svg(view: View, lang: Lang) -> str | None:
    """The picture of the building as the character whose ``view`` it is knows it."""
    building = known(view, lang)
    if building is None:
        return None
    state = view["state"]
    places, unknown, below = layout(building)
    parts: list[str] = []
    for (a, b), door in sorted(building.ways.items()):
        (ax, ay), (bx, by) = places[a], places[b]
        x1, y1, x2, y2 = ax + BOX_W / 2, ay + BOX_H / 2, bx + BOX_W / 2, by + BOX_H / 2
        parts.append(f'<line class="way" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                     f'y2="{y2:.1f}" stroke="{LINE}" stroke-width="2.5"/>')
        if door:
            tx, ty = _between(places[a], places[b])
            words = render(msg("question.building.door", door=door), lang)
            w = text_width(words, 10) + 8
            parts.append(f'<g class="door"><rect x="{tx - w / 2:.1f}" y="{ty - 8:.1f}" '
                         f'width="{w:.1f}" height="15" rx="3" fill="#eef" stroke="{LINE}"/>'
                         f'<text x="{tx:.1f}" y="{ty + 3:.1f}" font-size="10" '
                         f'text-anchor="middle">{escape(words)}</text></g>')
    present = [render(name_of(state["characters"][seat]["name"]), lang)
               for seat in state["room"].get("present") or {} if seat in state["characters"]]
    for room, (x, y) in sorted(places.items()):
        parts.append(_room(room, building.rooms[room], x, y, room == building.here,
                           present, lang))
    if unknown:
        words = render(msg("question.building.no-way"), lang)
        parts.append(f'<text class="no-way" x="{MARGIN:.1f}" y="{below:.1f}" font-size="11" '
                     f'font-style="italic" fill="#555">{escape(words)}</text>')
    width = max(x for x, _ in places.values()) + BOX_W + MARGIN
    height = max(y for _, y in places.values()) + BOX_H + MARGIN
    title = render(msg("question.building.title", turn=int(state.get("turn") or 0)), lang)
    width = max(width, text_width(title, 16, True) + 2 * MARGIN)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'font-family="{FONT}">')
    return "\n".join([head, f"<title>{escape(title)}</title>",
                      f'<rect width="{width:.0f}" height="{height:.0f}" fill="#f4f4f8"/>',
                      f'<text class="title" x="{MARGIN:.1f}" y="{MARGIN + 12:.1f}" '
                      f'font-size="16" font-weight="bold">{escape(title)}</text>',
                      *parts, "</svg>"]) + "\n"


def _room(number: int, name: str, x: float, y: float, here: bool, present: list[str],
          lang: Lang) -> str:
    fill, stroke = (HERE, "3") if here else (ROOM, "1.2")
    second = ""
    if here:
        words = render(msg("question.building.here", others=tuple(present),
                           count=len(present)), lang)
        second = (f'<text x="{x + BOX_W / 2:.1f}" y="{y + 36:.1f}" font-size="10" '
                  f'fill="#6b4e00" text-anchor="middle">{escape(_fit(words, BOX_W - 8, 10))}'
                  f"</text>")
    return (f'<g class="room{" here" if here else ""}" data-room="{number}">'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{BOX_W:.0f}" height="{BOX_H:.0f}" rx="6" '
            f'fill="{fill}" stroke="{INK}" stroke-width="{stroke}"/>'
            f'<text x="{x + BOX_W / 2:.1f}" y="{y + (20 if here else 27):.1f}" font-size="12" '
            f'font-weight="bold" text-anchor="middle">{escape(_fit(name, BOX_W - 8, 12))}</text>'
            f"{second}</g>")


def _fit(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"
