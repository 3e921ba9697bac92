"""Hosted games: created, answered, closed, read; kept in the database and
cached in memory.

Every write to a game goes the same way (:meth:`Store._write`): bring the
cached game up to the stored one (apply inputs other processes appended),
act on it in memory (an answer, a ready mark, a close), let the server's own
players act (the dice drawn from the seed, bots answering as soon as they
are asked, a turn closed once every seat is ready), then in ONE transaction
update the game's row on condition that its ``version`` is still the one
read (compare-and-set) and append the new inputs under their unique
``(game, seq)`` keys. Only when that transaction commits is the write
acknowledged; if another process got there first, the cached game is put
back and the write tried again on the newer game. A deadline is claimed the
same way, so it fires exactly once however many processes serve the game.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal, TypeVar

from sqlalchemy import Engine, bindparam, insert, select, text
from sqlalchemy.exc import IntegrityError, OperationalError

from referee.core.drivers import Ask, RandomBot
from referee.core.errors import RefereeError
from referee.core.events import REFEREE, Seat
from referee.core.game import Game
from referee.core.i18n import Lang, Msg, Name, msg
from referee.core.ruleset import AnyRuleset, find_ruleset
from referee.core.savefile import game_to_json
from referee.core.scenario import did_you_mean, validate_scenario
from referee.core.waits import JSON, Chance, Decision
from referee.server import dice, errors, schema
from referee.server.checks import (
    deadline_rule,
    players_of,
    ruleset_named,
    scenario_from,
    voids,
)
from referee.server.database import WRITE, is_sqlite
from referee.server.deadlines import DeadlineRule, from_ms, iso, to_ms
from referee.server.errors import ApiError
from referee.server.settings import Settings
from referee.server.tokens import (
    canonical,
    new_game_id,
    new_token,
    receipt,
    seat_token,
    token_hash,
)

PERSON, RANDOM = "person", "random"
PLAYER_KINDS = (PERSON, RANDOM)
MASTER = "master"
"""How table talk and inputs name the game master."""
MESSAGE_LIMIT = 4000
CACHED_GAMES = 2000
RETRIES = 50
NOTIFY_CHANNEL = "referee_games"
T = TypeVar("T")


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


@dataclass(frozen=True)
class Message:
    """A line of table talk: who wrote it, to whom (``everyone``, or the
    seats it is for, none for the master alone, who reads every line), what."""

    sender: str
    audience: str | tuple[Seat, ...]
    body: str
    turn: int
    at: int

    def readable_by(self, seating: Seating) -> bool:
        if seating.is_master or self.audience == "everyone" or self.sender == seating.seat:
            return True
        return isinstance(self.audience, tuple) and seating.seat in self.audience

    def shown_to(self, seating: Seating) -> dict[str, JSON]:
        """The line as ``seating`` reads it: a seat never learns whom else a
        private line went to (``you`` for a line from the master to it)."""
        audience = self.audience
        to: JSON
        if audience == "everyone":
            to = "everyone"
        elif audience == ():
            to = MASTER
        elif seating.is_master:
            to = list(audience)
        else:
            to = "you"
        return {"from": self.sender, "to": to, "text": self.body, "turn": self.turn,
                "at": iso(self.at)}


@dataclass
class Hook:
    """Something to post to the game's chat webhook once the write commits."""

    kind: Literal["opened", "closed", "over"]
    turn: int
    deadline: int | None = None
    seats: tuple[tuple[Seat, bool], ...] = ()
    """For a closed turn: each asked seat and whether it answered."""


@dataclass
class Entry:
    """A game as this process holds it, at ``version`` of its row."""

    id: str
    ruleset: AnyRuleset
    game: Game
    players: dict[Seat, str]
    lang: Lang
    seed: bytes
    seed_hash: str
    webhook: str | None
    rule: str | None
    version: int = 0
    turn: int = 0
    turn_wait: Decision | None = None
    deadline_at: int | None = None
    paused: bool = False
    paused_left: int | None = None
    over: bool = False
    ready: set[Seat] = field(default_factory=set)
    messages: list[Message] = field(default_factory=list)
    docs: dict[Seat, tuple[int, dict[str, JSON], str]] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def seq(self) -> int:
        return len(self.game.inputs)

    def person_asked(self, wait: Decision) -> bool:
        return any(self.players.get(seat) == PERSON for seat in wait.seats)


