"""What the catalogue knows of its templates without Fluent: the languages,
a template's parameters, its forms (``key@acc``), and the plain templates
(``{name}`` parameters only, most of a catalogue) split for writing.

Fluent and Babel (:mod:`referee.core.grammar`) load when a text first needs
them: a plural, a case, a number written the locale's way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, TypeAlias

Lang: TypeAlias = Literal["en", "ru"]
"""A language players read: English or Russian (the books' own)."""
LANGS: tuple[Lang, ...] = ("en", "ru")

SHORTHAND = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
"""``{name}``: a parameter, short for Fluent's ``{ $name }``."""
PLAIN_TEMPLATE = re.compile(r"[^{}\n]*(?:\{[A-Za-z_][A-Za-z0-9_]*\}[^{}\n]*)*")
"""A template of one line whose only braces are ``{name}`` parameters: most of
a catalogue, and written without Fluent (its parser is slow in pure Python)."""
_ATTRIBUTE = "@"

VALUE, JOIN, CHOICE, SELECT = "value", "join", "gender", "select"
"""The kinds of placeable a text written from its parameters themselves holds
(:meth:`referee.core.grammar.Bundle.direct`): a parameter (``{ $who }``), a
parameter joined as a list (``{ AND($who) }``, ``{ OR($who) }``), a choice by
its gender (``{ GENDER($who) -> [plural] see *[other] sees }``), a choice by
its words (``{ $place -> [hands] in hand *[other] on the { $place } }``)."""

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
