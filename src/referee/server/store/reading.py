"""Reading games from the database: a game loaded from its rows and
replayed, a cached game brought up to the stored one (inputs, ready marks
and talk another process added), due deadlines and stored versions."""

from __future__ import annotations

import json
from collections.abc import Iterable

from sqlalchemy import Engine, bindparam, select

from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.scenario import validate_scenario
from referee.core.waits import Decision
from referee.server import errors, schema
from referee.server.store.entry import Entry
from referee.server.store.talk import Message

_ROW = select(schema.games).where(schema.games.c.id == bindparam("b_id"))


class Diverged(Exception):
    """The stored game has fewer inputs than the cached one (inputs are only
    appended, so this never happens): forget the cached game."""


def load(engine: Engine, game_id: str) -> Entry:
    """The game from its rows, replayed and brought to the stored version.
    :raises ApiError: 404 for no such game."""
    with engine.connect() as connection:
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
        sync(engine, entry)
    return entry


def sync(engine: Engine, entry: Entry) -> None:
    """Bring ``entry`` to the stored game: new inputs, ready marks, talk.
    :raises Diverged:"""
    with engine.connect() as connection:
        row = connection.execute(_ROW, {"b_id": entry.id}).one()
        if row.version == entry.version:
            return
        if row.seq < entry.seq:
            raise Diverged(entry.id)
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
    entry.messages.extend(Message.stored(line.sender, line.audience, line.body, line.turn,
                                         line.at) for line in talk)
    wait = entry.game.waiting
    entry.turn_wait = wait if isinstance(wait, Decision) else None
    entry.version, entry.turn, entry.ready = row.version, row.turn, set(ready)
    entry.deadline_at, entry.paused, entry.paused_left = (row.deadline_at, row.paused,
                                                          row.paused_left)
    entry.over, entry.rule = row.over, row.deadline_rule
    entry.docs.clear()


def due_games(engine: Engine, now: int) -> list[str]:
    """Games whose deadline has passed (any process may close them)."""
    with engine.connect() as connection:
        rows = connection.execute(select(schema.games.c.id).where(
            schema.games.c.deadline_at <= now).limit(500)).all()
    return [row.id for row in rows]


def versions(engine: Engine, game_ids: Iterable[str]) -> dict[str, int]:
    """The stored version of each game (to notice another process's writes)."""
    ids = list(game_ids)
    if not ids:
        return {}
    with engine.connect() as connection:
        rows = connection.execute(select(schema.games.c.id, schema.games.c.version).where(
            schema.games.c.id.in_(ids))).all()
    return {row.id: row.version for row in rows}
