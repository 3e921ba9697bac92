"""The JSON API: one route per thing a player or game master does.

Every route under ``/api/games/{id}/`` reads its caller from the
``Authorization: Bearer TOKEN`` header: a seat's token acts for that seat
alone, the game master's for the game; no route takes a seat's name. A
token of another game and a game that does not exist read the same (404).
"""

from __future__ import annotations

import asyncio
import json
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, StreamingResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, JsonValue

from referee.core.errors import RefereeError
from referee.core.i18n import Lang, msg, render
from referee.core.ruleset import all_rulesets
from referee.server import errors
from referee.server.checks import player_kinds, refused
from referee.server.deadlines import BadDeadline, parse_duration
from referee.server.errors import ApiError
from referee.server.notify import Notifier
from referee.server.pages.links import join_link
from referee.server.settings import Settings
from referee.server.store import Seating, Store
from referee.server.webhooks import valid_webhook

bearer = HTTPBearer(auto_error=False, description="The game master's or a seat's token.")


PLAYER = ("`person`, or a bot by name: `random` (every ruleset), `rules` (every "
          "ruleset's rule-of-thumb bot), `search` (where the ruleset has it: Night Watch); "
          "`GET /api/rulesets` lists each ruleset's bots.")


class SeatChoice(BaseModel):
    """Who plays a seat, with the language of that seat's token."""

    model_config = ConfigDict(extra="forbid")
    player: str = Field(description=PLAYER)
    lang: Literal["en", "ru"] | None = None


class NewGame(BaseModel):
    """A game to create."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"ruleset": "facility", "seats": {"anna": "person", "boris": "random"},
         "lang": "en", "turn_deadline": "PT24H"},
        {"ruleset": "night-watch", "seats": {"night": "person", "day": "rules"}},
        {"ruleset": "old-west", "seats": {"law": "person", "outlaws": "person"},
         "turn_deadline": "18:00 Europe/Moscow",
         "webhook": "https://discord.com/api/webhooks/ID/SECRET"},
    ]})
    ruleset: str = Field(description="The ruleset's name, as `referee rulesets` lists it.")
    scenario: str | dict[str, JsonValue] | None = Field(
        None, description="The scenario as TOML text (or as a table); omitted: the "
                          "ruleset's example.")
    seats: dict[str, str | SeatChoice] = Field(
        default_factory=dict, description="Who plays each seat: " + PLAYER + " A seat not "
                                          "named is played by the random bot.")
    lang: Literal["en", "ru"] = "en"
    turn_deadline: str | None = Field(
        None, description="Each turn's deadline: an ISO 8601 duration (`PT24H`) or a time "
                          "of day in a time zone (`18:00 Europe/Moscow`).")
    webhook: str | None = Field(None, description="A Discord or Slack webhook URL.")


class AnswerBody(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"answer": {"move": {"to": 3}, "take": [{"item": "keycard"}]}, "turn": 1},
        {"answer": "move:metro"},
    ]})
    answer: JsonValue = Field(description="The value of an option, or an answer of the "
                                          "decision's form (its `answer_schema`).")
    turn: int | None = Field(None, description="The turn the answer is for: refused "
                                               "(409) if that turn has closed.")


class ReadyBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    turn: int | None = None


class MessageBody(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"to": "master", "text": "Anna slips the keycard into her boot."},
        {"to": "everyone", "text": "Good luck, all."},
        {"to": "room", "text": "Quiet, someone is coming."},
        {"to": ["anna"], "text": "(game master) You hear steps behind the door."},
    ]})
    to: str | list[str] = Field(description="A seat: `master`, `everyone`, or `room` (the "
                                            "characters in its room now, where the game "
                                            "has rooms). The game master: `everyone` or a "
                                            "list of seats.")
    text: str


class DeadlineBody(BaseModel):
    """One of: a new deadline for the open turn, a delay, or a new rule."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"deadline": "2026-05-01T18:00:00Z"}, {"extend": "PT2H"},
        {"rule": "PT24H"}, {"rule": None}]})
    deadline: str | None = None
    extend: str | None = None
    rule: str | None = None


def error_body(error: ApiError, lang: Lang) -> dict[str, Any]:
    body: dict[str, Any] = {"code": error.code, "message": render(error.message, lang)}
    if error.problems is not None:
        body["problems"] = [{**problem, "message": render(problem["message"], lang)}
                            for problem in error.problems]
    return body


