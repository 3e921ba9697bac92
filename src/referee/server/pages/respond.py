"""How a page answers: an HTML page or a part of one (htmx), never cached
nor framed; the reader told why a page or a form was refused; a language
chosen by a link; the page again after a form posted without htmx."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from referee.core.errors import RefereeError
from referee.core.i18n import Lang, render
from referee.server.checks import refused
from referee.server.errors import ApiError
from referee.server.pages.access import page_lang, set_lang_cookie
from referee.server.pages.render import Words, page

NO_STORE = {"Cache-Control": "no-store", "X-Frame-Options": "DENY",
            "Content-Security-Policy": "frame-ancestors 'none'",
            "Referrer-Policy": "same-origin"}
"""Headers of every page: never cached, never framed, no address sent to another site."""


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
