"""The API as a client meets it, on a real SQLite file and a real PostgreSQL
database: games of every ruleset, answers and receipts, simultaneous turns,
deadlines, table talk, saves and fair dice, errors in the token's language."""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import threading
from fractions import Fraction
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from typer.testing import CliRunner

from referee.cli import app as cli
from referee.core.ruleset import all_rulesets
from referee.server.database import make_engine, upgrade
from referee.server.schema import metadata
from tests.server.conftest import Api, Clock

ORDERS = {"take": [{"item": "keycard"}], "move": {"to": 3}}
"""Anna's orders in the example: take the keycard, walk into the corridor."""


def facility(api: Api, **extra: Any) -> dict[str, Any]:
    seats = {"anna": "person", "boris": "person", "gleb": "person", "vera": "person"}
    return api.create(ruleset="facility", seats=seats, **extra)


def seat(game: dict[str, Any], name: str) -> str:
    return str(game["seats"][name]["token"])


def master(game: dict[str, Any]) -> str:
    return str(game["master"]["token"])


def path(game: dict[str, Any], route: str) -> str:
    return f"/api/games/{game['id']}/{route}"


# -- games of every ruleset ---------------------------------------------------------------


@pytest.mark.parametrize("ruleset", [r.name for r in all_rulesets()])
def test_every_ruleset_is_hosted_from_its_example_and_played_by_people(api: Api,
                                                                     ruleset: str) -> None:
    created = api.create(ruleset=ruleset)
    seats = list(created["seats"])
    game = api.create(ruleset=ruleset, seats=dict.fromkeys(seats, "person"))
    assert len(game["master"]["token"]) >= 43 and len(game["seed_hash"]) == 64
    for _ in range(6):
        doc = api.view(game, master(game))
        assert doc["you"] == {"role": "master"} and doc["view"]["seat"] == "referee"
        asked = doc["turn"]["asked"]
        if not asked:
            break
        for name in asked:
            own = api.view(game, seat(game, name))
            assert own["view"]["seat"] == name and own["turn"]["you_are_asked"]
            options = (own["view"]["waiting"] or {}).get("options")
            if options:
                response = api.answer(game, seat(game, name), options[0]["value"])
                assert response.status_code == 200, response.text
                assert len(response.json()["receipt"]) == 64
                break
        else:
            assert api.call("POST", path(game, "close"), master(game)).status_code == 200
    assert api.view(game, master(game))["dice"]["seed_hash"] == game["seed_hash"]


def test_a_game_played_by_bots_alone_is_over_at_once_and_its_save_proves_every_roll(
        api: Api, tmp_path: Path) -> None:
    game = api.create(ruleset="night-watch")
    doc = api.view(game, seat(game, "day"))
    assert doc["view"]["outcome"] is not None
    seed = doc["dice"]["seed"]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == game["seed_hash"]
    late = api.answer(game, seat(game, "day"), "stay")
    assert late.status_code == 409 and late.json()["code"] == "game/over"
    saved = api.call("GET", path(game, "save"), seat(game, "night"))
    assert saved.status_code == 200
    data = saved.json()
    rolls = _replayed_rolls(data)
    assert rolls > 5
    file = tmp_path / "game.json"
    file.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["verify", str(file), "--seed-hash", game["seed_hash"]])
    assert result.exit_code == 0, result.output
    assert f"all {rolls} rolls are the seed's" in " ".join(result.output.split())
    tampered = dict(data, server={"game": data["server"]["game"], "dice": {
        **data["server"]["dice"], "seed": "00" * 32}})
    file.write_text(json.dumps(tampered))
    assert CliRunner().invoke(cli, ["verify", str(file)]).exit_code == 1


def _replayed_rolls(data: dict[str, Any]) -> int:
    """Every chance input checked against the seed, computed here apart from
    the server's code: HMAC-SHA256(seed, "referee-dice/v1:n") mod the least
    common denominator, the outcomes taking their shares in order."""
    from referee.core.savefile import game_from_json
    from referee.core.waits import Chance

    seed = bytes.fromhex(data["server"]["dice"]["seed"])
    game = game_from_json({**data, "inputs": []}, "save", check=False)
    rolls = 0
    for index, item in enumerate(data["inputs"]):
        wait = game.waiting
        if "chance" in item:
            assert isinstance(wait, Chance)
            shares = [p for _, p in wait.outcomes]
            assert sum(shares, Fraction(0)) == 1
            whole = math.lcm(*(p.denominator for p in shares))
            digest = hmac.new(seed, f"referee-dice/v1:{index}".encode(), hashlib.sha256)
            x = int(digest.hexdigest(), 16) % whole
            for value, share in wait.outcomes:
                x -= int(share * whole)
                if x < 0:
                    assert value == item["chance"], f"input {index}"
                    break
            rolls += 1
        game.apply(item)
    return rolls


