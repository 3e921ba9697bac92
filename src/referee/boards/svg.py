"""A picture of a table (SVG) from a :class:`~referee.boards.tablemap.TableMap`:
the terrain with its names, every model with its symbol, a label with its
name, wounds and Fame placed where it overlaps no other label or base, a
legend of every model, a scale bar in inches and coordinates along the edges.

Words come from the catalogue (this package's ``text.toml``); what the
ruleset says of a model or a piece of terrain comes already worded in the
map.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from itertools import pairwise
from pathlib import Path

from referee.boards.tablemap import Feature, Figure, TableMap, tenths
from referee.core.i18n import CATALOGUE, Lang, msg, render

CATALOGUE.load(Path(__file__).with_name("text.toml"))

PALETTE = ("#1f5fa8", "#b02a2a", "#2a7a3a", "#8a5a00")
SAND, INK, GRID = "#eadfbd", "#222", "#c9b98f"
COVER, WALL, BUILDING, DROP = "#5f9443", "#6b4423", "#8b6f4e", "#3d3d3d"
FAME, WOUND = "#d8a100", "#c0202a"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
MARGIN, TITLE, AXIS, SCALE_BAR, LEGEND_GAP, LEGEND_WIDTH = 16.0, 34.0, 22.0, 44.0, 30.0, 330.0
NAME_SIZE, SMALL = 11.0, 10.0


@dataclass(frozen=True)
class Box:
    """A rectangle on the picture: left, top, width, height (pixels)."""

    x: float
    y: float
    w: float
    h: float

    def overlap(self, other: Box) -> float:
        dx = min(self.x + self.w, other.x + other.w) - max(self.x, other.x)
        dy = min(self.y + self.h, other.y + other.h) - max(self.y, other.y)
        return dx * dy if dx > 0 and dy > 0 else 0.0

    def outside(self, area: Box) -> float:
        """How much of this box lies outside ``area``."""
        return self.w * self.h - self.overlap(area)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is in the picture's sans-serif font."""
    width = 0.0
    for char in text:
        if char in " .,;:'|!il()[]\"":
            width += 0.34
        elif char.isupper() or char in "mwшщжюфы":
            width += 0.78
        else:
            width += 0.62
    return width * size * (1.12 if bold else 1.0)


def scale_for(width: float, depth: float) -> float:
    """Pixels per inch: a table about 600-720 pixels across."""
    return max(12.0, min(25.0, 720.0 / max(width, depth)))


class Picture:
    """One picture being drawn: its elements and the boxes already taken."""

    def __init__(self, table: TableMap, lang: Lang) -> None:
        self.table = table
        self.lang = lang
        self.scale = scale_for(table.width, table.depth)
        self.left = MARGIN + AXIS
        self.top = MARGIN + TITLE
        self.right = self.left + table.width * self.scale
        self.bottom = self.top + table.depth * self.scale
        self.parts: list[str] = []
        self.taken: list[Box] = []
        self.bases: list[Box] = []
        seats = [b.seat for b in table.bands]
        seats += sorted({f.side for f in table.figures} - set(seats))
        self.colour = {seat: PALETTE[n % len(PALETTE)] for n, seat in enumerate(seats)}

    def xy(self, x: float, y: float) -> tuple[float, float]:
        """A table point (inches, origin bottom left) in pixels."""
        return self.left + x * self.scale, self.bottom - y * self.scale

    def points(self, points: Sequence[tuple[float, float]]) -> str:
        return " ".join("{:.1f},{:.1f}".format(*self.xy(x, y)) for x, y in points)

    def add(self, part: str) -> None:
        self.parts.append(part)


def draw(table: TableMap, lang: Lang, caption: str = "", asking: bool = False) -> str:
    """The SVG picture of ``table``; ``caption`` is written under it (the
    game's end, say). With ``asking``, what the asked model may do is drawn
    on it (:func:`_asking`: its reach, where its moves end, whom it may
    shoot) and the picture says where the table lies on it, in the root's
    ``data-table`` attribute (``left bottom scale width depth``: the pixel
    of the table's corner (0, 0), pixels per inch, the table's size in
    inches), for a page that turns a click into a point of the table."""
    pic = Picture(table, lang)
    _title(pic)
    _table(pic)
    _terrain(pic)
    _edges(pic)
    _shots(pic)
    if asking:
        _asking(pic)
    _models(pic)
    _model_labels(pic)
    _terrain_labels(pic)
    below = _scale_bar(pic)
    legend_bottom = _legend(pic)
    height = max(below, legend_bottom)
    if caption:
        pic.add(f'<text class="caption" x="{MARGIN:.1f}" y="{height + 20:.1f}" '
                f'font-size="14" font-weight="bold">{escape(caption)}</text>')
        height += 30
    width = pic.right + LEGEND_GAP + LEGEND_WIDTH + MARGIN
    height += MARGIN
    where = (f' data-table="{pic.left:.1f} {pic.bottom:.1f} {pic.scale:.3f} '
             f'{table.width:g} {table.depth:g}"' if asking else "")
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'font-family="{FONT}"{where}>')
    return "\n".join([head, f"<title>{escape(heading(table, lang))}</title>",
                      f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fffdf6"/>',
                      *pic.parts, "</svg>"]) + "\n"


