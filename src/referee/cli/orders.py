"""Orders files: one table of orders per seat, for a turn every seat answers at
once. Shared by ``referee resolve``, ``referee validate GAME ORDERS`` and
``referee orders-template``, through the public game API and the ruleset's
orders desk (:mod:`referee.display.orders`) only.

An orders file is read against the game it is for: a file that is a scenario
(it names its ruleset), a file naming no seat of the game, or a file for
another turn is refused whole, before anything is resolved. Which orders are
void is found by resolving the turn on a copy of the game and reading the
lines the rules wrote for each seat whose facts say an order is void (or
declared but impossible).
"""

from __future__ import annotations

import functools
import gc
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.cli.common import any_version_asked, check_seat, console
from referee.core.errors import RefereeError
from referee.core.events import REFEREE, Seat
from referee.core.game import Game
from referee.core.i18n import CATALOGUE, Lang, Param, msg, render
from referee.core.limits import ORDERS
from referee.core.savefile import load_to_resume, looks_like_save_file, write_atomically
from referee.core.scenario import did_you_mean, load_scenario, read_toml
from referee.core.waits import Chance, Decision
from referee.display.orders import VoidOrder, desk_for

CATALOGUE.load(Path(__file__).with_name("orders.toml"))
CATALOGUE.load(Path(__file__).with_name("resolve.toml"))


class OrdersRefused(RefereeError):
    """An orders file that cannot be taken at all (a scenario, no seat named,
    another turn): nothing is resolved."""

    code = "orders/refused"


# -- the game -----------------------------------------------------------------------------


def open_game(path: Path, lang: Lang = "en", any_version: bool = False) -> Game:
    """The game in ``path``: a saved game (checked; one saved under another
    version of its rules refused, or with ``any_version`` replayed under this
    one, said on stderr in ``lang``), or a new game of a scenario.

    :raises RefereeError:"""
    if looks_like_save_file(path):
        with any_version_asked():
            game, notice, _ = load_to_resume(path, any_version)
        if notice is not None:
            console(stderr=True).print(render(notice, lang), markup=False)
        return game
    ruleset, scenario = load_scenario(path)
    return Game(ruleset, scenario)


def open_decision(game: Game, source: str) -> Decision:
    """The decision put to every seat at once that the game waits for.

    :raises RefereeError: if the game is over or waits for something else."""
    wait = game.waiting
    if wait is None:
        raise RefereeError(msg("resolve.over", source=source))
    if not isinstance(wait, Decision) or not wait.simultaneous:
        what: Param = wait.what if isinstance(wait, Chance) else wait.question
        raise RefereeError(msg("resolve.not-simultaneous", source=source, waiting=what))
    return wait


def game_turn(game: Game) -> int | None:
    """The turn the game is at, as its orders desk reads the game master's
    view; None where the ruleset counts no turns."""
    desk = desk_for(game.ruleset)
    return desk.turn(desk.master_view(game))


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused meanwhile: resolving a large turn
    builds many objects that all live on (the log, the world after it), so
    its collections would find nothing and cost more the larger the game.

    Afterwards what was made meanwhile joins the collector's oldest
    generation at once (:func:`gc.freeze` then :func:`gc.unfreeze`, each a
    splice of lists), to be scanned with it, rather than by the scan of the
    youngest objects the next allocation would start: a scan of all of it
    (0.15 s after a turn of 10,000 characters). Where something is frozen
    already, its owner's (:mod:`referee.runtime`), the collector is only
    resumed."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


# -- reading an orders file ---------------------------------------------------------------


def read_orders(path: Path, game: Game, source: str,
                now: Callable[[], int | None] | None = None) -> dict[str, Any]:
    """The orders in ``path`` for ``game`` (read from ``source``), by seat, with
    the ``turn`` check taken out (against ``now()``, the game's turn, where
    the caller knows it).

    :raises RefereeError: unreadable, a scenario, two files joined into one,
        no seat named, another turn."""
    table = read_toml(path, ORDERS)
    orders_source = str(path)
    refuse_scenario(table, orders_source, game, source)
    refuse_turn_in_a_table(path, table)
    check_turn(game, table, orders_source, source, now)
    refuse_no_seat(table, orders_source, game, source)
    return table


