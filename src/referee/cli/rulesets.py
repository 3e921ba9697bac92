"""``referee rulesets``: what rulesets there are, what kind of game each is,
and the seats of its example scenario."""

from __future__ import annotations

from rich.markup import escape

from referee.cli.app import app
from referee.cli.common import LangOption, err, language, out
from referee.core.errors import RefereeError
from referee.core.i18n import Lang, Msg, msg, render
from referee.core.ruleset import AnyRuleset, GameType, all_rulesets, broken_rulesets
from referee.core.scenario import load_scenario


def game_type_text(kind: GameType, lang: Lang) -> str:
    parts: list[Msg] = [
        msg(f"core.rulesets.{kind.decisions}"),
        msg("core.rulesets.chance" if kind.chance else "core.rulesets.no-chance"),
        msg("core.rulesets.hidden" if kind.hidden_information else "core.rulesets.open"),
        msg("core.rulesets.cooperative" if kind.cooperative else "core.rulesets.competitive"),
    ]
    return ", ".join(render(part, lang) for part in parts)


def seats_text(kind: GameType) -> str:
    if kind.min_seats == kind.max_seats:
        return str(kind.min_seats)
    return f"{kind.min_seats}–{kind.max_seats}"


def length_text(kind: GameType, lang: Lang) -> str:
    bound = render(msg("core.rulesets.unbounded") if kind.max_length is None
                   else msg("core.rulesets.at-most", count=kind.max_length), lang)
    return bound if kind.length_note is None else f"{bound}: {render(kind.length_note, lang)}"


def example_seats(ruleset: AnyRuleset, lang: Lang) -> str:
    """The seats of the ruleset's example scenario, each as players call it."""
    examples = ruleset.examples()
    if not examples:
        return render(msg("core.rulesets.no-example"), lang)
    try:
        found, scenario = load_scenario(examples[0])
        seats = found.seats(scenario)
        return ", ".join(_seat(seat, render(found.seat_name(scenario, seat), lang))
                         for seat in seats)
    except (RefereeError, Exception):  # a broken example must not hide the table
        return render(msg("core.rulesets.broken-example"), lang)


def _seat(seat: str, name: str) -> str:
    return seat if name == seat else f"{seat} ({name})"


@app.command("rulesets")
def rulesets(lang: LangOption = None) -> None:
    """List the rulesets: aliases, game type, seats, length and the example's seats."""
    chosen = language(lang)

    def label(key: str) -> str:
        return render(msg(f"core.rulesets.{key}"), chosen)

    for ruleset in all_rulesets():
        kind = ruleset.game_type
        aliases = f" ({', '.join(ruleset.aliases)})" if ruleset.aliases else ""
        out.print(f"[bold]{escape(ruleset.name)}[/]{escape(aliases)} — "
                  f"{escape(render(ruleset.title, chosen))}, {label('version')} "
                  f"{escape(ruleset.version)}")
        for key, value in (("type", game_type_text(kind, chosen)), ("seats", seats_text(kind)),
                           ("length", length_text(kind, chosen)),
                           ("seat-names", example_seats(ruleset, chosen))):
            out.print(f"  {label(key)}: {value}", markup=False)
    for package, reason in broken_rulesets().items():
        err.print(render(msg("core.rulesets.broken", package=package, reason=reason), chosen),
                  markup=False)
