"""The translation catalogue: every line a player reads, in English and Russian.

Rules never format player-facing text themselves. They build a :class:`Msg`
(a catalogue key and its parameters) and the surface renders it in the
reader's language. Names that a scenario gives (a Location, a character) are
:class:`Name` values carrying each language's spelling.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
import tomllib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, TypeAlias

from referee.core.frozen import slot_setter
from referee.core.i18n_plain import (
    CASE,
    CHOICE,
    JOIN,
    LONGEST_PLACEABLE,
    VALUE,
    Direct,
    Forms,
    Variants,
    direct_template,
    grouped,
    list_gender,
    list_text,
    name_case,
    name_gender,
    number_text,
    plain_pieces,
    plural_category,
    variables,
    words_case,
    words_gender,
)
from referee.core.i18n_plain import LANGS as LANGS
from referee.core.i18n_plain import Lang as Lang
from referee.core.morphology import GENDERS, Case, Gender
from referee.core.readonly import ReadOnlyDict, read_only, read_only_flat

if TYPE_CHECKING:
    from referee.core.grammar import Bundle


@dataclass(frozen=True, slots=True)
class Name:
    """A proper name in each language; Russian falls back to English.

    ``gender`` (masc, fem, neut or plural) and ``cases`` (Russian forms by
    case: ``(("acc", "Ларису"),)``) are what a scenario says of the name; what
    it leaves out the morphology reads from the Russian spelling."""

    en: str
    ru: str | None = None
    gender: str | None = None
    cases: tuple[tuple[str, str], ...] = ()
    _shared: object = field(default=None, init=False, repr=False, compare=False)

    def render(self, lang: Lang) -> str:
        return self.ru if lang == "ru" and self.ru else self.en

    def shared_json(self) -> dict[str, object]:
        """:meth:`to_json`, read-only, made once and shared by every view
        line that shows this name."""
        shared = self._shared
        if type(shared) is not ReadOnlyDict:
            shared = read_only(self.to_json())
            object.__setattr__(self, "_shared", shared)
        return shared

    def __deepcopy__(self, memo: dict[int, object]) -> Name:
        return self

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"en": self.en, "ru": self.ru or self.en}
        if self.gender:
            data["gender"] = self.gender
        if self.cases:
            data["cases"] = dict(self.cases)
        return data


Param: TypeAlias = "str | int | Fraction | Name | Msg | tuple[Param, ...]"


@dataclass(frozen=True, slots=True)
class Msg:
    """A catalogue key with its parameters: text waiting for a language."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)
    _shown: object = field(default=0, init=False, repr=False, compare=False)
    """How often a view line has shown this text inside another; past
    :data:`SHOWN_BEFORE_SHARING`, its read-only JSON (:func:`_inner_json`)."""
    _wording: object = field(default=None, init=False, repr=False, compare=False)
    """While a catalogue remembers: this text's common wording, kept with the
    text itself (:meth:`Catalogue._word_common`): found without a look-up in
    a table of every text of a turn, whose every look-up of a text read by
    another reader is a fetch from memory far away. Left in place when the
    block ends, and never read again (each block has marks of its own): a
    text alive after the block keeps its last wording (only ``referee
    resolve`` remembers, and it ends with its block). Letting go of each at
    the block's end would walk every text the block worded again (171,000
    at a turn of 10,000 characters: 50-100 ms, 2.5-4% of the command)."""

    def __init__(self, key: str, params: Mapping[str, Param] | None = None) -> None:
        # through the slots' own setters (made often: see referee.core.frozen)
        _set_key(self, key)
        _set_params(self, {} if params is None else params)
        _set_shown(self, 0)
        _set_wording(self, None)

    def to_json(self) -> dict[str, object]:
        params: dict[str, object] = {}
        for key, value in self.params.items():
            kind = type(value)
            if kind is str or kind is int:  # most parameters: no call for them
                params[key] = value
            elif kind is Msg or kind is Name:
                params[key] = value.to_json()  # type: ignore[union-attr]
            else:
                params[key] = _param_json(value)
        return {"key": self.key, "params": params}

    def __deepcopy__(self, memo: dict[int, object]) -> Msg:
        return self


_set_key, _set_params = slot_setter(Msg, "key"), slot_setter(Msg, "params")
_set_shown = slot_setter(Msg, "_shown")
_set_wording = slot_setter(Msg, "_wording")
_new_msg = object.__new__


def msg(key: str, **params: Param) -> Msg:
    """Shorthand for ``Msg(key, params)`` (made without its ``__init__``'s
    call: the rules make a few texts an input)."""
    made: Msg = _new_msg(Msg)
    _set_key(made, key)
    _set_params(made, params)
    _set_shown(made, 0)
    _set_wording(made, None)
    return made


PERSONAL = "core.personal"
"""Key of a line worded for its reader: params ``to``, ``you`` and ``they``."""


def personal(to: tuple[str, ...] | list[str], you: Msg, they: Msg) -> Msg:
    """A line addressed to the observers ``to``: they read ``you`` (the second
    person), every other reader, the referee included, reads ``they`` (the
    third person, with names). Rendered without a reader it reads ``they``."""
    return Msg(PERSONAL, {"to": tuple(to), "you": you, "they": they})


