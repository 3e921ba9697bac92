"""The store's face: every hosted game, created, read and acted on through
one database engine, with the write path that every change takes (the
package's docstring tells it)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import Engine

from referee.core.errors import RefereeError
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import Lang, Msg, Name
from referee.core.waits import JSON
from referee.server import dice, errors
from referee.server.checks import deadline_rule, players_of, ruleset_named, scenario_from
from referee.server.deadlines import to_ms
from referee.server.errors import ApiError
from referee.server.settings import Settings
from referee.server.store import master_actions, reading, seat_actions
from referee.server.store.cache import GameCache
from referee.server.store.documents import document_of, save_file
from referee.server.store.entry import RANDOM, Batch, Entry, Hook
from referee.server.store.seat_actions import Answered
from referee.server.store.seating import Seating, Seatings
from referee.server.store.talk import checked_body
from referee.server.store.turns import advance
from referee.server.store.writing import Writer
from referee.server.tokens import new_game_id, new_token, seat_token, token_hash

RETRIES = 50
"""How many times a write is tried before the game is reported busy."""
T = TypeVar("T")
Act = Callable[[Entry, Batch], T]
"""A change to a game: made on the cached game and the write's batch."""
Listener = Callable[[str], None]


@dataclass(frozen=True)
class Created:
    """A new game: its id, the game master's token, each seat's token, and
    the commitment to its seed."""

    id: str
    master: str
    seats: dict[Seat, str]
    seed_hash: str


