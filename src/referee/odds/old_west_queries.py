"""The questions Legends of the Old West's odds answer (``referee odds
old-west ...``): a wound roll, the fight's roll-off, a Pluck test, a shot,
a whole round of melee, and tables of the first three. The counting is
:mod:`referee.odds.old_west` and :mod:`referee.odds.old_west_round`; the
house rules' defaults are theirs, kept equal to the scenario format's."""

from __future__ import annotations

from referee.core.i18n import msg
from referee.games.old_west.tables import STAT_RANGE
from referee.odds import old_west as ow
from referee.odds import old_west_round as owr
from referee.odds.query import Param, Query, RulesetQueries
from referee.odds.result import Odds, OddsTable

Pair = tuple[int, int]
DICE = (1, 20)
"""Dice a side may roll in the fight, and its best Fighting, as asked here."""
STAT = (STAT_RANGE[0], STAT_RANGE[-1])
"""A profile's Attacks, Fighting, Strength, Toughness and Wounds (the Wound
Table's rows and columns)."""
FAME = (0, 20)

FAME_CAP = Param("fame_cap", int, msg("odds.p.ow.fame-cap"), ow.FAME_CAP, low=6, high=12,
                 setting="fame_cap")


def _side(word: str) -> ow.Side:
    """``a`` or ``b``, the one word the ``advantage`` parameter takes."""
    return "a" if word == "a" else "b"


def _advantage(help_key: str) -> Param:
    return Param("advantage", str, msg(help_key), "a", choices=("a", "b"),
                 refusal="odds.cli.side")


def _fame(help_key: str) -> Param:
    return Param("fame", int, msg(help_key), 0, low=FAME[0], high=FAME[1])


def _profile(name: str, default: int) -> Param:
    return Param(name, int, msg(f"odds.p.ow.round.{name}"), (default, default), pair=True,
                 low=STAT[0], high=STAT[1])


def _flag(name: str, help_key: str) -> Param:
    return Param(name, bool, msg(help_key), False)


def fight(dice: Pair, fighting: Pair, fame: Pair, hero_dice: Pair | None, advantage: str,
          advantage_wins_low: bool, fame_cap: int) -> Odds:
    """The roll-off for the command's pairs; a negative Fame counts as none."""
    heroes = hero_dice if hero_dice is not None else (None, None)
    return ow.fight(dice[0], dice[1], fighting[0], fighting[1], max(fame[0], 0),
                    max(fame[1], 0), heroes[0], heroes[1], _side(advantage),
                    advantage_wins_low, fame_cap)


def fight_table(fighting: Pair, fame: Pair, max_dice: int, advantage: str,
                fame_cap: int) -> OddsTable:
    """The fight for 1..``max_dice`` dice a side; a negative Fame counts as none."""
    return ow.fight_table(fighting[0], fighting[1], max_dice, max(fame[0], 0),
                          max(fame[1], 0), _side(advantage), ow.ADVANTAGE_WINS_LOW, fame_cap)


def melee_round(attacks: Pair, fighting: Pair, strength: Pair, toughness: Pair, wounds: Pair,
                fame: Pair, surrounded: bool, surrounded_a: bool, surrounded_b: bool,
                across: bool, fortune: Pair, drop: tuple[float, float], fortune_save: int,
                advantage: str, fame_cap: int) -> Odds:
    """A round between the two models the pairs describe; ``surrounded``
    holds for a loser with no drop behind it."""
    a, b = (owr.Fighter(attacks[i], fighting[i], strength[i], toughness[i], wounds[i], fame[i],
                        side or (surrounded and not drop[i]), fortune[i], drop[i])
            for i, side in enumerate((surrounded_a, surrounded_b)))
    return owr.melee_round(a, b, across, _side(advantage), ow.ADVANTAGE_WINS_LOW, fame_cap,
                           fortune_save)