def with_caption(picture: str, caption: str) -> str:
    """Any SVG picture with ``caption`` written under it: the picture is kept
    whole inside a taller one."""
    if not caption:
        return picture
    body = re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", picture)
    head = re.search(r"<svg\b[^>]*>", body)
    width = _size(head.group(0), "width") if head else None
    height = _size(head.group(0), "height") if head else None
    if width is None or height is None:
        width, height = 800.0, 600.0
    total = height + 40
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total:.0f}" '
        f'viewBox="0 0 {width:.0f} {total:.0f}" font-family="{FONT}">',
        f'<rect width="{width:.0f}" height="{total:.0f}" fill="#fffdf6"/>',
        body.strip(),
        f'<text class="caption" x="{MARGIN:.1f}" y="{height + 26:.1f}" font-size="14" '
        f'font-weight="bold">{escape(caption)}</text>',
        "</svg>"]) + "\n"


def _size(head: str, name: str) -> float | None:
    found = re.search(rf'\s{name}="([0-9.]+)(px|pt)?"', head)
    if found is None:
        return None
    value = float(found.group(1))
    return value * 4 / 3 if found.group(2) == "pt" else value


# -- the parts ------------------------------------------------------------------------


def heading(table: TableMap, lang: Lang) -> str:
    """The picture's heading: the scenario's title and where the game stands."""
    if not table.status:
        return table.title
    return render(msg("board.heading", title=table.title, status=table.status), lang)


def _title(pic: Picture) -> None:
    text = heading(pic.table, pic.lang)
    pic.add(f'<text class="title" x="{MARGIN:.1f}" y="{MARGIN + 18:.1f}" font-size="17" '
            f'font-weight="bold">{escape(text)}</text>')
    pic.taken.append(Box(MARGIN, MARGIN, text_width(text, 17, True), 24))


def _table(pic: Picture) -> None:
    width, depth = pic.right - pic.left, pic.bottom - pic.top
    pic.add(f'<rect class="table" x="{pic.left:.1f}" y="{pic.top:.1f}" width="{width:.1f}" '
            f'height="{depth:.1f}" fill="{SAND}" stroke="{INK}" stroke-width="1.5"/>')
    step = _grid_step(max(pic.table.width, pic.table.depth))
    lines, labels = [], []
    for n in range(0, int(pic.table.width) + 1, step):
        x, _ = pic.xy(n, 0)
        if 0 < n < pic.table.width:
            lines.append(f'<line x1="{x:.1f}" y1="{pic.top:.1f}" x2="{x:.1f}" '
                         f'y2="{pic.bottom:.1f}"/>')
        labels.append(f'<text x="{x:.1f}" y="{pic.bottom + 19:.1f}" '
                      f'text-anchor="middle">{n}</text>')
    for n in range(0, int(pic.table.depth) + 1, step):
        _, y = pic.xy(0, n)
        if 0 < n < pic.table.depth:
            lines.append(f'<line x1="{pic.left:.1f}" y1="{y:.1f}" x2="{pic.right:.1f}" '
                         f'y2="{y:.1f}"/>')
        labels.append(f'<text x="{pic.left - 5:.1f}" y="{y + 4:.1f}" '
                      f'text-anchor="end">{n}</text>')
    pic.add(f'<g class="grid" stroke="{GRID}" stroke-width="0.8" stroke-dasharray="2,4">'
            + "".join(lines) + "</g>")
    pic.add(f'<g class="axes" font-size="{SMALL:.0f}" fill="#555">' + "".join(labels) + "</g>")


def _grid_step(size: float) -> int:
    return 6 if size <= 36 else 12


