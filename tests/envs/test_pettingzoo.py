"""PettingZoo's own tests of the environments, for every ruleset, each kept
short (a few cycles)."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace
from typing import Any

import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)
from pettingzoo.utils.conversions import parallel_to_aec

import referee

RULESETS = ["night-watch", "echo", "old-west", "samurai", "facility"]

advice = [
    # PettingZoo's advice, not its rules: agents are named after the game's
    # seats ("night", "lawmen"), and an observation is a Dict of the numbers
    # and the action mask, as PettingZoo's own classic games have it.
    pytest.mark.filterwarnings("ignore:We recommend agents to be named"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]
pytestmark = [pytest.mark.parametrize("name", RULESETS), *advice]


def test_the_aec_environment_passes_the_api_test(name: str) -> None:
    api_test(referee.env(name), num_cycles=12)


def test_the_parallel_environment_passes_the_api_test(name: str) -> None:
    parallel_api_test(referee.parallel_env(name), num_cycles=12)


def test_the_parallel_environment_turned_aec_passes_the_api_test(name: str) -> None:
    api_test(parallel_to_aec(referee.parallel_env(name)), num_cycles=12)


def test_a_seed_plays_the_same_game(name: str) -> None:
    seed_test(partial(referee.env, name), num_cycles=12)


def test_a_seed_plays_the_same_parallel_game(name: str) -> None:
    parallel_seed_test(partial(referee.parallel_env, name), num_cycles=12)


def test_max_cycles_cuts_the_game_short(name: str) -> None:
    module = SimpleNamespace(env=partial(referee.env, name),
                             parallel_env=partial(referee.parallel_env, name))
    max_cycles_test(module)


def test_the_board_renders_as_text(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    def make(render_mode: str | None = None) -> Any:
        return referee.env(name, render_mode=render_mode)

    render_test(make, custom_tests={"ansi": lambda text: bool(text.strip())})
    assert capsys.readouterr().out.strip(), "render_mode='human' printed nothing"
