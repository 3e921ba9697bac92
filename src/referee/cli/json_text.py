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
from typing import Any

_INDENT = "  "
_encode_string = json.encoder.encode_basestring  # what ensure_ascii=False writes a text with
_FLOAT_WORDS = {float("inf"): "Infinity", float("-inf"): "-Infinity"}


def dumps_indented(data: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, indent=2)``.

    :raises TypeError: for a value JSON has no way to write, as ``json.dumps``."""
    return _Writer().text(data, 0)


class _Writer:
    """One call's texts of the lists and tables written so far, by identity
    and depth (the data is not changed while it is written)."""

    def __init__(self) -> None:
        self._written: dict[tuple[int, int], tuple[object, str]] = {}

    def text(self, value: Any, depth: int) -> str:
        kind = type(value)
        if kind is str:
            return _encode_string(value)
        if isinstance(value, dict | list | tuple):
            key = (id(value), depth)
            known = self._written.get(key)
            if known is None or known[0] is not value:
                known = self._written[key] = (value, self._container(value, depth))
            return known[1]
        return _scalar(value)

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
