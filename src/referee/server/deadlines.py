"""Deadline rules: a duration per turn (ISO 8601, ``PT24H``) or a fixed time
of day in a time zone (``18:00 Europe/Moscow``; ``18:00`` alone is UTC)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_DURATION = re.compile(
    r"P(?:(?P<weeks>\d+)W)?(?:(?P<days>\d+)D)?"
    r"(?:T(?:(?P<hours>\d+)H)?(?:(?P<minutes>\d+)M)?(?:(?P<seconds>\d+(?:\.\d+)?)S)?)?")
_TIME_OF_DAY = re.compile(r"(?P<hour>\d{1,2}):(?P<minute>\d{2})(?:\s+(?P<zone>\S+))?")
LONGEST = timedelta(days=366)


class BadDeadline(ValueError):
    """Text that is neither an ISO 8601 duration nor a time of day with a zone."""


def parse_duration(text: str) -> timedelta:
    """``PT24H`` -> 24 hours. :raises BadDeadline:"""
    found = _DURATION.fullmatch(text.strip().upper())
    if found is None or text.strip().upper() in ("P", "PT") or text.strip().endswith("T"):
        raise BadDeadline(text)
    parts = {k: float(v) for k, v in found.groupdict().items() if v is not None}
    if not parts:
        raise BadDeadline(text)
    span = timedelta(weeks=parts.get("weeks", 0), days=parts.get("days", 0),
                     hours=parts.get("hours", 0), minutes=parts.get("minutes", 0),
                     seconds=parts.get("seconds", 0))
    if span <= timedelta(0) or span > LONGEST:
        raise BadDeadline(text)
    return span


@dataclass(frozen=True)
class DeadlineRule:
    """When a turn's deadline falls, counted from the moment it opens."""

    every: timedelta | None = None
    at: time | None = None
    zone: str = "UTC"

    @classmethod
    def parse(cls, text: str) -> DeadlineRule:
        """:raises BadDeadline:"""
        text = text.strip()
        found = _TIME_OF_DAY.fullmatch(text)
        if found is None:
            return cls(every=parse_duration(text))
        hour, minute = int(found["hour"]), int(found["minute"])
        zone = found["zone"] or "UTC"
        if hour > 23 or minute > 59:
            raise BadDeadline(text)
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise BadDeadline(text) from None
        return cls(at=time(hour, minute), zone=zone)

    def after(self, opened: datetime) -> datetime:
        """The deadline of a turn opened at ``opened`` (UTC)."""
        if self.every is not None:
            return opened + self.every
        if self.at is None:
            raise BadDeadline("a rule needs a duration or a time of day")
        zone = ZoneInfo(self.zone)
        local = opened.astimezone(zone)
        for days in range(0, 3):
            day = (local + timedelta(days=days)).date()
            candidate = datetime.combine(day, self.at, tzinfo=zone).astimezone(UTC)
            if candidate > opened:
                return candidate
        raise BadDeadline(str(self))  # pragma: no cover - a day always has the time


def to_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def iso(ms: int | None) -> str | None:
    """Milliseconds since the epoch as ISO 8601 in UTC (``2026-01-02T18:00:00Z``)."""
    if ms is None:
        return None
    text = from_ms(ms).isoformat(timespec="milliseconds")
    return text.replace("+00:00", "Z")
