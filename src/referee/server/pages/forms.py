"""The question put to a seat as form fields, and a posted form back as the
answer it means: what every ruleset's questions share.

- A choice among options: each option a submit button (a list of radio
  buttons when there are many) whose posted value is the option's own value,
  so that nothing renumbers when the options change; the exact odds the
  rules give beside each.
- An answer given by shape: a form generated from the answer's JSON Schema
  (``waiting.answer_schema``), filled in with what the rules offer
  (``waiting.template``) or the seat's own answer given before.

Field names: ``option`` (a string value) or ``option-json`` (any other
value, as JSON) for a choice; ``f.<path>`` for the fields of a shaped
answer (``f.fighters.hatamoto.attack``, list entries by their index). The
page's own fields (``csrf``, ``turn``, ``ready``) are never read here.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from referee.boards.tablemap import message_from_json
from referee.core.drivers import Ask
from referee.core.i18n import CATALOGUE, Lang, Msg, Name, Param, msg, render
from referee.core.ruleset import AnyRuleset
from referee.core.waits import Decision, Option, same_json
from referee.odds.at_the_table import odds_at_the_table

CATALOGUE.load(Path(__file__).with_name("question_text.toml"))

View = dict[str, Any]
Form = Mapping[str, list[str]]

OPTION, OPTION_JSON, PREFIX = "option", "option-json", "f."
MOST_ENTRIES = 100
"""The most entries of one list a posted form is read for (a forged form
naming entry 10⁹ costs no more than one naming entry 99)."""
LONG_LIST = 8
"""More options than this are shown as a list of radio buttons with one
button to send, not as a button each."""

TEMPLATES = Environment(
    loader=FileSystemLoader(Path(__file__).with_name("templates") / "question"),
    autoescape=True, undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
    keep_trailing_newline=False)
TEMPLATES.globals["dumps"] = lambda value: json.dumps(value, sort_keys=True)
_TYPED = re.compile(r"`([^`]+)`")


def with_code(text: str) -> Markup:
    """Text with what a person types (in backticks in the catalogue) set as code."""
    return Markup(_TYPED.sub(lambda m: f"<code>{m.group(1)}</code>", str(escape(text))))


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


TEMPLATES.filters["code"] = with_code
TEMPLATES.filters["cap"] = capitalised


class FormError(ValueError):
    """A posted form that does not make an answer: which field (its name in
    the form), and why, in words that name the field as the form labels it."""

    def __init__(self, field: str, message: Msg) -> None:
        super().__init__(field)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Words:
    """Catalogue text in one language, for the templates."""

    lang: Lang

    def __call__(self, key: str, **params: Param) -> str:
        return render(msg(key, **params), self.lang)

    def text(self, data: Any) -> str:
        """A message or a name as a view carries it, rendered."""
        return render(message_from_json(data), self.lang)

    def name(self, data: Any) -> Name:
        """A name as a view carries it, with its grammar (for parameters)."""
        return name_of(data)

    def of(self, message: Param) -> str:
        """Any text parameter (a message, a name, a number) rendered."""
        if isinstance(message, Msg | Name | str):
            return render(message, self.lang)
        return render(msg("question.text", text=message), self.lang)


def name_of(data: Any) -> Name:
    """A name as a view carries it (``{en, ru, gender, cases}``)."""
    if not isinstance(data, Mapping):
        return Name(str(data))
    cases = data.get("cases")
    return Name(str(data.get("en", "")), data.get("ru"), data.get("gender"),
                tuple(sorted((str(k), str(v)) for k, v in cases.items()))
                if isinstance(cases, Mapping) else ())


def page_part(template: str, **values: Any) -> Markup:
    """A template of ``templates/question`` rendered."""
    return Markup(TEMPLATES.get_template(template).render(**values))


def waiting_of(view: View) -> Mapping[str, Any] | None:
    """The question put to the seat, or None (a chance, the end, nothing)."""
    waiting = view.get("waiting")
    if not isinstance(waiting, Mapping) or "decision" not in waiting:
        return None
    if view.get("outcome") is not None or view.get("seat") not in (waiting.get("seats") or ()):
        return None
    return waiting


NOTHING_ASKED = msg("question.error.nothing-asked")
"""A form posted when the seat is asked nothing (any longer)."""


def first(form: Form, name: str) -> str | None:
    """The first value posted for ``name``, or None."""
    values = form.get(name)
    return values[0] if values else None


# -- a choice among options ------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One option as the form shows it."""

    name: str
    """``option`` or ``option-json``."""
    value: str
    """What the form posts."""
    label: str
    odds: str = ""


