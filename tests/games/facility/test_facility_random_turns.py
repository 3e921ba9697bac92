"""Three hundred random turns on the test building, counting what the book
does not allow (issue: the deviations found by reading the seed against the
code): an item that changes hands twice in one turn, a follow told to one
detained in the same step, an explicit declaration left out because it
cannot happen, a chase refused to a character with the 0.5 it costs."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest

from referee.core.events import REFEREE, Event
from referee.core.i18n import Msg, Name, for_reader
from tests.games.facility.helpers import resolve

NAMES = ["ann", "bob", "cat", "dan", "eve"]
ITEMS = ["pistol", "pistol2", "key", "map", "coat"]
DOORS = ["east", "west", "north", "south", "pause"]
TURNS = 300


def random_turn(rng: Random) -> tuple[dict[str, Any], dict[int, list[str]], dict[str, Any]]:
    """Characters in rooms 1-3 (a crowd meets often), items on the floor and
    in hands, and orders of every kind."""
    characters: dict[str, Any] = {
        name: {"room": rng.randint(1, 3), "concentration": rng.choice([0.5, 1, 2]),
               "uniform": rng.choice(["none", "scientist", "agent"])} for name in NAMES}
    floor: dict[int, list[str]] = {}
    for item in ITEMS:
        if rng.random() < 0.5:
            floor.setdefault(rng.randint(1, 3), []).append(item)
        else:
            characters[rng.choice(NAMES)].setdefault("hands", []).append(item)
    for spec in characters.values():
        spec["hands"] = spec.get("hands", [])[:2]
    placed = {i for spec in characters.values() for i in spec["hands"]}
    floor = {room: [i for i in items if i not in placed] for room, items in floor.items()}
    leftover = [i for i in ITEMS if i not in placed and not any(i in f for f in floor.values())]
    floor.setdefault(1, []).extend(leftover)
    orders: dict[str, Any] = {}
    for name in NAMES:
        others = [n for n in NAMES if n != name]
        table: dict[str, Any] = {}
        if rng.random() < 0.5:
            table["move"] = {"route": [rng.choice(DOORS) for _ in range(rng.randint(1, 4))]}
        elif rng.random() < 0.4:
            table["chase"] = rng.choice(others)
        if rng.random() < 0.4:
            table["follow"] = rng.sample(others, 2)
        if rng.random() < 0.3:
            table["detain"] = [rng.choice([*others, "uniform:scientist"])]
        if rng.random() < 0.4:
            table["take"] = [{"item": rng.choice(ITEMS)}]
        if rng.random() < 0.4:
            table["give"] = [{"item": rng.choice(ITEMS), "to": rng.choice(others)}]
        if rng.random() < 0.3:
            table["drop"] = [{"item": rng.choice(ITEMS)}]
        if rng.random() < 0.2 and "chase" not in table:
            table["melee"] = {"target": rng.choice(others)}
        if rng.random() < 0.3:
            table["use"] = [{"target": rng.choice(others)}]
        orders[name] = table
    return characters, floor, orders


def lines(events: list[Event]) -> list[tuple[str, Msg]]:
    """(phase, line) of each event as the game master reads it."""
    found = []
    for event in events:
        text = for_reader(event.text, REFEREE)
        what, phase = text.params.get("what"), text.params.get("phase")
        if isinstance(what, Msg) and isinstance(phase, Msg):
            found.append((f"{phase.key}{phase.params.get('step', '')}", what))
    return found


def name_of(value: object) -> str:
    return value.en if isinstance(value, Name) else str(value)


def reason_of(line: Msg) -> str:
    """The kind of reason a void line gives (``other-room``)."""
    reason = line.params.get("reason")
    return reason.key.split(".")[-1] if isinstance(reason, Msg) else ""


def count_deviations(result: Any, characters: dict[str, Any],
                     orders: dict[str, Any]) -> Counter[str]:
    found: Counter[str] = Counter()
    events = lines(result.game.log_for(REFEREE))
    moved: Counter[str] = Counter()
    for _, line in events:
        if line.key in ("facility.took", "facility.gave", "facility.dropped"):
            moved[name_of(line.params["item"])] += 1
    found["an item changes hands twice in a turn"] += len([n for n in moved.values() if n > 1])
    detained = {(phase, name_of(line.params[role])) for phase, line in events
                if line.key in ("facility.detained", "facility.detained-doorway")
                for role in ("who", "whom")}
    found["a detained character is told it follows"] += len(
        [line for phase, line in events if line.key == "facility.gm.following"
         and (phase, name_of(line.params["who"])) in detained])
    found["an impossible explicit order is void, not heard"] += len(
        [line for _, line in events if line.key == "facility.gm.void"
         and reason_of(line) in ("other-room", "not-here", "item-cannot")
         and str(line.params.get("order")) != "chase"])
    for name, table in orders.items():
        target = table.get("chase")
        if target is None or characters[name]["concentration"] < 0.5:
            continue
        same_room = characters[target]["room"] == characters[name]["room"]
        still = result.world.characters[target].room == characters[target]["room"] and not (
            orders[target].get("move") or orders[target].get("chase"))
        refused = any(line.key == "facility.gm.no-concentration"
                      and name_of(line.params["who"]) == name
                      and line.params["action"] == Msg("facility.action.chase")
                      for _, line in events)
        if same_room and still and refused:
            found["a chase of a still target refused with 0.5"] += 1
    return found


@pytest.mark.rule("CHAT-TRN-4", "CHAT-TRN-6", "CHAT-DET-5", "CHAT-CHS-3")
def test_random_turns_show_none_of_the_deviations() -> None:
    """«одновременно резолвятся сначала действия, не связанные с перемещением»;
    «Разрешается давать заявки на действия, которые ваш персонаж не может
    совершить»; «Задержание имеет более высокий приоритет, чем следование»;
    «Если цель не перемещалась, расходует на 0.5 концентрации меньше»."""
    rng = Random(10)
    total: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for _ in range(TURNS):
        characters, floor, orders = random_turn(rng)
        result = resolve(characters, orders, floor=floor)
        total += count_deviations(result, characters, orders)
        for _, line in lines(result.game.log_for(REFEREE)):
            seen[line.key] += 1
    assert +total == Counter(), total
    # the turns do reach the situations counted
    for key in ("facility.took", "facility.gave", "facility.dropped", "facility.detained",
                "facility.gm.following", "facility.gm.impossible", "facility.gm.chasing"):
        assert seen[key] > 5, key
