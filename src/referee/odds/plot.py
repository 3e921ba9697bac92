"""Plots of odds with matplotlib, written as PNG or SVG (the file's suffix
says which). matplotlib is imported only when a plot is asked for, and only
its object interface is used (no pyplot, no window)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from referee.core.errors import RefereeError
from referee.core.i18n import Lang, Msg, msg, render
from referee.odds.result import Odds, OddsTable

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from referee.odds.simulate import Simulation  # the bots too: not for odds alone

FORMATS = (".png", ".svg")


def check_plot_path(path: Path) -> None:
    """Refuse, before any work is done, a plot file that could not be
    written: another suffix than .png or .svg, a folder, or a folder that
    is missing or cannot be written to.

    :raises RefereeError: naming the path and why."""
    if path.suffix.lower() not in FORMATS:
        raise RefereeError(msg("odds.plot.format", path=str(path)))
    folder = path.parent
    if path.is_dir():
        cause = msg("odds.plot.is-folder")
    elif not folder.is_dir():
        cause = msg("odds.plot.no-folder", folder=str(folder))
    elif not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        cause = msg("odds.plot.not-writable")
    else:
        return
    raise RefereeError(msg("odds.plot.cannot-write", path=str(path), cause=cause))


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _save(figure: Figure, path: Path) -> None:
    check_plot_path(path)
    suffix = path.suffix.lower()
    from matplotlib import rc_context

    metadata = {"Date": None} if suffix == ".svg" else {}
    with rc_context({"svg.fonttype": "none", "svg.hashsalt": "referee"}):
        figure.savefig(path, format=suffix[1:], metadata=metadata, dpi=120)


def plot_table(table: OddsTable, path: Path, lang: Lang = "en") -> None:
    """A heat map of the table, each cell with its percentage (and, for the
    Wound Table, the roll it needs)."""
    figure = _figure(1.0 + 0.72 * len(table.columns), 1.2 + 0.55 * len(table.rows))
    axes = figure.add_subplot()
    grid = [[float(table.cells[(r, c)]) for c in table.columns] for r in table.rows]
    image = axes.imshow(grid, cmap="viridis", vmin=0.0, vmax=1.0, aspect="auto")
    for i, r in enumerate(table.rows):
        for j, c in enumerate(table.columns):
            value = grid[i][j]
            mark = table.marks.get((r, c))
            text = f"{value * 100:.0f}%" if mark is None else f"{mark}\n{value * 100:.0f}%"
            axes.text(j, i, text, ha="center", va="center", fontsize=7,
                      color="black" if value > 0.55 else "white")
    heads = [render(table.column_labels[c], lang) if c in table.column_labels else str(c)
             for c in table.columns]
    axes.set_xticks(range(len(table.columns)), heads, fontsize=7 if table.column_labels else None)
    axes.set_yticks(range(len(table.rows)), [str(r) for r in table.rows])
    axes.set_xlabel(render(table.column_name, lang))
    axes.set_ylabel(render(table.row_name, lang))
    axes.set_title(render(table.what, lang), fontsize=9, wrap=True)
    figure.colorbar(image, ax=axes, label=render(msg("odds.plot.probability"), lang))
    _save(figure, path)


def plot_odds(odds: Odds, path: Path, lang: Lang = "en") -> None:
    """A bar chart of the answer's distribution, and of its first breakdown
    (the totals rolled, the Fame spent) where it has one."""
    parts = [("", odds.distribution, {k: render(v, lang) for k, v in odds.labels.items()})]
    parts += [(render(msg(f"odds.breakdown.{name}"), lang), dist,
               {k: render(odds.breakdown_labels[name][k], lang)
                if k in odds.breakdown_labels.get(name, {}) else k for k in dist})
              for name, dist in odds.breakdowns.items()][:1]
    figure = _figure(4.2 * len(parts), 3.4)
    for index, (title, dist, names) in enumerate(parts, start=1):
        axes = figure.add_subplot(1, len(parts), index)
        axes.set_title(title, fontsize=8)
        keys = list(dist)
        bars = axes.bar(range(len(keys)), [float(dist[k]) for k in keys], color="#3b6ea5")
        axes.bar_label(bars, labels=[f"{float(dist[k]) * 100:.1f}%" for k in keys], fontsize=7)
        tilted = len(keys) > 3
        axes.set_xticks(range(len(keys)), [names.get(k, k) for k in keys],
                        rotation=30 if tilted else 0, ha="right" if tilted else "center",
                        fontsize=7)
        axes.set_ylim(0, min(1.0, float(max(dist.values(), default=1))) * 1.15)
        axes.set_ylabel(render(msg("odds.plot.probability"), lang))
    figure.suptitle(render(odds.what, lang), fontsize=9, wrap=True)
    _save(figure, path)


def plot_simulation(simulation: Simulation, path: Path, lang: Lang = "en") -> None:
    """A bar per outcome with its 95% interval as an error bar."""
    figure = _figure(1.6 + 1.1 * len(simulation.outcomes), 3.4)
    axes = figure.add_subplot()
    shares = [float(o.share) for o in simulation.outcomes]
    low = [s - o.interval[0] for s, o in zip(shares, simulation.outcomes, strict=True)]
    high = [o.interval[1] - s for s, o in zip(shares, simulation.outcomes, strict=True)]
    bars = axes.bar(range(len(shares)), shares, yerr=[low, high], capsize=4, color="#3b6ea5")
    axes.bar_label(bars, labels=[f"{s * 100:.1f}%" for s in shares], fontsize=7,
                   padding=2, label_type="center", color="white")
    axes.set_xticks(range(len(shares)), [render(o.label, lang) for o in simulation.outcomes],
                    fontsize=7)
    axes.set_ylim(0, 1)
    axes.set_ylabel(render(msg("odds.plot.probability"), lang))
    axes.set_title(render(_title(simulation), lang), fontsize=9, wrap=True)
    _save(figure, path)


def _title(simulation: Simulation) -> Msg:
    return msg("odds.sim.title", title=simulation.title, games=simulation.games,
               first=simulation.first_seed, last=simulation.first_seed + simulation.games - 1)
