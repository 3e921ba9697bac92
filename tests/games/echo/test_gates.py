"""Gates (ECHO-GATE-1 to ECHO-GATE-4), and the leak test: where a Gate leads
is nobody's to know until it is first passed."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.game import Game
from referee.core.i18n import render
from referee.games.echo.scenario import check
from tests.games.echo.echo import (
    DISPLAY,
    GATES,
    RULESET,
    asked,
    enemy,
    inv,
    new_game,
    options,
    scenario,
    units,
    where,
)
from tests.leaks import assert_no_leak, readable_by


@pytest.mark.rule("ECHO-GATE-1")
def test_a_gate_joins_a_cursed_echo_location_to_a_world_location():
    bad = scenario([inv("max")], gates=[{"id": "x", "at": "a", "to": "w"},
                                        {"id": "y", "at": "d", "to": "c"}])
    problems = check(bad)
    assert [p.key for p in problems] == ["echo.check.gate-at", "echo.check.gate-to"]
    assert "gates[0].at" in render(problems[0], "ru")
    assert "проклятая" in render(problems[0], "ru")


@pytest.mark.rule("ECHO-GATE-1")
def test_the_gate_is_offered_only_at_its_cursed_location():
    game = new_game([inv("max", "c", speed=3)])
    assert not any(str(o).startswith("gate:") for o in options(game))
    game.feed("move:d")
    assert "gate:g1" in options(game)


@pytest.mark.rule("ECHO-GATE-2")
def test_a_gate_costs_one_unit_each_way():
    game = new_game([inv("max", "d", speed=3)])
    game.feed("gate:g1")
    assert (where(game, "max"), units(game, "max")) == ("w", 2)
    game.feed("back:g1")
    assert (where(game, "max"), units(game, "max")) == ("d", 1)


@pytest.mark.rule("ECHO-GATE-2")
def test_no_unit_no_gate():
    game = new_game([inv("max", "c", speed=1)])
    game.feed("move:d")
    assert "gate:g1" not in options(game)


@pytest.mark.rule("ECHO-GATE-3")
def test_with_several_gates_to_one_place_the_investigators_choose_the_way_back():
    game = new_game([inv("max", "d", speed=7)])
    game.feed("gate:g1", "back:g1", "move:c", "move:a", "move:e", "gate:g2")
    assert where(game, "max") == "w"
    assert [o for o in options(game) if str(o).startswith("back:")] == ["back:g1", "back:g2"]
    game.feed("back:g1")
    assert where(game, "max") == "d"


@pytest.mark.rule("ECHO-GATE-3")
def test_house_rule_a_gate_not_yet_passed_is_not_offered_as_a_way_back():
    game = new_game([inv("max", "d", speed=3)])
    game.feed("gate:g1")
    assert [o for o in options(game) if str(o).startswith("back:")] == ["back:g1"]


def leading_to(destination: str) -> Game:
    """A game where the Market's Gate leads to ``destination``."""
    gates: list[dict[str, Any]] = [GATES[0], {**GATES[1], "to": destination}]
    return Game(RULESET, scenario([inv("max", "a", speed=3), inv("kofa", "b")], gates=gates))


@pytest.mark.rule("ECHO-GATE-4")
def test_nobody_can_tell_where_an_unpassed_gate_leads():
    khmiro, vook = leading_to("w"), leading_to("v")
    for seat in ("max", "kofa"):
        assert_no_leak(khmiro, vook, seat)
    for game in (khmiro, vook):
        game.feed("move:e")                # Max stands at the Gate, offered it
        assert "gate:g2" in options(game)
    for seat in ("max", "kofa"):
        assert_no_leak(khmiro, vook, seat)
    assert readable_by(khmiro, "referee") != readable_by(vook, "referee")


@pytest.mark.rule("ECHO-GATE-4")
def test_a_gate_is_turned_face_up_for_everyone_when_first_passed():
    khmiro, vook = leading_to("w"), leading_to("v")
    for game in (khmiro, vook):
        game.feed("move:e", "gate:g2")
    for seat in ("max", "kofa"):
        assert readable_by(khmiro, seat) != readable_by(vook, seat)
        assert khmiro.view(seat)["state"]["gates"]["g2"]["to"] == "w"
        assert vook.view(seat)["state"]["gates"]["g2"]["to"] == "v"
    assert khmiro.view("kofa")["state"]["gates"]["g1"]["to"] is None
    assert asked(khmiro) == ("max",)


