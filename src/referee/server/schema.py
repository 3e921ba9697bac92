"""The server's tables (SQLAlchemy Core). Migrations under ``migrations/``
create them; a test checks that the migrated database matches these.

Times are whole milliseconds since the epoch (UTC), the same in SQLite and
PostgreSQL. ``games.version`` changes with every write to a game: each
write is a conditional update on it (compare-and-set), so two processes
never both act on the same version.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("ruleset", String(64), nullable=False),
    Column("ruleset_version", String(32), nullable=False),
    Column("scenario", Text, nullable=False),
    Column("players", Text, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("seed", String(64), nullable=False),
    Column("seed_hash", String(64), nullable=False),
    Column("webhook", Text, nullable=True),
    Column("deadline_rule", String(100), nullable=True),
    Column("seq", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("turn", Integer, nullable=False),
    Column("deadline_at", BigInteger, nullable=True),
    Column("paused", Boolean, nullable=False),
    Column("paused_left", BigInteger, nullable=True),
    Column("over", Boolean, nullable=False),
    Column("created_at", BigInteger, nullable=False),
    Index("ix_games_deadline_at", "deadline_at"),
)

inputs = Table(
    "inputs", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("body", Text, nullable=False),
    Column("source", String(16), nullable=False),
    Column("receipt", String(64), nullable=True),
    Column("at", BigInteger, nullable=False),
)

tokens = Table(
    "tokens", metadata,
    Column("hash", String(64), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("seat", String(100), nullable=True),
    Column("lang", String(8), nullable=False),
    Index("ix_tokens_game_id", "game_id"),
)

ready = Table(
    "ready", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("turn", Integer, primary_key=True),
    Column("seat", String(100), primary_key=True),
)

messages = Table(
    "messages", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("sender", String(100), nullable=False),
    Column("audience", Text, nullable=False),
    Column("body", Text, nullable=False),
    Column("turn", Integer, nullable=False),
    Column("at", BigInteger, nullable=False),
)
