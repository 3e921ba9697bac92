"""``referee resolve GAME ORDERS``: resolve one turn at its deadline, for any
ruleset whose turn is a decision put to every seat at once (Facility).

GAME is a game file (``referee play --save``, or an earlier ``resolve
--out``), loaded through the save-file module with its format, version and
checksum checks; a scenario file starts a new game. ORDERS is a TOML file
with one table of orders per seat. Each seat's orders are answered through
the game (an order that cannot stand is void, told to its seat alone), the
decision is closed (seats without orders get the rules' default), and each
seat's part of the log is printed, with the records of the other observers
(a ruleset's cameras) and the game master's log. ``--out`` writes the game
after the turn to a new game file, atomically.
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Annotated, Any

import typer

from referee.cli.common import LangOption, language, out, user_errors
from referee.cli.play import outcome_line
from referee.core.errors import RefereeError, SaveFileError, ScenarioError
from referee.core.events import REFEREE, Event, Seat
from referee.core.game import Game
from referee.core.i18n import CATALOGUE, Lang, Msg, Param, for_reader, msg, render
from referee.core.savefile import check_writable, load_game, looks_like_save_file, save_game
from referee.core.scenario import load_scenario, read_toml
from referee.core.waits import Chance, Decision

CATALOGUE.load(Path(__file__).with_name("resolve.toml"))


def open_game(path: Path) -> Game:
    """The game in ``path``: a saved game (checked), or a new game of a scenario."""
    if looks_like_save_file(path):
        return load_game(path)
    ruleset, scenario = load_scenario(path)
    return Game(ruleset, scenario)


def check_out_path(source: Path, target: Path) -> None:
    """``target`` may be written, and is not the game file being resolved.

    :raises SaveFileError:"""
    if target.resolve() == source.resolve() or (
            target.exists() and source.exists() and target.samefile(source)):
        raise SaveFileError(msg("resolve.same-file", out=str(target)))
    check_writable(target)


def open_decision(game: Game, source: str) -> Decision:
    """The decision put to every seat at once that the game waits for.

    :raises RefereeError: if the game is over or waits for something else."""
    wait = game.waiting
    if wait is None:
        raise RefereeError(msg("resolve.over", source=source))
    if not isinstance(wait, Decision) or not wait.simultaneous:
        what: Param = wait.what if isinstance(wait, Chance) else wait.question
        raise RefereeError(msg("resolve.not-simultaneous", source=source, waiting=what))
    return wait


def check_turn(game: Game, orders: dict[str, Any], orders_source: str, source: str) -> None:
    """An orders file may say which turn it is for (``turn = N``); when the
    game's state has a turn number, they must agree."""
    if "turn" not in orders or isinstance(orders["turn"], dict):
        return
    turn = orders.pop("turn")
    state = game.view(REFEREE).get("state")
    now = state.get("turn") if isinstance(state, dict) else None
    if now is not None and turn != now:
        raise ScenarioError(orders_source, [msg("resolve.other-turn", orders=orders_source,
                                                turn=str(turn), source=source, now=str(now))])


