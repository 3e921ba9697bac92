"""The translation catalogue: every line a player reads, in English and Russian.

Rules never format player-facing text themselves. They build a :class:`Msg`
(a catalogue key and its parameters) and the surface renders it in the
reader's language. Names that a scenario gives (a Location, a character) are
:class:`Name` values carrying each language's spelling.
"""

from __future__ import annotations

import os
import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Literal, TypeAlias

Lang: TypeAlias = Literal["en", "ru"]
LANGS: tuple[Lang, ...] = ("en", "ru")


@dataclass(frozen=True, slots=True)
class Name:
    """A proper name in each language; Russian falls back to English."""

    en: str
    ru: str | None = None

    def render(self, lang: Lang) -> str:
        return self.ru if lang == "ru" and self.ru else self.en

    def __deepcopy__(self, memo: dict[int, object]) -> Name:
        return self

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "ru": self.ru or self.en}


Param: TypeAlias = "str | int | Fraction | Name | Msg | tuple[Param, ...]"


@dataclass(frozen=True, slots=True)
class Msg:
    """A catalogue key with its parameters: text waiting for a language."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"key": self.key, "params": {k: _param_json(v) for k, v in self.params.items()}}

    def __deepcopy__(self, memo: dict[int, object]) -> Msg:
        return self


def msg(key: str, **params: Param) -> Msg:
    """Shorthand for ``Msg(key, params)``."""
    return Msg(key, params)


PERSONAL = "core.personal"
"""Key of a line worded for its reader: params ``to``, ``you`` and ``they``."""


def personal(to: tuple[str, ...] | list[str], you: Msg, they: Msg) -> Msg:
    """A line addressed to the observers ``to``: they read ``you`` (the second
    person), every other reader, the referee included, reads ``they`` (the
    third person, with names). Rendered without a reader it reads ``they``."""
    return Msg(PERSONAL, {"to": tuple(to), "you": you, "they": they})


def for_reader(text: Msg, reader: str) -> Msg:
    """``text`` as ``reader`` reads it: every personal part (at any depth)
    in the wording meant for that reader."""
    params = text.params
    if text.key == PERSONAL:
        to = params.get("to", ())
        chosen = params["you" if isinstance(to, tuple) and reader in to else "they"]
        return for_reader(chosen, reader) if isinstance(chosen, Msg) else text
    if not any(isinstance(value, Msg | tuple) for value in params.values()):
        return text
    return Msg(text.key, {key: _param_for(value, reader) for key, value in params.items()})


def _param_for(value: Param, reader: str) -> Param:
    if isinstance(value, Msg):
        return for_reader(value, reader)
    if isinstance(value, tuple):
        return tuple(_param_for(item, reader) for item in value)
    return value


def _param_json(value: Param) -> object:
    if isinstance(value, Msg | Name):
        return value.to_json()
    if isinstance(value, tuple):
        return [_param_json(v) for v in value]
    if isinstance(value, Fraction):
        return format_number(value)
    return value


def format_number(value: Fraction | int) -> str:
    """1 -> "1", 1/2 -> "0.5", 1/3 -> "1/3"; a finite decimal is written exactly."""
    frac = Fraction(value)
    if frac.denominator == 1:
        return str(frac.numerator)
    places = _decimal_places(frac.denominator)
    if places is None:
        return f"{frac.numerator}/{frac.denominator}"
    digits = str(abs(frac.numerator) * 10**places // frac.denominator).rjust(places + 1, "0")
    sign = "-" if frac < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0")


def _decimal_places(denominator: int) -> int | None:
    """The digits after the point 1/denominator needs; None if it never ends."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    return max(twos, fives) if denominator == 1 else None


def _flatten(table: Mapping[str, object], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name + "."))
        elif isinstance(value, str):
            flat[name] = value
        else:
            raise ValueError(f"catalogue entry {name!r} must be text, not {type(value).__name__}")
    return flat


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class Catalogue:
    """Keys to templates, per language, merged from each package's text file."""

    def __init__(self) -> None:
        self.templates: dict[Lang, dict[str, str]] = {lang: {} for lang in LANGS}
        self.sources: list[Path] = []

    def load(self, path: Path) -> None:
        """Merge a TOML file with one table per language (``[en]``, ``[ru]``)."""
        if path in self.sources:
            return
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for lang in LANGS:
            self.templates[lang].update(_flatten(data.get(lang, {})))
        self.sources.append(path)

    def render(self, message: Msg | Name | str, lang: Lang = "en") -> str:
        """The text of ``message`` in ``lang``; an unknown key renders as itself."""
        if isinstance(message, str):
            return message
        if isinstance(message, Name):
            return message.render(lang)
        template = self.templates[lang].get(message.key) or self.templates["en"].get(message.key)
        if template is None:
            return message.key
        values = {k: self._param(v, lang) for k, v in message.params.items()}
        return template.format_map(_Missing(values))

    def _param(self, value: Param, lang: Lang) -> str:
        if isinstance(value, Msg | Name):
            return self.render(value, lang)
        if isinstance(value, tuple):
            return ", ".join(self._param(v, lang) for v in value)
        if isinstance(value, Fraction):
            return format_number(value)
        return str(value)


class _Missing(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


CATALOGUE = Catalogue()
CATALOGUE.load(Path(__file__).with_name("text.toml"))


def render(message: Msg | Name | str, lang: Lang = "en") -> str:
    """Render with the shared catalogue."""
    return CATALOGUE.render(message, lang)


def language_from_env(environ: Mapping[str, str] | None = None) -> Lang:
    """Russian when the locale (LC_ALL, LC_MESSAGES, LANG) says so, else English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"
