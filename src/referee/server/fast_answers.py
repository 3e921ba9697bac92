"""The answer route, answered before the framework's machinery.

``POST /api/games/{id}/answer`` is the route called most: players revise
their orders again and again before a deadline, and bots answer at every
question. Routing, solving dependencies and validating through FastAPI cost
more than storing the answer, so this layer, in front of the application,
answers that route itself: the same checks in the same order (the token,
the body's JSON and its limits, the body's form, the answer) and the same
replies, errors
included, as the route :mod:`.api` declares (which documents it, and serves
it where this layer is not in front; a test compares the two). Every other
request goes on to the application.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse
from starlette.routing import get_route_path

from referee.core.errors import InternalError
from referee.core.i18n import msg
from referee.server.api import AnswerBody, answered, error_body, seating_for
from referee.server.bodies import read
from referee.server.checked_bodies import accepted_lang, bearer_token, whole_body
from referee.server.errors import ApiError
from referee.server.form_errors import invalid_request
from referee.server.store import Store

log = logging.getLogger("referee.server")
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
ANSWER_PATH = re.compile(r"/api/games/([^/]+)/answer")


class FastAnswers:
    """ASGI: answer ``POST /api/games/{id}/answer``; pass anything else on to ``app``."""

    def __init__(self, app: ASGIApp, store: Store) -> None:
        self.app = app
        self.store = store

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = ANSWER_PATH.fullmatch(get_route_path(scope)) \
            if scope["type"] == "http" and scope["method"] == "POST" else None
        if found is None:
            await self.app(scope, receive, send)
            return
        try:
            body = await whole_body(receive)
        except ClientDisconnect:
            return
        response = await self._reply(found[1], scope["headers"], body)
        await response(scope, receive, send)

    async def _reply(self, game_id: str, raw_headers: list[tuple[bytes, bytes]],
                     body: bytes) -> JSONResponse:
        """The reply, in the token's language once the token is known."""
        headers = {name.lower(): value for name, value in reversed(raw_headers)}
        lang = accepted_lang(headers)
        try:
            data, refusal = _json(body)
            seating = await seating_for(self.store, bearer_token(headers.get(b"authorization")),
                                        game_id)
            lang = seating.lang
            if refusal is not None:
                raise refusal
            return JSONResponse(await run_in_threadpool(
                answered, self.store, seating, _answer_body(data)))
        except ApiError as error:
            return JSONResponse(error_body(error, lang), status_code=error.status)
        except InternalError as exc:
            log.error("a rule failed: %s", exc)
            defect = ApiError(500, "internal/rules", msg("server.error.internal"))
            return JSONResponse(error_body(defect, lang), status_code=500)


_MISSING = object()


def _json(body: bytes) -> tuple[Any, ApiError | None]:
    """The body's JSON (``_MISSING`` for none), or why it is refused:
    not JSON, or past a limit (:func:`.bodies.read`)."""
    if not body:
        return _MISSING, None
    return read(body)


def _answer_body(data: Any) -> AnswerBody:
    """The body's form checked. :raises ApiError: with each problem."""
    if data is _MISSING:
        raise invalid_request([{"type": "missing", "loc": ()}])
    try:
        return AnswerBody.model_validate(data, from_attributes=True)
    except ValidationError as exc:
        raise invalid_request(exc.errors(), data) from None
