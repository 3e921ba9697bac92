"""``referee odds GAME QUESTION``: exact odds of the rules' rolls, as a
fraction and a percentage, as JSON (``--json``) or as a plot (``--plot``).
Every number comes from :mod:`referee.odds`, which reads the rulesets' own
tables."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from referee.cli.app import HELP_MARKUP, app
from referee.cli.common import LangOption, err, language, out, user_errors
from referee.core.errors import RefereeError
from referee.core.i18n import Lang, msg, render
from referee.core.scenario import did_you_mean
from referee.odds import Odds, OddsTable
from referee.odds import old_west as ow
from referee.odds import old_west_round as owr
from referee.odds import samurai as sam
from referee.odds import samurai_fight as samf
from referee.odds.plot import plot_odds, plot_table
from referee.odds.show import describe, percent

odds_app = typer.Typer(rich_markup_mode=HELP_MARKUP,
                       help="Exact odds of the rules' rolls, from each ruleset's own tables.",
                       no_args_is_help=True)
old_west_app = typer.Typer(rich_markup_mode=HELP_MARKUP,
                           help="Legends of the Old West: wound rolls, the fight, Pluck, "
                                "a shot, a melee round.",
                           no_args_is_help=True)
samurai_app = typer.Typer(rich_markup_mode=HELP_MARKUP,
                          help="Samurai (Ronin): an attack, Initiative, a shot, a whole fight.",
                          no_args_is_help=True)
echo_app = typer.Typer(rich_markup_mode=HELP_MARKUP, help="Investigators in Echo: skill checks.",
                       no_args_is_help=True)
odds_app.add_typer(old_west_app, name="old-west")
odds_app.add_typer(samurai_app, name="samurai")
odds_app.add_typer(echo_app, name="echo")
app.add_typer(odds_app, name="odds")

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object, exact "
                                                         "fractions as \"p/q\" strings.")]
PlotOption = Annotated[Path | None, typer.Option("--plot", help="Also draw it to FILE "
                                                                "(.png or .svg).")]
FameCapOption = Annotated[int, typer.Option("--fame-cap", min=6, max=12,
                                            help="House rule: a die raised by Fame stops here.")]
Stat = Annotated[int, typer.Option(min=1, max=10)]
Pair = tuple[int, int]
T = TypeVar("T")
FRACTION_SHOWN = 9
"""A table cell shows its exact fraction up to this many characters (--json has all)."""


def _emit(answer: Odds | OddsTable, as_json: bool, plot: Path | None, lang: Lang) -> None:
    if as_json:
        typer.echo(json.dumps(answer.to_json(), ensure_ascii=False))
    elif isinstance(answer, Odds):
        for line in describe(answer, lang):
            out.print(line, markup=False)
    else:
        shown, width = _rich_table(answer, lang)
        wide = Console(highlight=False, width=max(width, out.width))
        wide.print(shown)
    if plot is not None:
        if isinstance(answer, Odds):
            plot_odds(answer, plot, lang)
        else:
            plot_table(answer, plot, lang)
        err.print(render(msg("odds.plot.saved", path=str(plot)), lang), markup=False)


def _rich_table(table: OddsTable, lang: Lang) -> tuple[Table, int]:
    """The table for the terminal, and the width it needs unwrapped."""
    shown = Table(title=render(table.what, lang), show_lines=True)
    shown.add_column(render(table.row_name, lang), justify="right", no_wrap=True)
    rows = [[_cell(table, row, column, lang) for column in table.columns] for row in table.rows]
    heads = [render(table.column_labels[c], lang) if c in table.column_labels else str(c)
             for c in table.columns]
    for head in heads:
        shown.add_column(head, justify="center", no_wrap=True)
    for row, cells in zip(table.rows, rows, strict=True):
        shown.add_row(str(row), *cells)
    widths = [len(render(table.row_name, lang))]
    widths += [max(len(heads[i]), *(len(line) for cells in rows for line in cells[i].splitlines()))
               for i in range(len(table.columns))]
    return shown, sum(w + 3 for w in widths) + 1


def _cell(table: OddsTable, row: int, column: int, lang: Lang) -> str:
    """The roll needed (if the table has it), the fraction when it is short,
    and the percentage."""
    value = table.cells[(row, column)]
    lines = [table.marks[(row, column)]] if (row, column) in table.marks else []
    fraction = f"{value.numerator}/{value.denominator}" if value.denominator > 1 else \
        str(value.numerator)
    if len(fraction) <= FRACTION_SHOWN:
        lines.append(fraction)
    lines.append(f"{percent(value, lang, 1)}%")
    return "\n".join(lines)


def _check_side(value: str) -> Literal["a", "b"]:
    if value not in ("a", "b"):
        raise RefereeError(msg("odds.cli.side", value=value))
    return "a" if value == "a" else "b"


@old_west_app.command("wound")
@user_errors
def wound(strength: Annotated[int, typer.Option("--strength", "-s", min=1, max=10,
                                                help="The striker's Strength.")],
          toughness: Annotated[int, typer.Option("--toughness", "-t", min=1, max=10,
                                                 help="The target's Toughness.")],
          fame: Annotated[int, typer.Option(min=0, max=20, help="Fame a Hero striker may "
                                                                "spend.")] = 0,
          fame_cap: FameCapOption = ow.FAME_CAP, as_json: JsonOption = False,
          plot: PlotOption = None, lang: LangOption = None) -> None:
    """The chance that one blow wounds (the Wound Table, 6/x chains included)."""
    _emit(ow.wound(strength, toughness, fame, fame_cap), as_json, plot, language(lang))


@old_west_app.command("fight")
@user_errors
def fight(dice: Annotated[Pair, typer.Option(help="Dice each side rolls (its models' "
                                                  "Attacks added up): A B.")],
          fighting: Annotated[Pair, typer.Option(help="Each side's best Fighting: FA FB.")]
          = (3, 3),
          fame: Annotated[Pair, typer.Option(help="Fame of each side's Hero: A B.")] = (0, 0),
          hero_dice: Annotated[Pair | None, typer.Option(
              help="How many of each side's dice its Hero rolls (default: all).")] = None,
          advantage: Annotated[str, typer.Option(help="The side with Advantage: a or b.")]
          = "a",
          advantage_wins_low: Annotated[bool, typer.Option(
              "--advantage-wins-low/--advantage-wins-high",
              help="House rule: the tie die's 1-3 go to the side with Advantage.")]
          = ow.ADVANTAGE_WINS_LOW,
          fame_cap: FameCapOption = ow.FAME_CAP, as_json: JsonOption = False,
          plot: PlotOption = None, lang: LangOption = None) -> None:
    """The chance that side A wins the fight's roll-off (best die, then
    Fighting, then a die)."""
    _positive(dice, "--dice")
    _positive(fighting, "--fighting")
    heroes = hero_dice if hero_dice is not None else (None, None)
    answer = ow.fight(dice[0], dice[1], fighting[0], fighting[1], max(fame[0], 0),
                      max(fame[1], 0), heroes[0], heroes[1], _check_side(advantage),
                      advantage_wins_low, fame_cap)
    _emit(answer, as_json, plot, language(lang))


def _positive(pair: Pair, hint: str) -> None:
    if min(pair) < 1 or max(pair) > 20:
        raise RefereeError(msg("odds.cli.pair", option=hint, low=1, high=20, first=pair[0],
                               second=pair[1]))


@old_west_app.command("pluck")
@user_errors
def pluck(pluck: Annotated[int, typer.Option(min=0, max=10, help="The model's Pluck.")],
          fame: Annotated[int, typer.Option(min=0, max=20, help="Fame a Hero may spend.")] = 0,
          fame_cap: FameCapOption = ow.FAME_CAP, as_json: JsonOption = False,
          plot: PlotOption = None, lang: LangOption = None) -> None:
    """The chance to pass a Pluck test (two dice plus Pluck, 10 or more)."""
    _emit(ow.pluck(pluck, fame, fame_cap), as_json, plot, language(lang))


@old_west_app.command("shot")
@user_errors
def shot(shooting: Annotated[int, typer.Option(min=2, max=6, help="The roll the shooter needs "
                                                                  "to hit.")],
         strength: Annotated[int, typer.Option("--strength", "-s", min=1, max=10,
                                               help="The gun's Strength.")] = 3,
         toughness: Annotated[int, typer.Option("--toughness", "-t", min=1, max=10,
                                                help="The target's Toughness.")] = 3,
         covers: Annotated[int, typer.Option(min=0, max=10, help="Covers in the way, each "
                                                                 "a roll to get past.")] = 0,
         fame: Annotated[int, typer.Option(min=0, max=20, help="Fame a Hero shooter may "
                                                               "spend.")] = 0,
         in_the_way: Annotated[int, typer.Option(
             "--in-the-way", min=2, max=6, help="House rule: a shot gets past a cover on "
                                                "this or more.")] = ow.IN_THE_WAY,
         fame_cap: FameCapOption = ow.FAME_CAP, as_json: JsonOption = False,
         plot: PlotOption = None, lang: LangOption = None) -> None:
    """The chance that a shot wounds a model on foot: the roll to hit, a roll
    past each cover, the wound roll, a Hero's Fame on each."""
    _emit(ow.shot(shooting, strength, toughness, covers, fame, in_the_way, fame_cap), as_json,
          plot, language(lang))


