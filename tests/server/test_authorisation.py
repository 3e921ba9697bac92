"""Every route against every kind of caller: the game master, the seat
itself, another seat of the same game, a seat of another game, no token.

No route takes a seat's name, so a seat's token can only ever act for and
read its own seat; whatever another seat of the game gets back never holds
the first seat's secret answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.conftest import Api

SECRET = "zz-secret-order"
ANNA_ORDERS = {"move": {"to": 3}, SECRET: {"to": 1}}
"""Anna's secret answer: an order no rule knows, so it comes back to Anna
alone, as a void part of her answer."""

CALLERS = ("master", "own-seat", "other-seat", "other-game", "no-token")

ROUTES: dict[str, tuple[str, str, Any]] = {
    "view": ("GET", "view", None),
    "answer": ("POST", "answer", {"answer": {"move": {"to": 1}}}),
    "ready": ("POST", "ready", None),
    "post-message": ("POST", "messages", {"to": "everyone", "text": "hello"}),
    "read-messages": ("GET", "messages", None),
    "close": ("POST", "close", None),
    "pause": ("POST", "pause", None),
    "resume": ("POST", "resume", None),
    "deadline": ("PUT", "deadline", {"extend": "PT1H"}),
    "save": ("GET", "save", None),
    "events": ("GET", "events", None),
}

SEAT = {"view": 200, "answer": 200, "ready": 200, "post-message": 201, "read-messages": 200,
        "close": 403, "pause": 403, "resume": 403, "deadline": 403, "save": 403, "events": 200}
MASTER = {"view": 200, "answer": 403, "ready": 403, "post-message": 201, "read-messages": 200,
          "close": 200, "pause": 200, "resume": 200, "deadline": 200, "save": 200,
          "events": 200}
EXPECTED: dict[str, Callable[[str], int]] = {
    "master": MASTER.__getitem__,
    "own-seat": SEAT.__getitem__,
    "other-seat": SEAT.__getitem__,
    "other-game": lambda route: 404,
    "no-token": lambda route: 401,
}
CODES = {401: "auth/no-token", 404: "game/not-found"}


def call(api: Api, game: dict[str, Any], route: str, token: str | None) -> tuple[int, str]:
    """The status and body a caller gets (an event stream's first event)."""
    method, tail, body = ROUTES[route]
    path = f"/api/games/{game['id']}/{tail}"
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    if route == "events":
        with api.client.stream(method, path, headers=headers, timeout=10) as response:
            if response.status_code != 200:
                response.read()
                return response.status_code, response.text
            for line in response.iter_lines():
                if line.startswith("data: "):
                    return 200, line[len("data: "):]
        raise AssertionError("the stream ended without an event")
    response = api.call(method, path, token, json=body) if body is not None \
        else api.call(method, path, token)
    return response.status_code, response.text


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("route", list(ROUTES))
def test_the_authorisation_matrix(api: Api, route: str, caller: str) -> None:
    seats = {"anna": "person", "boris": "person", "gleb": "person", "vera": "person"}
    game = api.create(ruleset="facility", seats=seats, turn_deadline="PT24H")
    elsewhere = api.create(ruleset="facility", seats=seats)
    assert api.answer(game, game["seats"]["anna"]["token"], ANNA_ORDERS).status_code == 200
    if route == "resume":
        api.call("POST", f"/api/games/{game['id']}/pause", game["master"]["token"])
    token = {"master": game["master"]["token"], "own-seat": game["seats"]["anna"]["token"],
             "other-seat": game["seats"]["boris"]["token"],
             "other-game": elsewhere["seats"]["anna"]["token"], "no-token": None}[caller]
    status, text = call(api, game, route, token)
    assert status == EXPECTED[caller](route), text
    body = json.loads(text)
    if status in CODES:
        assert body["code"] == CODES[status]
        assert game["id"] not in text and "anna" not in text
    if caller in ("other-seat", "other-game", "no-token"):
        assert SECRET not in text
    if caller == "master" and route in ("view", "events", "save"):
        assert SECRET in text
    if route in ("view", "events") and status == 200:
        shown = {"master": {"role": "master"}, "own-seat": {"role": "seat", "seat": "anna"},
                 "other-seat": {"role": "seat", "seat": "boris"}}[caller]
        assert body["you"] == shown
    if caller == "other-seat" and route == "answer":
        saved = api.call("GET", f"/api/games/{game['id']}/save",
                         game["master"]["token"]).json()
        assert saved["inputs"][-1]["seat"] == "boris"
        anna = api.view(game, game["seats"]["anna"]["token"])
        assert anna["view"]["waiting"]["your_answer"] == ANNA_ORDERS
