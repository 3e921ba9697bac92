"""What a seat does to its game, as acts on the cached game and the write's
batch: answer what it is asked, mark itself ready, and talk (the game master
talks here too). Each raises :class:`~referee.server.errors.ApiError` (or the
rules' error) before it changes anything it should not."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.events import Seat
from referee.core.i18n import Lang
from referee.core.waits import JSON, Decision
from referee.server import errors
from referee.server.checks import voids
from referee.server.store.entry import Batch, Entry
from referee.server.store.seating import MASTER, Seating
from referee.server.store.talk import Message, audience
from referee.server.tokens import receipt


@dataclass(frozen=True)
class Answered:
    """An answer stored: its receipt, its input number, the parts the rules
    will not carry out."""

    receipt: str
    seq: int
    void: list[dict[str, JSON]]


def _check_asked(entry: Entry, batch: Batch, seat: Seat, turn: int | None) -> Decision:
    """The decision ``seat`` is asked, in turn ``turn`` where given.
    :raises ApiError: the game is over, that turn closed, or the seat is not asked."""
    game = entry.game
    if game.is_over:
        raise errors.game_over()
    wait = game.waiting
    if turn is not None and turn != batch.turn:
        raise errors.turn_closed(turn)
    if not isinstance(wait, Decision) or seat not in wait.seats:
        raise errors.not_asked()
    return wait


def answer(entry: Entry, batch: Batch, seat: Seat, value: JSON, turn: int | None,
           lang: Lang) -> Answered:
    """``seat``'s answer (to turn number ``turn``, where given), with its receipt.
    :raises IllegalAnswer: refused, the game unchanged."""
    wait = _check_asked(entry, batch, seat, turn)
    game = entry.game
    index = entry.seq
    log_before = len(game.log_for(seat))
    game.answer(seat, value)
    stored = game.inputs[index]["answer"]
    proof = receipt(entry.id, seat, index, stored)
    batch.sources[index] = (seat, proof)
    return Answered(proof, index, voids(game, seat, wait, log_before, lang))


def mark_ready(entry: Entry, batch: Batch, seat: Seat, turn: int | None) -> None:
    """``seat`` is done with the turn: it closes once every asked seat is."""
    _check_asked(entry, batch, seat, turn)
    if seat not in batch.ready:
        batch.ready.add(seat)
        batch.new_ready.add((batch.turn, seat))
        batch.changed = True


def post(entry: Entry, batch: Batch, seating: Seating, to: str | list[str], body: str,
         now: int) -> None:
    """A line of talk from ``seating`` to ``to`` (see :func:`.talk.audience`)."""
    heard_by, room = audience(entry.game, seating, to)
    sender = MASTER if seating.seat is None else seating.seat
    batch.messages.append(Message(sender, heard_by, body, batch.turn, now, room))
    batch.changed = True
