"""Small Night Watch scenarios built in the test, so each test shows its setup."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.waits import Decision

RULESET = find_ruleset("night-watch")

LOCATIONS = [
    {"id": "metro", "name": {"en": "the Metro", "ru": "Метро"}, "via": "metro"},
    {"id": "entrance", "name": {"en": "the Entrance", "ru": "Подъезд"}},
    {"id": "flat", "name": {"en": "Egor's Flat", "ru": "Квартира Егора"}, "via": "entrance"},
    {"id": "roof", "name": {"en": "the Roof", "ru": "Крыша"}, "via": "entrance",
     "ru_preposition": "на"},
    {"id": "barbershop", "name": {"en": "the Barbershop", "ru": "Парикмахерская"}},
    {"id": "zoo", "name": {"en": "the Zoo", "ru": "Зоопарк"}},
]

NAMES = {"larisa": "Larisa", "andrey": "Andrey", "anton": "Anton Gorodetsky",
         "zavulon": "Zavulon", "alisa": "Alisa"}
RUSSIAN = {"larisa": "Лариса", "andrey": "Андрей", "anton": "Антон Городецкий",
           "zavulon": "Завулон", "alisa": "Алиса"}
GENDERS = {"larisa": "fem", "alisa": "fem", "andrey": "masc", "anton": "masc",
           "zavulon": "masc"}


def other(id: str, watch: str, initiative: int, location: str, **extra: Any) -> dict[str, Any]:
    return {"id": id, "name": {"en": NAMES.get(id, id), "ru": RUSSIAN.get(id),
                               "gender": GENDERS.get(id)},
            "watch": watch, "initiative": initiative, "location": location, **extra}


def deck(*cards: str) -> list[dict[str, Any]]:
    """``deck("attack-4", "defence-3")``: one copy of each card named."""
    specs = []
    for card in cards:
        kind, _, power = card.rpartition("-")
        specs.append({"kind": kind, "power": int(power), "count": 1})
    return specs


def scenario(others: list[dict[str, Any]], night: Sequence[str] = (), day: Sequence[str] = (),
             items: Sequence[dict[str, Any]] = (), **settings: Any) -> Any:
    data = {
        "title": {"en": "Test"},
        "settings": {"hand_size": 0, "egor_start": "zoo", "egor_goal": "zoo",
                     "egor_moves": "walk", "points_to_win": 99, "max_turns": 50, **settings},
        "locations": LOCATIONS,
        "others": others,
        "decks": {"night": deck(*night), "day": deck(*day)},
        "items": list(items),
    }
    return RULESET.scenario_model.model_validate(data)


def new_game(others: list[dict[str, Any]], **kwargs: Any) -> Game:
    """A game of ``others``; a Watch with none gets one who comes in too late
    to play, so the game does not end at once for want of a rival."""
    watches = {o["watch"] for o in others}
    waiting = [other(f"reserve-{w}", w, 1000, "roof", enters_turn=40)
               for w in ("night", "day") if w not in watches]
    return Game(RULESET, scenario([*others, *waiting], **kwargs))


def asked(game: Game) -> tuple[str, str]:
    """(seat, the Other named in the question) of the decision now open."""
    wait = game.waiting
    assert isinstance(wait, Decision)
    return wait.seats[0], str(getattr(wait.question.params["other"], "en", ""))


def option_values(game: Game) -> list[str]:
    wait = game.waiting
    assert isinstance(wait, Decision)
    return [o.value for o in wait.options_for(wait.seats[0])]
