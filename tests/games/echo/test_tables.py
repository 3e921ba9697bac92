"""The book's numbers once: what Echo's tables hold is copied nowhere, and
the odds of a check take and refuse the house rules the scenario format
takes and refuses."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from referee.core.errors import RefereeError
from referee.games.echo.scenario import Settings
from referee.odds import echo
from tests.tables_once import copies_of_the_tables

CHECK_SETTINGS = ("die_sides", "success_face", "successes_needed")


def test_no_module_keeps_a_copy_of_what_the_tables_hold():
    assert copies_of_the_tables("echo") == []


def _least(setting: str) -> int:
    field = Settings.model_fields[setting]
    return int(next(m.ge for m in field.metadata if getattr(m, "ge", None) is not None))


def _checked(**settings: int) -> tuple[bool, bool]:
    """Whether the scenario format takes ``settings`` (with the other house
    rules of a check at their defaults), and whether the odds do."""
    given: dict[str, Any] = {name: getattr(Settings(), name) for name in CHECK_SETTINGS}
    given |= settings
    try:
        Settings.model_validate(given)
        taken = True
    except ValidationError:
        taken = False
    try:
        echo.check(3, 0, given["die_sides"], given["success_face"], given["successes_needed"])
        counted = True
    except RefereeError:
        counted = False
    return taken, counted


@pytest.mark.parametrize("setting", CHECK_SETTINGS)
def test_the_odds_refuse_a_house_rule_below_what_the_format_takes(setting: str):
    least = _least(setting)
    fitting = {"die_sides": least, "success_face": least} if setting == "die_sides" else {}
    assert _checked(**{**fitting, setting: least}) == (True, True)
    assert _checked(**{**fitting, setting: least - 1}) == (False, False)


def test_a_check_left_unsaid_is_counted_with_the_formats_defaults():
    defaults = Settings()
    assert echo.check(4, 1).query == {
        "skill": 4, "penalty": 1, "dice": 3, "die_sides": defaults.die_sides,
        "success_face": defaults.success_face, "successes_needed": defaults.successes_needed}
