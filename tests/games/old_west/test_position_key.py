"""The Old West position key: every part of the state that later rules read
changes it, and nothing else is needed to tell two positions apart."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from random import Random

import pytest
from shapely.geometry import LineString

from referee.boards.table import Drop, Obstacle, Piece
from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.i18n import msg
from referee.core.keys import freeze
from referee.core.scenario import load_scenario
from referee.games.old_west.melee import Fight
from referee.games.old_west.state import Fighter, OldWestState
from referee.games.old_west.tables import MOVE_BY_MOUNT

from .ow import build, m

FIGHTER_PROFILE = {"id", "name", "posse", "fighting", "strength", "toughness", "attacks",
                   "pluck", "shooting", "gun", "hero", "fearsome", "foot_radius", "order"}
"""A model's profile: fixed by the scenario, never changed by the rules."""

FIGHTER_CONDITION = {"status", "wounds", "fame", "fortune", "mount", "prone", "moved",
                     "shot", "dived", "done"}

FIGHTER_DERIVED = {"move"}
"""Worked out from the profile and the condition (the mount, if any), kept beside them."""

STATE_STATIC = {"scenario", "rules", "setup", "seats", "posse_names", "terrain_names",
                "leaders", "exit_edges", "log"}
STATE_CHANGING = {"table", "fighters", "turn", "phase", "advantage", "last_advantage",
                  "fleeing", "ran", "marks"}
STATE_SHOWN = {"point"}
"""The pending question of a point to move to, for the seats' views: set by
the frame that asks and cleared by its answer, so the rules' position fixes it."""


def _state() -> OldWestState:
    game = build([m("marshal", 4, 4, hero=True, fame=3, fortune=2,
                    mount={"kind": "horse", "wounds": 2})],
                 [m("out", 20, 20)])
    state = game.state
    assert isinstance(state, OldWestState)
    return state


def test_every_attribute_is_either_in_the_key_or_fixed_by_the_scenario():
    """A new attribute must be added to the key (or to the fixed lists here)."""
    state = _state()
    fields = {f.name for f in dataclasses.fields(Fighter)}
    assert fields == FIGHTER_PROFILE | FIGHTER_CONDITION | FIGHTER_DERIVED
    assert set(vars(state)) == STATE_STATIC | STATE_CHANGING | STATE_SHOWN
    assert {f.name for f in dataclasses.fields(Piece)} == {
        "id", "x", "y", "radius", "side", "label", "marks"}
    assert {f.name for f in dataclasses.fields(Fight)} == {
        "sides", "engaged", "across", "surrounded", "over_edge"}


def _marshal(s: OldWestState) -> Fighter:
    return s.fighters["marshal"]


def _set_mount_wounds(s: OldWestState) -> None:
    mount = _marshal(s).mount
    assert mount is not None
    mount.wounds -= 1


def _add(s: OldWestState) -> None:
    s.table.add(Piece("marshal~mount", 4, 4, 1.0, "lawmen", "", {"mount"}))