@old_west_app.command("wound-table")
@user_errors
def wound_table(fame: Annotated[int, typer.Option(min=0, max=20, help="Fame a Hero striker "
                                                                      "may spend.")] = 0,
                fame_cap: FameCapOption = ow.FAME_CAP, as_json: JsonOption = False,
                plot: PlotOption = None, lang: LangOption = None) -> None:
    """The chance to wound for every Strength and Toughness from 1 to 10."""
    _emit(ow.wound_table(fame, fame_cap), as_json, plot, language(lang))


@old_west_app.command("fight-table")
@user_errors
def fight_table(fighting: Annotated[Pair, typer.Option(help="Each side's best Fighting.")]
                = (3, 3),
                fame: Annotated[Pair, typer.Option(help="Fame of each side's Hero.")] = (0, 0),
                max_dice: Annotated[int, typer.Option(min=1, max=10)] = 6,
                advantage: Annotated[str, typer.Option(help="The side with Advantage.")] = "a",
                fame_cap: FameCapOption = ow.FAME_CAP, as_json: JsonOption = False,
                plot: PlotOption = None, lang: LangOption = None) -> None:
    """Side A's chance to win the fight, for 1..MAX_DICE dice a side."""
    _positive(fighting, "--fighting")
    table = ow.fight_table(fighting[0], fighting[1], max_dice, max(fame[0], 0),
                           max(fame[1], 0), _check_side(advantage), ow.ADVANTAGE_WINS_LOW,
                           fame_cap)
    _emit(table, as_json, plot, language(lang))