def _terrain(pic: Picture) -> None:
    order = {"cover": 0, "building": 1, "wall": 2, "drop": 3}
    for feature in sorted(pic.table.features, key=lambda f: order[f.kind]):
        points = pic.points(feature.points)
        name = escape(feature.name)
        if feature.kind == "cover":
            pic.add(f'<polygon class="cover" points="{points}" fill="{COVER}" '
                    f'fill-opacity="0.45" stroke="{COVER}" stroke-width="1.5">'
                    f"<title>{name}</title></polygon>")
        elif feature.kind == "building":
            pic.add(f'<polygon class="obstacle building" points="{points}" fill="{BUILDING}" '
                    f'fill-opacity="0.9" stroke="#4a3520" stroke-width="2">'
                    f"<title>{name}</title></polygon>")
        elif feature.kind == "wall":
            pic.add(f'<polyline class="obstacle wall" points="{points}" fill="none" '
                    f'stroke="{WALL}" stroke-width="{max(3.0, pic.scale * 0.18):.1f}" '
                    f'stroke-linecap="round"><title>{name}</title></polyline>')
        else:
            pic.add(f'<polyline class="drop" points="{points}" fill="none" stroke="{DROP}" '
                    f'stroke-width="3" stroke-dasharray="2,3"><title>{name}</title></polyline>')


def _edges(pic: Picture) -> None:
    """Each table edge a side must leave by, in the side's colour, just outside the table."""
    ends = {"north": ((0, 1), (1, 1)), "south": ((0, 0), (1, 0)), "west": ((0, 0), (0, 1)),
            "east": ((1, 0), (1, 1))}
    out = {"north": (0, -4), "south": (0, 4), "west": (-4, 0), "east": (4, 0)}
    for objective in pic.table.objectives:
        if objective.edge not in ends:
            continue
        (ax, ay), (bx, by) = ends[objective.edge]
        dx, dy = out[objective.edge]
        x1, y1 = pic.xy(ax * pic.table.width, ay * pic.table.depth)
        x2, y2 = pic.xy(bx * pic.table.width, by * pic.table.depth)
        colour = pic.colour.get(objective.seat, PALETTE[0])
        pic.add(f'<line class="exit-edge" x1="{x1 + dx:.1f}" y1="{y1 + dy:.1f}" '
                f'x2="{x2 + dx:.1f}" y2="{y2 + dy:.1f}" stroke="{colour}" stroke-width="5" '
                f'stroke-dasharray="10,5"><title>{escape(objective.text)}</title></line>')


def _shots(pic: Picture) -> None:
    for shot in pic.table.shots:
        (x1, y1), (x2, y2) = pic.xy(*shot.start), pic.xy(*shot.end)
        dash = "" if shot.hit else ' stroke-dasharray="5,4"'
        pic.add(f'<line class="sight" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="#c00" stroke-width="2"{dash}><title>{escape(shot.label)}</title>'
                f"</line>")


REACH, SPOT, CAN_SHOOT, CANNOT_SHOOT = "#1d6fd1", "#0b3d91", "#1e7b34", "#8a8a8a"


def _asking(pic: Picture) -> None:
    """What the asked model may do: its reach (a circle, clipped to the
    table), where each of its moves would end (a marker each, named by the
    option's value), and a line to each enemy it sees when it shoots (solid
    and green: it may shoot; dashed and grey: not, with why), each line
    with the distance between the bases."""
    asking = pic.table.asking
    figure = pic.table.figure(asking.figure) if asking is not None else None
    if asking is None or figure is None or figure.at is None:
        return
    cx, cy = pic.xy(*figure.at)
    parts = ['<g class="asking">']
    if asking.reach:
        width, depth = pic.right - pic.left, pic.bottom - pic.top
        words = render(msg("board.reach", inches=tenths(asking.reach)), pic.lang)
        parts.append(f'<clipPath id="reach-clip"><rect x="{pic.left:.1f}" y="{pic.top:.1f}" '
                     f'width="{width:.1f}" height="{depth:.1f}"/></clipPath>'
                     f'<circle class="reach" cx="{cx:.1f}" cy="{cy:.1f}" '
                     f'r="{asking.reach * pic.scale:.1f}" fill="{REACH}" fill-opacity="0.12" '
                     f'stroke="{REACH}" stroke-width="1.5" stroke-dasharray="6,4" '
                     f'clip-path="url(#reach-clip)"><title>{escape(words)}</title></circle>')
    for spot in asking.spots:
        x, y = pic.xy(*spot.at)
        words = render(msg("board.spot", x=tenths(spot.at[0]), y=tenths(spot.at[1])), pic.lang)
        parts.append(f'<g class="spot" data-value="{escape(json.dumps(spot.value))}">'
                     f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{x:.1f}" y2="{y:.1f}" '
                     f'stroke="{SPOT}" stroke-width="1" stroke-dasharray="2,3"/>'
                     f'<path d="M{x:.1f},{y - 6:.1f} L{x + 6:.1f},{y:.1f} L{x:.1f},{y + 6:.1f} '
                     f'L{x - 6:.1f},{y:.1f} Z" fill="#fff" stroke="{SPOT}" stroke-width="2">'
                     f'<title>{escape(words)}</title></path></g>')
    for aim in asking.aims:
        target = pic.table.figure(aim.target)
        if target is None or target.at is None:
            continue
        x, y = pic.xy(*target.at)
        colour = CAN_SHOOT if aim.allowed else CANNOT_SHOOT
        dash = "" if aim.allowed else ' stroke-dasharray="4,4"'
        said = [render(msg("board.distance", inches=tenths(aim.distance)), pic.lang)]
        said += [words for words in (aim.cover, aim.why) if words]
        mx, my = (cx + x) / 2, (cy + y) / 2
        label = render(msg("board.inches", inches=tenths(aim.distance)), pic.lang)
        parts.append(f'<g class="aim{" allowed" if aim.allowed else ""}" '
                     f'data-for="{escape(aim.target)}"><title>{escape("; ".join(said))}</title>'
                     f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{x:.1f}" y2="{y:.1f}" '
                     f'stroke="{colour}" stroke-width="2"{dash}/>'
                     f'<text x="{mx:.1f}" y="{my - 3:.1f}" font-size="{SMALL:.0f}" '
                     f'font-weight="bold" fill="{colour}" stroke="#fffdf6" stroke-width="3" '
                     f'paint-order="stroke" text-anchor="middle">{escape(label)}</text></g>')
    parts.append("</g>")
    pic.add("".join(parts))


