"""The pages on the application: the static files, the routes of each page,
and how a page that cannot be shown is answered (an HTML page, or the
message alone for a part of one)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles

from referee.core.i18n import render
from referee.server.notify import Notifier
from referee.server.pages import create, desk, home, play
from referee.server.pages.access import PageError, page_lang
from referee.server.pages.respond import refusal
from referee.server.settings import Settings
from referee.server.store import Store


def install(app: FastAPI, store: Store, notifier: Notifier, settings: Settings) -> None:
    """Add the pages to ``app``."""
    app.mount("/static", StaticFiles(packages=[("referee.server.pages", "static")]),
              name="static")
    for module in (home, create, play, desk):
        app.include_router(module.router(store, notifier, settings))

    @app.exception_handler(PageError)
    async def page_error(request: Request, exc: PageError) -> Response:
        return refusal(request, exc.status, render(exc.message, page_lang(request)))


