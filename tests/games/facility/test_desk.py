"""Facility's orders desk reads a character's own view alone: its orders file
names no item the character has not seen, and reads the same whatever
happens out of its sight; every item and character a view names (in its state
or its log's facts) has its name in the view; a resolved turn's cameras are
found and headed by their rooms."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from random import Random
from typing import Any

import pytest

from referee.cli.orders_template import template_text
from referee.core.drivers import RandomBot, RandomChance, play_out
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.scenario import validate_scenario
from referee.display.orders import desk_for
from referee.games.facility.desk import FacilityDesk
from tests.games.facility.helpers import RULESET
from tests.leaks import assert_no_leak, readable_by

EXAMPLE = Path(__file__).parents[3] / "src/referee/games/facility/scenarios"
BASE: dict[str, Any] = tomllib.loads((EXAMPLE / "research_wing.toml").read_text(
    encoding="utf-8"))
TURN1: dict[str, Any] = tomllib.loads((EXAMPLE / "research_wing_orders" / "turn1.toml")
                                      .read_text(encoding="utf-8"))


def game(change: Any = None, turns: int = 0) -> Game:
    """The example game, ``change`` made to its scenario, after ``turns`` of
    the example's first turn's orders."""
    data = copy.deepcopy(BASE)
    if change is not None:
        change(data)
    played = Game(RULESET, validate_scenario(RULESET, data, "test"))
    for _ in range(turns):
        for seat in played.seats:
            played.answer(seat, TURN1.get(seat, {}))
        played.close()
    return played


def room(data: dict[str, Any], number: int) -> dict[str, Any]:
    return next(entry for entry in data["rooms"] if entry["number"] == number)


def a_lamp_in_the_storeroom(data: dict[str, Any]) -> None:
    """The storeroom's crowbar (no one sees it) is a lamp of a kind no one else has."""
    del data["items"]["crowbar"]
    data["items"]["lamp"] = {"kind": "lamp", "name": {"en": "oil lamp", "ru": "лампа"}}
    room(data, 4)["items"] = ["lamp"]


def gleb_hides_a_pistol(data: dict[str, Any]) -> None:
    """Gleb (in the office, alone) carries a pistol in his inventory, out of sight."""
    data["items"]["derringer"] = {"kind": "pistol", "name": "derringer",
                                  "abilities": ["shot"]}
    data["characters"]["gleb"]["inventory"] = ["derringer"]


def the_folder_is_a_map(data: dict[str, Any]) -> None:
    """The office's folder, which Gleb takes alone in turn 1, is a map."""
    data["items"]["folder"].update(kind="map", name={"en": "site map", "ru": "план"})


def boris_has_another_aim(data: dict[str, Any]) -> None:
    """Boris's aim, which only he and the game master read, is another."""
    data["characters"]["boris"]["aim"] = {"en": "leave the wing unseen",
                                          "ru": "уйти из крыла незамеченным"}


def templates(played: Game, seat: str) -> tuple[str, str]:
    return tuple(template_text(played, seat, lang, "game.json")  # type: ignore[return-value]
                 for lang in ("en", "ru"))


UNSEEN = [pytest.param(change, id=change.__name__)
          for change in (a_lamp_in_the_storeroom, gleb_hides_a_pistol, the_folder_is_a_map,
                         boris_has_another_aim)]


def test_a_characters_aim_reaches_it_and_the_game_master():
    """The check above has something to find: Boris and the game master
    read his aim, on the terminal and in the view."""
    first, second = game(), game(boris_has_another_aim)
    for seat in ("boris", REFEREE):
        assert readable_by(first, seat) != readable_by(second, seat)
    assert "leave the wing unseen" in readable_by(second, "boris")
    assert "уйти из крыла незамеченным" in readable_by(second, "boris")


@pytest.mark.parametrize("change", UNSEEN)
@pytest.mark.parametrize("turns", [0, 1])
def test_a_template_reads_the_same_whatever_its_character_has_not_seen(change: Any,
                                                                       turns: int) -> None:
    """Two games that differ only in what Anna has not seen give her the same
    orders file, byte for byte, and the same view, in both languages."""
    first, second = game(None, turns), game(change, turns)
    for seat in ("anna", "vera"):
        assert templates(first, seat) == templates(second, seat)
        assert_no_leak(first, second, seat)


