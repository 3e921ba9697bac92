"""Storage that loses nothing: a server killed with ``kill -9`` in the middle
of a burst of answers from several clients, then started again, has every
answer it acknowledged, replays to the same game, and still closes the turn
at its deadline, once. Its log never holds a token."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from referee.core.savefile import game_from_json
from tests.server.conftest import BACKENDS, ServerProcess
from tests.server.conftest import fresh_database as database

SEATS = ("anna", "boris", "gleb", "vera")


def receipt(game: str, seat: str, seq: int, answer: Any) -> str:
    text = f"referee-receipt/v1\n{game}\n{seat}\n{seq}\n" + json.dumps(
        answer, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def burst(base: str, game: dict[str, Any], seat: str, stop: threading.Event,
          acknowledged: list[tuple[str, int, Any, str]]) -> None:
    """Answer again and again until the server goes away; keep what it acknowledged."""
    token = game["seats"][seat]["token"]
    with httpx.Client(base_url=base, timeout=5) as client:
        count = 0
        while not stop.is_set():
            count += 1
            answer = {"move": {"to": 3}, f"zz-{seat}-{count}": {}}
            try:
                response = client.post(f"/api/games/{game['id']}/answer", json={"answer": answer},
                                       headers={"Authorization": f"Bearer {token}"})
            except httpx.HTTPError:
                return
            if response.status_code == 200:
                body = response.json()
                acknowledged.append((seat, body["seq"], answer, body["receipt"]))


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_server_killed_mid_burst_loses_no_acknowledged_answer(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    with database(backend, tmp_path,
                  lambda: str(request.getfixturevalue("postgres_admin"))) as url:
        log = tmp_path / "server.log"
        server = ServerProcess(url, log)
        api = server.start()
        try:
            game = api.create(ruleset="facility", seats=dict.fromkeys(SEATS, "person"))
            master = game["master"]["token"]
            due = datetime.now(UTC) + timedelta(seconds=6)
            assert api.call("PUT", f"/api/games/{game['id']}/deadline", master, json={
                "deadline": due.isoformat()}).status_code == 200
            acknowledged: list[tuple[str, int, Any, str]] = []
            stop = threading.Event()
            clients = [threading.Thread(target=burst, args=(api.base, game, seat, stop,
                                                            acknowledged)) for seat in SEATS]
            for client in clients:
                client.start()
            while len(acknowledged) < 60:
                time.sleep(0.01)
            server.kill()
            stop.set()
            for client in clients:
                client.join(timeout=10)
            api.close()
            api = server.start()
            saved = api.call("GET", f"/api/games/{game['id']}/save", master).json()
            for seat, seq, answer, proof in acknowledged:
                assert saved["inputs"][seq] == {"seat": seat, "answer": answer}
                assert proof == receipt(game["id"], seat, seq, answer)
            assert len(acknowledged) >= 60
            replayed = game_from_json(saved, "save", check=True, allow_unchecked=False)
            assert len(replayed.inputs) == len(saved["inputs"])
            while datetime.now(UTC) < due + timedelta(seconds=1.5):
                time.sleep(0.1)
            doc = api.view(game, game["seats"]["anna"]["token"])
            assert doc["turn"]["number"] == 2
            saved = api.call("GET", f"/api/games/{game['id']}/save", master).json()
            assert sum(1 for item in saved["inputs"] if item == {"close": True}) == 1
        finally:
            api.close()
            server.stop()
        written = log.read_text(errors="replace")
        assert "/answer" in written
        for token in [game["master"]["token"], *(s["token"] for s in game["seats"].values())]:
            assert token not in written
