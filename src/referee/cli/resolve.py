"""``referee resolve GAME ORDERS``: resolve one turn at its deadline, for any
ruleset whose turn is a decision put to every seat at once.

GAME is a game file (``referee play --save``, or an earlier ``resolve
--out``), loaded through the save-file module with its format, version and
checksum checks; a scenario file starts a new game. ORDERS is one or more
TOML files, or folders of them, with a table of orders per seat (see
:mod:`referee.cli.orders`: a scenario, a file naming no seat, a file for
another turn, two files joined into one, or a seat's orders given twice are
refused, and nothing is resolved). Each
seat's orders are answered through the game (an order that cannot stand is
void, told to its seat alone), the decision is closed (seats without orders
get the rules' default), and each seat's part of the log is printed, with the
records of the other observers (a ruleset's cameras) and the game master's
log, as the ruleset's orders desk reads them (:mod:`referee.display.orders`).
``--out`` writes the game after the turn to a new game file, atomically;
``--reports DIR`` writes each seat's report to its own file, in the seat's
language, ready to paste into a chat.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Annotated, Any

import typer

from referee.cli.common import (
    AnyVersionOption,
    ForceOption,
    LangOption,
    check_new_file,
    language,
    make_folder,
    outcome_line,
    same_file,
    user_errors,
)
from referee.cli.json_text import write_indented
from referee.cli.orders import (
    Answered,
    collector_paused,
    give_orders,
    open_decision,
    open_game,
    orders_files,
    parse_seat_languages,
    read_orders_files,
    write_text_atomic,
)
from referee.core.errors import RefereeError, SaveFileError
from referee.core.events import REFEREE, Event, Seat
from referee.core.game import Game
from referee.core.i18n import CATALOGUE, Lang, Msg, msg, render
from referee.core.prepared import PREPARED
from referee.core.savefile import check_writable, save_game
from referee.core.waits import Chance, Decision
from referee.display.orders import IMPOSSIBLE, VOID, VoidOrder, desk_for
from referee.runtime import kept_to_the_end

CATALOGUE.load(Path(__file__).with_name("resolve.toml"))


def check_out_path(source: Path, target: Path, orders: Sequence[Path],
                   force: bool = False) -> None:
    """``target`` may be written: it is neither the game file being resolved
    nor any of the orders, and exists only if ``force`` says to write over it.

    :raises RefereeError:"""
    if same_file(target, source):
        raise SaveFileError(msg("resolve.same-file", out=str(target)))
    check_new_file(target, "--out", orders, force)
    check_writable(target)


def prepare_reports(folder: Path, seats: Sequence[Seat], inputs: Sequence[Path],
                    force: bool = False) -> dict[Seat, Path]:
    """Make ``folder`` for the reports (and its parents), before anything is
    resolved, and say where each seat's report goes: one file per seat,
    none of the command's ``inputs``, none there already unless ``force``.

    :raises RefereeError: if it cannot be a folder one can write in, if two
        seats' files would be one (on a system that does not tell capitals
        apart), or if a file is an input or there already."""
    folder = make_folder(folder, msg("resolve.reports-not-folder", reports=str(folder)),
                         lambda cause: msg("resolve.reports-cannot-write",
                                           reports=str(folder), cause=cause))
    paths: dict[Seat, Path] = {}
    taken: dict[str, Seat] = {}
    for seat in seats:
        name = report_file_name(seat)
        other = taken.setdefault(name.casefold(), seat)
        if other != seat:
            raise RefereeError(msg("resolve.reports-collide", reports=str(folder), seat=seat,
                                   other=other, name=name))
        if len(name.encode("utf-8")) > MAX_NAME_BYTES:
            raise RefereeError(msg("resolve.reports-long-name", seat=seat,
                                   limit=MAX_NAME_BYTES))
        paths[seat] = folder / name
        check_new_file(paths[seat], "--reports", inputs, force)
    return paths


MAX_NAME_BYTES = 240
"""The longest report file name (most systems allow 255 bytes)."""
_UNSAFE = frozenset('/\\:*?"<>|%')


def report_file_name(seat: Seat) -> str:
    """``<seat>.txt``, each character a file name cannot hold (and ``%``, and
    a leading dot) written ``%XX`` by its UTF-8 bytes, so that two seats
    never share a file: ``vera?`` -> ``vera%3F.txt``, ``vera*`` -> ``vera%2A.txt``."""
    def safe(at: int, char: str) -> str:
        if char in _UNSAFE or ord(char) < 32 or ord(char) == 127 or (at == 0 and char == "."):
            return "".join(f"%{byte:02X}" for byte in char.encode("utf-8"))
        return char
    return "".join(safe(at, char) for at, char in enumerate(seat)) + ".txt"


class Turn:
    """One turn answered and closed, and what each reader saw of it."""

    def __init__(self, game: Game, languages: dict[Seat, Lang], turn: int | None,
                 before: dict[str, Any] | None = None) -> None:
        self.game = game
        self.desk = desk_for(game.ruleset)
        self.turn = turn
        """The turn resolved (:func:`referee.cli.orders.game_turn` before it)."""
        self.languages = languages
        """Each seat's language, for its report."""
        game.catch_up_logs(game.seats)
        self.start = len(game.log_for(REFEREE))
        self.starts = {seat: len(game.log_for(seat)) for seat in game.seats}
        self.answered = Answered()
        self.reports: dict[Seat, Path] = {}
        self.before = before if before is not None else self.desk.master_view(game)
        """The game master's view before the turn: who else may record the
        turn (a room's camera) and how each is headed."""
        self._records: dict[tuple[str, Lang], list[str]] = {}
        self._recorded: dict[str, list[Event]] | None = None

    @property
    def voids(self) -> list[VoidOrder]:
        return self.answered.voids

    @property
    def refused(self) -> list[tuple[str, RefereeError]]:
        return self.answered.refused

    def answer(self, orders: dict[str, Any]) -> None:
        """Every seat's orders, by seat name; a seat the game does not ask, or
        orders refused whole, are reported and the others go on."""
        give_orders(self.game, orders, self.answered)

    def close(self, decision: Decision, rng: Random) -> None:
        """Close the decision (its deadline has passed), then roll any chance
        the rules ask for until they wait for a decision again; the void
        orders are read from what the rules told each seat."""
        with collector_paused():
            if self.game.waiting is decision:
                self.game.close()
            while isinstance(self.game.waiting, Chance):
                self.game.roll_random(rng)
        self.game.catch_up_logs(self.game.seats)
        self.answered.voids = self.desk.void_orders(self.new_events(REFEREE))

    def new_events(self, seat: Seat) -> list[Event]:
        start = self.start if seat == REFEREE else self.starts[seat]
        return self.game.log_for(seat)[start:]

    def lines(self, seat: Seat, lang: Lang) -> list[str]:
        return self.desk.report(self.new_events(seat), seat, lang)

    def observers(self) -> list[str]:
        """The other observers (a ruleset's cameras) that recorded something
        this turn, in order."""
        every = self.desk.observers(self.before)
        return [token for token in every if self.record(token, "en")]

    def recorded(self, observer: str) -> list[Event]:
        """The events of this turn meant for ``observer`` rather than announced
        to everyone: for every other observer the desk knows at once, in one
        pass over the turn (an event's seats passed over in one step)."""
        recorded = self._recorded
        if recorded is None:
            known = frozenset(self.desk.observers(self.before))
            recorded = self._recorded = {token: [] for token in known}
            for event in self.new_events(REFEREE):
                observers = event.audience.observers
                if observers:
                    for token in known & observers:
                        recorded[token].append(event)
        found = recorded.get(observer)
        if found is None:
            found = recorded[observer] = [
                event for event in self.new_events(REFEREE)
                if observer in (event.audience.observers or ())]
        return found

    def record(self, observer: str, lang: Lang) -> list[str]:
        """What ``observer`` recorded this turn (worked out once in each language)."""
        key = (observer, lang)
        if key not in self._records:
            self._records[key] = self.desk.record(self.recorded(observer), observer, lang)
        return self._records[key]

    def observer_title(self, observer: str) -> Msg:
        return self.desk.observer_title(self.before, observer)

    def report(self, seat: Seat) -> str:
        """``seat``'s report of the turn in its own language, as a chat message:
        a heading with its name and the turn, then every line it saw."""
        lang = self.languages[seat]
        name = self.game.seat_name(seat)
        head = msg("resolve.report-head", name=name, turn=self.turn) \
            if self.turn is not None else msg("resolve.report-head-no-turn", name=name)
        lines = [render(head, lang), "", *self.lines(seat, lang)]
        if self.game.is_over:
            lines += ["", outcome_line(self.game, lang)]
        return "\n".join(lines) + "\n"

    def write_reports(self, paths: dict[Seat, Path], texts: dict[Seat, str]) -> None:
        """Each seat's report (:meth:`report`, in ``texts``) to its file of
        ``paths`` (:func:`prepare_reports`), each written whole."""
        for seat in self.game.seats:
            write_text_atomic(paths[seat], texts[seat])
            self.reports[seat] = paths[seat]

    def as_json(self, lang: Lang) -> dict[str, Any]:
        game = self.game
        outcome = game.outcome()
        data: dict[str, Any] = {
            "seats": {seat: {"name": render(game.seat_name(seat), self.languages[seat]),
                             "lang": self.languages[seat],
                             "log": self.lines(seat, self.languages[seat]),
                             "state": game.view(seat)["state"]}
                      for seat in game.seats},
            "observers": {token: self.record(token, lang) for token in self.observers()},
            "referee": self.lines(REFEREE, lang),
            "voids": [void_json(void, lang) for void in self.voids if void.kind == VOID],
            "impossible": [void_json(void, lang) for void in self.voids
                           if void.kind == IMPOSSIBLE],
            "refused": [{"seat": seat, "reason": exc.render(lang)} for seat, exc in self.refused],
            "outcome": outcome.to_json() if outcome is not None else None,
        }
        return data

    def reports_json(self) -> dict[str, str]:
        """Where each seat's report was written, for ``--json``."""
        return {seat: str(path) for seat, path in self.reports.items()}

    def text(self, lang: Lang) -> list[str]:
        """What is printed of the turn without ``--json``: each seat's part of
        the log, each other observer's records, the game master's log; the
        part of each reader one text of several lines, its heading then its
        lines indented."""
        game = self.game
        lines: list[str] = []
        for seat in game.seats:
            lines.append(_part(f"== {render(game.seat_name(seat), lang)} ({seat})",
                               self.lines(seat, lang)))
        for token in self.observers():
            lines.append(_part(f"== {render(self.observer_title(token), lang)}",
                               self.record(token, lang)))
        lines.append(_part(f"== {render(msg('resolve.referee'), lang)}",
                           self.lines(REFEREE, lang)))
        lines += [render(msg("resolve.refused", seat=seat, reason=exc.render(lang)), lang)
                  for seat, exc in self.refused]
        if game.is_over:
            lines.append(outcome_line(game, lang))
        return lines

    def written(self, lang: Lang) -> list[str]:
        """Where each report was written, in ``lang``."""
        return [render(msg("resolve.report-written", path=str(path),
                           name=self.game.seat_name(seat),
                           language=msg(f"resolve.language.{self.languages[seat]}")), lang)
                for seat, path in self.reports.items()]


