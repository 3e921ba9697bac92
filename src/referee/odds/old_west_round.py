"""A whole round of Old West melee between two models, exactly: the fight
roll-off, then the winner's strikes on the loser (OW-MEL-1).

1. The fight (OW-FGT-1..3, OW-ATT-1): each side rolls a die per Attack and
   keeps its best; higher wins, then higher Fighting, then the tie die. A
   Hero may raise his die with Fame as :func:`referee.odds.old_west.fight`
   assumes.
2. Back off (OW-BCK-1): a loser that cannot is surrounded (OW-SUR-1), which
   the position decides; here it is given, for each side, as "surrounded if
   it loses".
3. Wounding: the winner strikes once per Attack (OW-ATT-2), twice per Attack
   on a surrounded loser (OW-SUR-2); across an obstacle each blow first needs
   4+ on a die (OW-OBS-2); each blow that lands rolls on the Wound Table,
   6/x chains included (OW-WND-1..3), a Hero adding Fame when it makes the
   roll succeed (OW-FAM-6, OW-FAM-7), with what the fight left him. The
   loser is out of action at its last Wound (OW-WDS-1); its later blows are
   not rolled.
4. A loser that can only back off over a drop goes over it (OW-SUR-5): the
   strikes count once, then a fall higher than ``fall_safe_height`` (2") does
   one Strength ``fall_strength`` (3) hit per full inch (house rule), rolled
   on the Wound Table with no Fame.
5. Fortune (house rule from the full game): a Hero about to lose a Wound,
   to a blow or to the fall, spends a Fortune point while he has one (the
   odds' policy) and keeps the Wound on ``fortune_save`` (4) or more.

Not counted: prone models and riders, models joining the fight.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType

from referee.core.errors import RefereeError
from referee.core.i18n import Msg, msg
from referee.games.old_west.settings import DEFAULTS
from referee.games.old_west.tables import ACROSS_NEED, STAT_RANGE, WoundNeed, wound_need
from referee.odds.dice import SIDES, collect
from referee.odds.old_west import (
    ADVANTAGE_WINS_LOW,
    FAME_CAP,
    GAME,
    Side,
    roll_off_spent,
    wound_outcomes,
)
from referee.odds.result import Odds

ACROSS_REACHES = range(ACROSS_NEED, SIDES + 1)
"""4-6 on the die: a blow across an obstacle reaches the enemy (OW-OBS-2)."""
WOUNDS_RANGE = range(1, 11)
FORTUNE_SAVE = DEFAULTS.fortune_save
"""House rule ``fortune_save``'s default (read from the scenario's settings):
a Fortune point's roll keeps the Wound on this or more."""
FALL_SAFE_HEIGHT = DEFAULTS.fall_safe_height
"""House rule ``fall_safe_height``'s default: a fall of this or less does no harm."""
FALL_STRENGTH = DEFAULTS.fall_strength
"""House rule ``fall_strength``'s default: the Strength of each falling hit."""
MAX_DROP = 20.0
MAX_FORTUNE = 20


@dataclass(frozen=True)
class Fighter:
    """One side's model: its profile and what it knows of the position."""

    attacks: int = 1
    fighting: int = 3
    strength: int = 3
    toughness: int = 3
    wounds: int = 1
    fame: int = 0
    surrounded: bool = False
    """Surrounded if it loses: every strike on it counts twice (OW-SUR-1, OW-SUR-2)."""
    fortune: int = 0
    """Fortune points of a Hero (house rule): each may keep a Wound."""
    drop: float = 0.0
    """If it loses it goes over a drop this high, in inches (OW-SUR-5); 0: none."""

    def check(self, side: Side) -> None:
        for name in ("attacks", "fighting", "strength", "toughness", "wounds"):
            value = getattr(self, name)
            if value not in STAT_RANGE:
                raise RefereeError(msg("odds.ow.round.bad-stat", stat=f"--{name}",
                                       side=_letter(side), value=value))
        if self.fame < 0:
            raise RefereeError(msg("odds.ow.round.bad-stat", stat="--fame", side=_letter(side),
                                   value=self.fame))
        if not 0 <= self.fortune <= MAX_FORTUNE:
            raise RefereeError(msg("odds.ow.round.bad-fortune", side=_letter(side),
                                   value=self.fortune, most=MAX_FORTUNE))
        if not 0 <= self.drop <= MAX_DROP:
            raise RefereeError(msg("odds.ow.round.bad-drop", side=_letter(side),
                                   value=_inches(self.drop), most=int(MAX_DROP)))
        if self.drop > 0 and self.surrounded:
            raise RefereeError(msg("odds.ow.round.drop-and-surrounded", side=_letter(side)))

    def fall_hits(self, safe_height: float = FALL_SAFE_HEIGHT) -> int:
        """Falling hits if it goes over its drop: one per full inch, none at
        ``safe_height`` or less (OW-SUR-5, house rule)."""
        return int(self.drop) if self.drop > safe_height else 0


