"""Investigators in Echo (Сыщики в Ехо): the Movement phase of a co-operative
game in the city of Echo, its Gates into the World, items and battle rounds."""

from pathlib import Path

from referee.core.i18n import CATALOGUE

CATALOGUE.load(Path(__file__).with_name("text.toml"))

from referee.games.echo.ruleset import Echo  # noqa: E402

__all__ = ["Echo"]