def read_orders_files(paths: Sequence[Path], game: Game, source: str,
                      now: Callable[[], int | None] | None = None) -> dict[str, Any]:
    """Everyone's orders from the files and folders ``paths`` (each folder's
    ``*.toml`` files, by name), as one table by seat: as players send them,
    one file per character, or several characters in one file.

    :raises RefereeError: as :func:`read_orders`, for a folder with no orders
        file, and for a character given orders in two files (both named)."""
    merged: dict[str, Any] = {}
    given_in: dict[str, Path] = {}
    turn = now if now is not None else functools.cache(lambda: game_turn(game))
    for path in orders_files(paths):  # the game's turn read once, not once a file
        for seat, orders in read_orders(path, game, source, turn).items():
            if seat in given_in:
                raise OrdersRefused(msg("orders-file.twice", seat=seat,
                                        first=str(given_in[seat]), second=str(path)))
            given_in[seat] = path
            merged[seat] = orders
    return merged


def orders_files(paths: Sequence[Path]) -> list[Path]:
    """Each path given: a file as it is, a folder as its ``*.toml`` files in
    the order of their names. :raises OrdersRefused: a folder with none."""
    found: list[Path] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        inside = sorted(entry for entry in path.glob("*.toml") if entry.is_file())
        if not inside:
            raise OrdersRefused(msg("orders-file.empty-folder", folder=str(path)))
        found += inside
    return found


TABLE_HEADER = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]")
TURN_LINE = re.compile(r"^\s*turn\s*=")


def refuse_turn_in_a_table(path: Path, table: Mapping[str, Any]) -> None:
    """A ``turn = …`` inside a character's table is the head of a second
    orders file joined to the first (two templates put one after the
    other): refused, naming its line, before anything is resolved.

    :raises OrdersRefused:"""
    if not any(isinstance(value, Mapping) and "turn" in value for value in table.values()):
        return
    inside: str | None = None
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        header = TABLE_HEADER.match(line)
        if header is not None:
            inside = header.group(1).strip().strip('"')
        elif inside is not None and TURN_LINE.match(line):
            raise OrdersRefused(msg("orders-file.turn-in-table", orders=str(path), line=number,
                                    seat=inside))
    raise OrdersRefused(msg("orders-file.turn-in-table-somewhere", orders=str(path), seat=next(
        name for name, value in table.items() if isinstance(value, Mapping) and "turn" in value)))


def seat_ids(seats: Sequence[Seat]) -> tuple[Param, ...]:
    """Seats as an orders file names them, each in backticks (``[anna]`` is
    typed ``anna``), for a list in a message."""
    return tuple(f"`{seat}`" for seat in seats)


def _seats_param(game: Game) -> tuple[Param, ...]:
    return seat_ids(game.seats)


def refuse_scenario(table: Mapping[str, Any], orders: str, game: Game, source: str) -> None:
    """A file that names its ruleset is a scenario, not orders (the scenario
    given in place of the orders, say). :raises OrdersRefused:"""
    ruleset = table.get("ruleset")
    if isinstance(ruleset, str):
        raise OrdersRefused(msg("orders-file.is-scenario", orders=orders, ruleset=ruleset,
                                seat=game.seats[0], seats=_seats_param(game), game=source))


def check_turn(game: Game, orders: dict[str, Any], orders_source: str, source: str,
               now_turn: Callable[[], int | None] | None = None) -> None:
    """An orders file may say which turn it is for (``turn = N``); when the
    game's state has a turn number, they must agree. The ``turn`` key is
    taken out of ``orders``. :raises OrdersRefused:"""
    if "turn" not in orders or isinstance(orders["turn"], dict):
        return
    turn = orders.pop("turn")
    now = now_turn() if now_turn is not None else game_turn(game)
    if now is not None and turn != now:
        raise OrdersRefused(msg("resolve.other-turn", orders=orders_source, turn=str(turn),
                                source=source, now=str(now)))


