"""Orders files: one table of orders per seat, for a turn every seat answers at
once (Facility). Shared by ``referee resolve``, ``referee validate GAME
ORDERS`` and ``referee orders-template``, through the public game API only.

An orders file is read against the game it is for: a file that is a scenario
(it names its ruleset), a file naming no seat of the game, or a file for
another turn is refused whole, before anything is resolved. Which orders are
void is found by resolving the turn on a copy of the game and reading the
lines the rules wrote for each seat: a void order is told to its seat as a
message whose key ends in ``.void`` with the order (``part`` or ``order``, as
the file names it), the ``reason`` and, where the rules give it, ``what`` the
order says in words (the core's ``core.answer.void`` for an order of the wrong
shape, the ruleset's own, ``facility.void``, for an order the world does not
allow; ``.impossible`` for one declared that cannot happen).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.cli.common import check_seat, err
from referee.core.errors import RefereeError, as_msg
from referee.core.events import REFEREE, Event, Seat
from referee.core.game import Game
from referee.core.i18n import (
    CATALOGUE,
    PERSONAL,
    Lang,
    Msg,
    Name,
    Param,
    for_reader,
    msg,
    render,
)
from referee.core.savefile import load_game_any_version, looks_like_save_file
from referee.core.scenario import did_you_mean, load_scenario, read_toml
from referee.core.waits import Chance, Decision

CATALOGUE.load(Path(__file__).with_name("orders.toml"))
CATALOGUE.load(Path(__file__).with_name("resolve.toml"))

LANG_FIELD = "lang"
"""A seat's own language in a scenario: ``[characters.<seat>] lang = "ru"``,
for rulesets whose scenario format has the field."""


class OrdersRefused(RefereeError):
    """An orders file that cannot be taken at all (a scenario, no seat named,
    another turn): nothing is resolved."""

    code = "orders/refused"


# -- the game -----------------------------------------------------------------------------


def open_game(path: Path, lang: Lang = "en") -> Game:
    """The game in ``path``: a saved game (checked; one saved under another
    version of its rules replayed under this one, said on stderr in
    ``lang``), or a new game of a scenario."""
    if looks_like_save_file(path):
        game, notice = load_game_any_version(path)
        if notice is not None:
            err.print(render(notice, lang), markup=False)
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
    """The turn number the game's state gives (Facility's ``turn``), if any."""
    state = game.view(REFEREE).get("state")
    turn = state.get("turn") if isinstance(state, dict) else None
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


# -- reading an orders file ---------------------------------------------------------------


def read_orders(path: Path, game: Game, source: str) -> dict[str, Any]:
    """The orders in ``path`` for ``game`` (read from ``source``), by seat, with
    the ``turn`` check taken out.

    :raises RefereeError: unreadable, a scenario, no seat named, another turn."""
    table = read_toml(path)
    orders_source = str(path)
    refuse_scenario(table, orders_source, game, source)
    check_turn(game, table, orders_source, source)
    refuse_no_seat(table, orders_source, game, source)
    return table


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


def check_turn(game: Game, orders: dict[str, Any], orders_source: str, source: str) -> None:
    """An orders file may say which turn it is for (``turn = N``); when the
    game's state has a turn number, they must agree. The ``turn`` key is
    taken out of ``orders``. :raises OrdersRefused:"""
    if "turn" not in orders or isinstance(orders["turn"], dict):
        return
    turn = orders.pop("turn")
    now = game_turn(game)
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

VOID = "void"
IMPOSSIBLE = "impossible"
KINDS = (VOID, IMPOSSIBLE)
"""How the rules tell a seat about one of its orders: ``void`` (left out, it
does not stand) or ``impossible`` (declared all the same, it cannot happen:
CHAT-TRN-6, a bluff a player may mean)."""


@dataclass(frozen=True)
class VoidPart:
    """An order of ``seat`` that is void (or, ``kind`` ``impossible``, declared
    but cannot happen): ``part`` names it in the orders file (``move``,
    ``take[0]``), ``reason`` says why and ``what``, where the rules say it,
    what the order says ("movement", "a shot at Boris"); both messages are
    read as the game master reads them."""

    seat: Seat
    part: Param
    reason: Msg
    kind: str = VOID
    what: Msg | None = None

    def to_json(self, lang: Lang) -> dict[str, str | None]:
        return {"seat": self.seat, "part": render(as_text(self.part), lang),
                "what": render(self.what, lang) if self.what is not None else None,
                "reason": render(self.reason, lang)}


def as_text(value: Param) -> Msg:
    """A parameter as a message (plain text shown as it is)."""
    return value if isinstance(value, Msg) else as_msg(
        value if isinstance(value, str) else render(value) if isinstance(value, Name)
        else str(value))


def void_parts(events: Sequence[Event]) -> list[VoidPart]:
    """The void (and impossible) orders ``events`` tell their seats, in order."""
    found: list[VoidPart] = []
    for event in events:
        found += [VoidPart(seat, part, for_reader(reason, REFEREE), kind,
                           for_reader(what, REFEREE) if what is not None else None)
                  for seat, part, reason, kind, what in _voids_in(event.text, ())]
    return found


def _voids_in(text: Msg, to: tuple[str, ...],
              ) -> Iterator[tuple[Seat, Param, Msg, str, Msg | None]]:
    """(seat, part, reason, kind, what) of every message inside ``text`` that
    tells a seat one of its orders is void or impossible: a message whose key
    ends in ``.void`` or ``.impossible``, with the order (``part`` or
    ``order``), the ``reason`` and maybe ``what`` it says. It is read in its
    addressee's own wording (``you``), once."""
    params = text.params
    if text.key == PERSONAL:
        you, seats = params.get("you"), params.get("to")
        if isinstance(you, Msg) and isinstance(seats, tuple):
            yield from _voids_in(you, tuple(str(s) for s in seats))
        return
    part = params.get("part", params.get("order"))
    reason, what = params.get("reason"), params.get("what")
    kind = text.key.rsplit(".", 1)[-1]
    if kind in KINDS and isinstance(reason, Msg | str) and part is not None:
        for seat in to:
            yield seat, part, as_text(reason), kind, what if isinstance(what, Msg) else None
        return
    for value in params.values():
        for inner in value if isinstance(value, tuple) else (value,):
            if isinstance(inner, Msg):
                yield from _voids_in(inner, to)


