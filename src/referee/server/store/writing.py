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


class Writer:
    """Write transactions on one engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sqlite = is_sqlite(engine)
        self._sql = {name: sql if self.sqlite else re.sub(r":(\w+)", r"%(\1)s", sql)
                     for name, sql in _HOT_SQL.items()}
        dbapi = engine.dialect.loaded_dbapi
        self._refusals: tuple[type[BaseException], ...] = (
            IntegrityError, OperationalError, dbapi.IntegrityError,
            dbapi.OperationalError)
        """What makes a write lose: another write came first, or the
        database refused it (a duplicate input, a lock not had in time)."""
        self._lock = threading.Lock()
        """Held by the thread committing through the writing connection.
        SQLite takes one writer at a time, and one waiting for the file's
        lock sleeps in steps (its busy handler): the threads of a process
        queue here instead and are woken the moment it is free."""
        self._queue: list[_Job] = []
        """Writes waiting to be committed."""
        self._turns = threading.Condition()
        """Guards the queue; its waiters are woken when a group is committed
        (each waiting write is then done, or one of them leads the next
        group), never left to race for the connection."""
        self._leading = False
        """A thread is committing a group now."""
        self._writer: PoolProxiedConnection | None = None
        """The connection this process commits answers through, kept open."""

    def transaction(self) -> Transaction:
        """A write transaction (``BEGIN IMMEDIATE`` on SQLite)."""
        return Transaction(self.engine, self._lock if self.sqlite else None)

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
        first or the database refused the write. True only once the
        transaction holding it has committed.

        Writes are committed in groups (group commit): a write joins the
        queue; if no thread is committing, it takes the queue (its own write
        and any others waiting) and commits it in one transaction, each
        write still its own compare-and-set, then tells each its result;
        otherwise it waits for that group to be done.
        Under load one transaction carries several answers, so the cost of
        a transaction (its begin, its commit and, with
        ``synchronous=FULL`` or on PostgreSQL, its flush to disk) is shared;
        alone, a write commits at once as before."""
        job = _Job(self._statements(entry, batch, now))
        with self._turns:
            self._queue.append(job)
            while self._leading and not job.done:
                self._turns.wait()
            if job.done:
                return job.stored
            self._leading = True
            group, self._queue = self._queue, []
        try:
            with self._lock:
                self._commit_group(group)
        finally:
            with self._turns:
                self._leading = False
                self._turns.notify_all()
        return job.stored

    def _statements(self, entry: Entry, batch: Batch, now: int) -> list[_Statement]:
        """The statements storing ``batch``, the compare-and-set first."""
        sql = self._sql
        statements: list[_Statement] = [(sql["claim"], {
            "id": entry.id, "version": entry.version, "seq": entry.seq,
            "next": entry.version + 1, "turn": batch.turn,
            "deadline_at": batch.deadline_at, "paused": batch.paused,
            "paused_left": batch.paused_left, "over": batch.over, "rule": batch.rule})]
        rows = input_rows(entry, batch, now)
        if rows:
            statements.append((sql["input"], rows))
        if batch.new_ready:
            statements.append((sql["ready"], [
                {"game_id": entry.id, "turn": turn, "seat": seat}
                for turn, seat in sorted(batch.new_ready)]))
        if batch.messages:
            first = len(entry.messages)
            statements.append((sql["message"], [
                {"game_id": entry.id, "number": first + n, "sender": m.sender,
                 "audience": m.audience_json(), "body": m.body, "turn": m.turn,
                 "at": m.at} for n, m in enumerate(batch.messages)]))
        if not self.sqlite:
            statements.append((sql["notify"], {"game": entry.id}))
        return statements

    def _commit_group(self, group: list[_Job]) -> None:
        """Commit ``group`` in one transaction (a write whose compare-and-set
        finds the game moved on is left out of it); should any write fail
        otherwise, each is tried alone, so that one never sinks another."""
        try:
            with self._driver_transaction() as cursor:
                stored = [_run(cursor, job.statements) for job in group]
        except self._refusals:
            if len(group) > 1:
                for job in group:
                    self._commit_group([job])
            return
        finally:
            for job in group:
                job.done = True  # stored stays False unless set below
        for job, ok in zip(group, stored, strict=True):
            job.stored = ok

    @contextlib.contextmanager
    def _driver_transaction(self) -> Iterator[Any]:
        """A driver's cursor in a write transaction, committed on leaving,
        through the process's writing connection."""
        connection = self._writing_connection()
        cursor = connection.cursor()
        try:
            if self.sqlite:
                cursor.execute("BEGIN IMMEDIATE")
            yield cursor
            if self.sqlite:
                cursor.execute("COMMIT")
            else:
                connection.commit()
        except BaseException:
            self._rollback(connection)
            raise
        finally:
            cursor.close()

    def _writing_connection(self) -> Any:
        if self._writer is None:
            self._writer = self.engine.raw_connection()
        return self._writer.dbapi_connection

    def _rollback(self, connection: Any) -> None:
        """Roll back; a connection that cannot is let go (a new one is taken next time)."""
        try:
            if not self.sqlite:
                connection.rollback()
            elif connection.in_transaction:
                connection.execute("ROLLBACK")
        except Exception:
            writer, self._writer = self._writer, None
            if writer is not None:
                writer.invalidate()

    def close(self) -> None:
        """Give the writing connection back to the engine's pool."""
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()

    def notify(self, connection: Connection, game_id: str) -> None:
        """PostgreSQL: tell every listening process, when this commits."""
        if not self.sqlite:
            connection.execute(text(f"SELECT pg_notify('{NOTIFY_CHANNEL}', :game)"),
                               {"game": game_id})


_Statement = tuple[str, dict[str, Any] | list[dict[str, Any]]]
"""A statement and its parameters (a list of them: executed for each)."""


class _Job:
    """One write waiting to be committed with others."""

    __slots__ = ("done", "statements", "stored")

    def __init__(self, statements: list[_Statement]) -> None:
        self.statements = statements
        self.done = False
        self.stored = False


def _run(cursor: Any, statements: list[_Statement]) -> bool:
    """Execute a write's statements; False (and nothing executed after it)
    when its compare-and-set, the first, finds the game moved on."""
    (claim, claimed), rest = statements[0], statements[1:]
    cursor.execute(claim, claimed)
    if cursor.rowcount != 1:
        return False
    for sql, params in rest:
        if isinstance(params, list):
            cursor.executemany(sql, params)
        else:
            cursor.execute(sql, params)
    return True


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
