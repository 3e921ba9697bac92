"""The server's own players and the turns they open and close: every chance
drawn from the game's seed, bots answering the moment they are asked (a
bounded amount of their play in one write, the rest carried on by later
writes), a turn closed once every asked seat is ready (or at its deadline),
and each turn opened, closed and the game's end noted for the chat webhook."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from pydantic import BaseModel

from referee.bots.kinds import SEARCH, make_bot, ruleset_bots
from referee.bots.search import PLAYOUTS
from referee.core.drivers import Ask, Player, RandomBot
from referee.core.events import Seat
from referee.core.ruleset import AnyRuleset
from referee.core.waits import Chance, Decision
from referee.server import dice, errors
from referee.server.deadlines import DeadlineRule, from_ms, to_ms
from referee.server.store.entry import RANDOM, Batch, Entry, Hook, is_bot

Clock = Callable[[], int]
"""Now, in milliseconds since the epoch."""


SEARCH_COST = 64
"""What one search answer counts against a write's bot work
(:attr:`referee.server.settings.Settings.bot_work`): as much as 64 answers
of the random or the rules bot, which take milliseconds where a search
takes a good part of a second; so a write gives one search answer at most
(by default), and a read of the game never waits for more."""
SEARCH_SHARE = 4
"""A hosted search bot makes this share of the playouts its ruleset gives
it elsewhere (a quarter), with no clock: its answers depend on the seed
alone, and each takes well under a second (docs/server.md)."""


def advance(entry: Entry, batch: Batch, now: Clock, work: int) -> None:
    """Draw every chance from the seed, let bots answer, close a turn
    whose seats are all ready; note each turn opened, closed and the end.
    The bots give answers worth ``work`` at most (:data:`SEARCH_COST`; the
    first is always given); bots left to answer then are marked due
    (``batch.bots_due``), for a later write to play on."""
    game = entry.game
    spent = 0
    batch.bots_due = False
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
            kind = entry.players[bots[0]]
            if spent >= work:
                batch.bots_due = True
                return
            bot_answers(entry, batch, bots[0], kind)
            spent += SEARCH_COST if kind == SEARCH else 1
            continue
        if wait.until_closed and all(seat in batch.ready or is_bot(entry.players.get(seat))
                                     for seat in wait.seats):
            close_turn(entry, batch)
            continue
        return


def play_on(entry: Entry, batch: Batch) -> bool:
    """Carry on the bots' play where an earlier write left it (the write's
    :func:`advance` plays on); False where no bot is due."""
    batch.changed = entry.bots_due
    return entry.bots_due


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
    return hosted_bot(entry.ruleset, kind, dice.bot_random(entry.seed, index),
                      entry.game.scenario)


def hosted_bot(ruleset: AnyRuleset, kind: str, rng: Random, setup: BaseModel) -> Player:
    """A bot of ``kind`` as the server hosts it, drawing on ``rng``; a
    search bot counts its playouts (:func:`search_playouts`), never time,
    so its answer is the same on any machine, however busy."""
    if kind == RANDOM:
        return RandomBot(rng)
    if kind == SEARCH:
        return make_bot(ruleset, kind, rng, setup=setup, seconds=None,
                        playouts=search_playouts(ruleset))
    return make_bot(ruleset, kind, rng, setup=setup)


def search_playouts(ruleset: AnyRuleset) -> int:
    """The playouts a hosted search bot makes a question in ``ruleset``:
    :data:`SEARCH_SHARE` of those it makes elsewhere."""
    offered = ruleset_bots(ruleset)
    own = PLAYOUTS if offered.width is None else offered.playouts
    return max(1, own // SEARCH_SHARE)


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
