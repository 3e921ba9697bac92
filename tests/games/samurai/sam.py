"""Helpers for Samurai tests: small scenarios built in code, a game started
from one, and the inputs every turn begins with.

Bases are 25.4 mm (exactly 1" across), so two fighters whose centres are 1"
apart are in base contact, and distances in the pictures are whole inches.
The retainers are always the first band (they roll first for priority)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.boards.tablemap import message_from_json
from referee.core.errors import IllegalAnswer
from referee.core.game import Game
from referee.core.i18n import Msg, render
from referee.games.samurai.ruleset import Samurai
from referee.games.samurai.scenario import SamuraiScenario

RULES = Samurai()


def fighter(fid: str, at: tuple[float, float], **profile: Any) -> dict[str, Any]:
    return {"id": fid, "name": fid.replace("_", " ").title(), "at": list(at), "base_mm": 25.4,
            **profile}


def hedge(x0: float, y0: float, x1: float, y1: float, name: str = "hedge") -> dict[str, Any]:
    return {"name": name, "cover": "light",
            "points": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def wall(a: tuple[float, float], b: tuple[float, float], name: str = "wall") -> dict[str, Any]:
    return {"name": name, "cover": "heavy", "closed": False, "points": [list(a), list(b)]}


def house(x0: float, y0: float, x1: float, y1: float, name: str = "house") -> dict[str, Any]:
    return {"name": name, "cover": "heavy",
            "points": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


RETAINERS = {"en": "the Retainers", "ru": "Вассалы"}
BANDITS = {"en": "the Bandits", "ru": "Разбойники"}
"""The bands' names; their gender (plural) is the Russian dictionary's."""


def scenario(retainers: list[dict[str, Any]], bandits: list[dict[str, Any]],
             terrain: list[dict[str, Any]] | None = None, **house_rules: Any) -> SamuraiScenario:
    return SamuraiScenario.model_validate({
        "table": {"width": 48, "depth": 48},
        "terrain": terrain or [],
        "bands": [{"seat": "retainers", "name": RETAINERS, "fighters": retainers},
                  {"seat": "bandits", "name": BANDITS, "fighters": bandits}],
        "house_rules": house_rules})


def new_game(retainers: list[dict[str, Any]], bandits: list[dict[str, Any]],
             terrain: list[dict[str, Any]] | None = None, **house_rules: Any) -> Game:
    return Game(RULES, scenario(retainers, bandits, terrain, **house_rules))


RETAINERS_FIRST = (6, 1)
"""Priority dice: the retainers roll 6, the bandits 1 (house rule roll-off)."""
BANDITS_FIRST = (1, 6)


def tokens(**fighters: tuple[int, int] | tuple[int, int, bool]) -> dict[str, Any]:
    """An allocation answer: fighter=(attack, defence[, boost initiative])."""
    return {"fighters": {f: {"attack": t[0], "defence": t[1],
                             "boost_initiative": len(t) > 2 and bool(t[2])}
                         for f, t in fighters.items()}}


def stay_all(game: Game) -> None:
    """Answer every move question of the Move phase with "stay"."""
    while game.state.phase == "move" and game.seats_to_answer():
        game.feed({"do": "stay"})


def events(game: Game, key: str) -> list[Msg]:
    return [e.text for e in game.log_for("referee") if e.text.key == key]


def last(game: Game, key: str) -> Msg:
    found = events(game, key)
    assert found, f"no {key} in the log"
    return found[-1]


def asked(game: Game) -> str:
    """The catalogue key of the question asked now."""
    wait = game.waiting
    return wait.question.key if wait is not None and hasattr(wait, "question") else ""


def option_values(game: Game) -> Any:
    wait = game.waiting
    seat = game.seats_to_answer()[0]
    return [o.value for o in wait.options_for(seat)]  # type: ignore[union-attr]


def shot_refused(game: Game, target: str = "oso", seat: str = "retainers") -> str:
    """The shot at ``target`` is not among the asked fighter's options and is
    refused if typed; returns the reason the map shows beside the target
    (the seat's view of the fighter's aims), in English."""
    shot = {"act": "shoot", "target": target}
    assert shot not in option_values(game)
    with pytest.raises(IllegalAnswer):
        game.answer(seat, shot)
    aims = game.view(seat)["state"]["asked"]["aims"]
    why = next(a["why"] for a in aims if a["target"] == target)
    assert why is not None
    return render(message_from_json(why), "en")

