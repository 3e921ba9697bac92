"""Two server processes on one database, many games whose deadlines fall at
the same moment: both processes look for due deadlines, and each turn is
closed exactly once (a compare-and-set on the game's version, in the
transaction that appends the close). Answers sent to either process land
in the same game, each process sees the other's, and an event stream on
one process hears of a write made by the other (PostgreSQL's notifications;
polling on SQLite)."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.server.conftest import BACKENDS, ServerProcess
from tests.server.conftest import fresh_database as database
from tests.server.test_leaks import Stream

SEATS = ("anna", "boris", "gleb", "vera")
GAMES = 12


@pytest.mark.parametrize("backend", BACKENDS)
def test_deadlines_falling_together_close_each_turn_once(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    with database(backend, tmp_path,
                  lambda: str(request.getfixturevalue("postgres_admin"))) as url:
        servers = [ServerProcess(url, tmp_path / f"server-{n}.log") for n in (1, 2)]
        for server in servers:
            server.launch()
        apis = [server.ready() for server in servers]
        try:
            one = apis[0]
            games = [one.create(ruleset="facility", seats=dict.fromkeys(SEATS, "person"))
                     for _ in range(GAMES)]
            watched = Stream(apis[1].base, f"/api/games/{games[0]['id']}/events",
                             games[0]["seats"]["anna"]["token"])
            try:
                first = watched.next_event()
                assert one.answer(games[0], games[0]["seats"]["boris"]["token"],
                                  {"move": {"to": 3}}).status_code == 200
                assert json.loads(watched.next_event())["view"]["waiting"]["answered"] == [
                    "boris"]
                assert first != watched.events[-1]
            finally:
                watched.close()
            for number, game in enumerate(games):
                for seat in SEATS[: number % 4]:
                    answer = {"move": {"to": 3}}
                    assert apis[(number + 1) % 2].answer(
                        game, game["seats"][seat]["token"], answer).status_code == 200
            due = (datetime.now(UTC) + timedelta(seconds=3)).replace(microsecond=0)
            for number, game in enumerate(games):
                response = apis[number % 2].call(
                    "PUT", f"/api/games/{game['id']}/deadline", game["master"]["token"],
                    json={"deadline": due.isoformat()})
                assert response.status_code == 200, response.text
                if datetime.now(UTC) < due - timedelta(seconds=0.5):
                    shown = apis[(number + 1) % 2].view(game, game["master"]["token"])
                    assert shown["turn"]["deadline"] == due.strftime("%Y-%m-%dT%H:%M:%S.000Z")
            while datetime.now(UTC) < due + timedelta(seconds=2.5):
                time.sleep(0.1)
            for number, game in enumerate(games):
                master = game["master"]["token"]
                saved = apis[number % 2].call("GET", f"/api/games/{game['id']}/save",
                                              master).json()
                closes = [index for index, item in enumerate(saved["inputs"])
                          if item == {"close": True}]
                assert len(closes) == 1, f"game {number}: {saved['inputs']}"
                assert len(saved["inputs"]) == number % 4 + 1 + (number == 0)
                for api in apis:
                    doc = api.view(game, master)
                    assert doc["turn"]["number"] == 2
                    assert doc["view"]["state"]["turn"] == 2
        finally:
            for api in apis:
                api.close()
            for server in servers:
                server.stop()
