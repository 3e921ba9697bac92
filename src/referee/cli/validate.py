"""``referee validate SCENARIO``: check a scenario file, every problem at once,
in plain words and in the chosen language.

``referee validate GAME ORDERS``: check an orders file against the game it is
for before the deadline: which orders would be void and why (worked out on a
copy of the game, which is left as it was). Exit 0 when every order stands,
1 when some would be void or a table names no character, 2 when a file
cannot be read or the orders file is refused whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.app import app
from referee.cli.common import AnyVersionOption, LangOption, language, out, user_errors
from referee.cli.orders import (
    Answered,
    check_orders,
    game_turn,
    open_decision,
    open_game,
    read_orders,
)
from referee.core.errors import ScenarioError
from referee.core.game import Game
from referee.core.i18n import Lang, Msg, Name, msg, render
from referee.core.scenario import load_scenario, read_toml
from referee.display.orders import VOID, VoidOrder

SOME_VOID = 1
"""Exit code of ``validate GAME ORDERS`` when some orders would be void."""


@app.command("validate")
@user_errors
def validate(
    file: Annotated[str, typer.Argument(
        metavar="SCENARIO/GAME",
        help="A scenario file (TOML); with ORDERS, the game they are for "
             "(a game file or the scenario of the first turn).")],
    orders: Annotated[Path | None, typer.Argument(
        metavar="ORDERS", help="An orders file (TOML) to check against GAME.",
        show_default=False)] = None,
    lang: LangOption = None,
    any_version: AnyVersionOption = False,
) -> None:
    """Check SCENARIO; print every problem with its field, or that it is fine.
    With ORDERS: say which orders would be void at the deadline, and why."""
    chosen = language(lang)
    if orders is not None:
        validate_orders(Path(file), orders, chosen, any_version)
        return
    validate_scenario(file, chosen)


def validate_scenario(scenario: str, lang: Lang) -> None:
    """Check a scenario file; a file that names no ruleset gets a hint in case
    it is an orders file. :raises ScenarioError:"""
    try:
        ruleset, model = load_scenario(scenario)
    except ScenarioError as exc:
        if _names_no_ruleset(scenario):
            raise ScenarioError(exc.source, [*exc.messages, msg("validate.orders-hint")]) \
                from None
        raise
    title = scenario_title(model)
    shown = f" ({render(title, lang)})" if title is not None else ""
    out.print(render(msg("core.validate.ok", source=scenario, ruleset=ruleset.name,
                         title=shown), lang), markup=False)


def scenario_title(model: object) -> Name | None:
    """The scenario's title in each language, as the file gives it
    (``title = { en, ru }``, or the same text for both)."""
    title = getattr(model, "title", None)
    name = getattr(title, "name", None)
    if isinstance(name, Name) and (name.en or name.ru):
        return name
    if isinstance(title, str) and title:
        return Name(title)
    return None


def _names_no_ruleset(path: str) -> bool:
    """A TOML file that parses but names no ruleset (an orders file, say)."""
    if not Path(path).is_file():
        return False
    try:
        return not isinstance(read_toml(Path(path)).get("ruleset"), str)
    except ScenarioError:
        return False


def validate_orders(game_file: Path, orders: Path, lang: Lang,
                    any_version: bool = False) -> None:
    """Print, seat by seat, the orders that would be void and why; exit 1 if
    any would be, or if a table of the file is not taken. An order declared
    that cannot happen (a bluff, maybe) is said too, but is no failure."""
    source = str(game_file)
    game = open_game(game_file, lang, any_version)
    decision = open_decision(game, source)
    table = read_orders(orders, game, source)
    number = game_turn(game)
    head = msg("validate.orders-head-turn", orders=str(orders), turn=number, game=source) \
        if number is not None else msg("validate.orders-head", orders=str(orders), game=source)
    answered = check_orders(game, table, decision)
    say(render(head, lang))
    for line in orders_report(game, answered, lang):
        say(line)
    if any(void.kind == VOID for void in answered.voids) or answered.refused:
        say(render(msg("validate.verdict-void"), lang))
        raise typer.Exit(SOME_VOID)
    say(render(msg("validate.verdict-ok" if answered.given else "validate.verdict-none"), lang))


def orders_report(game: Game, answered: Answered, lang: Lang) -> list[str]:
    """For every seat: its void orders with their reasons (and those declared
    that cannot happen), that all stand, or that it gave none; then the tables
    not taken."""
    lines: list[str] = []
    for seat in game.seats:
        lines.append(render(msg("validate.seat", name=game.seat_name(seat), seat=seat), lang))
        told = [void for void in answered.voids if void.seat == seat]
        lines += ["  " + render(msg(f"validate.{void.kind}", part=order_named(void),
                                    reason=void.reason), lang) for void in told]
        if not any(void.kind == VOID for void in told):
            lines.append("  " + render(msg("validate.all-stand" if seat in answered.given
                                           else "validate.silent"), lang))
    lines += [render(msg("validate.not-taken", seat=seat, reason=exc.message), lang)
              for seat, exc in answered.refused]
    return lines


def order_named(void: VoidOrder) -> Msg:
    """An order as the file names it, in backticks, and what it says where the
    rules tell it: ``move`` (movement), ``take[1]`` (take the keycard)."""
    if void.what is None:
        return msg("validate.order", part=void.part)
    return msg("validate.order-says", part=void.part, what=void.what)


def say(line: str) -> None:
    out.print(line, markup=False)
