"""Bots by name in hosted seats, against the real server: a seat played by
the rules bot answers the moment it is asked, a name the ruleset does not
offer is refused naming the seat and the names there are, and the saved
game gives every bot answer again from the revealed seed and the seat's
view alone."""

from __future__ import annotations

import hashlib
import hmac
from random import Random
from typing import Any

from referee.bots.kinds import make_bot
from referee.core.drivers import Ask
from referee.core.ruleset import find_ruleset
from referee.core.savefile import game_from_json
from tests.server.conftest import Api


def path(game: dict[str, Any], route: str) -> str:
    return f"/api/games/{game['id']}/{route}"


def token(game: dict[str, Any], seat: str | None = None) -> str:
    return str(game["master"]["token"] if seat is None else game["seats"][seat]["token"])


def bot_rng(seed: bytes, index: int) -> Random:
    """The bot's numbers for input ``index``, as docs/server.md gives them:
    ``Random(int(HMAC-SHA256(seed, "referee-bot/v1:n")))``."""
    digest = hmac.new(seed, f"referee-bot/v1:{index}".encode(), hashlib.sha256).digest()
    return Random(int.from_bytes(digest, "big"))


def test_a_rules_bot_seat_answers_at_once_and_the_save_gives_its_answers_again(
        api: Api) -> None:
    game = api.create(ruleset="night-watch", seats={"night": "person", "day": "rules"})
    assert game["seats"]["day"]["player"] == "rules"
    pick = Random(5)
    for _ in range(200):
        doc = api.view(game, token(game, "night"))
        if doc["view"].get("outcome") is not None:
            break
        assert doc["turn"]["asked"] == ["night"], "the bot's seat was left waiting"
        options = doc["view"]["waiting"]["options"]
        response = api.answer(game, token(game, "night"), pick.choice(options)["value"])
        assert response.status_code == 200, response.text
    else:
        raise AssertionError("the game did not end in 200 answers")
    saved = api.call("GET", path(game, "save"), token(game, "night"))
    assert saved.status_code == 200
    data = saved.json()
    assert data["players"] == {"night": "human", "day": "rules"}
    replayed = game_from_json(dict(data), "save", check=True)
    assert replayed.is_over

    ruleset = find_ruleset("night-watch")
    seed = bytes.fromhex(data["server"]["dice"]["seed"])
    game_again = game_from_json({**data, "inputs": []}, "save", check=False)
    bot_answers = 0
    for index, item in enumerate(data["inputs"]):
        if item.get("seat") == "day":
            bot = make_bot(ruleset, "rules", bot_rng(seed, index), setup=game_again.scenario)
            assert bot.choose(Ask.of(game_again, "day")) == item["answer"], f"input {index}"
            bot_answers += 1
        game_again.apply(item)
    assert bot_answers >= 3


def test_a_bot_the_ruleset_does_not_offer_is_refused_naming_the_seat_and_the_bots(
        api: Api) -> None:
    response = api.call("POST", "/api/games", json={
        "ruleset": "night-watch", "seats": {"night": "person", "day": "rulez"}})
    body = response.json()
    assert response.status_code == 422 and body["code"] == "seat/player"
    for name in ("`day`", "`rulez`", "`person`", "`random`", "`rules`", "`search`"):
        assert name in body["message"]
    assert "did you mean `rules`" in body["message"]
    response = api.call("POST", "/api/games", json={
        "ruleset": "facility", "lang": "ru",
        "seats": {"anna": {"player": "search", "lang": "en"}}})
    body = response.json()
    assert response.status_code == 422 and body["code"] == "seat/player"
    assert body["message"].startswith("Место `anna`")
    named, offered = body["message"].split(";")
    assert "`search`" in named
    assert "`rules`" in offered and "`search`" not in offered
    game = api.call("GET", "/api/rulesets").json()
    offered = {entry["name"]: entry["players"] for entry in game}
    assert offered["night_watch"] == ["person", "random", "rules", "search"]
    assert offered["old-west"] == ["person", "random", "rules", "search"]
    assert offered["echo"] == ["person", "random", "rules", "search"]
    assert offered["facility"] == ["person", "random", "rules"]


def test_a_search_bot_takes_a_night_watch_seat(api: Api) -> None:
    game = api.create(ruleset="night-watch", seats={"night": "person", "day": "search"})
    doc = api.view(game, token(game))
    assert doc["players"] == {"night": "person", "day": "search"}
    assert doc["turn"]["asked"] in (["night"], [])


def test_rules_bots_give_facility_orders_none_void_and_the_turn_waits_only_for_people(
        api: Api) -> None:
    seats = {"anna": "person", "boris": "rules", "gleb": "rules", "vera": "rules"}
    game = api.create(ruleset="facility", seats=seats)
    for turn in (1, 2):
        doc = api.view(game, token(game))
        assert doc["turn"]["number"] == turn
        assert set(doc["answers"]) == {"boris", "gleb", "vera"}
        assert api.call("POST", path(game, "ready"), token(game, "anna")).status_code == 200
    log = api.view(game, token(game))["view"]["log"]
    void = [line for line in log if (line.get("facts") or {}).get("kind") == "void"]
    assert void == []
    assert any(line.get("facts") for line in log)