def request_lang(request: Request) -> Lang:
    """The language to answer in: the token's, else the Accept-Language header's."""
    lang = getattr(request.state, "lang", None)
    if lang in ("en", "ru"):
        return "ru" if lang == "ru" else "en"
    accept = request.headers.get("accept-language", "")
    return "ru" if accept.lower().startswith("ru") else "en"


async def caller(request: Request, game_id: str,
                 credentials: Annotated[HTTPAuthorizationCredentials | None,
                                        Depends(bearer)]) -> Seating:
    """Whom the request's token belongs to (a token seen before is known
    without asking the database). :raises ApiError: 401 without a token,
    404 for a token that is not of this game."""
    token = credentials.credentials if credentials is not None else None
    seating = await seating_for(request.app.state.store, token, game_id)
    request.state.lang = seating.lang
    return seating


async def seating_for(store: Store, token: str | None, game_id: str) -> Seating:
    """Whom ``token`` belongs to, if it is of game ``game_id``.
    :raises ApiError: 401 without a token, 404 for one not of this game."""
    if not token:
        raise errors.no_token()
    seating = store.known(token)
    if seating is None:
        seating = await run_in_threadpool(store.authenticate, token)
    if seating is None or seating.game != game_id:
        raise errors.not_found()
    return seating


def answered(store: Store, seating: Seating, body: AnswerBody) -> dict[str, Any]:
    """Store ``seating``'s answer; what the answer route replies.
    :raises ApiError: not asked, over, that turn closed, or refused by the rules."""
    try:
        done = store.answer(seating, body.answer, body.turn)
    except RefereeError as exc:
        raise refused(exc) from None
    return {"receipt": done.receipt, "seq": done.seq, "void": done.void}


Caller = Annotated[Seating, Depends(caller)]


