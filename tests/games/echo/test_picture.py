"""The picture of the city (``referee play echo --svg DIR``) as a person sees
it: a title naming the scenario and the turn, a legend of every mark, and
every Location's name whole, inside the picture and clear of the others."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from random import Random
from typing import Any

import pytest

from referee.boards.svg import Box, text_width
from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.i18n import Lang, Msg, msg, render
from referee.core.scenario import load_scenario
from referee.games.echo.picture import LABEL_WIDTH, name_from_view, wrap
from tests.games.echo.echo import DISPLAY, RULESET, inv, scenario

SVG = "{http://www.w3.org/2000/svg}"


def picture(game: Game, lang: Lang) -> ET.Element:
    text = DISPLAY.svg(game.view("referee"), lang)
    assert text is not None
    return ET.fromstring(text)


def canvas(root: ET.Element) -> Box:
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    return Box(x, y, w, h)


def label_boxes(root: ET.Element) -> dict[str, Box]:
    """Each Location's name as drawn, by its text, and the box its lines
    cover: centred on x, from a line's top (the font size above its
    baseline) to the last line's descent."""
    found: dict[str, Box] = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") != "place-label":
            continue
        size = float(group.get("font-size", "12"))
        lines = list(group.iter(f"{SVG}text"))
        boxes = []
        for line in lines:
            width = text_width(line.text or "", size)
            x, y = float(line.get("x", "0")), float(line.get("y", "0"))
            boxes.append(Box(x - width / 2, y - size, width, size * 1.25))
        left = min(b.x for b in boxes)
        top = min(b.y for b in boxes)
        right = max(b.x + b.w for b in boxes)
        bottom = max(b.y + b.h for b in boxes)
        found[" ".join(line.text or "" for line in lines)] = Box(left, top, right - left,
                                                                 bottom - top)
    return found


def example_game(moves: int) -> Game:
    """The example scenario, played by random bots for ``moves`` inputs."""
    ruleset, model = load_scenario("echo")
    game = Game(ruleset, model)
    if moves:
        bot = random_bot(Random(5))
        play_out(game, dict.fromkeys(game.seats, bot), RandomChance(Random(6)),
                 max_inputs=moves)
    return game


def a_ring_of_long_names() -> Game:
    """The test map with no positions given: its Locations go round a ring."""
    model = scenario([inv("max")])
    model = model.model_copy(update={"locations": tuple(
        loc.model_copy(update={"pos": None}) for loc in model.locations)})
    return Game(RULESET, model)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("make", [lambda: example_game(0), lambda: example_game(60),
                                  a_ring_of_long_names])
def test_every_name_is_whole_inside_the_picture_and_clear_of_the_others(make, lang: Lang):
    game = make()
    root = picture(game, lang)
    boxes = label_boxes(root)
    view = game.view("referee")["state"]
    names = {" ".join(wrap(render(_name_msg(info), lang), LABEL_WIDTH, 12))
             for info in view["locations"].values()}
    assert set(boxes) == names
    area = canvas(root)
    for name, box in boxes.items():
        assert box.outside(area) == 0, name
    placed = list(boxes.items())
    for i, (one, a) in enumerate(placed):
        for other, b in placed[i + 1:]:
            assert a.overlap(b) == 0, (one, other)


def _name_msg(info: dict[str, Any]) -> Msg:
    return msg("echo.board.echo", name=name_from_view(info["name"]))


def test_long_names_are_wrapped_not_cut() -> None:
    assert wrap("The Street of Old Coins", LABEL_WIDTH, 12) == ["The Street of Old", "Coins"]
    assert wrap("Kholomi", LABEL_WIDTH, 12) == ["Kholomi"]


@pytest.mark.parametrize(("lang", "title", "legend"), [
    ("en", "One Day of the Secret Investigation of Echo: turn 1 of 8",
     ["a Location of Echo", "a cursed Location", "a Location of the World",
      "Locations that touch", "a link", "a Gate and where it leads", "a Gate to the unknown",
      "an investigator", "an enemy"]),
    ("ru", "Один день из жизни Тайного Сыска Ехо: ход 1 из 8",
     ["локация Ехо", "проклятая локация", "локация Мира", "соприкасающиеся локации", "связь",
      "Врата и куда они ведут", "Врата в неизвестность", "Сыщик", "враг"]),
])
def test_the_picture_has_a_title_and_a_legend(lang: Lang, title: str, legend: list[str]) -> None:
    game = example_game(3)
    assert game.view("referee")["state"]["turn"] == 1
    root = picture(game, lang)
    titles = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "title"]
    assert titles == [title]
    assert root.findtext(f"{SVG}title") == title
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    assert [t.text for t in group.iter(f"{SVG}text") if t.get("class") == "entry"] == legend
    area = canvas(root)
    for line in group.iter(f"{SVG}text"):
        assert float(line.get("y", "0")) < area.y + area.h