class Store:
    """Every hosted game, through one database engine."""

    def __init__(self, engine: Engine, settings: Settings) -> None:
        self.engine = engine
        self.settings = settings
        self._games = GameCache()
        self._seatings = Seatings(engine)
        self._writer = Writer(engine)
        self.sqlite = self._writer.sqlite
        self._listeners: list[Listener] = []
        self._hooks: list[Callable[[Entry, list[Hook]], None]] = []

    # -- listening ---------------------------------------------------------------------

    def on_change(self, listener: Listener) -> None:
        """Call ``listener(game_id)`` after every write this process commits."""
        self._listeners.append(listener)

    def on_hooks(self, poster: Callable[[Entry, list[Hook]], None]) -> None:
        self._hooks.append(poster)

    def shut(self) -> None:
        """Let go of what the store holds of the database (before the engine is disposed)."""
        self._writer.close()

    def now(self) -> int:
        return to_ms(self.settings.clock())

    # -- tokens ------------------------------------------------------------------------

    def known(self, token: str) -> Seating | None:
        """The seat of a token this process has seen before, without the database."""
        return self._seatings.known(token)

    def authenticate(self, token: str) -> Seating | None:
        """The seat (or master) ``token`` belongs to; None for no token of ours."""
        return self._seatings.find(token)

    # -- creating ----------------------------------------------------------------------

    def create(self, ruleset_name: str, scenario_source: str | Mapping[str, Any] | None,
               seats: Mapping[str, str], lang: Lang, turn_deadline: str | None,
               webhook: str | None, seat_langs: Mapping[str, Lang] | None = None) -> Created:
        """A new game. :raises ApiError: for an unknown ruleset, a scenario
        with problems, an unknown seat or player, a bad deadline."""
        ruleset = ruleset_named(ruleset_name)
        scenario = scenario_from(ruleset, scenario_source)
        game = Game(ruleset, scenario)
        players = players_of(game, seats, RANDOM)
        rule = deadline_rule(turn_deadline)
        entropy = self.settings.entropy
        game_id = new_game_id(entropy(12))
        seed = entropy(dice.SEED_BYTES)
        master = new_token(entropy(32))
        tokens = {None: master} | {seat: seat_token(master, seat) for seat in game.seats}
        entry = Entry(game_id, ruleset, game, players, lang, seed, dice.seed_hash(seed),
                      webhook, rule)
        batch = Batch.of(entry)
        advance(entry, batch, self.now)
        now = self.now()
        langs = seat_langs or {}
        self._writer.create(entry, batch, dict(
            id=game_id, ruleset=ruleset.name, ruleset_version=ruleset.version,
            scenario=json.dumps(scenario.model_dump(mode="json"), ensure_ascii=False),
            players=json.dumps(players), lang=lang, seed=seed.hex(),
            seed_hash=entry.seed_hash, webhook=webhook, deadline_rule=rule,
            seq=entry.seq, version=1, turn=batch.turn, deadline_at=batch.deadline_at,
            paused=False, paused_left=None, over=batch.over, created_at=now), [
            {"hash": token_hash(token), "game_id": game_id, "seat": seat,
             "lang": langs.get(seat, lang) if seat is not None else lang}
            for seat, token in tokens.items()], now)
        entry.settle(batch)
        entry.version = 1
        self._games.put(entry)
        self._after_commit(entry, batch)
        return Created(game_id, tokens[None],
                       {seat: token for seat, token in tokens.items() if seat is not None},
                       entry.seed_hash)

    # -- reading -----------------------------------------------------------------------

    def document(self, seating: Seating) -> tuple[dict[str, JSON], str]:
        """Everything ``seating`` may read of its game now, and its version
        (a digest of it: equal documents, equal versions)."""
        return document_of(self._current(seating.game), seating)

    def save(self, seating: Seating) -> dict[str, Any]:
        """The game as a save file, with the server's fair-dice record (the
        seed only once the game is over). :raises ApiError: for a seat before the end."""
        return save_file(self._current(seating.game), seating)

    def due_games(self) -> list[str]:
        """Games whose deadline has passed (any process may close them)."""
        return reading.due_games(self.engine, self.now())

    def versions(self, game_ids: Iterable[str]) -> dict[str, int]:
        """The stored version of each game (to notice another process's writes)."""
        return reading.versions(self.engine, game_ids)

    # -- writing: the seats' actions ---------------------------------------------------

    def answer(self, seating: Seating, value: JSON, turn: int | None = None) -> Answered:
        """``seating``'s answer (to turn number ``turn``, where given).
        :raises ApiError: not asked, over, or that turn closed;
        :raises IllegalAnswer: refused, the game unchanged."""
        seat = self._seat(seating)
        return self._write(seating.game, lambda entry, batch: seat_actions.answer(
            entry, batch, seat, value, turn, seating.lang))

    def mark_ready(self, seating: Seating, turn: int | None = None) -> None:
        """``seating`` is ready: the turn closes once every asked seat is."""
        seat = self._seat(seating)
        self._write(seating.game, lambda entry, batch: seat_actions.mark_ready(
            entry, batch, seat, turn))

    def post(self, seating: Seating, to: str | list[str], body: str) -> None:
        """Table talk: a seat to ``master`` or ``everyone``; the master to
        ``everyone`` or to the listed seats. :raises ApiError:"""
        text = checked_body(body)
        self._write(seating.game, lambda entry, batch: seat_actions.post(
            entry, batch, seating, to, text, self.now()))

    # -- writing: the game master's --------------------------------------------------

    def close(self, seating: Seating) -> None:
        """Close the open turn now: silent seats get the rules' default."""
        self._master(seating)
        self._write(seating.game, master_actions.close)

    def pause(self, seating: Seating, paused: bool) -> None:
        """Stop the turn's clock (the time left is kept), or start it again."""
        self._master(seating)
        self._write(seating.game, lambda entry, batch: master_actions.pause(
            batch, paused, self.now()))

    def set_deadline(self, seating: Seating, moment: datetime | None = None,
                     extend: timedelta | None = None, rule: str | None = None,
                     set_rule: bool = False) -> None:
        """Set the open turn's deadline to ``moment``, push it back by
        ``extend``, or (``set_rule``) change the rule for the turns to come
        (and this one, counted from now)."""
        self._master(seating)
        checked = deadline_rule(rule) if set_rule else None
        self._write(seating.game, lambda entry, batch: master_actions.set_deadline(
            entry, batch, self.now(), moment, extend, checked, set_rule))

    def fire_deadline(self, game_id: str) -> bool:
        """Close the game's turn if its deadline has passed; True if this
        call closed it (another process may have, or the deadline moved)."""
        return self._write(game_id, lambda entry, batch: master_actions.fire_if_due(
            entry, batch, self.now()), deadline=True)

    # -- the write path ------------------------------------------------------------------

    def _seat(self, seating: Seating) -> Seat:
        if seating.seat is None:
            raise errors.seat_only()
        return seating.seat

    def _master(self, seating: Seating) -> None:
        if not seating.is_master:
            raise errors.master_only()

    def _write(self, game_id: str, act: Act[T], deadline: bool = False) -> T:
        """Act on the game and store what changed, as the package says; a
        deadline that passed is fired first (unless this is its firing), so
        an answer never lands in the turn after the one it was meant for
        unnoticed. The first try trusts the cached game (with one process
        serving, it is the stored one); a refusal, a change of nothing or
        a lost compare-and-set reads the stored game and tries again.
        :raises ApiError: busy after many tries."""
        fresh = False
        for _ in range(RETRIES):
            entry = self._entry(game_id)
            with entry.lock:
                if fresh:
                    self._sync(entry)
                if not deadline and self._due(entry):
                    due = True
                else:
                    due = False
                    batch = Batch.of(entry)
                    try:
                        result = act(entry, batch)
                        advance(entry, batch, self.now)
                    except (ApiError, RefereeError):
                        self._put_back(entry, batch.start)
                        if fresh:
                            raise
                        fresh = True  # refused on what this process knew: look again
                        continue
                    except BaseException:
                        self._put_back(entry, batch.start)
                        raise
                    if entry.seq == batch.start and not batch.changed:
                        if fresh:
                            return result
                        fresh = True
                        continue
                    if not self._writer.commit(entry, batch, self.now()):
                        self._put_back(entry, batch.start)
                        fresh = True
                        continue
                    entry.settle(batch)
                    entry.version += 1
            if due:
                self.fire_deadline(game_id)
                continue
            self._after_commit(entry, batch)
            return result
        raise errors.busy()

    def _due(self, entry: Entry) -> bool:
        return master_actions.is_due(entry, self.now())

    def _after_commit(self, entry: Entry, batch: Batch) -> None:
        for listener in self._listeners:
            listener(entry.id)
        if batch.hooks and entry.webhook:
            for poster in self._hooks:
                poster(entry, list(batch.hooks))

    def _put_back(self, entry: Entry, start: int) -> None:
        """Undo what a write did to the cached game; forget the game if that fails."""
        try:
            if entry.seq > start:
                entry.game.undo(entry.seq - start)
            entry.docs.clear()
        except Exception:
            self._games.forget(entry.id)

    # -- for the pages (referee.server.pages) -----------------------------------------

    def seat_names(self, game_id: str) -> dict[Seat, Msg | Name]:
        """How the game's scenario calls each seat, in seat order (public)."""
        entry = self._current(game_id)
        with entry.lock:
            return {seat: entry.game.seat_name(seat) for seat in entry.game.seats}

    # -- the cache -----------------------------------------------------------------------

    def _current(self, game_id: str) -> Entry:
        """The game, brought up to date (and its turn closed if its deadline
        passed). :raises ApiError: 404 for no such game."""
        entry = self._entry(game_id)
        with entry.lock:
            self._sync(entry)
            due = self._due(entry)
        if due:
            self.fire_deadline(game_id)
        return entry

    def _entry(self, game_id: str) -> Entry:
        """The cached game, loaded if need be. :raises ApiError: 404."""
        entry = self._games.get(game_id)
        if entry is not None:
            return entry
        try:
            loaded = reading.load(self.engine, game_id)
        except reading.Diverged:
            raise errors.busy() from None
        return self._games.add(loaded)

    def _sync(self, entry: Entry) -> None:
        """Bring ``entry`` to the stored game: new inputs, ready marks, talk."""
        try:
            reading.sync(self.engine, entry)
        except reading.Diverged:
            self._games.forget(entry.id)
            raise errors.busy() from None
