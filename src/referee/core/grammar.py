"""Catalogue templates as Project Fluent messages: case, gender and plural.

Each catalogue entry is a Fluent pattern. ``{name}`` is short for Fluent's
``{ $name }``, so a plain template reads as it always has; the rest of Fluent's
syntax is there for grammar:

- plurals by the language's own rules (CLDR): ``{ $wounds -> [one] wound
  *[other] wounds }``; in Russian ``[one] рана [few] раны *[many] ран``;
- a noun's case: ``{ CASE($target, "acc") }`` («на Андрея», «на себя» when
  the catalogue gives that form); cases are nom, gen, dat, acc, ins, prep;
- agreement with the subject: ``{ GENDER($other) -> [fem] убита [plural]
  убиты *[other] убит }``; GENDER gives masc, fem, neut or plural (an English
  verb needs only plural, "the Outlaws win"; a pronoun, "her hands", the rest);
- ``{ CAP($x) }`` starts a sentence with a capital letter;
- a tuple parameter is a list, written "a, b, c"; ``{ AND($dice) }`` writes
  "2 and 6" («2 и 6»), ``{ OR($seats) }`` "night or day" («ночь или день»).

A name's case and gender come from the :class:`~referee.core.i18n.Name`
(a scenario may spell forms out) or, in Russian, from the morphology
(:mod:`referee.core.morphology`). A message passed as a parameter gives its
forms through attributes written in the TOML as ``"key@acc"`` and
``"key@gender"`` (the spell «Защита-3» has ``@acc`` «Защиту-3»). Numbers are
written as the reader's language writes them (0.5, 0,5), lists joined by AND and
OR as it joins them ("2 and 6", «2 и 6»).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, Protocol

from babel import Locale
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime import resolver as _resolver
from fluent.runtime.resolver import Message, Pattern
from fluent.runtime.types import FluentFloat, FluentInt, FluentNumber, FluentType
from fluent.syntax import ast as ftl

from referee.core.i18n_plain import LANGS as LANGS
from referee.core.i18n_plain import (
    LOCALES,
    LONGEST_PLACEABLE,
    PLAIN_TEMPLATE,
    SHORTHAND,
    grouped,
    list_gender,
    list_text,
    locale_of,
    name_case,
    name_gender,
    number_form,
    variables,
    words_case,
    words_gender,
)
from referee.core.i18n_plain import CatalogueError as CatalogueError
from referee.core.i18n_plain import Lang as Lang
from referee.core.morphology import CASES, Case, Gender
from referee.core.patterns import Unsupported, compile_pattern

_PLAIN_TEMPLATE = PLAIN_TEMPLATE
_SHORTHAND = SHORTHAND
_NOT_MADE = object()


_resolver.MAX_PART_LENGTH = LONGEST_PLACEABLE


class Inflectable(Protocol):
    """A parameter that knows its case forms and gender."""

    def case(self, case: Case) -> str: ...

    def gender(self) -> Gender | None: ...


class NameArg(FluentType):
    """A :class:`~referee.core.i18n.Name` as a Fluent parameter. Its gender,
    when the name does not give it, is read from its Russian spelling, in
    English too (her, his: ``{ GENDER($who) -> [fem] her ... }``)."""

    def __init__(self, text: str, lang: Lang, forms: Mapping[str, str],
                 gender: Gender | None, russian: str | None = None) -> None:
        self.text, self.lang, self.forms, self._gender = text, lang, forms, gender
        self.russian = russian
        self._forms_read: dict[Case, str] = {}
        """The forms read so far, and below its gender (a name made into a
        parameter once is read in line after line: see
        ``Catalogue._name_argument``)."""
        self._gender_read: tuple[Gender | None] | None = None

    def format(self, locale: Locale) -> str:
        return self.text

    def case(self, case: Case) -> str:
        form = self._forms_read.get(case)
        if form is None:
            form = self._forms_read[case] = name_case(self.text, case, self.lang, self.forms,
                                                      self._gender)
        return form

    def gender(self) -> Gender | None:
        if self._gender_read is None:
            self._gender_read = (name_gender(self._gender, self.russian, self.text, self.lang),)
        return self._gender_read[0]


class ListArg(FluentType):
    """A tuple of parameters, joined as the reader's language joins a list."""

    def __init__(self, items: list[Any], lang: Lang, style: str | None = None) -> None:
        self.items, self.lang, self.style = items, lang, style

    def joined(self, style: str | None) -> ListArg:
        """The same items joined with "and" (``standard``) or "or" (``or``)."""
        return ListArg(self.items, self.lang, style)

    def format(self, locale: Locale) -> str:
        return self._join([_text(item, locale) for item in self.items])

    def case(self, case: Case) -> str:
        return self._join([_case_of(item, case, self.lang) for item in self.items])

    def _join(self, texts: list[str]) -> str:
        return list_text(texts, self.style, self.lang)

    def gender(self) -> Gender | None:
        return list_gender(self.items, self.lang, _gender_of)


