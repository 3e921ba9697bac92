"""Saving a game after every input at a cost that does not grow with the game.

A save file (:mod:`referee.core.savefile`) is written whole now and then;
each input made since is appended to its **journal**, a file beside it
(``game.json.journal``): one JSON line per input, each with a running
checksum, a digest of the one before and of the input, starting from the
save file's own checksum. Appending a line and flushing it to disk costs the
same at the thousandth input as at the first; the file is written whole again
when the journal is as long as the game it follows (so the whole writes cost,
spread over the inputs, a constant), and when play stops.

Loading a save file applies its journal when the journal's first line names
that file's checksum (a journal left from before the file was last written
whole is stale and passed over); a line cut short (``kill -9`` while it was
being written: the input being made) is passed over; a line whose running
checksum differs, or an input the game refuses, is refused naming the line.
Like the file's own checksum, the running one catches accidents, not forgery.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.core.errors import InternalError, RefereeError, SaveFileError
from referee.core.events import Seat
from referee.core.game import Game, Input
from referee.core.i18n import msg

SUFFIX = ".journal"
FORMAT = 1
LEAST_BEFORE_WRITING_WHOLE = 64
"""Inputs a journal holds at least before the file is written whole again."""


def journal_path(path: Path | str) -> Path:
    """Where the journal of the save file ``path`` is kept: beside it."""
    path = Path(path)
    return path.with_name(path.name + SUFFIX)


def next_digest(digest: str, item: Input) -> str:
    """The running checksum after ``item``, from the one before it."""
    text = json.dumps(item, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(f"{digest}\n{text}".encode("utf-8", "surrogatepass")).hexdigest()


class Autosave:
    """Keeps the save file ``path`` up to date with a game after every input:
    :meth:`save` after each, :meth:`close` when play stops."""

    def __init__(self, path: Path | str, players: Mapping[Seat, str] | None = None) -> None:
        self.path = Path(path)
        self.players: dict[Seat, str] = dict(players or {})
        self.written = -1
        """How many of the game's inputs the file and its journal hold."""
        self._whole = 0
        self._digest: str | None = None

    def save(self, game: Game) -> None:
        """Make the file and its journal hold every input of ``game``."""
        count = len(game.inputs)
        if count == self.written:
            return
        digest = self._digest
        if digest is None or count < self.written or \
                count - self._whole > max(LEAST_BEFORE_WRITING_WHOLE, self._whole):
            self.write_whole(game)
            return
        lines = []
        for item in game.inputs[self.written:count]:
            digest = next_digest(digest, item)
            lines.append(json.dumps({"input": item, "digest": digest}, ensure_ascii=False) + "\n")
        with open(journal_path(self.path), "a", encoding="utf-8") as file:
            file.write("".join(lines))
            file.flush()
            os.fsync(file.fileno())
        self._digest, self.written = digest, count

    def write_whole(self, game: Game) -> None:
        """Write the whole file (atomically), then start an empty journal
        following it."""
        from referee.core.savefile import game_to_json, write_atomically

        data = game_to_json(game, self.players)
        write_atomically(self.path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        head = {"journal": FORMAT, "follows": data["checksum"], "inputs": len(game.inputs)}
        write_atomically(journal_path(self.path), json.dumps(head) + "\n")
        self._whole = self.written = len(game.inputs)
        self._digest = data["checksum"]

    def close(self, game: Game) -> None:
        """Write the whole file and remove its journal (play has stopped)."""
        if self.written != len(game.inputs) or self._whole != self.written:
            self.write_whole(game)
        with contextlib.suppress(OSError):
            journal_path(self.path).unlink(missing_ok=True)


def journal_inputs(path: Path | str, data: Mapping[str, Any]) -> list[tuple[int, Input]]:
    """The inputs the journal of the save file ``path`` (holding ``data``)
    adds to it, each with its line number; none when there is no journal or
    it follows another writing of the file.

    :raises SaveFileError: for a line whose running checksum differs."""
    source = journal_path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError):
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    else:
        lines = lines[:-1]  # cut short by a crash: the input being made
    head = _json_line(lines[0]) if lines else None
    if not isinstance(head, dict) or head.get("follows") != data.get("checksum") or \
            head.get("inputs") != len(data.get("inputs") or ()):
        return []
    digest = str(head["follows"])
    found: list[tuple[int, Input]] = []
    for number, line in enumerate(lines[1:], start=2):
        entry = _json_line(line)
        item = entry.get("input") if isinstance(entry, dict) else None
        if not isinstance(item, dict) or next_digest(digest, item) != entry.get("digest"):
            raise SaveFileError(msg("core.savefile.journal-changed", source=str(source),
                                    line=number))
        digest = str(entry["digest"])
        found.append((number, item))
    return found


def _json_line(line: str) -> Any:
    try:
        return json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        return None


def apply_journal(game: Game, path: Path | str, data: Mapping[str, Any]) -> Game:
    """``game``, loaded from the save file ``path`` (holding ``data``), with
    the inputs of its journal applied, each checked as it is.

    :raises SaveFileError: naming the journal's line that is refused."""
    source = str(journal_path(path))
    for number, item in journal_inputs(path, data):
        try:
            game.apply(item)
        except (RefereeError, InternalError) as exc:
            raise SaveFileError(msg("core.savefile.journal-input", source=source, line=number,
                                    problem=exc.message)) from None
    return game
