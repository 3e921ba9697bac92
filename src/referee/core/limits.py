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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

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

SCENARIO = Limits("scenario", depth=12, entries=1_000_000, text=10_000, file_bytes=64 * MB,
                  finite=False)
"""A scenario file. Its numbers are left to the ruleset's schema, which names
each field that must be finite; the schema bounds its lists more tightly."""
ORDERS = Limits("orders", depth=12, entries=1_000_000, text=10_000, file_bytes=64 * MB)
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


Link = tuple["Link", int | str] | None
"""A place in the data walked: its parent's place and its key (None: the top)."""


def _path(link: Link) -> tuple[int | str, ...]:
    parts: list[int | str] = []
    while link is not None:
        link, part = link
        parts.append(part)
    return tuple(reversed(parts))


def _bad_text(text: str, limit: int) -> bool:
    """Longer than ``limit``, or not valid Unicode (a lone surrogate)."""
    if len(text) > limit:
        return True
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _leaf_problem(value: object, limits: Limits) -> bool:
    """A text or number past ``limits`` (containers are walked apart)."""
    kind = type(value)
    if kind is str:
        return _bad_text(value, limits.text)  # type: ignore[arg-type]
    if kind is float:
        return limits.finite and not math.isfinite(value)  # type: ignore[arg-type]
    return False


def _first_problem(data: object, limits: Limits) -> tuple[str, Link, object] | None:
    """What goes past ``limits`` first, where, and the value; walked without
    recursion, each text and number looked at in place (a large file holds
    hundreds of thousands of them, and an answer is read at every input, so
    the loop is kept lean: plain dicts and lists are told apart by their type
    alone, before anything slower is asked)."""
    top = type(data)
    if top is not dict and top is not list and _leaf_problem(data, limits):
        return "leaf", None, data
    longest, finite, isfinite = limits.text, limits.finite, math.isfinite
    deepest, widest = limits.depth, limits.entries
    stack: list[tuple[object, int, Link]] = [(data, 0, None)]
    pop, push = stack.pop, stack.append
    while stack:
        node, depth, link = pop()
        kind = type(node)
        if kind is dict:
            items: Iterable[tuple[Any, Any]] = cast(dict[Any, Any], node).items()
        elif kind is list or kind is tuple:
            items = enumerate(cast(Sequence[Any], node))
        elif isinstance(node, Mapping):
            items = node.items()
        else:
            continue
        if depth >= deepest:
            return "depth", link, node
        if len(cast(Sequence[Any], node)) > widest:
            return "entries", link, node
        for key, value in items:
            key_kind = type(key)
            if key_kind is str:
                if (len(key) > longest or not key.isascii()) and _bad_text(key, longest):
                    return "leaf", (link, key), key
            elif key_kind is not int:
                key = str(key)
            value_kind = type(value)
            if value_kind is str:
                if (len(value) > longest or not value.isascii()) and _bad_text(value, longest):
                    return "leaf", (link, key), value
            elif value_kind is float:
                if finite and not isfinite(value):
                    return "leaf", (link, key), value
            elif value_kind is not int and value_kind is not bool and value is not None:
                push((value, depth + 1, (link, key)))
    return None


def _plainly_within(node: object, depth: int, limits: Limits) -> bool:
    """Whether ``node``, a table or list ``depth`` deep, keeps within
    ``limits`` and holds plain data only (dicts with text keys, lists, text,
    numbers, booleans, None): the quick answer for what keeps within, as
    nearly everything read does. False says only that the walk of
    :func:`_first_problem` must look (it finds where, and what)."""
    kind = type(node)
    if kind is dict:
        table = cast(dict[object, object], node)
        if depth >= limits.depth or len(table) > limits.entries:
            return False
        for key, value in table.items():
            if type(key) is not str or not _plain_leaf(key, limits) or (
                    not _plain_leaf(value, limits)
                    and not _plainly_within(value, depth + 1, limits)):
                return False
        return True
    if kind is list:
        entries = cast(list[object], node)
        if depth >= limits.depth or len(entries) > limits.entries:
            return False
        for value in entries:
            if not _plain_leaf(value, limits) and not _plainly_within(value, depth + 1, limits):
                return False
        return True
    return False


