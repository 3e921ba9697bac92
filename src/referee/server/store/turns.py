"""The server's own players and the turns they open and close: every chance
drawn from the game's seed, bots answering the moment they are asked, a
turn closed once every asked seat is ready (or at its deadline), and each
turn opened, closed and the game's end noted for the chat webhook."""

from __future__ import annotations

from collections.abc import Callable

from referee.bots.kinds import make_bot
from referee.core.drivers import Ask, Player, RandomBot
from referee.core.events import Seat
from referee.core.waits import Chance, Decision
from referee.server import dice, errors
from referee.server.deadlines import DeadlineRule, from_ms, to_ms
from referee.server.store.entry import RANDOM, Batch, Entry, Hook, is_bot

Clock = Callable[[], int]
"""Now, in milliseconds since the epoch."""


def advance(entry: Entry, batch: Batch, now: Clock) -> None:
    """Draw every chance from the seed, let bots answer, close a turn
    whose seats are all ready; note each turn opened, closed and the end."""
    game = entry.game
    while True:
        note_turn(entry, batch, now)
        wait = game.waiting
        if wait is None:
            return
        if isinstance(wait, Chance):
            index = entry.seq
            game.roll(dice.draw(wait, entry.seed, index))
            batch.sources[index] = ("dice", None)
            continue
        bots = [seat for seat in game.seats_to_answer() if is_bot(entry.players.get(seat))]
        if bots:
            bot_answers(entry, batch, bots[0], entry.players[bots[0]])
            continue
        if wait.until_closed and all(seat in batch.ready or is_bot(entry.players.get(seat))
                                     for seat in wait.seats):
            close_turn(entry, batch)
            continue
        return


def bot_answers(entry: Entry, batch: Batch, seat: Seat, kind: str = RANDOM) -> None:
    """The bot of ``kind`` answers for ``seat`` from what the seat is asked
    and its view alone, its randomness drawn from the seed and the input's
    number (so the seed and the saved game give every answer again)."""
    index = entry.seq
    game = entry.game
    game.answer(seat, seat_bot(entry, kind, index).choose(Ask.of(game, seat)))
    batch.sources[index] = ("bot", None)


def seat_bot(entry: Entry, kind: str, index: int) -> Player:
    """The bot of ``kind`` answering input number ``index`` of the game: a
    new one each time (a bot keeps nothing between questions, so any
    process, after any restart, answers alike)."""
    rng = dice.bot_random(entry.seed, index)
    if kind == RANDOM:
        return RandomBot(rng)
    return make_bot(entry.ruleset, kind, rng, setup=entry.game.scenario)


def close_turn(entry: Entry, batch: Batch) -> None:
    """Close the open decision: seats that did not answer get the rules'
    default, or, where the rules give none, the random bot's answer.
    :raises ApiError: no turn is open."""
    game = entry.game
    wait = game.waiting
    if not isinstance(wait, Decision):
        raise errors.no_turn()
    silent = game.seats_to_answer()
    batch.silent = frozenset(silent)
    for seat in silent:
        if game.waiting is wait and not (wait.simultaneous and seat in wait.defaults):
            bot_answers(entry, batch, seat)
    if game.waiting is wait:
        index = entry.seq
        game.close()
        batch.sources[index] = ("close", None)


def note_turn(entry: Entry, batch: Batch, now: Clock) -> None:
    """A new question put to people opens a turn (with its deadline, by the
    game's rule); the end of the game closes the last."""
    wait = entry.game.waiting
    if wait is None:
        if not batch.over:
            _turn_closed(entry, batch)
            batch.over, batch.deadline_at, batch.paused_left = True, None, None
            batch.turn_wait = None
            batch.hooks.append(Hook("over", batch.turn))
        return
    if not isinstance(wait, Decision) or wait is batch.turn_wait:
        return
    _turn_closed(entry, batch)
    batch.turn += 1
    batch.turn_wait, batch.ready = wait, set()
    batch.deadline_at = batch.paused_left = None
    if batch.rule is not None and entry.person_asked(wait):
        start = now()
        due = to_ms(DeadlineRule.parse(batch.rule).after(from_ms(start)))
        if batch.paused:
            batch.paused_left = due - start
        else:
            batch.deadline_at = due
    if entry.person_asked(wait):
        batch.hooks.append(Hook("opened", batch.turn, batch.deadline_at))


def _turn_closed(entry: Entry, batch: Batch) -> None:
    old = batch.turn_wait
    if old is not None and entry.person_asked(old):
        batch.hooks.append(Hook("closed", batch.turn, seats=tuple(
            (seat, seat not in batch.silent) for seat in old.seats)))
    batch.silent = frozenset()
