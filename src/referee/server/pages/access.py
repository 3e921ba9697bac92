"""Who is reading a page, and whether a posted form may act.

A link (``/join?key=TOKEN``) trades its token for a cookie (HttpOnly,
SameSite=Lax) whose path is the token's own page, so a browser holding
several seats' cookies sends each page only its own, and a page never
holds a token. A form posted with a cookie must carry the CSRF token tied
to that cookie (a digest of the seat's token no other page can make) and,
where the browser says where it comes from (``Origin``,
``Sec-Fetch-Site``), come from this server.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping

from fastapi import Request, Response

from referee.core.i18n import Lang, Msg, msg
from referee.server.store import Seating, Store

KEY_COOKIE = "referee_key"
"""The token of the page's seat (or the desk's game master), path-scoped."""
FORM_COOKIE = "referee_form"
"""A random value the forms of visitors without a token (creating a game) echo."""
LANG_COOKIE = "referee_lang"
"""The language the reader chose on a page."""
CSRF_FIELD = "csrf"
YEAR = 365 * 24 * 3600


class PageError(Exception):
    """A page that cannot be shown or a form that may not act: the status and
    what the reader is told."""

    def __init__(self, status: int, message: Msg) -> None:
        super().__init__(message.key)
        self.status = status
        self.message = message


def no_key() -> PageError:
    """The same for a page of no game, of another seat, or without its cookie."""
    return PageError(404, msg("pages.error.no-key"))


def csrf_token(token: str) -> str:
    """The CSRF token of a page read with ``token``: it proves a form was
    made by a page of that seat, and tells nothing of the token itself."""
    return hashlib.sha256(f"referee-csrf/v1\n{token}".encode()).hexdigest()[:40]


def reader(request: Request, store: Store, game: str, seat: str | None) -> Seating:
    """The seating of the page's cookie: ``seat`` of ``game`` (None: its
    game master). :raises PageError: 404 for any other cookie or none."""
    token = request.cookies.get(KEY_COOKIE)
    if not token:
        raise no_key()
    seating = store.known(token)
    if seating is None:
        seating = store.authenticate(token)
    if seating is None or seating.game != game or seating.seat != seat:
        raise no_key()
    return seating


def set_key_cookie(response: Response, request: Request, token: str, path: str) -> None:
    response.set_cookie(KEY_COOKIE, token, max_age=YEAR, path=path, httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")


def form_cookie(request: Request) -> str:
    """The visitor's form value (a new one when it has none yet)."""
    found = request.cookies.get(FORM_COOKIE)
    return found if found and len(found) == 32 else secrets.token_hex(16)


def set_form_cookie(response: Response, request: Request, value: str) -> None:
    response.set_cookie(FORM_COOKIE, value, path="/", httponly=True, samesite="strict",
                        secure=request.url.scheme == "https")


def check_origin(request: Request) -> None:
    """A form posted from another site is refused. :raises PageError: 403."""
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        raise PageError(403, msg("pages.error.cross-site"))
    origin = request.headers.get("origin")
    if origin is None:
        return
    host = request.headers.get("host", "")
    if origin == "null" or origin.split("://", 1)[-1].rstrip("/") != host:
        raise PageError(403, msg("pages.error.cross-site"))


def check_form(request: Request, form: Mapping[str, list[str]], expected: str) -> None:
    """The form comes from this server's page for this reader.
    :raises PageError: 403."""
    check_origin(request)
    given = (form.get(CSRF_FIELD) or [""])[0]
    if not given or not hmac.compare_digest(given.encode(), expected.encode()):
        raise PageError(403, msg("pages.error.csrf"))


def page_lang(request: Request, default: Lang | None = None) -> Lang:
    """The reader's language: chosen on a page, else ``default`` (the seat's),
    else the browser's."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in ("en", "ru"):
        return "ru" if chosen == "ru" else "en"
    if default is not None:
        return default
    accept = request.headers.get("accept-language", "")
    return "ru" if accept.lower().startswith("ru") else "en"


def set_lang_cookie(response: Response, lang: Lang) -> None:
    response.set_cookie(LANG_COOKIE, lang, max_age=YEAR, path="/", samesite="lax")