def _plain_leaf(value: object, limits: Limits) -> bool:
    """A text, number, boolean or None within ``limits`` (False for
    anything else, a table or list among them)."""
    kind = type(value)
    if kind is str:
        return len(value) <= limits.text and (  # type: ignore[arg-type]
            value.isascii() or not _bad_text(value, limits.text))  # type: ignore[attr-defined,arg-type]
    if kind is int or kind is bool or value is None:
        return True
    if kind is float:
        return not limits.finite or math.isfinite(value)  # type: ignore[arg-type]
    return False


class NotPlainlyWithin(Exception):
    """What :func:`plain_copy` does not copy: data past its limits, or not
    plain data (:func:`over_limit` then says where it goes past them, if it does)."""


def plain_copy(data: object, limits: Limits) -> Any:
    """A copy of ``data``, plain data (dicts with text keys, lists, text,
    numbers, booleans, None) within ``limits``: the usual answer, walked and
    copied in one pass (a text, number, boolean or None is its own copy).

    :raises NotPlainlyWithin: for anything else."""
    return _plain_copy(data, 0, limits)


def _plain_copy(value: Any, depth: int, limits: Limits) -> Any:
    """:func:`plain_copy` of ``value``, ``depth`` deep: a table or list in it
    is one deeper (one call a value: an answer is a few small tables)."""
    kind = type(value)
    if kind is str:
        if (len(value) > limits.text or not value.isascii()) and _bad_text(value, limits.text):
            raise NotPlainlyWithin
        return value
    if kind is int or kind is bool or value is None:
        return value
    if kind is dict:
        if depth >= limits.depth or len(value) > limits.entries:
            raise NotPlainlyWithin
        longest = limits.text
        copied: dict[str, Any] = {}
        for key, item in value.items():
            if type(key) is not str or (
                    (len(key) > longest or not key.isascii()) and _bad_text(key, longest)):
                raise NotPlainlyWithin
            copied[key] = _plain_copy(item, depth + 1, limits)
        return copied
    if kind is list:
        if depth >= limits.depth or len(value) > limits.entries:
            raise NotPlainlyWithin
        return [_plain_copy(item, depth + 1, limits) for item in value]
    if kind is float and (not limits.finite or math.isfinite(value)):
        return value
    raise NotPlainlyWithin


def plainly_within(data: object, limits: Limits) -> bool:
    """Whether ``data`` is plain data (dicts with text keys, lists, text,
    numbers, booleans, None) that keeps within ``limits``: the quick answer
    for nearly everything read (False says only that :func:`over_limit`
    must look further)."""
    return _plain_leaf(data, limits) or _plainly_within(data, 0, limits)


def over_limit(data: object, limits: Limits) -> Msg | None:
    """The first place where ``data`` goes past ``limits``, as a message
    naming the place and the limit; None when it keeps within them."""
    if _plainly_within(data, 0, limits):
        return None
    found = _first_problem(data, limits)
    if found is None:
        return None
    kind, link, value = found
    place = where(_path(link))
    if kind == "depth":
        return msg("core.limits.depth", where=place, limit=limits.depth)
    if kind == "entries":
        return msg("core.limits.entries", where=place, count=len(value),  # type: ignore[arg-type]
                   limit=limits.entries)
    if isinstance(value, float):
        return msg("core.limits.not-finite", where=place, given=repr(value))
    text = str(value)
    if len(text) > limits.text:
        return msg("core.limits.text", where=place, count=len(text), limit=limits.text)
    return msg("core.limits.surrogate", where=place)


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
