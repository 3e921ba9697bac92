"""The leak test over the API: two servers host the same game (same ids,
tokens and seed, the same clock); in one, Vera (in lab A) gives orders and
talks to the game master, in the other she does something else. Gleb, in
the office far from her, calls every route and watches his event stream in
both: everything his token receives is byte for byte the same. So too for
talk in a room: those outside it receive the same whatever is said there."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from referee.server.settings import Settings
from tests.server.conftest import (
    BACKENDS,
    START,
    Api,
    Clock,
    ThreadServer,
    fixed_entropy,
    lobby_with_vera,
)
from tests.server.conftest import fresh_database as database

SEATS = {"anna": "person", "boris": "person", "gleb": "person", "vera": "person"}
VERA = [
    # (her first orders, her replacement, what she tells the game master, what it tells her)
    ({"take": [{"item": "sample"}]}, {"take": [{"item": "sample", "place": "hands"}]},
     "I hide the sample case", "You hear a click"),
    ({"zz-unknown": {"to": 2}}, {}, "Nothing to report", "Quiet here"),
]


class Stream:
    """An event stream read in a thread: every event's data, in order."""

    def __init__(self, base: str, path: str, token: str) -> None:
        self.events: list[str] = []
        self.seen = 0
        self.client = httpx.Client(base_url=base, timeout=httpx.Timeout(30, read=None))
        self.headers = {"Authorization": f"Bearer {token}"}
        self.path = path
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with contextlib.suppress(httpx.HTTPError), \
                self.client.stream("GET", self.path, headers=self.headers) as response:
            for line in response.iter_lines():
                if self.stop.is_set():
                    return
                if line.startswith("data: "):
                    self.events.append(line)

    def caught_up(self, version: str) -> None:
        """Wait until the last event is the document of ``version``."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.events and f'"version": "{version}"' in self.events[-1]:
                return
            time.sleep(0.01)
        raise AssertionError("the event stream did not send the new version")

    def next_event(self, timeout: float = 10) -> str:
        """The data of the event after those seen so far (waiting for it)."""
        seen = self.seen
        deadline = time.monotonic() + timeout
        while len(self.events) <= seen:
            if time.monotonic() > deadline:
                raise AssertionError("no new event")
            time.sleep(0.01)
        self.seen = seen + 1
        return self.events[seen][len("data: "):]

    def close(self) -> None:
        self.stop.set()
        self.client.close()


@contextlib.contextmanager
def twin_servers(backend: str, folder: Path, admin: Any) -> Iterator[list[Api]]:
    with database(backend, folder, admin) as one, database(backend, folder, admin) as two:
        servers = [ThreadServer(Settings(database_url=url, clock=Clock(START),
                                         entropy=fixed_entropy(7), background=False))
                   for url in (one, two)]
        apis = [server.__enter__() for server in servers]
        try:
            yield apis
        finally:
            for server in servers:
                server.__exit__()


def gleb_receives(api: Api, vera: tuple[Any, Any, str, str]) -> tuple[list[str], Stream]:
    """Play the script on ``api``; everything Gleb's token got back."""
    first, replacement, to_master, from_master = vera
    game = api.create(ruleset="facility", seats=SEATS, turn_deadline="PT24H")
    token = {name: game["seats"][name]["token"] for name in SEATS}
    master = game["master"]["token"]
    gleb = token["gleb"]
    path = f"/api/games/{game['id']}"
    stream = Stream(api.base, f"{path}/events", gleb)
    got: list[str] = []

    def as_gleb(method: str, route: str, **body: Any) -> None:
        response = api.call(method, f"{path}/{route}", gleb, **body)
        got.append(f"{route} {response.status_code} {response.text}")

    def look() -> None:
        response = api.call("GET", f"{path}/view", gleb)
        got.append(f"view {response.status_code} {response.text}")
        stream.caught_up(response.json()["version"])

    look()
    steps: list[tuple[str, str, str, dict[str, Any]]] = [
        ("anna", "POST", "answer", {"json": {"answer": {"move": {"to": 3}}}}),
        ("vera", "POST", "answer", {"json": {"answer": first}}),
        ("vera", "POST", "answer", {"json": {"answer": replacement}}),
        ("vera", "POST", "messages", {"json": {"to": "master", "text": to_master}}),
        ("master", "POST", "messages", {"json": {"to": ["vera"], "text": from_master}}),
        ("master", "POST", "messages", {"json": {"to": ["gleb"], "text": "A draught"}}),
        ("boris", "POST", "messages", {"json": {"to": "everyone", "text": "Hello"}}),
    ]
    for who, method, route, body in steps:
        caller = master if who == "master" else token[who]
        assert api.call(method, f"{path}/{route}", caller, **body).status_code < 300
        look()
    as_gleb("POST", "answer", json={"answer": 7})
    as_gleb("POST", "answer", json={"answer": {"take": [{"item": "folder"}]}})
    look()
    for route in ("close", "pause", "resume", "save"):
        as_gleb("POST" if route != "save" else "GET", route)
    as_gleb("PUT", "deadline", json={"extend": "PT1H"})
    as_gleb("POST", "messages", json={"to": "master", "text": "Where is everyone?"})
    as_gleb("GET", "messages")
    look()
    for who in ("anna", "boris", "vera", "gleb"):
        assert api.call("POST", f"{path}/ready", token[who]).status_code == 200
        look()
    assert api.call("POST", f"{path}/answer", token["vera"],
                    json={"answer": replacement}).status_code == 200
    look()
    assert api.call("POST", f"{path}/close", master).status_code == 200
    look()
    return got, stream


