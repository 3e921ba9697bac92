"""The limits of a request's body over HTTP (``referee.core.limits``): too
deep a nesting, too long a list or text, a number not finite or too long,
text that is not Unicode, in an answer, any other body and an uploaded
scenario; each refused with ``request/limit``, a message naming the place
and the limit in the token's language, and the game unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee.core.ruleset import find_ruleset
from tests.server.conftest import Api

SEATS = {"anna": "person", "boris": "person", "gleb": "person",
         "vera": {"player": "person", "lang": "ru"}}
JSON = {"Content-Type": "application/json"}


def nested(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


def post(api: Api, game: dict[str, Any], route: str, seat: str | None, body: str,
         **headers: str) -> tuple[int, dict[str, Any]]:
    token = game["master"]["token"] if seat is None else game["seats"][seat]["token"]
    response = api.call("POST", f"/api/games/{game['id']}/{route}", token,
                        content=body.encode(), headers={**JSON, **headers})
    return response.status_code, dict(response.json())


def version(api: Api, game: dict[str, Any]) -> str:
    return str(api.view(game, game["master"]["token"])["version"])


ANSWERS = [
    # (the answer's JSON, words the English message holds)
    (json.dumps({"answer": nested(13)}), ["answer[0]", "13 levels"]),
    ("[" * 100_000 + "]" * 100_000, ["13 levels"]),
    (json.dumps({"answer": {"take": [{"item": "keycard"}] * 1001}}),
     ["answer.take", "1001 entries", "at most 1000"]),
    (json.dumps({"answer": {"move": {"to": "x" * 10_001}}}),
     ["answer.move.to", "10001 characters", "at most 10000"]),
    ('{"answer": {"move": {"to": NaN}}}', ["answer.move.to", "finite", "nan"]),
    ('{"answer": {"move": {"to": 1e400}}}', ["answer.move.to", "finite", "inf"]),
    ('{"answer": {"move": {"to": ' + "9" * 30 + "}}}", ["30 digits", "at most 20"]),
    ('{"answer": {"move": {"to": "\\ud800"}}}', ["answer.move.to", "Unicode"]),
]


@pytest.mark.parametrize(("body", "words"), ANSWERS)
def test_an_answer_past_a_limit_is_refused_naming_it_and_changes_nothing(
        api: Api, body: str, words: list[str]) -> None:
    game = api.create(ruleset="facility", seats=SEATS)
    before = version(api, game)
    status, reply = post(api, game, "answer", "anna", body)
    assert status == 422 and reply["code"] == "request/limit", reply
    for word in words:
        assert word in reply["message"], reply["message"]
    assert version(api, game) == before
    status, russian = post(api, game, "answer", "vera", body)
    assert status == 422 and russian["code"] == "request/limit"
    assert russian["message"].startswith("Запрос выходит за предел")
    assert version(api, game) == before


def test_the_token_is_checked_before_the_limits(api: Api) -> None:
    game = api.create(ruleset="facility", seats=SEATS)
    for route in ("answer", "messages"):
        body = json.dumps({"answer": nested(20), "to": "everyone", "text": "x"})
        response = api.call("POST", f"/api/games/{game['id']}/{route}", content=body,
                            headers=JSON)
        assert response.status_code == 401 and response.json()["code"] == "auth/no-token"


def test_every_other_body_is_held_to_the_limits_in_the_tokens_language(api: Api) -> None:
    game = api.create(ruleset="facility", seats=SEATS)
    before = version(api, game)
    status, reply = post(api, game, "messages", "vera",
                         json.dumps({"to": "everyone", "text": "слово " * 2000}))
    assert status == 422 and reply["code"] == "request/limit"
    assert "text" in reply["message"] and "10000" in reply["message"]
    assert reply["message"].startswith("Запрос выходит за предел")
    assert reply["problems"][0]["field"] == "text"
    status, reply = post(api, game, "messages", None,
                         json.dumps({"to": ["anna"] * 1001, "text": "hello"}))
    assert status == 422 and "1001 entries" in reply["message"]
    response = api.call("PUT", f"/api/games/{game['id']}/deadline", game["master"]["token"],
                        content=json.dumps({"extend": nested(14)}), headers=JSON)
    assert response.status_code == 422 and response.json()["code"] == "request/limit"
    assert version(api, game) == before
    for lang, start in (("en", "The request goes past a limit"),
                        ("ru", "Запрос выходит за предел")):
        response = api.call("POST", "/api/games", content=json.dumps(
            {"ruleset": "facility", "lang": lang, "seats": {"anna": "x" * 10_001}}),
            headers=JSON)
        assert response.status_code == 422 and response.json()["code"] == "request/limit"
        assert response.json()["message"].startswith(start)
        assert response.json()["problems"][0]["field"] == "seats.anna"


def test_an_uploaded_scenario_is_held_to_the_scenario_limits(api: Api) -> None:
    example = find_ruleset("facility").examples()[0].read_text(encoding="utf-8")
    long_name = f'notes = "{"x" * 10_001}"\n' + example
    deep = "notes = " + "[" * 5000 + "]" * 5000 + "\n" + example
    table_deep = {"ruleset": "facility", "notes": nested(14)}
    for scenario, words in ((long_name, ["scenario.notes:", "10001", "10000"]),
                            (deep, ["scenario", "13"]),
                            (table_deep, ["scenario.notes", "13"])):
        response = api.call("POST", "/api/games", json={
            "ruleset": "facility", "scenario": scenario, "lang": "ru"})
        body = response.json()
        assert response.status_code == 422 and body["code"] == "request/limit", body
        assert body["message"].startswith("Запрос выходит за предел")
        for word in words:
            assert word in body["message"], body["message"]
    fits = api.call("POST", "/api/games", json={"ruleset": "facility", "scenario": example})
    assert fits.status_code == 201
