"""Random Old West games, watched for two things the book forbids: a loser
that backs off and ends less than 1" further from an opponent without being
surrounded (OW-BCK-1, OW-SUR-1), and a melee that starts without a charge
(OW-MEL-1)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from random import Random
from typing import Any

import pytest

from referee.boards.table import EPS, XY, Obstacle
from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.games.old_west import melee
from referee.games.old_west.back_off import BackOff, back_off, obstacle_gap
from referee.games.old_west.scenario import OldWestScenario
from referee.games.old_west.state import OldWestState

rule = pytest.mark.rule


@dataclass
class Asked:
    """One back-off the rules worked out: who, from where, from whom."""

    loser: str
    start: XY
    radius: float
    opponents: list[tuple[str, XY, float]]
    obstacles: list[tuple[Obstacle, float]]
    step: float
    answer: BackOff


@dataclass
class Watch:
    asked: dict[str, Asked] = field(default_factory=dict)
    checked: int = 0
    short: list[str] = field(default_factory=list)
    charges: int = 0
    uncharged: list[str] = field(default_factory=list)


def spy_on_back_offs(monkeypatch: pytest.MonkeyPatch, watch: Watch) -> None:
    real = back_off  # the function the melee calls, watched in its place there

    def spy(table: Any, loser: str, away_from: Any, from_obstacles: Any = (),
            step: float = 1.0, *args: Any, **kwargs: Any) -> BackOff:
        answer = real(table, loser, away_from, from_obstacles, step, *args, **kwargs)
        piece = table.pieces[loser]
        watch.asked[loser] = Asked(
            loser, piece.xy, piece.radius,
            [(o, table.pieces[o].xy, table.pieces[o].radius) for o in away_from],
            [(o, obstacle_gap(table, o, piece.xy)) for o in from_obstacles], step, answer)
        return answer

    monkeypatch.setattr(melee, "back_off", spy)


def engaged(state: OldWestState) -> set[tuple[str, str]]:
    return {(f.id, e) for f in state.active() for e in state.engaged_with(f.id) if f.id < e}


def by_name(state: OldWestState) -> dict[object, str]:
    return {f.name: f.id for f in state.fighters.values()}


def check_back_off(state: OldWestState, asked: Asked, watch: Watch, where: str) -> None:
    """The loser ends at least ``step`` further from each opponent and each
    obstacle it fought across than it stood (0.01" of measuring slack)."""
    watch.checked += 1
    x, y = state.table.pieces[asked.loser].xy
    for opponent, (ox, oy), radius in asked.opponents:
        before = math.dist(asked.start, (ox, oy)) - asked.radius - radius
        after = math.dist((x, y), (ox, oy)) - asked.radius - radius
        if after < before + asked.step - EPS:
            watch.short.append(f"{where}: {asked.loser} from {opponent} "
                               f"{before:.3f} -> {after:.3f}")
    for obstacle, before in asked.obstacles:
        after = obstacle_gap(state.table, obstacle, (x, y))
        if after < before + asked.step - EPS:
            watch.short.append(f"{where}: {asked.loser} from {obstacle.name} "
                               f"{before:.3f} -> {after:.3f}")


def watched_playout(game: Game, seed: int, watch: Watch) -> None:
    rng = Random(seed)
    bots = dict.fromkeys(game.seats, random_bot(rng))
    dice = RandomChance(Random(seed + 1))
    pairs = engaged(game.state)
    while not game.is_over:
        seen = len(game.state.log.events)
        play_out(game, bots, dice, max_inputs=1)
        state = game.state
        names = by_name(state)
        new_events = state.log.events[seen:]
        where = f"seed {seed}, input {len(game.inputs)}"
        for event in new_events:
            if event.text.key == "ow.backs-off":
                loser = names[event.text.params["name"]]
                check_back_off(state, watch.asked.pop(loser), watch, where)
        chargers = {names[e.text.params["name"]] for e in new_events
                    if e.text.key in ("ow.charges", "ow.charges-across")}
        watch.charges += len(chargers)
        now = engaged(state) if not game.is_over else set()
        for a, b in now - pairs:
            if a not in chargers and b not in chargers:
                watch.uncharged.append(f"{where}: {a} and {b} fight, no charge")
        pairs = now


def crowded_yard() -> OldWestScenario:
    """The example's posses packed round two fences and a wall, so that fights
    break out against obstacles and among friends."""
    _, example = load_scenario("old-west")
    data = example.model_dump()
    data["obstacles"] = [
        {"name": "rail fence", "points": [[3.0, 12.0], [21.0, 12.0]], "height": 1.0},
        {"name": "corral fence", "points": [[12.0, 6.0], [12.0, 10.0]], "height": 1.0},
        {"name": "adobe wall", "points": [[5.0, 14.0], [9.0, 14.0], [9.0, 15.0], [5.0, 15.0]],
         "closed": True, "height": 3.0},
    ]
    law = [(8.0, 10.5), (10.0, 10.8), (13.5, 10.9), (15.5, 10.6)]
    out = [(9.0, 13.3), (11.0, 13.0), (13.0, 13.2), (15.0, 13.4), (17.0, 13.1)]
    for posse, spots in zip(data["posses"], (law, out), strict=False):
        for model, spot in zip(posse["models"], spots, strict=False):
            model["at"] = list(spot)
    return OldWestScenario.model_validate(data)


@rule("OW-BCK-1", "OW-SUR-1", "OW-MEL-1")
def test_random_games_back_off_a_full_inch_and_fight_only_after_a_charge(monkeypatch):
    """«Проигравший раунд ближнего боя, отодвигается от противника на 1"» and,
    when it cannot, «он считается окружённым»; models come to blows only by a
    charge. A back-off short of the inch, or a melee no charge began: none."""
    watch = Watch()
    spy_on_back_offs(monkeypatch, watch)
    ruleset, example = load_scenario("old-west")
    yard = crowded_yard()
    for seed in range(80):
        watched_playout(Game(ruleset, example), seed, watch)
    for seed in range(40):
        watched_playout(Game(ruleset, yard), 1000 + seed, watch)
    assert watch.checked > 300 and watch.charges > 300  # the games did fight
    assert watch.short == []
    assert watch.uncharged == []
