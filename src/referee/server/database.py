"""The engine and the migrations.

SQLite runs in WAL mode with a busy timeout, and every write transaction
starts with ``BEGIN IMMEDIATE``, so two processes on one file wait for each
other rather than fail. PostgreSQL is reached through psycopg
(``postgresql+psycopg://``). Migrations run under a lock (an advisory lock
on PostgreSQL, a file lock beside an SQLite file), so two servers starting
at once on one database migrate it once.
"""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).with_name("migrations")
WRITE = "referee_write"
"""Execution option marking a connection that writes (SQLite: ``BEGIN IMMEDIATE``)."""
_LOCK_KEY = 0x5EFE_2024


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL; None for another database or memory."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database \
            or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def make_engine(url: str, synchronous: str = "NORMAL", pool_size: int = 20) -> Engine:
    """An engine for ``url``; an SQLite file's folder is made if missing."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed, connect_args={"timeout": 30, "check_same_thread": False},
                               pool_size=pool_size, max_overflow=pool_size)
        _sqlite_setup(engine, synchronous)
        return engine
    if parsed.get_backend_name() == "postgresql" and parsed.get_driver_name() != "psycopg":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return create_engine(parsed, pool_size=pool_size, max_overflow=pool_size,
                         pool_pre_ping=True)


def _sqlite_setup(engine: Engine, synchronous: str) -> None:
    if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        synchronous = "NORMAL"

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None  # transactions begun below, by us
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        writes = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


@contextlib.contextmanager
def _migration_lock(engine: Engine, url: str) -> Iterator[None]:
    if is_sqlite(engine):
        path = sqlite_path(url)
        if path is None:
            yield
            return
        with open(path.with_name(path.name + ".migrate-lock"), "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)
        return
    with engine.connect() as connection:
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": _LOCK_KEY})
        connection.commit()
        try:
            yield
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": _LOCK_KEY})
            connection.commit()


def upgrade(url: str) -> tuple[str | None, str | None]:
    """Bring the database at ``url`` to the newest revision (creating it if
    need be); the revisions before and after."""
    engine = make_engine(url, pool_size=1)
    try:
        with _migration_lock(engine, url):
            before = current_revision(engine)
            if before != head_revision():
                with engine.begin() as connection:
                    command.upgrade(alembic_config(connection), "head")
            return before, current_revision(engine)
    finally:
        engine.dispose()
