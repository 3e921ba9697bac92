"""Deadline rules: ISO 8601 durations and times of day in a time zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from referee.server.deadlines import BadDeadline, DeadlineRule, iso, parse_duration

OPENED = datetime(2026, 3, 28, 20, 30, tzinfo=UTC)


@pytest.mark.parametrize(("text", "span"), [
    ("PT24H", timedelta(hours=24)), ("P1D", timedelta(days=1)), ("PT90M", timedelta(minutes=90)),
    ("P1DT12H", timedelta(days=1, hours=12)), ("P2W", timedelta(weeks=2)),
    ("PT0.5S", timedelta(seconds=0.5)), ("pt1h", timedelta(hours=1)),
])
def test_iso_durations(text: str, span: timedelta) -> None:
    assert parse_duration(text) == span
    assert DeadlineRule.parse(text).after(OPENED) == OPENED + span


@pytest.mark.parametrize("text", ["", "P", "PT", "P1DT", "24h", "PT0S", "P400D", "tomorrow",
                                  "25:00", "18:60", "18:00 Mars/Olympus"])
def test_what_is_no_deadline_is_refused(text: str) -> None:
    with pytest.raises(BadDeadline):
        DeadlineRule.parse(text)


def test_a_time_of_day_is_the_next_one_in_its_zone_across_a_clock_change() -> None:
    """Europe/Berlin moves its clocks forward in the night of 28-29 March
    2026: 18:00 there is 17:00 UTC before and 16:00 UTC after."""
    rule = DeadlineRule.parse("18:00 Europe/Berlin")
    assert rule.after(OPENED) == datetime(2026, 3, 29, 16, 0, tzinfo=UTC)
    assert rule.after(datetime(2026, 3, 28, 9, 0, tzinfo=UTC)) == \
        datetime(2026, 3, 28, 17, 0, tzinfo=UTC)
    assert DeadlineRule.parse("06:15").after(OPENED) == datetime(2026, 3, 29, 6, 15, tzinfo=UTC)


def test_moments_are_written_in_utc() -> None:
    assert iso(1_780_000_000_000) == "2026-05-28T20:26:40.000Z"
    assert iso(None) is None