@old_west_app.command("pluck-table")
@user_errors
def pluck_table(max_fame: Annotated[int, typer.Option(min=0, max=10)] = 3,
                fame_cap: FameCapOption = ow.FAME_CAP, as_json: JsonOption = False,
                plot: PlotOption = None, lang: LangOption = None) -> None:
    """The chance to pass a Pluck test for Pluck 0-10 and Fame 0..MAX_FAME."""
    _emit(ow.pluck_table(max_fame, fame_cap), as_json, plot, language(lang))


@old_west_app.command("round")
@user_errors
def melee_round(attacks: Annotated[Pair, typer.Option(help="Each model's Attacks: A B.")]
                = (1, 1),
                fighting: Annotated[Pair, typer.Option(help="Each model's Fighting: A B.")]
                = (3, 3),
                strength: Annotated[Pair, typer.Option(help="Each model's Strength: A B.")]
                = (3, 3),
                toughness: Annotated[Pair, typer.Option(help="Each model's Toughness: A B.")]
                = (3, 3),
                wounds: Annotated[Pair, typer.Option(help="Each model's Wounds (left): A B.")]
                = (1, 1),
                fame: Annotated[Pair, typer.Option(help="Fame of each model, a Hero: A B.")]
                = (0, 0),
                surrounded: Annotated[bool, typer.Option(
                    "--surrounded", help="The loser, either side, cannot back off: every "
                                         "strike on it counts twice.")] = False,
                surrounded_a: Annotated[bool, typer.Option(
                    "--surrounded-a", help="Side A is surrounded if it loses.")] = False,
                surrounded_b: Annotated[bool, typer.Option(
                    "--surrounded-b", help="Side B is surrounded if it loses.")] = False,
                across: Annotated[bool, typer.Option(
                    "--across", help="They fight across an obstacle: each blow needs 4+ "
                                     "to reach.")] = False,
                fortune: Annotated[Pair, typer.Option(
                    help="Fortune of each model, a Hero: A B. A point is spent on each "
                         "Wound about to be lost while there is one.")] = (0, 0),
                drop: Annotated[tuple[float, float], typer.Option(
                    help="Inches each goes over a drop if it loses, 0 for none: A B. "
                         "The strikes count once, then it falls.")] = (0.0, 0.0),
                fortune_save: Annotated[int, typer.Option(
                    "--fortune-save", help="House rule: a Fortune point's roll keeps the "
                                           "Wound on this or more.")] = owr.FORTUNE_SAVE,
                advantage: Annotated[str, typer.Option(help="The side with Advantage: a or b.")]
                = "a",
                fame_cap: FameCapOption = ow.FAME_CAP, as_json: JsonOption = False,
                plot: PlotOption = None, lang: LangOption = None) -> None:
    """A whole round of melee between two models: the fight, then the
    winner's strikes (and the loser's fall over a drop); the chance each is
    wounded or taken out of action and the wounds dealt."""
    for pair, hint in ((attacks, "--attacks"), (fighting, "--fighting"),
                       (strength, "--strength"), (toughness, "--toughness"),
                       (wounds, "--wounds")):
        if min(pair) < 1 or max(pair) > 10:
            raise RefereeError(msg("odds.cli.pair", option=hint, low=1, high=10,
                                   first=pair[0], second=pair[1]))
    if min(fame) < 0:
        raise RefereeError(msg("odds.cli.pair-from", option="--fame", low=0, first=fame[0],
                               second=fame[1]))
    a, b = (owr.Fighter(attacks[i], fighting[i], strength[i], toughness[i], wounds[i], fame[i],
                        side or (surrounded and not drop[i]), fortune[i], drop[i])
            for i, side in enumerate((surrounded_a, surrounded_b)))
    answer = owr.melee_round(a, b, across, _check_side(advantage), ow.ADVANTAGE_WINS_LOW,
                             fame_cap, fortune_save)
    _emit(answer, as_json, plot, language(lang))


