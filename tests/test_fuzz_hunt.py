"""Fuzzed scenarios, orders, answers and save files, with the values a hunt
for crashes found (1e308, inf and nan, a million, lone surrogates, nesting
thousands deep, lists of hundreds): each ends in a message naming what is
wrong, never a traceback, and a refused input changes nothing. A scenario
that validates plays.

Each test runs a bounded number of examples (a few seconds); set
``REFEREE_FUZZ_EXAMPLES`` for a longer hunt, e.g.
``REFEREE_FUZZ_EXAMPLES=2000 pytest tests/test_fuzz_hunt.py``.
"""

from __future__ import annotations

import copy
import json
import os
import tomllib
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.errors import RefereeError, SaveFileError, ScenarioError
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.limits import ORDERS
from referee.core.ruleset import AnyRuleset, all_rulesets, find_ruleset
from referee.core.savefile import game_to_json, load_game
from referee.core.scenario import load_scenario, read_toml, validate_scenario
from referee.core.waits import Chance, Decision

EXAMPLES_PER_TEST = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "15"))
FUZZ = settings(max_examples=EXAMPLES_PER_TEST, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
PLAYED = 30
"""Inputs a fuzzed scenario that validates is played for."""


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


FOUND = [float("inf"), float("-inf"), float("nan"), 1e308, -1e308, 1e9, 1e6, 1_000_000,
         10**30, -(10**30), 0, -1, 0.0, "", "\ud800", "vera?", "x" * 3000, True, None,
         [], {}]
"""Values the hunt found breaking something."""
flat_hostile = st.one_of(
    st.sampled_from(FOUND),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)
hostile = st.one_of(flat_hostile, st.integers(20, 3000).map(nested))
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**9), 10**9), st.text(max_size=10),
              st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(FOUND)),
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.text(max_size=8), inner, max_size=5)),
    max_leaves=20)


def example_data() -> list[tuple[AnyRuleset, dict[str, Any]]]:
    return [(ruleset, tomllib.loads(ruleset.examples()[0].read_text(encoding="utf-8")))
            for ruleset in all_rulesets() if ruleset.examples()]


EXAMPLES = example_data()


def places(data: Any, deepest: int = 8) -> list[tuple[Any, ...]]:
    """Every place in ``data`` down to ``deepest`` levels (a value made
    thousands deep by an earlier change is not walked into)."""
    found: list[tuple[Any, ...]] = []
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if path:
            found.append(path)
        if len(path) >= deepest:
            continue
        if isinstance(node, dict):
            stack += [(value, (*path, key)) for key, value in node.items()]
        elif isinstance(node, list):
            stack += [(value, (*path, index)) for index, value in enumerate(node)]
    return found


def mutated(data: dict[str, Any], choice: st.DataObject,
            values: st.SearchStrategy[Any] = hostile) -> dict[str, Any]:
    """``data`` with one to three places given a value the hunt found, or a
    list made hundreds long."""
    data = copy.deepcopy(data)
    plausible = choice.draw(st.booleans(), label="plausible")
    for _ in range(choice.draw(st.integers(1, 3), label="changes")):
        found = places(data)
        numbers = [p for p in found if _number(_at(data, p))]
        where = choice.draw(st.sampled_from(numbers if plausible and numbers else found),
                            label="place")
        parent = _at(data, where[:-1])
        given = parent[where[-1]]
        if plausible and _number(given):
            parent[where[-1]] = choice.draw(near(given), label="value")
        elif isinstance(given, list) and given and choice.draw(st.booleans(), label="lengthen"):
            parent[where[-1]] = given * choice.draw(st.integers(50, 400))
        else:
            parent[where[-1]] = choice.draw(values, label="value")
    return data


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def near(value: float) -> st.SearchStrategy[Any]:
    """A number of the kind of ``value``, up to a few times as large: most
    such scenarios validate, and then they must play."""
    top = max(10, 3 * abs(value))
    if isinstance(value, int):
        return st.integers(-2, int(top))
    return st.floats(-2, float(top), allow_nan=False)


def refused_in_words(exc: RefereeError) -> None:
    for lang in ("en", "ru"):
        text = exc.render(lang)
        assert text and "{???}" not in text


def plays(game: Game, seed: int, inputs: int = PLAYED) -> None:
    """A few inputs of bot play, every seat's view written as JSON."""
    play_out(game, dict.fromkeys(game.seats, random_bot(Random(seed))),
             RandomChance(Random(seed + 1)), max_inputs=inputs)
    for seat in (*game.seats, REFEREE):
        json.dumps(game.view(seat), ensure_ascii=False)
        game.text_log(seat, "ru")
    assert len(game.checksum()) == 64