# -- scenarios and seats ------------------------------------------------------------------


def test_an_uploaded_scenario_with_problems_is_refused_with_every_field(api: Api) -> None:
    example = Path(all_rulesets()[0].examples()[0]).read_text(encoding="utf-8")
    broken = example.replace('ruleset = "echo"', 'ruleset = "echo"\nnonsense = 3', 1)
    response = api.call("POST", "/api/games", json={"ruleset": "echo", "scenario": broken,
                                                    "lang": "ru"})
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "scenario/invalid"
    assert body["message"].startswith("В сценарии 1 ошибка")
    assert [p["field"] for p in body["problems"]] == ["nonsense"]


def test_an_uploaded_scenario_is_played(api: Api) -> None:
    example = Path(all_rulesets()[0].examples()[0]).read_text(encoding="utf-8")
    game = api.create(ruleset="echo", scenario=example)
    assert api.view(game, master(game))["ruleset"] == "echo"


def test_unknown_seats_rulesets_and_players_are_refused(api: Api) -> None:
    response = api.call("POST", "/api/games", json={"ruleset": "facility",
                                                    "seats": {"ana": "person"}})
    assert response.status_code == 422 and response.json()["code"] == "seat/unknown"
    assert "anna" in response.json()["message"]
    response = api.call("POST", "/api/games", json={"ruleset": "facilty"})
    assert response.json()["code"] == "ruleset/unknown"
    response = api.call("POST", "/api/games", json={"ruleset": "facility",
                                                    "seats": {"anna": "wizard"}})
    assert response.status_code == 422 and response.json()["code"] == "seat/player"
    assert "`anna`" in response.json()["message"]
    response = api.call("POST", "/api/games", json={"ruleset": "facility",
                                                    "seats": {"anna": 3}})
    assert response.status_code == 422 and response.json()["code"] == "request/invalid"
    response = api.call("POST", "/api/games", json={"ruleset": "facility",
                                                    "turn_deadline": "tomorrow"})
    assert response.json()["code"] == "deadline/invalid"


# -- answers --------------------------------------------------------------------------------


def test_an_answer_gets_a_receipt_that_the_save_confirms(api: Api) -> None:
    game = facility(api)
    response = api.answer(game, seat(game, "anna"), ORDERS)
    assert response.status_code == 200
    body = response.json()
    assert body["void"] == []
    saved = api.call("GET", path(game, "save"), master(game)).json()
    item = saved["inputs"][body["seq"]]
    assert item == {"seat": "anna", "answer": ORDERS}
    text = f"referee-receipt/v1\n{game['id']}\nanna\n{body['seq']}\n" + json.dumps(
        ORDERS, sort_keys=True, separators=(",", ":"))
    assert body["receipt"] == hashlib.sha256(text.encode()).hexdigest()


def test_a_refused_answer_changes_nothing_and_says_why_in_the_seats_language(
        api: Api) -> None:
    game = api.create(ruleset="facility", seats={
        "anna": {"player": "person", "lang": "ru"}, "boris": "person"})
    before = api.view(game, master(game))["version"]
    response = api.answer(game, seat(game, "anna"), 5)
    assert response.status_code == 422
    assert response.json()["code"] == "answer/illegal"
    assert "Анн" in response.json()["message"]
    assert api.view(game, master(game))["version"] == before


def test_void_orders_are_told_to_the_seat_as_it_answers(api: Api) -> None:
    game = facility(api)
    response = api.answer(game, seat(game, "anna"), {"fly": {"to": 3}})
    assert response.status_code == 200
    assert [v["part"] for v in response.json()["void"]] == ["fly"]


def test_a_seat_not_asked_gets_409(api: Api) -> None:
    game = api.create(ruleset="night-watch", seats={"day": "person", "night": "person"})
    doc = api.view(game, master(game))
    asked = doc["turn"]["asked"]
    idle = next(name for name in ("day", "night") if name not in asked)
    response = api.answer(game, seat(game, idle), "stay")
    assert response.status_code == 409 and response.json()["code"] == "answer/not-asked"
    assert response.json()["message"] == "You are not asked anything now."


# -- simultaneous turns ---------------------------------------------------------------------


