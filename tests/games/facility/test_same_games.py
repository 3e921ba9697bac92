"""The same seeds play the same games: random games of the example, and
crowded turns of a generated building with orders of every kind, pinned by a
digest of every input and the game's checksum (the game master's view of the
state and the whole log, in both languages' facts and keys), each worked out
before the rules were made faster. A change meant only to make the rules
faster must leave every digest as it is; a change of the rules, the random
bot or the orders below changes them on purpose (then compute them again)."""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from random import Random
from typing import Any

import pytest

from referee.bots import random_playout
from referee.core.errors import RefereeError
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.scenario import load_scenario, validate_scenario
from referee.games.facility.ruleset import Facility
from referee.games.facility.world import World

WIDTH = 4
"""The generated building: a grid of WIDTH x WIDTH rooms."""
CHARACTERS = 40
TURNS = 3


def digest(game: Game, views: list[str] | None = None) -> str:
    """The inputs, the checksum of the game and the ``views`` seen on the
    way, as a short hex digest."""
    text = json.dumps(game.inputs, sort_keys=True) + game.checksum() + "".join(views or [])
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def every_view(game: Game) -> str:
    """Every seat's whole view, the game master's too."""
    return json.dumps([game.view(seat) for seat in (*game.seats, REFEREE)],
                      sort_keys=True, ensure_ascii=False)


def building(rng: Random) -> Game:
    """A grid of rooms, cameras in some, a pistol for every fourth character,
    a note in every inventory, boxes on the floors; few rooms for many
    characters, so that they meet."""
    numbers = range(1, WIDTH * WIDTH + 1)
    doors = []
    for n in numbers:
        row, col = divmod(n - 1, WIDTH)
        if col + 1 < WIDTH:
            doors.append({"rooms": [n, n + 1], "names": ["east", "west"]})
        if row + 1 < WIDTH:
            doors.append({"rooms": [n, n + WIDTH], "names": ["north", "south"]})
    items: dict[str, Any] = {}
    floor: dict[int, list[str]] = {n: [] for n in numbers}
    people: dict[str, Any] = {}
    for i in range(CHARACTERS):
        room = rng.choice(numbers)
        spec: dict[str, Any] = {"room": room, "concentration": rng.choice([1, 2]),
                                "uniform": rng.choice(["none", "scientist", "agent"])}
        if i % 4 == 0:
            items[f"gun{i}"] = {"kind": "pistol", "abilities": ["shot"],
                                "carry": ["hands", "inventory", "belt"]}
            spec["hands"] = [f"gun{i}"]
        items[f"note{i}"] = {"kind": "note"}
        spec["inventory"] = [f"note{i}"]
        people[f"c{i:02}"] = spec
        if i % 3 == 0:
            items[f"box{i}"] = {"kind": "box"}
            floor[room].append(f"box{i}")
    data = {"ruleset": "facility", "title": "grid", "turn": 1,
            "settings": {"last_turn": TURNS, "danger": "armed-next-room"},
            "rooms": [{"number": n, "camera": n % 5 == 0, "items": floor[n]} for n in numbers],
            "doors": doors, "items": items, "characters": people}
    ruleset = Facility()
    return Game(ruleset, validate_scenario(ruleset, data, "grid"))


def orders(world: World, rng: Random) -> dict[str, dict[str, Any]]:
    """Everyone's orders for this turn: movement by target room and by route,
    pauses, chase, follow, detain, ignore, melee, shots, take, give, refuse,
    drop, show, equip and bluff, some of them void."""
    found: dict[str, dict[str, Any]] = {}
    for name, me in sorted(world.characters.items()):
        mates = sorted(m.name for m in world.in_room(me.room) if m.name != name)
        mine = me.items()
        floor = world.floor.get(me.room, [])
        table: dict[str, Any] = {}
        roll = rng.random()
        if roll < 0.3:
            table["move"] = {"to": max(1, min(WIDTH * WIDTH, me.room + rng.choice(
                [1, -1, WIDTH, -WIDTH, 2, WIDTH + 1])))}
        elif roll < 0.5:
            table["move"] = {"route": [rng.choice(["pause", "east", "north"]),
                                       rng.choice(["east", "west", "north", "south"])]}
        elif roll < 0.6 and mates:
            table["chase"] = rng.choice(mates)
        if rng.random() < 0.15:
            table["follow"] = [rng.choice(["uniform:agent", "item:pistol", *mates[:1]])]
        if rng.random() < 0.15:
            table["detain"] = [rng.choice(["uniform:scientist", *mates[:1]])]
        if rng.random() < 0.05:
            table["ignore"] = True
        if mates and rng.random() < 0.1 and "chase" not in table:
            table["melee"] = {"target": rng.choice(mates)}
        if me.hands and mates and rng.random() < 0.4:
            table["use"] = [{"target": rng.choice(mates)}]
        if floor and rng.random() < 0.3:
            table["take"] = [{"item": rng.choice(floor)}]
        if mine and mates and rng.random() < 0.1:
            table["give"] = [{"item": rng.choice(mine), "to": rng.choice(mates)}]
        if mates and rng.random() < 0.05:
            table["refuse"] = [rng.choice(mates)]
        if mine and rng.random() < 0.05:
            table["drop"] = [{"item": rng.choice(mine)}]
        if mine and rng.random() < 0.05:
            table["show"] = [{"item": rng.choice(mine)}]
        if me.inventory and rng.random() < 0.05:
            table["equip"] = {"hands": me.inventory[:1]}
        if "melee" in table and rng.random() < 0.3:
            table["bluff"] = ["melee"]
        found[name] = table
    return found


def crowded_game(seed: int) -> tuple[Game, list[str]]:
    """TURNS turns of the generated building, every order answered (a refused
    one left out), each turn closed at its deadline; with every view after
    the orders and after each turn."""
    rng = Random(seed)
    game = building(rng)
    views = []
    while not game.is_over:
        for name, table in orders(game.state.world, rng).items():
            with suppress(RefereeError):
                game.answer(name, table)
        views.append(every_view(game))
        game.close()
        views.append(every_view(game))
    return game, views


EXAMPLE = {
    0: "dd51d7395936", 1: "e7430139c8fd", 2: "a3711a544198", 3: "35e5b7986cec",
    4: "e4928663078b", 5: "2392d0255e04", 6: "ca7f55be45d8", 7: "f9c784ab0824",
}
CROWDED = {0: "50f7cbaa089e", 1: "b5ad289df6c6", 2: "f5dd53815a29", 3: "ccfa926ec737"}


@pytest.mark.parametrize("seed", sorted(EXAMPLE))
def test_a_seeded_game_of_the_example_is_the_same_game(seed: int) -> None:
    ruleset, scenario = load_scenario("facility")
    assert digest(random_playout(Game(ruleset, scenario), seed)) == EXAMPLE[seed]


@pytest.mark.parametrize("seed", sorted(CROWDED))
def test_a_seeded_crowded_game_is_the_same_game(seed: int) -> None:
    assert digest(*crowded_game(seed)) == CROWDED[seed]
