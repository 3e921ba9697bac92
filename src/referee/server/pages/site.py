"""The pages on the application: the static files, the routes of each page,
and how a page that cannot be shown is answered (an HTML page, or the
message alone for a part of one)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from referee.core.errors import RefereeError
from referee.core.i18n import Lang, render
from referee.server.checks import refused
from referee.server.errors import ApiError
from referee.server.notify import Notifier
from referee.server.pages.access import PageError, page_lang, set_lang_cookie
from referee.server.pages.render import Words, page
from referee.server.settings import Settings
from referee.server.store import Store

NO_STORE = {"Cache-Control": "no-store", "X-Frame-Options": "DENY",
            "Content-Security-Policy": "frame-ancestors 'none'",
            "Referrer-Policy": "same-origin"}
"""Headers of every page: never cached, never framed, no address sent to another site."""


def install(app: FastAPI, store: Store, notifier: Notifier, settings: Settings) -> None:
    """Add the pages to ``app``."""
    from referee.server.pages import create, desk, home, play

    app.mount("/static", StaticFiles(packages=[("referee.server.pages", "static")]),
              name="static")
    for module in (home, create, play, desk):
        app.include_router(module.router(store, notifier, settings))

    @app.exception_handler(PageError)
    async def page_error(request: Request, exc: PageError) -> Response:
        return refusal(request, exc.status, render(exc.message, page_lang(request)))


def html(text: str, status: int = 200, headers: dict[str, str] | None = None) -> HTMLResponse:
    return HTMLResponse(text, status_code=status, headers={**NO_STORE, **(headers or {})})


def is_part(request: Request) -> bool:
    """The request asks for a part of a page (htmx), not a whole one."""
    return request.headers.get("hx-request") == "true"


def refusal(request: Request, status: int, message: str) -> Response:
    """What the reader is told when a page or a form is refused."""
    if is_part(request):
        return html(page("parts/message.html", message=message, error=True), status)
    words = Words(page_lang(request))
    return html(page("error.html", w=words, message=message), status)


def message_of(error: Exception, lang: Lang) -> str:
    """The reader's text of an error the store or the rules raised."""
    if isinstance(error, ApiError):
        return render(error.message, lang)
    if isinstance(error, RefereeError):
        return render(refused(error).message, lang)
    raise error


def switched_language(request: Request) -> Response | None:
    """A page opened with ``?lang=``: remember the choice and show the page
    again without it."""
    chosen = request.query_params.get("lang")
    if chosen not in ("en", "ru"):
        return None
    response = RedirectResponse(request.url.path, status_code=303, headers=NO_STORE)
    set_lang_cookie(response, "ru" if chosen == "ru" else "en")
    return response


def back_to(path: str, **extra: Any) -> RedirectResponse:
    """After a form posted without htmx: the page again."""
    return RedirectResponse(path, status_code=303, headers=NO_STORE)
