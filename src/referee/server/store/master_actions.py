"""What the game master does to a game's turn and clock, as acts on the
cached game and the write's batch: close the turn now, pause and resume,
set or push back the deadline or change its rule; and a due deadline
firing, which closes the turn just as the master would."""

from __future__ import annotations

from datetime import datetime, timedelta

from referee.core.waits import Decision
from referee.server import errors
from referee.server.deadlines import DeadlineRule, from_ms, to_ms
from referee.server.store.entry import Batch, Entry
from referee.server.store.turns import close_turn


def is_due(entry: Entry, now: int) -> bool:
    """The game's deadline has passed (and its clock runs)."""
    return entry.deadline_at is not None and not entry.paused \
        and not entry.over and entry.deadline_at <= now


def close(entry: Entry, batch: Batch) -> None:
    """Close the open turn now: silent seats get the rules' default."""
    if entry.game.is_over:
        raise errors.game_over()
    close_turn(entry, batch)


def pause(batch: Batch, paused: bool, now: int) -> None:
    """Stop the turn's clock (the time left is kept), or start it again."""
    if batch.paused == paused:
        return
    batch.paused, batch.changed = paused, True
    if paused:
        batch.paused_left = None if batch.deadline_at is None \
            else max(0, batch.deadline_at - now)
        batch.deadline_at = None
    else:
        batch.deadline_at = None if batch.paused_left is None else now + batch.paused_left
        batch.paused_left = None


def set_deadline(entry: Entry, batch: Batch, now: int, moment: datetime | None,
                 extend: timedelta | None, rule: str | None, set_rule: bool) -> None:
    """Set the open turn's deadline to ``moment``, push it back by
    ``extend``, or (``set_rule``) change the rule for the turns to come
    (and this one, counted from now; ``rule`` already checked)."""
    wait = entry.game.waiting
    if wait is None:
        raise errors.game_over()
    if not isinstance(wait, Decision) and not set_rule:
        raise errors.no_turn()
    target: int | None
    if set_rule:
        batch.rule = rule
        target = None if rule is None or not isinstance(wait, Decision) \
            or not entry.person_asked(wait) \
            else to_ms(DeadlineRule.parse(rule).after(from_ms(now)))
    elif moment is not None:
        target = to_ms(moment)
    else:
        span = int((extend or timedelta(0)).total_seconds() * 1000)
        current = now + batch.paused_left if batch.paused and \
            batch.paused_left is not None else batch.deadline_at
        target = (now if current is None else current) + span
    if batch.paused:
        batch.paused_left = None if target is None else max(0, target - now)
    else:
        batch.deadline_at = target
    batch.changed = True


def fire_if_due(entry: Entry, batch: Batch, now: int) -> bool:
    """Close the turn if the deadline has passed; True if this closed it."""
    if not is_due(entry, now):
        return False
    close_turn(entry, batch)
    return True
