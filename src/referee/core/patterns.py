"""Fluent patterns of the kinds the catalogue writes, made into plain Python
functions once per message: text, variables, the grammar functions (CASE,
GENDER, CAP, AND, OR) and selects on a word, a gender or a plural. A
function gives what Fluent's resolver gives for the same arguments; a
pattern of any other kind (a message reference, a term, a number as a
variant's key) is not made into one, and a call that meets what Fluent
would report as an error gives up (:class:`Unsupported`), so that Fluent
writes it, errors and all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from babel import Locale
from fluent.runtime import resolver as fl
from fluent.runtime.types import FluentNone, FluentType

Args = Mapping[str, Any]
Part = Callable[[Args], Any]
"""A compiled piece of a pattern: its value (text, or a Fluent value) for the arguments."""
Plural = Callable[[Any], str]

GRAMMAR_FUNCTIONS = frozenset({"CASE", "GENDER", "CAP", "AND", "OR"})
"""The functions a compiled pattern calls (:func:`referee.core.grammar.functions`)."""
MOST_PARTS = fl.Pattern.MAX_PARTS
"""Fluent refuses a message of more parts than this; such a one is left to it."""


class Unsupported(Exception):
    """A call Fluent would answer with an error: left to Fluent."""


def compile_pattern(pattern: fl.Pattern, locale: Locale, plural: Plural,
                    functions: Mapping[str, Callable[..., Any]]) -> Callable[[Args], str] | None:
    """``pattern`` as a function of the arguments, writing what Fluent writes
    (with no isolation marks); None when it holds anything but the common
    kinds."""
    maker = _Maker(locale, plural, functions)
    try:
        made = maker.pattern(pattern)
    except Unsupported:
        return None
    return made if maker.parts <= MOST_PARTS else None


class _Maker:
    """Makes the functions of one pattern's pieces."""

    def __init__(self, locale: Locale, plural: Plural,
                 functions: Mapping[str, Callable[..., Any]]) -> None:
        self.locale, self.plural, self.functions = locale, plural, functions
        self.parts = 0

    def pattern(self, pattern: Any) -> Callable[[Args], str]:
        """A pattern as Fluent's resolver holds it: a list of pieces, or one
        piece alone (a text, a placeable)."""
        if not isinstance(pattern, fl.Pattern):
            return self.piece(pattern)
        self.parts += len(pattern.elements)
        pieces: list[str | Part] = []
        for element in pattern.elements:
            if isinstance(element, fl.TextElement | fl.StringLiteral):
                pieces.append(element(None))  # type: ignore[arg-type]
            else:
                pieces.append(self.piece(element))
        if all(isinstance(piece, str) for piece in pieces):
            text = "".join(pieces)  # type: ignore[arg-type]
            return lambda args: text
        return lambda args: "".join([
            piece if type(piece) is str else piece(args) for piece in pieces])  # type: ignore[operator]

    def piece(self, node: Any) -> Callable[[Args], str]:
        """One piece of a pattern, written as text."""
        if isinstance(node, fl.TextElement | fl.StringLiteral):
            text: str = node(None)  # type: ignore[arg-type]
            return lambda args: text
        if isinstance(node, fl.Placeable | fl.NeverIsolatingPlaceable):
            return self.placeable(node.expression)
        raise Unsupported(type(node).__name__)

    def placeable(self, expression: Any) -> Part:
        """A placeable: its expression's value written as text."""
        value = self.expression(expression)
        locale = self.locale

        def written(args: Args) -> str:
            found = value(args)
            if type(found) is str:
                if len(found) > fl.MAX_PART_LENGTH:
                    raise Unsupported("too long")
                return found
            if isinstance(found, FluentType) and not isinstance(found, FluentNone):
                return found.format(locale)
            raise Unsupported("not text")
        return written

    def expression(self, node: Any) -> Part:
        if isinstance(node, fl.VariableReference):
            return _variable(node.id.name)
        if isinstance(node, fl.StringLiteral):
            text = node.parse()["value"]
            return lambda args: text
        if isinstance(node, fl.NumberLiteral):
            number = node.value
            return lambda args: number
        if isinstance(node, fl.FunctionReference):
            return self.function(node)
        if isinstance(node, fl.SelectExpression):
            return self.select(node)
        if isinstance(node, fl.Placeable | fl.NeverIsolatingPlaceable):
            return self.placeable(node.expression)
        raise Unsupported(type(node).__name__)

    def function(self, node: fl.FunctionReference) -> Part:
        name = node.id.name
        if name not in GRAMMAR_FUNCTIONS or node.arguments.named:
            raise Unsupported(name)
        function = self.functions[name]
        given = [self.expression(arg) for arg in node.arguments.positional]

        def called(args: Args) -> Any:
            values = [arg(args) for arg in given]
            try:
                return function(*values)
            except Exception as exc:  # Fluent reports it and writes a stand-in
                raise Unsupported(name) from exc
        return called

    def select(self, node: fl.SelectExpression) -> Part:
        selector = self.expression(node.selector)
        variants: list[tuple[str, Callable[[Args], str]]] = []
        default: Callable[[Args], str] | None = None
        for variant in node.variants:
            if not isinstance(variant.key, fl.Identifier):
                raise Unsupported("a number as a key")
            value = self.pattern(variant.value)
            variants.append((variant.key.name, value))
            if variant.default:
                default = value
        if default is None:
            raise Unsupported("no default")
        plural = self.plural
        otherwise = default

        def chosen(args: Args) -> str:
            key = selector(args)
            if type(key) is not str:
                if isinstance(key, int | float) and not isinstance(key, bool):
                    key = plural(key)
                elif key is None or isinstance(key, FluentNone):
                    return otherwise(args)
                else:
                    raise Unsupported("a selector of another kind")
            for name, value in variants:
                if name == key:
                    return value(args)
            return otherwise(args)
        return chosen


def _variable(name: str) -> Part:
    def value(args: Args) -> Any:
        found = args.get(name)
        if type(found) is str or isinstance(found, FluentType):
            return found
        raise Unsupported(name)  # missing, or of a kind Fluent does not take
    return value