def refuse_no_seat(table: Mapping[str, Any], orders: str, game: Game, source: str) -> None:
    """A file with no table for any seat of the game holds nobody's orders
    (a file for another game, or names misspelt). :raises OrdersRefused:"""
    if any(name in game.seats for name in table):
        return
    found = sorted(table)
    closest = next((did_you_mean(name, game.seats) for name in found
                    if did_you_mean(name, game.seats)), "")
    raise OrdersRefused(msg(
        "orders-file.no-seat" if found else "orders-file.empty", orders=orders, game=source,
        seat=game.seats[0], seats=_seats_param(game), found=seat_ids(found), suggestion=closest))


# -- void orders ------------------------------------------------------------------------


@dataclass
class Answered:
    """Orders given to a game: the seats that gave some (an empty table gives
    none), the tables not taken
    (not a seat, or refused whole) and, once the turn is closed, the void orders."""

    given: list[Seat] = field(default_factory=list)
    refused: list[tuple[str, RefereeError]] = field(default_factory=list)
    voids: list[VoidOrder] = field(default_factory=list)


def give_orders(game: Game, orders: Mapping[str, Any], answered: Answered) -> None:
    """Every seat's orders, by seat name; a table for no seat, or orders
    refused whole, are noted and the others go on."""
    seats = frozenset(game.seats)
    for seat in sorted(orders):
        if seat not in seats:
            answered.refused.append((seat, RefereeError(msg(
                "orders-file.not-a-seat", seat=seat, suggestion=did_you_mean(seat, game.seats),
                seats=_seats_param(game)))))
            continue
        try:
            game.answer(seat, orders[seat])
        except RefereeError as exc:
            answered.refused.append((seat, exc))
            continue
        if orders[seat] != {}:  # an empty table (a template sent back as it was) gives none
            answered.given.append(seat)


def check_orders(game: Game, orders: Mapping[str, Any], decision: Decision) -> Answered:
    """What the orders would come to at the deadline, worked out on a copy of
    ``game`` (left as it was): the turn is answered, closed and resolved, and
    the void orders read from what the rules told each seat."""
    trial = game.fork()
    start = len(trial.log_for(REFEREE))
    answered = Answered()
    give_orders(trial, orders, answered)
    if trial.waiting is decision or (isinstance(trial.waiting, Decision)
                                     and trial.waiting.simultaneous):
        with collector_paused():
            trial.close()
    answered.voids = desk_for(game.ruleset).void_orders(trial.log_for(REFEREE)[start:])
    return answered


# -- languages ---------------------------------------------------------------------------


def seat_language(game: Game, seat: Seat) -> Lang | None:
    """The language the game gives ``seat``'s player, as its orders desk reads
    the game master's view (a character's ``lang``), if any."""
    desk = desk_for(game.ruleset)
    return desk.seat_language(desk.master_view(game), seat)


def parse_seat_languages(values: Sequence[str], seats: Sequence[Seat],
                         option: str) -> dict[Seat, Lang]:
    """``SEAT=LANG`` pairs, each seat checked. :raises RefereeError:"""
    chosen: dict[Seat, Lang] = {}
    for value in values:
        seat, sep, lang = value.partition("=")
        if not sep or lang.strip() not in ("en", "ru"):
            raise RefereeError(msg("orders-file.bad-seat-lang", option=option, value=value))
        seat = check_seat(seat.strip(), seats, option)
        chosen[seat] = "ru" if lang.strip() == "ru" else "en"
    return chosen


# -- files --------------------------------------------------------------------------------


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole (:func:`referee.core.savefile.write_atomically`)."""
    write_atomically(path, text)