def for_reader(text: Msg, reader: str) -> Msg:
    """``text`` as ``reader`` reads it: every personal part (at any depth)
    in the wording meant for that reader. While the catalogue is
    remembering (:meth:`Catalogue.remembering`), every reader a text does not
    address gets the one same copy of it, so that it is rendered once."""
    wordings = _WORDINGS[0]
    if wordings is not None:
        return wordings.worded(text, reader)
    return _for_reader(text, reader)


def _for_reader(text: Msg, reader: object, met: set[object] | None = None) -> Msg:
    """``text`` with every personal part worded for ``reader``; the readers
    of each personal part met on the way (its ``to``) added to ``met``."""
    params = text.params
    if text.key == PERSONAL:
        if met is not None:
            to = params.get("to", ())
            if isinstance(to, tuple):
                met.update(to)
        chosen = _wording_for(params, reader)
        return _for_reader(chosen, reader, met) if isinstance(chosen, Msg) else text
    worded: dict[str, Param] | None = None
    for key, value in params.items():
        kind = type(value)
        if kind is str or kind is int or kind is Name:
            continue
        chosen = _param_for(value, reader, met)
        if chosen is not value:
            if worded is None:
                worded = dict(params)
            worded[key] = chosen
    if worded is None:
        return text  # nothing in it worded for its reader: the same text, for every reader
    return Msg(text.key, worded)


_NOBODY = object()
"""A reader no text addresses."""


class _Wordings:
    """Each text's wordings made so far: the one every reader it does not
    address reads, made first, and one for each reader it addresses."""

    def __init__(self) -> None:
        self._common: dict[int, tuple[Msg, Msg, frozenset[object]]] = {}
        self._worded: dict[tuple[int, str], tuple[Msg, Msg]] = {}

    def worded(self, text: Msg, reader: str) -> Msg:
        common = self._common.get(id(text))
        if common is None or common[0] is not text:  # each entry holds its text alive
            met: set[object] = set()
            wording = _for_reader(text, _NOBODY, met)
            common = self._common[id(text)] = (text, wording, frozenset(met))
        if reader not in common[2]:
            # no personal part on the way to its wording is addressed to the
            # reader (one inside a part it does not read cannot change it)
            return common[1]
        key = (id(text), reader)
        known = self._worded.get(key)
        if known is None or known[0] is not text:
            known = self._worded[key] = (text, _for_reader(text, reader))
        return known[1]


_WORDINGS: list[_Wordings | None] = [None]
"""The wordings remembered, while the catalogue is remembering."""


def _wording_for(params: Mapping[str, Param], reader: object) -> Param:
    """Of a personal line's parameters, the wording ``reader`` reads: ``you``
    for the observers it is addressed to, ``they`` for everyone else."""
    to = params.get("to", ())
    return params["you" if isinstance(to, tuple) and reader in to else "they"]


def _param_for(value: Param, reader: object, met: set[object] | None = None) -> Param:
    if isinstance(value, Msg):
        return _for_reader(value, reader, met)
    if isinstance(value, tuple):
        worded = tuple(_param_for(item, reader, met) for item in value)
        return value if all(a is b for a, b in zip(worded, value, strict=True)) else worded
    return value


def reader_json(text: Msg, reader: str) -> dict[str, object]:
    """``for_reader(text, reader).to_json()`` in one walk, without building
    the reader's copy of the text first (every line of every view goes
    through here)."""
    params = text.params
    if text.key == PERSONAL:
        chosen = _wording_for(params, reader)
        return reader_json(chosen, reader) if type(chosen) is Msg else text.to_json()
    out: dict[str, object] = {}
    for key, value in params.items():
        kind = type(value)
        if kind is str or kind is int:
            out[key] = value
        elif kind is Msg:
            out[key] = _inner_json(value, reader)  # type: ignore[arg-type]
        elif kind is Name:
            out[key] = value.shared_json()  # type: ignore[union-attr]
        else:
            out[key] = _reader_param_json(value, reader)
    return {"key": text.key, "params": out}


SHOWN_BEFORE_SHARING = 2
"""A text inside a line (a Location's phrase, say) that views have shown this
often is made read-only and shared from then on: words made once per
scenario are shown in line after line, words of one line only to its few
readers."""
_PERSONAL = object()


def _inner_json(text: Msg, reader: str) -> object:
    """:func:`reader_json` of a text inside a line: read-only and shared by
    every line once shown often, unless its wording depends on the reader."""
    shown = text._shown
    if type(shown) is ReadOnlyDict:
        return shown
    if type(shown) is int:
        if shown < SHOWN_BEFORE_SHARING:
            object.__setattr__(text, "_shown", shown + 1)
        elif _impersonal(text):
            shared = read_only(reader_json(text, reader))
            object.__setattr__(text, "_shown", shared)
            return shared
        else:
            object.__setattr__(text, "_shown", _PERSONAL)
    return reader_json(text, reader)


