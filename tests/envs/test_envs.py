"""What an agent of a Referee environment meets: an action for every option
put to its seat, questions answered by shape walked part by part into an
answer the rules take, rewards from the outcome, words in its language,
and nothing of another seat's secrets."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import pytest

import referee
from referee.core.errors import ScenarioError
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.waits import Chance
from referee.envs import RefereeEnv
from referee.envs.match import Match
from referee.envs.setup import Setup, setup

RULESETS = ["night-watch", "echo", "old-west", "samurai", "facility"]


def new_match(name: str, seed: int = 0, inputs: list[dict[str, Any]] | None = None
              ) -> tuple[Setup, Match]:
    found = setup(name, None, {})
    return found, Match(found.ruleset, found.scenario, found.codec, seed, inputs or ())


def play(match: Match, rng: Random, actions: int, seats: tuple[str, ...]) -> int:
    """Random legal actions for the asked seats, up to ``actions`` of them."""
    taken = 0
    while taken < actions and not match.over:
        for seat in seats:
            part = match.part(seat)
            if part is not None and taken < actions:
                match.act(seat, rng.choice(sorted(part.choices)))
                taken += 1
    return taken


@pytest.mark.parametrize("name", RULESETS)
def test_every_option_put_to_a_seat_has_an_action_of_its_own(name: str) -> None:
    found, match = new_match(name)
    rng, asked = Random(1), 0
    while not match.over and asked < 400:
        for seat in found.seats:
            part = match.part(seat)
            if part is None:
                continue
            options = (match.view(seat)["waiting"] or {}).get("options")
            if options is not None:
                assert len(part.choices) == len(options), (seat, options)
            assert part.choices
            match.act(seat, rng.choice(sorted(part.choices)))
            asked += 1


@pytest.mark.parametrize("name", RULESETS)
def test_every_seat_has_the_same_actions(name: str) -> None:
    rules, scenario = load_scenario(name)
    game = Game(rules, scenario)
    catalogues = {tuple(setup(name, None, {}).codec.catalogue.keys)}
    from referee.envs.codecs import codec_for

    catalogues |= {tuple(codec_for(rules, game.view(seat)).catalogue.keys)
                   for seat in game.seats}
    assert len(catalogues) == 1


@pytest.mark.parametrize("name", RULESETS)
def test_the_rewards_add_up_to_the_outcome(name: str) -> None:
    environment = referee.env(name)
    environment.reset(seed=3)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    returns: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            returns.setdefault(agent, environment.view(agent)["outcome"]["returns"][agent])
            environment.step(None)
        else:
            environment.step(environment.action_space(agent).sample(observation["action_mask"]))
    assert totals == returns


def test_a_samurai_allocation_is_walked_fighter_by_fighter() -> None:
    found, match = new_match("samurai", seed=2)
    rng = Random(2)
    seat = None
    while seat is None:
        assert not match.over, "no fight in the game"
        seat = next((s for s in found.seats if match.part(s) is not None
                     and (match.view(s)["waiting"].get("answer_schema") or {}).get("title")
                     == "Allocation"), None)
        if seat is None:
            play(match, rng, 1, found.seats)
    state = match.view(seat)["state"]
    mine = state["fight"]["sides"][seat]
    catalogue = found.codec.catalogue
    for fid in mine:
        part = match.part(seat)
        assert part is not None and part.about == fid
        cp = state["fighters"][fid]["cp"]
        assert sorted(part.choices) == [catalogue.index[("tokens", n)] for n in range(cp + 1)]
        match.act(seat, catalogue.index[("tokens", cp)])
        part = match.part(seat)
        assert part is not None and part.about == fid
        match.act(seat, catalogue.index[("boost-initiative", fid == mine[0])])
    assert match.game.pending_answer(seat) == {"fighters": {  # the other side answers later
        fid: {"attack": state["fighters"][fid]["cp"], "defence": 0,
              "boost_initiative": fid == mine[0]} for fid in mine}}


def test_no_facility_order_the_environment_writes_is_void() -> None:
    found, match = new_match("facility", seed=5)
    play(match, Random(5), 10_000, found.seats)
    assert match.over
    told = [line["facts"] for line in match.view(REFEREE)["log"]
            if (line.get("facts") or {}).get("kind") in ("void", "impossible")]
    assert told == []


def test_an_action_the_mask_forbids_changes_nothing() -> None:
    environment = referee.env("old-west")
    environment.reset(seed=1)
    agent = environment.agent_selection
    before = {a: environment.observe(a) for a in environment.agents}
    mask = before[agent]["action_mask"]
    environment.step(int(np.flatnonzero(mask == 0)[0]))
    for other in environment.agents:
        after = environment.observe(other)
        assert np.array_equal(after["observation"], before[other]["observation"])
        assert np.array_equal(after["action_mask"], before[other]["action_mask"])


def test_words_come_in_the_language_asked_for() -> None:
    english, russian = referee.env("night-watch"), referee.env("night-watch", lang="ru")
    english.reset(seed=0)
    russian.reset(seed=0)
    agent = next(a for a in english.agents if english.infos[a]["question"])
    assert russian.infos[agent]["question"]
    assert english.infos[agent]["question"] != russian.infos[agent]["question"]
    assert any("\u0400" <= ch <= "\u04ff" for ch in russian.infos[agent]["question"])
    assert english.infos[agent]["actions"] == russian.infos[agent]["actions"]


def test_a_setting_that_does_not_exist_is_named() -> None:
    with pytest.raises(ValueError, match="max_cycle"):
        referee.env("samurai", max_cycle=3)
    with pytest.raises(ValueError, match="max_cycles: expected a whole number"):
        referee.env("samurai", max_cycles=0)
    with pytest.raises(ValueError, match="render_mode: expected human or ansi"):
        referee.env("samurai", render_mode="rgb_array")


def test_a_scenario_of_another_ruleset_is_refused() -> None:
    other = load_scenario("old-west")[0].examples()[0]
    with pytest.raises(ScenarioError, match="a scenario of old-west, not samurai"):
        referee.env("samurai", other)


def test_importing_referee_does_not_load_pettingzoo() -> None:
    import subprocess
    import sys

    code = "import sys, referee; print('pettingzoo' in sys.modules, callable(referee.env))"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.split()
    assert shown == ["False", "True"]


def test_the_environment_class_is_exported() -> None:
    assert isinstance(referee.env("echo"), RefereeEnv)


# -- leaks: an agent reads the same in two games that differ only in another seat's secret


def seen_by(match: Match, seat: str) -> tuple[list[Any], dict[str, Any]]:
    observation = match.observation(seat)
    return ([observation["observation"].tolist(), observation["action_mask"].tolist()],
            match.info(seat, "en"))


def walk_answer(match: Match, seat: str, pick: int) -> None:
    """``seat`` answers its whole question, taking its ``pick``-th legal action each part."""
    while (part := match.part(seat)) is not None:
        choices = sorted(part.choices)
        match.act(seat, choices[pick % len(choices)] if pick >= 0 else choices[pick])


@pytest.mark.parametrize("name", ["samurai", "facility"])
def test_another_seats_secret_answer_is_not_seen(name: str) -> None:
    """Until every seat has answered a question put to several at once, one
    seat's answer changes nothing another seat's agent reads."""
    found, first = new_match(name, seed=4)
    second = new_match(name, seed=4)[1]
    rng, twin = Random(4), Random(4)
    while sum(first.part(s) is not None for s in found.seats) < 2:
        assert not first.over, "no question put to several seats"
        play(first, rng, 1, found.seats)
        play(second, twin, 1, found.seats)
    writer, reader = [s for s in found.seats if first.part(s) is not None][:2]
    walk_answer(first, writer, 0)
    walk_answer(second, writer, -1)
    assert first.game.pending_answer(writer) != second.game.pending_answer(writer)
    assert seen_by(first, reader) == seen_by(second, reader)


def test_the_other_watchs_cards_are_not_seen() -> None:
    """Night Watch: games whose night Watch drew other cards read the same to day."""
    found, first = new_match("night-watch", seed=6)
    game = Game(found.ruleset, found.scenario)
    changed = 0
    for item in first.game.inputs:
        wait = game.waiting
        if isinstance(wait, Chance) and (wait.label or {}).get("watch") == "night":
            other = [v for v, _ in wait.outcomes if v != item["chance"]]
            changed += 1
            game.roll(other[0])
        else:
            game.apply(item)
    assert changed
    second = Match(found.ruleset, found.scenario, found.codec, 6, game.inputs)
    assert seen_by(first, "night") != seen_by(second, "night")
    assert seen_by(first, "day") == seen_by(second, "day")


def test_the_docs_give_each_rulesets_spaces() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "env.md").read_text(encoding="utf-8")
    titles = {"night-watch": "Night Watch", "echo": "Echo", "old-west": "Old West",
              "samurai": "Samurai", "facility": "Facility"}
    for name, title in titles.items():
        environment = referee.env(name)
        environment.reset(seed=0)
        numbers = environment.observe(environment.possible_agents[0])["observation"]
        row = (f"| {title} | {', '.join(environment.possible_agents)} | "
               f"{len(environment.catalogue)} | "
               f"{len(numbers)} |")
        assert row in page
