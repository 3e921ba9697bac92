"""A seat's page and what its forms do: answer, mark ready, talk; the saved
game once it is over; the live parts (server-sent events) that keep the
page up to date. Every route reads the seat from its cookie alone."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response, StreamingResponse
from markupsafe import Markup

from referee.core.errors import RefereeError
from referee.core.i18n import Lang, msg
from referee.core.ruleset import find_ruleset
from referee.server.errors import ApiError
from referee.server.notify import Notifier
from referee.server.pages import question
from referee.server.pages.access import (
    KEY_COOKIE,
    PageError,
    check_form,
    csrf_token,
    page_lang,
    reader,
)
from referee.server.pages.links import seat_path
from referee.server.pages.posted import first, read_form
from referee.server.pages.question import FormError
from referee.server.pages.render import Words, page
from referee.server.pages.respond import (
    NO_STORE,
    back_to,
    html,
    is_part,
    message_of,
    switched_language,
)
from referee.server.pages.seat import Part, SeatPage, seat_parts
from referee.server.settings import Settings
from referee.server.store import Seating, Store

SEAT = "/play/{game}/{seat}"


def router(store: Store, notifier: Notifier, settings: Settings) -> APIRouter:
    routes = APIRouter(include_in_schema=False)

    def seat_page(request: Request, seating: Seating, lang: Lang) -> SeatPage:
        doc, _ = store.document(seating)
        return _seat_page(store, request, seating, doc, lang)

    @routes.get(SEAT)
    def show(game: str, seat: str, request: Request) -> Response:
        """The seat's page."""
        seating = reader(request, store, game, seat)
        switched = switched_language(request)
        if switched is not None:
            return switched
        lang = page_lang(request, seating.lang)
        built = seat_page(request, seating, lang)
        return html(_whole(built))

    @routes.post(SEAT + "/answer")
    async def answer(game: str, seat: str, request: Request) -> Response:
        """The question's form, posted: the answer it means, given."""
        seating = reader(request, store, game, seat)
        form = await read_form(request)
        check_form(request, form, csrf_token(request.cookies[KEY_COOKIE]))
        lang = page_lang(request, seating.lang)
        words = Words(lang)
        doc, _ = await run_in_threadpool(store.document, seating)
        ruleset = find_ruleset(str(doc["ruleset"]))
        try:
            value = question.answer_from_form(ruleset, doc["view"], form)
        except FormError as exc:
            return await _told(store, request, seating, lang, words.text(exc.message), 422)
        turn = _turn(form)
        try:
            done = await run_in_threadpool(store.answer, seating, value, turn)
        except (ApiError, RefereeError) as exc:
            status = exc.status if isinstance(exc, ApiError) else 422
            return await _told(store, request, seating, lang, message_of(exc, lang), status)
        ready = "ready" in form  # the form's "send and be ready" button
        if ready:
            try:
                await run_in_threadpool(store.mark_ready, seating, turn)
            except (ApiError, RefereeError) as exc:
                status = exc.status if isinstance(exc, ApiError) else 422
                return await _told(store, request, seating, lang, message_of(exc, lang), status)
        if not is_part(request):
            return back_to(seat_path(game, seat))
        return html(page("parts/answered.html", w=words, void=done.void,
                         receipt=done.receipt, turn=turn, ready=ready))

    @routes.post(SEAT + "/ready")
    async def ready(game: str, seat: str, request: Request) -> Response:
        """The seat is done with this turn."""
        seating = reader(request, store, game, seat)
        form = await read_form(request)
        check_form(request, form, csrf_token(request.cookies[KEY_COOKIE]))
        lang = page_lang(request, seating.lang)
        try:
            await run_in_threadpool(store.mark_ready, seating, _turn(form))
        except (ApiError, RefereeError) as exc:
            status = exc.status if isinstance(exc, ApiError) else 422
            return await _told(store, request, seating, lang, message_of(exc, lang), status)
        if not is_part(request):
            return back_to(seat_path(game, seat))
        return html(page("parts/message.html", message=Words(lang)("pages.turn.ready-taken")))

    @routes.post(SEAT + "/talk")
    async def talk(game: str, seat: str, request: Request) -> Response:
        """A line of table talk, to the game master or to everyone."""
        seating = reader(request, store, game, seat)
        form = await read_form(request)
        check_form(request, form, csrf_token(request.cookies[KEY_COOKIE]))
        lang = page_lang(request, seating.lang)
        return await post_talk(store, request, seating, lang, first(form, "to", "everyone"),
                               first(form, "text"), seat_path(game, seat))

    @routes.get(SEAT + "/save")
    def save(game: str, seat: str, request: Request) -> Response:
        """The saved game, once it is over."""
        seating = reader(request, store, game, seat)
        try:
            data = store.save(seating)
        except ApiError as exc:
            raise PageError(exc.status, exc.message) from None
        return JSONResponse(data, headers={
            **NO_STORE, "Content-Disposition": f'attachment; filename="{game}.json"'})

    @routes.get(SEAT + "/events")
    def events(game: str, seat: str, request: Request) -> StreamingResponse:
        """The page's parts, each time what the seat may read changes."""
        seating = reader(request, store, game, seat)
        lang = page_lang(request, seating.lang)

        def parts(doc: dict[str, Any]) -> dict[str, Part]:
            return seat_parts(_seat_page(store, request, seating, doc, lang))

        return live_parts(store, notifier, settings, seating, parts)

    return routes


