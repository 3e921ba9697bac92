"""A person at the terminal: the board, the log, and a way to answer every
decision.

A choice among options is a numbered list. A decision answered by shape (the
seat's view carries ``waiting.answer_schema``, a JSON Schema, and maybe
``waiting.template``) is answered by a guided form driven by that schema
(field by field; list items one at a time; optional fields skipped on empty
input), by an editor (``$VISUAL`` or ``$EDITOR``) opened on the template or
the last draft as JSON, or by JSON typed on one line. When the game refuses an
answer, every reason is shown in the player's language and the draft is kept
for the next try: nothing typed is lost.

A decision with one legal answer is not asked: it is answered and said in one
line. Options that would read alike are told apart; Enter alone picks nothing.

Several people at one terminal (hot seat) share a :class:`Screen`: when
another person's seat is to answer, the screen and its scrollback are cleared
and the next player presses Enter before reading anything of theirs.

The driver knows nothing of any ruleset: only the JSON Schema, or the form a
ruleset's display offers for an answer (:mod:`referee.display.forms`), asked
in the player's words.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import tempfile
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from referee.boards.tablemap import message_from_json
from referee.cli import table_map
from referee.cli.objectives import asks_for_objectives, print_objectives
from referee.core.drivers import Ask
from referee.core.errors import RefereeError
from referee.core.events import REFEREE, Event, Seat
from referee.core.game import Game
from referee.core.i18n import CATALOGUE, Lang, Msg, Name, for_reader, msg, render
from referee.core.limits import TooLarge, read_json
from referee.core.waits import JSON
from referee.display import display_for

CATALOGUE.load(Path(__file__).with_name("play.toml"))
CLEAR = "\033[H\033[2J\033[3J"
"""Home, clear the screen, clear the scrollback (xterm, tmux, most terminals)."""


class _Missing:
    """No value: an optional field left out."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_SCALARS = ("integer", "number", "boolean", "string", "null")


def board(console: Console, ask: Ask, lang: Lang) -> None:
    """Print the board as the asked seat sees it, if the ruleset draws one:
    the map of a table (:mod:`referee.cli.table_map`), or the ruleset's table."""
    if table_map.show(console, ask, lang):
        return
    display = display_for(ask.ruleset)
    shape = None if display is None else display.board_table(ask.view, lang)
    if display is None or shape is None:
        return
    headings, rows = shape
    table = Table(*headings)
    for row in rows:
        table.add_row(*row)
    console.print(table)
    for line in display.board_notes(ask.view, lang):
        console.print(line, markup=False)


def capitalized(text: str) -> str:
    """``text`` starting a sentence ("the Lawmen ..." -> "The Lawmen ...")."""
    return text[:1].upper() + text[1:]


def after_colon(question: Msg, lang: Lang) -> str:
    """``question`` as it reads after a colon ("Ходит сэр Макс: …"): in
    Russian, whose sentences go on after a colon in lower case, its first
    letter lowered unless it begins a name with a capital of its own
    («…: Лариса в Метро»; «…: сэр Макс в Порту», never «Сэр Макс»)."""
    text = render(question, lang)
    if lang != "ru" or (not "А" <= text[:1] <= "Я" and text[:1] != "Ё"):
        return text
    first = text.split(maxsplit=1)[0].casefold()
    for name in _names_in(question):
        forms = (name.render(lang), *(form for _, form in name.cases))
        if any(form[:1].isupper() and first[:4] == form.split(maxsplit=1)[0][:4].casefold()
               for form in forms if form):
            return text
    return text[:1].lower() + text[1:]


def _names_in(message: Msg | Name | str | int | object) -> list[Name]:
    """Every name a message carries, at any depth."""
    if isinstance(message, Name):
        return [message]
    if isinstance(message, Msg):
        return [name for value in message.params.values() for name in _names_in(value)]
    if isinstance(message, tuple):
        return [name for value in message for name in _names_in(value)]
    return []