def build_router(store: Store, notifier: Notifier, settings: Settings) -> APIRouter:
    router = APIRouter(prefix="/api")

    @router.get("/health", tags=["server"])
    def health() -> dict[str, bool]:
        return {"ok": True}

    @router.get("/rulesets", tags=["server"])
    def rulesets() -> list[dict[str, Any]]:
        """Every ruleset the server hosts, with its example scenarios and who
        may play a seat of it (`person` and the bots it offers)."""
        return [{"name": r.name, "title": {"en": render(r.title, "en"),
                                           "ru": render(r.title, "ru")},
                 "examples": [path.stem for path in r.examples()],
                 "players": list(player_kinds(r))} for r in all_rulesets()]

    @router.post("/games", status_code=201, tags=["games"])
    def create(body: NewGame, request: Request) -> dict[str, Any]:
        """Create a game. The answer holds the game master's token and one
        token per seat, each with its ``link`` (a path on this server: opening
        it in a browser is all a player does); hand each to its player."""
        request.state.lang = body.lang
        if body.webhook is not None and not valid_webhook(body.webhook):
            raise ApiError(422, "webhook/invalid", msg("server.error.webhook"))
        seats = {seat: choice if isinstance(choice, str) else choice.player
                 for seat, choice in body.seats.items()}
        langs: dict[str, Lang] = {seat: choice.lang for seat, choice in body.seats.items()
                                  if isinstance(choice, SeatChoice) and choice.lang}
        created = store.create(body.ruleset, body.scenario, seats, body.lang,
                               body.turn_deadline, body.webhook, langs)
        return {"id": created.id, "master": {"token": created.master,
                                             "link": join_link(created.master)},
                "seats": {seat: {"token": token, "player": seats.get(seat, "random"),
                                 "link": join_link(token)}
                          for seat, token in created.seats.items()},
                "seed_hash": created.seed_hash}

    @router.get("/games/{game_id}/view", tags=["play"])
    def view(seating: Caller, request: Request) -> Response:
        """The token's view: the typed view of its seat (the referee's for
        the game master), the turn (asked seats, who is ready, the deadline
        in UTC), the fair-dice commitment and the table talk it may read."""
        doc, version = store.document(seating)
        tag = f'"{version}"'
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers={"ETag": tag})
        return JSONResponse({**doc, "version": version}, headers={"ETag": tag})

    @router.post("/games/{game_id}/answer", tags=["play"], responses={200: {
        "description": "The answer is stored.", "content": {"application/json": {"example": {
            "receipt": "2e0e700841808731b58174bd26c2328c80c3637e37bbe06c34aa19f0a0636c0d",
            "seq": 2, "void": [{"part": "fly", "reason": "there is no such order"}]}}}}})
    def answer(body: AnswerBody, seating: Caller) -> JSONResponse:
        """Answer what the seat is asked. A simultaneous decision's answer
        can be replaced until the turn closes. The receipt is the SHA-256
        of the game, the seat, the input's number and the answer."""
        return JSONResponse(answered(store, seating, body))

    @router.post("/games/{game_id}/ready", tags=["play"])
    def ready(seating: Caller, body: ReadyBody | None = None) -> dict[str, bool]:
        """The seat is done with this turn: it closes once every asked seat is
        ready (a seat that gave no answer gets the rules' default)."""
        store.mark_ready(seating, body.turn if body is not None else None)
        return {"ready": True}

    @router.post("/games/{game_id}/messages", status_code=201, tags=["talk"])
    def post_message(body: MessageBody, seating: Caller) -> dict[str, bool]:
        """Table talk: it reaches exactly its audience and stays in their views
        (a line to the room: the characters in the seat's room as it is sent)."""
        store.post(seating, body.to, body.text)
        return {"sent": True}

    @router.get("/games/{game_id}/messages", tags=["talk"])
    def messages(seating: Caller) -> dict[str, Any]:
        doc, _ = store.document(seating)
        return {"talk": doc["talk"]}

    def turn_of(seating: Seating) -> dict[str, Any]:
        doc, _ = store.document(seating)
        return {"turn": doc["turn"]}

    @router.post("/games/{game_id}/close", tags=["game master"])
    def close(seating: Caller) -> dict[str, Any]:
        """Close the open turn now; silent seats get the rules' default."""
        store.close(seating)
        return turn_of(seating)

    @router.post("/games/{game_id}/pause", tags=["game master"])
    def pause(seating: Caller) -> dict[str, Any]:
        """Stop the clock: no deadline falls until the game is resumed."""
        store.pause(seating, True)
        return turn_of(seating)

    @router.post("/games/{game_id}/resume", tags=["game master"])
    def resume(seating: Caller) -> dict[str, Any]:
        """Start the clock again with the time that was left."""
        store.pause(seating, False)
        return turn_of(seating)

    @router.put("/games/{game_id}/deadline", tags=["game master"])
    def deadline(body: DeadlineBody, seating: Caller) -> dict[str, Any]:
        """Set the open turn's deadline (`deadline`), push it back (`extend`),
        or change the rule for every turn (`rule`; null: no deadlines)."""
        given = body.model_fields_set
        if len(given) != 1:
            raise ApiError(422, "deadline/invalid", msg("server.error.deadline-body"))
        if "deadline" in given:
            store.set_deadline(seating, moment=_moment(body.deadline))
        elif "extend" in given:
            try:
                span = parse_duration(body.extend or "")
            except BadDeadline:
                raise errors.bad_deadline(body.extend or "") from None
            store.set_deadline(seating, extend=span)
        else:
            store.set_deadline(seating, rule=body.rule, set_rule=True)
        return turn_of(seating)

    @router.get("/games/{game_id}/save", tags=["game master"])
    def save(seating: Caller) -> JSONResponse:
        """The saved game (the game master's at any time; a seat's once the
        game is over), with the fair-dice seed once it is over:
        `referee verify` checks every roll."""
        data = store.save(seating)
        return JSONResponse(data, headers={
            "Content-Disposition": f'attachment; filename="{seating.game}.json"'})

    @router.get("/games/{game_id}/events", tags=["play"],
                response_class=StreamingResponse)
    async def events(seating: Caller) -> StreamingResponse:
        """Server-sent events: the token's document (as `view` returns it)
        each time what this token may read changes, and only then."""
        return StreamingResponse(stream(store, notifier, settings, seating),
                                 media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache",
                                          "X-Accel-Buffering": "no"})

    return router


async def stream(store: Store, notifier: Notifier, settings: Settings,
                 seating: Seating) -> Any:
    last = None
    with notifier.subscribe(seating.game) as wake:
        while True:
            wake.clear()
            doc, version = await run_in_threadpool(store.document, seating)
            if version != last:
                last = version
                data = json.dumps({**doc, "version": version}, ensure_ascii=False)
                yield f"id: {version}\nevent: view\ndata: {data}\n\n"
            try:
                await asyncio.wait_for(wake.wait(), timeout=settings.heartbeat)
            except TimeoutError:
                yield ": keep-alive\n\n"


def _moment(text: str | None) -> datetime:
    try:
        moment = datetime.fromisoformat((text or "").replace("Z", "+00:00"))
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise ApiError(422, "deadline/invalid", msg("server.error.deadline-moment",
                                                           text=text or ""))
    return moment

