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

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.core.errors import InternalError, RefereeError, SaveFileError
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
