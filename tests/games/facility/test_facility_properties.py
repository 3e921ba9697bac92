"""Properties: no orders file crashes the resolver; the result does not depend
on the order characters or orders are listed in; a replay is identical; a
report never changes with what its character could not see."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.game import Game
from tests.games.facility.helpers import RULESET, Resolved, report, resolve, scenario

NAMES = ["ann", "bob", "cat", "dan"]
ITEMS = ["pistol", "pistol2", "key", "map", "coat", "crown"]
DOORS = ["east", "west", "north", "south", "pause", 1, 2, 5, 9]

name = st.sampled_from([*NAMES, "zed"])
item = st.sampled_from(ITEMS)
feature = st.sampled_from([*NAMES, "uniform:agent", "uniform:scientist", "item:pistol", "x"])
secret = st.booleans()
order = st.fixed_dictionaries({}, optional={
    "move": st.fixed_dictionaries({}, optional={
        "to": st.integers(0, 7), "route": st.lists(st.sampled_from(DOORS), max_size=6)}),
    "chase": name, "follow": st.lists(feature, max_size=3), "detain": st.lists(feature, max_size=3),
    "ignore": st.booleans(),
    "melee": st.fixed_dictionaries({}, optional={"target": name, "secret": secret}),
    "take": st.lists(st.fixed_dictionaries({"item": item}, optional={
        "place": st.sampled_from(["hands", "inventory", "belt", "body", "pocket"])}), max_size=3),
    "give": st.lists(st.fixed_dictionaries({"item": item, "to": name}), max_size=2),
    "accept": st.lists(st.fixed_dictionaries({"item": item}), max_size=2),
    "refuse": st.lists(name, max_size=2),
    "drop": st.lists(st.fixed_dictionaries({"item": item}), max_size=2),
    "show": st.lists(st.fixed_dictionaries({"item": item}), max_size=2),
    "equip": st.fixed_dictionaries({"hands": st.lists(item, max_size=3)}),
    "use": st.lists(st.fixed_dictionaries({}, optional={"item": item, "target": name}),
                    max_size=2),
    "bluff": st.lists(st.sampled_from(["melee", "take[0]", "use[0]", "x"]), max_size=2),
})
junk = st.recursive(st.none() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)
orders_file = st.dictionaries(name, order | st.dictionaries(st.text(max_size=8), junk,
                                                            max_size=3), max_size=5)
CHARACTERS: dict[str, Any] = {
    "ann": {"room": 1, "hands": ["pistol"]}, "bob": {"room": 2, "uniform": "agent"},
    "cat": {"room": 2, "inventory": ["pistol2"], "concentration": 1},
    "dan": {"room": 5, "worn": {"body": ["coat"]}},
}
FLOOR = {1: ["key"], 2: ["map"]}


def run(orders: dict[str, Any], characters: dict[str, Any] | None = None) -> Resolved:
    return resolve(characters or CHARACTERS, orders, floor=FLOOR)


def rendered(result: Resolved) -> str:
    return json.dumps({n: report(result, n) for n in NAMES}, ensure_ascii=False)


@settings(max_examples=150, deadline=None)
@given(orders_file)
def test_no_orders_file_crashes(orders: dict[str, Any]) -> None:
    result = run(orders)
    for n in NAMES:
        assert report(result, n)[-1].startswith("(end of turn) You are in room")


@settings(max_examples=80, deadline=None)
@given(orders_file, st.randoms(use_true_random=False))
def test_listing_order_does_not_matter(orders: dict[str, Any], rng: Any) -> None:
    shuffled_names = list(orders.items())
    rng.shuffle(shuffled_names)
    reordered = {n: (dict(reversed(list(t.items()))) if isinstance(t, dict) else t)
                 for n, t in shuffled_names}
    chars = dict(reversed(list(CHARACTERS.items())))
    assert rendered(run(orders)) == rendered(run(reordered, chars))


@settings(max_examples=30, deadline=None)
@given(st.dictionaries(st.sampled_from(NAMES), order, max_size=4))
def test_replay_gives_identical_reports(orders: dict[str, Any]) -> None:
    game = Game(RULESET, scenario(CHARACTERS, floor=FLOOR))
    for seat, table in orders.items():
        game.answer(seat, table)
    game.close()
    again = Game(RULESET, scenario(CHARACTERS, floor=FLOOR), game.inputs)
    assert again.checksum() == game.checksum()
    assert again.text_log("ann") == game.text_log("ann")


@settings(max_examples=60, deadline=None)
@given(order, order, st.sampled_from(["coat", "pistol2"]))
def test_report_ignores_what_cannot_be_seen(dan_orders: dict[str, Any],
                                            other: dict[str, Any], hidden: str) -> None:
    """dan is alone in room 6, far from ann's room 4 (no door between 4 and 6);
    whatever dan secretly does in the actions phase, and what dan carries in
    the inventory, ann's report and view stay byte-identical."""
    quiet = {k: v for k, v in dan_orders.items()
             if k not in ("move", "chase", "follow", "detain")}
    base = {"ann": {"room": 4}, "dan": {"room": 6}}
    changed = {"ann": {"room": 4}, "dan": {"room": 6, "inventory": [hidden]}}
    first = run({"ann": other, "dan": {}}, base)
    second = run({"ann": other, "dan": quiet}, changed)
    assert report(first, "ann") == report(second, "ann")
    game1 = Game(RULESET, scenario(base))
    game2 = Game(RULESET, scenario(changed))
    assert json.dumps(game1.view("ann")) == json.dumps(game2.view("ann"))


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(1, n), st.integers(1, n)), max_size=3 * n),
    st.integers(1, n), st.integers(1, n), st.none() | st.integers(0, 6))))
def test_shortest_route_is_the_graph_route(case: tuple[int, list[tuple[int, int]], int, int,
                                                       int | None]) -> None:
    """CHAT-MOV-2: the breadth-first route with the lower-room tie-break is the
    general cheapest route with the room number as tie key; none is found
    beyond ``within`` doors; rooms are reachable exactly when a route exists."""
    from referee.games.facility.scenario import FacilityScenario
    from referee.games.facility.world import build_world

    rooms, pairs, origin, destination, within = case
    doors = [{"rooms": [a, b], "names": [f"d{i}a", f"d{i}b"]}
             for i, (a, b) in enumerate(pairs) if a != b]
    built = build_world(FacilityScenario.model_validate({
        "title": "t", "rooms": [{"number": n} for n in range(1, rooms + 1)],
        "doors": doors, "items": {}, "characters": {}}))
    expected = built.graph.route(origin, destination, tie_key=lambda room: room)
    got = built.shortest_route(origin, destination, within=within)
    if expected is None or within is None or len(expected) - 1 <= within:
        assert got == expected
    else:
        assert got is None
    assert built.reachable(origin, destination) == (expected is not None)
