"""Who may open which page, and which forms may act: a link trades its token
for a cookie scoped to its own page; no page holds a token of another seat
(nor its own); a form needs the CSRF token of its page's cookie and must
come from this server. Plain HTTP clients, against the real server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.pages.conftest import Served

SEATS = {"anna": "person", "boris": "person"}


@pytest.fixture
def game(served: Served) -> dict[str, Any]:
    return served.api.create(ruleset="facility", seats=SEATS)


@pytest.fixture
def browser_like(served: Served) -> Iterator[httpx.Client]:
    """A client keeping cookies as a browser does, following no redirect by itself."""
    with httpx.Client(base_url=served.base, timeout=30) as client:
        yield client


def opened(client: httpx.Client, link: str) -> httpx.Response:
    """Open a link as a browser does: the redirect, then the page."""
    first = client.get(link)
    assert first.status_code == 303, first.text
    return client.get(first.headers["location"])


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def every_token(game: dict[str, Any]) -> list[str]:
    return [game["master"]["token"]] + [seat["token"] for seat in game["seats"].values()]


def test_a_link_sets_a_cookie_for_its_own_page_and_opens_it(
        game: dict[str, Any], browser_like: httpx.Client, served: Served) -> None:
    link = game["seats"]["anna"]["link"]
    assert link.startswith("/") and game["master"]["link"].startswith("/")
    response = browser_like.get(link)
    assert response.status_code == 303
    place = response.headers["location"]
    assert place == f"/play/{game['id']}/anna"
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert f"path={place.lower()}" in cookie
    page = browser_like.get(place)
    assert page.status_code == 200
    assert "Anna" in page.text
    with httpx.Client(base_url=served.base, timeout=30) as other_device:
        assert opened(other_device, link).status_code == 200


def test_no_page_holds_a_token(game: dict[str, Any], browser_like: httpx.Client) -> None:
    page = opened(browser_like, game["seats"]["anna"]["link"]).text
    for token in every_token(game):
        assert token not in page
    desk = opened(browser_like, game["master"]["link"]).text
    assert game["master"]["token"] not in desk
    assert game["seats"]["anna"]["link"] in desk  # the desk hands out the seats' links


def test_a_page_opens_with_its_own_cookie_only(
        game: dict[str, Any], served: Served, browser_like: httpx.Client) -> None:
    other_game = served.api.create(ruleset="facility", seats=SEATS)
    opened(browser_like, game["seats"]["anna"]["link"])
    opened(browser_like, other_game["seats"]["boris"]["link"])
    opened(browser_like, game["master"]["link"])
    gid = game["id"]
    assert browser_like.get(f"/play/{gid}/anna").status_code == 200
    for path in (f"/play/{gid}/boris", f"/play/{gid}/gleb", "/play/nosuchgame/anna",
                 f"/play/{gid}/boris/events", f"/play/{gid}/boris/save"):
        response = browser_like.get(path)
        assert response.status_code == 404, path
        assert "link" in response.text
    with httpx.Client(base_url=served.base, timeout=30) as stranger:
        assert stranger.get(f"/play/{gid}/anna").status_code == 404
        assert stranger.get(f"/desk/{gid}").status_code == 404
        assert stranger.get("/join?key=not-a-token").status_code == 404
        opened(stranger, game["seats"]["boris"]["link"])
        assert stranger.get(f"/desk/{gid}").status_code == 404


def talk(client: httpx.Client, game: dict[str, Any], seat: str, form: dict[str, str],
         **headers: str) -> httpx.Response:
    return client.post(f"/play/{game['id']}/{seat}/talk", data=form, headers=headers)


def talk_lines(served: Served, game: dict[str, Any]) -> list[Any]:
    return list(served.api.view(game, game["master"]["token"])["talk"])


def test_a_form_acts_only_with_its_pages_csrf_token_from_this_server(
        game: dict[str, Any], served: Served, browser_like: httpx.Client) -> None:
    anna = csrf_of(opened(browser_like, game["seats"]["anna"]["link"]).text)
    with httpx.Client(base_url=served.base, timeout=30) as boris_device:
        boris = csrf_of(opened(boris_device, game["seats"]["boris"]["link"]).text)
    assert anna != boris
    text = {"to": "master", "text": "I hide the sample"}
    refused = [
        talk(browser_like, game, "anna", text),
        talk(browser_like, game, "anna", {**text, "csrf": boris}),
        talk(browser_like, game, "anna", {**text, "csrf": anna}, origin="http://evil.example"),
        talk(browser_like, game, "anna", {**text, "csrf": anna}, origin="null"),
        talk(browser_like, game, "anna", {**text, "csrf": anna},
             **{"sec-fetch-site": "cross-site"}),
    ]
    assert [r.status_code for r in refused] == [403] * len(refused)
    assert talk_lines(served, game) == []
    own = served.base.split("://", 1)[1]
    taken = talk(browser_like, game, "anna", {**text, "csrf": anna},
                 origin=f"http://{own}", **{"sec-fetch-site": "same-origin"})
    assert taken.status_code == 303
    assert [line["text"] for line in talk_lines(served, game)] == ["I hide the sample"]


def test_the_api_still_takes_json_alone(served: Served) -> None:
    response = httpx.post(f"{served.base}/api/games", data={"ruleset": "facility"})
    assert response.status_code == 415


def test_the_create_page_shows_each_problem_beside_its_field(
        served: Served, browser_like: httpx.Client) -> None:
    form = browser_like.get("/new")
    csrf = csrf_of(form.text)
    bad = browser_like.post("/new", data={
        "csrf": csrf, "step": "1", "ruleset": "facility", "example": "research_wing",
        "scenario_text": 'ruleset = "facility"\nname = 5\n[[rooms]]\nnumber = "x"\n'})
    assert bad.status_code == 422
    beside = re.search(r'id="problems-scenario"[^>]*>(.*?)</ul>', bad.text, re.S)
    assert beside is not None and beside.group(1).count("<li>") >= 2
    step_two = browser_like.post("/new", data={
        "csrf": csrf, "step": "1", "ruleset": "facility", "example": "research_wing"})
    assert step_two.status_code == 200 and 'name="seat:anna"' in step_two.text
    assert '<option value="rules">' in step_two.text  # the bots Facility offers
    wrong = browser_like.post("/new", data={
        "csrf": csrf, "step": "2", "ruleset": "facility", "example": "research_wing",
        "seat:anna": "person", "deadline": "tomorrow-ish", "webhook": "ftp://chat"})
    assert wrong.status_code == 422
    assert 'id="problems-deadline"' in wrong.text and 'id="problems-webhook"' in wrong.text
    assert "tomorrow-ish" in wrong.text
    made = browser_like.post("/new", data={
        "csrf": csrf, "step": "2", "ruleset": "facility", "example": "research_wing",
        "seat:anna": "person", "seat:boris": "random", "seat:gleb": "rules",
        "deadline": "PT24H"})
    assert made.status_code == 303 and made.headers["location"].startswith("/desk/")
    desk = browser_like.get(made.headers["location"])
    assert desk.status_code == 200
    assert desk.text.count("/join?key=") == 1  # anna's link; the others are bots
    forged = browser_like.post("/new", data={"csrf": "0" * 32, "step": "1",
                                             "ruleset": "facility"})
    assert forged.status_code == 403


def test_pages_speak_the_seats_language_and_switch(
        served: Served, browser_like: httpx.Client) -> None:
    game = served.api.create(ruleset="night_watch",
                             seats={"night": {"player": "person", "lang": "ru"}})
    page = opened(browser_like, game["seats"]["night"]["link"])
    assert '<html lang="ru">' in page.text and "Ночной Дозор" in page.text
    switched = browser_like.get(f"/play/{game['id']}/night?lang=en")
    assert switched.status_code == 303
    assert '<html lang="en">' in browser_like.get(f"/play/{game['id']}/night").text
    assert '<html lang="en">' in browser_like.get("/").text
