"""Table talk to the characters in one's room (Facility's room chat,
CHAT-VIS-1): it reaches those in the speaker's room as it is sent, and the
game master; a game without rooms refuses it in the token's language."""

from __future__ import annotations

from typing import Any

import pytest

from referee.server.database import make_engine, upgrade
from referee.server.settings import Settings
from referee.server.store import Seating, Store
from tests.server.conftest import Api, lobby_with_vera

SEATS = dict.fromkeys(("anna", "boris", "gleb", "vera"), "person")


def talk_of(api: Api, game: dict[str, Any], token: str) -> list[tuple[str, Any, str]]:
    talk = api.view(game, token)["talk"]
    return [(line["from"], line["to"], line["text"]) for line in talk]


def post(api: Api, game: dict[str, Any], token: str, to: Any, text: str) -> Any:
    return api.call("POST", f"/api/games/{game['id']}/messages", token,
                    json={"to": to, "text": text})


@pytest.mark.rule("CHAT-VIS-1")
def test_a_line_to_the_room_reaches_those_in_the_room_when_it_is_sent(api: Api) -> None:
    game = api.create(ruleset="facility", scenario=lobby_with_vera(), seats=SEATS)
    token = {name: game["seats"][name]["token"] for name in SEATS}
    master = game["master"]["token"]
    assert post(api, game, token["anna"], "room", "Vera, the keycard").status_code == 201
    answered = api.answer(game, token["anna"], {"move": {"to": 3}})
    assert answered.status_code == 200, answered.text
    assert api.call("POST", f"/api/games/{game['id']}/close", master).status_code == 200
    assert api.view(game, token["anna"])["view"]["state"]["character"]["room"] == 3
    assert post(api, game, token["anna"], "room", "Boris, it is me").status_code == 201
    assert post(api, game, token["vera"], "room", "Alone now").status_code == 201

    first, second = ("anna", "room", "Vera, the keycard"), ("anna", "room", "Boris, it is me")
    assert talk_of(api, game, token["anna"]) == [first, second]
    assert talk_of(api, game, token["vera"]) == [first, ("vera", "room", "Alone now")]
    assert talk_of(api, game, token["boris"]) == [second]
    assert talk_of(api, game, token["gleb"]) == []
    messages = api.call("GET", f"/api/games/{game['id']}/messages", token["gleb"])
    assert messages.status_code == 200 and messages.json() == {"talk": []}
    heard = [(line["text"], line["to"], line["heard_by"])
             for line in api.view(game, master)["talk"]]
    assert heard == [("Vera, the keycard", "room", ["vera"]),
                     ("Boris, it is me", "room", ["boris"]), ("Alone now", "room", [])]
    assert not any("heard_by" in line for line in api.view(game, token["vera"])["talk"])


@pytest.mark.parametrize(("lang", "words"), [("en", "no rooms"), ("ru", "нет комнат")])
def test_a_game_without_rooms_refuses_a_line_to_the_room(api: Api, lang: str,
                                                         words: str) -> None:
    game = api.create(ruleset="old-west", lang=lang)
    token = next(iter(game["seats"].values()))["token"]
    refused = post(api, game, token, "room", "psst")
    assert refused.status_code == 422
    assert refused.json()["code"] == "message/no-rooms" and words in refused.json()["message"]
    assert talk_of(api, game, token) == []


def test_the_game_master_has_no_room_to_talk_to(api: Api) -> None:
    game = api.create(ruleset="facility", seats=SEATS)
    refused = post(api, game, game["master"]["token"], "room", "psst")
    assert refused.status_code == 422 and refused.json()["code"] == "seat/unknown"


def test_a_line_to_the_room_reads_the_same_from_storage(database_url: str) -> None:
    """Another process (a store with nothing cached) reads the line from the
    database with the same audience."""
    upgrade(database_url)
    engine = make_engine(database_url)
    settings = Settings(database_url=database_url, background=False)
    stores = [Store(engine, settings) for _ in range(3)]
    try:
        maker, writer, reader = stores
        made = maker.create("facility", lobby_with_vera(), SEATS, "en", None, None)
        writer.post(Seating(made.id, "anna", "en"), "room", "Vera, the keycard")
        for seat, expected in (("vera", 1), ("boris", 0), (None, 1)):
            doc, _ = reader.document(Seating(made.id, seat, "en"))
            assert len(doc["talk"]) == expected
            assert doc == writer.document(Seating(made.id, seat, "en"))[0]
    finally:
        for store in stores:
            store.shut()
        engine.dispose()
