"""Small Echo scenarios built in the test, so each test shows its setup.

The map: House by the Bridge (a) touches the Glutton Bunba (b); a white
rectangle links it to Rulh Palace (c) and to the cursed Market (e); Rulh
links to cursed Kholomi (d). Gates: Kholomi -> Khmiro (w), Market -> Khmiro
(w). Vook (v) in the World is reached by no Gate: the default target enemy
waits there, so a test's game does not end by itself.
"""

from __future__ import annotations

from typing import Any

from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.waits import Chance, Decision
from referee.display import Display, display_for
from referee.games.echo.scenario import Scenario

RULESET = find_ruleset("echo")
DISPLAY = display_for(RULESET) or Display()
"""Echo's table and picture (the ``referee.displays`` entry point)."""

LOCATIONS: list[dict[str, Any]] = [
    {"id": "a", "name": {"en": "the House by the Bridge", "ru": "Дом у Моста"}},
    {"id": "b", "name": {"en": "the Glutton Bunba", "ru": "«Обжора Бунба»", "gender": "masc",
                         "cases": {"gen": "«Обжоры Бунбы»", "dat": "«Обжоре Бунбе»",
                                   "acc": "«Обжору Бунбу»", "ins": "«Обжорой Бунбой»",
                                   "prep": "«Обжоре Бунбе»"}}},
    {"id": "c", "name": {"en": "Rulh Palace", "ru": "Дворец Рулх",
                         "cases": {"gen": "Дворца Рулх", "acc": "Дворец Рулх",
                                   "prep": "Дворце Рулх"}},
     "ru_preposition": "во"},
    {"id": "d", "name": {"en": "Kholomi", "ru": "Холоми"}, "cursed": True},
    {"id": "e", "name": {"en": "the Great Market", "ru": "Большой рынок"}, "cursed": True,
     "ru_preposition": "на"},
    {"id": "w", "name": {"en": "the Red Desert of Khmiro", "ru": "Красная пустыня Хмиро"},
     "world": True},
    {"id": "v", "name": {"en": "County Vook", "ru": "графство Вук"}, "world": True},
    {"id": "f", "name": {"en": "the Walled Garden", "ru": "Сад за стеной"}},
]
JOINS: list[dict[str, Any]] = [
    {"between": ["a", "b"], "kind": "touch"},
    {"between": ["a", "c"]},
    {"between": ["c", "d"]},
    {"between": ["a", "e"]},
]
GATES: list[dict[str, Any]] = [{"id": "g1", "at": "d", "to": "w"},
                               {"id": "g2", "at": "e", "to": "w"}]
NAMES = {"max": ("Sir Max", "сэр Макс"), "melifaro": ("Sir Melifaro", "сэр Мелифаро"),
         "juffin": ("Sir Juffin Hully", "сэр Джуффин Халли"),
         "kofa": ("Sir Kofa Yox", "сэр Кофа Йох"),
         "melamori": ("Lady Melamori", "леди Меламори")}


def inv(seat: str, location: str = "a", **card: Any) -> dict[str, Any]:
    en, ru = NAMES.get(seat, (seat, seat))
    base = {"seat": seat, "name": {"en": en, "ru": ru}, "location": location, "speed": 2,
            "attentiveness": 2, "stealth": 2, "fight": 2, "magic": 2, "health": 4, "reason": 4}
    return {**base, **card}


def enemy(id: str, location: str, kind: str = "commoner", **card: Any) -> dict[str, Any]:
    base = {"id": id, "name": id.title(), "kind": kind, "location": location,
            "attentiveness": 1, "fight": 1, "health": 3, "reason": 3}
    return {**base, **card}


FAR = enemy("target", "f")
"""The target, in a walled garden no street leads to: out of every test's way."""


def scenario(investigators: list[dict[str, Any]], enemies: list[dict[str, Any]] | None = None,
             items: list[dict[str, Any]] | None = None, gates: list[dict[str, Any]] | None = None,
             **settings: Any) -> Scenario:
    data = {"title": "test", "locations": LOCATIONS, "joins": JOINS,
            "gates": GATES if gates is None else gates, "investigators": investigators,
            "enemies": [FAR, *(enemies or [])], "items": items or [],
            "settings": {"targets": ["target"], **settings}}
    return Scenario.model_validate(data)


def new_game(investigators: list[dict[str, Any]], **rest: Any) -> Game:
    chosen = scenario(investigators, **rest)
    assert RULESET.check_scenario(chosen) == []
    return Game(RULESET, chosen)


def options(game: Game) -> list[Any]:
    """The values offered to the one seat asked now."""
    wait = game.waiting
    assert isinstance(wait, Decision)
    (seat,) = game.seats_to_answer()
    return [o.value for o in wait.options_for(seat)]


def asked(game: Game) -> tuple[str, ...]:
    return game.seats_to_answer()


def units(game: Game, seat: str) -> int:
    return int(game.state.investigators[seat].units)


def where(game: Game, seat: str) -> str:
    return str(game.state.investigators[seat].location)


def keys(game: Game) -> list[str]:
    """The catalogue keys of every event so far, in order."""
    return [event.text.key for event in game.log_for("referee")]


def chance(game: Game) -> Chance:
    """The chance event the game waits for."""
    wait = game.waiting
    assert isinstance(wait, Chance)
    return wait
