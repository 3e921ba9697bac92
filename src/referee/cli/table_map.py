"""The table at the terminal: a map drawn in characters, scaled to the table,
with its terrain, every model as a letter, and a legend of each model's
place, wounds, Fame and state; the reach of a model asked to move, with a
number where each listed move ends; the distance, line of sight and cover
of every enemy of a model asked to shoot; and a point to move to typed as
``x y`` or picked from named moves.

Everything here is drawn from the asked seat's view, through the ruleset's
display (:meth:`referee.display.Display.table_map`), never from the state.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from referee.boards.tablemap import XY, Aim, Feature, Figure, TableMap, tenths
from referee.cli.objectives import asks_for_objectives, print_objectives
from referee.core.drivers import Ask
from referee.core.i18n import CATALOGUE, Lang, msg, render
from referee.core.limits import TooLarge, read_json
from referee.core.waits import JSON
from referee.display import display_for

CATALOGUE.load(Path(__file__).with_name("table.toml"))

SIDE_STYLES = ("bold bright_blue", "bold bright_red", "bold green", "bold yellow")
TERRAIN_STYLE = {"cover": "green", "building": "yellow", "wall": "bold yellow", "drop": "red"}
MAX_ROWS, MAX_COLUMNS = 24, 72
GRID_STEP = 6
MARKS = "123456789"
"""How the named moves of a point decision are marked and picked."""


class Reader(Protocol):
    """What :func:`ask_point` needs of the terminal player."""

    console: Console
    lang: Lang

    def read(self, prompt: str) -> str: ...


def map_of(ask: Ask, lang: Lang) -> TableMap | None:
    """The asked seat's map of the table, if its game is played on one."""
    ruleset = ask.ruleset
    display = display_for(ruleset)
    return None if display is None else display.table_map(ask.view, lang)


def show(console: Console, ask: Ask, lang: Lang) -> bool:
    """Print the map, its legend and what the asked model may do; False
    when the game has no table to draw."""
    table = map_of(ask, lang)
    if table is None:
        return False
    numbers = option_numbers(ask)
    console.print(Text(heading(table, lang), style="bold"))
    console.print(grid(table, numbers))
    console.print(terrain_key(table, lang))
    console.print(legend(table, lang))
    for line in objective_lines(table, lang):
        console.print(line)
    for line in asking_lines(table, numbers, lang):
        console.print(line)
    if table.asking is not None and table.asking.what == "shoot" and table.asking.aims:
        console.print(aims_table(table, lang))
    return True


def heading(table: TableMap, lang: Lang) -> str:
    if not table.status:
        return table.title
    return render(msg("table.heading", title=table.title, status=table.status), lang)


def option_numbers(ask: Ask) -> dict[str, str]:
    """The mark on the map of each spot of the asking model: an option's
    number as the terminal lists it, a letter for a named move."""
    marks: dict[str, str] = {}
    for number, option in enumerate(ask.options, start=1):
        if isinstance(option.value, str):
            marks[option.value] = str(number) if number < 10 else "+"
        elif isinstance(option.value, Mapping):
            marks[_spot_key(option.value)] = str(number) if number < 10 else "+"
    return marks