def posted_value(value: Any) -> tuple[str, str]:
    """The field an option's value is posted in, and the text posted."""
    if isinstance(value, str):
        return OPTION, value
    return OPTION_JSON, json.dumps(value, ensure_ascii=False, sort_keys=True)


def options_html(ruleset: AnyRuleset, view: View, words: Words) -> Markup:
    """The options of the question as buttons (or a list when long), each
    with the odds the rules give beside it."""
    waiting = waiting_of(view)
    assert waiting is not None
    options = list(waiting.get("options") or ())
    odds = option_odds(ruleset, view)
    long = len(options) > LONG_LIST
    as_json = long and not all(isinstance(o["value"], str) for o in options)
    choices = []
    for index, option in enumerate(options):
        name, value = posted_value(option["value"])
        if as_json:  # one group of radio buttons posts one field
            name, value = OPTION_JSON, json.dumps(option["value"], ensure_ascii=False)
        line = odds.get(index)
        choices.append(Choice(name, value, words.text(option["label"]),
                              words.of(line) if line is not None else ""))
    return page_part("options.html", w=words, question=words.text(waiting["decision"]),
                     choices=choices, long=long)


def option_odds(ruleset: AnyRuleset, view: View) -> Mapping[int, Msg]:
    """The exact odds beside each option, by its index, read from the seat's
    view alone (as the terminal shows them)."""
    waiting = waiting_of(view)
    if waiting is None or not waiting.get("options"):
        return {}
    seat = str(view["seat"])
    options = tuple(Option(o["value"], _as_msg(o["label"]), o.get("meaning"))
                    for o in waiting["options"])
    decision = Decision.single(seat, _as_msg(waiting["decision"]), options)
    ask = Ask(seat, decision, view, ruleset, Name(seat))
    return odds_at_the_table(ask) or {}


def _as_msg(data: Any) -> Msg:
    found = message_from_json(data)
    return found if isinstance(found, Msg) else msg("question.text", text=found)


def chosen_option(view: View, form: Form) -> Any:
    """The value of the option the form chose; :raises FormError: when it
    chose none, or one no longer offered."""
    waiting = waiting_of(view)
    assert waiting is not None
    options = [o["value"] for o in waiting.get("options") or ()]
    text, name = first(form, OPTION), OPTION
    if text is None:
        text, name = first(form, OPTION_JSON), OPTION_JSON
    if text is None:
        raise FormError(OPTION, msg("question.error.no-option"))
    if name == OPTION_JSON:
        try:
            value: Any = json.loads(text)
        except json.JSONDecodeError:
            raise FormError(OPTION, msg("question.error.not-offered")) from None
    else:
        value = text
    for offered in options:
        if same_json(offered, value):
            return offered
    raise FormError(OPTION, msg("question.error.not-offered"))


# -- an answer given by shape: a form from its JSON Schema -----------------------------

MISSING: Any = object()


