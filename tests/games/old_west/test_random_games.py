"""Random Old West games, watched at every step for three things the book
does not allow: a fight with more than one model on both sides (the book's
fights are one against one or one against several, OW-FGT-1, OW-MUL-1); a
model that failed a Dive for Cover and still may not shoot in a later
Shooting phase though it has a target (OW-DIV-4 bans shooting back in that
phase only); a Quickdraw offered to a Hero with no target (OW-QDR-3)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from random import Random

import pytest

from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.waits import Decision
from referee.games.old_west.aiming import can_shoot, targets
from referee.games.old_west.state import OldWestState

rule = pytest.mark.rule
GAMES = 120


@dataclass
class Watch:
    """What was seen in the games, and what should never be seen."""

    seen: Counter[str] = field(default_factory=Counter)
    wrong: Counter[str] = field(default_factory=Counter)


@dataclass
class Seen:
    """One game's watcher: the models rolling in the fight under way, and
    every model that failed a Dive for Cover so far."""

    rolling: set[str] = field(default_factory=set)
    dived: set[str] = field(default_factory=set)


def may_shoot_at_someone(state: OldWestState, fighter_id: str) -> bool:
    """Standing, armed, on the table, out of melee, an enemy in range and sight."""
    f = state.fighters[fighter_id]
    return (f.active and f.gun is not None and not f.prone
            and not state.engaged_with(fighter_id) and bool(targets(state, fighter_id)))


def model(state: OldWestState, name: object) -> str:
    return next(f.id for f in state.fighters.values() if f.name == name)


def watch_event(state: OldWestState, key: str, params: dict, watch: Watch, seen: Seen) -> None:
    """A fight is the models whose dice were rolled since the last was won."""
    if key == "ow.fight-die":
        seen.rolling.add(model(state, params["name"]))
    elif key == "ow.fight-won":
        posses = Counter(state.fighters[m].posse for m in seen.rolling)
        watch.seen["fights"] += 1
        watch.seen["one against several"] += len(seen.rolling) > 2
        watch.wrong["several against several"] += min(posses.values()) > 1
        seen.rolling = set()
    elif key == "ow.phase.shooting":
        for dived in seen.dived:
            if may_shoot_at_someone(state, dived):
                watch.seen["dived earlier, a target now"] += 1
                watch.wrong["a failed Dive lasts"] += not can_shoot(state, dived)
    elif key in ("ow.runs-for-cover", "ow.dives-prone", "ow.no-cover", "ow.dismounts"):
        seen.dived.add(model(state, params["name"]))


def watch_wait(game: Game, watch: Watch) -> None:
    """Every Hero offered a Quickdraw can shoot and has a target."""
    state, wait = game.state, game.waiting
    assert isinstance(state, OldWestState)
    if isinstance(wait, Decision) and wait.question.key == "ow.ask.split":
        watch.seen["splits asked"] += 1
    if not (isinstance(wait, Decision) and wait.question.key == "ow.ask.heroics"
            and state.phase == "shooting"):
        return
    for seat in wait.seats:
        offered = {h for option in wait.options_for(seat) for h in option.value}
        watch.seen["Quickdraw offers"] += len(offered)
        watch.wrong["Quickdraw with no target"] += sum(
            1 for h in offered if not (can_shoot(state, h) and targets(state, h)))


def play(seed: int, watch: Watch) -> None:
    ruleset, scenario = load_scenario("old-west")
    game = Game(ruleset, scenario)
    rng = Random(seed)
    bots, dice = dict.fromkeys(game.seats, random_bot(rng)), RandomChance(rng)
    seen = Seen()
    read = 0
    while not game.is_over:
        play_out(game, bots, dice, max_inputs=1)
        state = game.state
        for event in state.log.events[read:]:
            watch_event(state, event.text.key, dict(event.text.params), watch, seen)
        read = len(state.log.events)
        watch_wait(game, watch)


@rule("OW-FGT-1", "OW-MUL-1", "OW-DIV-4", "OW-QDR-3")
def test_random_games_show_none_of_the_forbidden_things():
    watch = Watch()
    for seed in range(GAMES):
        play(seed, watch)
    assert watch.seen["one against several"] > 20, watch.seen
    assert watch.seen["Quickdraw offers"] > 20, watch.seen
    assert watch.seen["dived earlier, a target now"] > 5, watch.seen
    assert sum(watch.wrong.values()) == 0, (watch.wrong, watch.seen)
