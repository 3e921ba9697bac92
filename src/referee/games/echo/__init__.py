"""Investigators in Echo (Сыщики в Ехо): the Movement phase of a co-operative
game in the city of Echo, its Gates into the World, items and battle rounds.

The text catalogue is loaded with the package, as every module here words
its lines through it. The ruleset registers through the ``referee.rulesets``
entry points (pyproject.toml)."""

from __future__ import annotations

from pathlib import Path

from referee.core.i18n import CATALOGUE

CATALOGUE.load(Path(__file__).with_name("text.toml"))