def alike_params(text: Msg) -> Mapping[str, object] | None:
    """The ``params`` of :func:`reader_json` of ``text`` as every reader
    reads them, made read-only in one walk, when no part of ``text`` is
    worded for its reader; None when some part is. A text inside it is
    shared from then on, as :func:`_inner_json` shares it."""
    if text.key == PERSONAL:
        return None
    out: dict[str, object] = {}
    for key, value in text.params.items():
        kind = type(value)
        if kind is str or kind is int:
            out[key] = value
        elif kind is Name:
            out[key] = value.shared_json()  # type: ignore[union-attr]
        else:
            part = _alike_param(value)
            if part is _PERSONAL:
                return None
            out[key] = part
    return read_only_flat(out)  # type: ignore[no-any-return]


def _alike_param(value: Param) -> object:
    """A parameter's part of :func:`alike_params`; ``_PERSONAL`` where some
    part of it is worded for its reader."""
    if isinstance(value, Msg):
        shown = value._shown
        if type(shown) is ReadOnlyDict or shown is _PERSONAL:
            return shown
        params = alike_params(value)
        shared = _PERSONAL if params is None else read_only_flat(
            {"key": value.key, "params": params})
        object.__setattr__(value, "_shown", shared)
        return shared
    if isinstance(value, tuple):
        parts = [_alike_param(item) for item in value]
        return _PERSONAL if _PERSONAL in parts else read_only_flat(parts)
    if isinstance(value, Name):
        return value.shared_json()
    return read_only(_param_json(value))


def _impersonal(value: Param) -> bool:
    """True when no part of ``value`` is worded for its reader."""
    if isinstance(value, Msg):
        return value.key != PERSONAL and all(_impersonal(v) for v in value.params.values())
    if isinstance(value, tuple):
        return all(_impersonal(v) for v in value)
    return True


def _reader_param_json(value: Param, reader: str) -> object:
    if isinstance(value, Msg):
        return _inner_json(value, reader)
    if isinstance(value, tuple):
        return [_reader_param_json(item, reader) for item in value]
    if isinstance(value, Name):
        return value.shared_json()
    return _param_json(value)


def _param_json(value: Param) -> object:
    kind = type(value)
    if kind is str or kind is int:  # most parameters; no abstract-class check for them
        return value
    if kind is Msg or kind is Name:
        return value.to_json()  # type: ignore[union-attr]
    if kind is tuple:
        return [_param_json(v) for v in value]  # type: ignore[union-attr]
    if isinstance(value, Fraction):
        return format_number(value)
    if isinstance(value, Msg | Name):
        return value.to_json()
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
    """The parameter names a template uses (``{name}`` or Fluent's ``$name``)."""
    return variables(template)


