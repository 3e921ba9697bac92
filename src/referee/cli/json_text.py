"""JSON written as ``json.dumps(data, ensure_ascii=False, indent=2)`` writes
it, character for character, with each part that appears in many places
written once.

``resolve --json`` prints every character's view, and those views share
most of their parts (the building, its names: :mod:`referee.core.readonly`),
so its text is millions of lines made of a few thousand distinct parts; the
standard library writes indented JSON in pure Python, part after part.
"""

from __future__ import annotations

import json.encoder
from typing import IO, Any

_INDENT = "  "
_encode_string = json.encoder.encode_basestring  # what ensure_ascii=False writes a text with
_FLOAT_WORDS = {float("inf"): "Infinity", float("-inf"): "-Infinity"}


def dumps_indented(data: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, indent=2)``.

    :raises TypeError: for a value JSON has no way to write, as ``json.dumps``."""
    return _Writer().text(data, 0)


def write_indented(data: Any, stream: IO[str], streamed: int = 4) -> None:
    """:func:`dumps_indented` of ``data`` written to ``stream``, the lists and
    tables less than ``streamed`` levels deep part by part rather than made
    into one text first: ``resolve --json`` writes hundreds of megabytes,
    one character's view after another.

    :raises TypeError: for a value JSON has no way to write, as ``json.dumps``."""
    _Writer().write(data, 0, stream, streamed)


class _Writer:
    """One call's texts of the lists and tables met more than once so far,
    by identity and depth (the data is not changed while it is written)."""

    def __init__(self) -> None:
        self._written: dict[tuple[int, int], tuple[object, str | None]] = {}
        """A part met once (its text not kept: most are met only once), or
        again (its text, written once more and kept)."""

    def text(self, value: Any, depth: int) -> str:
        kind = type(value)
        if kind is str:
            return _encode_string(value)
        if isinstance(value, dict | list | tuple):
            key = (id(value), depth)
            known = self._written.get(key)
            if known is not None and known[0] is value:
                if known[1] is not None:
                    return known[1]
                text = self._container(value, depth)
                self._written[key] = (value, text)
                return text
            self._written[key] = (value, None)
            return self._container(value, depth)
        return _scalar(value)

    def write(self, value: Any, depth: int, stream: IO[str], streamed: int) -> None:
        """:meth:`text` of ``value`` to ``stream``, part by part down to
        ``streamed`` levels deep."""
        if depth >= streamed or not value or not isinstance(value, dict | list | tuple):
            stream.write(self.text(value, depth))
            return
        inner = "\n" + _INDENT * (depth + 1)
        if isinstance(value, dict):
            stream.write("{")
            for at, (key, item) in enumerate(value.items()):
                stream.write(("," if at else "") + inner + _encode_string(_key(key)) + ": ")
                self.write(item, depth + 1, stream, streamed)
            stream.write("\n" + _INDENT * depth + "}")
        else:
            stream.write("[")
            for at, item in enumerate(value):
                stream.write(("," if at else "") + inner)
                self.write(item, depth + 1, stream, streamed)
            stream.write("\n" + _INDENT * depth + "]")

    def _container(self, value: dict[Any, Any] | list[Any] | tuple[Any, ...],
                   depth: int) -> str:
        if not value:
            return "{}" if isinstance(value, dict) else "[]"
        inner = "\n" + _INDENT * (depth + 1)
        if isinstance(value, dict):
            parts = [f"{_encode_string(_key(key))}: {self.text(item, depth + 1)}"
                     for key, item in value.items()]
            opening, closing = "{", "}"
        else:
            parts = [self.text(item, depth + 1) for item in value]
            opening, closing = "[", "]"
        return opening + inner + ("," + inner).join(parts) + "\n" + _INDENT * depth + closing


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return _encode_string(value)
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    return _FLOAT_WORDS.get(value) or float.__repr__(value)


def _key(key: Any) -> str:
    """A table's key as JSON writes it: text as it is, numbers and the
    constants in their JSON spelling."""
    if isinstance(key, str):
        return key
    if isinstance(key, float):
        return _float(key)
    if key is True or key is False or key is None:
        return _scalar(key)
    if isinstance(key, int):
        return int.__repr__(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")
