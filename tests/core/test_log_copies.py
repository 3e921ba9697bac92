"""A copy of the log shares its events until either is written to; from then
on each shows its own lines alone, in its events and in each observer's part."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from referee.core.events import EVERYONE, Audience, Event, Log
from referee.core.i18n import msg

COPIES: dict[str, Callable[[Log], Log]] = {"deepcopy": copy.deepcopy, "copy": Log.copy}


def _three_lines() -> Log:
    log = Log()
    log.emit(msg("t.line", n=1))
    log.emit(msg("t.line", n=2), Audience.of(["anna"]))
    log.emit(msg("t.line", n=3), Audience.of(["boris"]))
    return log


def _texts(events: list[Event]) -> list[str]:
    return [str(event.text.params["n"]) for event in events]


@pytest.mark.parametrize("read_before", [False, True], ids=["unread", "read"])
@pytest.mark.parametrize("made_by", COPIES.values(), ids=COPIES.keys())
def test_a_copied_log_and_its_original_each_show_their_own_next_line(
        made_by: Callable[[Log], Log], read_before: bool) -> None:
    original = _three_lines()
    if read_before:  # each observer's part made, then shared by the copy
        original.seen_by("anna")
        original.catch_up(["boris"])
    twin = made_by(original)
    original.emit(msg("t.line", n="original"), EVERYONE)
    twin.emit(msg("t.line", n="copy"), EVERYONE)
    for log, own in ((original, "original"), (twin, "copy")):
        assert _texts(log.events) == ["1", "2", "3", own]
        assert _texts(log.seen_by("anna")) == ["1", "2", own]
        assert _texts(log.seen_by("boris")) == ["1", "3", own]
        assert _texts(log.seen_by("vera")) == ["1", own]