QUERIES = RulesetQueries("old-west", msg("odds.q.old-west"), (
    Query("wound", msg("odds.q.old-west.wound"), (
        Param("strength", int, msg("odds.p.ow.strength-striker"), flags=("--strength", "-s"),
              low=STAT[0], high=STAT[1]),
        Param("toughness", int, msg("odds.p.ow.toughness-target"),
              flags=("--toughness", "-t"), low=STAT[0], high=STAT[1]),
        _fame("odds.p.ow.fame-striker"),
        FAME_CAP,
    ), ow.wound),
    Query("fight", msg("odds.q.old-west.fight"), (
        Param("dice", int, msg("odds.p.ow.fight.dice"), pair=True, low=DICE[0], high=DICE[1]),
        Param("fighting", int, msg("odds.p.ow.fight.fighting"), (3, 3), pair=True,
              low=DICE[0], high=DICE[1]),
        Param("fame", int, msg("odds.p.ow.fight.fame"), (0, 0), pair=True),
        Param("hero_dice", int, msg("odds.p.ow.fight.hero-dice"), None, pair=True),
        _advantage("odds.p.ow.advantage"),
        Param("advantage_wins_low", bool, msg("odds.p.ow.advantage-wins-low"),
              ow.ADVANTAGE_WINS_LOW, flags=("--advantage-wins-low/--advantage-wins-high",),
              setting="tie_die_advantage_wins_low"),
        FAME_CAP,
    ), fight),
    Query("pluck", msg("odds.q.old-west.pluck"), (
        Param("pluck", int, msg("odds.p.ow.pluck"), low=ow.PLUCK_RANGE[0],
              high=ow.PLUCK_RANGE[-1]),
        _fame("odds.p.ow.fame-hero"),
        FAME_CAP,
    ), ow.pluck),
    Query("shot", msg("odds.q.old-west.shot"), (
        Param("shooting", int, msg("odds.p.ow.shooting"), low=ow.SHOOTING_RANGE[0],
              high=ow.SHOOTING_RANGE[-1]),
        Param("strength", int, msg("odds.p.ow.strength-gun"), 3, flags=("--strength", "-s"),
              low=STAT[0], high=STAT[1]),
        Param("toughness", int, msg("odds.p.ow.toughness-target"), 3,
              flags=("--toughness", "-t"), low=STAT[0], high=STAT[1]),
        Param("covers", int, msg("odds.p.ow.covers"), 0, low=0, high=10),
        _fame("odds.p.ow.fame-shooter"),
        Param("in_the_way", int, msg("odds.p.ow.in-the-way"), ow.IN_THE_WAY, low=2, high=6,
              setting="in_the_way"),
        FAME_CAP,
    ), ow.shot),
    Query("wound-table", msg("odds.q.old-west.wound-table"), (
        _fame("odds.p.ow.fame-striker"),
        FAME_CAP,
    ), ow.wound_table),
    Query("fight-table", msg("odds.q.old-west.fight-table"), (
        Param("fighting", int, msg("odds.p.ow.fight-table.fighting"), (3, 3), pair=True,
              low=DICE[0], high=DICE[1]),
        Param("fame", int, msg("odds.p.ow.fight-table.fame"), (0, 0), pair=True),
        Param("max_dice", int, None, 6, low=1, high=10),
        _advantage("odds.p.ow.fight-table.advantage"),
        FAME_CAP,
    ), fight_table),
    Query("pluck-table", msg("odds.q.old-west.pluck-table"), (
        Param("max_fame", int, None, 3, low=0, high=10),
        FAME_CAP,
    ), ow.pluck_table),
    Query("round", msg("odds.q.old-west.round"), (
        _profile("attacks", 1),
        _profile("fighting", 3),
        _profile("strength", 3),
        _profile("toughness", 3),
        _profile("wounds", 1),
        Param("fame", int, msg("odds.p.ow.round.fame"), (0, 0), pair=True, low=0),
        _flag("surrounded", "odds.p.ow.round.surrounded"),
        _flag("surrounded_a", "odds.p.ow.round.surrounded-a"),
        _flag("surrounded_b", "odds.p.ow.round.surrounded-b"),
        _flag("across", "odds.p.ow.round.across"),
        Param("fortune", int, msg("odds.p.ow.round.fortune"), (0, 0), pair=True),
        Param("drop", float, msg("odds.p.ow.round.drop"), (0.0, 0.0), pair=True),
        Param("fortune_save", int, msg("odds.p.ow.round.fortune-save"), owr.FORTUNE_SAVE,
              setting="fortune_save"),
        _advantage("odds.p.ow.advantage"),
        FAME_CAP,
    ), melee_round),
))
