"""What a seat's page shows of its own game beyond the layout: the board drawn
from the seat's view, what the seat knows in words (objectives and score
included), and the question put to it as form fields; and the way back from
a posted form to the answer the rules take.

Everything here reads the seat's view (``Game.view`` for that seat) and
nothing else, so a page can show nothing the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from referee.core.i18n import Lang, Msg
from referee.core.ruleset import AnyRuleset

View = dict[str, Any]


class FormError(ValueError):
    """A posted form that does not make an answer: which field, and why."""

    def __init__(self, field: str, message: Msg) -> None:
        super().__init__(field)
        self.field = field
        self.message = message


def board_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup | None:
    """The seat's board as inline SVG (with click targets where the question
    asks for a point on the table); None where the ruleset draws none."""
    raise NotImplementedError


def knowledge_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup:
    """The objectives, the score and what the seat knows, in words."""
    raise NotImplementedError


def question_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup | None:
    """The inside of the answer form for the question put to the seat
    (fields and submit buttons, no ``<form>`` element and no CSRF field: the
    page supplies those); None when nothing is asked of the seat."""
    raise NotImplementedError


def answer_from_form(ruleset: AnyRuleset, view: View, form: Mapping[str, list[str]]) -> Any:
    """The answer (JSON, as ``POST /api/games/{id}/answer`` takes it) that a
    posted form means; raises :class:`FormError` naming the field."""
    raise NotImplementedError
