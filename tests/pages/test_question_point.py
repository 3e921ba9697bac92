"""A point on the table, chosen by a click on the board or typed (Old West
and Samurai moves to a point): the board carries what a click needs (where
the table lies on the picture) with the mover's reach drawn, the form the
two numbers and the named moves the rules offer."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

import pytest

from referee.core.errors import IllegalAnswer
from referee.core.game import Game
from referee.core.i18n import render
from referee.server.pages.question import (
    FormError,
    answer_from_form,
    board_html,
    question_html,
)
from tests.pages.posting import FormPage
from tests.pages.reach import asked


def _wants_point(view: Mapping[str, Any]) -> bool:
    waiting = view.get("waiting") or {}
    return set((waiting.get("answer_schema") or {}).get("properties") or {}) == {"x", "y"}


POINTS = {name: asked(name, _wants_point) for name in ("old-west", "samurai")}


def _mover(name: str) -> tuple[str, Mapping[str, Any]]:
    """The model asked where to go, and its entry in the view's state."""
    game, seat = POINTS[name]
    state = game.view(seat)["state"]
    if name == "old-west":
        model = state["point"]["model"]
        return model, state["models"][model]
    fighter = state["moving"]["fighter"]
    return fighter, state["fighters"][fighter]


def _table(svg: str) -> tuple[float, float, float, float, float]:
    found = re.search(r'data-table="([^"]+)"', svg)
    assert found is not None
    left, bottom, scale, width, depth = (float(v) for v in found.group(1).split())
    return left, bottom, scale, width, depth


@pytest.mark.parametrize("name", sorted(POINTS))
def test_the_board_says_where_the_table_lies_so_a_click_finds_the_point(name: str):
    """Every model's base, drawn on the picture, maps back through the
    board's ``data-table`` to where the view says it stands."""
    game, seat = POINTS[name]
    view = game.view(seat)
    board = str(board_html(game.ruleset, view, "en"))
    assert 'data-point="1"' in board
    left, bottom, scale, width, depth = _table(board)
    state = view["state"]
    table = state["table"]
    assert (width, depth) == (table["width"], table["depth"])
    models = state.get("models") or state["fighters"]
    drawn = 0
    for model, entry in models.items():
        circle = re.search(rf'<g class="model" id="board-{re.escape(model)}"><title>[^<]*'
                           rf'</title><circle cx="([\d.]+)" cy="([\d.]+)"', board)
        if entry.get("at") is None:
            assert circle is None
            continue
        assert circle is not None
        x = (float(circle.group(1)) - left) / scale
        y = (bottom - float(circle.group(2))) / scale
        assert (x, y) == pytest.approx(tuple(entry["at"]), abs=0.01)
        drawn += 1
    assert drawn >= 2


@pytest.mark.parametrize("name", sorted(POINTS))
def test_the_movers_reach_is_drawn_around_it(name: str):
    game, seat = POINTS[name]
    view = game.view(seat)
    board = str(board_html(game.ruleset, view, "en"))
    _, scale = _table(board)[1:3]
    reach = re.search(r'<circle class="reach" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', board)
    assert reach is not None
    _, entry = _mover(name)
    assert float(reach.group(3)) / scale == pytest.approx(entry["move"], abs=0.01)


@pytest.mark.parametrize("name", sorted(POINTS))
def test_a_seat_not_asked_gets_no_board_to_click(name: str):
    game, seat = POINTS[name]
    other = next(s for s in game.seats if s != seat)
    board = str(board_html(game.ruleset, game.view(other), "en"))
    assert "data-point" not in board
    assert question_html(game.ruleset, game.view(other), "en") is None


@pytest.mark.parametrize("name", sorted(POINTS))
def test_the_form_starts_where_the_model_stands_and_a_typed_point_is_taken(name: str):
    game, seat = POINTS[name]
    view = game.view(seat)
    form = FormPage(str(question_html(game.ruleset, view, "en")))
    _, entry = _mover(name)
    assert (float(form.one("x").value), float(form.one("y").value)) == \
        pytest.approx(tuple(entry["at"]), abs=0.01)
    assert form.labels["q-x"] == "x: inches from the left edge"
    assert answer_from_form(game.ruleset, view, form.post()) == \
        pytest.approx({"x": entry["at"][0], "y": entry["at"][1]}, abs=0.01)
    form.fill("x", "3,5")
    form.fill("y", " 2 ")
    assert answer_from_form(game.ruleset, view, form.post()) == {"x": 3.5, "y": 2.0}


@pytest.mark.parametrize("name", sorted(POINTS))
def test_a_named_move_posts_the_point_the_rules_offered(name: str):
    game, seat = POINTS[name]
    view = game.view(seat)
    form = FormPage(str(question_html(game.ruleset, view, "en")))
    named = [b for b in form.buttons() if b.name == "spot"]
    assert named
    state = view["state"]
    spots = ({f"{s['way']}:{s['model']}": s["to"] for s in state["point"]["spots"]}
             if name == "old-west" else {s["value"]: s["at"] for s in state["moving"]["spots"]})
    assert {b.value for b in named} == set(spots)
    for button in named:
        way, _, other = button.value.partition(":")
        named_as = (state["names"]["models"][other] if name == "old-west"
                    else state["fighters"][other]["name"])["en"]
        assert button.text.startswith(("Toward " if way == "toward" else "Away from ") + named_as)
        answer = answer_from_form(game.ruleset, view, form.post(button))
        assert answer == {"x": spots[button.value][0], "y": spots[button.value][1]}
        game.fork().answer(seat, answer)


@pytest.mark.parametrize("typed, field", [("", "x"), ("east", "x"), ("nan", "x")])
def test_a_point_that_is_not_one_is_refused_naming_the_field(typed: str, field: str):
    game, seat = POINTS["old-west"]
    view = game.view(seat)
    form = FormPage(str(question_html(game.ruleset, view, "en")))
    form.fill(field, typed)
    with pytest.raises(FormError) as refused:
        answer_from_form(game.ruleset, view, form.post())
    assert refused.value.field == field
    assert render(refused.value.message, "en").startswith("X: inches from the left edge: ")


def test_a_point_out_of_reach_is_sent_and_the_rules_say_why():
    game, seat = POINTS["old-west"]
    view = game.view(seat)
    form = FormPage(str(question_html(game.ruleset, view, "en")))
    _, entry = _mover("old-west")
    width, depth = view["state"]["table"]["width"], view["state"]["table"]["depth"]
    corners = [(x, y) for x in (1.0, width - 1) for y in (1.0, depth - 1)]
    far = max(corners, key=lambda c: math.dist(c, entry["at"]))
    assert math.dist(far, entry["at"]) > entry["move"]
    form.fill("x", str(far[0]))
    form.fill("y", str(far[1]))
    answer = answer_from_form(game.ruleset, view, form.post())
    copy: Game = game.fork()
    with pytest.raises(IllegalAnswer):
        copy.answer(seat, answer)
