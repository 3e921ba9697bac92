"""The cover of each kind of terrain comes from the book (SAM-LOS-1): woods,
bushes and hedges are light cover, walls, palisades and buildings heavy. A
scenario may name such a kind and leave its cover out; naming it with other
cover is refused, naming the field. Terrain of a kind the book does not name
states its own cover."""

from __future__ import annotations

import copy
from typing import Any, get_args

import pytest

from referee.core.errors import ScenarioError
from referee.core.i18n import render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import read_toml, validate_scenario
from referee.games.samurai.tables import COVER_KINDS, TerrainKind
from tests.games.samurai.sam import BANDITS, RETAINERS, RULES, fighter

RULESET = find_ruleset("samurai")

PALISADE = {"name": "palisade", "closed": False, "points": [[5, 5], [5, 15]]}
PADDY = {"name": {"en": "rice paddy", "ru": "рисовое поле"},
         "points": [[20, 20], [30, 20], [30, 30], [20, 30]]}


def scenario_with(*terrain: dict[str, Any]) -> dict[str, Any]:
    return {"table": {"width": 48, "depth": 48}, "terrain": list(terrain),
            "bands": [{"seat": "retainers", "name": RETAINERS,
                       "fighters": [fighter("kenji", (1, 1))]},
                      {"seat": "bandits", "name": BANDITS,
                       "fighters": [fighter("oni", (40, 40))]}]}


def problems(data: dict[str, Any], lang: str = "en") -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULES, data, "test.toml")
    return [render(p, lang) for p in caught.value.messages]  # type: ignore[arg-type]


@pytest.mark.rule("SAM-LOS-1")
def test_the_books_list_of_kinds_is_the_one_the_scenario_reads():
    assert set(get_args(TerrainKind)) == set(COVER_KINDS)
    assert {k for k, c in COVER_KINDS.items() if c == "light"} == {"woods", "bushes", "hedge"}
    assert {k for k, c in COVER_KINDS.items() if c == "heavy"} == {"wall", "palisade",
                                                                    "building"}


@pytest.mark.rule("SAM-LOS-1")
@pytest.mark.parametrize(("kind", "cover"), [
    ("woods", "light"), ("bushes", "light"), ("hedge", "light"),
    ("wall", "heavy"), ("palisade", "heavy"), ("building", "heavy")])
def test_a_kind_the_book_names_gives_its_cover(kind: str, cover: str):
    closed = kind not in ("wall", "palisade")
    piece = {"name": kind, "kind": kind, "closed": closed,
             "points": [[5, 5], [5, 15]] if not closed else [[5, 5], [8, 5], [8, 8], [5, 8]]}
    scenario = validate_scenario(RULES, scenario_with(piece), "test.toml")
    assert scenario.terrain[0].cover == cover  # type: ignore[attr-defined]
    stated = validate_scenario(RULES, scenario_with({**piece, "cover": cover}), "test.toml")
    assert stated == scenario


@pytest.mark.rule("SAM-LOS-1")
def test_a_palisade_declared_light_is_refused_naming_the_field():
    data = scenario_with(PADDY | {"cover": "light"},
                         PALISADE | {"kind": "palisade", "cover": "light"})
    assert problems(data) == [
        'terrain[1].cover: by the book a palisade is heavy cover (SAM-LOS-1), not light: '
        'leave `cover` out or write `cover = "heavy"`']
    assert problems(data, "ru") == [
        'terrain[1].cover: по книге палисад даёт Прочное укрытие (SAM-LOS-1), а не Легкое: '
        'уберите `cover` или напишите `cover = "heavy"`']


@pytest.mark.rule("SAM-LOS-1")
def test_bushes_declared_heavy_are_refused_in_russian_too():
    bushes = {"name": "bushes", "kind": "bushes", "cover": "heavy",
              "points": [[5, 5], [8, 5], [8, 8], [5, 8]]}
    assert problems(scenario_with(bushes), "ru") == [
        'terrain[0].cover: по книге кусты дают Легкое укрытие (SAM-LOS-1), а не Прочное: '
        'уберите `cover` или напишите `cover = "light"`']


