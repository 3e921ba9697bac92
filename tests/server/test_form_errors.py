"""A request that does not fit its form (a field missing, of the wrong kind,
not offered, a body that is not JSON) is refused with `request/invalid`,
each problem with its field, a stable code and a message naming the field,
in the token's language (English and Russian)."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Api

SEATS = {"anna": "person", "boris": "person", "gleb": "person",
         "vera": {"player": "person", "lang": "ru"}}
JSON = {"Content-Type": "application/json"}


def refused(api: Api, method: str, path: str, body: bytes, token: str | None = None,
            **headers: str) -> dict[str, Any]:
    response = api.call(method, path, token, content=body, headers={**JSON, **headers})
    assert response.status_code == 422, response.text
    reply = dict(response.json())
    assert reply["code"] == "request/invalid"
    return reply


def problems(reply: dict[str, Any]) -> list[tuple[str | None, str]]:
    return [(p["field"], p["code"]) for p in reply["problems"]]


def test_a_new_game_that_does_not_fit_says_each_field_in_the_language_it_asks_for(
        api: Api) -> None:
    body = (b'{"lang": "ru", "seats": {"anna": 3, "boris": {"player": "person", "x": 1}},'
            b' "turn_deadline": 5, "colour": "red"}')
    reply = refused(api, "POST", "/api/games", body)
    assert problems(reply) == [
        ("ruleset", "field/missing"), ("seats.anna", "field/type"),
        ("seats.boris.x", "field/unknown"), ("turn_deadline", "field/type"),
        ("colour", "field/unknown")]
    messages = [p["message"] for p in reply["problems"]]
    assert messages[0] == "ruleset: нет значения; это поле обязательно"
    assert messages[1] == "seats.anna: ожидается текст или таблица (объект JSON), а не 3"
    assert messages[2] == "seats.boris.x: такого поля здесь нет"
    assert reply["message"].startswith("Запрос не подходит под форму: ruleset: нет значения")
    english = refused(api, "POST", "/api/games", body.replace(b'"ru"', b'"en"'))
    assert english["problems"][1]["message"] == \
        "seats.anna: expected text or a table (a JSON object), got 3"
    lang = refused(api, "POST", "/api/games", b'{"ruleset": "facility", "lang": "de"}',
                   **{"Accept-Language": "ru"})
    assert problems(lang) == [("lang", "field/choice")]
    assert lang["problems"][0]["message"] == 'lang: ожидается `en` или `ru`, а не "de"'
    lang = refused(api, "POST", "/api/games", b'{"ruleset": "facility", "lang": "de"}')
    assert lang["problems"][0]["message"] == 'lang: expected `en` or `ru`, got "de"'


def test_an_answer_or_a_message_that_does_not_fit_is_told_in_the_tokens_language(
        api: Api) -> None:
    game = api.create(ruleset="facility", seats=SEATS)
    for seat, words in (("anna", ("turn: expected a whole number, got \"x\"",
                                  "more: no such field here")),
                        ("vera", ("turn: ожидается целое число, а не \"x\"",
                                  "more: такого поля здесь нет"))):
        token = game["seats"][seat]["token"]
        reply = refused(api, "POST", f"/api/games/{game['id']}/answer",
                        b'{"answer": {}, "turn": "x", "more": 1}', token)
        assert problems(reply) == [("turn", "field/type"), ("more", "field/unknown")]
        assert [p["message"] for p in reply["problems"]] == list(words)
        talk = refused(api, "POST", f"/api/games/{game['id']}/messages", b'{"to": 3}', token)
        assert problems(talk) == [("to", "field/type"), ("text", "field/missing")]
    vera = game["seats"]["vera"]["token"]
    broken = refused(api, "POST", f"/api/games/{game['id']}/answer", b'{"answer": ', vera)
    assert problems(broken) == [(None, "field/not-json")]
    assert broken["problems"][0]["message"] == "тело запроса — не JSON (у знака 11)"
    empty = refused(api, "POST", f"/api/games/{game['id']}/answer", b"", vera)
    assert problems(empty) == [(None, "field/missing")]
    assert empty["problems"][0]["message"] == "запросу нужно тело в JSON"
