"""What a seat's page shows of its own game beyond the layout: the board drawn
from the seat's view, what the seat knows in words (objectives and score
included), and the question put to it as form fields; and the way back from
a posted form to the answer the rules take.

Everything here reads the seat's view (``Game.view`` for that seat) and
nothing else, so a page can show nothing the seat may not know.

The question's form (inside the page's ``<form>``):

- a choice among options posts ``option`` (the option's value, when it is
  a string) or ``option-json`` (any other value, as JSON): the value itself,
  never a number that would renumber;
- an answer given by shape posts its fields: ``x`` and ``y`` for a point on
  the table (or ``spot``, a named move), ``tokens.<fighter>.<attack|defence|boost>``
  for a Samurai allocation, the orders' own fields for a Facility turn
  (:mod:`.forms_facility`), ``f.<path>`` for any other shape
  (:class:`~.forms.SchemaForm`);
- a Facility turn has a second submit button, ``name="ready"``: send the
  orders and mark the seat ready (the page's route does the second part).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from referee.core.i18n import Lang
from referee.core.ruleset import AnyRuleset
from referee.server.pages import boards, forms_facility, forms_point, forms_samurai
from referee.server.pages.forms import (
    NOTHING_ASKED,
    Form,
    FormError,
    SchemaForm,
    Words,
    chosen_option,
    offered_answer,
    options_html,
    waiting_of,
)
from referee.server.pages.question_knowledge import knowledge

__all__ = ["FormError", "View", "answer_from_form", "board_html", "knowledge_html",
           "question_html"]

View = dict[str, Any]


@dataclass(frozen=True)
class ShapedForm:
    """A form made for one kind of answer given by shape: whether it fits
    the question, its fields, and the answer a posted form means."""

    fits: Callable[[AnyRuleset, View], bool]
    html: Callable[[AnyRuleset, View, Words], Markup]
    answer: Callable[[AnyRuleset, View, Form], Any]


SHAPED_FORMS: tuple[ShapedForm, ...] = (
    ShapedForm(forms_facility.fits, forms_facility.orders_html, forms_facility.orders_answer),
    ShapedForm(forms_samurai.fits, forms_samurai.allocation_html,
               forms_samurai.allocation_answer),
    ShapedForm(forms_point.fits, forms_point.point_html, forms_point.point_answer),
)
"""The forms made for one kind of answer, tried in order; any other shape
gets the form generated from its JSON Schema."""


def board_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup | None:
    """The seat's board as inline SVG (with click targets where the question
    asks for a point on the table); None where the ruleset draws none."""
    return boards.board_html(ruleset, view, lang)


def knowledge_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup:
    """The objectives, the score and what the seat knows, in words."""
    return knowledge(ruleset, view, Words(lang))


def question_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup | None:
    """The inside of the answer form for the question put to the seat
    (fields and submit buttons, no ``<form>`` element and no CSRF field: the
    page supplies those); None when nothing is asked of the seat."""
    waiting = waiting_of(view)
    if waiting is None:
        return None
    words = Words(lang)
    if waiting.get("options"):
        return options_html(ruleset, view, words)
    schema = waiting.get("answer_schema")
    if not isinstance(schema, Mapping):
        return None
    for shaped in SHAPED_FORMS:
        if shaped.fits(ruleset, view):
            return shaped.html(ruleset, view, words)
    return SchemaForm(schema, words).html(offered_answer(view))


def answer_from_form(ruleset: AnyRuleset, view: View, form: Mapping[str, list[str]]) -> Any:
    """The answer (JSON, as ``POST /api/games/{id}/answer`` takes it) that a
    posted form means; raises :class:`FormError` naming the field."""
    waiting = waiting_of(view)
    if waiting is None:
        raise FormError("", NOTHING_ASKED)
    if waiting.get("options"):
        return chosen_option(view, form)
    schema = waiting.get("answer_schema")
    if not isinstance(schema, Mapping):
        raise FormError("", NOTHING_ASKED)
    for shaped in SHAPED_FORMS:
        if shaped.fits(ruleset, view):
            return shaped.answer(ruleset, view, form)
    return SchemaForm(schema, Words("en")).answer(form)
