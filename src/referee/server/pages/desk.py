"""The game master's desk: each seat's link, who has answered and who is
ready (never what: the answers of an open turn stay off the desk), each
seat's objectives and standing as that seat reads them (a Facility
character's secret aim among them: the game master may read it), the
deadline with pause, extend and close now, the full log, table talk, the
saved game and a replay step by step."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse

from referee.core.errors import RefereeError
from referee.core.events import REFEREE
from referee.core.i18n import Lang
from referee.core.ruleset import find_ruleset
from referee.server.deadlines import BadDeadline, parse_duration
from referee.server.errors import ApiError
from referee.server.notify import Notifier
from referee.server.pages import question, replay
from referee.server.pages.access import (
    KEY_COOKIE,
    check_form,
    csrf_token,
    page_lang,
    reader,
)
from referee.server.pages.links import desk_path, join_link
from referee.server.pages.play import live_parts, post_talk
from referee.server.pages.posted import first, read_form
from referee.server.pages.render import Words, page
from referee.server.pages.respond import (
    NO_STORE,
    back_to,
    html,
    is_part,
    message_of,
    refusal,
    switched_language,
)
from referee.server.pages.seat import (
    Objectives,
    Part,
    objectives_of,
    talk_lines,
    turn_heading,
)
from referee.server.settings import Settings
from referee.server.store import Seating, Store
from referee.server.tokens import seat_token

DESK = "/desk/{game}"
EXTENSIONS = ("PT1H", "PT6H", "P1D")


def router(store: Store, notifier: Notifier, settings: Settings) -> APIRouter:
    routes = APIRouter(include_in_schema=False)

    def words_for(request: Request, seating: Seating) -> Words:
        return Words(page_lang(request, seating.lang), store.seat_names(seating.game))

    @routes.get(DESK)
    def show(game: str, request: Request) -> Response:
        seating = reader(request, store, game, None)
        switched = switched_language(request)
        if switched is not None:
            return switched
        words = words_for(request, seating)
        doc, _ = store.document(seating)
        parts = desk_parts(store, request, seating, doc, words)
        ruleset = find_ruleset(str(doc["ruleset"]))
        return html(page("desk.html", w=words, title=words.text(ruleset.title),
                         parts=parts, path=desk_path(game), csrf=_csrf(request),
                         seats=list(doc["players"]), extensions=EXTENSIONS,
                         rule=doc["turn"].get("deadline_rule") or ""))

    async def act(request: Request, game: str, action: str) -> Response:
        seating = reader(request, store, game, None)
        form = await read_form(request)
        check_form(request, form, _csrf(request))
        lang = page_lang(request, seating.lang)
        words = Words(lang)
        try:
            if action == "talk":
                to = first(form, "to", "everyone")
                return await post_talk(store, request, seating, lang,
                                       to if to == "everyone" else [to], first(form, "text"),
                                       desk_path(game))
            done = _run(store, seating, action, form)
        except (ApiError, RefereeError, BadDeadline) as exc:
            status = exc.status if isinstance(exc, ApiError) else 422
            text = words("pages.desk.bad-duration") if isinstance(exc, BadDeadline) \
                else message_of(exc, lang)
            return refusal(request, status, text)
        if not is_part(request):
            return back_to(desk_path(game))
        return html(page("parts/message.html", message=words(done)))

    for action in ("close", "pause", "resume", "extend", "rule", "talk"):
        async def handler(game: str, request: Request, action: str = action) -> Response:
            return await act(request, game, action)

        routes.add_api_route(DESK + "/" + action, handler, methods=["POST"])

    @routes.get(DESK + "/save")
    def save(game: str, request: Request) -> Response:
        seating = reader(request, store, game, None)
        return JSONResponse(store.save(seating), headers={
            **NO_STORE, "Content-Disposition": f'attachment; filename="{game}.json"'})

    @routes.get(DESK + "/replay")
    def replay_page(game: str, request: Request, step: int = 0) -> Response:
        seating = reader(request, store, game, None)
        switched = switched_language(request)
        if switched is not None:
            return switched
        words = words_for(request, seating)
        at = replay.step(store.save(seating), step)
        view = at.game.view(REFEREE)
        log = [words.line(line) for line in view["log"]]
        new = log[len(log) - at.new_lines:] if at.new_lines else []
        board = question.board_html(at.game.ruleset, view, words.lang)
        context = {"w": words, "at": at, "log": log[:len(log) - len(new)], "new": new,
                   "board": board, "path": desk_path(game),
                   "what": _input_words(at.input, words),
                   "title": words.text(at.game.ruleset.title)}
        name = "parts/replay.html" if is_part(request) else "replay.html"
        return html(page(name, **context))

    @routes.get(DESK + "/events")
    def events(game: str, request: Request) -> StreamingResponse:
        seating = reader(request, store, game, None)
        words = words_for(request, seating)

        def parts(doc: dict[str, Any]) -> dict[str, Part]:
            return desk_parts(store, request, seating, doc, words)

        return live_parts(store, notifier, settings, seating, parts)

    return routes


def _csrf(request: Request) -> str:
    return csrf_token(request.cookies.get(KEY_COOKIE, ""))


def _run(store: Store, seating: Seating, action: str, form: dict[str, list[str]]) -> str:
    """Carry out a desk action; the catalogue key of what was done."""
    if action == "close":
        store.close(seating)
        return "pages.desk.closed"
    if action in ("pause", "resume"):
        store.pause(seating, action == "pause")
        return f"pages.desk.{action}d"
    if action == "extend":
        store.set_deadline(seating, extend=parse_duration(first(form, "by", "PT1H")))
        return "pages.desk.extended"
    rule = first(form, "rule")
    store.set_deadline(seating, rule=rule or None, set_rule=True)
    return "pages.desk.rule-set"


def desk_parts(store: Store, request: Request, seating: Seating, doc: dict[str, Any],
               words: Words) -> dict[str, Part]:
    """The desk's live parts: the turn and the seats, each seat's
    objectives, the log, the talk."""
    from markupsafe import Markup

    from referee.server.pages.render import digest

    def made(text: str) -> Part:
        return Part(digest(text), Markup(text))

    view = doc["view"]
    turn = doc["turn"]
    waiting = view.get("waiting") or {}
    answered = set(waiting.get("answered", [])) if turn.get("open") else set()
    seats = [{"seat": seat, "name": words.seat(seat), "player": player,
              "link": _link(store, request, seat) if player == "person" else None,
              "asked": seat in turn.get("asked", []), "answered": seat in answered,
              "ready": seat in turn.get("ready", [])}
             for seat, player in doc["players"].items()]
    status = page("parts/desk_status.html", w=words, turn=turn, seats=seats,
                  heading=turn_heading(view, int(turn["number"]), words),
                  outcome=view.get("outcome"), path=desk_path(seating.game),
                  csrf=_csrf(request), extensions=EXTENSIONS)
    aims = page("parts/desk_objectives.html", w=words, seats=[
        {"seat": seat, "name": words.seat(seat),
         "objectives": seat_objectives(store, seating, seat, words)}
        for seat in doc["players"]])
    log = page("parts/log.html", w=words, lines=[words.line(line) for line in view["log"]])
    talk = page("parts/talk.html", w=words, talk=talk_lines(doc, words))
    return {"status": made(status), "objectives": made(aims), "log": made(log),
            "talk": made(talk)}


def seat_objectives(store: Store, master: Seating, seat: str,
                    words: Words) -> Objectives | None:
    """``seat``'s objectives as its own view states them, read for the game
    master (who may read every seat's)."""
    if not master.is_master:
        return None
    doc, _ = store.document(Seating(master.game, seat, master.lang))
    return objectives_of(doc["view"], words)


def _link(store: Store, request: Request, seat: str) -> str | None:
    """The seat's link as a whole address, made again from the game master's
    token; None for a game whose seats' tokens were not made so."""
    master = request.cookies.get(KEY_COOKIE, "")
    token = seat_token(master, seat)
    found = store.known(token) or store.authenticate(token)
    if found is None or found.seat != seat:
        return None
    base = store.settings.public_url or str(request.base_url)
    return base.rstrip("/") + join_link(token)


def _input_words(item: Any, words: Words) -> str:
    """What one input of the game was, in words."""
    if not isinstance(item, dict):
        return words("pages.replay.start")
    import json

    if "seat" in item:
        return words("pages.replay.answer", seat=words.seat(str(item["seat"])),
                     answer=json.dumps(item.get("answer"), ensure_ascii=False))
    if "chance" in item:
        return words("pages.replay.chance", outcome=json.dumps(item.get("chance"),
                                                               ensure_ascii=False))
    return words("pages.replay.close")


def _lang(words: Words) -> Lang:
    return words.lang