@pytest.mark.parametrize("backend", BACKENDS)
def test_what_gleb_may_not_know_never_reaches_his_token(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    with twin_servers(backend, tmp_path,
                      lambda: str(request.getfixturevalue("postgres_admin"))) as apis:
        results = [gleb_receives(api, vera) for api, vera in zip(apis, VERA, strict=True)]
    (one, stream_one), (two, stream_two) = results
    for stream in (stream_one, stream_two):
        stream.close()
    assert len(one) == len(two) > 20
    for mine, theirs in zip(one, two, strict=True):
        assert mine == theirs
    assert stream_one.events == stream_two.events
    assert len(stream_one.events) >= 8
    everything = "".join(one) + "".join(stream_one.events)
    assert "sample" not in everything and "zz-unknown" not in everything


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_same_script_reads_differently_to_vera(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """The control: the two games do differ, to the one who may know."""
    with twin_servers(backend, tmp_path,
                      lambda: str(request.getfixturevalue("postgres_admin"))) as apis:
        views = []
        for api, vera in zip(apis, VERA, strict=True):
            game = api.create(ruleset="facility", seats=SEATS)
            api.answer(game, game["seats"]["vera"]["token"], vera[0])
            views.append(api.view(game, game["seats"]["vera"]["token"]))
    assert views[0]["view"] != views[1]["view"]


ROOM_TALK = [("The sample is in lab A", "I will take it"), ("Nothing here", "Same")]
"""(what Anna says to the lobby, what Vera answers), one pair per server."""


def outsiders_receive(api: Api, lines: tuple[str, str]) -> tuple[list[str], list[Stream],
                                                                  list[str]]:
    """Anna and Vera talk in the lobby; everything Gleb (in the office) and
    Boris (in the corridor, reading the lobby's camera) receive, their
    streams, and what Vera reads."""
    game = api.create(ruleset="facility", scenario=lobby_with_vera(), seats=SEATS)
    token = {name: game["seats"][name]["token"] for name in SEATS}
    path = f"/api/games/{game['id']}"
    outsiders = ("gleb", "boris")
    streams = [Stream(api.base, f"{path}/events", token[name]) for name in outsiders]
    got: list[str] = []

    def look() -> None:
        for name, stream in zip(outsiders, streams, strict=True):
            for route in ("view", "messages"):
                response = api.call("GET", f"{path}/{route}", token[name])
                got.append(f"{name} {route} {response.status_code} {response.text}")
            stream.caught_up(api.view(game, token[name])["version"])

    look()
    for who, line in zip(("anna", "vera"), lines, strict=True):
        posted = api.call("POST", f"{path}/messages", token[who], json={"to": "room",
                                                                        "text": line})
        assert posted.status_code == 201
    look()
    assert api.call("POST", f"{path}/messages", game["master"]["token"],
                    json={"to": "everyone", "text": "Five minutes"}).status_code == 201
    look()
    vera = [api.call("GET", f"{path}/messages", token["vera"]).text]
    return got, streams, vera


@pytest.mark.rule("CHAT-VIS-1")
@pytest.mark.parametrize("backend", BACKENDS)
def test_talk_in_a_room_never_reaches_a_seat_outside_it(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    with twin_servers(backend, tmp_path,
                      lambda: str(request.getfixturevalue("postgres_admin"))) as apis:
        results = [outsiders_receive(api, lines)
                   for api, lines in zip(apis, ROOM_TALK, strict=True)]
    (one, streams_one, vera_one), (two, streams_two, vera_two) = results
    for stream in (*streams_one, *streams_two):
        stream.close()
    assert one == two and len(one) == 12
    for mine, theirs in zip(streams_one, streams_two, strict=True):
        assert mine.events == theirs.events
        assert len(mine.events) == 2  # the first document, then the line to everyone
    everything = "".join(one) + "".join(e for s in streams_one for e in s.events)
    assert "Five minutes" in everything
    assert not any(line in everything for pair in ROOM_TALK for line in pair)
    assert vera_one != vera_two and ROOM_TALK[0][0] in vera_one[0]  # the control
