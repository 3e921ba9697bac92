"""The terminal's table of a game, as text (``render_mode="ansi"``): the
ruleset's registered display (:mod:`referee.display`) read from one seat's
view, its table's rows or, for a game on a table in inches, its models."""

from __future__ import annotations

from referee.boards.tablemap import TableMap
from referee.core.i18n import Lang
from referee.core.ruleset import AnyRuleset
from referee.display import View, display_for


def board_text(ruleset: AnyRuleset, view: View, lang: Lang) -> str:
    """The board as ``view`` shows it, in columns; the view's turn alone
    where the ruleset registers no display."""
    display = display_for(ruleset)
    table = None if display is None else display.board_table(view, lang)
    if table is None and display is not None:
        found = display.table_map(view, lang)
        table = None if found is None else _figures(found)
    heading = f"{ruleset.name} · {view['seat']}"
    if table is None:
        return f"{heading}\nturn {view['state'].get('turn', '?')}\n"
    return heading + "\n" + columns(*table)


def _figures(table: TableMap) -> tuple[list[str], list[list[str]]]:
    """One row per model of a map: where it stands and its condition."""
    rows = [[f.name, f.side, "" if f.at is None else f"{f.at[0]:.1f}, {f.at[1]:.1f}",
             "" if f.wounds is None else str(f.wounds), " ".join(f.marks) or f.gone]
            for f in table.figures]
    return [table.title, "side", "at", "wounds", table.status], rows


def columns(headings: list[str], rows: list[list[str]]) -> str:
    """Rows under their headings, each column as wide as its widest cell."""
    lines = [headings, *rows]
    widths = [max(len(line[n]) if n < len(line) else 0 for line in lines)
              for n in range(len(headings))]
    text = ["  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=False))
            .rstrip() for line in lines]
    text.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(text) + "\n"
