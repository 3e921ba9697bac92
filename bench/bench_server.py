"""The server under load: answers a second and their latency (p50, p99) with
50 clients answering at once over loopback, on SQLite and on PostgreSQL,
with one and two server processes; and the time to load a game of 1,000
inputs from storage.

Each client holds one keep-alive connection and answers its Facility seat
again and again (a replaceable order, as players revise theirs before a
deadline), waiting for each answer to be acknowledged (committed) before
sending the next. PostgreSQL is reached at ``REFEREE_TEST_POSTGRES`` (a
role that may create databases; see docs/server.md); without it those rows
are left out.

    .venv/bin/python bench/bench_server.py [--seconds 8] [--clients 50] [--rate 500]
        [--only sqlite|postgres] [--workers 1,2] [--against OTHER_TREE --rounds 3]

Each run measures twice: closed loop (each client sends its next answer as
soon as the last is in: the saturation rate; with 50 clients the mean wait
is 50 divided by the rate, Little's law) and open loop (the clients
together offer ``--rate`` answers a second at scheduled times, each
latency counted from its scheduled time, so queueing shows). With
``--against``, a server running another tree's code (say, a ``git
archive`` of an earlier commit) is measured in turns with this one, each
on a fresh database, and the ratios of their medians are printed: on a
busy machine the ratios hold better than the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from referee.server.database import make_engine, upgrade
from referee.server.settings import Settings
from referee.server.store import Seating, Store

DEFAULT_POSTGRES = "postgresql+psycopg://referee:referee@127.0.0.1:5432/postgres"
SEATS = ("anna", "boris", "gleb", "vera")
ORDERS = [json.dumps({"answer": {"move": {"to": 3}}}).encode(),
          json.dumps({"answer": {}}).encode()]


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(url: str, workers: int, log: Path, env: dict[str, str] | None = None,
                 ) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    with open(log, "ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", "from referee.cli import main; main()", "serve", "--db", url,
             "--port", str(port), "--workers", str(workers), "--no-access-log"],
            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/health").status_code == 200:
                time.sleep(0.5 if workers > 1 else 0)  # every worker up
                return process, base
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(log.read_text())


async def one_client(port: int, path: str, token: str, stop: float,
                     latencies: list[float], failures: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            "Content-Type: application/json\r\n").encode()
    count = 0
    while time.perf_counter() < stop:
        body = ORDERS[count % 2]
        count += 1
        started = time.perf_counter()
        writer.write(head + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        await writer.drain()
        status = await read_reply(reader)
        latencies.append(time.perf_counter() - started)
        if status != 200:
            failures.append(status)
    writer.close()


async def scheduled_client(port: int, path: str, token: str, first: float, every: float,
                           stop: float, latencies: list[float], failures: list[int]) -> None:
    """Send an answer at ``first``, ``first + every``, ... until ``stop``, each
    as soon as its time comes and the last answer is in (one connection);
    each latency is counted from the answer's scheduled time, so an answer
    sent late because the server is behind counts its wait. A second past
    ``stop`` the answers still due are given up (the rate done shows them)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            "Content-Type: application/json\r\n").encode()
    count = 0
    due = first
    while due < stop and time.perf_counter() < stop + 1.0:
        wait = due - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        body = ORDERS[count % 2]
        count += 1
        writer.write(head + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        await writer.drain()
        status = await read_reply(reader)
        latencies.append(time.perf_counter() - due)
        if status != 200:
            failures.append(status)
        due += every
    writer.close()


async def read_reply(reader: asyncio.StreamReader) -> int:
    """Read one HTTP reply; its status."""
    header = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in header.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    await reader.readexactly(length)
    return int(header.split(b" ", 2)[1])


async def offered(base: str, seats: list[tuple[str, str]], rate: float, seconds: float,
                  pid: int) -> tuple[int, list[float], list[int], float | None]:
    """Open loop: the clients together offer ``rate`` answers a second for
    ``seconds`` (client ``i`` of ``n`` sends at ``i / rate + k * n / rate``);
    answers a second done, latencies from the scheduled times, failures,
    and the CPU seconds process ``pid`` spent meanwhile."""
    port = int(base.rsplit(":", 1)[1])
    latencies: list[float] = []
    failures: list[int] = []
    every = len(seats) / rate
    cpu_before = cpu_seconds(pid)
    started = time.perf_counter() + 0.2
    stop = started + seconds
    await asyncio.gather(*(scheduled_client(port, path, token, started + i / rate, every, stop,
                                            latencies, failures)
                           for i, (path, token) in enumerate(seats)))
    elapsed = time.perf_counter() - started
    cpu_after = cpu_seconds(pid)
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    return int(len(latencies) / elapsed), latencies, failures, cpu


async def load(base: str, seats: list[tuple[str, str]], seconds: float, warm: float,
               pid: int) -> tuple[int, list[float], list[int], float | None]:
    """Warm up, then load for ``seconds``: answers a second, latencies,
    failures, and the CPU seconds process ``pid`` spent meanwhile."""
    port = int(base.rsplit(":", 1)[1])
    warm_lat: list[float] = []
    failures: list[int] = []
    stop = time.perf_counter() + warm
    await asyncio.gather(*(one_client(port, path, token, stop, warm_lat, failures)
                           for path, token in seats))
    latencies: list[float] = []
    cpu_before = cpu_seconds(pid)
    started = time.perf_counter()
    stop = started + seconds
    await asyncio.gather(*(one_client(port, path, token, stop, latencies, failures)
                           for path, token in seats))
    elapsed = time.perf_counter() - started
    cpu_after = cpu_seconds(pid)
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    return int(len(latencies) / elapsed), latencies, failures, cpu


def seats_for(base: str, clients: int) -> list[tuple[str, str]]:
    seats: list[tuple[str, str]] = []
    with httpx.Client(base_url=base, timeout=60) as client:
        while len(seats) < clients:
            game = client.post("/api/games", json={
                "ruleset": "facility", "seats": dict.fromkeys(SEATS, "person")}).json()
            for seat in SEATS:
                seats.append((f"/api/games/{game['id']}/answer", game["seats"][seat]["token"]))
    return seats[:clients]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Figures:
    """One load run: answers a second, latencies, the server's CPU time."""

    rate: int
    latencies: list[float]
    failures: list[int]
    cpu_ms: float | None
    """The server's processes' CPU time per answer, in ms (None off Linux)."""

    def percentile(self, share: float) -> float:
        """The latency below which ``share`` of the answers came, in ms."""
        return percentile(self.latencies, share) * 1000 if self.latencies else math.inf

    def line(self, name: str, workers: int, clients: int, offered: float | None = None) -> str:
        p50, p99 = self.percentile(0.5), self.percentile(0.99)
        wrong = f", {len(self.failures)} not 200" if self.failures else ""
        cpu = f", {self.cpu_ms:.2f} ms CPU/answer" if self.cpu_ms is not None else ""
        loop = "closed loop" if offered is None else f"{offered:.0f}/s offered"
        return (f"{name:<12} {workers} process{'es' if workers > 1 else '  '}  {clients} "
                f"clients, {loop:<16}: {self.rate:5d} answers/s, p50 {p50:6.1f} ms, "
                f"p99 {p99:6.1f} ms{cpu}{wrong}")


def figures(found: tuple[int, list[float], list[int], float | None]) -> Figures:
    rate, latencies, failures, cpu = found
    cpu_ms = None if cpu is None or not latencies else cpu * 1000 / len(latencies)
    return Figures(rate, latencies, failures, cpu_ms)


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user and system) of a process and its descendants, on Linux."""
    proc = Path("/proc")
    if not (proc / str(pid)).exists():
        return None
    tick = os.sysconf("SC_CLK_TCK")
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        try:
            fields = (proc / str(current) / "stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in (proc / str(current) / "task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError, IndexError):
            continue
    return total


def measure(url: str, workers: int, clients: int, seconds: float, rate: float,
            env: dict[str, str] | None = None) -> tuple[Figures, Figures]:
    """Start a server on ``url``, load it (closed loop, then open loop at
    ``rate`` answers a second), stop it."""
    log = Path(tempfile.mkdtemp()) / "server.log"
    process, base = start_server(url, workers, log, env)
    try:
        seats = seats_for(base, clients)
        closed = figures(asyncio.run(load(base, seats, seconds, 2.0, process.pid)))
        opened = figures(asyncio.run(offered(base, seats, rate, seconds, process.pid)))
    finally:
        process.terminate()
        process.wait(timeout=20)
    return closed, opened


@dataclass
class Server:
    """The code a server runs: this tree's, or another's (``--against``)."""

    name: str
    env: dict[str, str] | None = None


def run(name: str, new_url: Callable[[], str], workers: int, args: argparse.Namespace,
        servers: list[Server]) -> None:
    """Each server in turn, ``--rounds`` times, on a fresh database each
    time; with two servers, the ratios of their medians."""
    found: dict[str, list[tuple[Figures, Figures]]] = {server.name: [] for server in servers}
    for _ in range(args.rounds):
        for server in servers:
            closed, opened = measure(new_url(), workers, args.clients, args.seconds, args.rate,
                                     server.env)
            found[server.name].append((closed, opened))
            label = f"{name} {server.name}".strip()
            print(closed.line(label, workers, args.clients), flush=True)
            print(opened.line(label, workers, args.clients, args.rate), flush=True)
    if len(servers) == 2:
        before, after = (found[server.name] for server in servers)
        print(f"  {name}, {workers} process{'es' if workers > 1 else ''}, "
              f"{servers[1].name} against {servers[0].name} (medians of {args.rounds}): "
              + ratios(before, after), flush=True)


def ratios(before: list[tuple[Figures, Figures]], after: list[tuple[Figures, Figures]]) -> str:
    def median(runs: list[tuple[Figures, Figures]], pick: Callable[[tuple[Figures, Figures]],
                                                                    float]) -> float:
        return statistics.median(pick(run) for run in runs)

    parts = {
        "closed-loop rate": (lambda r: r[0].rate, "x"),
        "closed-loop p99": (lambda r: r[0].percentile(0.99), "x"),
        "open-loop p50": (lambda r: r[1].percentile(0.5), "x"),
        "open-loop p99": (lambda r: r[1].percentile(0.99), "x"),
        "CPU/answer": (lambda r: r[0].cpu_ms or math.nan, "x"),
    }
    return ", ".join(f"{label} {median(after, pick) / median(before, pick):.2f}{unit}"
                     for label, (pick, unit) in parts.items())


def load_time(url: str) -> None:
    """A game of 1,000 inputs (answers replaced again and again), loaded
    from storage by a process that has not seen it: read and replayed."""
    upgrade(url)
    engine = make_engine(url)
    store = Store(engine, Settings(database_url=url, background=False))
    made = store.create("facility", None, dict.fromkeys(SEATS, "person"), "en", None, None)
    seat = Seating(made.id, "anna", "en")
    while store._entry(made.id).seq < 1000:
        store.answer(seat, {"move": {"to": 3}} if store._entry(made.id).seq % 2 else {})
    store.shut()
    times = []
    for _ in range(7):
        fresh = Store(engine, Settings(database_url=url, background=False))
        started = time.perf_counter()
        entry = fresh._entry(made.id)
        times.append(time.perf_counter() - started)
        assert entry.seq == 1000
        fresh.shut()
    engine.dispose()
    print(f"  loading a game of 1,000 inputs: median {statistics.median(times) * 1000:.0f} ms "
          f"(best {min(times) * 1000:.0f} ms)", flush=True)


def postgres_database() -> tuple[str, Callable[[], None]] | None:
    admin = os.environ.get("REFEREE_TEST_POSTGRES") or DEFAULT_POSTGRES
    try:
        engine = create_engine(admin, isolation_level="AUTOCOMMIT")
        name = f"referee_bench_{secrets.token_hex(4)}"
        with engine.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        print(f"PostgreSQL left out: {type(exc).__name__}", flush=True)
        return None

    def drop() -> None:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    return make_url(admin).set(database=name).render_as_string(hide_password=False), drop


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rate", type=float, default=500.0,
                        help="answers a second the clients offer together (open loop)")
    parser.add_argument("--only", choices=("sqlite", "postgres"), default=None)
    parser.add_argument("--workers", default="1,2", help="server processes, comma-separated")
    parser.add_argument("--against", type=Path, default=None,
                        help="another source tree (its src/) to measure first, in turns")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args(argv)
    servers = [Server("")]
    if args.against is not None:
        source = str(args.against.resolve() / "src")
        servers = [Server("before", {"PYTHONPATH": source}), Server("after")]
    workers_list = [int(w) for w in args.workers.split(",")]
    folder = Path(tempfile.mkdtemp())
    if args.only in (None, "sqlite"):
        for workers in workers_list:
            def sqlite_url() -> str:
                url = f"sqlite:///{folder / f'bench-{secrets.token_hex(4)}.db'}"
                upgrade(url)
                return url
            run("SQLite", sqlite_url, workers, args, servers)
        if args.against is None:
            load_time(f"sqlite:///{folder / 'load.db'}")
    if args.only in (None, "postgres"):
        made: list[Callable[[], None]] = []

        def postgres_url() -> str:
            found = postgres_database()
            if found is None:
                raise SystemExit(0)
            url, drop = found
            made.append(drop)
            upgrade(url)
            return url
        try:
            for workers in workers_list:
                run("PostgreSQL", postgres_url, workers, args, servers)
            if args.against is None:
                load_url = postgres_url()
                load_time(load_url)
        finally:
            for drop in made:
                drop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