def _models(pic: Picture) -> None:
    for figure in pic.table.figures:
        if figure.at is None:
            continue
        cx, cy = pic.xy(*figure.at)
        r = figure.radius * pic.scale
        pic.bases.append(Box(cx - r - 1, cy - r - 1, 2 * r + 2, 2 * r + 2))
        colour = pic.colour.get(figure.side, PALETTE[0])
        style = ' stroke-dasharray="3,2" fill-opacity="0.55"' if figure.prone else ""
        symbol = escape(pic.table.symbol(figure.id))
        size = max(8.0, min(14.0, r * 1.15))
        pic.add(f'<g class="model" id="{escape(figure.id)}"><title>{escape(figure.name)}</title>'
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}" '
                f'stroke="{INK}" stroke-width="1.2"{style}/>'
                f'<text x="{cx:.1f}" y="{cy + size * 0.36:.1f}" font-size="{size:.0f}" '
                f'font-weight="bold" fill="#fff" text-anchor="middle">{symbol}</text></g>')


# -- labels ---------------------------------------------------------------------------


def _terrain_labels(pic: Picture) -> None:
    """Each piece of terrain's name on it or beside it, clear of the bases."""
    area = Box(pic.left, pic.top, pic.right - pic.left, pic.bottom - pic.top)
    for feature in pic.table.features:
        label = feature.name
        w, h = text_width(label, SMALL) + 6, SMALL + 5
        best: tuple[float, Box] | None = None
        for rank, (cx, cy) in enumerate(_feature_anchors(pic, feature)):
            for dx, dy in ((0, 0), (0, -h), (0, h), (-w / 2, 0), (w / 2, 0), (0, -2 * h),
                           (0, 2 * h)):
                box = Box(cx - w / 2 + dx, cy - h / 2 + dy, w, h)
                cost = _cost(pic, box, area) + math.hypot(dx, dy) * 0.01 + rank * 0.05
                if best is None or cost < best[0]:
                    best = (cost, box)
        if best is None:
            continue
        box = best[1]
        pic.taken.append(box)
        pic.add(f'<g class="terrain-label"><rect x="{box.x:.1f}" y="{box.y:.1f}" '
                f'width="{box.w:.1f}" height="{box.h:.1f}" rx="3" fill="#fffdf6" '
                f'fill-opacity="0.8"/><text x="{box.x + box.w / 2:.1f}" '
                f'y="{box.y + box.h - 4:.1f}" font-size="{SMALL:.0f}" font-style="italic" '
                f'fill="#3b2a14" text-anchor="middle">{escape(label)}</text></g>')