def told_apart(labels: Sequence[str], lang: Lang) -> list[str]:
    """The option labels with any that read alike numbered, so that no two
    lines of a list are the same ("... — variant 1 of 2")."""
    counts = Counter(labels)
    seen: Counter[str] = Counter()
    result: list[str] = []
    for label in labels:
        if counts[label] < 2:
            result.append(label)
            continue
        seen[label] += 1
        result.append(render(msg("play.alike", label=label, n=seen[label], count=counts[label]),
                             lang))
    return result


def is_outcome_line(game: Game, event: Event) -> bool:
    """The ruleset's own line saying why the game ended: left out of a
    printout, whose closing outcome line says it, so the end is said once."""
    outcome = game.outcome()
    return (outcome is not None and event.audience.is_public
            and event.text.params.get("reason") == outcome.reason)


class Screen:
    """What the terminal shows of the log, and to whom.

    With no person playing, the referee's log; with one, that seat's view;
    with several at one terminal, the view of the seat sitting at it (before
    the first person sits down, public lines only). When another person's
    seat is to answer, the screen and its scrollback are cleared and the next
    player presses Enter, then reads, in their own seat's wording, everything
    that seat may see since it last sat: one player's hand is never on screen
    when the other sits down. Once the game is over, the log's own line
    announcing the end (the one carrying the outcome's reason) is left to the
    outcome line, so the end is said once.
    """

    def __init__(self, console: Console, lang: Lang, game: Game, humans: Sequence[Seat],
                 read: Callable[[str], str]) -> None:
        self.console = console
        self.lang = lang
        self.game = game
        self.humans = tuple(humans)
        self.read = read
        self.sitting: Seat | None = (REFEREE if not self.humans else
                                     self.humans[0] if len(self.humans) == 1 else None)
        """Whose view is on screen; None: several people, nobody seated yet."""
        self.seen: dict[Seat | None, int] = {}
        self.notes: dict[Seat, list[tuple[int, str]]] = {}
        """Lines printed for a seat alone (an answer given for it), by its log position."""
        self.briefed: set[Seat] = set()
        """Seats shown their objectives, once each, as they first sat down."""

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def lines(self, seat: Seat | None) -> list[Event]:
        """The events ``seat`` may see (None: the public ones)."""
        if seat is None:
            return [e for e in self.game.log_for(REFEREE) if e.audience.is_public]
        return self.game.log_for(seat)

    def flush(self) -> None:
        """Print what the seat at the terminal has not seen yet."""
        seat = self.sitting
        if seat is not None and seat not in self.briefed:
            self.briefed.add(seat)
            print_objectives(self.console, self.game.view(seat), self.lang,
                             hint=bool(self.humans))
        events = self.lines(seat)
        start = self.seen.get(seat, 0)
        notes = self.notes.get(seat, []) if seat is not None else []
        for index in range(start, len(events)):
            notes = self._notes_before(notes, index)
            if not self._is_end_line(events[index]):
                text = render(for_reader(events[index].text, seat or REFEREE), self.lang)
                self.console.print(text, markup=False)
        self._notes_before(notes, len(events))
        if seat is not None:
            self.notes[seat] = []
        self.seen[seat] = len(events)

    def _notes_before(self, notes: list[tuple[int, str]], index: int) -> list[tuple[int, str]]:
        while notes and notes[0][0] <= index:
            self.console.print(notes[0][1], markup=False)
            notes = notes[1:]
        return notes

    def _is_end_line(self, event: Event) -> bool:
        return is_outcome_line(self.game, event)

    def sit(self, seat: Seat) -> bool:
        """``seat`` is to answer: with several people at the terminal and
        another seated, clear the screen and wait for the next player.
        Whether the screen was cleared."""
        cleared = self.hot_seat and seat != self.sitting
        if cleared:
            self.clear()
            name = render(self.game.seat_name(seat), self.lang)
            heading = capitalized(render(msg("play.hand-over", seat=name), self.lang))
            self.console.print(f"[bold]{escape(heading)}[/]")
            self.read(capitalized(render(msg("play.ready", seat=name), self.lang)) + " ")
            self.sitting = seat
        self.flush()
        return cleared

    def note(self, seat: Seat, text: str) -> None:
        """A line for ``seat`` alone: printed now if it sits at the terminal,
        else when it next sits down, in its place among its log lines."""
        self.notes.setdefault(seat, []).append((len(self.lines(seat)), text))
        if seat == self.sitting:
            self.flush()

    def clear(self) -> None:
        self.console.file.write(CLEAR)
        self.console.file.flush()