class Catalogue:
    """Keys to templates, per language, merged from each package's text file.

    Templates are Fluent patterns (see :mod:`referee.core.grammar`): plurals,
    case and gender are chosen in the template, names and numbers are
    written as the reader's language writes them.

    A file is read on first use, one language at a time: a process that
    renders only English never reads the Russian, and one that renders
    nothing (``referee --help``) reads nothing. A plain template (``{name}``
    parameters only) and a direct one (parameters, lists, cases, choices by
    gender, words or plural: :func:`~referee.core.i18n_plain.direct_template`)
    given words, names, texts and numbers are written without Fluent;
    Fluent loads when a text first needs it, Babel when a list is joined,
    a plural chosen or a fraction written."""

    def __init__(self) -> None:
        self.sources: list[Path] = []
        self._templates: dict[Lang, dict[str, str]] = {lang: {} for lang in LANGS}
        self._messages: dict[Lang, dict[str, Forms]] = {lang: {} for lang in LANGS}
        self._pieces: dict[Lang, dict[str, list[str] | None]] = {lang: {} for lang in LANGS}
        self._parsed: dict[Lang, list[tuple[dict[str, str], str]]] = {lang: [] for lang in LANGS}
        self._bundles: dict[Lang, Bundle] = {}
        self._compiled: dict[Lang, int] = {lang: 0 for lang in LANGS}
        self._read: dict[Path, dict[str, object]] = {}
        self._remembered: dict[tuple[int, Lang], tuple[Msg, str]] | None = None
        self._reading = threading.RLock()
        self._fractions: dict[tuple[Fraction, Lang], str] = {}
        self._alike: dict[tuple[object, ...], str] = {}
        """While remembering: texts of words and numbers only, by their content."""
        self._found: dict[Lang, dict[str, tuple[Lang, Plain | None] | None]] = {
            lang: {} for lang in LANGS}
        """Each key's language and plain pieces (:meth:`_template`)."""
        self._common: dict[Lang, dict[int, Common]] = {lang: {} for lang in LANGS}
        """While remembering: a text's common wording in a language other than
        the one its own slot holds (:meth:`_word_common`)."""
        self._blocks: dict[Lang, object] = _new_blocks()
        """Each language's mark of the current block of remembering: a common
        wording a text holds is read only when made in this block and language."""
        self._worded: dict[tuple[int, Lang, object], tuple[Msg, str]] = {}
        """While remembering: a text as a reader it addresses reads it
        (:meth:`render_for`)."""
        self._fluent: dict[Lang, dict[str, tuple[Direct | None,
                                                 Callable[[dict[str, object]], str] | None]]] = {
            lang: {} for lang in LANGS}
        """Each key that is not a plain template: its direct pieces, if it has
        them, and Fluent's writer of it, once one was needed (:meth:`_fluent_text`)."""
        self._name_arguments: dict[tuple[int, Lang], tuple[Name, object]] | None = None
        """While remembering: each name as a Fluent parameter (:meth:`_name_argument`)."""
        self._met: list[Collection[object]] = []
        """The readers addressed on the way to the common wordings being made."""

    @contextmanager
    def remembering(self) -> Iterator[None]:
        """Within the block, a text rendered again (the same :class:`Msg`, in
        the same language) is not formatted again: a turn's line read by
        every character in a room, a room's name in every line."""
        if self._remembered is not None:
            yield
            return
        self._remembered = {}
        self._name_arguments = {}
        _WORDINGS[0] = _Wordings()
        try:
            yield
        finally:
            self._remembered = None
            self._name_arguments = None
            self._alike = {}
            self._common = {lang: {} for lang in LANGS}
            self._blocks = _new_blocks()  # what texts hold from this block is never read again
            self._worded = {}
            _WORDINGS[0] = None

    def load(self, path: Path) -> None:
        """Merge a TOML file with one table per language (``[en]``, ``[ru]``),
        read when a language is first asked for; an entry that is not a valid
        template is refused then, naming file and key."""
        with self._reading:
            if path not in self.sources:
                self.sources.append(path)
                for found in self._found.values():
                    found.clear()  # every key found again, this file read first
                for writers in self._fluent.values():
                    writers.clear()

    @property
    def templates(self) -> dict[Lang, dict[str, str]]:
        """Every language's templates by key, every file loaded so far read."""
        for lang in LANGS:
            self.bundle(lang)
        return self._templates

    @property
    def bundles(self) -> dict[Lang, Bundle]:
        """Every language's compiled bundle, every file loaded so far compiled."""
        return {lang: self.bundle(lang) for lang in LANGS}

    def bundle(self, lang: Lang) -> Bundle:
        """``lang``'s bundle with every file loaded so far compiled into it.

        :raises CatalogueError: naming the file and key of an entry that is
            not a valid template."""
        parsed = self._parsed_files(lang)
        bundle = self._bundles.get(lang)
        if bundle is not None and self._compiled[lang] == len(parsed):
            return bundle
        with self._reading:  # the server renders from several threads
            bundle = self._bundles.get(lang)
            if bundle is None:
                bundle = _grammar().Bundle(lang)
            while self._compiled[lang] < len(parsed):
                bundle.add(*parsed[self._compiled[lang]])
                self._compiled[lang] += 1
            self._bundles[lang] = bundle
        return bundle

    def _parsed_files(self, lang: Lang) -> list[tuple[dict[str, str], str]]:
        """``lang``'s entries of every file loaded so far, file by file, each
        file read once.

        :raises CatalogueError: naming the file and a key with forms but no
            text of its own."""
        parsed = self._parsed[lang]
        if len(parsed) == len(self.sources):
            return parsed
        with self._reading:
            while len(parsed) < len(self.sources):
                path = self.sources[len(parsed)]
                entries = _flatten(self._data(path).get(lang, {}))  # type: ignore[arg-type]
                messages = grouped(entries, str(path))
                self._messages[lang].update(messages)
                for key in messages:
                    self._pieces[lang].pop(key, None)
                self._templates[lang].update(entries)
                parsed.append((entries, str(path)))
        return parsed

    def _has(self, key: str, lang: Lang) -> bool:
        self._parsed_files(lang)
        return key in self._messages[lang]

    def _data(self, path: Path) -> dict[str, object]:
        data = self._read.get(path)
        if data is None:
            data = self._read[path] = tomllib.loads(path.read_text(encoding="utf-8"))
        return data

    def render(self, message: Msg | Name | str, lang: Lang = "en") -> str:
        """The text of ``message`` in ``lang``; an unknown key renders as itself."""
        remembered = self._remembered
        if remembered is not None and type(message) is Msg:
            known = remembered.get((id(message), lang))
            if known is not None and known[0] is message:
                return known[1]
            alike = _alike(message, lang)
            text = self._alike.get(alike) if alike is not None else None
            if text is None:
                text = self._format(message, lang)
                if alike is not None:
                    self._alike[alike] = text
            remembered[(id(message), lang)] = (message, text)
            return text
        if isinstance(message, str):
            return message
        if isinstance(message, Name):
            return message.render(lang)
        return self._format(message, lang)

    def render_for(self, message: Msg, reader: str, lang: Lang = "en") -> str:
        """The text of ``message`` as ``reader`` reads it, in ``lang``:
        ``render(for_reader(message, reader), lang)``. While remembering,
        written straight from ``message`` without the reader's copy of it,
        each part once for the readers it addresses alike and once for
        each reader it addresses."""
        if self._remembered is None:
            return self.render(for_reader(message, reader), lang)
        return self._worded_text(message, reader, lang)

    def render_all_for(self, messages: Iterable[Msg], reader: str, lang: Lang = "en") -> list[str]:
        """:meth:`render_for` of each of ``messages``, in order (a reader's
        part of a log: while remembering, most lines are found worded already
        for the readers they do not address, and found here without a call)."""
        if self._remembered is None:
            return [self.render(for_reader(message, reader), lang) for message in messages]
        block = self._blocks[lang]
        worded = self._worded_text
        texts: list[str] = []
        for message in messages:
            common = message._wording
            if type(common) is tuple and common[0] is block and reader not in common[2]:
                texts.append(common[1])
            else:
                texts.append(worded(message, reader, lang))
        return texts

    def _worded_text(self, message: Msg, reader: object, lang: Lang) -> str:
        """:meth:`render_for`, remembered: a text once for the readers it
        does not address (its common wording) and once for each it
        addresses; a personal part is its wording's text."""
        common = self._known_common(message, lang)
        if common is None:
            if message.key == PERSONAL:
                return self._personal_text(message, reader, lang)
            common = self._word_common(message, lang)
        met = common[2]
        if reader not in met:
            if met and reader is _NOBODY:  # a text's common wording being made
                self._met.append(met)
            return common[1]
        key = (id(message), lang, reader)
        known = self._worded.get(key)
        if known is not None and known[0] is message:
            return known[1]
        text = self._format(message, lang, reader)
        self._worded[key] = (message, text)
        return text

    def _personal_text(self, message: Msg, reader: object, lang: Lang) -> str:
        """A personal part as ``reader`` reads it: its wording's text,
        remembered there (the part itself is not: it is met once, in the
        text that holds it). While a common wording is made, the readers
        it addresses are noted."""
        params = message.params
        to = params.get("to", ())
        if reader is _NOBODY and to and isinstance(to, tuple):
            self._met.append(to)
        chosen = _wording_for(params, reader)
        if type(chosen) is Msg:
            return self._worded_text(chosen, reader, lang)
        return self.render(message, lang)

    def _known_common(self, message: Msg, lang: Lang) -> Common | None:
        """``message``'s common wording in ``lang`` made in this block of
        remembering, if any: the one it holds, else one kept aside."""
        common = message._wording
        if type(common) is tuple and common[0] is self._blocks[lang]:
            return common
        aside = self._common[lang].get(id(message))
        return aside if aside is not None and aside[0] is message else None

    def _word_common(self, message: Msg, lang: Lang) -> Common:
        """``message``'s common wording, with every reader a personal part
        on the way to it is addressed to, found as it is made: a reader
        none of them addresses reads that wording (a personal part inside
        a wording it does not read cannot change what it reads)."""
        met_so_far = self._met
        mark = len(met_so_far)
        try:
            text = self._format(message, lang, _NOBODY)
            found = len(met_so_far) - mark
            met: Collection[object] = _NO_ONE if found == 0 else met_so_far[mark] \
                if found == 1 else frozenset().union(*met_so_far[mark:])
        finally:
            del met_so_far[mark:]
        held = message._wording
        if type(held) is tuple and held[0] in self._blocks.values():
            # it holds its wording in another language: this one is kept aside
            common: Common = (message, text, met)
            self._common[lang][id(message)] = common
        else:
            common = (self._blocks[lang], text, met)
            _set_wording(message, common)
        return common

    def _format(self, message: Msg, lang: Lang, reader: object = None) -> str:
        """``message`` in ``lang``; with a ``reader``, each text inside it
        as that reader reads it (:meth:`render_for`)."""
        found = self._found[lang].get(message.key)
        if found is None:
            found = self._template(message.key, lang)
            if found is None:
                return message.key
        lang, pieces = found
        if pieces is not None:
            plain = self._plain_text(message, lang, pieces, reader)
            if plain is not None:
                return plain
        return self._fluent_text(message, lang, reader)

    def _fluent_text(self, message: Msg, lang: Lang, reader: object) -> str:
        """``message`` in ``lang`` as Fluent writes it (``Bundle.format``):
        written from its parameters themselves where its template is direct
        (:func:`~referee.core.i18n_plain.direct_template`, read once per key)
        and they are of kinds :meth:`_direct_text` writes; else by Fluent,
        its message and pattern found once per key, Fluent loaded then."""
        writers = self._fluent[lang]
        found = writers.get(message.key)
        if found is None:
            template = self._messages[lang][message.key][None]
            found = writers[message.key] = (direct_template(template), None)
        direct, write = found
        if direct is not None:
            text = self._direct_text(message, lang, direct, reader)
            if text is not None:
                return text
        if write is None:
            write = self.bundle(lang).writer(message.key)
            writers[message.key] = (direct, write)
        return write(self.arguments(message, lang, reader))

    def _direct_text(self, message: Msg, lang: Lang, pieces: Direct,
                     reader: object) -> str | None:
        """``message`` by its :data:`~referee.core.i18n_plain.Direct`
        ``pieces``, written as Fluent writes them, when each parameter they
        use is words, a name, a text, a number or a tuple of these; None for
        any other, and for a text longer than a placeable may be (Fluent
        writes it, or refuses it for a parameter or a choice's variant past
        :data:`~referee.core.i18n_plain.LONGEST_PLACEABLE`: none is longer
        than a text that is not)."""
        out: list[str] = []
        if not self._write_direct(message.params, lang, pieces, reader, out):
            return None
        text = "".join(out)
        return text if len(text) <= LONGEST_PLACEABLE else None

    def _write_direct(self, params: Mapping[str, Param], lang: Lang, pieces: Direct,
                      reader: object, out: list[str]) -> bool:
        """Each of ``pieces`` with ``params`` added to ``out``, a choice's
        variant in its place; False as soon as one is of a kind Fluent
        alone writes."""
        for piece in pieces:
            if isinstance(piece, str):
                out.append(piece)
                continue
            kind, name, extra = piece
            value = params.get(name, _MISSING)
            if value is _MISSING:
                return False  # Fluent writes it as it writes a missing parameter
            if kind == VALUE:
                text = self._direct_param(value, lang, reader)  # type: ignore[arg-type]
            elif kind == JOIN:
                text = self._direct_list(value, extra, lang, reader)  # type: ignore[arg-type]
            elif kind == CASE:
                text = self._direct_case(value, extra, lang, reader)  # type: ignore[arg-type]
            else:
                variant = _chosen_variant(value, kind, extra, lang)  # type: ignore[arg-type]
                if variant is None or not self._write_direct(params, lang, variant, reader, out):
                    return False
                continue
            if text is None:
                return False
            out.append(text)
        return True

    def _direct_param(self, value: Param, lang: Lang, reader: object) -> str | None:
        """A parameter as a Fluent placeable writes it (its :meth:`_argument`'s
        text; a number as Fluent writes it; a tuple joined by commas); None
        for any other kind."""
        kind = type(value)
        if kind is str:
            return value  # type: ignore[return-value]
        if kind is int:
            return str(value)
        if kind is Fraction:
            return self._fraction_text(value, lang)  # type: ignore[arg-type]
        if kind is Name:
            return value.ru if lang == "ru" and value.ru else value.en  # type: ignore[union-attr]
        if kind is Msg:
            if reader is None:
                return self.render(value, lang)  # type: ignore[arg-type]
            return self._worded_text(value, reader, lang)  # type: ignore[arg-type]
        if kind is tuple:
            texts = [self._direct_param(item, lang, reader) for item in value]  # type: ignore[union-attr]
            return None if None in texts else ", ".join(texts)  # type: ignore[arg-type]
        return None

    def _direct_list(self, value: Param, style: str, lang: Lang, reader: object) -> str | None:
        """``{ AND($value) }`` (``style`` ``standard``) or ``{ OR($value) }``
        (``or``) as Fluent writes it: a tuple's items joined as ``lang`` joins
        a list; anything else as it stands."""
        if type(value) is not tuple:
            return self._direct_param(value, lang, reader)
        texts = [self._direct_param(item, lang, reader) for item in value]
        return None if None in texts else list_text(texts, style, lang)  # type: ignore[arg-type]

    def _direct_case(self, value: Param, how: tuple[Case, str | None], lang: Lang,
                     reader: object) -> str | None:
        """``{ CASE($value, "acc") }`` (``how``: the case, and the style of
        ``CASE(AND($value), ...)`` or OR, else None) as Fluent writes it: each
        item of a tuple in the case, joined as ``lang`` joins a list in that
        style (by commas without one); None where Fluent reads the form."""
        case, style = how
        if type(value) is not tuple:
            return self._case_text(value, case, lang, reader)
        texts = [self._case_text(item, case, lang, reader) for item in value]
        return None if None in texts else list_text(texts, style, lang)  # type: ignore[arg-type]

    def _case_text(self, value: Param, case: Case, lang: Lang, reader: object) -> str | None:
        """``value`` in ``case`` as the grammar's CASE writes it
        (:class:`~referee.core.grammar.NameArg`, ``TextArg``, ``ListArg``),
        by the same rules (:func:`~referee.core.i18n_plain.name_case`,
        ``words_case``); a number as it is written. None for a text whose
        catalogue entry gives that form (Fluent writes it) or any other kind."""
        if isinstance(value, str):
            return words_case(value, case, lang)
        if isinstance(value, Name):
            return name_case(value.render(lang), case, lang, _name_forms(value, lang),
                             _gender(value.gender))
        if isinstance(value, Msg):
            inner = value if reader is None else _chosen(value, reader)[0]
            forms = self._messages[lang].get(inner.key)
            if forms is not None and case in forms:
                return None
            text = self._direct_param(value, lang, reader)
            return words_case(text, case, lang) if text is not None else None
        if isinstance(value, tuple):
            return self._direct_case(value, (case, None), lang, reader)
        if isinstance(value, int | Fraction) and not isinstance(value, bool):
            return self._direct_param(value, lang, reader)
        return None

    def _template(self, key: str, lang: Lang) -> tuple[Lang, Plain | None] | None:
        """The language ``key`` is written in (``lang``, else English) and,
        for a plain template, its pieces (text, name, text, ...); None for
        a key no language has. Worked out once per key while no file is
        added."""
        known = self._found[lang]
        if len(self._parsed[lang]) != len(self.sources):
            known.clear()  # a file added since: read it, and find every key again
        elif key in known:
            return known[key]
        if not self._has(key, lang):
            if lang == "en" or not self._has(key, "en"):
                known[key] = None
                return None
            lang = "en"
        pieces = self._pieces[lang]
        if key not in pieces:
            pieces[key] = plain_pieces(self._messages[lang][key])
        found = known[key] = (lang, _plain(pieces[key]))
        return found

    def _plain_text(self, message: Msg, lang: Lang, pieces: Plain,
                    reader: object = None) -> str | None:
        """``message`` in ``lang`` by its plain template's ``pieces`` when
        every parameter in it is words, a number or a text, written as Fluent
        writes them; None for any other (Fluent writes it)."""
        params = message.params
        out = [pieces[0]]
        for name, after in pieces[1]:
            value = params.get(name, _MISSING)
            kind = type(value)
            if kind is str:
                out.append(value)  # type: ignore[arg-type]
            elif kind is Msg and reader is not None:
                out.append(self._worded_text(value, reader, lang))  # type: ignore[arg-type]
            elif kind is Name:  # Name.render, without the call
                out.append(value.ru if lang == "ru" and value.ru  # type: ignore[attr-defined]
                           else value.en)  # type: ignore[attr-defined]
            elif value is _MISSING:
                out.append("{" + name + "}")  # a missing parameter stays visible
            else:
                text = self._plain_param(value, lang, reader)  # type: ignore[arg-type]
                if text is None:
                    return None
                out.append(text)
            out.append(after)
        return "".join(out)

    def _plain_param(self, value: Param, lang: Lang, reader: object = None) -> str | None:
        """A parameter as a plain template writes it (:meth:`_argument`'s
        text); None for any other kind."""
        kind = type(value)
        if kind is str:
            return value  # type: ignore[return-value]
        if kind is Msg:
            if reader is None:
                return self.render(value, lang)  # type: ignore[arg-type]
            return self._worded_text(value, reader, lang)  # type: ignore[arg-type]
        if kind is Name:
            return value.render(lang)  # type: ignore[union-attr]
        if kind is int or kind is bool:
            return str(value)
        if kind is tuple:
            items = [self._plain_param(item, lang, reader)
                     for item in value]  # type: ignore[union-attr]
            return None if None in items else ", ".join(items)  # type: ignore[arg-type]
        if kind is Fraction:
            return self._fraction_text(value, lang)  # type: ignore[arg-type]
        return None

    def _fraction_text(self, value: Fraction, lang: Lang) -> str:
        """A fraction as the locale writes it (0.5, 0,5; 1/3), as Fluent
        writes it (:func:`~referee.core.i18n_plain.number_text`), worked out once."""
        key = (value, lang)
        text = self._fractions.get(key)
        if text is None:
            text = self._fractions[key] = number_text(value, lang)
        return text

    def arguments(self, message: Msg, lang: Lang, reader: object = None) -> dict[str, object]:
        """``message``'s parameters as the Fluent values its template reads;
        with a ``reader``, each text in them as that reader reads it."""
        grammar = _grammar()
        return {k: self._argument(v, lang, reader, grammar) for k, v in message.params.items()}

    def _argument(self, value: Param, lang: Lang, reader: object, grammar: ModuleType) -> object:
        kind = type(value)
        if kind is Name:  # the commonest, found without a chain of checks
            return self._name_argument(value, lang, grammar)  # type: ignore[arg-type]
        if kind is str:
            return value
        if isinstance(value, Msg):
            inner, worded = value, reader
            if reader is None:
                text = self.render(inner, lang)
            else:
                text = self._worded_text(inner, reader, lang)
                inner, worded = _chosen(inner, reader)
            return grammar.TextArg(text, lang,
                                   lambda name: self._attribute(inner, name, lang, worded))
        if isinstance(value, Name):
            return self._name_argument(value, lang, grammar)
        if isinstance(value, tuple):
            return grammar.ListArg([self._argument(v, lang, reader, grammar) for v in value],
                                   lang)
        if isinstance(value, int | Fraction) and not isinstance(value, bool):
            return grammar.number(value)
        return str(value)

    def _name_argument(self, name: Name, lang: Lang, grammar: ModuleType) -> object:
        """``name`` as a Fluent parameter; while remembering, made once per
        name and language (a character's name heads line after line)."""
        made = self._name_arguments
        key = (id(name), lang)
        if made is not None:
            known = made.get(key)
            if known is not None and known[0] is name:
                return known[1]
        argument = grammar.NameArg(name.render(lang), lang, _name_forms(name, lang),
                                   _gender(name.gender), name.ru)
        if made is not None:
            made[key] = (name, argument)
        return argument

    def _attribute(self, message: Msg, name: str, lang: Lang,
                   reader: object = None) -> str | None:
        """A form ``message``'s entry gives (``@acc``, ``@gender``), None where
        it gives none (its parameters made only for a form it has)."""
        bundle = self.bundle(lang)
        forms = self._messages[lang].get(message.key)
        if forms is None or name not in forms:
            return None
        return bundle.attribute(message.key, name, self.arguments(message, lang, reader))


