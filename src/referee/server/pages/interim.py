"""Stand-ins for the question module's functions until they are written:
the options as buttons, nothing else. (To be removed.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup, escape

from referee.core.i18n import Lang, render
from referee.core.ruleset import AnyRuleset
from referee.server.checks import text_from_json
from referee.server.pages import question

View = dict[str, Any]


def board_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup | None:
    try:
        return question.board_html(ruleset, view, lang)
    except NotImplementedError:
        return None


def knowledge_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup:
    try:
        return question.knowledge_html(ruleset, view, lang)
    except NotImplementedError:
        return Markup("")


def question_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup | None:
    try:
        return question.question_html(ruleset, view, lang)
    except NotImplementedError:
        waiting = view.get("waiting") or {}
        options = waiting.get("options")
        if not options:
            return None
        head = f"<p>{escape(render(text_from_json(waiting['decision']), lang))}</p>"
        buttons = "".join(
            f'<button type="submit" name="option" value="{i}">'
            f"{escape(render(text_from_json(o['label']), lang))}</button>"
            for i, o in enumerate(options))
        return Markup(head + '<div class="options">' + buttons + "</div>")


def answer_from_form(ruleset: AnyRuleset, view: View, form: Mapping[str, list[str]]) -> Any:
    try:
        return question.answer_from_form(ruleset, view, form)
    except NotImplementedError:
        options = (view.get("waiting") or {}).get("options") or []
        index = int((form.get("option") or ["0"])[0])
        return options[index]["value"]
