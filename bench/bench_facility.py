"""Facility: resolve one turn of a generated building (run on demand, not a test).

    .venv/bin/python bench/bench_facility.py            # 1,000 / 10,000 / 100,000 characters
    .venv/bin/python bench/bench_facility.py 5000 1000  # one size: characters, rooms

A grid of rooms (2,000 for 10,000 characters; one room per 5 characters
otherwise), a camera in every tenth room, a pistol for every tenth character,
items on the floors, and a mix of every action: movement by route and by
target room, pauses, chase, follow, detain, ignore, melee, shots, take, give,
refuse, drop, show, equip and bluff. First, random playouts of the example
scenario per second, as every ruleset's benchmark prints them.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from random import Random
from typing import Any

from timing import playout_line

from referee.cli.orders import collector_paused
from referee.core.events import Event, Log
from referee.games.facility.orders import Orders
from referee.games.facility.resolve import resolve_turn
from referee.games.facility.scenario import FacilityScenario
from referee.games.facility.world import build_world


def building(characters: int, rooms: int, rng: Random) -> dict[str, Any]:
    width = int(math.sqrt(rooms))
    numbers = list(range(1, width * width + 1))
    doors = []
    for n in numbers:
        row, col = divmod(n - 1, width)
        if col + 1 < width:
            doors.append({"rooms": [n, n + 1], "names": ["east", "west"]})
        if row + 1 < width:
            doors.append({"rooms": [n, n + width], "names": ["north", "south"]})
    items: dict[str, Any] = {}
    floor: dict[int, list[str]] = {n: [] for n in numbers}
    people: dict[str, Any] = {}
    for i in range(characters):
        room = rng.choice(numbers)
        spec: dict[str, Any] = {"room": room, "concentration": 2,
                                "uniform": rng.choice(["none", "scientist", "agent"])}
        if i % 10 == 0:
            items[f"gun{i}"] = {"kind": "pistol", "abilities": ["shot"],
                                "carry": ["hands", "inventory", "belt"]}
            spec["hands"] = [f"gun{i}"]
        items[f"note{i}"] = {"kind": "note"}
        spec["inventory"] = [f"note{i}"]
        people[f"c{i}"] = spec
        if i % 3 == 0:
            items[f"box{i}"] = {"kind": "box"}
            floor[room].append(f"box{i}")
    return {"title": "bench", "rooms": [{"number": n, "camera": n % 10 == 0,
                                         "items": floor[n]} for n in numbers],
            "doors": doors, "items": items, "characters": people}


def orders_for(data: dict[str, Any], rng: Random) -> dict[str, Orders]:
    return {name: Orders.model_validate(table)
            for name, table in order_tables(data, rng).items()}


def order_tables(data: dict[str, Any], rng: Random) -> dict[str, dict[str, Any]]:
    """Every character's orders as an orders file's table holds them."""
    by_room: dict[int, list[str]] = {}
    for name, spec in data["characters"].items():
        by_room.setdefault(spec["room"], []).append(name)
    floors = {r["number"]: r["items"] for r in data["rooms"]}
    width = int(math.sqrt(len(data["rooms"])))
    orders: dict[str, dict[str, Any]] = {}
    for name, spec in data["characters"].items():
        room = spec["room"]
        mates = [m for m in by_room[room] if m != name]
        table: dict[str, Any] = {}
        roll = rng.random()
        if roll < 0.3:
            table["move"] = {"to": max(1, min(width * width, room + rng.choice(
                [1, -1, width, -width, 2, width + 1])))}
        elif roll < 0.5:
            table["move"] = {"route": ["pause", rng.choice(["east", "west", "north", "south"])]}
        elif roll < 0.55 and mates:
            table["chase"] = rng.choice(mates)
        if rng.random() < 0.1:
            table["follow"] = [rng.choice(["uniform:agent", "item:pistol"])]
        if rng.random() < 0.1:
            table["detain"] = ["uniform:scientist"]
        if rng.random() < 0.05:
            table["ignore"] = True
        if mates and rng.random() < 0.05:
            table["melee"] = {"target": rng.choice(mates)}
        if spec.get("hands") and mates and rng.random() < 0.3:
            table["use"] = [{"target": rng.choice(mates)}]
        if floors[room] and rng.random() < 0.2:
            table["take"] = [{"item": rng.choice(floors[room])}]
        if mates and rng.random() < 0.05:
            table["give"] = [{"item": spec["inventory"][0], "to": rng.choice(mates)}]
        if mates and rng.random() < 0.02:
            table["refuse"] = [rng.choice(mates)]
        if rng.random() < 0.03:
            table["drop"] = [{"item": spec["inventory"][0]}]
        if rng.random() < 0.03:
            table["show"] = [{"item": spec["inventory"][0]}]
        if rng.random() < 0.03:
            table["equip"] = {"hands": spec["inventory"][:1]}
        if "melee" in table and rng.random() < 0.3:
            table["bluff"] = ["melee"]
        orders[name] = table
    return orders


def _is_void(event: Event) -> bool:
    """A line telling a character that one of its orders is void."""
    facts = event.facts_for()
    return facts is not None and facts["kind"] == "void"


def bench(characters: int, rooms: int, repeats: int = 3) -> tuple[float, float]:
    """Resolve one turn ``repeats`` times; returns (first run, best run) in seconds.

    The first run is what ``referee resolve`` pays in a fresh process; later
    runs reuse memory the first one freed, as a long-lived server would. The
    garbage collector is paused around each, as ``referee resolve`` pauses it."""
    rng = Random(characters)
    data = building(characters, rooms, rng)
    started = time.perf_counter()
    scenario = FacilityScenario.model_validate(data)
    world = build_world(scenario)
    orders = orders_for(data, rng)
    ready = time.perf_counter()
    runs = []
    for _ in range(repeats):
        begun = time.perf_counter()
        log = Log()
        with collector_paused():
            resolve_turn(world, orders, log)
        runs.append(time.perf_counter() - begun)
        lines = len(log)
        void = sum(1 for event in log.events if _is_void(event))
        del log
    print(f"{characters:>7} characters, {len(world.rooms):>6} rooms:"
          f" set-up {ready - started:6.2f} s, resolve {runs[0]:6.2f} s"
          f" (best of {repeats}: {min(runs):6.2f} s), {lines:>8} log lines,"
          f" {void:>5} void orders", flush=True)
    return runs[0], min(runs)


def in_fresh_process(characters: int, rooms: int) -> tuple[float, float]:
    """Each size runs in an interpreter of its own, so that no size inherits
    the heap another one left behind."""
    out = subprocess.run([sys.executable, __file__, str(characters), str(rooms)],
                         check=True, capture_output=True, text=True).stdout
    *shown, figures = out.rstrip().splitlines()
    print(*shown, sep="\n", flush=True)
    first, best = json.loads(figures)
    return float(first), float(best)


class _Plain:
    __slots__ = ("items", "number")

    def __init__(self, number: int) -> None:
        self.number = number
        self.items = [number]


def plain_loop(objects: int) -> float:
    """Seconds for a plain loop reading ``objects`` small objects 20 times: how
    this machine's memory alone makes time grow with size (best of 3)."""
    everything = [_Plain(n) for n in range(objects)]
    best = math.inf
    for _ in range(3):
        begun = time.perf_counter()
        total = 0
        for _ in range(20):
            for one in everything:
                total += one.number + one.items[0]
        best = min(best, time.perf_counter() - begun)
    return best


if __name__ == "__main__":
    if len(sys.argv) == 3:
        print(json.dumps(bench(int(sys.argv[1]), int(sys.argv[2]))))
    else:
        print(f"the example (bots writing random orders, reading their views): "
              f"{playout_line('facility')}", flush=True)
        in_fresh_process(1_000, 200)
        small = in_fresh_process(10_000, 2_000)
        large = in_fresh_process(100_000, 20_000)
        print(f"10x the characters (10,000 -> 100,000): {large[0] / small[0]:.1f}x the time"
              f" of a first run, {large[1] / small[1]:.1f}x of the best runs")
        print(f"for comparison, a plain loop over 10x the objects: "
              f"{plain_loop(100_000) / plain_loop(10_000):.1f}x the time on this machine")