@dataclass
class Answered:
    """Orders given to a game: the seats that gave some (an empty table gives
    none), the tables not taken
    (not a seat, or refused whole) and, once the turn is closed, the void orders."""

    given: list[Seat] = field(default_factory=list)
    refused: list[tuple[str, RefereeError]] = field(default_factory=list)
    voids: list[VoidPart] = field(default_factory=list)


def give_orders(game: Game, orders: Mapping[str, Any], answered: Answered) -> None:
    """Every seat's orders, by seat name; a table for no seat, or orders
    refused whole, are noted and the others go on."""
    for seat in sorted(orders):
        if seat not in game.seats:
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
        trial.close()
    answered.voids = void_parts(trial.log_for(REFEREE)[start:])
    return answered


def entry_name(entry: Mapping[str, Any], fallback: str) -> Name:
    """A scenario entry's name in each language, as a game master's view gives
    it (a Facility room, item or character): ``name = { en, ru }`` or plain
    text (the older ``name_ru`` beside it is read too); ``fallback`` where it
    gives none."""
    given = entry.get("name")
    table: Mapping[str, Any] = given if isinstance(given, Mapping) else {
        "en": given, "ru": entry.get("name_ru")}
    en, ru, gender, cases = (table.get(key) for key in ("en", "ru", "gender", "cases"))
    ru = str(ru) if isinstance(ru, str) and ru else None
    return Name(str(en) if isinstance(en, str) and en else ru or fallback, ru,
                gender if isinstance(gender, str) else None,
                tuple(sorted(cases.items())) if isinstance(cases, Mapping) else ())


def has_name(entry: Mapping[str, Any]) -> bool:
    """Whether a scenario entry gives a name in either language."""
    return bool(entry_name(entry, "").en)


# -- languages ---------------------------------------------------------------------------


def scenario_language(scenario: object, seat: Seat) -> Lang | None:
    """The language ``scenario`` gives ``seat``'s character (``lang``), if its
    format has one."""
    characters = getattr(scenario, "characters", None)
    entry = characters.get(seat) if isinstance(characters, Mapping) else None
    value = entry.get(LANG_FIELD) if isinstance(entry, Mapping) else getattr(
        entry, LANG_FIELD, None)
    if value == "ru":
        return "ru"
    if value == "en":
        return "en"
    return None


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
    """Write ``text`` to ``path`` whole: a temporary file beside it, renamed over it."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