PERSON = ("p", "person", "h", "human", "ч", "человек", "з")
BOT = ("b", "bot", "r", "random", "б", "бот", "и")
"""Answers to "who plays": English, Russian, and the same keys on a Russian layout."""


def ask_who_plays(player: TerminalPlayer, names: Mapping[Seat, str],
                  person_first: bool) -> dict[Seat, str]:
    """Ask who plays each seat in ``names`` (seat -> its name): ``human`` or
    ``random``. Enter takes the default shown: a person for the first seat
    when ``person_first`` (nobody else plays in person yet), a bot after."""
    player._say(msg("play.seats.head"))
    kinds: dict[Seat, str] = {}
    person = person_first
    for seat, name in names.items():
        default = "p" if person else "b"
        prompt = f"{capitalized(player._text(msg('play.seats.ask', seat=name)))} [{default}]: "
        while True:
            reply = player.read(prompt).strip().lower() or default
            if reply in PERSON or reply in BOT:
                break
            player._say(msg("play.seats.again"))
        kinds[seat] = "human" if reply in PERSON else "random"
        person = False
    return kinds


def _answered_alone(ask: Ask) -> bool:
    """A question with one legal answer, which the terminal gives without asking."""
    return ask.answer_schema is None and len(ask.options) == 1


class TerminalPlayer:
    """Asks a person for each answer. The game loop tells it of a refusal
    with :meth:`refused` and asks again; the draft is kept until
    :meth:`accepted`. Before a question it shows the board
    (:meth:`display`, which the loop calls after an input), unless the
    board is on the screen as it is; asked again the same question, it does
    not show it again."""

    def __init__(self, console: Console, lang: Lang, stream: TextIO | None = None,
                 environ: Mapping[str, str] | None = None) -> None:
        self.console = console
        self.lang = lang
        self.stream = stream
        self.environ = os.environ if environ is None else environ
        self.drafts: dict[Seat, JSON] = {}
        self.texts: dict[Seat, str] = {}
        """Editor text that is not JSON yet, kept as typed."""
        self.errors: dict[Seat, list[str]] = {}
        self.screen: Screen | None = None
        """Shared with the log when several people play at this terminal."""
        self.displayed: Ask | None = None
        """The question the board was last shown for."""
        self.boards: dict[Seat, str] = {}
        """The board each seat was last shown, as drawn."""
        self.numbering: dict[Seat, tuple[str, dict[str, int]]] = {}
        """The question each seat was last asked, and each option's number then."""

    # -- what the game loop calls -------------------------------------------------

    def refused(self, seat: Seat, error: RefereeError) -> None:
        """The game refused ``seat``'s last answer: show why at the next ask."""
        self.errors.setdefault(seat, []).append(error.render(self.lang))

    def accepted(self, seat: Seat) -> None:
        self.drafts.pop(seat, None)
        self.texts.pop(seat, None)
        self.errors.pop(seat, None)

    def wants_display(self, ask: Ask) -> bool:
        """The board is shown before every question but one answered alone."""
        return not _answered_alone(ask)

    def display(self, ask: Ask) -> None:
        """The asked seat sits down at the terminal (several people: the next
        one takes over a cleared screen) and its board is shown, unless it
        is on the screen already as it is now."""
        cleared = self.screen.sit(ask.seat) if self.screen is not None else False
        with self.console.capture() as drawn:
            board(self.console, ask, self.lang)
        shown = drawn.get()
        if cleared or self.boards.get(ask.seat) != shown:
            board(self.console, ask, self.lang)
            self.boards[ask.seat] = shown
        self.displayed = ask

    def choose(self, ask: Ask) -> JSON:
        if _answered_alone(ask):
            return self._only(ask)
        if ask is not self.displayed:  # not shown yet; asked again after a refusal, it was
            self.display(ask)
        seat = render(ask.seat_name, self.lang)
        heading = render(msg("core.seat", seat=seat), self.lang)
        self.console.print(f"[bold]{escape(capitalized(heading))}[/]: "
                           f"{escape(after_colon(ask.decision.question, self.lang))}")
        self._show_errors(ask.seat)
        if ask.answer_schema is not None:
            point = table_map.ask_point(self, ask)  # a point on the table: typed as x y
            if point is not None:
                return point
            return self._structured(ask, ask.answer_schema)
        return self._option(ask)

    # -- options ------------------------------------------------------------------

    def _only(self, ask: Ask) -> JSON:
        """The one legal answer, given without asking and said in one line."""
        option = ask.options[0]
        line = capitalized(self._text(msg(
            "play.only", seat=render(ask.seat_name, self.lang),
            question=after_colon(ask.decision.question, self.lang),
            option=self._text(option.label))))
        if self.screen is not None:
            self.screen.note(ask.seat, line)
        else:
            self.console.print(line, markup=False)
        return option.value

    def _option(self, ask: Ask) -> JSON:
        from referee.odds.at_the_table import odds_at_the_table  # not loaded by other commands

        options = ask.options
        if not options:
            self._say(msg("core.terminal.no-options"))
            return self._json_line(ask.seat)
        labels = told_apart([render(option.label, self.lang) for option in options], self.lang)
        odds = odds_at_the_table(ask) or {}
        numbers, kept = self._numbers(ask)
        if kept:
            self._say(msg("play.numbers-kept"))
        by_number = sorted(zip(numbers, range(len(options)), strict=True))
        for number, index in by_number:
            chance = odds.get(index)
            shown = "" if chance is None else f" [dim]({escape(self._text(chance))})[/]"
            self.console.print(f"  {number}. {escape(labels[index])}{shown}")
        chosen = {number: options[index].value for number, index in by_number}
        prompt = f"{self._text(msg('play.choice', count=max(chosen)))}: "
        while True:
            reply = self.read(prompt).strip()
            if not reply:
                self._say(msg("play.enter-alone"))
                continue
            if reply.isdigit() and int(reply) in chosen:
                return chosen[int(reply)]
            for option in options:
                if reply == option.value:
                    return option.value
            if asks_for_objectives(reply):
                print_objectives(self.console, ask.view, self.lang)
                continue
            self._say(msg("play.not-listed", numbers=tuple(str(n) for n in chosen)) if kept
                      else msg("core.illegal", count=max(chosen)))

    def _numbers(self, ask: Ask) -> tuple[list[int], bool]:
        """The number of each option: as the seat last saw it when the same
        question is asked again (a Watcher playing one card after another),
        each option still offered keeping its number and a new one numbered
        after them; else 1, 2, 3… Whether numbers were kept with a gap."""
        question = render(ask.decision.question, self.lang)
        keys = [json.dumps(option.value, sort_keys=True) for option in ask.options]
        last = self.numbering.get(ask.seat)
        before = last[1] if last is not None and last[0] == question else {}
        if not any(key in before for key in keys):
            before = {}
        numbers: list[int] = []
        following = max(before.values(), default=0)
        for key in keys:
            if key in before:
                numbers.append(before[key])
            else:
                following += 1
                numbers.append(following)
        self.numbering[ask.seat] = (question, dict(zip(keys, numbers, strict=True)))
        return numbers, sorted(numbers) != list(range(1, len(numbers) + 1))

    # -- answers by shape ---------------------------------------------------------

    def _structured(self, ask: Ask, schema: dict[str, JSON]) -> JSON:
        seat = ask.seat
        while True:
            value = self._shaped(ask, schema)
            self.drafts[seat] = value
            voids = self.void_parts(seat, value)
            if not voids or self._send_anyway(voids):
                return value

    def _shaped(self, ask: Ask, schema: dict[str, JSON]) -> JSON:
        """One answer by shape: the form, the editor or a line of JSON, as the
        person chooses, starting from the draft (or the offered answer)."""
        seat = ask.seat
        display = display_for(ask.ruleset)
        own_form = display.answer_form(ask.view) if display is not None else None
        if seat in self.drafts:
            draft = self.drafts[seat]
            if own_form is None:  # the ruleset's form shows a draft in its own words
                self._say(msg("core.terminal.draft"))
                self.console.print(escape(json.dumps(draft, ensure_ascii=False)))
        elif ask.template is not None:
            draft = ask.template
            if own_form is None:
                self._say(msg("core.terminal.template"))
                self.console.print(escape(json.dumps(draft, ensure_ascii=False)))
        else:
            draft = MISSING
        editor = self._editor()
        while True:
            self._say(msg("core.terminal.how", editor=editor) if editor is not None
                      else msg("core.terminal.how-no-editor"))
            how = self.read(f"{self._text(msg('core.terminal.how-prompt'))} [g]: ")
            how = how.strip().lower() or "g"
            value: JSON = MISSING
            if asks_for_objectives(how):
                print_objectives(self.console, ask.view, self.lang)
            elif how.startswith(("g", "п")) and own_form is not None:
                value = own_form.fill(Prompts(self), None if draft is MISSING else draft)
            elif how.startswith(("g", "п")):
                value = Form(self, schema).fill(schema, draft, "answer", True)
            elif how.startswith(("e", "у")):
                value = self._edit(seat, draft)
            elif how.startswith(("j", "о")):
                value = self._json_line(seat)
            else:
                self._say(msg("core.terminal.how-unknown", reply=how))
            if value is not MISSING:
                return value

    def void_parts(self, seat: Seat, value: JSON) -> list[dict[str, Any]]:
        """The parts of ``value`` the rules would leave out as void (each
        ``part`` and ``reason``), tried on a copy of the game and read from
        the seat's own view; none when there is no game to try it on or the
        answer would be refused whole (the game says why when it is sent)."""
        game = self.screen.game if self.screen is not None else None
        if game is None:
            return []
        trial = game.fork()
        try:
            trial.answer(seat, value)
        except RefereeError:
            return []
        waiting = trial.view(seat).get("waiting")
        voids = waiting.get("your_void_parts") if isinstance(waiting, dict) else None
        return [v for v in voids if isinstance(v, dict)] if isinstance(voids, list) else []

    def _send_anyway(self, voids: list[dict[str, Any]]) -> bool:
        """Show the void parts; whether the person sends the answer without
        them (the default: no, edit it again, the draft kept)."""
        self.console.print(f"[bold yellow]{escape(self._text(msg('core.terminal.voids')))}[/]")
        for void in voids:
            line = msg("core.terminal.void", part=str(void.get("part", "")),
                       reason=message_from_json(void.get("reason")))
            self.console.print(f"  {escape(self._text(line))}")
        return Form(self, {}).yes(msg("core.terminal.send-anyway"), False)

    def _json_line(self, seat: Seat) -> JSON:
        while True:
            line = self.read("JSON: ")
            try:
                return read_json(line)
            except json.JSONDecodeError as exc:
                self._say(msg("core.terminal.not-json", cause=str(exc)))
            except TooLarge as exc:
                self._say(msg("core.terminal.not-json", cause=exc.message))

    def _editor(self) -> str | None:
        return self.environ.get("VISUAL") or self.environ.get("EDITOR") or None

    def _edit(self, seat: Seat, draft: JSON) -> JSON:
        """Open the editor on the draft (or the text last written there)."""
        editor = self._editor()
        if editor is None:
            self._say(msg("core.terminal.no-editor"))
            return MISSING
        text = self.texts.get(seat)
        if text is None:
            text = json.dumps({} if draft is MISSING else draft, ensure_ascii=False,
                              indent=2) + "\n"
        handle, name = tempfile.mkstemp(prefix="referee-answer-", suffix=".json")
        path = Path(name)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            try:
                done = subprocess.run([*shlex.split(editor), str(path)], check=False)
            except OSError as exc:
                self._say(msg("core.terminal.editor-failed", cause=str(exc)))
                return MISSING
            if done.returncode != 0:
                self._say(msg("core.terminal.editor-failed",
                              cause=f"exit status {done.returncode}"))
                return MISSING
            text = path.read_text(encoding="utf-8")
        finally:
            path.unlink(missing_ok=True)
        try:
            value = read_json(text)
        except (json.JSONDecodeError, TooLarge) as exc:
            self.texts[seat] = text
            self._say(msg("core.terminal.not-json", cause=exc.message
                          if isinstance(exc, TooLarge) else str(exc)))
            return MISSING
        self.texts.pop(seat, None)
        return value

    # -- the screen ---------------------------------------------------------------

    def read(self, prompt: str) -> str:
        """One line typed by the person. :raises EOFError: at the end of input."""
        if self.stream is None:
            return self.console.input(escape(prompt))
        self.console.print(escape(prompt), end="")
        line = self.stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")

    def _text(self, message: Msg) -> str:
        return render(message, self.lang)

    def _say(self, message: Msg) -> None:
        self.console.print(escape(self._text(message)))

    def _show_errors(self, seat: Seat) -> None:
        errors = self.errors.pop(seat, [])
        if not errors:
            return
        self.console.print(f"[bold red]{escape(self._text(msg('core.terminal.refused')))}[/]")
        for text in errors:
            self.console.print(f"  {escape(text)}")


