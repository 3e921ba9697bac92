"""Whom a token belongs to: a game and a seat, or the game's master. A
token is found by its SHA-256; a token seen before is known without the
database."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine, select

from referee.core.events import REFEREE, Seat
from referee.core.i18n import Lang
from referee.server import schema
from referee.server.tokens import token_hash

MASTER = "master"
"""How table talk and inputs name the game master."""


@dataclass(frozen=True)
class Seating:
    """Whom a token belongs to: a game and a seat (None: the game master)."""

    game: str
    seat: Seat | None
    lang: Lang

    @property
    def is_master(self) -> bool:
        return self.seat is None

    @property
    def reader(self) -> Seat:
        """The seat whose view this token reads (the referee's for the master)."""
        return REFEREE if self.seat is None else self.seat


class Seatings:
    """The seat of every token this process has looked up, by the token's hash."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._by_hash: dict[str, Seating] = {}

    def known(self, token: str) -> Seating | None:
        """The seat of a token this process has seen before, without the database."""
        return self._by_hash.get(token_hash(token))

    def find(self, token: str) -> Seating | None:
        """The seat (or master) ``token`` belongs to; None for no token of ours."""
        digest = token_hash(token)
        found = self._by_hash.get(digest)
        if found is not None:
            return found
        with self.engine.connect() as connection:
            row = connection.execute(select(schema.tokens).where(
                schema.tokens.c.hash == digest)).one_or_none()
        if row is None:
            return None
        seating = Seating(row.game_id, row.seat, "ru" if row.lang == "ru" else "en")
        self._by_hash[digest] = seating
        return seating
