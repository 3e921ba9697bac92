"""Lines kept with a building (a character's state at the end of a turn, a
door passed, a camera's record of it and its readers' copy, house rule 14)
and written again as they are read exactly as lines made afresh, however
often their store is emptied when full (:data:`.world.KEPT_LINES`)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.bots import random_playout
from referee.core.events import REFEREE, Log
from referee.core.game import Game
from referee.core.prepared import clear_prepared
from referee.core.scenario import load_scenario
from referee.games.facility import world as facility_world
from referee.games.facility.report import camera
from referee.games.facility.turn import Turn
from tests.games.facility.helpers import world

SEEDS = range(8)


def every_seat_reads(game: Game) -> dict[str, Any]:
    """Each seat's log, the game master's too, in both languages' text and
    in the facts each seat reads."""
    return {seat: (game.text_log(seat, "en"), game.text_log(seat, "ru"),
                   [event.facts_for(seat) for event in game.log_for(seat)])
            for seat in (*game.seats, REFEREE)}


def played() -> list[dict[str, Any]]:
    """What every seat reads of seeded random games of the example, one
    after the other on one building prepared afresh (its store empty)."""
    clear_prepared()
    ruleset, scenario = load_scenario("facility")
    return [every_seat_reads(random_playout(Game(ruleset, scenario), seed)) for seed in SEEDS]


def test_the_example_has_camera_records_with_readers() -> None:
    """The games below pass records whose readers get a copy."""
    clear_prepared()
    ruleset, scenario = load_scenario("facility")
    game = random_playout(Game(ruleset, scenario), SEEDS[0])
    readers = {name for names in game.state.world.camera_readers().values() for name in names}
    read = {facts["kind"] for reader in readers for event in game.log_for(reader)
            if (facts := event.facts_for(reader)) is not None}
    assert read & {"camera-left", "camera-entered"}


@pytest.mark.parametrize("kept", [1, 2, 3])
def test_every_seat_reads_the_same_however_often_the_store_is_emptied(
        monkeypatch: pytest.MonkeyPatch, kept: int) -> None:
    """A store of a line or a few is emptied between nearly every record
    and its readers' copy, and between every line kept and its next use."""
    usual = played()
    monkeypatch.setattr(facility_world, "KEPT_LINES", kept)
    try:
        assert played() == usual
    finally:
        clear_prepared()  # no building with a store that small left for other tests


def test_a_record_found_without_its_readers_copy_is_not_written_again_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeping a record empties a full store just after its readers' copy was
    kept: the record is then found alone, and neither is written from the
    store (both are made again). In play, a record kept so is seldom asked
    for again before the store is emptied again (every turn ends keeping
    lines), which the games above cannot count on."""
    monkeypatch.setattr(facility_world, "KEPT_LINES", 1)
    building = world({"ann": {}, "cat": {"room": 3}}, camera_readers={2: ["cat"]})
    kept = ("cam-entered", "ann", 1, "east", 1)
    first = Turn(building, {}, Log())
    first.record(1, 2, "CHAT-MOV-4", "cam-entered", {"kind": "camera-entered"}, kept=kept,
                 who=building.characters["ann"].title, room=building.room_title(2),
                 door=building.doors[(2, "west")].title)
    readers = [event.audience.observers for event in first.log.events]
    assert readers == [frozenset({camera(2)}), frozenset({"cat"})]
    assert list(building.lines) == [kept]
    again = Turn(building, {}, Log())
    assert not again.recorded_again(kept, 2, "CHAT-MOV-4")
    assert again.log.events == []