def _letter(side: Side) -> Msg:
    """"A" or "B" as the reader's language writes it."""
    return msg(f"odds.letter.{side}")


def _inches(value: float) -> Fraction:
    return Fraction(value).limit_denominator(100)


def across_chance(across: bool) -> Fraction:
    """The chance a blow reaches the enemy: 1, or 4+ across an obstacle."""
    return Fraction(len(ACROSS_REACHES), SIDES) if across else Fraction(1)


Wounded = tuple[int, int, int]
"""Wounds lost, the striker's Fame left, the target's Fortune left."""


def _lose_wound(dealt: int, fame: int, fortune: int, p: Fraction,
                save: Fraction) -> list[tuple[Wounded, Fraction]]:
    """A Wound about to be lost: a Hero spends a Fortune point while he has
    one and keeps it with chance ``save`` (house rule)."""
    if fortune <= 0:
        return [((dealt + 1, fame, fortune), p)]
    return [((dealt, fame, fortune - 1), p * save),
            ((dealt + 1, fame, fortune - 1), p * (1 - save))]


def fortune_save_chance(fortune_save: int = FORTUNE_SAVE) -> Fraction:
    """The chance a Fortune point's roll keeps the Wound."""
    return Fraction(SIDES + 1 - fortune_save, SIDES)


@cache
def strikes(blows: int, need: WoundNeed | None, wounds: int, fame: int = 0,
            across: bool = False, fame_cap: int = FAME_CAP, fortune: int = 0,
            fortune_save: int = FORTUNE_SAVE, falls: int = 0,
            fall_need: WoundNeed | None = None) -> dict[int, Fraction]:
    """Wounds lost -> probability by ``blows`` blows on a target with
    ``wounds`` Wounds, die by die: each blow reaches (across an obstacle:
    4+), then rolls to wound; a Hero spends the fewest Fame points that make
    a roll wound while he has them; a target with ``fortune`` spends a point
    on each Wound while it has one; then ``falls`` falling hits (no Fame) of
    need ``fall_need``; nothing after the target's last Wound."""
    reach = across_chance(across)
    save = fortune_save_chance(fortune_save)
    states: dict[Wounded, Fraction] = {(0, fame, fortune): Fraction(1)}
    for blow in range(blows + falls):
        falling = blow >= blows
        roll_need = fall_need if falling else need
        following: list[tuple[Wounded, Fraction]] = []
        for (dealt, left, luck), p in states.items():
            if dealt >= wounds or roll_need is None:
                following.append(((dealt, left, luck), p))
                continue
            reached = Fraction(1) if falling else reach
            if reached < 1:
                following.append(((dealt, left, luck), p * (1 - reached)))
            for (hit, spent), q in wound_outcomes(roll_need, 0 if falling else left,
                                                  fame_cap).items():
                if hit:
                    following += _lose_wound(dealt, left - spent, luck, p * reached * q, save)
                else:
                    following.append(((dealt, left - spent, luck), p * reached * q))
        states = collect(following)
    return collect((dealt, p) for (dealt, _, _), p in states.items())


@cache
def round_outcomes(a: Fighter, b: Fighter, across: bool = False, advantage: Side = "a",
                   advantage_wins_low: bool = ADVANTAGE_WINS_LOW, fame_cap: int = FAME_CAP,
                   fortune_save: int = FORTUNE_SAVE
                   ) -> MappingProxyType[tuple[Side, int], Fraction]:
    """(winner, wounds dealt to the loser) -> probability for one round."""
    fighters = {"a": a, "b": b}
    outcomes: list[tuple[tuple[Side, int], Fraction]] = []
    spent_fights = roll_off_spent(a.attacks, b.attacks, a.fighting, b.fighting, a.fame, b.fame,
                                  advantage, advantage_wins_low, fame_cap)
    for (winner, spent_a, spent_b), p in spent_fights.items():
        striker = fighters[winner]
        loser = fighters["b" if winner == "a" else "a"]
        left = striker.fame - (spent_a if winner == "a" else spent_b)
        blows = striker.attacks * (2 if loser.surrounded else 1)
        need = wound_need(striker.strength, loser.toughness)
        dealt = strikes(blows, need, loser.wounds, left, across, fame_cap, loser.fortune,
                        fortune_save, loser.fall_hits(),
                        wound_need(FALL_STRENGTH, loser.toughness))
        outcomes += [((winner, n), p * q) for n, q in dealt.items()]
    totals = collect(outcomes)
    return MappingProxyType({key: totals[key] for key in sorted(totals)})


