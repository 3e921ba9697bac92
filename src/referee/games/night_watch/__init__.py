"""Night Watch (Ночной Дозор): movement through the Metro and spell combat.

The text catalogue is loaded with the package, as every module here words
its lines through it; the ruleset class is loaded on first use (PEP 562)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee.core.i18n import CATALOGUE

if TYPE_CHECKING:
    from referee.games.night_watch.ruleset import NightWatch

CATALOGUE.load(Path(__file__).with_name("text.toml"))

__all__ = ["NightWatch"]


def __getattr__(name: str) -> object:
    if name == "NightWatch":
        from referee.games.night_watch.ruleset import NightWatch

        return NightWatch
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
