"""What a token may read of its game: its document (the seat's view, the
turn, the dice, the talk it may read; the referee's view and every secret
answer for the game master), kept per reader until the game changes, and
the game as a save file."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from referee.core.savefile import game_to_json
from referee.core.waits import JSON, Decision
from referee.server import dice, errors
from referee.server.deadlines import iso
from referee.server.store.entry import Entry, is_bot
from referee.server.store.seating import MASTER, Seating
from referee.server.tokens import canonical


def document_of(entry: Entry, seating: Seating) -> tuple[dict[str, JSON], str]:
    """Everything ``seating`` may read of ``entry`` now, and its version
    (a digest of it: equal documents, equal versions)."""
    with entry.lock:
        cached = entry.docs.get(seating.reader)
        if cached is not None and cached[0] == entry.version:
            return cached[1], cached[2]
        doc = build_document(entry, seating)
        version = digest(doc)
        entry.docs[seating.reader] = (entry.version, doc, version)
        return doc, version


def build_document(entry: Entry, seating: Seating) -> dict[str, JSON]:
    """``seating``'s document, built anew."""
    game = entry.game
    wait = game.waiting
    doc: dict[str, JSON] = {
        "game": entry.id,
        "ruleset": entry.ruleset.name,
        "you": {"role": MASTER} if seating.is_master else {"role": "seat",
                                                          "seat": seating.seat},
        "players": dict(entry.players),
        "turn": turn_status(entry, seating),
        "dice": {"scheme": dice.SCHEME, "seed_hash": entry.seed_hash,
                 "seed": entry.seed.hex() if entry.over else None},
        "view": game.view(seating.reader),
        "talk": [m.shown_to(seating) for m in entry.messages if m.readable_by(seating)],
    }
    if seating.is_master and isinstance(wait, Decision):
        doc["answers"] = {seat: game.pending_answer(seat) for seat in wait.seats
                          if seat not in game.seats_to_answer()}
    return doc


def turn_status(entry: Entry, seating: Seating) -> dict[str, JSON]:
    """The turn as ``seating`` sees it: who is asked and ready (never what
    they answered), the deadline, whether the clock is paused."""
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
    return turn


def digest(doc: Mapping[str, JSON]) -> str:
    """A document's version: equal documents, equal versions."""
    return hashlib.sha256(canonical(doc).encode()).hexdigest()[:32]


def save_file(entry: Entry, seating: Seating) -> dict[str, Any]:
    """The game as a save file, with the server's fair-dice record (the
    seed only once the game is over). :raises ApiError: for a seat before the end."""
    with entry.lock:
        if not seating.is_master and not entry.over:
            raise errors.not_over()
        data = game_to_json(entry.game, {s: k if is_bot(k) else "human"
                                         for s, k in entry.players.items()})
        data["server"] = {"game": entry.id, "dice": {
            "scheme": dice.SCHEME, "seed_hash": entry.seed_hash,
            "seed": entry.seed.hex() if entry.over else None}}
        return data