def test_answers_are_secret_and_replaceable_and_the_turn_closes_when_all_are_ready(
        api: Api) -> None:
    game = facility(api)
    anna, boris = seat(game, "anna"), seat(game, "boris")
    assert api.answer(game, anna, {"move": {"to": 3}}).status_code == 200
    assert api.answer(game, anna, ORDERS).status_code == 200
    seen = api.view(game, boris)
    assert "keycard" not in json.dumps(seen["view"]["waiting"])
    assert seen["view"]["waiting"]["answered"] == ["anna"]
    assert api.view(game, master(game))["answers"] == {"anna": ORDERS}
    for name in ("anna", "boris", "gleb"):
        assert api.call("POST", path(game, "ready"), seat(game, name)).status_code == 200
        assert api.view(game, anna)["turn"]["number"] == 1
    assert api.view(game, anna)["turn"]["ready"] == ["anna", "boris", "gleb"]
    assert api.call("POST", path(game, "ready"), seat(game, "vera"),
                    json={"turn": 1}).status_code == 200
    doc = api.view(game, anna)
    assert doc["turn"]["number"] == 2 and doc["turn"]["ready"] == []
    assert doc["view"]["state"]["character"]["room"] == 3
    saved = api.call("GET", path(game, "save"), master(game)).json()
    assert saved["inputs"][-1] == {"close": True}
    late = api.answer(game, anna, ORDERS, turn=1)
    assert late.status_code == 409 and late.json()["code"] == "turn/closed"


def test_the_deadline_closes_the_turn_and_silent_seats_get_the_default(
        api: Api, clock: Clock) -> None:
    game = facility(api, turn_deadline="PT24H")
    anna = seat(game, "anna")
    doc = api.view(game, anna)
    assert doc["turn"]["deadline"] == "2026-05-02T12:00:00.000Z"
    api.answer(game, anna, ORDERS)
    clock.advance(hours=23, minutes=59)
    assert api.view(game, anna)["turn"]["number"] == 1
    clock.advance(minutes=1)
    doc = api.view(game, anna)
    assert doc["turn"]["number"] == 2
    assert doc["turn"]["deadline"] == "2026-05-03T12:00:00.000Z"
    assert doc["view"]["state"]["character"]["room"] == 3
    saved = api.call("GET", path(game, "save"), master(game)).json()
    assert [item for item in saved["inputs"] if "close" in item] == [{"close": True}]


def test_a_time_of_day_deadline_falls_at_that_time_in_its_zone(api: Api) -> None:
    game = facility(api, turn_deadline="18:00 Europe/Moscow")
    assert api.view(game, master(game))["turn"]["deadline"] == "2026-05-01T15:00:00.000Z"


def test_the_master_pauses_resumes_extends_sets_and_closes(api: Api, clock: Clock) -> None:
    game = facility(api, turn_deadline="PT1H")
    token = master(game)
    assert api.call("POST", path(game, "pause"), token).json()["turn"]["deadline"] is None
    clock.advance(hours=5)
    assert api.view(game, token)["turn"]["number"] == 1
    turn = api.call("POST", path(game, "resume"), token).json()["turn"]
    assert turn["deadline"] == "2026-05-01T18:00:00.000Z" and not turn["paused"]
    turn = api.call("PUT", path(game, "deadline"), token, json={"extend": "PT30M"}).json()["turn"]
    assert turn["deadline"] == "2026-05-01T18:30:00.000Z"
    turn = api.call("PUT", path(game, "deadline"), token,
                    json={"deadline": "2026-05-01T20:00:00+01:00"}).json()["turn"]
    assert turn["deadline"] == "2026-05-01T19:00:00.000Z"
    turn = api.call("PUT", path(game, "deadline"), token, json={"rule": "PT2H"}).json()["turn"]
    assert turn["deadline_rule"] == "PT2H" and turn["deadline"] == "2026-05-01T19:00:00.000Z"
    bad = api.call("PUT", path(game, "deadline"), token, json={"extend": "soon"})
    assert bad.status_code == 422 and bad.json()["code"] == "deadline/invalid"
    turn = api.call("POST", path(game, "close"), token).json()["turn"]
    assert turn["number"] == 2 and turn["deadline"] == "2026-05-01T19:00:00.000Z"


# -- table talk -----------------------------------------------------------------------------


def test_table_talk_reaches_exactly_its_audience(api: Api) -> None:
    game = facility(api)
    anna, boris = seat(game, "anna"), seat(game, "boris")
    post = path(game, "messages")
    assert api.call("POST", post, anna, json={"to": "master", "text": "I hide it"}) \
        .status_code == 201
    assert api.call("POST", post, boris, json={"to": "everyone", "text": "Hello"}) \
        .status_code == 201
    assert api.call("POST", post, master(game), json={"to": ["anna"], "text": "Steps"}) \
        .status_code == 201
    talk = {name: [(m["from"], m["to"], m["text"]) for m in api.view(game, seat(game, name))
                   ["talk"]] for name in ("anna", "boris", "vera")}
    assert talk["anna"] == [("anna", "master", "I hide it"), ("boris", "everyone", "Hello"),
                            ("master", "you", "Steps")]
    assert talk["boris"] == [("boris", "everyone", "Hello")]
    assert talk["vera"] == [("boris", "everyone", "Hello")]
    assert len(api.view(game, master(game))["talk"]) == 3
    refused = api.call("POST", post, anna, json={"to": ["boris"], "text": "psst"})
    assert refused.json()["code"] == "message/audience"