def _feature_anchors(pic: Picture, feature: Feature) -> list[tuple[float, float]]:
    points = [pic.xy(x, y) for x, y in feature.points]
    if feature.kind in ("cover", "building"):
        cx = sum(x for x, _ in points) / len(points)
        cy = sum(y for _, y in points) / len(points)
        xs, ys = [x for x, _ in points], [y for _, y in points]
        grid = [(min(xs) + (max(xs) - min(xs)) * i / 4, min(ys) + (max(ys) - min(ys)) * j / 4)
                for i in range(5) for j in range(5)]
        return [(cx, cy), *sorted(grid, key=lambda p: math.hypot(p[0] - cx, p[1] - cy))]
    anchors = []
    for (ax, ay), (bx, by) in pairwise(points):
        for share in (0.5, 0.25, 0.75):
            mx, my = ax + (bx - ax) * share, ay + (by - ay) * share
            length = math.hypot(bx - ax, by - ay) or 1.0
            nx, ny = -(by - ay) / length, (bx - ax) / length
            anchors += [(mx + nx * 12, my + ny * 12), (mx - nx * 12, my - ny * 12)]
    return anchors


@dataclass(frozen=True)
class _Label:
    figure: Figure
    lines: tuple[str, ...]
    w: float
    h: float


def _label_of(pic: Picture, figure: Figure) -> _Label:
    second = _marker_width(figure)
    words = ", ".join(figure.marks)
    if words:
        second += text_width(words, SMALL) + (6 if second else 0)
    w = max(text_width(figure.name, NAME_SIZE, True), second) + 8
    h = NAME_SIZE + 6 + (SMALL + 4 if second else 0)
    return _Label(figure, (figure.name, words), w, h)


def _marker_width(figure: Figure) -> float:
    width = 0.0
    if figure.wounds is not None and figure.wounds_max:
        width += 9 * max(figure.wounds_max, figure.wounds)
    if figure.fame is not None:
        width += (4 if width else 0) + 12 + text_width(str(figure.fame), SMALL, True)
    return width


def _model_labels(pic: Picture) -> None:
    """Each model's label (name; wounds, Fame and marks) beside its base,
    where it overlaps no other label, base or title; farther out with a
    leader line where the near places are taken."""
    area = Box(pic.left - AXIS + 2, pic.top - 4, pic.right - pic.left + AXIS + LEGEND_GAP - 6,
               pic.bottom - pic.top + 8)
    on_table = [f for f in pic.table.figures if f.at is not None]
    crowd = {f.id: sum(1 for g in on_table if g is not f and _near(f, g, 4.0)) for f in on_table}
    for figure in sorted(on_table, key=lambda f: (-crowd[f.id], f.id)):
        label = _label_of(pic, figure)
        assert figure.at is not None
        cx, cy = pic.xy(*figure.at)
        r = figure.radius * pic.scale
        best: tuple[float, Box, bool] | None = None
        for box, far in _candidates(cx, cy, r, label.w, label.h):
            cost = _cost(pic, box, area) + (0.5 if far else 0.0) + _distance(box, cx, cy) * 0.002
            if far:
                cost += 60 * _crossings(pic, (cx, cy), _nearest(box, cx, cy))
            if best is None or cost < best[0]:
                best = (cost, box, far)
            if cost < 1.0 and not far:
                break
        assert best is not None
        _, box, far = best
        pic.taken.append(box)
        _draw_label(pic, label, box, (cx, cy, r) if far else None)


def _nearest(box: Box, cx: float, cy: float) -> tuple[float, float]:
    """The point of ``box`` nearest to (cx, cy): where a leader line ends."""
    return min(max(cx, box.x), box.x + box.w), min(max(cy, box.y), box.y + box.h)


def _crossings(pic: Picture, start: tuple[float, float], end: tuple[float, float]) -> int:
    """How many labels and bases (other than at its ends) a leader line crosses."""
    count = 0
    for box in [*pic.taken, *pic.bases]:
        inner = Box(box.x + 1, box.y + 1, box.w - 2, box.h - 2)
        if _cuts(inner, start, end) and not _inside(inner, start) and not _inside(inner, end):
            count += 1
    return count


def _inside(box: Box, point: tuple[float, float]) -> bool:
    return box.x <= point[0] <= box.x + box.w and box.y <= point[1] <= box.y + box.h


