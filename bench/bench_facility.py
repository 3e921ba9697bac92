"""Facility: resolve one turn of a generated building (run on demand, not a test).

    .venv/bin/python bench/bench_facility.py            # 1,000 / 10,000 / 100,000 characters

A grid of rooms (2,000 for 10,000 characters; one room per 5 characters
otherwise), a camera in every tenth room, a pistol for every tenth character,
items on the floors, and a mix of every action: movement by route and by
target room, pauses, chase, follow, detain, ignore, melee, shots, take, give,
refuse, drop, show, equip and bluff.
"""

from __future__ import annotations

import math
import time
from random import Random
from typing import Any

from referee.games.facility.model import FacilityScenario, Orders
from referee.games.facility.resolve import resolve_turn
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
    by_room: dict[int, list[str]] = {}
    for name, spec in data["characters"].items():
        by_room.setdefault(spec["room"], []).append(name)
    floors = {r["number"]: r["items"] for r in data["rooms"]}
    width = int(math.sqrt(len(data["rooms"])))
    orders: dict[str, Orders] = {}
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
        orders[name] = Orders.model_validate(table)
    return orders


def bench(characters: int, rooms: int) -> None:
    rng = Random(characters)
    data = building(characters, rooms, rng)
    started = time.perf_counter()
    scenario = FacilityScenario.model_validate(data)
    world = build_world(scenario)
    orders = orders_for(data, rng)
    ready = time.perf_counter()
    result = resolve_turn(world, orders)
    done = time.perf_counter()
    print(f"{characters:>7} characters, {len(world.rooms):>6} rooms:"
          f" set-up {ready - started:6.2f} s,"
          f" resolve {done - ready:6.2f} s, {len(result.lines):>8} report lines,"
          f" {len(result.void):>5} void orders")


if __name__ == "__main__":
    bench(1_000, 200)
    bench(10_000, 2_000)
    bench(100_000, 20_000)