def _part(heading: str, lines: list[str]) -> str:
    """A reader's part of the text: ``heading``, then each line indented."""
    return "\n  ".join([heading, *lines])


def void_json(void: VoidOrder, lang: Lang) -> dict[str, str | None]:
    """A void (or impossible) order as ``--json`` lists it, in ``lang``."""
    return {"seat": void.seat, "part": void.part,
            "what": render(void.what, lang) if void.what is not None else None,
            "reason": render(void.reason, lang)}


def seat_languages(game: Game, chosen: Lang, given: list[str],
                   master: dict[str, Any] | None = None) -> dict[Seat, Lang]:
    """Each seat's language: ``--seat-lang``, else the scenario's (as the game
    master's view, ``master``, gives it), else ``chosen``."""
    named = parse_seat_languages(given, game.seats, "--seat-lang")
    desk = desk_for(game.ruleset)
    if master is None:
        master = desk.master_view(game)
    return {seat: named.get(seat) or desk.seat_language(master, seat) or chosen
            for seat in game.seats}


@user_errors
def resolve(
    game_file: Annotated[Path, typer.Argument(
        metavar="GAME", help="The game so far: a game file (JSON), or a scenario to start.")],
    orders: Annotated[list[Path], typer.Argument(
        metavar="ORDERS...", help="Everyone's orders (TOML, a table per character): one "
                                  "file, a file per character, or a folder of them.")],
    out_path: Annotated[Path | None, typer.Option(
        "--out", help="Write the game after this turn to this new game file.")] = None,
    reports: Annotated[Path | None, typer.Option(
        "--reports", metavar="DIR",
        help="Write each character's report to DIR/CHARACTER.txt, in its language.")] = None,
    as_json_flag: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: LangOption = None,
    seat_lang: Annotated[list[str] | None, typer.Option(
        "--seat-lang", metavar="CHARACTER=LANG",
        help="A character's own language (en or ru) for its report; repeatable.")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed for any chance the rules roll after the deadline.")] = None,
    any_version: AnyVersionOption = False,
    force: ForceOption = False,
) -> None:
    """Resolve one turn: answer every seat's orders, close the turn, print what
    each seat, each other observer and the game master saw."""
    # What is read and made here lives until the command ends: the collector's
    # passes would find nothing, and cost more the larger the game.
    with collector_paused():
        _resolve(game_file, orders, out_path, reports, as_json_flag, language(lang),
                 seat_lang or [], seed, any_version, force)


def _resolve(game_file: Path, orders: list[Path], out_path: Path | None, reports: Path | None,
             as_json_flag: bool, chosen: Lang, seat_lang: list[str], seed: int | None,
             any_version: bool, force: bool) -> None:
    source = str(game_file)
    if out_path is not None:
        check_out_path(game_file, out_path, orders_files(orders), force)
    game = open_game(game_file, chosen, any_version)
    decision = open_decision(game, source)
    desk = desk_for(game.ruleset)
    before = desk.master_view(game)  # the game master's view before the turn, built once
    turn_number = desk.turn(before)
    languages = seat_languages(game, chosen, seat_lang, before)
    table = read_orders_files(orders, game, source, lambda: turn_number)
    inputs = (game_file, *orders_files(orders), *((out_path,) if out_path is not None else ()))
    paths = prepare_reports(reports, game.seats, inputs, force) if reports is not None else {}
    turn = Turn(game, languages, turn_number, before)
    turn.answer(table)
    turn.close(decision, Random(seed))
    # Everything is made before anything is written: a failure leaves no file.
    with CATALOGUE.remembering():  # a line many read is worded once per language
        texts = {seat: turn.report(seat) for seat in game.seats} if reports is not None else {}
        shown = turn.as_json(chosen) if as_json_flag else turn.text(chosen)
    # The process ends with the command: nothing of it, nor the parts prepared
    # for its scenario, is freed.
    kept_to_the_end(game, turn, PREPARED)
    if out_path is not None:
        save_game(game, out_path)
    if reports is not None:
        turn.write_reports(paths, texts)
    if isinstance(shown, dict):
        if turn.reports:
            shown["reports"] = turn.reports_json()
        write_json(shown)
        return
    write_plain([*shown, *turn.written(chosen)])


def write_json(data: dict[str, Any]) -> None:
    """``data`` to standard output as indented JSON (``json.dumps(data,
    ensure_ascii=False, indent=2)``), one character's view after another
    rather than all of it made into one text first."""
    stream = sys.stdout
    write_indented(data, stream)
    stream.write("\n")
    stream.flush()


def write_plain(lines: Sequence[str]) -> None:
    """``lines`` to standard output as they are, in one write: no markup, no
    wrapping, no highlighting, and none of the cost of a rich console for a
    turn of thousands of lines."""
    stream = sys.stdout
    if lines:
        stream.write("\n".join(lines))
        stream.write("\n")  # not added to the text: a copy of all of it (11 MB, 10,000 characters)
    stream.flush()