class TextArg(FluentType):
    """A message rendered as a parameter; its forms come from the catalogue
    entry's ``@case`` and ``@gender`` attributes, else from the morphology."""

    def __init__(self, text: str, lang: Lang, attribute: Callable[[str], str | None]) -> None:
        self.text, self.lang, self.attribute = text, lang, attribute

    def format(self, locale: Locale) -> str:
        return self.text

    def case(self, case: Case) -> str:
        form = self.attribute(case)
        if form is not None:
            return form
        return words_case(self.text, case, self.lang)

    def gender(self) -> Gender | None:
        given = self.attribute("gender")
        if given in {"masc", "fem", "neut", "plural"}:
            return given  # type: ignore[return-value]
        return words_gender(self.text, self.lang)


def _text(value: Any, locale: Locale) -> str:
    return value.format(locale) if isinstance(value, FluentType) else str(value)


def _case_of(value: Any, case: Case, lang: Lang) -> str:
    if isinstance(value, NameArg | TextArg | ListArg):
        return value.case(case)
    if isinstance(value, FluentType):
        return value.format(locale_of(lang))
    return words_case(str(value), case, lang)


def _gender_of(value: Any, lang: Lang) -> Gender | None:
    if isinstance(value, NameArg | TextArg | ListArg):
        return value.gender()
    return words_gender(value, lang) if isinstance(value, str) else None


@functools.lru_cache(maxsize=8192)
def number(value: int | Fraction) -> FluentType | str:
    """A number as Fluent formats and selects plurals by, written as
    :func:`~referee.core.i18n_plain.number_form` says: a whole number in
    digits, ungrouped (a seed stays 12345); a decimal as the locale writes
    it (0.5, 0,5); the rest as text (1/3, 10**25). Made once (making one
    costs more than writing it): the same few numbers fill every log."""
    form = number_form(value)
    if type(form) is int:
        return WholeNumber(form, useGrouping=False)
    if type(form) is float:
        return DecimalNumber(form, useGrouping=False, maximumFractionDigits=12)
    return str(form)


class WholeNumber(FluentInt):
    """A whole number as :func:`number` gives it, written once per locale
    (Babel's formatting costs more than the rest of a line)."""

    def format(self, locale: Locale) -> str:
        return _written(self, locale, FluentInt.format)


class DecimalNumber(FluentFloat):
    """A fraction with a finite decimal as :func:`number` gives it, written
    once per locale (0.5, 0,5)."""

    def format(self, locale: Locale) -> str:
        return _written(self, locale, FluentFloat.format)


def _written(value: FluentNumber, locale: Locale,
             write: Callable[[FluentNumber, Locale], str]) -> str:
    """``write(value, locale)``, worked out once for each locale."""
    texts: dict[Locale, str] | None = value.__dict__.get("_texts")
    if texts is None:
        texts = value.__dict__["_texts"] = {}
    text = texts.get(locale)
    if text is None:
        text = texts[locale] = write(value, locale)
    return text


_NUMBERS = (WholeNumber, DecimalNumber, FluentInt, FluentFloat)
"""The kinds of number :func:`number` makes, and Fluent's own."""