_NO_ONE: frozenset[object] = frozenset()

Common: TypeAlias = "tuple[object, str, Collection[object]]"
"""A text's common wording (:meth:`Catalogue._word_common`) as remembered:
what it is valid for (the language's mark of the block of remembering, kept
by the text; the text itself, kept aside), its text, and the readers that
read another wording."""


def _new_blocks() -> dict[Lang, object]:
    """A new mark of a block of remembering for each language."""
    return {lang: object() for lang in LANGS}
_MISSING = object()

Plain: TypeAlias = "tuple[str, tuple[tuple[str, str], ...]]"
"""A plain template's text up to its first parameter, then each parameter's
name with the text after it."""


def _plain(split: list[str] | None) -> Plain | None:
    """Pieces split at their parameters (text, name, text, ...) as :data:`Plain`."""
    if split is None:
        return None
    return split[0], tuple(zip(split[1::2], split[2::2], strict=True))


def _grammar() -> ModuleType:
    """:mod:`referee.core.grammar` (Fluent and Babel), imported when a text
    first needs it; looked up without an import statement, which costs
    microseconds at every call."""
    return sys.modules.get("referee.core.grammar") or importlib.import_module(
        "referee.core.grammar")


def _chosen(text: Msg, reader: object) -> tuple[Msg, object]:
    """The text ``reader`` reads in place of ``text``'s personal parts on
    top (``for_reader`` puts it there), and the reader its own texts are
    worded for (None where a personal part's wording is not a text: it is
    then read as it stands)."""
    while text.key == PERSONAL:
        chosen = _wording_for(text.params, reader)
        if type(chosen) is not Msg:
            return text, None
        text = chosen
    return text, reader