class Turn:
    """One turn answered and closed, and what each reader saw of it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.start = len(game.log_for(REFEREE))
        self.starts = {seat: len(game.log_for(seat)) for seat in game.seats}
        self.voids: list[dict[str, Any]] = []
        self.refused: list[tuple[str, RefereeError]] = []

    def answer(self, orders: dict[str, Any], decision: Decision) -> None:
        """Every seat's orders, by seat name; a seat the game does not ask, or
        orders refused whole, are reported and the others go on."""
        for seat in sorted(orders):
            try:
                self.game.answer(seat, orders[seat])
            except RefereeError as exc:
                self.refused.append((seat, exc))
                continue
            waiting = self.game.view(seat).get("waiting")
            if self.game.waiting is decision and isinstance(waiting, dict):
                self.voids += [{"seat": seat, **part}
                               for part in waiting.get("your_void_parts", [])]

    def close(self, decision: Decision, rng: Random) -> None:
        """Close the decision (its deadline has passed), then roll any chance
        the rules ask for until they wait for a decision again."""
        if self.game.waiting is decision:
            self.game.close()
        while isinstance(self.game.waiting, Chance):
            self.game.roll_random(rng)

    def new_events(self, seat: Seat) -> list[Event]:
        start = self.start if seat == REFEREE else self.starts[seat]
        return self.game.log_for(seat)[start:]

    def lines(self, seat: Seat, lang: Lang) -> list[str]:
        return [render(for_reader(e.text, seat), lang) for e in self.new_events(seat)]

    def observers(self) -> list[str]:
        """Observers other than the seats that events of this turn name (a
        ruleset's cameras), in order."""
        seats = set(self.game.seats)
        found = {token for event in self.new_events(REFEREE)
                 for token in event.audience.observers or () if token not in seats}
        return sorted(found)

    def record(self, observer: str, lang: Lang) -> list[str]:
        """What ``observer`` recorded this turn: the events that name it."""
        return [render(e.text, lang) for e in self.new_events(REFEREE)
                if not e.audience.is_public and e.audience.admits(observer)]

    def as_json(self, lang: Lang) -> dict[str, Any]:
        game = self.game
        outcome = game.outcome()
        return {
            "seats": {seat: {"name": render(game.seat_name(seat), lang),
                             "log": self.lines(seat, lang),
                             "state": game.view(seat)["state"]}
                      for seat in game.seats},
            "observers": {token: self.record(token, lang) for token in self.observers()},
            "referee": self.lines(REFEREE, lang),
            "voids": [{"seat": v["seat"], "part": v["part"],
                       "reason": _reason_text(v["reason"], lang)} for v in self.voids],
            "refused": [{"seat": seat, "reason": exc.render(lang)} for seat, exc in self.refused],
            "outcome": outcome.to_json() if outcome is not None else None,
        }

    def print_text(self, lang: Lang) -> None:
        game = self.game
        for seat in game.seats:
            out.print(f"== {render(game.seat_name(seat), lang)} ({seat})", markup=False)
            for line in self.lines(seat, lang):
                out.print(f"  {line}", markup=False)
        for token in self.observers():
            out.print(f"== {render(msg('resolve.observer', observer=token), lang)}",
                      markup=False)
            for line in self.record(token, lang):
                out.print(f"  {line}", markup=False)
        out.print(f"== {render(msg('resolve.referee'), lang)}", markup=False)
        for line in self.lines(REFEREE, lang):
            out.print(f"  {line}", markup=False)
        for seat, exc in self.refused:
            out.print(render(msg("resolve.refused", seat=seat, reason=exc.render(lang)), lang),
                      markup=False)
        if game.is_over:
            out.print(outcome_line(game, lang), markup=False)


def _reason_text(reason: dict[str, Any], lang: Lang) -> str:
    """A void part's reason, as a seat's view carries it, in ``lang``."""
    return render(_msg_of(reason), lang)


def _msg_of(data: Any) -> Any:
    if isinstance(data, dict) and "key" in data and "params" in data:
        return Msg(data["key"], {k: _msg_of(v) for k, v in data["params"].items()})
    if isinstance(data, list):
        return tuple(_msg_of(v) for v in data)
    return data


@user_errors
def resolve(
    game_file: Annotated[Path, typer.Argument(
        metavar="GAME", help="The game so far: a game file (JSON), or a scenario to start.")],
    orders: Annotated[Path, typer.Argument(help="Everyone's orders (TOML), a table per seat.")],
    out_path: Annotated[Path | None, typer.Option(
        "--out", help="Write the game after this turn to this new game file.")] = None,
    as_json_flag: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: LangOption = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed for any chance the rules roll after the deadline.")] = None,
) -> None:
    """Resolve one turn: answer every seat's orders, close the turn, print what
    each seat, each other observer and the game master saw."""
    chosen = language(lang)
    source = str(game_file)
    if out_path is not None:
        check_out_path(game_file, out_path)
    game = open_game(game_file)
    decision = open_decision(game, source)
    table = read_toml(orders)
    check_turn(game, table, str(orders), source)
    turn = Turn(game)
    turn.answer(table, decision)
    turn.close(decision, Random(seed))
    if out_path is not None:
        save_game(game, out_path)
    if as_json_flag:
        out.print_json(json.dumps(turn.as_json(chosen), ensure_ascii=False))
    else:
        turn.print_text(chosen)