def test_a_template_names_the_kinds_of_items_seen_only() -> None:
    """At the start Anna has seen the keycard on her floor: follow and detain
    may name ``item:keycard``; the crowbar and the sample case lie elsewhere
    and go unnamed."""
    english, _ = templates(game(), "anna")
    assert '("item:keycard")' in english
    for unseen in ("crowbar", "sample", "folder", "pistol", "badge"):
        assert unseen not in english, unseen
    after, _ = templates(game(turns=1), "anna")  # in the corridor with armed Boris
    assert 'pistol ("item:pistol")' not in after  # worn on the belt, it cannot be seen
    assert 'agent\'s badge ("item:badge")' in after


def test_a_template_for_a_character_who_saw_a_shot_names_the_weapon(tmp_path: Path) -> None:
    """What a character learns in its report is named in its view, though
    it lies elsewhere now: Vera sees Boris draw a pistol and shoot."""
    def armed(data: dict[str, Any]) -> None:
        data["characters"]["boris"].update(room=2, worn={"body": ["badge"]},
                                            hands=["pistol"])

    played = game(armed)
    played.answer("boris", {"use": [{"target": "vera"}], "move": {"to": 3}})
    played.close()
    state = played.view("vera")["state"]
    assert "pistol" in state["items"]
    assert state["items"]["pistol"]["name"]["en"] == "pistol"


def names_in_facts(facts: dict[str, Any]) -> tuple[set[str], set[str]]:
    """(characters, items) a line's facts name."""
    characters = {facts[key] for key in ("character", "target", "attacker", "seat")
                  if isinstance(facts.get(key), str)}
    characters.update(*(facts.get(key) or () for key in ("others", "armed")))
    items = {facts["item"]} if isinstance(facts.get("item"), str) else set()
    items.update(*(facts.get(key) or () for key in ("hidden", "shown", "hands", "inventory")))
    items.update(*(facts.get("worn") or {}).values())
    return characters, items


@pytest.mark.parametrize("seed", range(6))
def test_every_item_and_character_a_view_names_has_its_name_there(seed: int) -> None:
    played = game()
    bot = RandomBot(Random(seed))
    play_out(played, dict.fromkeys(played.seats, bot), RandomChance(Random(seed)),
             max_inputs=40)
    for seat in played.seats:
        state = played.view(seat)["state"]
        characters, items = set(), set()
        for line in played.view(seat)["log"]:
            named = names_in_facts(line["facts"])
            characters |= named[0]
            items |= named[1]
        me, here = state["character"], state["room"]
        items |= {*me["hands"], *me["inventory"], *here["floor"]}
        items |= {item for worn in me["worn"].values() for item in worn}
        items |= {item for seen in here["present"].values() for item in seen["visible"]}
        characters |= set(here["present"])
        assert items <= set(state["items"]), seat
        assert characters <= set(state["characters"]), seat


def test_the_desk_is_registered_and_heads_each_cameras_record_by_its_room() -> None:
    desk = desk_for(RULESET)
    assert isinstance(desk, FacilityDesk)
    master = game().view(REFEREE)
    assert desk.observers(master) == ["camera:1", "camera:3"]
    assert render(desk.observer_title(master, "camera:1"), "ru") == "Запись камеры в вестибюле"
    assert desk.turn(master) == 1 and desk.turn(game(turns=1).view("anna")) == 2


def some_langs_and_a_nameless_camera(data: dict[str, Any]) -> None:
    data["characters"]["anna"]["lang"] = "ru"
    data["characters"]["boris"]["lang"] = "en"
    room(data, 3).pop("name", None)
    room(data, 3).pop("name_ru", None)


@pytest.mark.parametrize("change", [None, some_langs_and_a_nameless_camera])
@pytest.mark.parametrize("turns", [0, 1])
def test_the_master_view_of_the_desk_reads_as_the_whole_view(change: Any, turns: int) -> None:
    """What ``referee resolve`` reads of the game master's view before a turn
    (its turn, languages, cameras and their titles) is the same in the desk's
    own parts of it as in the whole view."""
    played = game(change, turns)
    desk = desk_for(RULESET)
    whole, parts = played.view(REFEREE), desk.master_view(played)
    assert desk.turn(parts) == desk.turn(whole) == turns + 1
    assert [desk.seat_language(parts, seat) for seat in played.seats] \
        == [desk.seat_language(whole, seat) for seat in played.seats]
    assert desk.observers(parts) == desk.observers(whole) == ["camera:1", "camera:3"]
    for observer in desk.observers(whole):
        for lang in ("en", "ru"):
            assert render(desk.observer_title(parts, observer), lang) \
                == render(desk.observer_title(whole, observer), lang)
