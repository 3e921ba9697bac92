"""The games this process holds in memory, the least recently used
forgotten beyond a bound."""

from __future__ import annotations

import threading
from collections import OrderedDict

from referee.server.store.entry import Entry

CACHED_GAMES = 2000


class GameCache:
    """Game id -> :class:`Entry`, safe from any thread."""

    def __init__(self, bound: int = CACHED_GAMES) -> None:
        self.bound = bound
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Entry | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is not None:
                self._entries.move_to_end(game_id)
            return entry

    def add(self, entry: Entry) -> Entry:
        """Hold ``entry``, unless another thread loaded the game first:
        the entry held, either way."""
        with self._lock:
            found = self._entries.get(entry.id)
            if found is not None:
                return found
            self._entries[entry.id] = entry
            while len(self._entries) > self.bound:
                self._entries.popitem(last=False)
        return entry

    def put(self, entry: Entry) -> None:
        """Hold ``entry`` in place of any other of its game."""
        with self._lock:
            self._entries[entry.id] = entry

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._entries.pop(game_id, None)
