"""What the catalogue's direct writer must read, read from Fluent's own parse
of a message: the second method the tests compare
:func:`~referee.core.i18n_plain.direct_template` with."""

from __future__ import annotations

from typing import Any

from fluent.runtime import resolver
from fluent.runtime.resolver import NeverIsolatingPlaceable, Pattern, Placeable, TextElement

from referee.core.grammar import Bundle
from referee.core.i18n_plain import (
    CASE,
    CHOICE,
    JOIN,
    SELECT,
    STYLES,
    VALUE,
    Direct,
    DirectPiece,
    Variants,
)
from referee.core.morphology import CASES


def fluent_direct(bundle: Bundle, key: str) -> Direct | None:
    """``key``'s text as :data:`~referee.core.i18n_plain.Direct` pieces read
    from Fluent's parse of it, when it holds nothing but text, parameters,
    AND or OR of a parameter, a parameter's CASE, and choices by the GENDER
    of a parameter or by a parameter's words; None for any other."""
    return direct_pieces(bundle._message(key).value)


def direct_pieces(pattern: Any) -> Direct | None:
    """``pattern`` (a compiled message's text, or a variant's) as
    :data:`~referee.core.i18n_plain.Direct` pieces; None when it holds
    anything else, or more parts than Fluent writes."""
    if pattern is None:
        return None
    elements = pattern.elements if isinstance(pattern, Pattern) else [pattern]
    if len(elements) > Pattern.MAX_PARTS:
        return None
    pieces: list[DirectPiece] = []
    for element in elements:
        if isinstance(element, TextElement):
            pieces.append(element.value)
            continue
        is_placeable = isinstance(element, Placeable | NeverIsolatingPlaceable)
        piece = _placeable(element.expression) if is_placeable else None
        if piece is None:
            return None
        pieces.append(piece)
    return tuple(pieces)


def _placeable(expression: Any) -> DirectPiece | None:
    """A placeable of :func:`direct_pieces`; None for any other."""
    if isinstance(expression, resolver.VariableReference):
        return (VALUE, expression.id.name, None)
    if isinstance(expression, resolver.FunctionReference):
        if expression.id.name == "CASE":
            return _case(expression)
        name = _argument_name(expression)
        style = STYLES.get(expression.id.name)
        return (JOIN, name, style) if name is not None and style is not None else None
    if isinstance(expression, resolver.SelectExpression):
        selector = expression.selector
        variants = _variants(expression.variants)
        if isinstance(selector, resolver.VariableReference):
            kind, name = SELECT, selector.id.name
        elif isinstance(selector, resolver.FunctionReference) and selector.id.name == "GENDER":
            kind, name = CHOICE, _argument_name(selector)
        else:
            return None
        return (kind, name, variants) if name is not None and variants is not None else None
    return None


def _case(call: Any) -> DirectPiece | None:
    """``{ CASE($name, "acc") }`` or ``{ CASE(AND($name), "acc") }`` (or OR)
    as a CASE piece; None for any other call of CASE."""
    given = call.arguments
    if given.named or len(given.positional) != 2:
        return None
    of, case = given.positional
    if not isinstance(case, resolver.StringLiteral) or case.value not in CASES:
        return None
    if isinstance(of, resolver.VariableReference):
        return (CASE, of.id.name, (case.value, None))
    style = STYLES.get(of.id.name) if isinstance(of, resolver.FunctionReference) else None
    name = _argument_name(of) if style is not None else None
    return (CASE, name, (case.value, style)) if name is not None else None


def _argument_name(call: Any) -> str | None:
    """The parameter a function is called with, when that is all it is given."""
    given = call.arguments
    if given.named or len(given.positional) != 1:
        return None
    argument = given.positional[0]
    return argument.id.name if isinstance(argument, resolver.VariableReference) else None


def _variants(variants: list[Any]) -> Variants | None:
    """A select's variants as :data:`~referee.core.i18n_plain.Variants`, when
    each is named by a word and is Direct itself; None for any other."""
    found: list[tuple[str, Direct]] = []
    default: Direct | None = None
    for variant in variants:
        pieces = direct_pieces(variant.value)
        if not isinstance(variant.key, resolver.Identifier) or pieces is None:
            return None
        found.append((variant.key.name, pieces))
        if variant.default:
            default = pieces
    return None if default is None else (tuple(found), default)
