"""The items a reader's part of the log names (:class:`Told`), worked out as
the log grows, are those a full read of that part finds: for every seat at
every decision of random games, for lines every reader reads, lines told to
some, lines with secret facts, and for the game master."""

from __future__ import annotations

import json
from random import Random

from referee.core.drivers import Ask, RandomBot, RandomChance, play_out
from referee.core.events import REFEREE, Audience, Log, secret_facts
from referee.core.game import Game
from referee.core.i18n import msg
from referee.core.scenario import load_scenario
from referee.core.waits import JSON
from referee.games.facility.state import Told
from referee.games.facility.view import named_items, told_items


def full_read(log: Log, reader: str) -> set[str]:
    return told_items(log.seen_by(reader), reader)


class Checking(RandomBot):
    """A random bot that, asked anything, checks every reader's items first."""

    def __init__(self, rng: Random, game: Game) -> None:
        super().__init__(rng)
        self.game = game
        self.checked = 0

    def choose(self, ask: Ask) -> JSON:
        state = self.game._at.state
        for reader in (*self.game.seats, REFEREE):
            assert state.told.items(state.log, reader) == full_read(state.log, reader)
        self.checked += 1
        return super().choose(ask)


def test_a_readers_items_are_those_of_its_part_of_the_log_all_game_long() -> None:
    ruleset, scenario = load_scenario("facility")
    for seed in range(6):
        game = Game(ruleset, scenario, snapshots=False)
        bot = Checking(Random(seed), game)
        play_out(game, dict.fromkeys(game.seats, bot), RandomChance(Random(seed + 1)))
        assert bot.checked > 0


def line(log: Log, audience: Audience, **facts: object) -> None:
    log.emit(msg("facility.room", number=1), audience, None, {"step": 0, **facts})


def test_lines_told_to_some_and_secret_facts_reach_their_readers_alone() -> None:
    log, told = Log(), Told()
    line(log, Audience(), kind="took", character="ann", item="key", room=1)
    line(log, Audience.only("bob"), kind="put", character="bob", item="map", place="hands")
    assert told.items(log, "ann") == {"key"}
    assert told.items(log, "bob") == {"key", "map"}
    log.emit(msg("facility.room", number=2), Audience(), None, secret_facts(
        {"cat"}, {"kind": "dropped", "character": "cat", "item": "coat", "room": 2},
        {"kind": "dropped", "character": "cat", "item": "pistol", "room": 2}))
    log.emit(msg("facility.room", number=3), Audience.only("ann", "cat"), None, secret_facts(
        {"cat"}, {"kind": "took", "character": "cat", "item": "lamp", "room": 3},
        {"kind": "took", "character": "cat", "item": None, "room": 3}))
    line(log, Audience.only("dan"), kind="void", seat="dan", part="take", code="no-item",
         about={"item": "ghost"})
    for reader in ("ann", "bob", "cat", "dan", "eve", REFEREE):
        assert told.items(log, reader) == full_read(log, reader), reader
    assert told.items(log, "cat") == {"key", "coat", "lamp"}
    assert told.items(log, "ann") == {"key", "pistol"}
    assert told.items(log, REFEREE) == {"key", "map", "coat", "lamp"}


def test_a_kind_not_facilitys_is_read_by_the_fields_it_has() -> None:
    assert named_items({"kind": "elsewhere", "item": "key", "hands": ["map"]}) == {"key", "map"}
    assert named_items({"kind": "awareness", "hands": ["map"], "inventory": [],
                        "worn": {"belt": ["knife"]}}) == {"map", "knife"}
    assert named_items({"kind": "moved", "character": "ann"}) == set()


def test_a_readers_items_up_to_a_line_are_those_of_that_part_of_the_log() -> None:
    log, told = Log(), Told()
    line(log, Audience(), kind="took", character="ann", item="key", room=1)
    until = len(log)
    line(log, Audience.only("ann"), kind="put", character="ann", item="map", place="hands")
    assert told.items(log, "ann") == {"key", "map"}
    assert told.items(log, "ann", until) == {"key"}
    assert told.items(log, REFEREE, until) == {"key"}
    assert told.items(log, "ann", len(log)) == {"key", "map"}


def test_a_views_parts_read_after_the_game_moved_on_are_those_it_was_made_with() -> None:
    """The character and items parts of a view are built when first read (a
    random bot never reads them), from the character, the items before it
    and the log as they were when the view was made."""
    ruleset, scenario = load_scenario("facility")
    for seed in range(4):
        game = Game(ruleset, scenario, snapshots=False)
        play_out(game, dict.fromkeys(game.seats, RandomBot(Random(seed))),
                 RandomChance(Random(seed + 1)), max_inputs=23)
        state = game._at.state
        unread = {seat: ruleset.view(state, seat) for seat in game.seats}
        read = {seat: json.dumps(ruleset.view(state, seat)) for seat in game.seats}
        play_out(game, dict.fromkeys(game.seats, RandomBot(Random(seed + 2))),
                 RandomChance(Random(seed + 3)))
        assert game._at.state is state and len(state.log) > 0
        for seat in game.seats:
            assert json.dumps(unread[seat]) == read[seat]


def test_a_reader_changing_its_view_before_reading_its_items_changes_none_of_them() -> None:
    """The items a view names come from what was before the character when
    the view was made, not from the view's own lists, which are its
    reader's to change: emptying the room's floor in the view, then
    reading the items, gives the items of the view read whole."""
    ruleset, scenario = load_scenario("facility")
    checked = 0
    for seed in range(6):
        game = Game(ruleset, scenario, snapshots=False)
        play_out(game, dict.fromkeys(game.seats, RandomBot(Random(seed))),
                 RandomChance(Random(seed + 1)), max_inputs=17)
        state = game._at.state
        for seat in game.seats:
            whole = json.loads(json.dumps(ruleset.view(state, seat)))
            changed = ruleset.view(state, seat)
            room = changed["room"]
            assert isinstance(room, dict)
            if not room["floor"]:
                continue
            room["floor"].clear()
            assert changed["items"] == whole["items"]
            checked += 1
    assert checked > 0
