"""Servers for the tests: a real uvicorn on 127.0.0.1 (in a thread, or as a
`referee serve` process), on a real SQLite file or a real PostgreSQL
database. PostgreSQL comes from ``REFEREE_TEST_POSTGRES`` (an URL of a role
that may create databases; ``.ci/run`` starts one and sets it); each test
gets a database of its own, dropped afterwards. Under CI a missing
PostgreSQL fails the tests instead of skipping them."""

from __future__ import annotations

import os
import random
import secrets
import socket
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ProgrammingError

from referee.core.ruleset import find_ruleset
from referee.server.app import create_app
from referee.server.settings import Settings

POSTGRES_ENV = "REFEREE_TEST_POSTGRES"
DEFAULT_POSTGRES = "postgresql+psycopg://referee:referee@127.0.0.1:5432/postgres"
BACKENDS = ["sqlite", "postgres"]
DROP_ATTEMPTS = 20
"""Tries at dropping a test database (half a second apart)."""


def postgres_admin_url() -> str:
    return os.environ.get(POSTGRES_ENV) or DEFAULT_POSTGRES


def _postgres_reachable(url: str) -> str | None:
    try:
        engine = create_engine(url)
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        engine.dispose()
        return None
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"


@pytest.fixture(scope="session")
def postgres_admin() -> str:
    url = postgres_admin_url()
    problem = _postgres_reachable(url)
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is needed in CI and is not reachable at {url}: {problem}")
        pytest.skip(f"no PostgreSQL at {url} (set {POSTGRES_ENV}): {problem}")
    return url


def new_postgres_database(admin: str) -> tuple[str, Callable[[], None]]:
    """A fresh database: its URL, and how to drop it."""
    name = f"referee_test_{secrets.token_hex(6)}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin).set(database=name).render_as_string(hide_password=False)

    def drop() -> None:
        for attempt in range(DROP_ATTEMPTS):
            try:
                with engine.connect() as connection:
                    connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                break
            except ProgrammingError as error:
                # An autovacuum worker on the database, which a role without
                # pg_signal_backend may not end (insufficient privilege,
                # 42501): it is done in a moment.
                if getattr(error.orig, "sqlstate", None) != "42501" or \
                        attempt == DROP_ATTEMPTS - 1:
                    raise
                time.sleep(0.5)
        engine.dispose()

    return url, drop


@contextmanager
def fresh_database(backend: str, folder: Path, admin: Callable[[], str]) -> Iterator[str]:
    """A new, empty database of ``backend``, dropped afterwards."""
    if backend == "sqlite":
        yield f"sqlite:///{folder / f'referee-{secrets.token_hex(4)}.db'}"
        return
    url, drop = new_postgres_database(admin())
    try:
        yield url
    finally:
        drop()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database of each kind."""
    with fresh_database(request.param, tmp_path,
                        lambda: str(request.getfixturevalue("postgres_admin"))) as url:
        yield url


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 5, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **span: float) -> None:
        self.now += timedelta(**span)


def fixed_entropy(seed: int) -> Callable[[int], bytes]:
    """The same random bytes in the same order, for two servers compared byte for byte."""
    rng = random.Random(seed)
    lock = threading.Lock()

    def entropy(count: int) -> bytes:
        with lock:
            return rng.randbytes(count)

    return entropy


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Api:
    """A client of one server, with helpers for the routes."""

    base: str
    client: httpx.Client = field(init=False)

    def __post_init__(self) -> None:
        self.client = httpx.Client(base_url=self.base, timeout=30)

    def call(self, method: str, path: str, token: str | None = None,
             **kwargs: Any) -> httpx.Response:
        headers = dict(kwargs.pop("headers", {}))
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return self.client.request(method, path, headers=headers, **kwargs)

    def create(self, **body: Any) -> dict[str, Any]:
        response = self.call("POST", "/api/games", json=body)
        assert response.status_code == 201, response.text
        return dict(response.json())

    def view(self, game: dict[str, Any], token: str) -> dict[str, Any]:
        response = self.call("GET", f"/api/games/{game['id']}/view", token)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def answer(self, game: dict[str, Any], token: str, answer: Any,
               **extra: Any) -> httpx.Response:
        return self.call("POST", f"/api/games/{game['id']}/answer", token,
                         json={"answer": answer, **extra})

    def close(self) -> None:
        self.client.close()


class ThreadServer:
    """uvicorn serving ``create_app(settings)`` in a thread of this process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.app = create_app(settings)
        self.port = free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                timeout_graceful_shutdown=1, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Api:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.api = Api(f"http://127.0.0.1:{self.port}")
        return self.api

    def __exit__(self, *exc: object) -> None:
        self.api.close()
        self.server.should_exit = True
        self.thread.join(timeout=10)


START = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module", params=BACKENDS)
def served(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Api, Clock]]:
    """A server in this process for the module's tests, on a database of
    each kind, its clock moved by hand (put back to START for every test)."""
    clock = Clock(START)
    folder = tmp_path_factory.mktemp("db")
    with fresh_database(request.param, folder,
                        lambda: str(request.getfixturevalue("postgres_admin"))) as url:
        settings = Settings(database_url=url, clock=clock, background=False)
        with ThreadServer(settings) as client:
            yield client, clock


@pytest.fixture
def clock(served: tuple[Api, Clock]) -> Clock:
    served[1].now = START
    return served[1]


@pytest.fixture
def api(served: tuple[Api, Clock], clock: Clock) -> Api:
    return served[0]


class ServerProcess:
    """``referee serve`` as a process of its own (killed with -9 in tests)."""

    def __init__(self, database_url: str, log: Path, env: dict[str, str] | None = None) -> None:
        self.database_url = database_url
        self.port = free_port()
        self.log_path = log
        self.env = {**os.environ, **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Api:
        self.launch()
        return self.ready()

    def launch(self) -> None:
        """Start the process (:meth:`ready` waits until it serves)."""
        log = open(self.log_path, "ab")  # noqa: SIM115 - the process keeps it
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from referee.cli import main; main()", "serve",
             "--db", self.database_url, "--port", str(self.port)],
            stdout=log, stderr=subprocess.STDOUT, env=self.env)
        log.close()

    def ready(self) -> Api:
        assert self.process is not None
        api = Api(f"http://127.0.0.1:{self.port}")
        deadline = time.monotonic() + 60
        while True:
            try:
                if api.call("GET", "/api/health").status_code == 200:
                    return api
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start:\n{self.log_path.read_text()}")
            time.sleep(0.1)

    def kill(self) -> None:
        """``kill -9``: no clean-up of any kind."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def lobby_with_vera() -> dict[str, Any]:
    """The example, with Vera in the lobby beside Anna (Boris in the
    corridor, Gleb in the office)."""
    example = find_ruleset("facility").examples()[0].read_text(encoding="utf-8")
    data = tomllib.loads(example)
    data["characters"]["vera"]["room"] = 1
    return data
