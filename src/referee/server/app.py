"""The application: ``create_app(settings)`` migrates the database, builds
the store and the routes, and (while it serves) checks due deadlines and
listens for other processes' writes. ``referee serve`` runs it on uvicorn;
worker processes build theirs with :func:`app_from_environment`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.telemetry import TelemetryConfig
from starlette.exceptions import HTTPException

from referee.core.errors import InternalError, RefereeError
from referee.core.i18n import msg
from referee.runtime import serving_heap
from referee.server.api import build_router, error_body, request_lang
from referee.server.checked_bodies import CheckedBodies, body_lang
from referee.server.checks import refused
from referee.server.database import is_sqlite, make_engine, upgrade
from referee.server.errors import ApiError
from referee.server.fast_answers import FastAnswers
from referee.server.form_errors import invalid_request
from referee.server.notify import Notifier
from referee.server.pages.site import install as install_pages
from referee.server.settings import DB_ENV, Settings
from referee.server.store import Store
from referee.server.webhooks import Poster

log = logging.getLogger("referee.server")
PUBLIC_URL_ENV = "REFEREE_PUBLIC_URL"
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
BODY_METHODS = (b"POST", b"PUT", b"PATCH")


class BodyLimits:
    """Refuse a request body over ``limit`` bytes (413), counted as it
    arrives whatever its Content-Length says, and a body that is not JSON
    (415) under ``/api/``: no form a browser sends across sites without
    asking is taken there. The pages take forms, each checked for its CSRF
    token and origin (:mod:`referee.server.pages.access`)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        lang = "ru" if headers.get(b"accept-language", b"").lower().startswith(b"ru") \
            else "en"
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send, 413, "request/too-large", lang)
            return
        has_body = (length is not None and length != b"0") or b"transfer-encoding" in headers
        media = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
        if scope["method"].encode() in BODY_METHODS and has_body and \
                media != b"application/json" and scope["path"].startswith("/api/"):
            await self._refuse(send, 415, "request/content-type", lang)
            return
        seen = 0

        async def counted() -> MutableMapping[str, Any]:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge()
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await self._refuse(send, 413, "request/too-large", lang)

    async def _refuse(self, send: Send, status: int, code: str, lang: str) -> None:
        key = "server.error.too-large" if status == 413 else "server.error.content-type"
        error = ApiError(status, code, msg(key, limit=self.limit))
        response = JSONResponse(error_body(error, "ru" if lang == "ru" else "en"),
                                status_code=status)
        await response({"type": "http"}, _nothing, send)


class _TooLarge(Exception):
    pass


async def _nothing() -> MutableMapping[str, Any]:
    return {"type": "http.disconnect"}


def _answer(request: Request, error: ApiError) -> JSONResponse:
    return JSONResponse(error_body(error, request_lang(request)), status_code=error.status)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server's application on ``settings.database_url`` (migrated first)."""
    settings = settings or Settings()
    upgrade(settings.database_url)
    engine = make_engine(settings.database_url, settings.sqlite_synchronous)
    store = Store(engine, settings)
    notifier = Notifier(store)
    poster = Poster(settings.public_url, settings.webhook_timeout)
    store.on_hooks(poster)

    async def deadlines() -> None:
        while True:
            await asyncio.sleep(settings.deadline_poll)
            try:
                for game_id in await asyncio.to_thread(store.due_games):
                    await asyncio.to_thread(store.fire_deadline, game_id)
            except Exception:
                log.exception("checking deadlines failed; trying again")

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        notifier.attach(asyncio.get_running_loop())
        threads = int(os.environ.get("REFEREE_THREADS", "0")) or settings.threads
        anyio.to_thread.current_default_thread_limiter().total_tokens = threads
        tasks: list[asyncio.Task[None]] = []
        if settings.background:
            tasks.append(asyncio.create_task(deadlines()))
            every = settings.version_poll if is_sqlite(engine) else 5.0
            tasks.append(asyncio.create_task(notifier.poll(every)))
            if not is_sqlite(engine):
                notifier.listen(settings.database_url)
        try:
            yield
        finally:
            notifier.stop()
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            poster.close()
            store.shut()
            engine.dispose()

    telemetry: TelemetryConfig | None = None if settings.telemetry else \
        {"tracing": False, "metrics": False, "logs": False}
    app = FastAPI(title="Referee", summary="Host tabletop games: secret seats, deadlines, "
                  "fair dice.", version="1", lifespan=lifespan, telemetry=telemetry)
    app.state.store = store
    app.state.notifier = notifier
    app.include_router(build_router(store, notifier, settings))
    install_pages(app, store, notifier, settings)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _answer(request, exc)

    @app.exception_handler(RefereeError)
    async def referee_error(request: Request, exc: RefereeError) -> JSONResponse:
        return _answer(request, refused(exc))

    @app.exception_handler(InternalError)
    async def internal_error(request: Request, exc: InternalError) -> JSONResponse:
        log.error("a rule failed: %s", exc)
        return _answer(request, ApiError(500, "internal/rules", msg("server.error.internal")))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        error = invalid_request(exc.errors(), exc.body)
        lang = getattr(request.state, "lang", None) or body_lang(exc.body) or \
            request_lang(request)
        return JSONResponse(error_body(error, lang), status_code=error.status)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "request/no-route", 405: "request/method"}.get(exc.status_code,
                                                                     "request/error")
        body = {"code": code, "message": str(exc.detail)}
        return JSONResponse(body, status_code=exc.status_code)

    app.add_middleware(CheckedBodies, store=store)
    app.add_middleware(FastAnswers, store=store)
    app.add_middleware(BodyLimits, limit=settings.max_body)
    return app


def app_from_environment() -> FastAPI:
    """The application of a worker process: the database from ``REFEREE_DB``;
    the process's garbage collector set for serving (its bots play many
    games: :func:`referee.runtime.serving_heap`)."""
    serving_heap()
    return create_app(Settings(database_url=os.environ.get(DB_ENV) or Settings().database_url,
                               public_url=os.environ.get(PUBLIC_URL_ENV) or None))
