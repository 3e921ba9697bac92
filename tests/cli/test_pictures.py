"""``referee play --svg DIR``: one numbered picture per phase and one of the
end, never one file written over another; each a valid SVG with a legend, a
scale bar, the terrain's names and every model; labels that do not overlap;
drawn from what the seat may see."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.boards.svg import Box
from referee.bots import random_playout
from referee.cli import app
from referee.cli.pictures import SPECTATOR, Pictures, phase_slug
from referee.cli.play import outcome_line
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.savefile import load_game
from referee.core.scenario import load_scenario
from referee.display import display_for
from referee.games.night_watch.scenario import Scenario as NightWatchScenario
from referee.games.old_west.scenario import OldWestScenario
from referee.games.samurai.scenario import SamuraiScenario
from tests.games.night_watch.nw import new_game, other

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def play(*args: str):
    return runner.invoke(app, ["play", *args])


def pictures_in(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.svg"))


def texts(path: Path) -> list[str]:
    return ["".join(node.itertext()) for node in ET.parse(path).iter(f"{SVG}text")]


def classes(path: Path) -> list[str]:
    return [node.get("class", "") for node in ET.parse(path).iter()]


@pytest.mark.parametrize("seed", [3, 8])
def test_old_west_leaves_one_picture_per_phase_and_the_end_last(tmp_path: Path, seed: int):
    folder, saved = tmp_path / "pictures", tmp_path / "game.json"
    result = play("old-west", "--seat", "all=random", "--seed", str(seed), "--svg", str(folder),
                  "--save", str(saved), "--lang", "en")
    assert result.exit_code == 0, result.output
    game = load_game(saved)
    ends = [e for e in game.log_for(REFEREE)
            if (e.facts_for(REFEREE) or {}).get("kind") == "phase-ended"]
    files = pictures_in(folder)
    assert len(files) == len(ends) + 1
    assert [f.name[:3] for f in files] == [f"{n:03d}" for n in range(1, len(files) + 1)]
    for path, event in zip(files, ends, strict=False):
        facts = event.facts_for(REFEREE) or {}
        assert path.name == f"{path.name[:3]}-turn{facts['turn']}-" \
                            f"{phase_slug(facts['phase'])}.svg"
    last = files[-1]
    assert last.name.endswith("-end.svg")
    outcome = outcome_line(game, "en")
    assert outcome in result.output and outcome in texts(last)
    assert "the game is over" in " ".join(texts(last))


def test_each_picture_is_valid_svg_with_a_legend_a_scale_bar_terrain_and_every_model(
        tmp_path: Path):
    folder = tmp_path / "pictures"
    assert play("old-west", "--seat", "all=random", "--seed", "5", "--svg", str(folder),
                "--lang", "ru").exit_code == 0
    _, scenario = load_scenario("old-west")
    assert isinstance(scenario, OldWestScenario)
    models = [m for posse in scenario.posses for m in posse.models]
    for path in pictures_in(folder):
        root = ET.parse(path).getroot()
        assert root.tag == f"{SVG}svg"
        found = classes(path)
        assert "legend" in found and "scale-bar" in found
        words = " ".join(texts(path))
        assert "Условные обозначения" in words and "дюймы" in words
        for name in ("изгородь", "каменный дом", "кустарник", "край оврага"):
            assert name in words, (path.name, name)
        for model in models:  # the legend names every model
            assert (model.name.ru or model.name.en) in words, (path.name, model.name)


def test_a_second_game_into_the_same_folder_numbers_on(tmp_path: Path):
    folder = tmp_path / "pictures"
    play("old-west", "--seat", "all=random", "--seed", "1", "--svg", str(folder))
    first = pictures_in(folder)
    contents = {p: p.read_text(encoding="utf-8") for p in first}
    play("old-west", "--seat", "all=random", "--seed", "2", "--svg", str(folder))
    both = pictures_in(folder)
    assert len(both) > len(first)
    assert all(p.read_text(encoding="utf-8") == text for p, text in contents.items())
    numbers = [int(p.name[:3]) for p in both]
    assert numbers == list(range(1, len(both) + 1))


def test_svg_refuses_a_file_in_place_of_a_folder(tmp_path: Path):
    file = tmp_path / "table.svg"
    file.write_text("mine", encoding="utf-8")
    result = play("old-west", "--seat", "all=random", "--seed", "1", "--svg", str(file))
    assert result.exit_code == 2
    assert "folder" in result.output
    assert file.read_text(encoding="utf-8") == "mine"


def test_a_ruleset_without_a_picture_says_so_and_writes_none(tmp_path: Path):
    folder = tmp_path / "pictures"
    result = play("facility", "--seat", "all=random", "--seed", "1", "--svg", str(folder))
    assert result.exit_code == 0, result.output
    assert "facility has no picture of its table" in result.output
    assert not folder.exists() or not list(folder.iterdir())


def test_night_watch_pictures_show_every_location(tmp_path: Path):
    folder = tmp_path / "pictures"
    assert play("nw", "--seat", "all=random", "--seed", "2", "--svg", str(folder)).exit_code == 0
    files = pictures_in(folder)
    assert files and files[-1].name.endswith("-end.svg")
    assert any(f.name.endswith("-start.svg") for f in files)
    _, scenario = load_scenario("night-watch")
    assert isinstance(scenario, NightWatchScenario)
    for path in files:
        assert classes(path).count("location") == len(scenario.locations)
        words = " ".join(texts(path)).lower()  # a box's name starts with a capital: "The Roof"
        assert all(loc.name.en.lower() in words for loc in scenario.locations)


def label_boxes(picture: str) -> list[Box]:
    root = ET.fromstring(picture)
    boxes = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") in ("label", "terrain-label"):
            rect = group.find(f"{SVG}rect")
            assert rect is not None
            boxes.append(Box(*(float(rect.get(k, 0)) for k in ("x", "y", "width", "height"))))
    return boxes


@pytest.mark.parametrize("name", ["old-west", "samurai"])
@pytest.mark.parametrize("seed", range(6))
def test_no_two_labels_overlap(name: str, seed: int):
    """Labels of models and terrain, at every few inputs of random games."""
    ruleset, scenario = load_scenario(name)
    game = Game(ruleset, scenario)
    random_playout(game, seed)
    for count in range(0, len(game.inputs), 9):
        moment = Game(ruleset, scenario, game.inputs[:count])
        display = display_for(ruleset)
        assert display is not None
        picture = display.svg(moment.view(REFEREE), "en")
        assert picture is not None
        boxes = label_boxes(picture)
        terrain = scenario.terrain if isinstance(scenario, SamuraiScenario) else \
            scenario.obstacles if isinstance(scenario, OldWestScenario) else ()
        assert len(boxes) >= len(terrain) + 1
        for a, b in combinations(boxes, 2):
            assert a.overlap(b) < 1.0, (count, a, b)


def test_a_picture_shows_a_watch_only_what_it_may_know(tmp_path: Path):
    """Two games that differ only in the Spell Larisa drew: the Night Watch's
    pictures (and a spectator's, for several people at one terminal) are the
    same; the Day Watch's are not."""
    def drawn(card: str) -> Game:
        game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                        day=["attack-4", "defence-3"], night=["attack-2"], hand_size=1)
        game.feed(card, "attack-2")
        return game

    attack, defence = drawn("attack-4"), drawn("defence-3")

    def picture(game: Game, seat: str | None, where: str) -> str:
        writer = Pictures.start(tmp_path / where, game, "en")
        assert writer is not None
        path = writer.write("now", seat)
        assert path is not None
        return path.read_text(encoding="utf-8")

    for seat in ("night", None):
        assert picture(attack, seat, "a") == picture(defence, seat, "b")
    day_attack, day_defence = picture(attack, "day", "c"), picture(defence, "day", "d")
    assert day_attack != day_defence
    assert "Attack-4" in day_attack and "Attack-4" not in picture(attack, None, "e")
    assert SPECTATOR not in attack.seats


def test_phase_slugs():
    assert phase_slug("movement") == "movement"
    assert phase_slug("turn") == "end-of-turn"
    assert phase_slug("start") == "start"
    assert phase_slug("egor") == "egor"
    assert re.fullmatch(r"[a-z0-9-]+", phase_slug("Combat / 2"))


@pytest.mark.parametrize("under", ["", "inside"])
def test_a_picture_folder_that_is_or_lies_under_a_file_is_refused_before_the_game(
        tmp_path: Path, under: str):
    """``--svg`` naming a file, or a folder under one: the game does not start,
    the message says which folder and why, the file is left as it was."""
    plain = tmp_path / "notes.txt"
    plain.write_text("kept", encoding="utf-8")
    folder = plain / under if under else plain
    result = play("old-west", "--seat", "all=random", "--seed", "1", "--svg", str(folder))
    assert result.exit_code != 0
    said = " ".join(result.output.split())
    assert "--svg" in said and str(folder) in result.output.replace("\n", "")
    assert ("this is a file" in said) if not under else ("cannot be made" in said)
    assert plain.read_text(encoding="utf-8") == "kept"