@dataclass
class Node:
    """A field of a shaped answer's form, as the template draws it."""

    kind: str
    """object, integer, number, boolean, string, choice, list, entries, map."""
    name: str
    """Its name in the form (``f.move.to``)."""
    label: Param
    """Its name in words (in a refusal too, in the reader's language)."""
    help: str = ""
    value: Any = None
    """What the field shows: the offered or the seat's answer."""
    required: bool = True
    optional: bool = False
    """An object that may be left out: a box to tick to fill it in."""
    children: list[Node] = field(default_factory=list)
    choices: list[tuple[str, str]] = field(default_factory=list)
    """(posted value, shown text) of a choice."""
    low: float | None = None
    high: float | None = None
    types: tuple[str, ...] = ()
    """The kinds of value a text field takes (a door's name or a room's number)."""


class Shapes:
    """A JSON Schema read as a form reads it: references followed, the shapes
    a value may take, each field's label and help in the reader's words."""

    def __init__(self, root: Mapping[str, Any], words: Words) -> None:
        self.root = root
        self.words = words

    def deref(self, node: Mapping[str, Any]) -> Mapping[str, Any]:
        seen = 0
        while "$ref" in node and seen < 32:
            target: Any = self.root
            for part in str(node["$ref"]).removeprefix("#/").split("/"):
                target = target.get(part, {}) if isinstance(target, Mapping) else {}
            node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
            seen += 1
        return node

    def alternatives(self, node: Mapping[str, Any]) -> tuple[list[Mapping[str, Any]], bool]:
        """The non-null shapes a value may take, and whether null is allowed."""
        node = self.deref(node)
        options = node.get("anyOf") or node.get("oneOf")
        if not options:
            kinds = node.get("type")
            if isinstance(kinds, list):
                return ([{**node, "type": k} for k in kinds if k != "null"], "null" in kinds)
            return ([] if kinds == "null" else [node]), kinds == "null"
        shapes: list[Mapping[str, Any]] = []
        nullable = False
        for option in options:
            inner, null = self.alternatives(option)
            nullable = nullable or null
            shapes += inner
        return shapes, nullable

    def said(self, node: Mapping[str, Any], key: str) -> Param | None:
        """The words a node gives under ``x-label`` or ``x-help``: a
        catalogue key, or a name or message as a view carries it."""
        for where in (node, self.deref(node)):
            found = where.get(key)
            if isinstance(found, str) and found:
                return msg(found)
            if isinstance(found, Mapping) and found:
                return message_from_json(found)
        return None


def kind_of(shape: Mapping[str, Any]) -> str:
    if "enum" in shape or "const" in shape:
        return "choice"
    kind = shape.get("type")
    if kind == "object" or "properties" in shape:
        if not shape.get("properties") and isinstance(shape.get("additionalProperties"),
                                                      Mapping):
            return "map"
        return "object"
    if kind == "array" or "items" in shape:
        return "list"
    return str(kind or "string")


