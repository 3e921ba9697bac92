"""Writing games to the database, each write in one transaction: a new
game's rows, or a write's batch: the compare-and-set on the game's row (it
changes only if it is still at the version this process read), the inputs
appended under their unique ``(game, seq)`` keys, ready marks and talk,
and (PostgreSQL) the notification other processes listen for."""

from __future__ import annotations

import contextlib
import json
import re
import threading
from collections.abc import Iterator
from typing import Any

from sqlalchemy import Connection, Engine, PoolProxiedConnection, insert, text
from sqlalchemy.exc import IntegrityError, OperationalError

from referee.server import schema
from referee.server.database import WRITE, is_sqlite
from referee.server.store.entry import Batch, Entry

NOTIFY_CHANNEL = "referee_games"
"""The PostgreSQL channel a write names its game on."""

_HOT_SQL = {
    "claim": 'UPDATE games SET seq = :seq, version = :next, turn = :turn, '
             'deadline_at = :deadline_at, paused = :paused, paused_left = :paused_left, '
             '"over" = :over, deadline_rule = :rule WHERE id = :id AND version = :version',
    "input": "INSERT INTO inputs (game_id, seq, body, source, receipt, at) "
             "VALUES (:game_id, :seq, :body, :source, :receipt, :at)",
    "ready": "INSERT INTO ready (game_id, turn, seat) VALUES (:game_id, :turn, :seat)",
    "message": "INSERT INTO messages (game_id, number, sender, audience, body, turn, at) "
               "VALUES (:game_id, :number, :sender, :audience, :body, :turn, :at)",
    "notify": f"SELECT pg_notify('{NOTIFY_CHANNEL}', :game)",
}
"""Every write's statements, sent straight to the driver (they run on
every answer): the compare-and-set, the inputs appended, ready marks and
talk, the notification to other processes (PostgreSQL)."""


class _Lost(Exception):
    """Another write changed the game's row first."""