CHANGES: dict[str, Callable[[OldWestState], None]] = {
    "status": lambda s: setattr(_marshal(s), "status", "escaped"),
    "wounds": lambda s: setattr(_marshal(s), "wounds", _marshal(s).wounds - 1),
    "fame": lambda s: setattr(_marshal(s), "fame", 2),
    "fortune": lambda s: setattr(_marshal(s), "fortune", 1),
    "mount wounds": _set_mount_wounds,
    "dismount": lambda s: s.dismount("marshal"),
    "prone": lambda s: setattr(_marshal(s), "prone", True),
    "moved": lambda s: setattr(_marshal(s), "moved", True),
    "shot": lambda s: setattr(_marshal(s), "shot", True),
    "dived": lambda s: setattr(_marshal(s), "dived", True),
    "done": lambda s: setattr(_marshal(s), "done", True),
    "x": lambda s: s.table.move("marshal", (5, 4)),
    "y": lambda s: s.table.move("marshal", (4, 5)),
    "radius": lambda s: setattr(s.table.pieces["marshal"], "radius", 0.5),
    "piece marks": lambda s: s.table.pieces["out"].marks.add("prone"),
    "piece side": lambda s: setattr(s.table.pieces["out"], "side", "lawmen"),
    "removed": lambda s: s.table.remove("out"),
    "added": _add,
    "turn": lambda s: setattr(s, "turn", s.turn + 1),
    "phase": lambda s: setattr(s, "phase", "shooting"),
    "advantage": lambda s: setattr(s, "advantage", s.other(s.advantage)),
    "last advantage": lambda s: setattr(s, "last_advantage", "outlaws"),
    "fleeing": lambda s: s.fleeing.add("outlaws"),
    "ran": lambda s: s.ran.add("outlaws"),
    "fought": lambda s: s.marks.fought.add("marshal"),
    "benefited": lambda s: s.marks.benefited.add("marshal"),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_each_change_of_condition_changes_the_key(change):
    state = _state()
    twin = state.__deepcopy__({})
    assert twin.position_key() == state.position_key()
    CHANGES[change](twin)
    assert twin.position_key() != state.position_key()
    assert state.position_key() == _state().position_key()


def test_the_log_and_the_scenario_are_left_out():
    state = _state()
    before = state.position_key()
    state.emit(msg("ow.fight-won", posse="lawmen"))
    assert state.position_key() == before
    assert "Marshal" not in repr(before)


def _fight() -> Fight:
    return Fight({"lawmen": ["a"], "outlaws": ["b"]}, {"a": ["b"], "b": ["a"]}, {})


FENCE = Obstacle("fence", LineString([(0, 0), (1, 0)]), 1.0)
EDGE = Drop("roof", LineString([(0, 0), (0, 1)]), 3.0)

FIGHT_CHANGES: dict[str, Callable[[Fight], None]] = {
    "sides": lambda f: f.sides["lawmen"].append("c"),
    "engaged": lambda f: f.engaged["a"].append("c"),
    "across": lambda f: f.across.update({("a", "b"): FENCE}),
    "surrounded": lambda f: f.surrounded.add("b"),
    "over edge": lambda f: f.over_edge.update(b=EDGE),
}


@pytest.mark.parametrize("change", sorted(FIGHT_CHANGES))
def test_each_change_of_a_fight_changes_its_key(change):
    fight = _fight()
    twin = fight.__deepcopy__({})
    assert freeze(twin) == freeze(fight)
    FIGHT_CHANGES[change](twin)
    assert freeze(twin) != freeze(fight)
    assert freeze(fight) == freeze(_fight())


def test_obstacles_in_a_fight_are_told_apart_by_shape():
    one, other = _fight(), _fight()
    one.across[("a", "b")] = FENCE
    other.across[("a", "b")] = Obstacle("fence", LineString([(0, 0), (2, 0)]), 1.0)
    assert freeze(one) != freeze(other)


@pytest.mark.parametrize("seed", range(2))
def test_the_compact_key_merges_exactly_what_the_full_walk_merges(seed):
    """Along random games, two positions share the compact key exactly when
    the generic walk of every attribute (log and scenario aside) agrees."""
    ruleset, scenario = load_scenario("old-west")
    game = Game(ruleset, scenario)
    rng = Random(seed)
    seen: dict[object, object] = {}
    while not game.is_over:
        state = game.state
        assert isinstance(state, OldWestState)
        compact = state.position_key()
        full = _full(game)
        assert seen.setdefault(compact, full) == full
        play_out(game, dict.fromkeys(game.seats, random_bot(rng)), RandomChance(rng),
                 max_inputs=1)


def _full(game: Game) -> object:
    """The generic walk of the changing attributes, the scenario's fixed parts
    standing for their place (and the table's answers remembered for the
    position, :attr:`OldWestTable.known`, left out: the position decides them)."""
    shared = {id(obj): place for place, obj in enumerate(game._shared())}
    table = vars(game.state.table)
    return tuple((name, freeze({k: v for k, v in table.items() if k != "known"}
                               if name == "table" else value, shared))
                 for name, value in sorted(vars(game.state).items()) if name in STATE_CHANGING)


def test_a_models_move_follows_its_mount():
    """A rider moves as his horse does; unhorsed, as a man on foot (OW-RID-3)."""
    state = _state()
    rider = _marshal(state)
    assert rider.move == MOVE_BY_MOUNT["horse"]
    state.dismount("marshal")
    assert rider.move == MOVE_BY_MOUNT["foot"]
    assert state.fighters["out"].move == MOVE_BY_MOUNT["foot"]
