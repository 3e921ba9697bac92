"""Bots' play off the request path, and hosted search bots that answer
alike on any machine. A write gives only a bounded share of the bots'
answers; the serving processes play on, a write at a time, so creating a
game of bots alone returns before its end and the game then ends by
itself, seen progressing through the event stream, its save replaying
and proving every roll. A hosted search bot counts playouts, never time:
the same game on two fresh servers, on a machine told to cut every search
short, gives the same answers, and the save and the revealed seed give each
again."""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.bots.kinds import make_bot
from referee.bots.search import SECONDS_SETTING
from referee.cli import app as cli
from referee.core.drivers import Ask
from referee.core.ruleset import find_ruleset
from referee.core.savefile import game_from_json
from referee.core.waits import Chance
from referee.server.settings import Settings
from tests.server.conftest import BACKENDS, Api, ThreadServer, fixed_entropy, fresh_database
from tests.server.test_leaks import Stream

PATIENCE = 900.0
"""Seconds a game of bots is given to end by itself (a busy machine is slow;
nothing here is timed, only waited for)."""
NIGHT_WATCH_SEARCH_PLAYOUTS = 16
"""A hosted search bot's playouts a question in Night Watch (docs/server.md)."""


def token(game: dict[str, Any], seat: str | None = None) -> str:
    return str(game["master"]["token"] if seat is None else game["seats"][seat]["token"])


def path(game: dict[str, Any], route: str) -> str:
    return f"/api/games/{game['id']}/{route}"


def settings(url: str, **extra: Any) -> Settings:
    """A server that plays on its games' bots (as ``referee serve`` does)."""
    return Settings(database_url=url, bot_poll=0.1, deadline_poll=0.2, version_poll=0.2,
                    **extra)


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], str]]:
    """Fresh databases of one kind, as many as the test asks for."""
    with ExitStack() as stack:
        yield lambda: stack.enter_context(fresh_database(
            request.param, tmp_path, lambda: str(request.getfixturevalue("postgres_admin"))))


def until_over(api: Api, game: dict[str, Any]) -> dict[str, Any]:
    """The master's document once the game is over (waited for)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        doc = api.view(game, token(game))
        if doc["view"].get("outcome") is not None:
            return doc
        time.sleep(0.2)
    raise AssertionError("the bots did not play the game to its end")


def save_checks(api: Api, game: dict[str, Any], seat: str, tmp_path: Path) -> dict[str, Any]:
    """The game's save, taken with ``seat``'s token (the game is over): it
    replays to its checksum and ``referee verify`` proves its rolls."""
    saved = api.call("GET", path(game, "save"), token(game, seat))
    assert saved.status_code == 200, saved.text
    data = dict(saved.json())
    assert game_from_json(data, "save", check=True).is_over
    file = tmp_path / f"{game['id']}.json"
    file.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["verify", str(file), "--seed-hash", game["seed_hash"]])
    assert result.exit_code == 0, result.output
    return data


def test_a_game_of_bots_alone_returns_at_once_and_two_servers_play_it_to_its_end(
        database: Callable[[], str], tmp_path: Path) -> None:
    url = database()
    one_search_a_write = settings(url, bot_work=16)
    with ThreadServer(one_search_a_write) as one, ThreadServer(settings(url)) as two:
        game = one.create(ruleset="night-watch", seats={"night": "search", "day": "search"})
        first = one.view(game, token(game))
        assert first["view"].get("outcome") is None, "the whole game was played in the request"
        assert first["dice"].get("seed") is None
        stream = Stream(two.base, path(game, "events"), token(game, "day"))
        try:
            end = until_over(two, game)
            time.sleep(1)  # the stream's last event
        finally:
            stream.close()
        versions = {json.loads(event[len("data: "):])["version"] for event in stream.events}
        assert len(versions) >= 3, "the day seat did not see the game progress"
        assert end["turn"]["asked"] == []
        assert one.view(game, token(game))["version"] == end["version"]
        data = save_checks(two, game, "day", tmp_path)
    searched = [item for item in data["inputs"] if item.get("seat") == "night"]
    assert len(searched) >= 5


def test_random_bots_alone_end_the_game_by_themselves_and_the_save_proves_every_roll(
        database: Callable[[], str], tmp_path: Path) -> None:
    with ThreadServer(settings(database(), bot_work=8)) as api:
        game = api.create(ruleset="night-watch")
        assert api.view(game, token(game, "day"))["view"].get("outcome") is None
        doc = until_over(api, game)
        seed = doc["dice"]["seed"]
        assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == game["seed_hash"]
        late = api.answer(game, token(game, "day"), "stay")
        assert late.status_code == 409 and late.json()["code"] == "game/over"
        data = save_checks(api, game, "night", tmp_path)
    assert replayed_rolls(data) > 5
    assert len([item for item in data["inputs"] if "seat" in item]) > 8


def replayed_rolls(data: dict[str, Any]) -> int:
    """Every chance input checked against the seed, computed here apart from
    the server's code: HMAC-SHA256(seed, "referee-dice/v1:n") mod the least
    common denominator, the outcomes taking their shares in order."""
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


def play_night_against_search(api: Api, game: dict[str, Any], pick: Random) -> None:
    """The night seat, a person, answers at random whenever asked, while the
    server's search bot plays the day seat, until the game is over."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        doc = api.view(game, token(game, "night"))
        if doc["view"].get("outcome") is not None:
            return
        if not doc["turn"]["you_are_asked"]:
            time.sleep(0.05)  # the bots play on
            continue
        options = doc["view"]["waiting"]["options"]
        response = api.answer(game, token(game, "night"), pick.choice(options)["value"])
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


def bot_rng(seed: bytes, index: int) -> Random:
    """The bot's numbers for input ``index``, as docs/server.md gives them."""
    digest = hmac.new(seed, f"referee-bot/v1:{index}".encode(), hashlib.sha256).digest()
    return Random(int.from_bytes(digest, "big"))


def test_a_hosted_search_bot_answers_alike_on_two_servers_and_from_the_save(
        database: Callable[[], str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECONDS_SETTING, "0.000001")  # a clock would cut every search short
    saves = []
    for _ in range(2):
        with ThreadServer(settings(database(), entropy=fixed_entropy(24))) as api:
            game = api.create(ruleset="night-watch", seats={"night": "person", "day": "search"})
            play_night_against_search(api, game, Random(7))
            saves.append(api.call("GET", path(game, "save"), token(game)).json())
    assert saves[0]["inputs"] == saves[1]["inputs"]
    assert saves[0]["server"]["dice"]["seed"] == saves[1]["server"]["dice"]["seed"]

    monkeypatch.delenv(SECONDS_SETTING)
    data = saves[0]
    ruleset = find_ruleset("night-watch")
    seed = bytes.fromhex(data["server"]["dice"]["seed"])
    replay = game_from_json({**data, "inputs": []}, "save", check=False)
    searched = 0
    for index, item in enumerate(data["inputs"]):
        if item.get("seat") == "day":
            bot = make_bot(ruleset, "search", bot_rng(seed, index), setup=replay.scenario,
                           seconds=None, playouts=NIGHT_WATCH_SEARCH_PLAYOUTS)
            assert bot.choose(Ask.of(replay, "day")) == item["answer"], f"input {index}"
            searched += 1
        replay.apply(item)
    assert replay.is_over and searched >= 5
