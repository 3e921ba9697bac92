"""Table talk: a line, who may read it and how it reads to them, and whom
a line a token posts may go to."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import msg
from referee.core.scenario import did_you_mean
from referee.core.waits import JSON
from referee.server.deadlines import iso
from referee.server.errors import ApiError
from referee.server.store.seating import MASTER, Seating

MESSAGE_LIMIT = 4000
"""The longest line of talk, in characters."""


@dataclass(frozen=True)
class Message:
    """A line of table talk: who wrote it, to whom (``everyone``, or the
    seats it is for, none for the master alone, who reads every line), what."""

    sender: str
    audience: str | tuple[Seat, ...]
    body: str
    turn: int
    at: int

    def readable_by(self, seating: Seating) -> bool:
        if seating.is_master or self.audience == "everyone" or self.sender == seating.seat:
            return True
        return isinstance(self.audience, tuple) and seating.seat in self.audience

    def shown_to(self, seating: Seating) -> dict[str, JSON]:
        """The line as ``seating`` reads it: a seat never learns whom else a
        private line went to (``you`` for a line from the master to it)."""
        audience = self.audience
        to: JSON
        if audience == "everyone":
            to = "everyone"
        elif audience == ():
            to = MASTER
        elif seating.is_master:
            to = list(audience)
        else:
            to = "you"
        return {"from": self.sender, "to": to, "text": self.body, "turn": self.turn,
                "at": iso(self.at)}


def checked_body(body: str) -> str:
    """The text of a line, trimmed. :raises ApiError: empty or too long."""
    body = body.strip()
    if not body or len(body) > MESSAGE_LIMIT:
        raise ApiError(422, "message/invalid", msg("server.error.message", limit=MESSAGE_LIMIT))
    return body


def audience(game: Game, seating: Seating, to: str | list[str]) -> str | tuple[Seat, ...]:
    """Whom a line of talk goes to. :raises ApiError: an audience not offered."""
    if to == "everyone":
        return "everyone"
    if seating.seat is not None:
        if to == MASTER:
            return ()  # the master reads every line: no seat besides
        if to == "room":
            raise ApiError(422, "message/no-rooms", msg("server.error.room"))
        raise ApiError(422, "message/audience", msg("server.error.audience", to=str(to)))
    seats = [to] if isinstance(to, str) else list(to)
    unknown = [seat for seat in seats if seat not in game.seats]
    if unknown or not seats:
        shown = unknown[0] if unknown else ""
        raise ApiError(422, "seat/unknown", msg(
            "server.error.unknown-seat", seat=shown,
            suggestion=did_you_mean(shown, game.seats), seats=tuple(game.seats)))
    return tuple(dict.fromkeys(seats))