class SchemaForm:
    """The fields of a form for an answer of the shape ``schema``, and the
    answer a posted form means."""

    EXTRA_ROWS = 2
    """Empty rows offered after a list's entries (a list of short values)."""

    def __init__(self, schema: Mapping[str, Any], words: Words) -> None:
        self.shapes = Shapes(schema, words)
        self.schema = schema
        self.words = words
        self.posted: Form = {}
        """The form being read: how many entries of each list it has."""

    # -- drawing ---------------------------------------------------------------------

    def nodes(self, value: Any) -> Node:
        """The form's tree of fields, showing ``value``."""
        return self.node(self.schema, value, PREFIX.rstrip("."), "", True)

    def node(self, node: Mapping[str, Any], value: Any, name: str, label: Param,
             required: bool) -> Node:
        shapes, nullable = self.shapes.alternatives(node)
        label = self.shapes.said(node, "x-label") or label
        said = self.shapes.said(node, "x-help")
        help_ = "" if said is None else self.words.of(said)
        structured = [s for s in shapes if kind_of(s) in ("object", "list", "map")]
        if len(shapes) == 1 and structured:
            shape = structured[0]
            kind = kind_of(shape)
            optional = kind == "object" and (nullable or not required)
            if kind == "object":
                found = self.object(shape, value, name, label)
            elif kind == "list":
                found = self.array(shape, value, name, label)
            else:
                found = self.mapping(shape, value, name, label)
            found.help, found.optional = help_, optional
            if optional:
                found.value = None if value is MISSING else value
            return found
        return self.scalar(shapes, value, name, label, help_, required and not nullable)

    def object(self, shape: Mapping[str, Any], value: Any, name: str, label: Param) -> Node:
        current = value if isinstance(value, Mapping) else {}
        needed = set(shape.get("required", ()))
        children = [self.node(part, current.get(key, MISSING), f"{name}.{key}",
                              _field_label(key), key in needed)
                    for key, part in (shape.get("properties") or {}).items()]
        return Node("object", name, label, children=children)

    def array(self, shape: Mapping[str, Any], value: Any, name: str, label: Param) -> Node:
        items = list(value) if isinstance(value, list) else []
        item_shape: Mapping[str, Any] = shape.get("items") or {}
        shapes, _ = self.shapes.alternatives(item_shape)
        if len(shapes) == 1 and kind_of(shapes[0]) == "choice":
            chosen = {json.dumps(v, sort_keys=True) for v in items}
            node = self.scalar(shapes, MISSING, name, label, "", False)
            node.kind, node.value = "choices", chosen
            return node
        structured = len(shapes) == 1 and kind_of(shapes[0]) in ("object", "list", "map")
        rows = max(len(items) + (1 if structured else self.EXTRA_ROWS),
                   posted_entries(self.posted, name))
        children = []
        for index in range(rows):
            current = items[index] if index < len(items) else MISSING
            child = self.node(item_shape, current, f"{name}.{index}",
                              msg("question.form.entry", number=index + 1), False)
            if structured:
                child.optional = True
                child.value = None if current is MISSING else current
            children.append(child)
        return Node("list", name, label, children=children)

    def mapping(self, shape: Mapping[str, Any], value: Any, name: str, label: Param) -> Node:
        current = dict(value) if isinstance(value, Mapping) else {}
        inner = shape.get("additionalProperties")
        inner = inner if isinstance(inner, Mapping) else {}
        keys = [*current, *[""] * max(self.EXTRA_ROWS,
                                      posted_entries(self.posted, name) - len(current))]
        children = []
        for index, key in enumerate(keys):
            entry = self.node(inner, current.get(key, MISSING) if key else MISSING,
                              f"{name}.{index}.value", msg("question.form.value"), False)
            children.append(Node("entry", f"{name}.{index}",
                                 msg("question.form.entry", number=index + 1), value=key,
                                 children=[entry]))
        return Node("map", name, label, children=children)

    def scalar(self, shapes: list[Mapping[str, Any]], value: Any, name: str, label: Param,
               help_: str, required: bool) -> Node:
        shown = None if value is MISSING else value
        choices = [v for s in shapes for v in s.get("enum", [s["const"]] if "const" in s else [])]
        if choices:
            return Node("choice", name, label, help_, shown, required, choices=[
                (json.dumps(v, sort_keys=True), _shown_choice(v, self.words)) for v in choices])
        kinds = {str(s.get("type", "string")) for s in shapes}
        low = min((float(s["minimum"]) for s in shapes if "minimum" in s), default=None)
        high = max((float(s["maximum"]) for s in shapes if "maximum" in s), default=None)
        if kinds == {"boolean"}:
            return Node("boolean", name, label, help_, bool(shown), required)
        if kinds <= {"integer", "number"}:
            kind = "integer" if kinds == {"integer"} else "number"
            return Node(kind, name, label, help_, shown, required, low=low, high=high)
        return Node("string", name, label, help_, shown, required, types=tuple(sorted(kinds)))

    def html(self, value: Any) -> Markup:
        return page_part("schema.html", w=self.words, root=self.nodes(value))

    # -- reading a posted form -------------------------------------------------------

    def answer(self, form: Form) -> Any:
        """The answer ``form`` means. :raises FormError:"""
        self.posted = form
        found = self.read(self.nodes(None), form)
        return {} if found is MISSING else found

    def read(self, node: Node, form: Form) -> Any:
        if node.optional and first(form, f"{node.name}.on") is None:
            return MISSING
        if node.kind == "object":
            result = {}
            for child in node.children:
                value = self.read(child, form)
                if value is not MISSING:
                    result[child.name.rsplit(".", 1)[1]] = value
            return result
        if node.kind == "list":
            items = [self.read(child, form) for child in node.children]
            return [item for item in items if item is not MISSING]
        if node.kind == "map":
            found: dict[str, Any] = {}
            for entry in node.children:
                key = (first(form, f"{entry.name}.key") or "").strip()
                value = self.read(entry.children[0], form)
                if key and value is not MISSING:
                    found[key] = value
            return found
        if node.kind == "choices":
            posted = form.get(node.name) or []
            known = dict(node.choices)
            return [json.loads(text) for text in posted if text in known]
        return self.read_scalar(node, form)

    def read_scalar(self, node: Node, form: Form) -> Any:
        if node.kind == "boolean":
            return first(form, node.name) is not None
        text = (first(form, node.name) or "").strip()
        if not text:
            if node.required:
                raise FormError(node.name, msg("question.error.empty", field=node.label))
            return MISSING
        if node.kind == "choice":
            if text not in dict(node.choices):
                raise FormError(node.name, msg("question.error.choose", field=node.label))
            return json.loads(text)
        if node.kind in ("integer", "number"):
            return read_number(node, text)
        if "integer" in node.types and _is_whole(text):
            return int(text)
        if "number" in node.types and _is_whole(text.replace(".", "", 1)):
            return float(text)
        return text


