"""What is read from outside is bounded before anything else reads it: a
nesting too deep, a list too long, a text that is no Unicode or a number
that is not finite is refused with a message naming the place and the
limit, never a RecursionError or a crash further on; and a long parameter
is written whole into a line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.errors import IllegalAnswer, SaveFileError, ScenarioError
from referee.core.game import Game
from referee.core.i18n import msg, render
from referee.core.limits import (
    ANSWER,
    MB,
    ORDERS,
    SAVE,
    SCENARIO,
    NotPlainlyWithin,
    over_limit,
    plain_copy,
    plainly_within,
)
from referee.core.savefile import game_from_json, game_to_json, load_game
from referee.core.scenario import read_toml, validate_scenario
from tests.core.toy import Toy, ToyScenario, registered


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    with registered(Toy):
        yield


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def played() -> Game:
    game = Game(Toy(), ToyScenario(deck=["A", "B", "C", "A", "B"]))
    game.feed("B", "A", "C", "B")
    return game


def test_the_walk_names_the_place_and_the_limit() -> None:
    text = render(over_limit({"a": [{"b": nested(20)}]}, ANSWER), "en")  # type: ignore[arg-type]
    assert text.startswith("a[0].b[0][0]") and "nested more than 12 levels deep" in text
    assert render(over_limit({"take": [{}] * 1001}, ANSWER), "en") == (  # type: ignore[arg-type]
        "take: 1001 entries; at most 1000 are read in one list or table")
    assert render(over_limit({"name": "\ud800"}, SAVE), "ru") == (  # type: ignore[arg-type]
        "name: текст не является правильным Юникодом (одиночный суррогат, например `\\ud800`)")
    assert "expected a finite number, got inf" in render(
        over_limit({"x": [float("inf")]}, ORDERS), "en")  # type: ignore[arg-type]
    assert over_limit({"x": float("nan")}, SCENARIO) is None  # left to the schema's message
    assert over_limit({"move": {"to": 3, "route": ["east", 4]}}, ANSWER) is None


@pytest.mark.parametrize("data", [
    {"move": {"to": 3, "route": ["east", 4, "pause"]}, "take": [{"item": "key"}], "x": None},
    [1, 2.5, True, None, "Ёж", {"a": []}], {}, [], "text", 7, 0.5, False, None])
def test_plain_data_within_the_limits_is_copied_as_it_reads_back(data: Any) -> None:
    copied = plain_copy(data, ANSWER)
    assert json.dumps(copied) == json.dumps(json.loads(json.dumps(data)))
    if isinstance(data, dict | list) and data:
        assert copied is not data
        data.clear()  # the copy shares nothing with it
        assert copied


@pytest.mark.parametrize("data", [
    {"a": nested(20)}, {"take": [{}] * 1001}, {"name": "\ud800"}, {"x": [float("inf")]},
    "x" * 20_000, float("nan"), (1, 2), {1: "a"}, {"a": (1,)}, {"a": {1, 2}}])
def test_what_is_past_the_limits_or_not_plain_is_not_copied(data: Any) -> None:
    with pytest.raises(NotPlainlyWithin):
        plain_copy(data, ANSWER)


_TIGHT = replace(ANSWER, depth=3, entries=4, text=6)
"""Limits small enough for random data to cross each of them often."""
_LEAVES = (st.none() | st.booleans() | st.integers() | st.floats()
           | st.text(max_size=8) | st.sampled_from(["\ud800", (1,), b"x"]))
_DATA = st.recursive(_LEAVES, lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
    st.text(max_size=8) | st.integers(), inner, max_size=6), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(_DATA)
def test_the_copying_walk_and_the_checking_walk_agree(data: Any) -> None:
    """An answer is copied by one walk (:func:`plain_copy`), a file checked
    by another (:func:`plainly_within`): both keep the same limits, so each
    accepts exactly what the other does, and neither accepts what the full
    walk finds past them."""
    try:
        plain_copy(data, _TIGHT)
        copied = True
    except NotPlainlyWithin:
        copied = False
    assert copied == plainly_within(data, _TIGHT)
    if copied:
        assert over_limit(data, _TIGHT) is None


def test_a_deeply_nested_orders_file_is_refused_naming_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "orders.toml"
    path.write_text("[anna]\nmove = " + "[" * 500 + "]" * 500 + "\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        read_toml(path, ORDERS)
    assert "nested more than 12 levels deep" in caught.value.render("en")
    assert "вложенность глубже 12 уровней" in caught.value.render("ru")


def test_a_file_larger_than_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    small = replace(SCENARIO, file_bytes=MB)
    path = tmp_path / "huge.toml"
    with path.open("w", encoding="utf-8") as handle:
        handle.write('ruleset = "toy"\n')
        line = "# " + "x" * 1000 + "\n"
        for _ in range(small.file_bytes // len(line) + 1):
            handle.write(line)
    with pytest.raises(ScenarioError) as caught:
        read_toml(path, small)
    assert "the file is larger than 1 MB (about 2 MB)" in caught.value.render("en")
    assert read_toml(path)["ruleset"] == "toy"  # within a scenario's own limit


def test_a_scenario_nested_deep_through_the_python_api_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(Toy(), {"deck": nested(2000)}, "api")
    assert "nested more than 12 levels deep" in caught.value.render("en")


@pytest.mark.parametrize("depth", [40, 5000])
def test_a_save_file_nested_too_deep_is_refused_whole(tmp_path: Path, depth: int) -> None:
    data = game_to_json(played())
    data["scenario"]["deck"] = "DECK"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data).replace('"DECK"', "[" * depth + "1" + "]" * depth),
                    encoding="utf-8")
    with pytest.raises(SaveFileError) as caught:
        load_game(path)
    assert "levels deep" in caught.value.render("en")
    data["scenario"]["deck"] = nested(depth)
    with pytest.raises(SaveFileError):
        game_from_json(data, "api")


def test_a_lone_surrogate_in_a_save_is_refused_and_a_checksum_never_fails() -> None:
    data = game_to_json(played())
    data["scenario"]["deck"][0] = "\ud800"
    with pytest.raises(SaveFileError) as caught:
        game_from_json(data, "game.json")
    assert "scenario: deck[0]: the text is not valid Unicode" in caught.value.render("en")
    game = Game(Toy(), ToyScenario(deck=["\ud800", "B", "C", "A"]))  # past every file
    assert len(game.checksum()) == 64


def test_an_answer_nested_too_deep_is_refused_and_changes_nothing() -> None:
    game = played()
    before = game.checksum()
    with pytest.raises(IllegalAnswer) as caught:
        game.answer("north", nested(100_000))
    assert "levels deep" in caught.value.render("en")
    assert "слишком велик" in caught.value.render("ru")
    with pytest.raises(IllegalAnswer):
        game.answer("north", "x" * 20_000)
    assert game.checksum() == before and len(game.inputs) == 4
    game.answer("north", "C")  # the game goes on


def test_a_parameter_longer_than_fluents_own_limit_is_written_whole() -> None:
    long = "z" * 5000
    assert render(msg("core.did-you-mean", name=long), "en") == f" (did you mean `{long}`?)"
    assert render(msg("core.error.text", text=long), "ru") == long
