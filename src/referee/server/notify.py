"""Live updates: wake the event streams of a game when it changes.

In one process the write path calls :meth:`Notifier.publish` after each
commit. Across processes, PostgreSQL's ``LISTEN/NOTIFY`` carries the game's
id (the write transaction notifies; a thread here listens); on SQLite, a
task polls the stored versions of the games someone is watching. A stream
that wakes rebuilds its token's document and sends it only if it differs
from what it sent last, so a change its token may not see sends nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Iterator

import psycopg
from sqlalchemy.engine import make_url

from referee.server.store import NOTIFY_CHANNEL, Store

log = logging.getLogger("referee.server")


class Notifier:
    """Game id -> the events of the streams watching it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.loop: asyncio.AbstractEventLoop | None = None
        self.watching: dict[str, set[asyncio.Event]] = {}
        self.known: dict[str, int] = {}
        self._stop = threading.Event()

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.store.on_change(self.publish)

    def publish(self, game_id: str) -> None:
        """Wake the streams of ``game_id``; safe from any thread. A game no
        stream watches wakes nothing (a stream that starts later reads the
        game as it is by then)."""
        loop = self.loop
        if loop is None or loop.is_closed() or game_id not in self.watching:
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._wake, game_id)

    def _wake(self, game_id: str) -> None:
        for event in self.watching.get(game_id, ()):
            event.set()

    @contextlib.contextmanager
    def subscribe(self, game_id: str) -> Iterator[asyncio.Event]:
        event = asyncio.Event()
        self.watching.setdefault(game_id, set()).add(event)
        try:
            yield event
        finally:
            watchers = self.watching.get(game_id)
            if watchers is not None:
                watchers.discard(event)
                if not watchers:
                    del self.watching[game_id]
                    self.known.pop(game_id, None)

    async def poll(self, every: float) -> None:
        """Wake the streams of games whose stored version changed (writes by
        another process on SQLite; a safety net on PostgreSQL)."""
        while not self._stop.is_set():
            await asyncio.sleep(every)
            games = list(self.watching)
            if not games:
                continue
            try:
                versions = await asyncio.to_thread(self.store.versions, games)
            except Exception:  # the database away for a moment: try again later
                log.warning("could not read game versions", exc_info=True)
                continue
            for game_id, version in versions.items():
                if self.known.get(game_id) != version:
                    self.known[game_id] = version
                    self._wake(game_id)

    def listen(self, url: str) -> threading.Thread:
        """PostgreSQL: a thread that listens for the games' notifications."""
        thread = threading.Thread(target=self._listen, args=(url,), daemon=True,
                                  name="referee-listen")
        thread.start()
        return thread

    def _listen(self, url: str) -> None:
        dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.5):
                            self.publish(note.payload)
            except psycopg.Error:
                log.warning("lost the database's notifications; listening again")
                self._stop.wait(1.0)

    def stop(self) -> None:
        self._stop.set()