Modifier = Annotated[int, typer.Option(min=-20, max=20, help="The Attack Result's modifiers "
                                                             "less the Defence Result's.")]


@samurai_app.command("attack")
@user_errors
def samurai_attack(modifier: Modifier = 0,
                   boost_attack: Annotated[bool, typer.Option(
                       "--boost-attack", help="The Attacker Boosts: 3d6, two highest kept.")]
                   = False,
                   boost_defence: Annotated[bool, typer.Option(
                       "--boost-defence", help="The Defender Boosts: 2d6, both counted.")]
                   = False,
                   as_json: JsonOption = False, plot: PlotOption = None,
                   lang: LangOption = None) -> None:
    """The margin of an attack, max(Attack Result − Defence Result, 0), and
    the chance that it does damage."""
    _emit(sam.attack(modifier, boost_attack, boost_defence), as_json, plot, language(lang))


@samurai_app.command("initiative")
@user_errors
def samurai_initiative(difference: Annotated[int, typer.Option(
                           min=-20, max=20, help="A's Initiative and modifiers less B's.")] = 0,
                       boost_a: Annotated[bool, typer.Option(
                           "--boost-a", help="A Boosts: 2d6, the higher kept.")] = False,
                       boost_b: Annotated[bool, typer.Option(
                           "--boost-b", help="B Boosts: 2d6, the higher kept.")] = False,
                       as_json: JsonOption = False, plot: PlotOption = None,
                       lang: LangOption = None) -> None:
    """The chance that A acts before B (a tie is rolled again, plain)."""
    _emit(sam.initiative(difference, boost_a, boost_b), as_json, plot, language(lang))