class Prompts:
    """A person at the terminal as a ruleset's own form asks them
    (:class:`referee.display.forms.Prompter`)."""

    def __init__(self, player: TerminalPlayer) -> None:
        self.player = player
        self.lang = player.lang

    def ask(self, prompt: str) -> str:
        return self.player.read(prompt)

    def say(self, text: str) -> None:
        self.player.console.print(text, markup=False, highlight=False)


class Form:
    """A guided form driven by a JSON Schema: each field asked in turn.

    What the form says of a field is player text only: a node's ``x-label``
    and ``x-help`` name catalogue keys (its name and a line of help, in the
    player's language), or give a name or message as a view carries it
    (``{"en": ..., "ru": ...}``, ``{"key": ..., "params": ...}``: a fighter
    by its name); a schema's ``title`` and ``description`` (a code model's
    names and docstrings) are never shown."""

    def __init__(self, player: TerminalPlayer, root: Mapping[str, Any]) -> None:
        self.player = player
        self.root = root
        self.titles: dict[str, str] = {}
        """Field path -> how the form names it ("Movement → target room")."""

    def deref(self, node: Mapping[str, Any]) -> Mapping[str, Any]:
        seen = 0
        while "$ref" in node and seen < 32:
            ref = str(node["$ref"])
            target: Any = self.root
            for part in ref.removeprefix("#/").split("/"):
                target = target.get(part, {}) if isinstance(target, Mapping) else {}
            node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
            seen += 1
        return node

    def alternatives(self, node: Mapping[str, Any]) -> tuple[list[Mapping[str, Any]], bool]:
        """The non-null shapes a value may take, and whether null is allowed."""
        node = self.deref(node)
        options = node.get("anyOf") or node.get("oneOf")
        if not options:
            kinds = node.get("type")
            if isinstance(kinds, list):
                typed: list[Mapping[str, Any]] = [{**node, "type": k} for k in kinds
                                                  if k != "null"]
                return typed, "null" in kinds
            return [node], node.get("type") == "null"
        shapes: list[Mapping[str, Any]] = []
        nullable = False
        for option in options:
            inner, null = self.alternatives(option)
            nullable = nullable or null
            shapes += [s for s in inner if s.get("type") != "null"]
        return shapes, nullable

    def text_of(self, node: Mapping[str, Any], shapes: list[Mapping[str, Any]],
                key: str) -> str | None:
        """The catalogue text a node (or its one shape) names under ``key``."""
        for where in (node, self.deref(node), *shapes[:1]):
            found = where.get(key)
            if isinstance(found, str) and found:
                return self.player._text(msg(found))
            if isinstance(found, Mapping) and found:
                return render(message_from_json(found), self.player.lang)
        return None

    def label(self, path: str) -> str:
        """A field as the form names it: its title with its path, the name
        typed in JSON ("Movement → target room (move.to)"), or the path."""
        title = self.titles.get(path)
        return path if not title else f"{title} ({path})"

    def fill(self, node: Mapping[str, Any], current: JSON, label: str, required: bool) -> JSON:
        """The value of one field; MISSING when an optional field is skipped."""
        shapes, nullable = self.alternatives(node)
        title = self.text_of(node, shapes, "x-label")
        if title:
            parent = self.titles.get(label.rsplit(".", 1)[0]) if "." in label else None
            self.titles[label] = f"{parent} → {title}" if parent else capitalized(title)
        hint = self.text_of(node, shapes, "x-help")
        if hint:
            self.player.console.print(f"[dim]{escape(' '.join(hint.split()))}[/]")
        if current is None and (not required or nullable):
            current = MISSING  # an empty optional field: nothing to keep
        structured = [s for s in shapes if _kind(s) in ("object", "array", "map")]
        if len(shapes) == 1 and structured:
            shape = structured[0]
            optional = not required or nullable
            if optional and _kind(shape) == "object" and not self.yes(
                    msg("core.terminal.fill-in", field=self.label(label)),
                    current is not MISSING):
                return MISSING if not required else None
            if _kind(shape) == "object":
                return self.object(shape, current, label)
            if _kind(shape) == "array":
                items = self.array(shape, current, label)
                return MISSING if optional and not items and current is MISSING else items
            return self.mapping(shape, current, label)
        return self.scalar(shapes, current, label, required and not nullable)

    def object(self, shape: Mapping[str, Any], current: JSON, label: str) -> JSON:
        old = current if isinstance(current, dict) else {}
        needed = set(shape.get("required", ()))
        result: dict[str, JSON] = {}
        for name, field in (shape.get("properties") or {}).items():
            value = self.fill(field, old.get(name, MISSING), f"{label}.{name}"
                              if label != "answer" else name, name in needed)
            if value is not MISSING:
                result[name] = value
        return result

    def array(self, shape: Mapping[str, Any], current: JSON, label: str) -> list[JSON]:
        items: list[JSON] = list(current) if isinstance(current, list) else []
        named = self.label(label)
        if items:
            self.player.console.print(escape(json.dumps(items, ensure_ascii=False)))
            if not self.yes(msg("core.terminal.keep-items", field=named, count=len(items)), True):
                items = []
        item_shape: Mapping[str, Any] = shape.get("items") or {}
        shapes, _ = self.alternatives(item_shape)
        if len(shapes) == 1 and _kind(shapes[0]) in ("object", "array", "map"):
            while self.yes(msg("core.terminal.add-item", field=named), False):
                path = f"{label}[{len(items)}]"
                self.titles[path] = self.titles.get(label, "")
                items.append(self.fill(shapes[0], MISSING, path, True))
            return items
        while True:
            prompt = self.player._text(msg("core.terminal.next-item", field=named,
                                           number=len(items) + 1, kinds=self.kinds(shapes)))
            value = self.ask_scalar(shapes, f"{prompt}: ", allow_empty=True)
            if value is MISSING:
                return items
            items.append(value)

    def mapping(self, shape: Mapping[str, Any], current: JSON, label: str) -> dict[str, JSON]:
        result: dict[str, JSON] = dict(current) if isinstance(current, dict) else {}
        named = self.label(label)
        if result:
            self.player.console.print(escape(json.dumps(result, ensure_ascii=False)))
            if not self.yes(msg("core.terminal.keep-items", field=named, count=len(result)),
                            True):
                result = {}
        value_shape = shape.get("additionalProperties")
        value_shape = value_shape if isinstance(value_shape, Mapping) else {}
        while True:
            key = self.player.read(self.player._text(msg("core.terminal.key", field=named))
                                   + ": ").strip()
            if not key:
                return result
            result[key] = self.fill(value_shape, MISSING, f"{label}.{key}", True)

    def scalar(self, shapes: list[Mapping[str, Any]], current: JSON, label: str,
               required: bool) -> JSON:
        kept = MISSING if current is MISSING else self.shown(current)
        if kept is MISSING:
            hint = None if required else msg("core.terminal.hint.skip")
        else:
            hint = msg("core.terminal.hint.keep" if required
                       else "core.terminal.hint.keep-or-clear", value=kept)
        question = msg("core.terminal.field", field=self.label(label), kinds=self.kinds(shapes))
        prompt = self.player._text(question if hint is None else msg(
            "core.terminal.field-hint", question=question, hint=hint)) + ": "
        while True:
            value = self.ask_scalar(shapes, prompt, allow_empty=True)
            if value == "-":
                if not required:
                    return MISSING
                self.player._say(msg("core.terminal.empty-value"))
                continue
            if value is not MISSING:
                return value
            if current is not MISSING:
                return current
            if not required:
                return MISSING
            self.player._say(msg("core.terminal.empty-value"))

    def shown(self, value: JSON) -> str:
        """A value as the form shows it: yes and no in words, the rest as JSON."""
        if isinstance(value, bool):
            return self.player._text(msg("core.terminal.yes" if value else "core.terminal.no"))
        return json.dumps(value, ensure_ascii=False)

    def kinds(self, shapes: list[Mapping[str, Any]]) -> str:
        """What a field takes, in the player's words: ``<integer>``, ``<yes or
        no>``, or the values to choose from."""
        names: list[str] = []
        for shape in shapes:
            if "enum" in shape or "const" in shape:
                values = shape.get("enum", [shape.get("const")])
                names.append(" | ".join(str(v) for v in values))
            elif shape.get("type") in _SCALARS:
                names.append(self.player._text(msg(f"core.terminal.kind.{shape['type']}")))
        return f"<{' | '.join(names)}>" if names else ""

    def ask_scalar(self, shapes: list[Mapping[str, Any]], prompt: str,
                   allow_empty: bool) -> JSON:
        while True:
            text = self.player.read(prompt).strip()
            if not text and allow_empty:
                return MISSING
            if text == "-":
                return "-"
            value, problem = _parse(text, shapes)
            if problem is None:
                return value
            self.player.console.print(escape(self.player._text(problem)))

    def yes(self, question: Msg, default: bool) -> bool:
        """A yes-or-no question; Enter takes ``default``; an answer that is
        neither is asked again, saying which answers are taken."""
        mark = self.player._text(msg("core.terminal.yes-no", default="yes" if default else "no"))
        text = self.player._text(question)
        while True:
            reply = self.player.read(f"{text} [{mark}]: ").strip().lower()
            if not reply:
                return default
            if reply in YES:
                return True
            if reply in NO:
                return False
            self.player._say(msg("core.terminal.not-yes-no", value=reply))