def _alike(message: Msg, lang: Lang) -> tuple[object, ...] | None:
    """What ``message`` renders by when its parameters are only words and
    whole numbers (the same text however often it is made); else None."""
    params = message.params
    for value in params.values():
        kind = type(value)
        if kind is not str and kind is not int:
            return None
    return (message.key, lang, *params.items())


def _gender(value: str | None) -> Gender | None:
    return value if value in GENDERS else None


def _name_forms(name: Name, lang: Lang) -> dict[str, str]:
    """The forms by case ``name``'s scenario spells out for ``lang``: its
    Russian ones, when it has a Russian spelling."""
    return dict(name.cases) if lang == "ru" and name.ru else {}


def _chosen_variant(value: Param, kind: str, variants: Variants, lang: Lang) -> Direct | None:
    """Of a choice by ``{ GENDER($value) }`` (``kind`` :data:`CHOICE`) or by
    the words of ``{ $value }`` (a select), the variant Fluent writes; None
    where ``value`` is not read here (a catalogue text's gender, a fraction:
    Fluent reads it). A whole number picks its plural category's variant."""
    if kind == CHOICE:
        gender = _gender_or_missing(value, lang)
        if gender is _MISSING:
            return None
        wanted = gender or "other"
    elif type(value) is str:
        wanted = value
    elif type(value) is int:
        wanted = plural_category(value, lang)
    else:
        return None
    named, default = variants
    for name, pieces in named:
        if name == wanted:
            return pieces
    return default


