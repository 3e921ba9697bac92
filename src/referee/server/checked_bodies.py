"""Every JSON body under ``/api/`` held to its limits (:mod:`.bodies`)
before the application reads it, refused in the token's language."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse
from starlette.routing import get_route_path

from referee.core.i18n import Lang
from referee.server.api import error_body, seating_for
from referee.server.bodies import read
from referee.server.errors import ApiError
from referee.server.store import Store

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
BODY_METHODS = (b"POST", b"PUT", b"PATCH")
GAME_PATH = re.compile(r"/api/games/([^/]+)/")


class CheckedBodies:
    """ASGI: read every JSON body under ``/api/`` before the application
    does, and refuse one that is not JSON or goes past a limit, once the
    token is known, in its language (the answer route in front of the
    framework, :mod:`.fast_answers`, reads its own the same way)."""

    def __init__(self, app: ASGIApp, store: Store) -> None:
        self.app = app
        self.store = store

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"].encode() not in BODY_METHODS \
                or not get_route_path(scope).startswith("/api/"):
            await self.app(scope, receive, send)
            return
        try:
            raw = await whole_body(receive)
        except ClientDisconnect:
            return
        data, refusal = read(raw) if raw else (None, None)
        if refusal is None:
            await self.app(scope, replay(raw), send)
            return
        headers = {name.lower(): value for name, value in reversed(scope["headers"])}
        lang = body_lang(data) or accepted_lang(headers)
        found = GAME_PATH.match(get_route_path(scope))
        try:
            if found is not None:
                token = bearer_token(headers.get(b"authorization"))
                lang = (await seating_for(self.store, token, found[1])).lang
            error = refusal
        except ApiError as exc:
            error = exc
        response = JSONResponse(error_body(error, lang), status_code=error.status)
        await response(scope, receive, send)


def body_lang(data: Any) -> Lang | None:
    """The language a new game's body asks for (its errors are told in it)."""
    lang = data.get("lang") if isinstance(data, dict) else None
    return lang if lang in ("en", "ru") else None


async def whole_body(receive: Receive) -> bytes:
    """The request's body, read to its end (its size is bounded before)."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientDisconnect()
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def replay(raw: bytes) -> Receive:
    """A ``receive`` giving ``raw`` as the whole body, then waiting for the client to go."""
    sent = False

    async def receive() -> MutableMapping[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": raw, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


def bearer_token(value: bytes | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, as HTTPBearer reads it."""
    if not value:
        return None
    scheme, _, token = value.decode("latin-1").partition(" ")
    token = token.strip()
    if not scheme or not token or scheme.lower() != "bearer":
        return None
    return token


def accepted_lang(headers: dict[bytes, bytes]) -> Lang:
    return "ru" if headers.get(b"accept-language", b"").lower().startswith(b"ru") else "en"