def _seat_page(store: Store, request: Request, seating: Seating, doc: dict[str, Any],
               lang: Lang) -> SeatPage:
    words = Words(lang, store.seat_names(seating.game))
    ruleset = find_ruleset(str(doc["ruleset"]))
    token = request.cookies.get(KEY_COOKIE, "")
    return SeatPage(doc, ruleset, words, seat_path(seating.game, str(seating.seat)),
                    csrf_token(token))


def _whole(built: SeatPage, status: Markup | None = None) -> str:
    words = built.words
    title = words.text(built.ruleset.title)
    return page("seat.html", w=words, title=title, seat_name=words.seat(built.seat),
                parts=seat_parts(built), path=built.path, csrf=built.csrf, status=status)


def _turn(form: dict[str, list[str]]) -> int | None:
    given = first(form, "turn")
    return int(given) if given.isdigit() else None


async def _told(store: Store, request: Request, seating: Seating, lang: Lang, message: str,
                status: int) -> Response:
    """A refused answer: the message beside the form; without htmx, the
    seat's page again with the message beside its form, so the reader stays
    at the game and can try again."""
    told = Markup(page("parts/message.html", message=message, error=True))
    if is_part(request):
        return html(told, status)
    doc, _ = await run_in_threadpool(store.document, seating)
    return html(_whole(_seat_page(store, request, seating, doc, lang), told), status)


async def post_talk(store: Store, request: Request, seating: Seating, lang: Lang,
                    to: str | list[str], text: str, back: str) -> Response:
    """A line of table talk from a page; the message of a refusal beside its form."""
    words = Words(lang)
    try:
        await run_in_threadpool(store.post, seating, to, text)
    except ApiError as exc:
        told = message_of(exc, lang)
        if is_part(request):
            return html(page("parts/message.html", message=told, error=True), exc.status)
        raise PageError(exc.status, msg("core.error.text", text=told)) from None
    if not is_part(request):
        return back_to(back)
    return html(page("parts/message.html", message=words("pages.talk.sent")))


def live_parts(store: Store, notifier: Notifier, settings: Settings, seating: Seating,
               parts: Callable[[dict[str, Any]], dict[str, Part]]) -> StreamingResponse:
    """Server-sent events ``parts``: the parts of the page that changed since
    the last event (all of them first), each time the token's document does
    (the event's id is the document's version, as the API's stream gives it)."""

    async def stream() -> AsyncIterator[str]:
        import asyncio

        sent: dict[str, str] = {}
        last = None
        with notifier.subscribe(seating.game) as wake:
            while True:
                wake.clear()
                doc, version = await run_in_threadpool(store.document, seating)
                if version != last:
                    last = version
                    built = await run_in_threadpool(parts, doc)
                    changed = {name: part.to_json() for name, part in built.items()
                               if sent.get(name) != part.version}
                    sent.update({name: part.version for name, part in built.items()})
                    data = json.dumps({"parts": changed}, ensure_ascii=False)
                    yield f"id: {version}\nevent: parts\ndata: {data}\n\n"
                try:
                    await asyncio.wait_for(wake.wait(), timeout=settings.heartbeat)
                except TimeoutError:
                    yield ": keep-alive\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={**NO_STORE, "X-Accel-Buffering": "no"})
