"""How a turn is written into the game's one log.

Every line of a turn is an event of the core log: its audience names who saw
it (character seats and ``camera:<room>`` tokens; a line seen by nobody is
the game master's alone), its text carries the phase it happened in, and it
cites its clause. A character's report, a camera's record and the game
master's log are that one log filtered by observer.

A line told to one character in the second person ("You go through the
north door") is a *personal* message: it carries the addressee, the text for
the addressee and the same line in the third person with names for everyone
else, the game master first ("Anna goes through the north door"). Rendered
plainly it reads in the third person; the core's ``for_reader`` gives the
addressee's own wording. Reports and records are read back by the orders
desk (:mod:`referee.display.orders`, :mod:`.desk`).
"""

from __future__ import annotations

from functools import cache

from referee.core.i18n import Msg, msg
from referee.games.facility.tables import ACTION_PHASE, END_PHASE

CAMERA = "camera:"


@cache
def camera(room: int) -> str:
    """The observer token of the camera in ``room`` (one string for each
    room: its hash is worked out once)."""
    return f"{CAMERA}{room}"


def camera_room(token: str) -> int | None:
    """The room of a camera token; None for any other observer."""
    return int(token[len(CAMERA):]) if token.startswith(CAMERA) else None


def phase(step: int) -> Msg:
    """``actions``, ``step 1``..``step 5`` or ``end of turn`` (one text for
    each, shared by every line of the phase: it is worded once)."""
    known = _PHASES.get(step)
    if known is None:
        known = _PHASES[step] = _phase(step)
    return known


def _phase(step: int) -> Msg:
    if step == ACTION_PHASE:
        return msg("facility.phase.actions")
    if step == END_PHASE:
        return msg("facility.phase.end")
    return msg("facility.phase.step", step=step)


_PHASES: dict[int, Msg] = {}


def stamped(step: int, text: Msg) -> Msg:
    """The text with its phase in front, as a report shows it. The stamp is in
    round brackets: square ones would read as markup to a rich terminal."""
    return Msg("facility.at", {"phase": phase(step), "what": text})
