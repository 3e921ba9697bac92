"""Night Watch (Ночной Дозор): movement through the Metro and spell combat."""

from pathlib import Path

from referee.core.i18n import CATALOGUE

CATALOGUE.load(Path(__file__).with_name("text.toml"))

from referee.games.night_watch.ruleset import NightWatch  # noqa: E402

__all__ = ["NightWatch"]
