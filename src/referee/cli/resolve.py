"""``referee resolve STATE ORDERS``: resolve one Facility turn at its deadline.

STATE is a Facility scenario file (the building and everyone in it at the
start of a turn); ORDERS is a TOML file with one table of orders per
character. The command prints each character's report and each camera's
record (or JSON), and with ``--out`` writes the next turn's state as a
scenario file and, beside it, a game file (``<out>.game.json``) holding the
history of every turn resolved so far.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import tomli_w
import typer

from referee.cli.common import LangOption, fail, language, out, user_errors
from referee.core.errors import RefereeError, SaveFileError, ScenarioError
from referee.core.game import Game
from referee.core.i18n import Lang, msg, render
from referee.core.savefile import game_to_json
from referee.core.scenario import read_toml, validate_scenario
from referee.games.facility import Facility
from referee.games.facility.journal import Line, VoidOrder
from referee.games.facility.model import FacilityScenario
from referee.games.facility.orders_file import read_orders
from referee.games.facility.resolve import TurnResult
from referee.games.facility.world import build_world, to_scenario, toml_number

RULESET = Facility()


def history_path(state: Path) -> Path:
    """Where the game file of a state file lives."""
    return state.with_name(state.stem + ".game.json")


def load_state(path: Path) -> FacilityScenario:
    data = read_toml(path)
    name = data.get("ruleset", "facility")
    if name != "facility":
        raise ScenarioError(str(path), [f"ruleset: expected \"facility\", not {name!r}"])
    scenario = validate_scenario(RULESET, data, str(path))
    if not isinstance(scenario, FacilityScenario):  # pragma: no cover - the model is fixed
        raise ScenarioError(str(path), ["not a Facility scenario"])
    return scenario


def load_orders(path: Path) -> dict[str, Any]:
    """The orders file's tables. :raises ScenarioError: unreadable or not TOML."""
    return read_toml(path)


def continue_game(state_path: Path, scenario: FacilityScenario) -> Game:
    """The game so far if the state file's game file leads to exactly this
    state; otherwise a new game starting from it."""
    fresh = Game(RULESET, scenario)
    history = history_path(state_path)
    if not history.exists():
        return fresh
    try:
        data = json.loads(history.read_text(encoding="utf-8"))
        start = validate_scenario(RULESET, data["scenario"], f"{history}: scenario")
        game = Game(RULESET, start, data["inputs"])
    except (OSError, ValueError, KeyError, TypeError, RefereeError) as exc:
        raise SaveFileError(f"{history}: not a Facility game file: {exc}") from None
    if to_scenario(game.state.world) != to_scenario(build_world(scenario)):
        return fresh
    return game


def resolve_game(game: Game, orders: dict[str, Any], source: str) -> tuple[TurnResult,
                                                                          list[VoidOrder]]:
    """Answer every character's orders, close the turn, return what happened."""
    if game.is_over:
        raise ScenarioError(source, ["the game is over: its last turn has been played "
                                     "(settings.last_turn)"])
    extra = [VoidOrder(name, "(all)", msg("facility.void.no-character", name=name))
             for name in sorted(orders) if name not in game.seats]
    for seat in game.seats:
        if seat in orders:
            game.answer(seat, orders[seat])
    game.close()
    result: TurnResult = game.state.results[-1]
    return result, extra + result.void


def _lines(lines: list[Line], lang: Lang) -> list[str]:
    return [render(line.stamped(), lang) for line in lines]


def as_json(result: TurnResult, void: list[VoidOrder], lang: Lang) -> dict[str, Any]:
    world = result.world
    return {
        "turn": world.turn - 1,
        "characters": {
            name: {"room": who.room, "health": who.health,
                   "concentration": toml_number(who.concentration),
                   "items": {place: list(items) for place, items in who.places() if items},
                   "report": _lines(result.report(name), lang)}
            for name, who in sorted(world.characters.items())},
        "cameras": {str(room): _lines(result.camera_record(room), lang)
                    for room in sorted(world.cameras)},
        "void_orders": [{"character": v.character, "order": v.order,
                         "reason": render(v.reason, lang)} for v in void],
    }


def print_text(result: TurnResult, void: list[VoidOrder], lang: Lang) -> None:
    for name, who in sorted(result.world.characters.items()):
        out.print(f"== {render(msg('facility.report', name=who.title), lang)}")
        for text in _lines(result.report(name), lang):
            out.print(f"  {text}", markup=False)
    for room in sorted(result.world.cameras):
        out.print(f"== {render(msg('facility.camera', room=room), lang)}")
        for text in _lines(result.camera_record(room), lang):
            out.print(f"  {text}", markup=False)
    if void:
        out.print(f"== {render(msg('facility.void-heading'), lang)}")
        for entry in void:
            out.print(f"  {entry.character}.{entry.order}: {render(entry.reason, lang)}",
                      markup=False)


@user_errors
def resolve(
    state: Annotated[Path, typer.Argument(help="The turn's state: a Facility scenario (TOML).")],
    orders: Annotated[Path, typer.Argument(help="Everyone's orders (TOML), a table each.")],
    out_path: Annotated[Path | None, typer.Option(
        "--out", help="Write the next turn's state here (and its game file beside it).")] = None,
    as_json_flag: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: LangOption = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Accepted for uniformity; a Facility turn has no chance.")] = None,
) -> None:
    """Resolve one Facility turn: print each character's report and every camera's record."""
    chosen = language(lang)
    scenario = load_state(state)
    raw_orders = load_orders(orders)
    turn = raw_orders.pop("turn", scenario.turn)
    if turn != scenario.turn:
        raise fail(f"{orders}: turn: the orders are for turn {turn}, "
                   f"the state {state} is turn {scenario.turn}")
    game = continue_game(state, scenario)
    result, void = resolve_game(game, read_orders(raw_orders), str(orders))
    if out_path is not None:
        next_state = {"ruleset": "facility", **to_scenario(result.world)}
        out_path.write_text(tomli_w.dumps(next_state), encoding="utf-8")
        history_path(out_path).write_text(
            json.dumps(game_to_json(game), ensure_ascii=False, indent=1) + "\n",
            encoding="utf-8")
    if as_json_flag:
        out.print_json(json.dumps(as_json(result, void, chosen), ensure_ascii=False))
    else:
        print_text(result, void, chosen)
    del seed  # no chance in a Facility turn
