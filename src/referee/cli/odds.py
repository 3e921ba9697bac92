"""``referee odds RULESET QUESTION``: exact odds of the rules' rolls, as a
fraction and a percentage, as JSON (``--json``) or as a plot (``--plot``).
Every number comes from :mod:`referee.odds`, which reads the rulesets' own
tables.

The commands are built from the questions the rulesets' odds declare
(:mod:`referee.odds.query`): a sub-command per ruleset that registers some,
built when it is named, and an option per parameter; this module knows no
ruleset."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from typer.core import TyperGroup
from typer.main import get_group

from referee.cli.app import HELP_MARKUP, app
from referee.cli.common import (
    ForceOption,
    LangOption,
    check_new_file,
    err,
    language,
    out,
    user_errors,
)
from referee.core.i18n import Lang, msg, render
from referee.odds import Odds, OddsTable
from referee.odds.plot import plot_odds, plot_table
from referee.odds.query import Param, Query, RulesetQueries, queries_for, query_rulesets
from referee.odds.show import describe, percent

HELP_LANG: Lang = "en"
"""The language of the commands' help, as every command's help is written."""
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object, exact "
                                                         "fractions as \"p/q\" strings.")]
PlotOption = Annotated[Path | None, typer.Option("--plot", help="Also draw it to FILE "
                                                                "(.png or .svg).")]
FRACTION_SHOWN = 9
"""A table cell shows its exact fraction up to this many characters (--json has all)."""


def _emit(answer: Odds | OddsTable, as_json: bool, plot: Path | None, lang: Lang) -> None:
    if as_json:
        typer.echo(json.dumps(answer.to_json(), ensure_ascii=False))
    elif isinstance(answer, Odds):
        for line in describe(answer, lang):
            out.print(line, markup=False)
    else:
        shown, width = _rich_table(answer, lang)
        wide = Console(highlight=False, width=max(width, out.width))
        wide.print(shown)
    if plot is not None:
        if isinstance(answer, Odds):
            plot_odds(answer, plot, lang)
        else:
            plot_table(answer, plot, lang)
        err.print(render(msg("odds.plot.saved", path=str(plot)), lang), markup=False)


def _rich_table(table: OddsTable, lang: Lang) -> tuple[Table, int]:
    """The table for the terminal, and the width it needs unwrapped."""
    shown = Table(title=render(table.what, lang), show_lines=True)
    shown.add_column(render(table.row_name, lang), justify="right", no_wrap=True)
    rows = [[_cell(table, row, column, lang) for column in table.columns] for row in table.rows]
    heads = [render(table.column_labels[c], lang) if c in table.column_labels else str(c)
             for c in table.columns]
    for head in heads:
        shown.add_column(head, justify="center", no_wrap=True)
    for row, cells in zip(table.rows, rows, strict=True):
        shown.add_row(str(row), *cells)
    widths = [len(render(table.row_name, lang))]
    widths += [max(len(heads[i]), *(len(line) for cells in rows for line in cells[i].splitlines()))
               for i in range(len(table.columns))]
    return shown, sum(w + 3 for w in widths) + 1


def _cell(table: OddsTable, row: int, column: int, lang: Lang) -> str:
    """The roll needed (if the table has it), the fraction when it is short,
    and the percentage."""
    value = table.cells[(row, column)]
    lines = [table.marks[(row, column)]] if (row, column) in table.marks else []
    fraction = f"{value.numerator}/{value.denominator}" if value.denominator > 1 else \
        str(value.numerator)
    if len(fraction) <= FRACTION_SHOWN:
        lines.append(fraction)
    lines.append(f"{percent(value, lang, 1)}%")
    return "\n".join(lines)


PAIRS: dict[type, Any] = {int: tuple[int, int], float: tuple[float, float],
                          bool: tuple[bool, bool], str: tuple[str, str]}
"""The type typer reads two values of a kind as (a pair's range is the
question's to check, with its own message)."""


def _option(param: Param) -> Any:
    """The typer annotation of ``param``: its type, flags, range and help."""
    kind: Any = PAIRS[param.kind] if param.pair else param.kind
    if param.default is None:
        kind = kind | None
    flags = param.flags or ("--" + param.name.replace("_", "-"),)
    shown = None if param.help is None else render(param.help, HELP_LANG)
    return Annotated[kind, typer.Option(*flags, help=shown,
                                        min=None if param.pair else param.low,
                                        max=None if param.pair else param.high)]


COMMON: tuple[tuple[str, Any, bool | None], ...] = (
    ("as_json", JsonOption, False), ("plot", PlotOption, None), ("lang", LangOption, None),
    ("force", ForceOption, False))
"""What every question takes beside its own parameters, with their defaults."""


def _command(query: Query) -> Callable[..., None]:
    """The command that answers ``query``: its parameters become options, and
    the answer is printed, as JSON or drawn."""

    def answer(as_json: bool, plot: Path | None, lang: str | None, force: bool,
               **values: Any) -> None:
        if plot is not None:
            check_new_file(plot, "--plot", force=force)
        _emit(query.ask(**values), as_json, plot, language(lang))

    command = user_errors(answer)
    own = [inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, annotation=_option(p),
                             default=inspect.Parameter.empty if p.required else p.default)
           for p in query.params]
    common = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation,
                                default=default)
              for name, annotation, default in COMMON]
    signature = inspect.Signature([*own, *common], return_annotation=None)
    command.__signature__ = signature  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in signature.parameters.values()}
    return command


def _group(queries: RulesetQueries) -> TyperGroup:
    """The sub-command of a ruleset: one command per question it declares."""
    group = typer.Typer(name=queries.ruleset, rich_markup_mode=HELP_MARKUP,
                        help=render(queries.help, HELP_LANG), no_args_is_help=True)
    for query in queries.queries:
        group.command(query.name, help=render(query.help, HELP_LANG))(_command(query))
    return get_group(group)


class _Rulesets(MutableMapping[str, Any]):
    """The rulesets with questions by name, each command built from its
    declarations the first time it is asked for: naming one loads its odds
    alone, and listing the names loads none. (Its values are the commands of
    the Click that typer brings, whichever it is.)"""

    def __init__(self) -> None:
        self._built: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:  # the name as listed, not another spelling of it
            queries = queries_for(name) if name in query_rulesets() else None
            if queries is None:
                raise KeyError(name)
            self._built[name] = _group(queries)
        return self._built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._built[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*query_rulesets(), *self._built]))

    def __len__(self) -> int:
        return len(list(iter(self)))


class _OddsGroup(TyperGroup):
    """``referee odds``: a sub-command for each ruleset whose odds register
    questions (:mod:`referee.odds.query`)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = _Rulesets()


odds_app = typer.Typer(cls=_OddsGroup, rich_markup_mode=HELP_MARKUP,
                       help="Exact odds of the rules' rolls, from each ruleset's own tables.",
                       no_args_is_help=True)
app.add_typer(odds_app, name="odds")