@dataclass
class Batch:
    """What one write changes, collected in memory before its transaction."""

    start: int
    turn: int
    turn_wait: Decision | None
    ready: set[Seat]
    deadline_at: int | None
    paused: bool
    paused_left: int | None
    over: bool
    rule: str | None
    sources: dict[int, tuple[str, str | None]] = field(default_factory=dict)
    """Input number -> who gave it (a seat, ``bot``, ``dice``, ``close``) and its receipt."""
    new_ready: set[tuple[int, Seat]] = field(default_factory=set)
    messages: list[Message] = field(default_factory=list)
    hooks: list[Hook] = field(default_factory=list)
    silent: frozenset[Seat] = frozenset()
    changed: bool = False

    @classmethod
    def of(cls, entry: Entry) -> Batch:
        return cls(entry.seq, entry.turn, entry.turn_wait, set(entry.ready), entry.deadline_at,
                   entry.paused, entry.paused_left, entry.over, entry.rule)


@dataclass(frozen=True)
class Created:
    id: str
    master: str
    seats: dict[Seat, str]
    seed_hash: str


@dataclass(frozen=True)
class Answered:
    receipt: str
    seq: int
    void: list[dict[str, JSON]]


Listener = Callable[[str], None]


class Store:
    """Every hosted game, through one database engine."""

    def __init__(self, engine: Engine, settings: Settings) -> None:
        self.engine = engine
        self.settings = settings
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._entries_lock = threading.Lock()
        self._seatings: dict[str, Seating] = {}
        self._listeners: list[Listener] = []
        self._hooks: list[Callable[[Entry, list[Hook]], None]] = []
        self.sqlite = is_sqlite(engine)
        self._sql = {name: sql if self.sqlite else re.sub(r":(\w+)", r"%(\1)s", sql)
                     for name, sql in _HOT_SQL.items()}
        self._write_lock = threading.Lock() if self.sqlite else None
        """SQLite takes one writer at a time, and one waiting for the file's
        lock sleeps in steps (its busy handler): the threads of a process
        queue here instead and are woken the moment it is free."""

    # -- listening ---------------------------------------------------------------------

    def on_change(self, listener: Listener) -> None:
        """Call ``listener(game_id)`` after every write this process commits."""
        self._listeners.append(listener)

    def on_hooks(self, poster: Callable[[Entry, list[Hook]], None]) -> None:
        self._hooks.append(poster)

    def now(self) -> int:
        return to_ms(self.settings.clock())

    # -- tokens ------------------------------------------------------------------------

    def known(self, token: str) -> Seating | None:
        """The seat of a token this process has seen before, without the database."""
        return self._seatings.get(token_hash(token))

    def authenticate(self, token: str) -> Seating | None:
        """The seat (or master) ``token`` belongs to; None for no token of ours."""
        digest = token_hash(token)
        found = self._seatings.get(digest)
        if found is not None:
            return found
        with self.engine.connect() as connection:
            row = connection.execute(select(schema.tokens).where(
                schema.tokens.c.hash == digest)).one_or_none()
        if row is None:
            return None
        seating = Seating(row.game_id, row.seat, "ru" if row.lang == "ru" else "en")
        self._seatings[digest] = seating
        return seating

    # -- creating ----------------------------------------------------------------------

    def create(self, ruleset_name: str, scenario_source: str | Mapping[str, Any] | None,
               seats: Mapping[str, str], lang: Lang, turn_deadline: str | None,
               webhook: str | None, seat_langs: Mapping[str, Lang] | None = None) -> Created:
        """A new game. :raises ApiError: for an unknown ruleset, a scenario
        with problems, an unknown seat or player, a bad deadline."""
        ruleset = ruleset_named(ruleset_name)
        scenario = scenario_from(ruleset, scenario_source)
        game = Game(ruleset, scenario)
        players = players_of(game, seats, PLAYER_KINDS, RANDOM)
        rule = deadline_rule(turn_deadline)
        entropy = self.settings.entropy
        game_id = new_game_id(entropy(12))
        seed = entropy(dice.SEED_BYTES)
        master = new_token(entropy(32))
        tokens = {None: master} | {seat: seat_token(master, seat) for seat in game.seats}
        entry = Entry(game_id, ruleset, game, players, lang, seed, dice.seed_hash(seed),
                      webhook, rule)
        batch = Batch.of(entry)
        self._advance(entry, batch)
        now = self.now()
        langs = seat_langs or {}
        with self._writing() as connection:
            connection.execute(insert(schema.games).values(
                id=game_id, ruleset=ruleset.name, ruleset_version=ruleset.version,
                scenario=json.dumps(scenario.model_dump(mode="json"), ensure_ascii=False),
                players=json.dumps(players), lang=lang, seed=seed.hex(),
                seed_hash=entry.seed_hash, webhook=webhook, deadline_rule=rule,
                seq=entry.seq, version=1, turn=batch.turn, deadline_at=batch.deadline_at,
                paused=False, paused_left=None, over=batch.over, created_at=now))
            connection.execute(insert(schema.tokens), [
                {"hash": token_hash(token), "game_id": game_id, "seat": seat,
                 "lang": langs.get(seat, lang) if seat is not None else lang}
                for seat, token in tokens.items()])
            self._insert_inputs(connection, entry, batch, now)
            self._notify(connection, game_id)
        self._settle(entry, batch)
        entry.version = 1
        self._remember(entry)
        self._after_commit(entry, batch)
        return Created(game_id, tokens[None],
                       {seat: token for seat, token in tokens.items() if seat is not None},
                       entry.seed_hash)

    # -- reading -----------------------------------------------------------------------

    def document(self, seating: Seating) -> tuple[dict[str, JSON], str]:
        """Everything ``seating`` may read of its game now, and its version
        (a digest of it: equal documents, equal versions)."""
        entry = self._current(seating.game)
        with entry.lock:
            cached = entry.docs.get(seating.reader)
            if cached is not None and cached[0] == entry.version:
                return cached[1], cached[2]
            doc = self._document(entry, seating)
            version = _digest(doc)
            entry.docs[seating.reader] = (entry.version, doc, version)
            return doc, version

    def _document(self, entry: Entry, seating: Seating) -> dict[str, JSON]:
        game = entry.game
        wait = game.waiting
        asked = list(wait.seats) if isinstance(wait, Decision) else []
        turn: dict[str, JSON] = {
            "number": entry.turn, "open": bool(asked), "asked": asked,
            "simultaneous": isinstance(wait, Decision) and wait.simultaneous,
            "closes_when_ready": isinstance(wait, Decision) and wait.until_closed,
            "ready": sorted(entry.ready) if asked else [],
            "deadline": iso(entry.deadline_at), "paused": entry.paused,
            "deadline_rule": entry.rule,
        }
        if seating.seat is not None:
            turn["you_are_asked"] = seating.seat in asked
            turn["you_answered"] = seating.seat in asked and \
                seating.seat not in game.seats_to_answer()
        doc: dict[str, JSON] = {
            "game": entry.id,
            "ruleset": entry.ruleset.name,
            "you": {"role": MASTER} if seating.is_master else {"role": "seat",
                                                              "seat": seating.seat},
            "players": dict(entry.players),
            "turn": turn,
            "dice": {"scheme": dice.SCHEME, "seed_hash": entry.seed_hash,
                     "seed": entry.seed.hex() if entry.over else None},
            "view": game.view(seating.reader),
            "talk": [m.shown_to(seating) for m in entry.messages if m.readable_by(seating)],
        }
        if seating.is_master and isinstance(wait, Decision):
            doc["answers"] = {seat: game.pending_answer(seat) for seat in wait.seats
                              if seat not in game.seats_to_answer()}
        return doc

    def save(self, seating: Seating) -> dict[str, Any]:
        """The game as a save file, with the server's fair-dice record (the
        seed only once the game is over). :raises ApiError: for a seat before the end."""
        entry = self._current(seating.game)
        with entry.lock:
            if not seating.is_master and not entry.over:
                raise errors.not_over()
            data = game_to_json(entry.game, {s: "random" if k == RANDOM else "human"
                                             for s, k in entry.players.items()})
            data["server"] = {"game": entry.id, "dice": {
                "scheme": dice.SCHEME, "seed_hash": entry.seed_hash,
                "seed": entry.seed.hex() if entry.over else None}}
            return data

    # -- for the pages (referee.server.pages) -----------------------------------------

    def seat_names(self, game_id: str) -> dict[Seat, Msg | Name]:
        """How the game's scenario calls each seat, in seat order (public)."""
        entry = self._current(game_id)
        with entry.lock:
            return {seat: entry.game.seat_name(seat) for seat in entry.game.seats}

    # -- writing: the seats' actions ---------------------------------------------------

    def answer(self, seating: Seating, value: JSON, turn: int | None = None) -> Answered:
        """``seating``'s answer (to turn number ``turn``, where given).
        :raises ApiError: not asked, over, or that turn closed;
        :raises IllegalAnswer: refused, the game unchanged."""
        if seating.seat is None:
            raise errors.seat_only()
        seat = seating.seat

        def act(entry: Entry, batch: Batch) -> Answered:
            game = entry.game
            if game.is_over:
                raise errors.game_over()
            wait = game.waiting
            if turn is not None and turn != batch.turn:
                raise errors.turn_closed(turn)
            if not isinstance(wait, Decision) or seat not in wait.seats:
                raise errors.not_asked()
            index = entry.seq
            log_before = len(game.log_for(seat))
            game.answer(seat, value)
            stored = game.inputs[index]["answer"]
            proof = receipt(entry.id, seat, index, stored)
            batch.sources[index] = (seat, proof)
            return Answered(proof, index, voids(game, seat, wait, log_before, seating.lang))

        return self._write(seating.game, act)

    def mark_ready(self, seating: Seating, turn: int | None = None) -> None:
        """``seating`` is ready: the turn closes once every asked seat is."""
        if seating.seat is None:
            raise errors.seat_only()
        seat = seating.seat

        def act(entry: Entry, batch: Batch) -> None:
            wait = entry.game.waiting
            if entry.game.is_over:
                raise errors.game_over()
            if turn is not None and turn != batch.turn:
                raise errors.turn_closed(turn)
            if not isinstance(wait, Decision) or seat not in wait.seats:
                raise errors.not_asked()
            if seat not in batch.ready:
                batch.ready.add(seat)
                batch.new_ready.add((batch.turn, seat))
                batch.changed = True

        self._write(seating.game, act)

    def post(self, seating: Seating, to: str | list[str], body: str) -> None:
        """Table talk: a seat to ``master`` or ``everyone``; the master to
        ``everyone`` or to the listed seats. :raises ApiError:"""
        body = body.strip()
        if not body or len(body) > MESSAGE_LIMIT:
            raise ApiError(422, "message/invalid", msg("server.error.message",
                                                       limit=MESSAGE_LIMIT))

        def act(entry: Entry, batch: Batch) -> None:
            audience = _audience(entry, seating, to)
            batch.messages.append(Message(MASTER if seating.seat is None else seating.seat,
                                          audience, body, batch.turn, self.now()))
            batch.changed = True

        self._write(seating.game, act)

    # -- writing: the game master's --------------------------------------------------

    def close(self, seating: Seating) -> None:
        """Close the open turn now: silent seats get the rules' default."""
        self._master(seating)

        def act(entry: Entry, batch: Batch) -> None:
            if entry.game.is_over:
                raise errors.game_over()
            self._close_turn(entry, batch)

        self._write(seating.game, act)

    def pause(self, seating: Seating, paused: bool) -> None:
        """Stop the turn's clock (the time left is kept), or start it again."""
        self._master(seating)

        def act(entry: Entry, batch: Batch) -> None:
            if batch.paused == paused:
                return
            now = self.now()
            batch.paused, batch.changed = paused, True
            if paused:
                batch.paused_left = None if batch.deadline_at is None \
                    else max(0, batch.deadline_at - now)
                batch.deadline_at = None
            else:
                batch.deadline_at = None if batch.paused_left is None \
                    else now + batch.paused_left
                batch.paused_left = None

        self._write(seating.game, act)

    def set_deadline(self, seating: Seating, moment: datetime | None = None,
                     extend: timedelta | None = None, rule: str | None = None,
                     set_rule: bool = False) -> None:
        """Set the open turn's deadline to ``moment``, push it back by
        ``extend``, or (``set_rule``) change the rule for the turns to come
        (and this one, counted from now)."""
        self._master(seating)
        checked = deadline_rule(rule) if set_rule else None

        def act(entry: Entry, batch: Batch) -> None:
            wait = entry.game.waiting
            if wait is None:
                raise errors.game_over()
            if not isinstance(wait, Decision) and not set_rule:
                raise errors.no_turn()
            now = self.now()
            target: int | None
            if set_rule:
                batch.rule = checked
                target = None if checked is None or not isinstance(wait, Decision) \
                    or not entry.person_asked(wait) \
                    else to_ms(DeadlineRule.parse(checked).after(from_ms(now)))
            elif moment is not None:
                target = to_ms(moment)
            else:
                span = int((extend or timedelta(0)).total_seconds() * 1000)
                current = now + batch.paused_left if batch.paused and \
                    batch.paused_left is not None else batch.deadline_at
                target = (now if current is None else current) + span
            if batch.paused:
                batch.paused_left = None if target is None else max(0, target - now)
            else:
                batch.deadline_at = target
            batch.changed = True

        self._write(seating.game, act)

    def fire_deadline(self, game_id: str) -> bool:
        """Close the game's turn if its deadline has passed; True if this
        call closed it (another process may have, or the deadline moved)."""
        fired = [False]

        def act(entry: Entry, batch: Batch) -> None:
            if not self._due(entry):
                return
            self._close_turn(entry, batch)
            fired[0] = True

        self._write(game_id, act, deadline=True)
        return fired[0]

    def due_games(self) -> list[str]:
        """Games whose deadline has passed (any process may close them)."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(schema.games.c.id).where(
                schema.games.c.deadline_at <= self.now()).limit(500)).all()
        return [row.id for row in rows]

    def versions(self, game_ids: Iterable[str]) -> dict[str, int]:
        """The stored version of each game (to notice another process's writes)."""
        ids = list(game_ids)
        if not ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(select(schema.games.c.id, schema.games.c.version).where(
                schema.games.c.id.in_(ids))).all()
        return {row.id: row.version for row in rows}

    # -- the write path ------------------------------------------------------------------

    def _master(self, seating: Seating) -> None:
        if not seating.is_master:
            raise errors.master_only()

    def _write(self, game_id: str, act: Callable[[Entry, Batch], T],
               deadline: bool = False) -> T:
        """Act on the game and store what changed, as the module says; a
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
                        self._advance(entry, batch)
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
                    try:
                        committed = self._commit(entry, batch)
                    except (IntegrityError, OperationalError):
                        committed = False
                    if not committed:
                        self._put_back(entry, batch.start)
                        fresh = True
                        continue
                    self._settle(entry, batch)
                    entry.version += 1
            if due:
                self.fire_deadline(game_id)
                continue
            self._after_commit(entry, batch)
            return result
        raise errors.busy()

    def _due(self, entry: Entry) -> bool:
        return entry.deadline_at is not None and not entry.paused \
            and not entry.over and entry.deadline_at <= self.now()

    def _commit(self, entry: Entry, batch: Batch) -> bool:
        now = self.now()
        with self._writing() as connection:
            cursor = connection.connection.dbapi_connection.cursor()
            try:
                cursor.execute(self._sql["claim"], {
                    "id": entry.id, "version": entry.version, "seq": entry.seq,
                    "next": entry.version + 1, "turn": batch.turn,
                    "deadline_at": batch.deadline_at, "paused": batch.paused,
                    "paused_left": batch.paused_left, "over": batch.over, "rule": batch.rule})
                if cursor.rowcount != 1:
                    connection.rollback()
                    return False
                rows = self._input_rows(entry, batch, now)
                if rows:
                    cursor.executemany(self._sql["input"], rows)
                if not self.sqlite:
                    cursor.execute(self._sql["notify"], {"game": entry.id})
            finally:
                cursor.close()
            if batch.new_ready:
                connection.execute(insert(schema.ready), [
                    {"game_id": entry.id, "turn": turn, "seat": seat}
                    for turn, seat in sorted(batch.new_ready)])
            if batch.messages:
                first = len(entry.messages)
                connection.execute(insert(schema.messages), [
                    {"game_id": entry.id, "number": first + n, "sender": m.sender,
                     "audience": json.dumps(m.audience), "body": m.body, "turn": m.turn,
                     "at": m.at} for n, m in enumerate(batch.messages)])
        return True

    def _notify(self, connection: Any, game_id: str) -> None:
        """PostgreSQL: tell every listening process, when this commits."""
        if not self.sqlite:
            connection.execute(text(f"SELECT pg_notify('{NOTIFY_CHANNEL}', :game)"),
                               {"game": game_id})

    def _writing(self) -> Any:
        """A write transaction (``BEGIN IMMEDIATE`` on SQLite)."""
        return _Transaction(self.engine, self._write_lock)

    def _insert_inputs(self, connection: Any, entry: Entry, batch: Batch, now: int) -> None:
        rows = self._input_rows(entry, batch, now)
        if rows:
            connection.execute(insert(schema.inputs), rows)

    def _input_rows(self, entry: Entry, batch: Batch, now: int) -> list[dict[str, Any]]:
        rows = []
        for index in range(batch.start, entry.seq):
            source, proof = batch.sources.get(index, ("rules", None))
            rows.append({"game_id": entry.id, "seq": index,
                         "body": json.dumps(entry.game.inputs[index], ensure_ascii=False),
                         "source": source[:16], "receipt": proof, "at": now})
        return rows

    def _settle(self, entry: Entry, batch: Batch) -> None:
        """The batch committed: the entry takes on what it changed."""
        entry.turn, entry.turn_wait = batch.turn, batch.turn_wait
        entry.ready = batch.ready
        entry.deadline_at, entry.paused = batch.deadline_at, batch.paused
        entry.paused_left, entry.over, entry.rule = batch.paused_left, batch.over, batch.rule
        entry.messages.extend(batch.messages)

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
            self._forget(entry.id)

    # -- the server's own players: dice, bots, closing ---------------------------------

    def _advance(self, entry: Entry, batch: Batch) -> None:
        """Draw every chance from the seed, let bots answer, close a turn
        whose seats are all ready; note each turn opened, closed and the end."""
        game = entry.game
        while True:
            self._note_turn(entry, batch)
            wait = game.waiting
            if wait is None:
                return
            if isinstance(wait, Chance):
                index = entry.seq
                game.roll(dice.draw(wait, entry.seed, index))
                batch.sources[index] = ("dice", None)
                continue
            bots = [seat for seat in game.seats_to_answer()
                    if entry.players.get(seat) == RANDOM]
            if bots:
                self._bot_answers(entry, batch, bots[0])
                continue
            if wait.until_closed and all(
                    seat in batch.ready or entry.players.get(seat) == RANDOM
                    for seat in wait.seats):
                self._close_turn(entry, batch)
                continue
            return

    def _bot_answers(self, entry: Entry, batch: Batch, seat: Seat) -> None:
        index = entry.seq
        game = entry.game
        bot = RandomBot(dice.bot_random(entry.seed, index))
        game.answer(seat, bot.choose(Ask.of(game, seat)))
        batch.sources[index] = ("bot", None)

    def _close_turn(self, entry: Entry, batch: Batch) -> None:
        """Close the open decision: seats that did not answer get the rules'
        default, or, where the rules give none, the random bot's answer."""
        game = entry.game
        wait = game.waiting
        if not isinstance(wait, Decision):
            raise errors.no_turn()
        silent = game.seats_to_answer()
        batch.silent = frozenset(silent)
        for seat in silent:
            if game.waiting is wait and not (wait.simultaneous and seat in wait.defaults):
                self._bot_answers(entry, batch, seat)
        if game.waiting is wait:
            index = entry.seq
            game.close()
            batch.sources[index] = ("close", None)

    def _note_turn(self, entry: Entry, batch: Batch) -> None:
        game = entry.game
        wait = game.waiting
        if wait is None:
            if not batch.over:
                self._turn_closed(entry, batch)
                batch.over, batch.deadline_at, batch.paused_left = True, None, None
                batch.turn_wait = None
                batch.hooks.append(Hook("over", batch.turn))
            return
        if not isinstance(wait, Decision) or wait is batch.turn_wait:
            return
        self._turn_closed(entry, batch)
        batch.turn += 1
        batch.turn_wait, batch.ready = wait, set()
        batch.deadline_at = batch.paused_left = None
        if batch.rule is not None and entry.person_asked(wait):
            now = self.now()
            due = to_ms(DeadlineRule.parse(batch.rule).after(from_ms(now)))
            if batch.paused:
                batch.paused_left = due - now
            else:
                batch.deadline_at = due
        if entry.person_asked(wait):
            batch.hooks.append(Hook("opened", batch.turn, batch.deadline_at))

    def _turn_closed(self, entry: Entry, batch: Batch) -> None:
        old = batch.turn_wait
        if old is not None and entry.person_asked(old):
            batch.hooks.append(Hook("closed", batch.turn, seats=tuple(
                (seat, seat not in batch.silent) for seat in old.seats)))
        batch.silent = frozenset()

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
        with self._entries_lock:
            entry = self._entries.get(game_id)
            if entry is not None:
                self._entries.move_to_end(game_id)
                return entry
        return self._load(game_id)

    def _load(self, game_id: str) -> Entry:
        with self.engine.connect() as connection:
            row = connection.execute(select(schema.games).where(
                schema.games.c.id == game_id)).one_or_none()
            if row is None:
                raise errors.not_found()
            stored = connection.execute(select(schema.inputs.c.body).where(
                schema.inputs.c.game_id == game_id, schema.inputs.c.seq < row.seq).order_by(
                    schema.inputs.c.seq)).scalars().all()
        ruleset = find_ruleset(row.ruleset)
        scenario = validate_scenario(ruleset, json.loads(row.scenario), f"game {game_id}")
        game = Game(ruleset, scenario, (json.loads(body) for body in stored))
        entry = Entry(row.id, ruleset, game, json.loads(row.players),
                      "ru" if row.lang == "ru" else "en", bytes.fromhex(row.seed),
                      row.seed_hash, row.webhook, row.deadline_rule, version=-1)
        with entry.lock:
            self._sync(entry)
        with self._entries_lock:
            found = self._entries.get(game_id)
            if found is not None:
                return found
            self._entries[game_id] = entry
            while len(self._entries) > CACHED_GAMES:
                self._entries.popitem(last=False)
        return entry

    def _remember(self, entry: Entry) -> None:
        with self._entries_lock:
            self._entries[entry.id] = entry

    def _forget(self, game_id: str) -> None:
        with self._entries_lock:
            self._entries.pop(game_id, None)

    def _sync(self, entry: Entry) -> None:
        """Bring ``entry`` to the stored game: new inputs, ready marks, talk."""
        with self.engine.connect() as connection:
            row = connection.execute(_ROW, {"b_id": entry.id}).one()
            if row.version == entry.version:
                return
            if row.seq < entry.seq:  # never happens: inputs are only appended
                self._forget(entry.id)
                raise errors.busy()
            stored = connection.execute(select(schema.inputs.c.body).where(
                schema.inputs.c.game_id == entry.id, schema.inputs.c.seq >= entry.seq,
                schema.inputs.c.seq < row.seq).order_by(schema.inputs.c.seq)).scalars().all()
            ready = connection.execute(select(schema.ready.c.seat).where(
                schema.ready.c.game_id == entry.id,
                schema.ready.c.turn == row.turn)).scalars().all()
            talk = connection.execute(select(schema.messages).where(
                schema.messages.c.game_id == entry.id,
                schema.messages.c.number >= len(entry.messages)).order_by(
                    schema.messages.c.number)).all()
        for body in stored:
            entry.game.apply(json.loads(body))
        for line in talk:
            audience = json.loads(line.audience)
            entry.messages.append(Message(line.sender, audience if isinstance(audience, str)
                                          else tuple(audience), line.body, line.turn, line.at))
        wait = entry.game.waiting
        entry.turn_wait = wait if isinstance(wait, Decision) else None
        entry.version, entry.turn, entry.ready = row.version, row.turn, set(ready)
        entry.deadline_at, entry.paused, entry.paused_left = (row.deadline_at, row.paused,
                                                              row.paused_left)
        entry.over, entry.rule = row.over, row.deadline_rule
        entry.docs.clear()


_HOT_SQL = {
    "claim": 'UPDATE games SET seq = :seq, version = :next, turn = :turn, '
             'deadline_at = :deadline_at, paused = :paused, paused_left = :paused_left, '
             '"over" = :over, deadline_rule = :rule WHERE id = :id AND version = :version',
    "input": "INSERT INTO inputs (game_id, seq, body, source, receipt, at) "
             "VALUES (:game_id, :seq, :body, :source, :receipt, :at)",
    "notify": f"SELECT pg_notify('{NOTIFY_CHANNEL}', :game)",
}
"""Every write's statements, sent straight to the driver (they run on
every answer): the compare-and-set, by which the game's row changes only
if it is still at the version this process read; the inputs appended; the
notification to other processes (PostgreSQL)."""
_ROW = select(schema.games).where(schema.games.c.id == bindparam("b_id"))


class _Transaction:
    """``with``: a connection in a write transaction, committed on leaving."""

    def __init__(self, engine: Engine, lock: threading.Lock | None) -> None:
        self.engine = engine
        self.lock = lock

    def __enter__(self) -> Any:
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


def _digest(doc: Mapping[str, JSON]) -> str:
    return hashlib.sha256(canonical(doc).encode()).hexdigest()[:32]


def _audience(entry: Entry, seating: Seating, to: str | list[str]) -> str | tuple[Seat, ...]:
    """Whom a line of talk goes to. :raises ApiError: an audience not offered."""
    if to == "everyone":
        return "everyone"
    if seating.seat is not None:
        if to == MASTER:
            return ()  # the master reads every line: no seat besides
        if to == "room":
            raise ApiError(422, "message/no-rooms", msg("server.error.room"))
        raise ApiError(422, "message/audience", msg("server.error.audience", to=str(to)))
    seats = [to] if isinstance(to, str) else list(to)
    unknown = [seat for seat in seats if seat not in entry.game.seats]
    if unknown or not seats:
        shown = unknown[0] if unknown else ""
        raise ApiError(422, "seat/unknown", msg(
            "server.error.unknown-seat", seat=shown,
            suggestion=did_you_mean(shown, entry.game.seats), seats=tuple(entry.game.seats)))
    return tuple(dict.fromkeys(seats))
