"""Creating a game from a page, in two steps: the ruleset and the scenario
(an example, or a file of one's own, every problem shown beside its
field, checked as ``POST /api/games`` checks it), then the seats (a person
or the random bot), the deadline, the language and the chat webhook. The
game master lands on the desk, with the seats' links to hand out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel

from referee.core.game import Game
from referee.core.i18n import Lang, render
from referee.core.ruleset import AnyRuleset, all_rulesets
from referee.server.checks import deadline_rule, player_kinds, ruleset_named, scenario_from
from referee.server.errors import ApiError
from referee.server.notify import Notifier
from referee.server.pages.access import (
    FORM_COOKIE,
    check_form,
    form_cookie,
    page_lang,
    set_form_cookie,
    set_key_cookie,
)
from referee.server.pages.links import desk_path
from referee.server.pages.posted import Form, first, read_form
from referee.server.pages.render import Words, page
from referee.server.pages.respond import NO_STORE, html, switched_language
from referee.server.settings import Settings
from referee.server.store import PERSON, RANDOM, Store
from referee.server.webhooks import valid_webhook


@dataclass
class Draft:
    """The create form as posted: what was chosen, and every problem by field."""

    ruleset: str = ""
    example: str = ""
    scenario_text: str = ""
    seats: dict[str, str] = field(default_factory=dict)
    deadline: str = ""
    lang: Lang = "en"
    webhook: str = ""
    problems: dict[str, list[str]] = field(default_factory=dict)

    def problem(self, where: str, text: str) -> None:
        self.problems.setdefault(where, []).append(text)


def router(store: Store, notifier: Notifier, settings: Settings) -> APIRouter:
    routes = APIRouter(include_in_schema=False)

    @routes.get("/new")
    def new(request: Request, ruleset: str = "") -> Response:
        switched = switched_language(request)
        if switched is not None:
            return switched
        lang = page_lang(request)
        draft = Draft(ruleset=ruleset, lang=lang)
        return _form(request, Words(lang), draft, step=1)

    @routes.post("/new")
    async def posted(request: Request) -> Response:
        form = await read_form(request)
        check_form(request, form, request.cookies.get(FORM_COOKIE, ""))
        lang = page_lang(request)
        words = Words(lang)
        draft = _draft(form, lang)
        found = _scenario(draft, words)
        if found is None or first(form, "step") != "2":
            return _form(request, words, draft, step=2 if found else 1, found=found)
        ruleset, scenario = found
        _check_rest(draft, words, Game(ruleset, scenario).seats, player_kinds(ruleset))
        if draft.problems:
            return _form(request, words, draft, step=2, found=found)
        try:
            created = await run_in_threadpool(
                store.create, ruleset.name, _source(draft), draft.seats, draft.lang,
                draft.deadline or None, draft.webhook or None)
        except ApiError as exc:
            draft.problem("form", render(exc.message, lang))
            return _form(request, words, draft, step=2, found=found)
        path = desk_path(created.id)
        response = RedirectResponse(path, status_code=303, headers=NO_STORE)
        set_key_cookie(response, request, created.master, path)
        return response

    return routes


def _draft(form: Form, lang: Lang) -> Draft:
    text = first(form, "scenario_file") or first(form, "scenario_text")
    chosen = first(form, "lang", lang)
    draft = Draft(ruleset=first(form, "ruleset"), example=first(form, "example"),
                  scenario_text=text, deadline=first(form, "deadline"),
                  lang="ru" if chosen == "ru" else "en", webhook=first(form, "webhook"))
    for name, values in form.items():
        if name.startswith("seat:") and values:
            draft.seats[name[len("seat:"):]] = values[0]
    return draft


def _source(draft: Draft) -> str | None:
    """The scenario's TOML: the text given, else the example chosen."""
    if draft.scenario_text:
        return draft.scenario_text
    ruleset = ruleset_named(draft.ruleset)
    for path in ruleset.examples():
        if path.stem == draft.example:
            return path.read_text(encoding="utf-8")
    return None


def _scenario(draft: Draft, words: Words) -> tuple[AnyRuleset, BaseModel] | None:
    """The ruleset and the checked scenario; None, with the problems noted."""
    try:
        ruleset = ruleset_named(draft.ruleset)
    except ApiError as exc:
        draft.problem("ruleset", words.text(exc.message))
        return None
    examples = [path.stem for path in ruleset.examples()]
    if not draft.scenario_text and draft.example not in examples:
        if draft.example:
            draft.problem("example", words("pages.new.example-of-other"))
            return None
        draft.example = examples[0] if examples else ""
    try:
        return ruleset, scenario_from(ruleset, _source(draft))
    except ApiError as exc:
        where = "scenario" if draft.scenario_text else "example"
        draft.problem(where, words.text(exc.message))
        for problem in exc.problems or []:
            text = words.text(problem["message"])
            draft.problem(where, f"{problem['field']}: {text}" if problem.get("field") and
                          str(problem["field"]) not in text else text)
        return None


def _check_rest(draft: Draft, words: Words, seats: tuple[str, ...],
                kinds: tuple[str, ...]) -> None:
    for seat in seats:
        if draft.seats.get(seat, RANDOM) not in kinds:
            draft.problem(f"seat:{seat}", words("pages.new.seat-kind"))
    draft.seats = {seat: kind for seat, kind in draft.seats.items() if seat in seats}
    if draft.deadline:
        try:
            deadline_rule(draft.deadline)
        except ApiError as exc:
            draft.problem("deadline", words.text(exc.message))
    if draft.webhook and not valid_webhook(draft.webhook):
        draft.problem("webhook", words("pages.new.webhook-bad"))


def _form(request: Request, words: Words, draft: Draft, step: int,
          found: tuple[AnyRuleset, BaseModel] | None = None) -> Response:
    token = form_cookie(request)
    seats: list[dict[str, Any]] = []
    bots: tuple[str, ...] = (RANDOM,)
    if found is not None:
        ruleset, scenario = found
        game = Game(ruleset, scenario)
        seats = [{"seat": seat, "name": render(game.seat_name(seat), words.lang),
                  "kind": draft.seats.get(seat, PERSON if i == 0 else RANDOM)}
                 for i, seat in enumerate(game.seats)]
        bots = player_kinds(ruleset)[1:]
    rulesets: list[dict[str, Any]] = [{"name": r.name, "title": words.text(r.title),
                 "examples": [path.stem for path in r.examples()]} for r in all_rulesets()]
    if not draft.ruleset and rulesets:
        draft.ruleset = str(rulesets[0]["name"])
    status = 422 if draft.problems else 200
    response = html(page("new.html", w=words, draft=draft, step=step, rulesets=rulesets,
                         seats=seats, bots=bots, csrf=token), status)
    set_form_cookie(response, request, token)
    return response