def test_other_terrain_states_its_cover_and_must_state_it():
    """A rice paddy is no kind the book names: the scenario says what it is."""
    scenario = validate_scenario(RULES, scenario_with(PADDY | {"cover": "light"}), "test.toml")
    assert scenario.terrain[0].cover == "light"  # type: ignore[attr-defined]
    (missing,) = problems(scenario_with(PADDY))
    assert missing == "terrain[0] (rice paddy).cover: required field `cover` is missing"


def test_a_misspelt_kind_gets_the_closest_one_and_the_list():
    data = copy.deepcopy(read_toml(RULESET.examples()[0]))
    data["terrain"][0]["kind"] = "hegde"
    english = problems(data)
    assert english[0].startswith("terrain[0]")
    assert "(did you mean `hedge`?)" in english[0]
    assert "woods, bushes, hedge, wall, palisade, building" in english[0]
    assert len(english) == 1, english


def test_the_published_schema_asks_for_cover_or_kind():
    schema = RULESET.scenario_model.model_json_schema()
    terrain = schema["$defs"]["TerrainSpec"]
    assert "cover" not in terrain.get("required", [])
    assert terrain["anyOf"] == [{"required": ["cover"]}, {"required": ["kind"]}]


SQUARE = [[5, 5], [8, 5], [8, 8], [5, 8]]


@pytest.mark.rule("SAM-LOS-1")
@pytest.mark.parametrize(("piece", "english", "russian"), [
    ({"name": "wall", "kind": "wall", "points": SQUARE},
     "terrain[0].closed: by the book a wall is a line of heavy cover (SAM-LOS-1): "
     "`closed = false` and its points along it",
     "terrain[0].closed: по книге стена — линия Прочного укрытия (SAM-LOS-1): "
     "`closed = false`, точки вдоль неё"),
    (PALISADE | {"kind": "palisade", "closed": True, "points": SQUARE},
     "terrain[0].closed: by the book a palisade is a line of heavy cover (SAM-LOS-1): "
     "`closed = false` and its points along it",
     "terrain[0].closed: по книге палисад — линия Прочного укрытия (SAM-LOS-1): "
     "`closed = false`, точки вдоль него"),
    ({"name": "farmhouse", "kind": "building", "closed": False, "points": [[5, 5], [5, 15]]},
     "terrain[0].closed: a building is a closed polygon of heavy cover (SAM-LOS-1): "
     "`closed = true` (or leave `closed` out)",
     "terrain[0].closed: здание — замкнутый многоугольник Прочного укрытия (SAM-LOS-1): "
     "`closed = true` (или не пишите `closed`)"),
])
def test_a_piece_shaped_against_its_kind_is_refused_naming_closed(
        piece: dict[str, Any], english: str, russian: str):
    """A wall or palisade is a line and a building a closed polygon: a wall
    drawn as an area or a building left open is refused, naming the field."""
    assert problems(scenario_with(piece)) == [english]
    assert problems(scenario_with(piece), "ru") == [russian]


def test_a_hedge_drawn_as_a_line_is_refused_as_light_cover_is():
    hedge = {"name": "hedge", "kind": "hedge", "closed": False, "points": [[5, 5], [5, 15]]}
    assert problems(scenario_with(hedge)) == [
        "terrain[0].closed: light cover (woods, bushes, hedges) must be an area: "
        "`closed = true`"]


def test_two_pieces_of_terrain_with_one_name_are_refused():
    """The table knows terrain by its name: a second "hedge" would hide the first."""
    hedge = {"name": "hedge", "kind": "hedge", "points": SQUARE}
    other = {**hedge, "points": [[20, 20], [24, 20], [24, 24], [20, 24]]}
    assert problems(scenario_with(hedge, PADDY | {"cover": "light"}, other)) == [
        "terrain[2].name: the name “hedge” is already terrain[0]'s; each piece of terrain "
        "needs its own name"]
    assert problems(scenario_with(hedge, other), "ru") == [
        "terrain[1].name: имя «hedge» уже занято: terrain[0]; у каждого элемента местности "
        "должно быть своё имя"]