class Writer:
    """Write transactions on one engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sqlite = is_sqlite(engine)
        self._sql = {name: sql if self.sqlite else re.sub(r":(\w+)", r"%(\1)s", sql)
                     for name, sql in _HOT_SQL.items()}
        dbapi = engine.dialect.loaded_dbapi
        self._refusals: tuple[type[BaseException], ...] = (
            _Lost, IntegrityError, OperationalError, dbapi.IntegrityError,
            dbapi.OperationalError)
        """What makes a write lose: another write came first, or the
        database refused it (a duplicate input, a lock not had in time)."""
        self._lock = threading.Lock() if self.sqlite else None
        """SQLite takes one writer at a time, and one waiting for the file's
        lock sleeps in steps (its busy handler): the threads of a process
        queue here instead and are woken the moment it is free."""
        self._sqlite_writer: PoolProxiedConnection | None = None
        """SQLite: the connection this process writes through (its threads
        take turns at the lock), kept open."""

    def transaction(self) -> Transaction:
        """A write transaction (``BEGIN IMMEDIATE`` on SQLite)."""
        return Transaction(self.engine, self._lock)

    def create(self, entry: Entry, batch: Batch, game_row: dict[str, Any],
               token_rows: list[dict[str, Any]], now: int) -> None:
        """A new game's row, its tokens' hashes and its first inputs."""
        with self.transaction() as connection:
            connection.execute(insert(schema.games).values(**game_row))
            connection.execute(insert(schema.tokens), token_rows)
            rows = input_rows(entry, batch, now)
            if rows:
                connection.execute(insert(schema.inputs), rows)
            self.notify(connection, entry.id)

    def commit(self, entry: Entry, batch: Batch, now: int) -> bool:
        """Store ``batch``, on condition that the game's row is still at
        ``entry.version``: False (nothing stored) if another write came
        first or the database refused the write."""
        sql = self._sql
        try:
            with self._driver_transaction() as cursor:
                cursor.execute(sql["claim"], {
                    "id": entry.id, "version": entry.version, "seq": entry.seq,
                    "next": entry.version + 1, "turn": batch.turn,
                    "deadline_at": batch.deadline_at, "paused": batch.paused,
                    "paused_left": batch.paused_left, "over": batch.over, "rule": batch.rule})
                if cursor.rowcount != 1:
                    raise _Lost
                rows = input_rows(entry, batch, now)
                if rows:
                    cursor.executemany(sql["input"], rows)
                if batch.new_ready:
                    cursor.executemany(sql["ready"], [
                        {"game_id": entry.id, "turn": turn, "seat": seat}
                        for turn, seat in sorted(batch.new_ready)])
                if batch.messages:
                    first = len(entry.messages)
                    cursor.executemany(sql["message"], [
                        {"game_id": entry.id, "number": first + n, "sender": m.sender,
                         "audience": m.audience_json(), "body": m.body, "turn": m.turn,
                         "at": m.at} for n, m in enumerate(batch.messages)])
                if not self.sqlite:
                    cursor.execute(sql["notify"], {"game": entry.id})
        except self._refusals:
            return False
        return True

    @contextlib.contextmanager
    def _driver_transaction(self) -> Iterator[Any]:
        """A driver's cursor in a write transaction, committed on leaving:
        on SQLite through the process's writing connection, on PostgreSQL
        through one from the pool."""
        if self._lock is None:
            pooled = self.engine.raw_connection()
            try:
                cursor = pooled.cursor()
                try:
                    yield cursor
                    pooled.commit()
                except BaseException:
                    pooled.rollback()
                    raise
                finally:
                    cursor.close()
            finally:
                pooled.close()
            return
        with self._lock:
            connection = self._sqlite_connection()
            cursor = connection.cursor()
            try:
                cursor.execute("BEGIN IMMEDIATE")
                yield cursor
                cursor.execute("COMMIT")
            except BaseException:
                self._sqlite_rollback(connection)
                raise
            finally:
                cursor.close()

    def _sqlite_connection(self) -> Any:
        if self._sqlite_writer is None:
            self._sqlite_writer = self.engine.raw_connection()
        return self._sqlite_writer.dbapi_connection

    def _sqlite_rollback(self, connection: Any) -> None:
        """Roll back; a connection that cannot is let go (a new one is taken next time)."""
        try:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
        except Exception:
            writer, self._sqlite_writer = self._sqlite_writer, None
            if writer is not None:
                writer.invalidate()

    def close(self) -> None:
        """Give the SQLite writing connection back to the engine's pool."""
        writer, self._sqlite_writer = self._sqlite_writer, None
        if writer is not None:
            writer.close()

    def notify(self, connection: Connection, game_id: str) -> None:
        """PostgreSQL: tell every listening process, when this commits."""
        if not self.sqlite:
            connection.execute(text(f"SELECT pg_notify('{NOTIFY_CHANNEL}', :game)"),
                               {"game": game_id})


def input_rows(entry: Entry, batch: Batch, now: int) -> list[dict[str, Any]]:
    """The rows of the inputs ``batch`` added to the game."""
    rows = []
    for index in range(batch.start, entry.seq):
        source, proof = batch.sources.get(index, ("rules", None))
        rows.append({"game_id": entry.id, "seq": index,
                     "body": json.dumps(entry.game.inputs[index], ensure_ascii=False),
                     "source": source[:16], "receipt": proof, "at": now})
    return rows


class Transaction:
    """``with``: a connection in a write transaction, committed on leaving."""

    def __init__(self, engine: Engine, lock: threading.Lock | None) -> None:
        self.engine = engine
        self.lock = lock

    def __enter__(self) -> Connection:
        if self.lock is not None:
            self.lock.acquire()
        try:
            self.connection = self.engine.connect().execution_options(**{WRITE: True})
            self.transaction = self.connection.begin()
        except BaseException:
            if self.lock is not None:
                self.lock.release()
            raise
        return self.connection

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        try:
            if self.transaction.is_active:
                if kind is None:
                    self.transaction.commit()
                else:
                    self.transaction.rollback()
        finally:
            self.connection.close()
            if self.lock is not None:
                self.lock.release()
