"""What a person sees before writing orders: the room named as the scenario
names it, and each door with the room it leads to, from the seat's view."""

from __future__ import annotations

from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.display import display_for
from tests.games.facility.helpers import RULESET, scenario


def shown(game: Game, seat: str, lang: str) -> dict[str, str]:
    display = display_for(RULESET)
    assert display is not None
    table = display.board_table(game.view(seat), "ru" if lang == "ru" else "en")
    assert table is not None
    return dict((label, value) for label, value in table[1])


def test_the_room_and_where_its_doors_lead_read_by_the_scenarios_names() -> None:
    ruleset, example = load_scenario("facility")
    game = Game(ruleset, example)
    english, russian = shown(game, "anna", "en"), shown(game, "anna", "ru")
    # research_wing.toml: Anna starts in room 1, "the lobby" («вестибюль»),
    # whose north door leads to room 3, "the corridor" («коридор»)
    assert english["You are in"] == "the lobby"
    assert english["Doors (`move`: `route`)"] == "`north` to the corridor"
    assert russian["Вы находитесь"] == "в вестибюле"
    assert russian["Двери (`move`: `route`)"] == "`north` в коридор"


def test_rooms_without_a_name_read_by_number() -> None:
    # the test building: room 2 has doors east to 3, north to 5, west to 1
    game = Game(RULESET, scenario({"ann": {"room": 2}}))
    english, russian = shown(game, "ann", "en"), shown(game, "ann", "ru")
    assert english["You are in"] == "room 2"
    assert english["Doors (`move`: `route`)"] == \
        "`east` to room 3, `north` to room 5, and `west` to room 1"
    assert russian["Вы находитесь"] == "в комнате 2"
    assert "`north` в комнату 5" in russian["Двери (`move`: `route`)"]


def test_the_view_gives_the_room_and_the_rooms_beyond_its_doors() -> None:
    game = Game(RULESET, scenario({"ann": {"room": 1}}))
    state = game.view("ann")["state"]
    room = state["room"]
    assert room["number"] == 1 and state["rooms"]["1"] == {"name": None}
    assert room["doors"] == {"east": {"name": {"en": "east", "ru": "восточная"}, "to": 2},
                             "north": {"name": {"en": "north", "ru": "северная"}, "to": 4}}