def _spot_key(value: Any) -> str:
    """A spot's option value as a key: the value itself when it is text."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return "|".join(f"{k}={value[k]}" for k in sorted(value))
    return str(value)


# -- the map -------------------------------------------------------------------------


class Grid:
    """The table in characters: ``per_inch`` rows an inch, twice as many columns."""

    def __init__(self, table: TableMap) -> None:
        self.table = table
        self.per_inch = min(1.0, MAX_ROWS / table.depth, MAX_COLUMNS / (2 * table.width))
        self.rows = max(1, math.ceil(table.depth * self.per_inch))
        self.columns = max(1, math.ceil(table.width * 2 * self.per_inch))
        self.chars = [[" "] * self.columns for _ in range(self.rows)]
        self.styles = [[""] * self.columns for _ in range(self.rows)]

    def centre(self, column: int, row: int) -> XY:
        """The table point in the middle of a cell."""
        return ((column + 0.5) / (2 * self.per_inch),
                self.table.depth - (row + 0.5) / self.per_inch)

    def cell(self, xy: XY) -> tuple[int, int] | None:
        column = math.floor(xy[0] * 2 * self.per_inch)
        row = math.floor((self.table.depth - xy[1]) * self.per_inch)
        if 0 <= column < self.columns and 0 <= row < self.rows:
            return column, row
        if -1e-9 <= xy[0] <= self.table.width and -1e-9 <= xy[1] <= self.table.depth:
            return min(column, self.columns - 1), min(max(row, 0), self.rows - 1)
        return None

    def put(self, xy: XY, char: str, style: str) -> None:
        spot = self.cell(xy)
        if spot is not None:
            column, row = spot
            self.chars[row][column], self.styles[row][column] = char, style

    def cells(self) -> list[tuple[int, int, XY]]:
        return [(c, r, self.centre(c, r)) for r in range(self.rows) for c in range(self.columns)]


def grid(table: TableMap, numbers: Mapping[str, str] | None = None) -> Text:
    """The map: terrain, the reach of a model asked to move, the spots of its
    moves, every model on the table, coordinates every 6 inches."""
    board = Grid(table)
    for column, row, xy in board.cells():
        if _on_grid_line(xy, board):
            board.chars[row][column], board.styles[row][column] = "·", "dim"
    for feature in table.features:
        _draw_feature(board, feature)
    asking = table.asking
    mover = table.figure(asking.figure) if asking is not None else None
    if asking is not None and asking.reach and mover is not None and mover.at is not None:
        for column, row, xy in board.cells():
            if board.chars[row][column] in (" ", "·") and \
                    math.dist(xy, mover.at) <= asking.reach:
                board.chars[row][column], board.styles[row][column] = "∙", "cyan"
    if asking is not None:
        for n, spot in enumerate(asking.spots):
            mark = (numbers or {}).get(_spot_key(spot.value))
            if asking.what == "point":
                mark = MARKS[n] if n < len(MARKS) else "+"
            if mark:
                board.put(spot.at, mark, "bold magenta")
    for figure in table.figures:
        if figure.at is not None:
            board.put(figure.at, table.symbol(figure.id), _figure_style(table, figure))
    return _framed(board)


def _on_grid_line(xy: XY, board: Grid) -> bool:
    half_x, half_y = 0.5 / (2 * board.per_inch), 0.5 / board.per_inch
    near_x = abs(xy[0] - GRID_STEP * round(xy[0] / GRID_STEP)) < half_x
    near_y = abs(xy[1] - GRID_STEP * round(xy[1] / GRID_STEP)) < half_y
    return near_x and near_y


def _draw_feature(board: Grid, feature: Feature) -> None:
    style = TERRAIN_STYLE[feature.kind]
    if feature.kind in ("cover", "building"):
        char = "░" if feature.kind == "cover" else "▓"
        for column, row, xy in board.cells():
            if _inside(xy, feature.points):
                board.chars[row][column], board.styles[row][column] = char, style
        if feature.kind == "cover":
            return
    points = list(feature.points)
    if feature.kind == "building":
        points.append(points[0])
    for a, b in pairwise(points):
        length = math.dist(a, b)
        char = {"drop": "~", "building": "▓"}.get(feature.kind) or _wall_char(a, b)
        steps = max(1, math.ceil(length / 0.2))
        for k in range(steps + 1):
            t = k / steps
            board.put((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), char, style)


def _wall_char(a: XY, b: XY) -> str:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dy) <= abs(dx) * 0.4:
        return "═"
    if abs(dx) <= abs(dy) * 0.4:
        return "║"
    return "╱" if dx * dy > 0 else "╲"


def _inside(xy: XY, points: Sequence[XY]) -> bool:
    """Is the point inside the polygon (ray casting)?"""
    x, y = xy
    inside = False
    for (ax, ay), (bx, by) in zip(points, [*points[1:], points[0]], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _figure_style(table: TableMap, figure: Figure) -> str:
    seats = [b.seat for b in table.bands]
    index = seats.index(figure.side) if figure.side in seats else 0
    style = SIDE_STYLES[index % len(SIDE_STYLES)]
    if table.asking is not None and table.asking.figure == figure.id:
        style += " reverse"
    if figure.prone:
        style += " italic"
    return style


def _framed(board: Grid) -> Text:
    """The grid in a frame, with inches along the bottom and the left."""
    text = Text()
    width = 4
    text.append(" " * width + "┌" + "─" * board.columns + "┐\n", style="dim")
    labels = {}
    for inches in range(0, int(board.table.depth) + 1, GRID_STEP):
        spot = board.cell((0, inches))
        if spot is not None:
            labels[spot[1]] = str(inches)
    for row in range(board.rows):
        text.append(labels.get(row, "").rjust(width - 1) + " ", style="dim")
        text.append("│", style="dim")
        for column in range(board.columns):
            text.append(board.chars[row][column], style=board.styles[row][column] or None)
        text.append("│\n", style="dim")
    text.append(" " * width + "└" + "─" * board.columns + "┘\n", style="dim")
    axis = [" "] * (board.columns + 6)
    for inches in range(0, int(board.table.width) + 1, GRID_STEP):
        column = min(round(inches * 2 * board.per_inch), board.columns)
        for offset, char in enumerate(str(inches)):
            if column + offset < len(axis):
                axis[column + offset] = char
    text.append(" " * (width + 1) + "".join(axis).rstrip(), style="dim")
    return text


# -- the words beside it -----------------------------------------------------------------


def terrain_key(table: TableMap, lang: Lang) -> Text:
    """What each terrain character stands for, with each piece's name."""
    text = Text()
    chars = {"cover": "░", "building": "▓", "wall": "═", "drop": "~"}
    for n, feature in enumerate(table.features):
        if n:
            text.append("   ")
        text.append(chars[feature.kind], style=TERRAIN_STYLE[feature.kind])
        kind = "cover-note" if feature.kind == "cover" and feature.note else feature.kind
        words = render(msg(f"table.kind.{kind}", name=feature.name, note=feature.note or ""),
                       lang)
        text.append(" " + words)
    return text