@samurai_app.command("attack-table")
@user_errors
def samurai_attack_table(as_json: JsonOption = False, plot: PlotOption = None,
                         lang: LangOption = None) -> None:
    """The chance of damage for modifiers −6..+6, in the four Boost cases."""
    _emit(sam.attack_table(), as_json, plot, language(lang))


@samurai_app.command("initiative-table")
@user_errors
def samurai_initiative_table(as_json: JsonOption = False, plot: PlotOption = None,
                             lang: LangOption = None) -> None:
    """The chance that A acts first for differences −5..+5, in the four Boost cases."""
    _emit(sam.initiative_table(), as_json, plot, language(lang))


StrPair = tuple[str, str]


@samurai_app.command("fight")
@user_errors
def samurai_fight(attack_tokens: Annotated[Pair, typer.Option(
                      help="Each fighter's Attack tokens: A B.")] = (2, 2),
                  defence_tokens: Annotated[Pair, typer.Option(
                      help="Each fighter's Defence tokens: A B.")] = (0, 0),
                  initiative: Annotated[Pair, typer.Option(
                      help="Each fighter's Initiative: A B.")] = (1, 1),
                  melee: Annotated[Pair, typer.Option(help="Each fighter's Melee: A B.")]
                  = (1, 1),
                  weapon_bonus: Annotated[Pair, typer.Option(
                      help="Each fighter's melee weapon bonus: A B.")] = (0, 0),
                  armour: Annotated[StrPair, typer.Option(
                      help="Each fighter's armour, none, light, medium or heavy: A B.")]
                  = ("none", "none"),
                  penalty: Annotated[Pair, typer.Option(
                      help="Wound penalty each brings into the fight (light 1, grievous "
                           "2): A B.")] = (0, 0),
                  boost_initiative_a: Annotated[bool, typer.Option(
                      "--boost-initiative-a", help="A Boosts its Initiative with one of its "
                                                   "Attack tokens.")] = False,
                  boost_initiative_b: Annotated[bool, typer.Option(
                      "--boost-initiative-b", help="B Boosts its Initiative with one of its "
                                                   "Attack tokens.")] = False,
                  boost_attack: Annotated[StrPair, typer.Option(
                      help="When each Boosts its attack: never, or spare (whenever it has an "
                           "Attack token beyond the one the attack costs): A B.")]
                  = ("never", "never"),
                  boost_defence: Annotated[StrPair, typer.Option(
                      help="When each Boosts its defence: never, or spare (whenever it has a "
                           "Defence token): A B.")] = ("spare", "spare"),
                  as_json: JsonOption = False, plot: PlotOption = None,
                  lang: LangOption = None) -> None:
    """A whole fight of one fighter against one for given tokens: each attacks
    whenever it has an Attack token; how it ends, who does damage first, how
    each fighter leaves it, and the chance that B's is killed."""
    a, b = (samf.Duelist(attack_tokens[i], defence_tokens[i], initiative[i], melee[i],
                         weapon_bonus[i], _choice(armour[i], sam.ARMOURS, "--armour"),
                         penalty[i], boost,
                         _choice(boost_attack[i], samf.POLICY_NAMES, "--boost-attack"),
                         _choice(boost_defence[i], samf.POLICY_NAMES, "--boost-defence"))
            for i, boost in enumerate((boost_initiative_a, boost_initiative_b)))
    _emit(samf.fight(a, b), as_json, plot, language(lang))


# Echo's odds module loads its ruleset, so it is imported only when asked for.
DieSides = Annotated[int | None, typer.Option(
    "--die-sides", min=2, max=100, help="House rule die_sides: sides of a check's dice "
                                       "(default: the ruleset's, 6).")]
SuccessFace = Annotated[int | None, typer.Option(
    "--success-face", min=1, max=100, help="House rule success_face: a die showing this or "
                                           "more is a success (default: the ruleset's, 5).")]
