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

The modules, bottom up: :mod:`.seating` (whom a token belongs to),
:mod:`.talk` (a line of table talk and its audience), :mod:`.entry` (a game
as a process holds it, and a write's batch), :mod:`.turns` (dice, bots,
turns opened and closed), :mod:`.seat_actions` and :mod:`.master_actions`
(what a seat and the game master do), :mod:`.documents` (what a token may
read; the save file), :mod:`.cache`, :mod:`.reading` and :mod:`.writing`
(memory and the database), and :mod:`.games` (:class:`Store`, the face
the routes use, and the write path).
"""

from referee.server.store.cache import CACHED_GAMES
from referee.server.store.entry import PERSON, RANDOM, Batch, Entry, Hook, is_bot
from referee.server.store.games import RETRIES, Created, Listener, Store
from referee.server.store.seat_actions import Answered
from referee.server.store.seating import MASTER, Seating
from referee.server.store.talk import MESSAGE_LIMIT, Message
from referee.server.store.writing import NOTIFY_CHANNEL

__all__ = [
    "CACHED_GAMES", "MASTER", "MESSAGE_LIMIT", "NOTIFY_CHANNEL", "PERSON",
    "RANDOM", "RETRIES", "Answered", "Batch", "Created", "Entry", "Hook", "Listener",
    "Message", "Seating", "Store", "is_bot",
]
