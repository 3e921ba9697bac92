"""The start page (what Referee is, its rulesets, create a game) and the
link every player opens: ``/join?key=TOKEN`` trades the token for its
page's cookie and redirects there."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from referee.core.i18n import msg
from referee.core.ruleset import all_rulesets
from referee.server.notify import Notifier
from referee.server.pages.access import PageError, page_lang, set_key_cookie
from referee.server.pages.links import JOIN, desk_path, seat_path
from referee.server.pages.render import Words, page
from referee.server.pages.respond import NO_STORE, html, switched_language
from referee.server.settings import Settings
from referee.server.store import Store


def router(store: Store, notifier: Notifier, settings: Settings) -> APIRouter:
    routes = APIRouter(include_in_schema=False)

    @routes.get("/")
    def start(request: Request) -> Response:
        """What Referee is, the rulesets it hosts, and a way to create a game."""
        switched = switched_language(request)
        if switched is not None:
            return switched
        words = Words(page_lang(request))
        rulesets = [{"name": r.name, "title": words.text(r.title),
                     "about": words(f"pages.about.{r.name}")
                     if words.has(f"pages.about.{r.name}") else ""}
                    for r in all_rulesets()]
        return html(page("start.html", w=words, rulesets=rulesets))

    @routes.get(JOIN)
    def join(request: Request, key: str = "") -> Response:
        """A token's link: the cookie of its page, then the page."""
        seating = store.known(key) or (store.authenticate(key) if key else None)
        if seating is None:
            raise PageError(404, msg("pages.error.bad-link"))
        path = desk_path(seating.game) if seating.is_master else \
            seat_path(seating.game, str(seating.seat))
        response = RedirectResponse(path, status_code=303, headers=NO_STORE)
        set_key_cookie(response, request, key, path)
        return response

    return routes