@pytest.mark.skipif(not EXAMPLES, reason="no example scenario loads")
@FUZZ
@given(choice=st.data())
def test_a_fuzzed_scenario_is_refused_in_words_or_plays(choice: st.DataObject) -> None:
    ruleset, data = choice.draw(st.sampled_from(EXAMPLES), label="example")
    try:
        scenario = validate_scenario(ruleset, mutated(data, choice), "fuzzed.toml")
    except ScenarioError as exc:
        assert exc.messages
        refused_in_words(exc)
        event("refused")
        return
    event(f"{ruleset.name} validated and played")
    plays(Game(ruleset, scenario), choice.draw(st.integers(0, 1000), label="seed"))


def facility_game() -> Game:
    return Game(*load_scenario("facility"))


FACILITY = facility_game()
ORDER_NAMES = ["move", "chase", "follow", "detain", "ignore", "melee", "take", "give",
               "accept", "refuse", "drop", "show", "equip", "use", "bluff", "fly"]
orders_tables = st.dictionaries(st.sampled_from(ORDER_NAMES), st.one_of(json_values, hostile),
                                max_size=5)


@FUZZ
@given(orders=orders_tables, seat=st.sampled_from(FACILITY.seats),
       many=st.integers(0, 300))
def test_fuzzed_orders_are_void_or_refused_and_a_refusal_changes_nothing(
        orders: dict[str, Any], seat: str, many: int) -> None:
    game = FACILITY.fork()
    if many:
        orders["take"] = [{}] * many
    before = (game.checksum(), [json.dumps(game.view(s)) for s in game.seats])
    try:
        game.answer(seat, orders)
    except RefereeError as exc:
        refused_in_words(exc)
        assert (game.checksum(), [json.dumps(game.view(s)) for s in game.seats]) == before
        return
    game.close()
    for reader in (*game.seats, REFEREE):
        for lang in ("en", "ru"):
            assert not any("{???}" in line for line in game.text_log(reader, lang))


def started(ruleset: AnyRuleset, steps: int, seed: int) -> Game:
    game = Game(*load_scenario(ruleset.examples()[0]))
    play_out(game, dict.fromkeys(game.seats, random_bot(Random(seed))),
             RandomChance(Random(seed)), max_inputs=steps)
    return game


PLAYABLE = [ruleset for ruleset, _ in EXAMPLES]


@pytest.mark.skipif(not PLAYABLE, reason="no example scenario loads")
@FUZZ
@given(ruleset=st.sampled_from(PLAYABLE) if PLAYABLE else st.nothing(),
       steps=st.integers(0, 40), value=st.one_of(json_values, hostile))
def test_a_fuzzed_answer_or_roll_is_refused_and_changes_nothing_or_plays_on(
        ruleset: AnyRuleset, steps: int, value: Any) -> None:
    game = started(ruleset, steps, steps)
    if game.is_over:
        return
    before = (game.checksum(), len(game.inputs))
    wait = game.waiting
    try:
        if isinstance(wait, Chance):
            game.roll(value)
        elif isinstance(wait, Decision):
            game.answer(game.seats_to_answer()[0], value)
    except RefereeError as exc:
        refused_in_words(exc)
        assert (game.checksum(), len(game.inputs)) == before
        return
    plays(game, steps, 10)


def saved_games() -> list[dict[str, Any]]:
    return [json.loads(json.dumps(game_to_json(started(ruleset, 12, 3))))
            for ruleset in (find_ruleset("night-watch"), find_ruleset("facility"))]


SAVED = saved_games()


@FUZZ
@given(choice=st.data(), twice=st.booleans(), depth=st.sampled_from([0, 40, 5000]))
def test_a_fuzzed_save_file_is_refused_in_words(tmp_path_factory: pytest.TempPathFactory,
                                                choice: st.DataObject, twice: bool,
                                                depth: int) -> None:
    data = mutated(choice.draw(st.sampled_from(SAVED), label="save"), choice, flat_hostile)
    text = json.dumps(data)  # surrogates escaped, as JSON may hold them
    if twice:
        text = text.replace('"inputs": ', '"inputs": [], "inputs": ', 1)
    if depth:
        text = text.replace('"ruleset": ', '"ruleset": ' + "[" * depth + "]" * depth + ', "x": ',
                            1)
    path = tmp_path_factory.mktemp("saves") / "game.json"
    path.write_text(text, encoding="utf-8")
    try:
        game = load_game(path)
    except SaveFileError as exc:
        refused_in_words(exc)
        return
    plays(game, 1, 10)


@FUZZ
@given(text=st.one_of(
    st.text(max_size=200),
    st.integers(1, 3000).map(lambda depth: "[anna]\nmove = " + "[" * depth + "]" * depth),
    st.integers(1, 3000).map(lambda depth: "a = " + "{b = " * depth + "1" + "}" * depth)))
def test_a_fuzzed_toml_file_is_read_or_refused_in_words(
        tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    path = tmp_path_factory.mktemp("toml") / "orders.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        read_toml(path, ORDERS)
    except ScenarioError as exc:
        refused_in_words(exc)

