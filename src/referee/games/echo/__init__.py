"""Investigators in Echo (Сыщики в Ехо): the Movement phase of a co-operative
game in the city of Echo, its Gates into the World, items and battle rounds.

The text catalogue is loaded with the package, as every module here words
its lines through it; the ruleset class is loaded on first use (PEP 562)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee.core.i18n import CATALOGUE

if TYPE_CHECKING:
    from referee.games.echo.ruleset import Echo

CATALOGUE.load(Path(__file__).with_name("text.toml"))

__all__ = ["Echo"]


def __getattr__(name: str) -> object:
    if name == "Echo":
        from referee.games.echo.ruleset import Echo

        return Echo
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