YES = ("y", "yes", "д", "да", "true", "1")
NO = ("n", "no", "н", "нет", "false", "0")
"""Answers to a yes-or-no question, in English and in Russian."""


def _kind(shape: Mapping[str, Any]) -> str:
    kind = shape.get("type")
    if kind == "object" or "properties" in shape:
        if not shape.get("properties") and isinstance(shape.get("additionalProperties"),
                                                      Mapping):
            return "map"
        return "object"
    if kind == "array" or "items" in shape or "prefixItems" in shape:
        return "array"
    return str(kind or "any")


def _parse(text: str, shapes: list[Mapping[str, Any]]) -> tuple[JSON, Msg | None]:
    """``text`` as a value of one of the scalar ``shapes`` (numbers first)."""
    if not shapes:
        shapes = [{}]
    enums = [v for s in shapes for v in s.get("enum", [s["const"]] if "const" in s else [])]
    for value in enums:
        if text == str(value) or text == json.dumps(value):
            return value, None
    kinds = [str(s.get("type", "")) for s in shapes if "enum" not in s and "const" not in s]
    for kind in ("integer", "number", "boolean", "string", ""):
        if kind not in kinds:
            continue
        if kind == "integer":
            try:
                return int(text), None
            except ValueError:
                continue
        if kind == "number":
            try:
                number = float(text.replace(",", "."))
            except ValueError:
                continue
            return int(number) if number.is_integer() and "." not in text else number, None
        if kind == "boolean":
            low = text.lower()
            if low in YES:
                return True, None
            if low in NO:
                return False, None
            continue
        if kind == "string":
            return text, None
        try:  # a shape without a type: JSON, or the text itself
            return read_json(text), None
        except json.JSONDecodeError:
            return text, None
        except TooLarge as exc:
            return None, exc.message
    if enums:
        return None, msg("core.terminal.choose-one", values=tuple(str(v) for v in enums))
    if kinds == ["boolean"]:
        return None, msg("core.terminal.not-yes-no", value=text)
    return None, msg("core.terminal.bad-value", value=text, kinds=tuple(
        msg(f"core.terminal.a-kind.{kind}") for kind in kinds if kind in _SCALARS))