def _gender_or_missing(value: Param, lang: Lang) -> object:
    """What ``GENDER`` reads of a name, words or a tuple of these, by the
    rules :class:`~referee.core.grammar.NameArg`, ``TextArg`` and
    ``ListArg`` read it by (:func:`~referee.core.i18n_plain.name_gender`,
    ``words_gender``, ``list_gender``); ``_MISSING`` for any other kind."""
    kind = type(value)
    if kind is Name:
        return name_gender(_gender(value.gender), value.ru,  # type: ignore[union-attr]
                           value.en, lang)  # type: ignore[union-attr]
    if kind is tuple:
        return list_gender(value, lang, _gender_or_missing)  # type: ignore[arg-type]
    if kind is str:
        return words_gender(value, lang)  # type: ignore[arg-type]
    return _MISSING


CATALOGUE = Catalogue()
CATALOGUE.load(Path(__file__).with_name("text.toml"))


def render(message: Msg | Name | str, lang: Lang = "en") -> str:
    """Render with the shared catalogue."""
    return CATALOGUE.render(message, lang)


def render_for(text: Msg, reader: str, lang: Lang = "en") -> str:
    """``render(for_reader(text, reader), lang)``: ``text`` as ``reader``
    reads it, in ``lang``, with the shared catalogue."""
    return CATALOGUE.render_for(text, reader, lang)


def render_all_for(texts: Iterable[Msg], reader: str, lang: Lang = "en") -> list[str]:
    """:func:`render_for` of each of ``texts``, in order, with the shared catalogue."""
    return CATALOGUE.render_all_for(texts, reader, lang)


def language_from_env(environ: Mapping[str, str] | None = None) -> Lang:
    """Russian when the locale (LC_ALL, LC_MESSAGES, LANG) says so, else English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"
