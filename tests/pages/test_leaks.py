"""The leak test over the pages: two servers host the same Facility game
(same ids, tokens, seed and clock); in one, Vera gives orders and talks to
the game master, in the other she does something else. Gleb's page — its
HTML after every step, and every event of its live stream — is byte for
byte the same in both."""

from __future__ import annotations

import contextlib
import difflib
import re
import threading
import time
import tomllib
from pathlib import Path
from typing import Any

import httpx
import pytest

from referee.core.ruleset import find_ruleset
from tests.server.conftest import Api
from tests.server.test_leaks import SEATS, VERA, twin_servers


class PageStream:
    """A seat page's event stream, read in a thread with the page's cookie."""

    def __init__(self, client: httpx.Client, path: str) -> None:
        self.events: list[str] = []
        self.ids: list[str] = []
        self.client = client
        self.path = path
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with contextlib.suppress(httpx.HTTPError), \
                self.client.stream("GET", self.path, timeout=httpx.Timeout(30, read=None)) \
                as response:
            for line in response.iter_lines():
                if line.startswith("id: "):
                    self.ids.append(line[4:])
                if line.startswith("data: "):
                    self.events.append(line)

    def close(self) -> None:
        """Stop reading (the stream's connection is closed under the thread)."""
        self.client.close()
        self.thread.join(timeout=5)

    def caught_up(self, version: str) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.ids and self.ids[-1] == version and len(self.events) == len(self.ids):
                return
            time.sleep(0.01)
        raise AssertionError("the page's stream did not send the new version")


def gleb_reads(api: Api, vera: tuple[Any, Any, str, str]) -> tuple[list[str], PageStream]:
    """Play the script on ``api``; Gleb's page after each step, and his stream."""
    first, replacement, to_master, from_master = vera
    game = api.create(ruleset="facility", seats=SEATS, turn_deadline="PT24H")
    token = {name: game["seats"][name]["token"] for name in SEATS}
    master = game["master"]["token"]
    path = f"/api/games/{game['id']}"
    gleb = httpx.Client(base_url=api.base, timeout=30)
    landed = gleb.get(game["seats"]["gleb"]["link"])
    page_path = landed.headers["location"]
    stream = PageStream(gleb, page_path + "/events")
    pages: list[str] = []

    def look() -> None:
        response = gleb.get(page_path)
        pages.append(f"{response.status_code} {response.text}")
        stream.caught_up(api.view(game, token["gleb"])["version"])

    look()
    steps: list[tuple[str, str, str, dict[str, Any]]] = [
        ("anna", "POST", "answer", {"json": {"answer": {"move": {"to": 3}}}}),
        ("vera", "POST", "answer", {"json": {"answer": first}}),
        ("vera", "POST", "answer", {"json": {"answer": replacement}}),
        ("vera", "POST", "messages", {"json": {"to": "master", "text": to_master}}),
        ("master", "POST", "messages", {"json": {"to": ["vera"], "text": from_master}}),
        ("master", "POST", "messages", {"json": {"to": ["gleb"], "text": "A draught"}}),
        ("boris", "POST", "messages", {"json": {"to": "everyone", "text": "Hello"}}),
        ("vera", "POST", "ready", {}),
        ("master", "POST", "close", {}),
    ]
    for who, method, route, body in steps:
        caller = master if who == "master" else token[who]
        assert api.call(method, f"{path}/{route}", caller, **body).status_code < 300
        look()
    for route in ("save", "events"):
        response = gleb.get(f"/play/{game['id']}/vera/{route}")
        pages.append(f"{route} {response.status_code} {response.text}")
    return pages, stream


def test_what_gleb_may_not_know_never_reaches_his_page(
        tmp_path: Path, request: pytest.FixtureRequest) -> None:
    with twin_servers("sqlite", tmp_path,
                      lambda: str(request.getfixturevalue("postgres_admin"))) as apis:
        results = [gleb_reads(api, vera) for api, vera in zip(apis, VERA, strict=True)]
    (one, stream_one), (two, stream_two) = results
    for stream in (stream_one, stream_two):
        stream.close()
    assert len(one) == len(two) > 10
    for mine, theirs in zip(one, two, strict=True):
        assert mine == theirs
    assert stream_one.events == stream_two.events
    assert len(stream_one.events) >= 5
    everything = "".join(one) + "".join(stream_one.events)
    assert "sample" not in everything and "zz-unknown" not in everything
    assert "I hide the sample case" not in everything and "A draught" in everything
    example = find_ruleset("facility").examples()[0].read_text(encoding="utf-8")
    aims = [entry["aim"][lang] for entry in tomllib.loads(example)["characters"].values()
            if "aim" in entry for lang in ("en", "ru")]
    assert aims and not any(aim in everything for aim in aims)  # Anna's and Boris's own
    assert "The scenario gives your character no aim" in everything  # Gleb's objectives


def test_the_same_script_shows_differently_on_veras_page(
        tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """The control: Vera's own page does differ between the two games."""
    with twin_servers("sqlite", tmp_path,
                      lambda: str(request.getfixturevalue("postgres_admin"))) as apis:
        pages = []
        for api, vera in zip(apis, VERA, strict=True):
            game = api.create(ruleset="facility", seats=SEATS)
            api.answer(game, game["seats"]["vera"]["token"], vera[0])
            with httpx.Client(base_url=api.base, timeout=30, follow_redirects=True) as her:
                pages.append(her.get(game["seats"]["vera"]["link"]).text)
    assert pages[0] != pages[1]


def same_base(text: str, api: Api) -> str:
    """The desk as it would read on one address: the seats' links name the
    server, and each part's version is a digest of its text."""
    text = text.replace(api.base, "BASE")
    return re.sub(r'(data-v="|"v": ")[0-9a-f]{16}"', r'\1…"', text)


def test_the_desk_shows_who_answered_never_what(
        tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Before the turn closes, the game master's desk and its stream read the
    same whatever Vera answered; once it closes, they differ."""
    with twin_servers("sqlite", tmp_path,
                      lambda: str(request.getfixturevalue("postgres_admin"))) as apis:
        desks: list[list[str]] = []
        streams = []
        for api, vera in zip(apis, VERA, strict=True):
            game = api.create(ruleset="facility", seats=SEATS, turn_deadline="PT24H")
            master = httpx.Client(base_url=api.base, timeout=30)
            desk = master.get(game["master"]["link"]).headers["location"]
            stream = PageStream(master, desk + "/events")
            seen = [same_base(master.get(desk).text, api)]
            stream.caught_up(api.view(game, game["master"]["token"])["version"])
            for answer in vera[:2]:
                api.answer(game, game["seats"]["vera"]["token"], answer)
                seen.append(same_base(master.get(desk).text, api))
                stream.caught_up(api.view(game, game["master"]["token"])["version"])
            streams.append([same_base(event, api) for event in stream.events])
            assert api.call("POST", f"/api/games/{game['id']}/close",
                            game["master"]["token"]).status_code == 200
            seen.append(same_base(master.get(desk).text, api))
            stream.close()
            desks.append(seen)
    one, two = desks
    for index, (mine, theirs) in enumerate(zip(one[:-1], two[:-1], strict=True)):
        assert mine == theirs, "\n".join(difflib.unified_diff(
            mine.splitlines(), theirs.splitlines(), f"one {index}", f"two {index}", n=1))
    assert streams[0] == streams[1]
    assert one[0] != one[1]  # Vera's answer is seen to be in
    assert one[-1] != two[-1]  # and read once the turn is closed
