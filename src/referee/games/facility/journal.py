"""What happened in a turn, each line with the step it happened in, who saw
it (character seats and ``camera:<room>`` tokens) and the clause behind it.

A character's report and a camera's record are filters of the one journal;
the game master (the referee seat) reads it all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from referee.core.i18n import Msg, Param, msg
from referee.games.facility.tables import ACTION_PHASE, END_PHASE

RoomNumber = int


CAMERA = "camera:"


def camera(room: RoomNumber) -> str:
    """The observer token of the camera in ``room``."""
    return f"{CAMERA}{room}"


@dataclass(frozen=True, slots=True)
class Line:
    step: int
    text: Msg
    observers: tuple[str, ...]
    """Who saw it: character names and camera tokens (few, so a tuple)."""
    clause: str | None = None

    def stamped(self) -> Msg:
        """The text with its step in front, as a report shows it."""
        return msg("facility.at", phase=phase(self.step), what=self.text)


def phase(step: int) -> Msg:
    if step == ACTION_PHASE:
        return msg("facility.phase.actions")
    if step == END_PHASE:
        return msg("facility.phase.end")
    return msg("facility.phase.step", step=step)


@dataclass(frozen=True, slots=True)
class VoidOrder:
    """An order that was not carried out because it could not be (CHAT-TGT-1,
    CHAT-MOV-1, CHAT-CHS-2, a name that refers to nothing)."""

    character: str
    order: str
    reason: Msg


class Journal:
    def __init__(self, readers: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.lines: list[Line] = []
        self.readers = dict(readers or {})
        """Camera token -> characters who read that camera's record (house rule 14)."""

    def note(self, step: int, observers: Iterable[str], clause: str | None, key: str, /,
             **params: Param) -> None:
        line = Line(step, Msg(f"facility.{key}", params), tuple(observers), clause)
        self.lines.append(line)
        if self.readers:
            self._copy_to_readers(line)

    def _copy_to_readers(self, line: Line) -> None:
        """A recorded line reaches the camera's readers, marked as a record,
        unless they saw it themselves."""
        for token in line.observers:
            readers = [r for r in self.readers.get(token, ()) if r not in line.observers]
            if readers:
                self.lines.append(Line(line.step, msg("facility.via-camera",
                                                      room=int(token[len(CAMERA):]),
                                                      what=line.text),
                                       tuple(readers), line.clause))

    def seen_by(self, observer: str) -> list[Line]:
        return [line for line in self.lines if observer in line.observers]
