"""Table talk: a line, who may read it and how it reads to them, and whom
a line a token posts may go to."""

from __future__ import annotations

import json
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


Audience = str | tuple[Seat, ...]
"""``everyone``, or the seats a line is for (none: the game master alone)."""


@dataclass(frozen=True)
class Message:
    """A line of table talk: who wrote it, to whom (``everyone``, or the
    seats it is for, none for the master alone, who reads every line; for a
    line to the speaker's room, ``room`` and the seats that heard it), what."""

    sender: str
    audience: Audience
    body: str
    turn: int
    at: int
    room: bool = False

    def readable_by(self, seating: Seating) -> bool:
        if seating.is_master or self.audience == "everyone" or self.sender == seating.seat:
            return True
        return isinstance(self.audience, tuple) and seating.seat in self.audience

    def shown_to(self, seating: Seating) -> dict[str, JSON]:
        """The line as ``seating`` reads it: a seat never learns whom else a
        private line went to (``you`` for a line from the master to it), nor
        who else heard a line to a room; the game master reads both."""
        audience = self.audience
        to: JSON
        shown: dict[str, JSON] = {"from": self.sender}
        if audience == "everyone":
            to = "everyone"
        elif self.room:
            to = "room"
        elif audience == ():
            to = MASTER
        elif seating.is_master:
            to = list(audience)
        else:
            to = "you"
        shown["to"] = to
        if self.room and seating.is_master:
            shown["heard_by"] = list(audience)
        shown.update(text=self.body, turn=self.turn, at=iso(self.at))
        return shown

    def audience_json(self) -> str:
        """The audience as the messages table keeps it."""
        return json.dumps({"room": list(self.audience)} if self.room else self.audience)

    @classmethod
    def stored(cls, sender: str, audience: str, body: str, turn: int, at: int) -> Message:
        """A line read back from the messages table."""
        found = json.loads(audience)
        if isinstance(found, dict):
            return cls(sender, tuple(found["room"]), body, turn, at, room=True)
        return cls(sender, found if isinstance(found, str) else tuple(found), body, turn, at)


def checked_body(body: str) -> str:
    """The text of a line, trimmed. :raises ApiError: empty or too long."""
    body = body.strip()
    if not body or len(body) > MESSAGE_LIMIT:
        raise ApiError(422, "message/invalid", msg("server.error.message", limit=MESSAGE_LIMIT))
    return body


def audience(game: Game, seating: Seating, to: str | list[str]) -> tuple[Audience, bool]:
    """Whom a line of talk goes to, and whether that is the speaker's room
    (the seats within earshot at this moment, as the rules say).
    :raises ApiError: an audience not offered, or a room where the game has none."""
    if to == "everyone":
        return "everyone", False
    if seating.seat is not None:
        if to == MASTER:
            return (), False  # the master reads every line: no seat besides
        if to == "room":
            return room_of(game, seating.seat), True
        raise ApiError(422, "message/audience", msg("server.error.audience", to=str(to)))
    seats = [to] if isinstance(to, str) else list(to)
    unknown = [seat for seat in seats if seat not in game.seats]
    if unknown or not seats:
        shown = unknown[0] if unknown else ""
        raise ApiError(422, "seat/unknown", msg(
            "server.error.unknown-seat", seat=shown,
            suggestion=did_you_mean(shown, game.seats), seats=tuple(game.seats)))
    return tuple(dict.fromkeys(seats)), False


def room_of(game: Game, seat: Seat) -> tuple[Seat, ...]:
    """The other seats in ``seat``'s room now. :raises ApiError: the game has no rooms."""
    heard = game.ruleset.within_earshot(game.state, seat)
    if heard is None:
        raise ApiError(422, "message/no-rooms", msg("server.error.room"))
    return tuple(sorted(heard))
