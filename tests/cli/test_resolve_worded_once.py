"""`referee resolve` words a line once for every reader it does not address
(the catalogue remembering): each reader must still read exactly what it
reads when every line is worded afresh, in English and in Russian."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from referee.cli.orders import open_decision, read_orders_files
from referee.cli.resolve import Turn
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import CATALOGUE, Lang
from referee.core.scenario import load_scenario

EXAMPLE = Path(__file__).parents[2] / "src/referee/games/facility/scenarios"


def resolved_turns() -> list[Turn]:
    """The example's three turns, each resolved from its orders file."""
    game = Game(*load_scenario(EXAMPLE / "research_wing.toml"))
    turns = []
    for number in (1, 2, 3):
        decision = open_decision(game, "research_wing")
        orders = read_orders_files([EXAMPLE / f"research_wing_orders/turn{number}.toml"],
                                   game, "research_wing")
        turn = Turn(game, {seat: "en" for seat in game.seats}, number)
        turn.answer(orders)
        turn.close(decision, Random(number))
        turns.append(turn)
    return turns


def every_reader_lines(turn: Turn, lang: Lang) -> dict[str, list[str]]:
    readers = [*turn.game.seats, REFEREE]
    lines = {reader: turn.lines(reader, lang) for reader in readers}
    lines.update({f"record {token}": turn.record(token, lang) for token in turn.observers()})
    return lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lines_worded_once_read_as_lines_worded_afresh(lang: Lang):
    turns = resolved_turns()
    afresh = [every_reader_lines(turn, lang) for turn in turns]
    for turn in turns:
        turn._records.clear()
    with CATALOGUE.remembering():
        remembered = [every_reader_lines(turn, lang) for turn in turns]
    assert remembered == afresh


def test_a_line_addressed_to_one_reader_is_not_the_game_masters_wording():
    turn = resolved_turns()[0]
    with CATALOGUE.remembering():
        anna, master = turn.lines("anna", "en"), turn.lines(REFEREE, "en")
    addressed = [line for line in anna if ") You " in line]
    assert addressed, "Anna's report of turn 1 addresses her"
    assert not set(addressed) & set(master)
