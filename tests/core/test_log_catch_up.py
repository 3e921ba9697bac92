"""Every observer's part of the log brought up to date in one pass reads as
each observer's part read alone."""

from __future__ import annotations

from random import Random

from referee.core.events import EVERYONE, REFEREE, Audience, Log
from referee.core.i18n import msg

OBSERVERS = ("anna", "boris", "vera", "camera-3")


def _log(rng: Random, lines: int, log: Log | None = None) -> Log:
    log = Log() if log is None else log
    for n in range(lines):
        kind = rng.random()
        audience = EVERYONE if kind < 0.3 else Audience.of(
            rng.sample(OBSERVERS, rng.randint(1, len(OBSERVERS))))
        log.emit(msg("t.line", n=n), audience)
    return log


def test_catching_up_at_once_gives_each_observer_its_own_lines() -> None:
    rng = Random(28)
    at_once, one_by_one = Log(), Log()
    for _ in range(4):
        state = rng.getstate()
        _log(rng, 40, at_once)
        rng.setstate(state)
        _log(rng, 40, one_by_one)
        some = OBSERVERS[: rng.randint(1, len(OBSERVERS))]
        at_once.catch_up([*some, REFEREE])
        for observer in some:  # the others fall behind, then catch up with the rest
            one_by_one.seen_by(observer)
    at_once.catch_up(OBSERVERS)
    for observer in (*OBSERVERS, REFEREE, "nobody"):
        assert [e.text for e in at_once.seen_by(observer)] == \
            [e.text for e in one_by_one.seen_by(observer)]
        assert [e.text for e in at_once.seen_by(observer)] == \
            [e.text for e in one_by_one.events if e.audience.admits(observer)]
