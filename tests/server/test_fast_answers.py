"""The answer route is answered in front of the framework
(:mod:`referee.server.fast_answers`): byte for byte as the route the
framework serves, errors and their language included. Two servers host the
same games (same ids, tokens and seeds); one answers the route itself, the
other leaves it to the framework; every request gets the same reply from
both."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from starlette.middleware import Middleware

from referee.server.fast_answers import FastAnswers
from referee.server.settings import Settings
from tests.server.conftest import BACKENDS, START, Api, Clock, ThreadServer, fixed_entropy
from tests.server.conftest import fresh_database as database

SEATS = {"anna": "person", "boris": "person", "gleb": "person", "vera": "person"}
JSON = {"Content-Type": "application/json"}


def answers_itself(middleware: Middleware) -> bool:
    return cast(object, middleware.cls) is FastAnswers


@contextlib.contextmanager
def twin_servers(backend: str, folder: Path, admin: Any) -> Iterator[list[Api]]:
    """Two servers alike but for who answers the answer route."""
    with database(backend, folder, admin) as one, database(backend, folder, admin) as two:
        servers = [ThreadServer(Settings(database_url=url, clock=Clock(START),
                                         entropy=fixed_entropy(11), background=False))
                   for url in (one, two)]
        assert any(map(answers_itself, servers[0].app.user_middleware))
        framework = servers[1].app
        framework.user_middleware = [m for m in framework.user_middleware
                                     if not answers_itself(m)]
        apis = [server.__enter__() for server in servers]
        try:
            yield apis
        finally:
            for server in servers:
                server.__exit__()


def replies(api: Api) -> list[str]:
    """Every reply to a script of good and bad answers."""
    game = api.create(ruleset="facility", seats=SEATS)
    other = api.create(ruleset="facility", seats=SEATS)
    duel = api.create(ruleset="old-west", seats={"lawmen": "person", "outlaws": "person"})
    russian = api.create(ruleset="facility", seats={"anna": {"player": "person", "lang": "ru"}})
    anna = game["seats"]["anna"]["token"]
    path = f"/api/games/{game['id']}/answer"
    requests: list[tuple[str, str, dict[str, str], bytes | None]] = [
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": {"move": {"to": 3}}}'),
        ("POST", path, {"Authorization": f"bearer  {anna}"}, b'{"answer": {}, "turn": 1}'),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": {"fly": 1}}'),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": 7}'),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": {}, "turn": 9}'),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": {}, "turn": "x"}'),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": {}, "more": 1}'),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b"{}"),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b"[]"),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b"null"),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": '),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": "\xff"}'),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b""),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b"[" * 9000 + b"]" * 9000),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": [' + b"9" * 40 + b"]}"),
        ("POST", path, {"Authorization": f"Bearer {anna}"}, b'{"answer": {"to": NaN}}'),
        ("POST", path, {}, b'{"answer": "' + b"x" * 20_000 + b'"}'),
        ("POST", f"/api/games/{russian['id']}/answer",
         {"Authorization": f"Bearer {russian['seats']['anna']['token']}"},
         b'{"answer": "' + b"x" * 20_000 + b'"}'),
        ("POST", path, {}, b'{"answer": {}}'),
        ("POST", path, {"Accept-Language": "ru"}, b'{"answer": {}}'),
        ("POST", path, {}, b'{"answer": '),
        ("POST", path, {"Authorization": f"Basic {anna}"}, b'{"answer": {}}'),
        ("POST", path, {"Authorization": "Bearer"}, b'{"answer": {}}'),
        ("POST", path, {"Authorization": "Bearer not-a-token"}, b'{"answer": {}}'),
        ("POST", path, {"Authorization": f"Bearer {other['seats']['anna']['token']}"},
         b'{"answer": {}}'),
        ("POST", path, {"Authorization": f"Bearer {game['master']['token']}"},
         b'{"answer": {}}'),
        *(("POST", f"/api/games/{duel['id']}/answer",
           {"Authorization": f"Bearer {duel['seats'][side]['token']}"}, b'{"answer": 1}')
          for side in ("lawmen", "outlaws")),
        ("POST", f"/api/games/{russian['id']}/answer",
         {"Authorization": f"Bearer {russian['seats']['anna']['token']}"}, b'{"answer": 7}'),
        ("POST", path + "/", {"Authorization": f"Bearer {anna}"}, b'{"answer": {}}'),
        ("GET", path, {"Authorization": f"Bearer {anna}"}, None),
    ]
    got = []
    for method, where, headers, body in requests:
        response = api.call(method, where, headers={**JSON, **headers}, content=body,
                            follow_redirects=False)
        shown = {k: v for k, v in response.headers.items() if k not in ("date", "location")}
        got.append(f"{method} {where} {response.status_code} {shown} {response.text}")
    return got


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_answer_route_replies_as_the_framework_would(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    with twin_servers(backend, tmp_path,
                      lambda: str(request.getfixturevalue("postgres_admin"))) as apis:
        fast, framework = (replies(api) for api in apis)
    for mine, theirs in zip(fast, framework, strict=True):
        assert mine == theirs
    statuses = [int(line.split(" ", 3)[2]) for line in fast]
    assert statuses[:2] == [200, 200] and {401, 404, 403, 409, 422} <= set(statuses)
    russian = [line for line in fast if "токен" in line or "ответ" in line.lower()]
    assert len(russian) >= 2  # the Accept-Language of a caller without a token; a ru seat
