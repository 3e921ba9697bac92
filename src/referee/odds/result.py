"""What an odds query answers: one probability with its distribution, or a
table of probabilities. Both render through the catalogue and print as JSON
with exact ``"p/q"`` fractions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from referee.core.i18n import Msg
from referee.odds.dice import fraction_text


def _texts(dist: Mapping[str, Fraction]) -> dict[str, str]:
    return {key: fraction_text(p) for key, p in dist.items()}


@dataclass(frozen=True)
class Odds:
    """One question's answer: ``probability`` of the event asked about, and
    the ``distribution`` of outcomes it is part of (keys are stable names,
    ``labels`` say how to show each). ``breakdowns`` are further distributions
    (the total rolled, the Fame spent), ``query`` the question's parameters."""

    game: str
    kind: str
    what: Msg
    probability: Fraction
    distribution: Mapping[str, Fraction]
    labels: Mapping[str, Msg]
    query: Mapping[str, int | str | bool | None] = field(default_factory=dict)
    breakdowns: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)
    notes: tuple[Msg, ...] = ()
    breakdown_labels: Mapping[str, Mapping[str, Msg]] = field(default_factory=dict)
    """How to show the outcomes of a breakdown, where they are not plain numbers."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "query": self.kind,
            **dict(self.query),
            "probability": fraction_text(self.probability),
            "distribution": _texts(self.distribution),
        }
        for name, dist in self.breakdowns.items():
            data[name] = _texts(dist)
        return data


@dataclass(frozen=True)
class OddsTable:
    """A table of probabilities: one per (row, column); ``marks`` optionally
    say what each cell needs (the Wound Table's "6/4")."""

    game: str
    kind: str
    what: Msg
    row_name: Msg
    column_name: Msg
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    cells: Mapping[tuple[int, int], Fraction]
    marks: Mapping[tuple[int, int], str] = field(default_factory=dict)
    query: Mapping[str, int | str | bool | None] = field(default_factory=dict)
    row_key: str = "row"
    column_key: str = "column"
    column_labels: Mapping[int, Msg] = field(default_factory=dict)
    """How to head a column that is a case rather than a number."""
    column_names: Mapping[int, str] = field(default_factory=dict)
    """The stable names of such columns in JSON ("boost-attack")."""

    def to_json(self) -> dict[str, Any]:
        rows = [{self.row_key: r, self.column_key: self.column_names.get(c, c),
                 "probability": fraction_text(p),
                 **({"need": self.marks[(r, c)]} if (r, c) in self.marks else {})}
                for (r, c), p in self.cells.items()]
        return {
            "game": self.game,
            "query": self.kind,
            **dict(self.query),
            "rows": list(self.rows),
            "columns": [self.column_names.get(c, c) for c in self.columns],
            "probability": {str(r): {self._column(c): fraction_text(self.cells[(r, c)])
                                     for c in self.columns} for r in self.rows},
            "cells": rows,
        }

    def _column(self, column: int) -> str:
        return self.column_names.get(column, str(column))
