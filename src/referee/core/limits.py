"""Limits on what Referee reads from outside: scenario and orders files, save
files, and answers given through the Python API.

Whatever arrives is walked once, without recursion, before anything else
reads it: too deep a nesting, too long a list, table or text, a text that is
no Unicode (a lone surrogate, which JSON can spell) or a number that is not
finite is refused with a message naming the place and the limit, so that no
later step (a deep copy, a checksum, the rules) meets it. A file is refused
by its size before it is read.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.core.errors import RefereeError
from referee.core.i18n import Msg, Param, msg


@dataclass(frozen=True)
class Limits:
    """How large one kind of input may be."""

    kind: str
    """What is read, for the messages: ``scenario``, ``orders``, ``save``, ``answer``."""
    depth: int
    """Lists and tables inside one another."""
    entries: int
    """Items of one list, or keys of one table."""
    text: int
    """Characters of one text (a key or a value)."""
    file_bytes: int = 0
    """Bytes of a file of this kind; 0 for what is not read from a file."""
    finite: bool = True
    """Refuse numbers that are not finite (``inf``, ``nan``)."""


MB = 1024 * 1024

SCENARIO = Limits("scenario", depth=12, entries=100_000, text=10_000, file_bytes=8 * MB,
                  finite=False)
"""A scenario file. Its numbers are left to the ruleset's schema, which names
each field that must be finite; the schema bounds its lists more tightly."""
ORDERS = Limits("orders", depth=12, entries=100_000, text=10_000, file_bytes=8 * MB)
"""An orders file: a table per seat (a large game has thousands of seats)."""
SAVE = Limits("save", depth=32, entries=2_000_000, text=100_000, file_bytes=512 * MB)
"""A save file: its scenario, and every input of the game in one list."""
ANSWER = Limits("answer", depth=12, entries=1_000, text=10_000)
"""One seat's answer, or a chance's outcome."""


def where(path: Sequence[int | str]) -> Param:
    """``("inputs", 3, "answer")`` -> ``inputs[3].answer``; the top level
    in the reader's language."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or msg("core.scenario.top")


def _text_problem(text: str, path: tuple[int | str, ...], limits: Limits) -> Msg | None:
    if len(text) > limits.text:
        return msg("core.limits.text", where=where(path), count=len(text), limit=limits.text)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return msg("core.limits.surrogate", where=where(path))
    return None


def over_limit(data: object, limits: Limits) -> Msg | None:
    """The first place where ``data`` goes past ``limits``, as a message
    naming the place and the limit; None when it keeps within them."""
    stack: list[tuple[object, tuple[int | str, ...]]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            problem = _text_problem(node, path, limits)
            if problem is not None:
                return problem
        elif isinstance(node, float):
            if limits.finite and not math.isfinite(node):
                return msg("core.limits.not-finite", where=where(path), given=repr(node))
        elif isinstance(node, Mapping | list | tuple):
            if len(path) >= limits.depth:
                return msg("core.limits.depth", where=where(path), limit=limits.depth)
            if len(node) > limits.entries:
                return msg("core.limits.entries", where=where(path), count=len(node),
                           limit=limits.entries)
            if isinstance(node, Mapping):
                for key, value in list(node.items())[::-1]:
                    if isinstance(key, str):
                        problem = _text_problem(key, (*path, key), limits)
                        if problem is not None:
                            return problem
                    stack.append((value, (*path, key if isinstance(key, str) else str(key))))
            else:
                stack.extend((node[index], (*path, index)) for index in reversed(range(len(node))))
    return None


def too_large(path: Path, limits: Limits) -> Msg | None:
    """A message if the file at ``path`` is larger than ``limits`` allow
    (None too when its size cannot be read: reading it will say why)."""
    try:
        size = path.stat().st_size
    except OSError:
        return None
    if limits.file_bytes and size > limits.file_bytes:
        return msg("core.limits.file", size=size // MB + 1, limit=limits.file_bytes // MB)
    return None


class TooLarge(RefereeError):
    """Input past its limits (:func:`over_limit`); nothing read it further."""

    code = "input/too-large"


def read_json(text: str, limits: Limits = ANSWER) -> Any:
    """``text`` read as JSON, within ``limits``.

    :raises json.JSONDecodeError: not JSON.
    :raises TooLarge: nested too deep for the parser, or past ``limits``."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooLarge(msg("core.limits.depth", where=where(()), limit=limits.depth)) from None
    beyond = over_limit(value, limits)
    if beyond is not None:
        raise TooLarge(beyond)
    return value
