"""Exact odds of the rules' rolls, counted from each ruleset's own tables
(DESIGN idea 7): answers are exact fractions, rendered through the catalogue
in English and Russian, printable as JSON and plotted with matplotlib."""

from pathlib import Path

from referee.core.i18n import CATALOGUE
from referee.odds.result import Odds, OddsTable

CATALOGUE.load(Path(__file__).with_name("text.toml"))

__all__ = ["Odds", "OddsTable"]