def functions(lang: Lang) -> dict[str, Callable[..., Any]]:
    """The grammar functions templates may call, for one language."""

    def case(value: Any, which: str = "nom") -> str:
        if which not in CASES:
            raise CatalogueError(f"CASE: unknown case {which!r}; expected one of {CASES}")
        return _case_of(value, which, lang)

    def gender(value: Any) -> str:
        return _gender_of(value, lang) or "other"

    def cap(value: Any) -> str:
        text = _text(value, locale_of(lang))
        return text[:1].upper() + text[1:]

    def conjunction(style: str) -> Callable[[Any], Any]:
        def join(value: Any) -> Any:
            return value.joined(style) if isinstance(value, ListArg) else value
        return join

    return {"CASE": case, "GENDER": gender, "CAP": cap,
            "AND": conjunction("standard"), "OR": conjunction("or")}


def _variants_on_lines(pattern: str) -> str:
    """A select written on one line (``{ $n -> [one] wound *[other] wounds }``,
    the way a TOML catalogue writes it) with each variant and the closing
    brace on a line of its own, as Fluent wants them."""
    out: list[str] = []
    selects: list[int] = []  # brace depths at which a select is open
    depth = 0
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "{":
            depth += 1
        elif char == "}":
            if selects and selects[-1] == depth:
                selects.pop()
                while out and out[-1] == " ":
                    out.pop()
                out.append("\n")
            depth -= 1
        elif pattern.startswith("->", i):
            selects.append(depth)
            out.append("->")
            i += 2
            continue
        elif selects and selects[-1] == depth and (
                (char == "[" and pattern[i - 1:i] != "*") or pattern.startswith("*[", i)):
            while out and out[-1] == " ":
                out.pop()
            out.append("\n")
        out.append(char)
        i += 1
    return "".join(out)


def fluent_source(key: str, template: str) -> str:
    """``template`` as the Fluent pattern of one message: the ``{name}``
    shorthand expanded, selects spread over lines, continuation lines
    indented, edge spaces kept."""
    pattern = _variants_on_lines(_SHORTHAND.sub(r"{ $\1 }", template))
    stripped = pattern.strip(" ")
    if not stripped:
        return '{ "" }' if not pattern else '{ "' + pattern + '" }'
    lead = pattern[: len(pattern) - len(pattern.lstrip(" "))]
    trail = pattern[len(pattern.rstrip(" ")):]
    body = stripped.replace("\n", "\n    ")
    return (f'{{ "{lead}" }}' if lead else "") + body + (f'{{ "{trail}" }}' if trail else "")


def plain_message(ident: str, template: str) -> ftl.Message:
    """The Fluent message a plain template (:data:`_PLAIN_TEMPLATE`) parses
    to: its text, and each ``{name}`` a variable."""
    elements: list[ftl.TextElement | ftl.Placeable] = []
    at = 0
    for found in _SHORTHAND.finditer(template):
        if found.start() > at:
            elements.append(ftl.TextElement(template[at:found.start()]))
        elements.append(ftl.Placeable(ftl.VariableReference(ftl.Identifier(found.group(1)))))
        at = found.end()
    if at < len(template) or not elements:
        elements.append(ftl.TextElement(template[at:]))
    return ftl.Message(ftl.Identifier(ident), ftl.Pattern(elements))


