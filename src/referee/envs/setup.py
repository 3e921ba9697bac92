"""What every environment of a scenario shares: the ruleset, the checked
scenario, the codec and the settings, made once (:func:`setup`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from referee.core.errors import ScenarioError
from referee.core.game import Game
from referee.core.i18n import LANGS, Lang
from referee.core.ruleset import AnyRuleset, find_ruleset
from referee.core.scenario import load_scenario
from referee.envs.codec import Codec
from referee.envs.codecs import codec_for

RENDER_MODES = ("human", "ansi")


@dataclass(frozen=True)
class Settings:
    """An environment's settings (``referee.envs(..., **settings)``).

    ``max_cycles``: the game is cut short (truncated) after this many
    cycles, each cycle one action of every agent; None: it runs to the
    rules' end. ``render_mode``: ``"ansi"`` (``render()`` returns the
    board as text), ``"human"`` (prints it) or None. ``lang``: the
    language of the words in ``infos`` and the rendered table.
    ``render_seat``: whose view the rendered table shows (None: the
    referee's, everything).
    """

    max_cycles: int | None = None
    render_mode: str | None = None
    lang: Lang = "en"
    render_seat: str | None = None


@dataclass(frozen=True)
class Setup:
    ruleset: AnyRuleset
    scenario: BaseModel
    codec: Codec
    seats: tuple[str, ...]
    settings: Settings


def setup(ruleset: str | AnyRuleset, scenario: str | Path | BaseModel | None,
          settings: dict[str, Any]) -> Setup:
    """The ruleset (by name), its scenario (a file, a checked model, or
    None for its first example) and the settings, checked.

    :raises ValueError: naming a setting that does not exist or a value it
        may not take; :raises ScenarioError: for a scenario file with problems.
    """
    found = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    model = _scenario(found, scenario)
    checked = _settings(settings)
    seats = found.seats(model)
    if checked.render_seat is not None and checked.render_seat not in seats:
        raise ValueError(f"render_seat: expected one of {', '.join(seats)}, "
                         f"not {checked.render_seat!r}")
    first = Game(found, model).view(seats[0])
    return Setup(found, model, codec_for(found, first), seats, checked)


def _scenario(ruleset: AnyRuleset, scenario: str | Path | BaseModel | None) -> BaseModel:
    if isinstance(scenario, BaseModel):
        return scenario
    path = ruleset.examples()[0] if scenario is None else Path(scenario)
    other, model = load_scenario(path)
    if other.name != ruleset.name:
        raise ScenarioError(str(path), [f"a scenario of {other.name}, not {ruleset.name}"])
    return model


def _settings(given: dict[str, Any]) -> Settings:
    known = Settings.__dataclass_fields__
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(f"unknown setting {', '.join(unknown)}: expected "
                         f"{', '.join(known)}")
    settings = Settings(**given)
    cycles = settings.max_cycles
    if cycles is not None and (isinstance(cycles, bool) or not isinstance(cycles, int)
                               or cycles < 1):
        raise ValueError(f"max_cycles: expected a whole number of at least 1 or None, "
                         f"not {cycles!r}")
    if settings.render_mode not in (None, *RENDER_MODES):
        raise ValueError(f"render_mode: expected {' or '.join(RENDER_MODES)} or None, "
                         f"not {settings.render_mode!r}")
    if settings.lang not in LANGS:
        raise ValueError(f"lang: expected {' or '.join(LANGS)}, not {settings.lang!r}")
    return settings
