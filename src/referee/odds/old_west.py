"""Exact odds of Legends of the Old West's rolls, from the ruleset's own
tables and house-rule defaults (DESIGN idea 7): the wound roll with its 6/x
chains (OW-WND-1..3), the fight roll-off (OW-FGT-1..3, OW-ATT-1, OW-MUL-1,
OW-MUL-2), Pluck tests (OW-PLK-1) and a shot (house rules: the roll to hit,
a roll past each cover, the wound roll), each with the Fame a Hero may spend
(OW-FAM-1..7).

How a Hero spends Fame here (the player's choice, made by a stated policy):
he spends the fewest points that make the roll succeed, and none when they
cannot (the game offers exactly "none" or "the shortfall" for wound rolls and
Pluck tests). In the fight he raises his best die by the fewest points that
win, or else that reach a tie the tie die decides; when both sides have a
Hero with Fame, both bid secretly (OW-FAM-3) and each bids all it can:
a higher bid never lowers a side's chance, so full bids are the value of the
secret bid when Fame has no later use.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Literal

from referee.core.i18n import msg
from referee.games.old_west.settings import DEFAULTS
from referee.games.old_west.tables import (
    PLUCK_PASS,
    STAT_RANGE,
    TIE_DIE_LOW,
    WoundNeed,
    wound_need,
)
from referee.odds.dice import FACES, SIDES, best_counts, collect, sum_of, tally
from referee.odds.result import Odds, OddsTable

GAME = "old-west"
FAME_CAP = DEFAULTS.fame_cap
"""House rule ``fame_cap``'s default, read from the scenario's settings
(:mod:`referee.games.old_west.settings`, light to load): a die raised by Fame
stops here."""
ADVANTAGE_WINS_LOW = DEFAULTS.tie_die_advantage_wins_low
"""House rule ``tie_die_advantage_wins_low``'s default: the tie die's 1-3 go
to the side with Advantage."""
IN_THE_WAY = DEFAULTS.in_the_way
"""House rule ``in_the_way``'s default: a shot gets past each cover in the
way on this or more."""
SHOOTING_RANGE = range(2, 7)
"""The roll to hit a profile may need (house rule, the scenario format's range)."""
PLUCK_RANGE = range(0, 11)

Side = Literal["a", "b"]
Way = Literal["dice", "fighting", "tie-die"]

WOUND_LABELS = MappingProxyType({"wounded": msg("odds.ow.wounded"),
                                 "unhurt": msg("odds.ow.unhurt")})
PLUCK_LABELS = MappingProxyType({"passed": msg("odds.ow.passed"),
                                 "failed": msg("odds.ow.failed")})
SHOT_RESULTS = ("missed", "cover", "unhurt", "wounded")
SHOT_LABELS = MappingProxyType({key: msg(f"odds.ow.shot.{key}") for key in SHOT_RESULTS})
HIT_LABELS = MappingProxyType({"hit": msg("odds.ow.shot.hit"),
                               "missed": msg("odds.ow.shot.missed")})
ROLL_POLICY = (msg("odds.ow.policy-roll"),)
FIGHT_POLICY = (msg("odds.ow.policy-fight"),)
FIGHT_LABELS = MappingProxyType({f"{side}:{way}": msg(f"odds.ow.fight.{side}-{way}")
                                 for side in ("a", "b")
                                 for way in ("dice", "fighting", "tie-die")})


def _frozen(dist: dict[str, Fraction]) -> MappingProxyType[str, Fraction]:
    return MappingProxyType(dist)


def _fame_spent(spent: dict[int, Fraction]) -> MappingProxyType[str, Fraction]:
    return _frozen({str(n): p for n, p in sorted(spent.items())})


# -- the wound roll ------------------------------------------------------------------


def wound_outcomes(need: WoundNeed | None, fame: int = 0,
                   fame_cap: int = FAME_CAP) -> dict[tuple[bool, int], Fraction]:
    """(wounded, Fame spent) -> probability, die by die as the rules roll it:
    the first die must reach ``need.first``; for 6/x a second die must reach
    ``need.second`` (OW-WND-2), and Fame raised on the first die counts on the
    second too (OW-FAM-7). "–" never wounds (OW-WND-3)."""
    if need is None:
        return {(False, 0): Fraction(1)}
    outcomes: list[tuple[tuple[bool, int], int]] = []
    for first in FACES:
        carry = _fame_to_reach(first, need.first, fame, max(0, fame_cap - first))
        if first + carry < need.first:
            outcomes.append(((False, 0), SIDES))
        elif need.second is None:
            outcomes.append(((True, carry), SIDES))
        else:
            for second in FACES:
                total = second + carry
                extra = _fame_to_reach(total, need.second, fame - carry, fame)
                outcomes.append(((total + extra >= need.second, carry + extra), 1))
    return {key: Fraction(n, SIDES * SIDES) for key, n in tally(outcomes).items()}


def _fame_to_reach(total: int, need: int, fame: int, room: int) -> int:
    """The shortfall, if Fame left and the die's room cover it; else nothing
    (OW-FAM-1, OW-FAM-2)."""
    short = need - total
    return short if 0 < short <= min(fame, room) else 0


@cache
def wound(strength: int, toughness: int, fame: int = 0, fame_cap: int = FAME_CAP) -> Odds:
    """A blow of ``strength`` against ``toughness`` (OW-WND-1..3), the striker
    a Hero with ``fame`` points to spend (OW-FAM-6, OW-FAM-7)."""
    need = wound_need(strength, toughness)
    outcomes = wound_outcomes(need, fame, fame_cap)
    wounded = sum((p for (hit, _), p in outcomes.items() if hit), Fraction(0))
    spent = collect((n, p) for (_, n), p in outcomes.items())
    shown = "–" if need is None else need.text
    return Odds(
        GAME, "wound",
        msg("odds.ow.wound", strength=strength, toughness=toughness, need=shown, fame=fame),
        wounded,
        _frozen({"wounded": wounded, "unhurt": 1 - wounded}),
        WOUND_LABELS,
        MappingProxyType({"strength": strength, "toughness": toughness, "need": shown,
                          "fame": fame}),
        MappingProxyType({"fame_spent": _fame_spent(spent)} if fame else {}),
        ROLL_POLICY if fame else (),
    )


@cache
def wound_table(fame: int = 0, fame_cap: int = FAME_CAP) -> OddsTable:
    """The whole Wound Table as probabilities (OW-WND-5)."""
    cells = {(s, t): wound(s, t, fame, fame_cap).probability
             for s in STAT_RANGE for t in STAT_RANGE}
    marks = {(s, t): _need_text(wound_need(s, t)) for s in STAT_RANGE for t in STAT_RANGE}
    return OddsTable(GAME, "wound-table", msg("odds.ow.wound-table", fame=fame),
                     msg("odds.ow.strength"), msg("odds.ow.toughness"),
                     tuple(STAT_RANGE), tuple(STAT_RANGE),
                     MappingProxyType(cells), MappingProxyType(marks),
                     MappingProxyType({"fame": fame}), "strength", "toughness")


def _need_text(need: WoundNeed | None) -> str:
    return "–" if need is None else need.text


# -- the Pluck test ------------------------------------------------------------------


def pluck_outcomes(pluck: int, fame: int = 0,
                   fame_cap: int = FAME_CAP) -> dict[tuple[bool, int], Fraction]:
    """(passed, Fame spent) -> probability: two dice plus Pluck, 10 or more
    passes (OW-PLK-1); a Hero may raise the dice with Fame, each die up to the
    cap (OW-FAM-5)."""
    outcomes: list[tuple[tuple[bool, int], int]] = []
    for first in FACES:
        for second in FACES:
            total = first + second + pluck
            room = max(0, fame_cap - first) + max(0, fame_cap - second)
            extra = _fame_to_reach(total, PLUCK_PASS, fame, room)
            outcomes.append(((total + extra >= PLUCK_PASS, extra), 1))
    return {key: Fraction(n, SIDES * SIDES) for key, n in tally(outcomes).items()}


@cache
def pluck(pluck: int, fame: int = 0, fame_cap: int = FAME_CAP) -> Odds:
    """A Pluck test of a model with ``pluck`` (OW-PLK-1), a Hero with ``fame``
    points to spend on it (OW-FAM-5)."""
    outcomes = pluck_outcomes(pluck, fame, fame_cap)
    passed = sum((p for (ok, _), p in outcomes.items() if ok), Fraction(0))
    spent = collect((n, p) for (_, n), p in outcomes.items())
    totals = {str(total + pluck): p for total, p in sum_of(2).items()}
    return Odds(
        GAME, "pluck", msg("odds.ow.pluck", pluck=pluck, fame=fame), passed,
        _frozen({"passed": passed, "failed": 1 - passed}), PLUCK_LABELS,
        MappingProxyType({"pluck": pluck, "fame": fame}),
        MappingProxyType({"totals": _frozen(totals),
                          **({"fame_spent": _fame_spent(spent)} if fame else {})}),
        ROLL_POLICY if fame else (),
    )


@cache
def pluck_table(max_fame: int = 3, fame_cap: int = FAME_CAP) -> OddsTable:
    """Pluck 0-10 against Fame 0..``max_fame``: the chance to pass."""
    fames = tuple(range(max_fame + 1))
    cells = {(p, f): pluck(p, f, fame_cap).probability for p in PLUCK_RANGE for f in fames}
    return OddsTable(GAME, "pluck-table", msg("odds.ow.pluck-table"),
                     msg("odds.ow.pluck-name"), msg("odds.ow.fame-name"),
                     tuple(PLUCK_RANGE), fames, MappingProxyType(cells),
                     query=MappingProxyType({"max_fame": max_fame}),
                     row_key="pluck", column_key="fame")


# -- a shot ------------------------------------------------------------------------


def hit_outcomes(shooting: int, fame: int = 0,
                 fame_cap: int = FAME_CAP) -> dict[tuple[bool, int], Fraction]:
    """(hit, Fame spent) -> probability: one die, ``shooting`` or more hits
    (house rule); a Hero raises it by the shortfall, the die up to the cap
    (OW-FAM-1, OW-FAM-6)."""
    outcomes: list[tuple[tuple[bool, int], int]] = []
    for first in FACES:
        extra = _fame_to_reach(first, shooting, fame, max(0, fame_cap - first))
        outcomes.append(((first + extra >= shooting, extra), 1))
    return {key: Fraction(n, SIDES) for key, n in tally(outcomes).items()}


@cache
def shot_outcomes(shooting: int, strength: int, toughness: int, covers: int = 0, fame: int = 0,
                  in_the_way: int = IN_THE_WAY,
                  fame_cap: int = FAME_CAP) -> MappingProxyType[tuple[str, int], Fraction]:
    """(result, Fame spent) -> probability for a shot on a model on foot:
    the roll to hit; a roll of ``in_the_way`` or more past each of ``covers``
    covers in the way; the wound roll with the Fame left (house rules of the
    shooting phase, OW-FAM-6, OW-WND-1..3). Results: missed, stopped by
    cover, hit without wounding, wounded."""
    past = Fraction(SIDES + 1 - in_the_way, SIDES) ** covers
    need = wound_need(strength, toughness)
    found: list[tuple[tuple[str, int], Fraction]] = []
    for (hit, spent), p in hit_outcomes(shooting, fame, fame_cap).items():
        if not hit:
            found.append((("missed", spent), p))
            continue
        if past < 1:
            found.append((("cover", spent), p * (1 - past)))
        found += [(("wounded" if wounded else "unhurt", spent + more), p * past * q)
                  for (wounded, more), q in wound_outcomes(need, fame - spent, fame_cap).items()]
    return MappingProxyType(collect(found))


@cache
def shot(shooting: int, strength: int = 3, toughness: int = 3, covers: int = 0, fame: int = 0,
         in_the_way: int = IN_THE_WAY, fame_cap: int = FAME_CAP) -> Odds:
    """The chance that a shot wounds a model on foot, and of each way it
    fails; ``to_hit`` is the single roll to hit with ``fame`` Fame to spend."""
    outcomes = shot_outcomes(shooting, strength, toughness, covers, fame, in_the_way, fame_cap)
    results = collect((result, p) for (result, _), p in outcomes.items())
    spent = collect((n, p) for (_, n), p in outcomes.items())
    hit = 1 - results.get("missed", Fraction(0))
    need = wound_need(strength, toughness)
    shown = _need_text(need)
    zero = Fraction(0)
    return Odds(
        GAME, "shot",
        msg("odds.ow.shot", shooting=shooting, covers=covers, strength=strength,
            toughness=toughness, need=shown, fame=fame),
        results.get("wounded", zero),
        _frozen({key: results.get(key, zero) for key in SHOT_RESULTS}), SHOT_LABELS,
        MappingProxyType({"shooting": shooting, "strength": strength, "toughness": toughness,
                          "need": shown, "covers": covers, "in_the_way": in_the_way,
                          "fame": fame}),
        MappingProxyType({"to_hit": _frozen({"hit": hit, "missed": 1 - hit}),
                          **({"fame_spent": _fame_spent(spent)} if fame else {})}),
        ROLL_POLICY if fame else (),
        MappingProxyType({"to_hit": HIT_LABELS}),
    )


# -- the fight -----------------------------------------------------------------------


def _side_rolls(dice: int, hero_dice: int) -> dict[tuple[int, int], int]:
    """(side's best die, the Hero's best die or 0) -> how many of the 6^dice
    rolls give it: the side rolls ``dice`` dice and keeps its best (OW-ATT-1,
    OW-MUL-1), ``hero_dice`` of them the Hero's."""
    others = best_counts(dice - hero_dice)
    hero = best_counts(hero_dice)
    return tally(((max(o, h), h), no * nh) for o, no in others.items() for h, nh in hero.items())


def _verdict(best_a: int, best_b: int, fighting_a: int, fighting_b: int) -> tuple[Side | None, Way]:
    """Higher die wins (OW-FGT-1), then higher Fighting (OW-FGT-2, OW-MUL-2);
    None: the tie die decides (OW-FGT-3)."""
    if best_a != best_b:
        return ("a" if best_a > best_b else "b"), "dice"
    if fighting_a != fighting_b:
        return ("a" if fighting_a > fighting_b else "b"), "fighting"
    return None, "tie-die"


def _single_bid(best: int, other: int, hero_die: int, room: int,
                wins: Callable[[int], Side | None], side: Side) -> int:
    """A lone Hero's policy: the fewest points that win, else that reach the
    tie die, else none; nothing when his side is ahead (OW-FAM-2)."""
    if best > other:
        return best
    raised = [max(best, hero_die + p) for p in range(room + 1)]
    for value in raised:
        if wins(value) == side:
            return value
    for value in raised:
        if value == other and wins(value) is None:
            return value
    return best


def _after_fame(a: tuple[int, int], b: tuple[int, int], fame_a: int, fame_b: int,
                fighting_a: int, fighting_b: int, fame_cap: int) -> tuple[int, int]:
    """Both sides' best dice once Heroes have spent Fame (OW-FAM-2, OW-FAM-3):
    a Hero may raise his own best die, up to the cap."""
    (best_a, hero_a), (best_b, hero_b) = a, b
    room_a = min(fame_a, fame_cap - hero_a) if hero_a else 0
    room_b = min(fame_b, fame_cap - hero_b) if hero_b else 0
    if room_a > 0 and room_b > 0:
        return max(best_a, hero_a + room_a), max(best_b, hero_b + room_b)
    if room_a > 0:
        return _single_bid(best_a, best_b, hero_a, room_a,
                           lambda v: _verdict(v, best_b, fighting_a, fighting_b)[0], "a"), best_b
    if room_b > 0:
        return best_a, _single_bid(best_b, best_a, hero_b, room_b,
                                   lambda v: _verdict(best_a, v, fighting_a, fighting_b)[0], "b")
    return best_a, best_b


def tie_die_faces(advantage: Side, advantage_wins_low: bool = ADVANTAGE_WINS_LOW) -> int:
    """How many faces of the tie die give side A the fight: 1-3 one side,
    4-6 the other (OW-FGT-3); house rule ``tie_die_advantage_wins_low`` says
    which is the side with Advantage."""
    a_low = (advantage == "a") == advantage_wins_low
    return sum(1 for f in FACES if (f in TIE_DIE_LOW) == a_low)


@cache
def fight_outcomes(dice_a: int, dice_b: int, fighting_a: int, fighting_b: int,
                   fame_a: int = 0, fame_b: int = 0, hero_dice_a: int | None = None,
                   hero_dice_b: int | None = None, advantage: Side = "a",
                   advantage_wins_low: bool = ADVANTAGE_WINS_LOW,
                   fame_cap: int = FAME_CAP) -> MappingProxyType[str, Fraction]:
    """"side:way" -> probability for the roll-off between side A and side B.
    A Hero rolls ``hero_dice`` of his side's dice (all of them by default)."""
    heroes_a = _hero_dice(dice_a, fame_a, hero_dice_a)
    heroes_b = _hero_dice(dice_b, fame_b, hero_dice_b)
    if not heroes_a and not heroes_b:
        rolls = {(a, b): na * nb for a, na in best_counts(dice_a).items()
                 for b, nb in best_counts(dice_b).items()}
    else:
        rolls = tally((_after_fame(a, b, fame_a, fame_b, fighting_a, fighting_b, fame_cap),
                       na * nb)
                      for a, na in _side_rolls(dice_a, heroes_a).items()
                      for b, nb in _side_rolls(dice_b, heroes_b).items())
    faces_a = tie_die_faces(advantage, advantage_wins_low)
    counts: dict[str, int] = dict.fromkeys(FIGHT_LABELS, 0)
    for (best_a, best_b), n in rolls.items():
        side, way = _verdict(best_a, best_b, fighting_a, fighting_b)
        if side is None:
            counts["a:tie-die"] += n * faces_a
            counts["b:tie-die"] += n * (SIDES - faces_a)
        else:
            counts[f"{side}:{way}"] += n * SIDES
    whole = SIDES ** (dice_a + dice_b + 1)
    return _frozen({key: Fraction(n, whole) for key, n in counts.items()})


@cache
def roll_off_spent(dice_a: int, dice_b: int, fighting_a: int, fighting_b: int, fame_a: int = 0,
                   fame_b: int = 0, advantage: Side = "a",
                   advantage_wins_low: bool = ADVANTAGE_WINS_LOW,
                   fame_cap: int = FAME_CAP) -> MappingProxyType[tuple[Side, int, int], Fraction]:
    """(winner, Fame side A spent, Fame side B spent) -> probability, for a
    fight of one model a side (each side's dice all its Hero's), the Heroes
    bidding as :func:`fight` assumes: what a round's wound rolls have left."""
    rolls = tally((((a, b), _after_fame((a, a if fame_a > 0 else 0),
                                        (b, b if fame_b > 0 else 0), fame_a, fame_b,
                                        fighting_a, fighting_b, fame_cap)), na * nb)
                  for a, na in best_counts(dice_a).items() for b, nb in best_counts(dice_b).items())
    faces_a = tie_die_faces(advantage, advantage_wins_low)
    counts: list[tuple[tuple[Side, int, int], int]] = []
    for ((a, b), (after_a, after_b)), n in rolls.items():
        spent_a, spent_b = after_a - a, after_b - b
        side, _ = _verdict(after_a, after_b, fighting_a, fighting_b)
        if side is None:
            counts.append((("a", spent_a, spent_b), n * faces_a))
            counts.append((("b", spent_a, spent_b), n * (SIDES - faces_a)))
        else:
            counts.append(((side, spent_a, spent_b), n * SIDES))
    whole = SIDES ** (dice_a + dice_b + 1)
    return MappingProxyType({key: Fraction(n, whole) for key, n in tally(counts).items()})


def _hero_dice(dice: int, fame: int, hero_dice: int | None) -> int:
    if fame <= 0:
        return 0
    return dice if hero_dice is None else min(max(hero_dice, 0), dice)


@cache
def fight(dice_a: int, dice_b: int, fighting_a: int, fighting_b: int, fame_a: int = 0,
          fame_b: int = 0, hero_dice_a: int | None = None, hero_dice_b: int | None = None,
          advantage: Side = "a", advantage_wins_low: bool = ADVANTAGE_WINS_LOW,
          fame_cap: int = FAME_CAP) -> Odds:
    """The chance that side A wins the fight (OW-FGT-1..3, OW-MUL-1, OW-MUL-2).
    ``fighting_*`` is each side's best Fighting."""
    outcomes = fight_outcomes(dice_a, dice_b, fighting_a, fighting_b, fame_a, fame_b,
                              hero_dice_a, hero_dice_b, advantage, advantage_wins_low, fame_cap)
    won = sum((p for key, p in outcomes.items() if key.startswith("a:")), Fraction(0))
    return Odds(
        GAME, "fight",
        msg("odds.ow.fight", a=dice_a, b=dice_b, fa=fighting_a, fb=fighting_b,
            fame_a=fame_a, fame_b=fame_b),
        won, outcomes, FIGHT_LABELS,
        MappingProxyType({"dice_a": dice_a, "dice_b": dice_b, "fighting_a": fighting_a,
                          "fighting_b": fighting_b, "fame_a": fame_a, "fame_b": fame_b,
                          "advantage": advantage}),
        MappingProxyType({"winner": _frozen({"a": won, "b": 1 - won})}),
        FIGHT_POLICY if fame_a or fame_b else (),
    )


@cache
def fight_table(fighting_a: int = 3, fighting_b: int = 3, max_dice: int = 6,
                fame_a: int = 0, fame_b: int = 0, advantage: Side = "a",
                advantage_wins_low: bool = ADVANTAGE_WINS_LOW,
                fame_cap: int = FAME_CAP) -> OddsTable:
    """Side A's chance to win the fight, for 1..``max_dice`` dice a side."""
    counts = tuple(range(1, max_dice + 1))
    cells = {(a, b): fight(a, b, fighting_a, fighting_b, fame_a, fame_b, None, None, advantage,
                           advantage_wins_low, fame_cap).probability
             for a in counts for b in counts}
    return OddsTable(GAME, "fight-table",
                     msg("odds.ow.fight-table", fa=fighting_a, fb=fighting_b,
                         fame_a=fame_a, fame_b=fame_b),
                     msg("odds.ow.dice-a"), msg("odds.ow.dice-b"), counts, counts,
                     MappingProxyType(cells),
                     query=MappingProxyType({"fighting_a": fighting_a, "fighting_b": fighting_b,
                                             "fame_a": fame_a, "fame_b": fame_b}),
                     row_key="dice_a", column_key="dice_b")

