"""What a server is started with: its database, its limits, and the sources
of time and randomness (tests pass fixed ones, so two games can be compared
byte for byte)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

APP_NAME = "referee"
DB_ENV = "REFEREE_DB"
"""The environment variable ``referee serve`` passes the database URL in
(worker processes read it)."""


def default_database_url() -> str:
    """SQLite in a file under the user's data directory (created on first start)."""
    folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'referee.db'}"


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Settings:
    """A server's settings; every field has a sensible default."""

    database_url: str = field(default_factory=lambda: os.environ.get(DB_ENV)
                              or default_database_url())
    max_body: int = 1 << 20
    """Largest request body accepted, in bytes (a scenario upload included)."""
    deadline_poll: float = 0.5
    """How often a serving process looks for due deadlines, in seconds."""
    version_poll: float = 0.5
    """How often an event stream on SQLite looks for changes made by another process."""
    heartbeat: float = 15.0
    """Seconds between keep-alive comments on an idle event stream."""
    public_url: str | None = None
    """The server's address as players reach it (for links in chat posts)."""
    sqlite_synchronous: str = field(default_factory=lambda: os.environ.get(
        "REFEREE_SQLITE_SYNCHRONOUS", "NORMAL").upper())
    """SQLite's ``synchronous`` setting: NORMAL (the default) keeps every
    acknowledged input through any crash of the server process; FULL also
    through a crash of the machine, at about 5 ms a write."""
    entropy: Callable[[int], bytes] = secrets.token_bytes
    """Random bytes for seeds, tokens and game ids."""
    clock: Callable[[], datetime] = utc_now
    webhook_timeout: float = 5.0
    telemetry: bool = field(default_factory=lambda: os.environ.get(
        "REFEREE_TELEMETRY", "") not in ("", "0"))
    """FastAPI's own OpenTelemetry spans, metrics and logs of every request,
    for an operator who configures OpenTelemetry: off by default, as
    looking whether it is configured costs every request some time."""
    threads: int = 8
    """Threads serving requests in each process: the game's work holds the
    interpreter's lock, so a few threads answer faster than many."""
    background: bool = True
    """Run the deadline checker and the cross-process listener (off in some tests)."""
