"""The table at the terminal: a map of every model from the asked seat's
view, a legend with each one's place, wounds and Fame, the reach of a model
asked to move, distances, sight and cover when choosing a target, and a
point to move to typed as x y or picked from named moves."""

from __future__ import annotations

import contextlib
import io
import math
from random import Random

import pytest
from rich.console import Console

from referee.cli.table_map import map_of, parse_point
from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import Ask
from referee.core.game import Game
from referee.core.i18n import Lang
from referee.core.scenario import load_scenario
from referee.core.waits import Chance, Decision
from tests.games.old_west.ow import LAW_FIRST, R, asked, build, m
from tests.games.samurai.sam import RETAINERS_FIRST, fighter, new_game
from tests.leaks import assert_no_leak, readable_by

FENCE = {"name": "rail fence", "name_ru": "изгородь", "points": [[0, 12], [24, 12]],
         "height": 1.0}
SCRUB = {"name": "scrub", "name_ru": "кустарник",
         "points": [[14, 15], [20, 15], [20, 19], [14, 19]]}


def printed(game: Game, seat: str, lang: Lang = "en", typed: str = "") -> str:
    """What the terminal prints for ``seat`` asked now (the answer typed)."""
    console = Console(file=io.StringIO(), width=120, color_system=None)
    player = TerminalPlayer(console, lang, stream=io.StringIO(typed))
    with contextlib.suppress(EOFError):
        player.choose(Ask.of(game, seat))
    return console.file.getvalue()  # type: ignore[attr-defined]


def to_move(game: Game) -> Game:
    game.feed(*LAW_FIRST)
    while asked(game) == "ow.ask.heroics":
        for seat in game.seats_to_answer():
            game.answer(seat, [])
    assert asked(game) == "ow.ask.move"
    return game


def grid_lines(text: str) -> list[str]:
    return [line.split("│")[1] for line in text.splitlines() if line.count("│") == 2]


def test_the_map_shows_every_model_where_it_stands_with_a_legend():
    game = to_move(build([m("marshal", 6, 3, hero=True, fame=3, fortune=1, wounds=2),
                          m("deputy", 18, 3)],
                         [m("outlaw", 12, 21), m("kid", 3.5, 20)],
                         obstacles=[FENCE], covers=[SCRUB]))
    text = printed(game, "lawmen")
    rows = grid_lines(text)
    assert len(rows) == 24 and all(len(row) == 48 for row in rows)  # 2 columns, 1 row an inch
    table = map_of(Ask.of(game, "lawmen"), "en")
    assert table is not None
    for figure in table.figures:
        assert figure.at is not None
        column, row = int(figure.at[0] * 2), int(24 - figure.at[1])
        assert rows[row][column] == table.symbol(figure.id), figure.id
    assert len(set(table.symbols.values())) == 4
    assert "═" in rows[24 - 12 - 1] or "═" in rows[24 - 12]  # the fence, 12" up
    assert "░" in rows[24 - 17]  # the scrub
    legend = {line.split()[1]: line for line in text.splitlines()
              if line[:1] in table.symbols.values() and len(line.split()) > 2}
    assert "(6, 3)" in legend["Marshal"] and "2/2" in legend["Marshal"]
    assert "3 (Fortune 1)" in legend["Marshal"]
    assert "rail fence (1\" high)" in text and "scrub (cover)" in text


def test_russian_coordinates_have_a_decimal_comma():
    game = to_move(build([m("marshal", 6.5, 3)], [m("outlaw", 12, 21)]))
    text = printed(game, "lawmen", "ru")
    assert "(6,5; 3)" in text and "фигурка" in text and "Ранения" in text