def legend(table: TableMap, lang: Lang) -> Table:
    """Every model: its letter, name, where it stands, wounds, Fame, state."""
    with_wounds = any(f.wounds is not None for f in table.figures)
    with_fame = any(f.fame is not None for f in table.figures)
    heads = ["", render(msg("table.head.model"), lang), render(msg("table.head.at"), lang)]
    if with_wounds:
        heads.append(render(msg("table.head.wounds"), lang))
    if with_fame:
        heads.append(render(msg("table.head.fame"), lang))
    heads.append(render(msg("table.head.state"), lang))
    view = Table(*heads, box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    order = {b.seat: n for n, b in enumerate(table.bands)}
    for figure in sorted(table.figures, key=lambda f: order.get(f.side, len(order))):
        gone = figure.at is None
        cells: list[Text | str] = [Text(table.symbol(figure.id), style="dim" if gone else
                      _figure_style(table, figure)),
                 escape(figure.name), escape(where(figure, lang))]
        if with_wounds:
            cells.append("" if figure.wounds is None or gone else
                         f"{figure.wounds}/{figure.wounds_max or figure.wounds}")
        if with_fame:
            fame = "" if figure.fame is None else str(figure.fame)
            if figure.fortune:
                fame += " " + render(msg("table.fortune", fortune=figure.fortune), lang)
            cells.append(escape(fame))
        cells.append(escape(", ".join([*figure.marks, *figure.notes])))
        view.add_row(*cells, style="dim" if gone else None)
    return view


def objective_lines(table: TableMap, lang: Lang) -> list[Text]:
    """Each side's scenario objective, in its colour."""
    names = {b.seat: b.name for b in table.bands}
    seats = [b.seat for b in table.bands]
    lines = []
    for objective in table.objectives:
        index = seats.index(objective.seat) if objective.seat in seats else 0
        words = render(msg("table.objective", side=names.get(objective.seat, objective.seat),
                           text=objective.text), lang)
        lines.append(Text(words, style=SIDE_STYLES[index % len(SIDE_STYLES)].replace("bold ", "")))
    return lines


def where(figure: Figure, lang: Lang) -> str:
    if figure.at is None:
        return figure.gone or render(msg("table.off"), lang)
    return render(msg("table.at", x=tenths(figure.at[0]), y=tenths(figure.at[1])), lang)


def asking_lines(table: TableMap, numbers: Mapping[str, str], lang: Lang) -> list[Text]:
    """What the map marks for the model the decision is about."""
    asking = table.asking
    if asking is None:
        return []
    figure = table.figure(asking.figure)
    if figure is None:
        return []
    who = render(msg("table.who", name=figure.name, symbol=table.symbol(figure.id)), lang)
    if asking.what == "shoot":
        line = msg("table.shoots", who=who, weapon=asking.weapon) if asking.weapon \
            else msg("table.shoots-bare", who=who)
        return [Text(render(line, lang), style="bold")]
    key = "table.moves-to-point" if asking.what == "point" else "table.moves"
    return [Text(render(msg(key, who=who, reach=tenths(asking.reach or 0)), lang),
                 style="bold")]


def aims_table(table: TableMap, lang: Lang) -> Table:
    """Each enemy of the shooter: distance, whether it may be shot, cover."""
    heads = [render(msg(f"table.head.{h}"), lang) for h in ("target", "distance", "shot",
                                                           "cover")]
    view = Table("", *heads, box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    for aim in table.asking.aims if table.asking else ():
        figure = table.figure(aim.target)
        if figure is None:
            continue
        view.add_row(Text(table.symbol(figure.id), style=_figure_style(table, figure)),
                     escape(figure.name),
                     render(msg("table.inches", inches=tenths(aim.distance)), lang),
                     _allowed(aim, lang), escape(aim.cover or "—"))
    return view


def _allowed(aim: Aim, lang: Lang) -> Text:
    if aim.allowed:
        return Text(render(msg("table.can-shoot"), lang), style="green")
    return Text(aim.why or render(msg("table.cannot-shoot"), lang), style="red")


# -- a point to move to --------------------------------------------------------------------


def ask_point(player: Reader, ask: Ask) -> JSON | None:
    """For a decision asking where a model goes: the named moves, each with
    its number (as marked on the map), and the point typed as ``x y``,
    picked by its number, or given as JSON (``j`` then a line, or the object
    itself); None for any other decision, or when the person asks for the
    guided form or the editor (``g``, ``e``) instead."""
    table = map_of(ask, player.lang)
    if table is None or table.asking is None or table.asking.what != "point":
        return None
    lang = player.lang
    names = {f.id: f.name for f in table.figures}
    spots = table.asking.spots[:len(MARKS)]
    for n, spot in enumerate(spots):
        player.console.print(f"  {MARKS[n]}. {escape(_named_move(spot.value, names, lang))}"
                             f" → {escape(_point(spot.at, lang))}")
    figure = table.figure(table.asking.figure)
    here = figure.at if figure is not None else None
    prompt = render(msg("table.point-prompt", here=_point(here, lang) if here else "?"), lang)
    while True:
        reply = player.read(f"{prompt}: ").strip().lower()
        if reply in ("g", "e"):
            return None
        if reply == "j" or reply.startswith("{"):
            typed = _json_object(player, reply)
            if typed is not None:
                return typed
        elif len(reply) == 1 and reply in MARKS[:len(spots)]:
            x, y = spots[MARKS.index(reply)].at
            return {"x": x, "y": y}
        elif (point := parse_point(reply)) is not None:
            return {"x": point[0], "y": point[1]}
        elif asks_for_objectives(reply):
            print_objectives(player.console, ask.view, lang)
            continue
        player.console.print(escape(render(msg("table.point-help"), lang)))


def _json_object(player: Reader, reply: str) -> JSON | None:
    text = player.read("JSON: ") if reply == "j" else reply
    try:
        value = read_json(text)
    except (json.JSONDecodeError, TooLarge):
        return None
    return value if isinstance(value, dict) else None


def parse_point(text: str) -> XY | None:
    """``"7.5 10"``, ``"7,5 10"``, ``"7.5, 10"``, ``"(7,5; 10)"`` -> (7.5, 10.0)."""
    cleaned = text.strip().strip("()[]")
    parts = re.split(r"\s*;\s*|\s+|\s*,\s+", cleaned)
    if len(parts) == 1 and cleaned.count(",") == 1:
        parts = cleaned.split(",")
    parts = [p for p in parts if p]
    if len(parts) != 2:
        return None
    try:
        x, y = (float(p.replace(",", ".")) for p in parts)
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def _named_move(value: Any, names: Mapping[str, str], lang: Lang) -> str:
    way, _, target = str(value).partition(":")
    if way in ("toward", "away") and target in names:
        return render(msg(f"table.{way}", name=names[target]), lang)
    return str(value)


def _point(xy: XY | None, lang: Lang) -> str:
    if xy is None:
        return "?"
    return render(msg("table.point", x=tenths(xy[0]), y=tenths(xy[1])), lang)