@pytest.mark.rule("ECHO-GATE-4")
def test_the_picture_and_the_table_show_no_destination_before_the_passage():
    khmiro, vook = leading_to("w"), leading_to("v")
    for lang in ("en", "ru"):
        pictures = {DISPLAY.svg(g.view("kofa"), lang) for g in (khmiro, vook)}
        tables = {str(DISPLAY.board_table(g.view("kofa"), lang)) for g in (khmiro, vook)}
        assert len(pictures) == 1 and len(tables) == 1
    khmiro.feed("move:e", "gate:g2")
    table = DISPLAY.board_table(khmiro.view("kofa"), "ru")
    assert table is not None
    assert any("Врата в Красную пустыню Хмиро" in row[3] for row in table[1])


@pytest.mark.rule("ECHO-GATE-2")
def test_disputed_case_13_one_set_in_the_world_where_no_gate_leads_is_refused():
    """«вернуться обратно в город»: Max set in County Vook, where no Gate
    leads, could never come back; nor could he in Khmiro if its only Gate
    opened after the last turn."""
    problems = check(scenario([inv("max", "v")]))
    assert [p.key for p in problems] == ["echo.check.stranded"]
    assert "investigators[0].location" in render(problems[0], "en")
    assert "never return to the city" in render(problems[0], "en")
    assert "вернуться в город" in render(problems[0], "ru")
    late = [{"id": "g1", "at": "d", "to": "w", "opens_turn": 9}]
    assert [p.key for p in check(scenario([inv("max", "w")], gates=late, max_turns=8))] == [
        "echo.check.stranded"]
    assert check(scenario([inv("max", "w")], gates=late, max_turns=9)) == []


@pytest.mark.rule("ECHO-GATE-2", "ECHO-GATE-3", "ECHO-GATE-4")
def test_disputed_case_13_one_set_in_the_world_returns_by_the_gates_leading_there():
    """Max starts in Khmiro: he came through a Gate leading there, so both
    such Gates lie face up from the start, for every seat, and he chooses
    which to return by."""
    game = new_game([inv("max", "w", speed=3), inv("kofa", "a")])
    for seat in ("max", "kofa"):
        gates = game.view(seat)["state"]["gates"]
        assert [(g["revealed"], g["to"]) for g in gates.values()] == [(True, "w"), (True, "w")]
    assert [o for o in options(game) if str(o).startswith("back:")] == ["back:g1", "back:g2"]
    lines = [e for e in game.log_for("kofa") if e.text.key == "echo.gate.face-up"]
    assert render(lines[0].text, "en") == ("The Gate at Kholomi lies face up from the start: "
                                           "Sir Max came through it to the Red Desert of Khmiro.")
    assert render(lines[1].text, "ru") == ("На Большом рынке Врата с самого начала лежат "
                                           "рубашкой вниз: через них сэр Макс прошёл в Красную "
                                           "пустыню Хмиро.")
    game.feed("back:g2")
    assert (where(game, "max"), units(game, "max")) == ("e", 2)


@pytest.mark.rule("ECHO-GATE-1")
def test_a_target_in_the_world_where_no_gate_leads_is_refused():
    """The target stands in County Vook, where no Gate leads: no one could
    reach it and the game could never be won. A Gate to Vook opening within
    the game makes it playable; one opening after the last turn does not."""
    in_vook = [enemy("boss", "v")]
    problems = check(scenario([inv("max")], enemies=in_vook, targets=["boss"]))
    assert [p.key for p in problems] == ["echo.check.unreachable-target"]
    english, russian = render(problems[0], "en"), render(problems[0], "ru")
    assert english.startswith("enemies[1].location: the target `boss`")
    assert "could never be won" in english
    assert russian.startswith("enemies[1].location: цель `boss`")
    assert "нельзя было бы выиграть" in russian
    to_vook = [*GATES, {"id": "g3", "at": "d", "to": "v", "opens_turn": 3}]
    assert check(scenario([inv("max")], enemies=in_vook, gates=to_vook, targets=["boss"])) == []
    too_late = [*GATES, {"id": "g3", "at": "d", "to": "v", "opens_turn": 9}]
    assert [p.key for p in check(scenario([inv("max")], enemies=in_vook, gates=too_late,
                                          max_turns=8, targets=["boss"]))] == [
        "echo.check.unreachable-target"]
    # an enemy there that is not a target does not stop the game being won
    assert check(scenario([inv("max")], enemies=[enemy("bystander", "v")])) == []