def test_the_reach_and_where_each_listed_move_ends_are_marked():
    game = to_move(build([m("deputy", 12, 3)], [m("outlaw", 12, 21)]))
    ask = Ask.of(game, "lawmen")
    values = [o.value for o in ask.options]
    assert values[1] == "advance"
    rows = grid_lines(printed(game, "lawmen"))
    spot = next((o.meaning or {})["to"] for o in ask.options if o.value == "advance")
    assert rows[int(24 - spot[1])][int(spot[0] * 2)] == "2"
    reached = [(c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "∙"]
    assert reached
    for c, r in reached:  # every dot within the 6" move of the centre at (12, 3)
        assert math.dist(((c + 0.5) / 2, 24 - (r + 0.5)), (12, 3)) <= 6


def test_choosing_a_target_shows_distance_sight_and_cover():
    wall = {"name": "adobe wall", "name_ru": "глинобитная стена",
            "points": [[16, 8], [16, 16]], "height": 3.0}
    gun = {"name": "Colt", "range": 12, "strength": 4}
    game = build([m("marshal", 12, 4, gun=gun)],
                 [m("near", 12, 10), m("far", 12, 23), m("hidden", 20, 12),
                  m("scrubbed", 15.5, 15.5)],
                 obstacles=[wall], covers=[SCRUB])
    game.feed(*LAW_FIRST)
    while asked(game) != "ow.ask.shoot":
        wait = game.waiting
        if isinstance(wait, Chance):
            game.roll(wait.outcomes[0][0])
        else:
            assert isinstance(wait, Decision)
            for seat in game.seats_to_answer():
                hold = [o.value for o in wait.options_for(seat) if o.value in ("hold", [])]
                game.answer(seat, hold[0] if hold else wait.options_for(seat)[0].value)
    text = printed(game, "lawmen")
    lines = {line.split()[1]: line for line in text.splitlines()
             if len(line.split()) > 2 and line.split()[1] in ("Near", "Far", "Hidden",
                                                              "Scrubbed")}
    # edge to edge: centres 6" apart less two 25 mm bases
    assert f"{round(6 - 2 * R, 1):g}\"" in lines["Near"] and "yes" in lines["Near"]
    assert "out of range" in lines["Far"]
    assert "the adobe wall blocks the line of sight" in lines["Hidden"]
    assert "cover: scrub (4+ to get past each)" in lines["Scrubbed"]
    assert "Colt, range 12\"" in text


def test_a_point_is_typed_as_x_y_or_picked_by_number():
    game = to_move(build([m("deputy", 12, 4)], [m("outlaw", 12, 21)]))
    game.answer("lawmen", "point")
    ask = Ask.of(game, "lawmen")
    spots = [spot["to"] for spot in ask.view["state"]["point"]["spots"]]
    console = Console(file=io.StringIO(), width=120, color_system=None)

    def answer(typed: str):
        player = TerminalPlayer(console, "en", stream=io.StringIO(typed))
        return player.choose(ask)

    assert answer("13 7.5\n") == {"x": 13.0, "y": 7.5}
    assert answer("nonsense\n13,5; 7\n") == {"x": 13.5, "y": 7.0}
    assert answer("1\n") == {"x": spots[0][0], "y": spots[0][1]}
    assert answer('j\n{"x": 10, "y": 6}\n') == {"x": 10, "y": 6}
    assert "Type two numbers" in console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("text,point", [("7.5 10", (7.5, 10)), ("7,5 10", (7.5, 10)),
                                        ("(7,5; 10)", (7.5, 10)), ("7.5, 10", (7.5, 10)),
                                        ("7,10", (7, 10)), ("seven", None), ("1 2 3", None)])
def test_points_as_people_type_them(text, point):
    assert parse_point(text) == point


def test_samurai_shows_its_fighters_reach_and_the_map_reads_the_view_only():
    game = new_game([fighter("kenji", (10, 10)), fighter("goro", (14, 10), missile="yumi")],
                    [fighter("oni", (10, 30)), fighter("kiku", (30, 30))])
    game.feed(*RETAINERS_FIRST)
    text = printed(game, "retainers")
    table = map_of(Ask.of(game, "retainers"), "en")
    assert table is not None and table.asking is not None and table.asking.reach == 6
    rows = grid_lines(text)
    assert len(rows) == 24 and len(rows[0]) == 48  # a 48" table: half a row an inch
    for figure in table.figures:
        assert figure.name in text


def test_what_one_band_allocates_in_secret_never_reaches_the_others_map():
    """A Samurai fight's token allocation is secret until both are in: the
    other band's terminal (map included) reads the same whatever was given."""
    ruleset, scenario = load_scenario("samurai")
    game = Game(ruleset, scenario)
    rng = Random(5)
    while True:
        wait = game.waiting
        assert wait is not None, "no fight in this game"
        if isinstance(wait, Decision) and len(game.seats_to_answer()) == 2 and \
                Ask.of(game, game.seats_to_answer()[0]).answer_schema is not None:
            break
        if isinstance(wait, Chance):
            game.roll_random(rng)
        else:
            seat = game.seats_to_answer()[0]
            ask = Ask.of(game, seat)
            charges = [o.value for o in ask.options
                       if isinstance(o.value, dict) and o.value.get("do") in ("charge", "advance")]
            game.answer(seat, charges[0] if charges else ask.options[0].value if ask.options
                        else ruleset.random_answer(ask.view, seat, ask.decision, rng))
    first, other = game.seats_to_answer()
    answers = set()
    games = []
    for seed in range(12):
        fork = game.fork()
        ask = Ask.of(fork, first)
        answer = ruleset.random_answer(ask.view, first, ask.decision, Random(seed))
        fork.answer(first, answer)
        if str(answer) not in answers:
            answers.add(str(answer))
            games.append(fork)
    assert len(games) >= 2
    assert "┌" in readable_by(games[0], other)  # the map is part of what it reads
    for fork in games[1:]:
        assert_no_leak(games[0], fork, other)