# -- saves, limits, errors ------------------------------------------------------------------


def test_a_seat_downloads_the_save_only_once_the_game_is_over(api: Api) -> None:
    game = facility(api)
    response = api.call("GET", path(game, "save"), seat(game, "anna"))
    assert response.status_code == 403 and response.json()["code"] == "save/not-over"
    saved = api.call("GET", path(game, "save"), master(game)).json()
    assert saved["server"]["dice"]["seed"] is None


def test_bodies_are_limited_in_size_and_must_be_json(api: Api) -> None:
    game = facility(api)
    big = api.call("POST", path(game, "answer"), seat(game, "anna"),
                   content=b'{"answer": "' + b"x" * (2 << 20) + b'"}',
                   headers={"Content-Type": "application/json"})
    assert big.status_code == 413 and big.json()["code"] == "request/too-large"
    form = api.call("POST", path(game, "answer"), seat(game, "anna"), data={"answer": "x"})
    assert form.status_code == 415 and form.json()["code"] == "request/content-type"


def test_no_token_is_401_and_a_token_of_another_game_reads_as_no_game(api: Api) -> None:
    one, two = facility(api), facility(api)
    assert api.call("GET", path(one, "view")).json()["code"] == "auth/no-token"
    other = api.call("GET", path(one, "view"), seat(two, "anna"))
    nothing = api.call("GET", "/api/games/no-such-game/view", seat(two, "anna"),
                       headers={"Accept-Language": "ru"})
    assert other.status_code == nothing.status_code == 404
    assert other.json()["code"] == nothing.json()["code"] == "game/not-found"


def test_the_view_carries_an_etag(api: Api) -> None:
    game = facility(api)
    first = api.call("GET", path(game, "view"), seat(game, "anna"))
    again = api.call("GET", path(game, "view"), seat(game, "anna"),
                     headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_the_openapi_page_lists_the_routes_with_examples(api: Api) -> None:
    document = api.call("GET", "/openapi.json").json()
    for route in ("/api/games", "/api/games/{game_id}/answer", "/api/games/{game_id}/events",
                  "/api/games/{game_id}/deadline", "/api/games/{game_id}/save"):
        assert route in document["paths"]
    assert "examples" in json.dumps(document["components"]["schemas"]["NewGame"])


def test_migrations_build_the_tables_the_code_declares(database_url: str) -> None:
    upgrade(database_url)
    engine = make_engine(database_url)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert compare_metadata(context, metadata) == []
    engine.dispose()
    assert upgrade(database_url)[0] == "0001"


# -- chat webhooks ----------------------------------------------------------------------------


class Receiver(BaseHTTPRequestHandler):
    posts: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Receiver.posts.append({"type": self.headers["Content-Type"], **json.loads(body)})
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_a_webhook_hears_turns_open_and_close_and_the_end_without_any_secret(
        api: Api) -> None:
    Receiver.posts = []
    receiver = HTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
    try:
        game = api.create(ruleset="facility", seats={"anna": "person"}, webhook=url,
                          turn_deadline="PT1H")
        api.answer(game, seat(game, "anna"), ORDERS)
        api.call("POST", path(game, "ready"), seat(game, "anna"))
        api.call("POST", path(game, "close"), master(game))
        for _ in range(200):
            if len(Receiver.posts) >= 4:
                break
            threading.Event().wait(0.02)
    finally:
        receiver.shutdown()
        receiver.server_close()
    texts = [post["content"] for post in Receiver.posts]
    assert all(post["type"] == "application/json" and post["text"] == post["content"]
               for post in Receiver.posts)
    assert texts[0].startswith(f"{game['id']}: turn 1 is open, until 2026-05-01 13:00")
    assert texts[1] == f"{game['id']}: turn 1 is closed. Anna: answered, Boris: answered, " \
        "Gleb: answered, Vera: answered"
    assert texts[3].startswith(f"{game['id']}: turn 2 is closed. Anna: no answer")
    everything = json.dumps(Receiver.posts)
    for token in [master(game), *(s["token"] for s in game["seats"].values())]:
        assert token not in everything
    assert "keycard" not in everything


def test_with_no_database_named_sqlite_is_made_in_the_users_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.server.settings import DB_ENV, Settings

    monkeypatch.delenv(DB_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = Settings().database_url
    assert url == f"sqlite:///{tmp_path / 'data' / 'referee' / 'referee.db'}"
    assert upgrade(url) == (None, "0001")
    assert (tmp_path / "data" / "referee" / "referee.db").is_file()