def _is_whole(text: str) -> bool:
    return text.lstrip("-").isdigit()


def posted_entries(form: Form, name: str) -> int:
    """How many numbered entries ``form`` has of the list ``name``
    (``f.way.0``, ``f.way.1.door``…): one past the highest number."""
    prefix = f"{name}."
    numbers = [int(rest.split(".", 1)[0]) for key in form if key.startswith(prefix)
               and (rest := key[len(prefix):]).split(".", 1)[0].isdigit()]
    return min(max(numbers) + 1, MOST_ENTRIES) if numbers else 0


def read_number(node: Node, text: str) -> int | float:
    """A number typed in a field (a decimal comma too), within its bounds.
    :raises FormError:"""
    try:
        number = float(text.replace(",", "."))
    except ValueError:
        number = math.nan
    whole = node.kind == "integer"
    if not math.isfinite(number) or (whole and not number.is_integer()):
        raise FormError(node.name, msg("question.error.whole" if whole else "question.error.number",
                                       field=node.label))
    if (node.low is not None and number < node.low) or \
            (node.high is not None and number > node.high):
        raise FormError(node.name, msg("question.error.range", field=node.label,
                                       low=_bound(node.low), high=_bound(node.high)))
    return int(number) if whole else number


def _bound(value: float | None) -> Param:
    if value is None:
        return "-"
    return int(value) if float(value).is_integer() else str(value)


def _field_label(key: str) -> Msg:
    """A field without words of its own is named as it is typed."""
    return msg("question.form.field", field=key)


def _shown_choice(value: Any, words: Words) -> str:
    if isinstance(value, bool):
        return words("question.form.yes" if value else "question.form.no")
    return str(value)


def offered_answer(view: View) -> Any:
    """What a shaped answer's form shows first: the seat's own answer given
    before, else what the rules offer."""
    waiting = waiting_of(view) or {}
    mine = waiting.get("your_answer")
    return mine if mine is not None else waiting.get("template")