class Bundle:
    """One language's templates compiled into a Fluent bundle, each message
    when it is first rendered (Fluent's parser is slow in pure Python, and a
    command renders a few of a catalogue's hundreds of messages)."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang
        self._locale: Locale | None = None
        self._fluent: FluentBundle | None = None
        self.ids: dict[str, str] = {}
        self.needs: dict[str, set[str]] = {}
        self._waiting: dict[str, tuple[dict[str | None, str], str]] = {}
        self._plain: dict[str, list[str]] = {}
        """A plain template (:data:`_PLAIN_TEMPLATE`) split at its parameters:
        text, name, text, ... (most lines of a log, written without Fluent)."""
        self._added = 0
        self._compiling = threading.RLock()
        self._numbers: dict[tuple[type, object, bool, int | None], str] = {}
        """Each number as this language writes it (:func:`number` makes them)."""
        self._functions: dict[str, dict[str | None, object]] = {}
        """Each message's pattern made into a function, or None (:meth:`_made`)."""

    @property
    def locale(self) -> Locale:
        """The language's locale, read when a name, list or number is first written."""
        if self._locale is None:
            self._locale = locale_of(self.lang)
        return self._locale

    @property
    def bundle(self) -> FluentBundle:
        """Fluent's bundle, made when a message is first compiled into it: a
        command that writes only plain templates never makes one (making it
        reads the locale's plural rules)."""
        if self._fluent is None:
            with self._compiling:
                if self._fluent is None:
                    self._fluent = FluentBundle([LOCALES[self.lang]],
                                                functions=functions(self.lang),
                                                use_isolating=False)
        return self._fluent

    def add(self, templates: Mapping[str, str], source: str) -> None:
        """Take ``templates`` (catalogue keys, possibly ``key@attribute``), to
        be compiled when first rendered; an entry Fluent cannot read is
        refused then, with the file and key named."""
        with self._compiling:
            self._add(grouped(templates, source), source)

    def _add(self, messages: Mapping[str, dict[str | None, str]], source: str) -> None:
        for base, parts in messages.items():
            self.ids[base] = f"m{self._added}"  # a new one: a message compiled stays as it was
            self._added += 1
            self.needs[base] = set().union(*(variables(text) for text in parts.values()))
            self._waiting[base] = (parts, source)
            self._plain.pop(base, None)
            self._functions.pop(base, None)

    def compile_all(self) -> None:
        """Compile every message not compiled yet (a test of the catalogue).

        :raises CatalogueError: naming the file and key of the first that
            is not a valid template."""
        for key in list(self._waiting):
            self._message(key)

    def _message(self, key: str) -> Message:
        """``key``'s compiled message, compiled now if it was not yet (once,
        however many threads render it first at the same moment)."""
        if key in self._waiting:
            with self._compiling:
                waiting = self._waiting.get(key)
                if waiting is not None:
                    self._compile(key, *waiting)
                    del self._waiting[key]
        return self.bundle.get_message(self.ids[key])

    def _compile(self, base: str, parts: Mapping[str | None, str], source: str) -> None:
        ident, value = self.ids[base], parts[None]
        if len(parts) == 1 and _PLAIN_TEMPLATE.fullmatch(value):
            resource = FluentResource("")
            resource.body.append(plain_message(ident, value))
            self._plain[base] = _SHORTHAND.split(value)
        else:
            lines = [f"{ident} = {fluent_source(base, value)}"]
            lines += [f"    .{name} = {fluent_source(base, text)}"
                      for name, text in parts.items() if name is not None]
            resource = FluentResource("\n".join(lines) + "\n")
            self._refuse_junk(resource.body, source)
        self.bundle.add_resource(resource, allow_overrides=True)

    def _refuse_junk(self, entries: Iterable[ftl.EntryType], source: str) -> None:
        for entry in entries:
            if isinstance(entry, ftl.Junk):
                by_id = {ident: key for key, ident in self.ids.items()}
                ident = (entry.content or "").split(" ", 1)[0]
                reason = "; ".join(a.message or a.code for a in entry.annotations)
                raise CatalogueError(
                    f"{source}: [{self.lang}] {by_id.get(ident, ident)!r} is not a valid "
                    f"template ({reason})")

    def has(self, key: str) -> bool:
        return key in self.ids

    def format(self, key: str, args: Mapping[str, Any], attribute: str | None = None) -> str:
        """The text of ``key`` (or one of its attributes) with ``args``."""
        if attribute is None:
            return self.writer(key)(dict(args))
        pattern = self._message(key).attributes[attribute]
        if pattern is None:
            return key
        values = dict(args)
        for name in self.needs[key] - values.keys():
            values[name] = "{" + name + "}"  # a missing parameter stays visible
        made = self._made(key, attribute, pattern)
        if made is not None:
            try:
                return made(values)
            except Unsupported:
                pass  # Fluent writes it, with what it says of the error
        text, _errors = self.bundle.format_pattern(pattern, values)
        return str(text)

    def writer(self, key: str) -> Callable[[dict[str, Any]], str]:
        """A function writing ``key``'s text (:meth:`format`'s one path for a
        message's own text), its message and pattern found once: it takes a
        dict of arguments of the caller's own, which it may add to (a missing
        parameter stays visible)."""
        pieces = self._plain_pieces(key)
        message = self._message(key)
        pattern = message.value
        if pattern is None:
            return lambda args: key
        needs = tuple(self.needs[key])
        made = self._made(key, None, pattern)
        bundle = self.bundle

        def write(args: dict[str, Any]) -> str:
            if pieces is not None:
                plain = self._plain_text(pieces, args)
                if plain is not None:
                    return plain
            for name in needs:
                if name not in args:
                    args[name] = "{" + name + "}"
            if made is not None:
                try:
                    return made(args)
                except Unsupported:
                    pass  # Fluent writes it, with what it says of the error
            text, _errors = bundle.format_pattern(pattern, args)
            return str(text)
        return write

    def _made(self, key: str, attribute: str | None,
              pattern: Pattern | Any) -> Callable[[Mapping[str, Any]], str] | None:
        """``key``'s pattern (or its ``attribute``'s) as a Python function
        (:mod:`referee.core.patterns`), made once; None for a pattern of a
        kind Fluent alone writes."""
        made = self._functions.setdefault(key, {})
        found = made.get(attribute, _NOT_MADE)
        if found is _NOT_MADE:
            bundle = self.bundle
            found = made[attribute] = compile_pattern(
                pattern, self.locale, bundle._plural_form, bundle._functions)
        return found  # type: ignore[return-value]

    def _plain_pieces(self, key: str) -> list[str] | None:
        """A plain template (:data:`_PLAIN_TEMPLATE`) split at its parameters:
        text, name, text, ...; None for any other. Read without compiling
        the message into Fluent."""
        pieces = self._plain.get(key)
        if pieces is None:
            waiting = self._waiting.get(key)
            if waiting is None or len(waiting[0]) != 1:
                return None
            template = waiting[0][None]
            if not _PLAIN_TEMPLATE.fullmatch(template):
                return None
            pieces = self._plain[key] = _SHORTHAND.split(template)
        return pieces

    def _plain_text(self, pieces: list[str], args: Mapping[str, Any]) -> str | None:
        """A plain template's text with ``args``, as Fluent writes it; None
        when a parameter is a number (Fluent and the locale write those)."""
        out: list[str] = []
        for at, piece in enumerate(pieces):
            if at % 2 == 0:
                out.append(piece)
                continue
            value = args.get(piece)
            if value is None:
                out.append("{" + piece + "}")  # a missing parameter stays visible
            elif type(value) is str:
                out.append(value)
            elif type(value) in (NameArg, TextArg, ListArg):
                out.append(value.format(self.locale))
            elif type(value) in _NUMBERS:
                out.append(self._number(value))
            else:
                return None
        return "".join(out)

    def _number(self, value: FluentInt | FluentFloat) -> str:
        """A number as Fluent writes it in a placeable, worked out once."""
        options = value.options
        key = (type(value), value, options.useGrouping, options.maximumFractionDigits)
        text = self._numbers.get(key)
        if text is None:
            text = self._numbers[key] = value.format(self.locale)
        return text

    def number_text(self, value: int | Fraction) -> str:
        """``value`` as a template's ``{ $value }`` writes it in this language
        through Fluent (what :func:`~referee.core.i18n_plain.number_text`
        writes without it: the tests compare them)."""
        made = number(value)
        if isinstance(made, FluentInt | FluentFloat):
            return self._number(made)
        return str(made)

    def attribute(self, key: str, name: str, args: Mapping[str, Any]) -> str | None:
        """The attribute ``name`` of ``key``, or None if the entry has none."""
        if key not in self.ids:
            return None
        message = self._message(key)
        if name not in message.attributes:
            return None
        return self.format(key, args, name)

    def errors(self, key: str, args: Mapping[str, Any]) -> list[Exception]:
        """What went wrong rendering ``key`` with ``args`` (for the tests)."""
        message = self._message(key)
        found: list[Exception] = []
        for pattern in [message.value, *message.attributes.values()]:
            if pattern is not None:
                found += self.bundle.format_pattern(pattern, dict(args))[1]
        return found


__all__ = ["CASES", "LANGS", "Bundle", "CatalogueError", "Lang", "ListArg", "NameArg", "TextArg",
           "functions", "number", "variables"]