def _labels(a: Fighter, b: Fighter) -> dict[str, Msg]:
    labels: dict[str, Msg] = {}
    for side, loser in (("a", b), ("b", a)):
        for n in range(loser.wounds + 1):
            key = f"odds.ow.round.{side}-out" if n == loser.wounds else f"odds.ow.round.{side}"
            labels[f"{side}:{n}"] = msg(key, wounds=n)
    return labels


def _losers(a: Fighter, b: Fighter) -> tuple[tuple[Side, Fighter], ...]:
    """Each side that may win, with the model it would strike."""
    return (("a", b), ("b", a))


SIDE_LABELS = MappingProxyType({"a": msg("odds.side.a"), "b": msg("odds.side.b")})


@cache
def melee_round(a: Fighter, b: Fighter, across: bool = False, advantage: Side = "a",
                advantage_wins_low: bool = ADVANTAGE_WINS_LOW, fame_cap: int = FAME_CAP,
                fortune_save: int = FORTUNE_SAVE) -> Odds:
    """A round of melee between side A's model and side B's: the chance that
    side B's is taken out of action, every (winner, wounds) outcome, and for
    each side the chance it wins, is wounded, is taken out of action, and the
    wounds it takes."""
    a.check("a")
    b.check("b")
    if not 2 <= fortune_save <= SIDES:
        raise RefereeError(msg("odds.ow.round.bad-fortune-save", value=fortune_save))
    outcomes = round_outcomes(a, b, across, advantage, advantage_wins_low, fame_cap,
                              fortune_save)
    taken = {"a": collect((n if w == "b" else 0, p) for (w, n), p in outcomes.items()),
             "b": collect((n if w == "a" else 0, p) for (w, n), p in outcomes.items())}
    wounds = {"a": a.wounds, "b": b.wounds}
    wounded = {s: 1 - taken[s].get(0, Fraction(0)) for s in ("a", "b")}
    out = {s: taken[s].get(wounds[s], Fraction(0)) for s in ("a", "b")}
    winner = {s: sum((p for (w, _), p in outcomes.items() if w == s), Fraction(0))
              for s in ("a", "b")}
    notes: list[Msg] = []
    if a.fame or b.fame:
        notes.append(msg("odds.ow.policy-fight"))
        notes.append(msg("odds.ow.policy-roll"))
    notes += [msg(f"odds.ow.round.surrounded-{s}") for s, f in (("a", a), ("b", b))
              if f.surrounded]
    notes += [msg(f"odds.ow.round.drop-{s}", height=_inches(f.drop), hits=f.fall_hits(),
                  strength=FALL_STRENGTH)
              for s, f in (("a", a), ("b", b)) if f.drop > 0]
    notes += [msg(f"odds.ow.round.fortune-{s}", fortune=f.fortune, need=fortune_save)
              for s, f in (("a", a), ("b", b)) if f.fortune > 0]
    if across:
        notes.append(msg("odds.ow.round.across"))
    return Odds(
        GAME, "round",
        msg("odds.ow.round", aa=a.attacks, fa=a.fighting, sa=a.strength, ta=a.toughness,
            wa=a.wounds, fame_a=a.fame, ab=b.attacks, fb=b.fighting, sb=b.strength,
            tb=b.toughness, wb=b.wounds, fame_b=b.fame),
        out["b"],
        MappingProxyType({f"{w}:{n}": outcomes.get((w, n), Fraction(0))
                          for w, loser in _losers(a, b) for n in range(loser.wounds + 1)}),
        MappingProxyType(_labels(a, b)),
        MappingProxyType({"attacks_a": a.attacks, "attacks_b": b.attacks,
                          "fighting_a": a.fighting, "fighting_b": b.fighting,
                          "strength_a": a.strength, "strength_b": b.strength,
                          "toughness_a": a.toughness, "toughness_b": b.toughness,
                          "wounds_a": a.wounds, "wounds_b": b.wounds, "fame_a": a.fame,
                          "fame_b": b.fame, "surrounded_a": a.surrounded,
                          "surrounded_b": b.surrounded, "fortune_a": a.fortune,
                          "fortune_b": b.fortune, "drop_a": str(a.drop),
                          "drop_b": str(b.drop), "across": across,
                          "advantage": advantage, "fortune_save": fortune_save}),
        MappingProxyType({
            "winner": MappingProxyType(winner),
            "wounded": MappingProxyType(wounded),
            "out_of_action": MappingProxyType(out),
            "wounds_on_a": MappingProxyType({str(n): taken["a"].get(n, Fraction(0))
                                             for n in range(a.wounds + 1)}),
            "wounds_on_b": MappingProxyType({str(n): taken["b"].get(n, Fraction(0))
                                             for n in range(b.wounds + 1)}),
        }),
        tuple(notes),
        MappingProxyType({"wounded": SIDE_LABELS, "out_of_action": SIDE_LABELS}),
    )
