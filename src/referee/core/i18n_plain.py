"""What the catalogue knows of its templates without Fluent: the languages,
a template's parameters, its forms (``key@acc``), the plain templates
(``{name}`` parameters only, most of a catalogue) split for writing, the
texts written from their parameters themselves (:func:`direct_template`:
lists, choices by gender, by words and by a number's plural), and what a
template's CASE, GENDER and lists make of a parameter (:func:`name_case`,
:func:`name_gender`, :func:`list_text`...), for Fluent's values and the
direct writer alike.

Babel loads when a list is first joined or a plural first chosen; Fluent
(:mod:`referee.core.grammar`) when a text first needs it: a case, a number
written the locale's way, a template of any other kind.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, TypeAlias, TypeVar

from referee.core.morphology import Case, Gender, gender_of, inflect

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern

Lang: TypeAlias = Literal["en", "ru"]
"""A language players read: English or Russian (the books' own)."""
LANGS: tuple[Lang, ...] = ("en", "ru")
LOCALES: dict[str, str] = {"en": "en_US", "ru": "ru_RU"}
_PARSED: dict[str, Locale] = {}

LONGEST_PLACEABLE = 10_000_000
"""The longest text a parameter, or a choice's variant, may put into a
line. Fluent writes a line with a placeable of more than 2,500 characters
as ``{???}``, a guard against untrusted templates; ours are the
catalogue's, and what the players give is bounded where it is read
(:mod:`referee.core.limits`), while a list of a hundred reasons, or a
report quoted whole, is longer than that. (A name, a list or a text is
written whole, whatever its length, as Fluent writes it.)"""

LARGEST_FORMATTED = 10**15
"""Numbers from here up are written in plain digits: Babel formats through
decimals of 28 digits, and 15 digits before the point and up to 12 after it
(``maximumFractionDigits``) still fit."""

SHORTHAND = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
"""``{name}``: a parameter, short for Fluent's ``{ $name }``."""
PLAIN_TEMPLATE = re.compile(r"[^{}\n]*(?:\{[A-Za-z_][A-Za-z0-9_]*\}[^{}\n]*)*")
"""A template of one line whose only braces are ``{name}`` parameters: most of
a catalogue, and written without Fluent (its parser is slow in pure Python)."""
_ATTRIBUTE = "@"

VALUE, JOIN, CASE, CHOICE, SELECT = "value", "join", "case", "gender", "select"
"""The kinds of placeable a text written from its parameters themselves holds
(:func:`direct_template`): a parameter (``{ $who }``), a parameter joined as a
list (``{ AND($who) }``, ``{ OR($who) }``), a parameter's case
(``{ CASE($room, "gen") }``, ``{ CASE(AND($seen), "acc") }``), a choice by its
gender (``{ GENDER($who) -> [plural] see *[other] sees }``), a choice by its
words or a number's plural (``{ $place -> [hands] in hand *[other] on the
{ $place } }``)."""

Forms: TypeAlias = dict[str | None, str]
"""A message's text (under None) and its forms by name (``acc``, ``gender``)."""


class CatalogueError(ValueError):
    """A catalogue entry that is not a valid template."""


def split_attribute(key: str) -> tuple[str, str | None]:
    """``"nw.spell.defence@acc"`` → (``"nw.spell.defence"``, ``"acc"``)."""
    base, sep, attribute = key.partition(_ATTRIBUTE)
    return base, (attribute if sep else None)


def grouped(templates: Mapping[str, str], source: str) -> dict[str, Forms]:
    """One file's entries by message: its text and forms.

    :raises CatalogueError: naming the file and a key that has forms but no
        text of its own."""
    found: dict[str, Forms] = {}
    for key, template in templates.items():
        base, attribute = split_attribute(key)
        found.setdefault(base, {})[attribute] = template
    for base, parts in found.items():
        if parts.get(None) is None:
            raise CatalogueError(f"{source}: {base!r} has forms but no text of its own")
    return found


def plain_pieces(parts: Forms) -> list[str] | None:
    """A plain message (one text, no forms, :data:`PLAIN_TEMPLATE`) split at
    its parameters: text, name, text, ...; None for any other."""
    template = parts.get(None)
    if len(parts) != 1 or template is None or not PLAIN_TEMPLATE.fullmatch(template):
        return None
    return SHORTHAND.split(template)


def variables(template: str) -> set[str]:
    """The parameter names a template uses, in either spelling."""
    names = set(SHORTHAND.findall(template))
    names |= set(re.findall(r"\$([A-Za-z_][A-Za-z0-9_-]*)", template))
    return names


def locale_of(lang: str) -> Locale:
    """The Babel locale of ``lang``, parsed once."""
    locale = _PARSED.get(lang)
    if locale is None:
        from babel import Locale

        locale = _PARSED[lang] = Locale.parse(LOCALES[lang])
    return locale


def joined(texts: tuple[str, ...], style: str, lang: Lang) -> str:
    """``texts`` joined as ``lang`` joins a list in ``style`` (Babel's
    ``format_list``), the words between them found once per length: the
    lists a turn joins (who sees a move) are seldom the same twice."""
    between = _list_words(len(texts), style, lang)
    if between is None:
        from babel.lists import format_list

        return format_list(list(texts), style=style, locale=locale_of(lang))  # type: ignore[arg-type]
    out = [between[0]]
    for text, after in zip(texts, between[1:], strict=True):
        out += (text, after)
    return "".join(out)


def list_text(texts: Sequence[str], style: str | None, lang: Lang) -> str:
    """A list's items, each already written, as a template writes the list:
    joined as ``lang`` joins a list in ``style`` (``standard`` for AND,
    ``or`` for OR), by commas in none (a list as it stands, or its CASE
    without AND or OR); one item is itself, in every style."""
    if style is None or len(texts) < 2:
        return ", ".join(texts)
    return joined(tuple(texts), style, lang)


_MARK = re.compile("\ue000([0-9]+)\ue001")
"""A stand-in for an item of a list (private-use characters no pattern holds)."""


@functools.lru_cache(maxsize=256)
def _list_words(count: int, style: str, lang: Lang) -> tuple[str, ...] | None:
    """What ``format_list`` writes around ``count`` items, in order: before
    the first, then after each; None where it does not write each item once,
    in order, as it is (then it joins every list itself)."""
    from babel.lists import format_list

    marks = [f"\ue000{at}\ue001" for at in range(count)]
    joined = format_list(marks, style=style, locale=locale_of(lang))  # type: ignore[arg-type]
    if [int(found) for found in _MARK.findall(joined)] != list(range(count)):
        return None
    return tuple(_MARK.split(joined)[::2])


def plural_category(value: int, lang: Lang) -> str:
    """The variant a choice on the whole number ``value`` picks, as Fluent
    picks it: the CLDR plural category of ``lang`` (one, few, many, other);
    a number too large to be formatted is written in digits, and words, as
    Fluent reads it, name no variant of it."""
    if value >= LARGEST_FORMATTED or -value >= LARGEST_FORMATTED:
        return str(value)
    return _plural_rule(lang)(value)


@functools.cache
def _plural_rule(lang: Lang) -> Callable[[int], str]:
    """``lang``'s plural rule made into a function, as Fluent's bundle makes it."""
    from babel.plural import to_python

    return to_python(locale_of(lang).plural_form)


def words_case(text: str, case: Case, lang: Lang) -> str:
    """Words no entry gives a form of (a parameter's, a text's) in ``case``,
    as a template's CASE writes them: in Russian inflected by the morphology,
    in English as they stand."""
    return inflect(text, case) if lang == "ru" else text


def name_case(text: str, case: Case, lang: Lang, forms: Mapping[str, str],
              gender: Gender | None) -> str:
    """A name (``text``, its spelling in ``lang``) in ``case``, as a
    template's CASE writes it: the form its scenario gives (``forms``),
    else in Russian its spelling inflected (``gender``, when the scenario
    gives one, overriding the dictionary's), in English as it stands."""
    form = forms.get(case)
    if form is not None:
        return form
    return inflect(text, case, gender) if lang == "ru" else text


def words_gender(text: str, lang: Lang) -> Gender | None:
    """What a template's GENDER reads of words no entry gives a gender of:
    in Russian the gender of their head noun, in English none."""
    return gender_of(text) if lang == "ru" else None


def name_gender(given: Gender | None, russian: str | None, text: str,
                lang: Lang) -> Gender | None:
    """What a template's GENDER reads of a name: the gender its scenario
    gives, else the one its Russian spelling (``russian``; in Russian its
    ``text`` where it has none) reads as, in English too (her, his); None
    for a name with no Russian spelling in English."""
    if given is not None:
        return given
    spelling = (russian or text) if lang == "ru" else russian
    return gender_of(spelling) if spelling else None


_Item = TypeVar("_Item")
_Read = TypeVar("_Read")


def list_gender(items: Sequence[_Item], lang: Lang,
                item_gender: Callable[[_Item, Lang], _Read]) -> _Read | Gender | None:
    """What a template's GENDER reads of a list: its one item's gender
    (``item_gender``), else ``plural``; None for an empty list."""
    if len(items) == 1:
        return item_gender(items[0], lang)
    return "plural" if items else None


Variants: TypeAlias = "tuple[tuple[tuple[str, Direct], ...], Direct]"
"""A choice's variants by name, in order, then its default one."""
DirectPiece: TypeAlias = "str | tuple[str, str, str | tuple[str, str | None] | Variants | None]"
"""Text, or a placeable: its kind, its parameter's name, then the list's style
(``standard``, ``or``) of a :data:`JOIN`, the case and the list's style (or
None) of a :data:`CASE`, the variants of a :data:`CHOICE` or a :data:`SELECT`."""
Direct: TypeAlias = "tuple[DirectPiece, ...]"
"""A message's text in pieces that the catalogue writes from the parameters
themselves (:func:`direct_template`)."""
STYLES = {"AND": "standard", "OR": "or"}
"""The list functions of a template and the ``format_list`` style of each."""

_NAME = r"[A-Za-z][A-Za-z0-9_-]*"
_DIRECT_PLACEABLE = re.compile(
    rf"\{{(?:(?P<short>{_NAME})|\s*(?:\$(?P<value>{_NAME})"
    rf"|(?P<join>AND|OR)\(\s*\$(?P<joined>{_NAME})\s*\)"
    rf"|CASE\(\s*(?:\$(?P<cased>{_NAME})|(?P<case_join>AND|OR)\(\s*\$(?P<case_joined>{_NAME})\s*\))"
    rf'\s*,\s*"(?P<case>nom|gen|dat|acc|ins|prep)"\s*\))\s*)\}}')
"""``{name}``, ``{ $name }``, ``{ AND($name) }``, ``{ OR($name) }``, and the
case of one of these: ``{ CASE($name, "acc") }``, ``{ CASE(AND($name), "acc") }``."""
_DIRECT_SELECT = re.compile(
    rf"\{{\s*(?:\$(?P<select>{_NAME})|GENDER\(\s*\$(?P<gender>{_NAME})\s*\))\s*->\s*")
"""The head of a choice: ``{ $name ->`` or ``{ GENDER($name) ->``."""
_DIRECT_VARIANT = re.compile(rf"(?P<default>\*?)\[\s*(?P<key>{_NAME})\s*\] *")
"""A variant's key: ``[one]``, ``*[other]``, and the spaces after it."""
_DIRECT_TEXT = re.compile(r"[^{}\[\]*\n]+")
"""Text of a direct template: what holds no brace, bracket, star or line break."""


def direct_template(template: str) -> Direct | None:
    """A one-line template as :data:`Direct` pieces, the same as Fluent reads
    them (the tests compare them with Fluent's parse), when it holds nothing but
    text, parameters, ``AND``/``OR`` of a parameter, and choices of text and
    parameters by a parameter's GENDER or its words (or a number's plural);
    None for any other template (Fluent reads it). Read without Fluent,
    whose parser is slow in pure Python and costly to import."""
    if not template or template != template.strip(" "):
        return None  # Fluent keeps the spaces at its edges as string literals
    pieces, at = _direct_pattern(template, 0, in_variant=False)
    if at != len(template) or not pieces or all(isinstance(p, str) for p in pieces):
        return None
    return pieces


def _direct_pattern(template: str, at: int, in_variant: bool) -> tuple[Direct, int]:
    """The pieces of :func:`direct_template` from ``at`` to where they stop
    (a choice's variant stops at the next variant or the choice's end, spaces
    before it left out as Fluent leaves them out), and where that is."""
    pieces: list[DirectPiece] = []
    while at < len(template):
        text = _DIRECT_TEXT.match(template, at)
        if text is not None:
            pieces.append(text.group().rstrip(" ") if in_variant and _ends_variant(
                template, text.end()) else text.group())
            at = text.end()
            continue
        placeable = _DIRECT_PLACEABLE.match(template, at)
        if placeable is not None:
            pieces.append(_direct_value(placeable))
            at = placeable.end()
            continue
        select = _DIRECT_SELECT.match(template, at)
        if select is None:
            break
        choice, at = _direct_choice(template, select)
        if choice is None:
            return (), -1
        pieces.append(choice)
    return tuple(piece for piece in pieces if piece != ""), at


def _ends_variant(template: str, at: int) -> bool:
    return at == len(template) or template[at] in "[*}"


def _direct_value(found: re.Match[str]) -> DirectPiece:
    if found["case"]:
        style = STYLES[found["case_join"]] if found["case_join"] else None
        return (CASE, found["cased"] or found["case_joined"], (found["case"], style))
    if found["join"]:
        return (JOIN, found["joined"], STYLES[found["join"]])
    return (VALUE, found["short"] or found["value"], None)


def _direct_choice(template: str, head: re.Match[str]) -> tuple[DirectPiece | None, int]:
    """A choice whose ``head`` is matched (:data:`_DIRECT_SELECT`): its piece
    and where it ends; None where it is not one :func:`direct_template` reads
    (a variant empty or keyed by a number, not one default)."""
    at = head.end()
    named: list[tuple[str, Direct]] = []
    default: Direct | None = None
    while at < len(template) and template[at] != "}":
        key = _DIRECT_VARIANT.match(template, at)
        if key is None:
            return None, at
        pieces, at = _direct_pattern(template, key.end(), in_variant=True)
        if at < 0 or not pieces or (key["default"] and default is not None):
            return None, at
        named.append((key["key"], pieces))
        if key["default"]:
            default = pieces
    if at >= len(template) or default is None:
        return None, at
    kind, name = (SELECT, head["select"]) if head["select"] else (CHOICE, head["gender"])
    return (kind, name, (tuple(named), default)), at + 1


def number_form(value: int | Fraction) -> int | float | str:
    """How a template's ``{ $value }`` writes ``value``, in every language:
    a whole number (an int) in digits, ungrouped (a seed stays 12345); a
    fraction with a finite decimal (a float) as the locale writes a decimal
    (0.5, 0,5), up to 12 places; any other fraction as a/b, and a number too
    large for the formatter in plain digits (text, as it stands)."""
    if value >= LARGEST_FORMATTED or -value >= LARGEST_FORMATTED:
        return str(value.numerator) if value.denominator == 1 else \
            f"{value.numerator}/{value.denominator}"
    if value.denominator == 1:
        return int(value.numerator)
    decimal = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(decimal) != value:
        return f"{value.numerator}/{value.denominator}"
    return float(decimal)


def number_text(value: int | Fraction, lang: Lang) -> str:
    """``value`` as a template's ``{ $value }`` writes it in ``lang``
    (:func:`number_form`), the same as Fluent writes
    :func:`referee.core.grammar.number`."""
    form = number_form(value)
    if type(form) is float:
        text: str = _decimal_pattern(lang).apply(form, locale_of(lang))
        return text
    return str(form)


@functools.cache
def _decimal_pattern(lang: Lang) -> NumberPattern:
    """``lang``'s decimal pattern as Fluent applies it to a fraction
    (``useGrouping=False``, ``maximumFractionDigits=12``)."""
    from babel.numbers import NumberPattern, parse_pattern

    base = locale_of(lang).decimal_formats[None]
    return NumberPattern(base.pattern, base.prefix, base.suffix, parse_pattern("#0").grouping,
                         base.int_prec, (base.frac_prec[0], 12), base.exp_prec, base.exp_plus)