SuccessesNeeded = Annotated[int | None, typer.Option(
    "--successes-needed", min=1, max=100, help="House rule successes_needed: successes that "
                                               "pass a check (default: the ruleset's, 1).")]


def _echo_settings(die_sides: int | None, success_face: int | None,
                   successes_needed: int | None) -> tuple[int, int, int]:
    from referee.odds import echo

    return (echo.DIE_SIDES if die_sides is None else die_sides,
            echo.SUCCESS_FACE if success_face is None else success_face,
            echo.SUCCESSES_NEEDED if successes_needed is None else successes_needed)


@echo_app.command("check")
@user_errors
def echo_check(skill: Annotated[int, typer.Option(
                   min=0, max=100, help="The investigator's skill checked (Attentiveness, "
                                        "Stealth, Fight, ...).")],
               penalty: Annotated[int, typer.Option(
                   min=0, max=100, help="The check's penalty: the highest Attentiveness of the "
                                        "enemies there, or the item's penalty.")] = 0,
               die_sides: DieSides = None, success_face: SuccessFace = None,
               successes_needed: SuccessesNeeded = None, as_json: JsonOption = False,
               plot: PlotOption = None, lang: LangOption = None) -> None:
    """The number of successes of a skill check and the chance that it passes
    (one die per point of skill less the penalty)."""
    from referee.odds import echo

    settings = _echo_settings(die_sides, success_face, successes_needed)
    _emit(echo.check(skill, penalty, *settings), as_json, plot, language(lang))


@echo_app.command("check-table")
@user_errors
def echo_check_table(max_skill: Annotated[int, typer.Option(min=0, max=20)] = 8,
                     max_penalty: Annotated[int, typer.Option(min=0, max=20)] = 5,
                     die_sides: DieSides = None, success_face: SuccessFace = None,
                     successes_needed: SuccessesNeeded = None, as_json: JsonOption = False,
                     plot: PlotOption = None, lang: LangOption = None) -> None:
    """The chance to pass a skill check for skills 0..MAX_SKILL against
    penalties 0..MAX_PENALTY."""
    from referee.odds import echo

    settings = _echo_settings(die_sides, success_face, successes_needed)
    _emit(echo.check_table(max_skill, max_penalty, *settings), as_json, plot, language(lang))


@samurai_app.command("shot")
@user_errors
def samurai_shot(shooting: Annotated[int, typer.Option(min=0, max=10, help="The shooter's "
                                                                          "Shooting.")],
                 distance: Annotated[float, typer.Option(min=0, max=100, help="Inches to the "
                                                                              "target.")],
                 weapon: Annotated[str, typer.Option(help="yumi, teppo or shuriken.")] = "yumi",
                 moved: Annotated[bool, typer.Option("--moved", help="The shooter moved this "
                                                                     "turn.")] = False,
                 cover: Annotated[str, typer.Option(help="none, light or heavy.")] = "none",
                 armour: Annotated[str, typer.Option(help="none, light, medium or heavy.")]
                 = "none",
                 penalty: Annotated[int, typer.Option(min=0, max=6, help="The shooter's wound "
                                                                         "penalty.")] = 0,
                 as_json: JsonOption = False, plot: PlotOption = None,
                 lang: LangOption = None) -> None:
    """The margin of a shot (2d6 + Shooting + weapon and range, less 1 after
    moving) against 6 + cover + armour, and the chance of damage."""
    answer = sam.shot(shooting, _choice(weapon, sam.WEAPON_NAMES, "--weapon"), distance, moved,
                      None if cover == "none" else _choice(cover, sam.COVERS, "--cover"),
                      _choice(armour, sam.ARMOURS, "--armour"), penalty)
    _emit(answer, as_json, plot, language(lang))


def _choice(value: str, choices: Mapping[str, T], hint: str) -> T:
    if value not in choices:
        raise RefereeError(msg("odds.cli.choice", option=hint, value=value,
                               choices=tuple(f"`{choice}`" for choice in choices),
                               suggestion=did_you_mean(value, choices)))
    return choices[value]