def _cuts(box: Box, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Does the segment a-b pass through ``box`` (Liang-Barsky clipping)?"""
    low, high = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box.x), (dx, box.x + box.w - a[0]),
                 (-dy, a[1] - box.y), (dy, box.y + box.h - a[1])):
        if abs(p) < 1e-9:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _near(a: Figure, b: Figure, inches: float) -> bool:
    assert a.at is not None and b.at is not None
    return math.dist(a.at, b.at) <= inches


def _distance(box: Box, cx: float, cy: float) -> float:
    return math.hypot(box.x + box.w / 2 - cx, box.y + box.h / 2 - cy)


def _candidates(cx: float, cy: float, r: float, w: float,
                h: float) -> list[tuple[Box, bool]]:
    gap = 3.0
    near = [
        Box(cx + r + gap, cy - h / 2, w, h), Box(cx - r - gap - w, cy - h / 2, w, h),
        Box(cx - w / 2, cy - r - gap - h, w, h), Box(cx - w / 2, cy + r + gap, w, h),
        Box(cx + r * 0.7 + gap, cy - r * 0.7 - gap - h, w, h),
        Box(cx - r * 0.7 - gap - w, cy - r * 0.7 - gap - h, w, h),
        Box(cx + r * 0.7 + gap, cy + r * 0.7 + gap, w, h),
        Box(cx - r * 0.7 - gap - w, cy + r * 0.7 + gap, w, h),
    ]
    found = [(box, False) for box in near]
    for ring in range(1, 7):
        reach = r + gap + ring * 14
        for k in range(16):
            angle = 2 * math.pi * k / 16
            px, py = cx + reach * math.cos(angle), cy + reach * math.sin(angle)
            bx = px if math.cos(angle) >= 0 else px - w
            by = py - h / 2 + math.sin(angle) * h / 2
            found.append((Box(bx, by, w, h), True))
    return found


def _cost(pic: Picture, box: Box, area: Box) -> float:
    cost = sum(box.overlap(other) for other in pic.taken) * 100
    cost += sum(box.overlap(base) for base in pic.bases) * 4
    cost += box.outside(area) * 20
    return cost


def _draw_label(pic: Picture, label: _Label, box: Box,
                leader: tuple[float, float, float] | None) -> None:
    figure = label.figure
    colour = pic.colour.get(figure.side, PALETTE[0])
    parts = [f'<g class="label" data-for="{escape(figure.id)}">']
    if leader is not None:
        cx, cy, r = leader
        tx, ty = _nearest(box, cx, cy)
        length = math.hypot(tx - cx, ty - cy) or 1.0
        sx, sy = cx + (tx - cx) / length * r, cy + (ty - cy) / length * r
        parts.append(f'<line class="leader" x1="{sx:.1f}" y1="{sy:.1f}" x2="{tx:.1f}" '
                     f'y2="{ty:.1f}" stroke="{colour}" stroke-width="1"/>')
    parts.append(f'<rect x="{box.x:.1f}" y="{box.y:.1f}" width="{box.w:.1f}" '
                 f'height="{box.h:.1f}" rx="3" fill="#fffdf6" fill-opacity="0.9" '
                 f'stroke="{colour}" stroke-width="1"/>')
    parts.append(f'<text x="{box.x + 4:.1f}" y="{box.y + NAME_SIZE + 1:.1f}" '
                 f'font-size="{NAME_SIZE:.0f}" font-weight="bold" fill="{INK}">'
                 f"{escape(figure.name)}</text>")
    if box.h > NAME_SIZE + 6:
        y = box.y + NAME_SIZE + 6 + SMALL / 2 + 1
        x = box.x + 4
        x = _markers(parts, figure, x, y)
        if label.lines[1]:
            parts.append(f'<text x="{x + (2 if x > box.x + 4 else 0):.1f}" '
                         f'y="{y + SMALL * 0.36:.1f}" font-size="{SMALL:.0f}" '
                         f'font-style="italic" fill="#444">{escape(label.lines[1])}</text>')
    parts.append("</g>")
    pic.add("".join(parts))


def _markers(parts: list[str], figure: Figure, x: float, y: float) -> float:
    """Wound pips (filled: left, hollow: lost) and a Fame star with its number."""
    if figure.wounds is not None and figure.wounds_max:
        for n in range(max(figure.wounds_max, figure.wounds)):
            fill = WOUND if n < figure.wounds else "none"
            parts.append(f'<circle class="wound" cx="{x + 3.5:.1f}" cy="{y:.1f}" r="3.5" '
                         f'fill="{fill}" stroke="{WOUND}" stroke-width="1.2"/>')
            x += 9
    if figure.fame is not None:
        x += 4 if x else 0
        parts.append(f'<polygon class="fame" points="{_star(x + 5, y, 5.5)}" fill="{FAME}" '
                     f'stroke="#8a6500" stroke-width="0.8"/>')
        parts.append(f'<text x="{x + 12:.1f}" y="{y + SMALL * 0.36:.1f}" '
                     f'font-size="{SMALL:.0f}" font-weight="bold" fill="#8a6500">'
                     f"{figure.fame}</text>")
        x += 12 + text_width(str(figure.fame), SMALL, True)
    return x


def _star(cx: float, cy: float, r: float) -> str:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


# -- scale bar and legend ----------------------------------------------------------------


def _scale_bar(pic: Picture) -> float:
    """A bar of 6 (or 12) inches in one-inch blocks under the table; returns
    the bottom of what is drawn."""
    inches = _grid_step(max(pic.table.width, pic.table.depth))
    x0, y0 = pic.left, pic.bottom + AXIS + 8
    parts = ['<g class="scale-bar">']
    for n in range(inches):
        fill = INK if n % 2 == 0 else "#fff"
        parts.append(f'<rect x="{x0 + n * pic.scale:.1f}" y="{y0:.1f}" '
                     f'width="{pic.scale:.1f}" height="6" fill="{fill}" stroke="{INK}" '
                     f'stroke-width="0.8"/>')
    for n in (0, inches // 2, inches):
        parts.append(f'<text x="{x0 + n * pic.scale:.1f}" y="{y0 + 18:.1f}" '
                     f'font-size="{SMALL:.0f}" text-anchor="middle">{n}"</text>')
    words = render(msg("board.scale", inches=inches), pic.lang)
    parts.append(f'<text x="{x0 + inches * pic.scale + 14:.1f}" y="{y0 + 7:.1f}" '
                 f'font-size="{SMALL:.0f}" fill="#444">{escape(words)}</text>')
    parts.append("</g>")
    pic.add("".join(parts))
    return y0 + SCALE_BAR - 16


def _legend(pic: Picture) -> float:
    """The legend beside the table: each side and its models (symbol, name,
    where, wounds, Fame, state), what the marks and the terrain's colours
    mean. Returns its bottom."""
    x = pic.right + LEGEND_GAP
    y = pic.top + 2
    lang = pic.lang
    parts = ['<g class="legend">',
             f'<text x="{x:.1f}" y="{y + 12:.1f}" font-size="14" font-weight="bold">'
             f'{escape(render(msg("board.legend"), lang))}</text>']
    y += 24
    sides = [b.seat for b in pic.table.bands] or sorted({f.side for f in pic.table.figures})
    names = {b.seat: b.name for b in pic.table.bands}
    for seat in sides:
        colour = pic.colour.get(seat, PALETTE[0])
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="12" height="12" fill="{colour}"/>'
                     f'<text x="{x + 18:.1f}" y="{y + 11:.1f}" font-size="12" '
                     f'font-weight="bold">{escape(names.get(seat, seat))}</text>')
        y += 18
        for objective in (o for o in pic.table.objectives if o.seat == seat):
            words = render(msg("board.objective", text=objective.text), lang)
            for line in _wrap(words, LEGEND_WIDTH - 4, SMALL):
                parts.append(f'<text class="objective" x="{x:.1f}" y="{y + 9:.1f}" '
                             f'font-size="{SMALL:.0f}" font-style="italic">{escape(line)}</text>')
                y += 12
            y += 4
        for figure in (f for f in pic.table.figures if f.side == seat):
            y = _legend_row(pic, parts, figure, x, y, colour)
        y += 6
    y = _legend_key(pic, parts, x, y)
    parts.append("</g>")
    pic.add("".join(parts))
    return y


def _legend_row(pic: Picture, parts: list[str], figure: Figure, x: float, y: float,
                colour: str) -> float:
    lang = pic.lang
    symbol = escape(pic.table.symbol(figure.id))
    if figure.at is None:
        colour = "#999"
    parts.append(f'<g class="legend-row" data-for="{escape(figure.id)}">'
                 f'<circle cx="{x + 7:.1f}" cy="{y + 6:.1f}" r="7" fill="{colour}" '
                 f'stroke="{INK}" stroke-width="0.8"/><text x="{x + 7:.1f}" y="{y + 10:.1f}" '
                 f'font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">'
                 f'{symbol}</text><text x="{x + 20:.1f}" y="{y + 10:.1f}" font-size="11">'
                 f"{escape(figure.name)}</text>")
    facts = [_where(figure, lang)]
    if figure.wounds is not None and figure.at is not None:
        facts.append(render(msg("board.wounds", left=figure.wounds,
                                most=figure.wounds_max or figure.wounds), lang))
    if figure.fame is not None:
        facts.append(render(msg("board.fame", fame=figure.fame), lang))
    if figure.fortune is not None:
        facts.append(render(msg("board.fortune", fortune=figure.fortune), lang))
    facts += [*figure.marks, *figure.notes]
    text = "; ".join(facts)
    lines = _wrap(text, LEGEND_WIDTH - 24, SMALL)
    for n, line in enumerate(lines):
        parts.append(f'<text x="{x + 20:.1f}" y="{y + 23 + n * 12:.1f}" font-size="{SMALL:.0f}" '
                     f'fill="#444">{escape(line)}</text>')
    parts.append("</g>")
    return y + 18 + 12 * len(lines) + 4


def _where(figure: Figure, lang: Lang) -> str:
    if figure.at is None:
        return figure.gone or render(msg("board.off-table"), lang)
    return render(msg("board.at", x=tenths(figure.at[0]), y=tenths(figure.at[1])), lang)


def _wrap(text: str, width: float, size: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        attempt = f"{line} {word}".strip()
        if line and text_width(attempt, size) > width:
            lines.append(line)
            line = word
        else:
            line = attempt
    if line:
        lines.append(line)
    return lines


def _legend_key(pic: Picture, parts: list[str], x: float, y: float) -> float:
    """Swatches for the kinds of terrain on the table, the shots and the markers."""
    lang = pic.lang
    rows: list[tuple[str, str]] = []
    kinds = {f.kind for f in pic.table.features}
    for kind in ("cover", "building", "wall", "drop"):
        if kind in kinds:
            names = ", ".join(render(msg("board.named-note", name=f.name, note=f.note), lang)
                              if f.note else f.name
                              for f in pic.table.features if f.kind == kind)
            rows.append((kind, render(msg(f"board.kind.{kind}", names=names), lang)))
    sides = {b.seat: b.name for b in pic.table.bands}
    for objective in pic.table.objectives:
        if objective.edge:
            side = sides.get(objective.seat, objective.seat)
            rows.append((f"edge:{pic.colour.get(objective.seat, PALETTE[0])}",
                         render(msg("board.exit-edge", side=side), lang)))
    if pic.table.shots:
        rows += [("hit", render(msg("board.shot-hit"), lang)),
                 ("missed", render(msg("board.shot-missed"), lang))]
    if any(f.wounds is not None and f.wounds_max for f in pic.table.figures):
        rows.append(("wounds", render(msg("board.wound-pips"), lang)))
    if any(f.fame is not None for f in pic.table.figures):
        rows.append(("fame", render(msg("board.fame-star"), lang)))
    if not rows:
        return y
    parts.append(f'<text x="{x:.1f}" y="{y + 12:.1f}" font-size="12" font-weight="bold">'
                 f'{escape(render(msg("board.key"), lang))}</text>')
    y += 20
    for what, words in rows:
        parts.append(_swatch(what, x, y))
        lines = _wrap(words, LEGEND_WIDTH - 28, SMALL)
        for n, line in enumerate(lines):
            parts.append(f'<text x="{x + 26:.1f}" y="{y + 10 + n * 12:.1f}" '
                         f'font-size="{SMALL:.0f}">{escape(line)}</text>')
        y += 6 + 12 * len(lines)
    return y


def _swatch(what: str, x: float, y: float) -> str:
    """The legend's sample of a kind of terrain, a shot or a marker."""
    mid = y + 6
    line = f'x1="{x:.1f}" y1="{mid:.1f}" x2="{x + 18:.1f}" y2="{mid:.1f}"'
    box = f'x="{x:.1f}" y="{y + 1:.1f}" width="18" height="10"'
    if what == "cover":
        return f'<rect {box} fill="{COVER}" fill-opacity="0.45" stroke="{COVER}"/>'
    if what == "building":
        return f'<rect {box} fill="{BUILDING}" stroke="#4a3520"/>'
    if what == "wall":
        return f'<line {line} stroke="{WALL}" stroke-width="4"/>'
    if what == "drop":
        return f'<line {line} stroke="{DROP}" stroke-width="3" stroke-dasharray="2,3"/>'
    if what.startswith("edge:"):
        return (f'<line {line} stroke="{what[5:]}" stroke-width="4" '
                f'stroke-dasharray="6,3"/>')
    if what in ("hit", "missed"):
        dash = ' stroke-dasharray="5,4"' if what == "missed" else ""
        return f'<line {line} stroke="#c00" stroke-width="2"{dash}/>'
    if what == "wounds":
        return (f'<circle cx="{x + 4:.1f}" cy="{mid:.1f}" r="3.5" fill="{WOUND}"/>'
                f'<circle cx="{x + 13:.1f}" cy="{mid:.1f}" r="3.5" fill="none" '
                f'stroke="{WOUND}"/>')
    return (f'<polygon points="{_star(x + 9, mid, 6)}" fill="{FAME}" stroke="#8a6500" '
            f'stroke-width="0.8"/>')
