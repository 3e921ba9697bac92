"""The one game loop, with any mix of players: a person who is told of a
refused answer and asked again, a board shown before a person is asked when
it changed, each new log line for a reader, each input for whoever saves."""

from __future__ import annotations

import ast
from pathlib import Path
from random import Random

import pytest

import referee
from referee.core.drivers import (
    Ask,
    RandomBot,
    RandomChance,
    ScriptedChance,
    ScriptedPlayer,
    Shown,
    Told,
    play_out,
)
from referee.core.errors import IllegalAnswer, RefereeError
from referee.core.events import Event, Seat
from referee.core.game import Game
from referee.core.waits import JSON, Chance
from tests.core.toy import Solo, SoloScenario, Toy, ToyScenario

DRAWS = ["A", "B", "C", "A"]
"""North draws A and C, south B and A."""


class Person:
    """Answers as written, is told of refusals and is shown the board."""

    def __init__(self, answers: list[JSON]) -> None:
        self.answers = iter(answers)
        self.happened: list[str] = []

    def choose(self, ask: Ask) -> JSON:
        self.happened.append(f"asked {ask.seat}")
        return next(self.answers)

    def refused(self, seat: Seat, error: RefereeError) -> None:
        self.happened.append(f"refused {seat}")

    def accepted(self, seat: Seat) -> None:
        self.happened.append(f"accepted {seat}")

    def wants_display(self, ask: Ask) -> bool:
        return True


def test_a_person_and_a_bot_declare_what_they_need() -> None:
    assert isinstance(Person([]), Told) and isinstance(Person([]), Shown)
    assert not isinstance(RandomBot(Random(1)), Told)
    assert not isinstance(ScriptedPlayer([]), Shown)


def test_a_person_is_told_of_a_refused_answer_and_asked_again_the_game_unchanged() -> None:
    game = Game(Toy(), ToyScenario())
    person = Person(["B", "B", "C"])  # north holds A and C: B is refused twice
    inputs: list[int] = []
    play_out(game, {"north": person, "south": ScriptedPlayer(["B"])}, ScriptedChance(DRAWS),
             on_input=lambda: inputs.append(len(game.inputs)))
    assert person.happened == ["asked north", "refused north", "asked north",
                               "refused north", "asked north", "accepted north"]
    assert game.state.bids == {"north": "C", "south": "B"}
    assert inputs == [1, 2, 3, 4, 5, 6]  # after every input, none after a refusal


def test_a_bots_refused_answer_is_raised_not_asked_again() -> None:
    game = Game(Toy(), ToyScenario())
    with pytest.raises(IllegalAnswer):
        play_out(game, {"north": ScriptedPlayer(["B", "C"]), "south": ScriptedPlayer(["B"])},
                 ScriptedChance(DRAWS))
    assert len(game.inputs) == 4


def test_the_board_is_shown_before_a_person_is_asked_and_not_again_after_a_refusal() -> None:
    game = Game(Solo(), SoloScenario())
    person = Person([3, {"steps": 5}, {"steps": 2}])  # 5 steps is more than the 3 picked
    shown: list[tuple[int, JSON]] = []
    play_out(game, {"solo": person}, ScriptedChance([4, [1, "x"]]),
             on_display=lambda ask: shown.append((len(game.inputs), ask.view["state"])))
    assert shown == [(0, {"pick": None, "roll": None, "pair": None, "steps": None}),
                     (3, {"pick": 3, "roll": 4, "pair": [1, "x"], "steps": None})]
    assert person.happened.count("refused solo") == 1
    assert game.is_over


def test_no_board_is_shown_to_a_bot_or_a_person_who_needs_none() -> None:
    class Quick(Person):
        def wants_display(self, ask: Ask) -> bool:
            return False

    shown: list[Ask] = []
    game = Game(Toy(), ToyScenario())
    play_out(game, {"north": Quick(["C"]), "south": ScriptedPlayer(["B"])},
             ScriptedChance(DRAWS), on_display=shown.append)
    assert shown == [] and game.is_over


def test_each_new_line_reaches_the_reader_once_in_order_as_that_reader_may_read_it() -> None:
    game = Game(Toy(), ToyScenario())
    game.feed("A")  # the lines before the loop begins are not new
    before = len(game.log_for("north"))
    north: list[Event] = []
    play_out(game, {"north": ScriptedPlayer(["C"]), "south": ScriptedPlayer(["B"])},
             ScriptedChance(DRAWS[1:]), on_event=north.append, reader="north")
    assert before > 0 and north == game.log_for("north")[before:]
    drawn = [event.text.params["card"] for event in north if event.text.key == "toy.drew"]
    assert drawn == ["C"]  # north's own second card; south's cards are never told


def test_seeded_dice_give_the_game_of_their_outcomes_and_dice_of_ones_own_are_asked() -> None:
    """Seeded dice roll as the game draws by itself; dice that pick their
    outcomes otherwise (a subclass) are asked for each one."""

    class Loaded(RandomChance):
        def outcome(self, game: Game, chance: Chance) -> JSON:
            return chance.outcomes[0][0]

    games = []
    for dice in (RandomChance(Random(4)), Loaded(Random(4))):
        game = Game(Toy(), ToyScenario())
        play_out(game, dict.fromkeys(game.seats, RandomBot(Random(1))), dice)
        games.append(game)
    rng, drawn = Random(4), []
    replay = Game(Toy(), ToyScenario())
    while isinstance(replay.waiting, Chance):
        drawn.append(replay.roll_random(rng))
    assert [item["chance"] for item in games[0].inputs[:4]] == drawn
    assert [item["chance"] for item in games[1].inputs[:4]] == ["A", "A", "B", "C"]


def test_the_core_imports_nothing_above_the_rules() -> None:
    """Bots, odds, the command line, displays and process settings are above
    the core (DESIGN: one direction); the core never imports them."""
    above = ("referee.bots", "referee.odds", "referee.cli", "referee.display",
             "referee.runtime", "referee.server")
    core = Path(referee.__file__).parent / "core"
    for path in sorted(core.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert not name.startswith(above), f"{path.name} imports {name}"
