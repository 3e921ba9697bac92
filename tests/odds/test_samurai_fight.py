"""A whole Samurai fight's odds, checked three ways: against the engine's own
chance outcomes walked by referee.core.enumerate on a duel of two fighters
(the decisions answered by the stated policy), against an independent brute
force that rolls every die of every attack, and against totals worked by hand.

The walk merges games in the same position and keeps one log for them, so
what is read from the engine is the state (alive, wounds, stun), never the
log: who did damage first is checked against the brute force."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import cache

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.core.enumerate import distribution
from referee.core.errors import RefereeError
from referee.core.game import Game
from referee.core.waits import JSON, Decision
from referee.odds import samurai_fight as samf
from referee.odds.samurai import initiative
from referee.odds.samurai_fight import Duelist, fight
from tests.games.samurai.sam import RETAINERS_FIRST, fighter, new_game, stay_all, tokens

rule = pytest.mark.rule
FACES = range(1, 7)
ARMOUR = {"none": 0, "light": 1, "medium": 2, "heavy": 3}


# -- the engine ------------------------------------------------------------------


def duel(a: Duelist, b: Duelist) -> Game:
    """Fighter "a" of the Retainers touching fighter "b" of the Bandits, at
    the secret allocation of their fight, their tokens answered. An archer of
    the Retainers far off is asked what to do in the Action phase, so the walk
    stops there, right after the fight and before the End phase ends a stun."""
    profile = {name: {"initiative": d.initiative, "melee": d.melee,
                      "weapon_bonus": d.weapon_bonus, "armour": d.armour,
                      "cp": d.attack + d.defence} for name, d in (("a", a), ("b", b))}
    game = new_game([fighter("a", (10, 10), **profile["a"]),
                     fighter("archer", (40, 40), missile="yumi")],
                    [fighter("b", (11, 10), **profile["b"])])
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    for name, d in (("a", a), ("b", b)):
        game.state.fighters[name].penalty = d.penalty  # wounds from earlier in the game
    game.answer("retainers", tokens(a=(a.attack, a.defence, a.boost_initiative)))
    game.answer("bandits", tokens(b=(b.attack, b.defence, b.boost_initiative)))
    return game


def policy(a: Duelist, b: Duelist):
    """The odds' stated policy: attack whenever asked, Boost by each side's
    setting, no Special attack."""
    sides = {"retainers": a, "bandits": b}

    def answer(game: Game, decision: Decision) -> dict[str, JSON]:
        seat = decision.seats[0]
        options = [o.value for o in decision.options_for(seat)]
        key = decision.question.key
        if key == "sam.ask.attack":
            chosen: JSON = next(v for v in options if isinstance(v, dict) and "attack" in v)
        elif key == "sam.ask.boost-attack":
            chosen = sides[seat].boost_attack == "spare"
        elif key == "sam.ask.boost-defence":
            chosen = sides[seat].boost_defence == "spare"
        elif key == "sam.ask.special":
            chosen = "none"
        else:
            raise AssertionError(f"the policy was not asked {key}")
        return {seat: chosen}
    return answer


def ended(game: Game) -> bool:
    return game.state.phase == "action"


def condition(game: Game, name: str, start: int) -> str:
    f = game.state.fighters[name]
    if not f.alive:
        return "killed"
    if f.penalty > start:
        return "wounded"
    return "stunned" if f.stunned else "unhurt"


@cache
def engine_ends(a: Duelist, b: Duelist, a_first: bool) -> dict[tuple[str, str], Fraction]:
    """The engine's fight from the order of action on: the Initiative dice
    are set (a 6 for the one to act first, a 1 for the other), as a tie
    would be rolled again without end and the walk would not stop."""
    game = duel(a, b)
    high, low = (6, 1) if a_first else (1, 6)
    game.feed(*[high] * (2 if a.boost_initiative else 1), *[low] * (2 if b.boost_initiative else 1))
    assert game.state.fight is not None
    assert game.state.fight.order == (["a", "b"] if a_first else ["b", "a"])
    return distribution(game, lambda g: (condition(g, "a", a.penalty),
                                         condition(g, "b", b.penalty)), ended, policy(a, b))


def odds_ends(a: Duelist, b: Duelist, a_first: bool) -> dict[tuple[str, str], Fraction]:
    """How each fighter leaves the fight, once the order is known."""
    found: dict[tuple[str, str], Fraction] = {}
    for (end_a, end_b, _), p in samf.endings(a, b, a_first).items():
        key = (samf.condition(a, end_a), samf.condition(b, end_b))
        found[key] = found.get(key, Fraction(0)) + p
    return found


ENGINE_CASES = [
    # Kenji and Oni of the combat tests: three attacks against one, Oni Boosts its defence
    (Duelist(attack=3, defence=0, initiative=3, melee=3, weapon_bonus=1),
     Duelist(attack=1, defence=1, initiative=1, melee=2, armour="medium")),
    # Boosts of Initiative and of the attack; a wound penalty brought into the fight
    (Duelist(attack=3, defence=0, boost_initiative=True, boost_attack="spare", penalty=1),
     Duelist(attack=1, defence=1, initiative=2, armour="light", boost_defence="never")),
]


@rule("SAM-FGT-5", "SAM-FGT-6", "SAM-ATK-2", "SAM-ATK-3", "SAM-ATK-4", "SAM-ATK-8", "SAM-BST-2",
      "SAM-BST-3", "SAM-BST-4", "SAM-MOD-1")
@pytest.mark.parametrize("a_first", [True, False])
@pytest.mark.parametrize(("a", "b"), ENGINE_CASES)
def test_the_attacks_of_a_fight_match_the_engine(a: Duelist, b: Duelist, a_first: bool):
    """How each fighter leaves the fight (unhurt, stunned, wounded, killed),
    jointly, with its chance."""
    engine = engine_ends(a, b, a_first)
    assert sum(engine.values()) == 1
    assert odds_ends(a, b, a_first) == engine


@rule("SAM-FGT-4", "SAM-BST-2")
@pytest.mark.parametrize(("a", "b"), ENGINE_CASES)
def test_the_fight_weighs_both_orders_by_the_initiative_odds(a: Duelist, b: Duelist):
    odds = fight(a, b)
    first = initiative(samf.initiative_difference(a, b), a.boost_initiative,
                       b.boost_initiative).probability
    assert odds.breakdowns["initiative"]["a"] == first
    killed = (first * sum((p for (_, cb), p in engine_ends(a, b, True).items()
                           if cb == "killed"), Fraction(0))
              + (1 - first) * sum((p for (_, cb), p in engine_ends(a, b, False).items()
                                   if cb == "killed"), Fraction(0)))
    assert odds.probability == killed


# -- an independent brute force ----------------------------------------------------


def kept_two(roll: tuple[int, ...]) -> int:
    return sum(sorted(roll)[-2:])


@cache
def attack_margins(boost_attack: bool, boost_defence: bool) -> dict[int, Fraction]:
    """Attack dice less defence dice, every roll of every die listed."""
    attack_dice, defence_dice = (3 if boost_attack else 2), (2 if boost_defence else 1)
    whole = 6 ** (attack_dice + defence_dice)
    found: dict[int, Fraction] = {}
    for roll in itertools.product(FACES, repeat=attack_dice + defence_dice):
        margin = kept_two(roll[:attack_dice]) - sum(roll[attack_dice:])
        found[margin] = found.get(margin, Fraction(0)) + Fraction(1, whole)
    return found


Fighter = tuple[int, int, int, bool]
"""Attack tokens, Defence tokens, wound penalty, stunned."""
End = tuple[str, str, str]
"""Side A's condition, side B's, who did damage first."""


def brute_force(a: Duelist, b: Duelist) -> dict[End, Fraction]:
    """Every end of the fight with its chance, followed attack by attack as
    the book and the ruleset's house rules tell it, with no shared code."""
    profiles = {"a": a, "b": b}

    def condition_of(d: Duelist, f: Fighter | None) -> str:
        if f is None:
            return "killed"
        return "wounded" if f[2] > d.penalty else ("stunned" if f[3] else "unhurt")

    def ending(fighters: dict[str, Fighter | None], first: str) -> dict[End, Fraction]:
        return {(condition_of(a, fighters["a"]), condition_of(b, fighters["b"]), first):
                Fraction(1)}

    @cache
    def play(turn: str, mine: Fighter, theirs: Fighter, first: str) -> dict[End, Fraction]:
        other_side = "b" if turn == "a" else "a"
        if mine[0] == 0 and theirs[0] == 0:
            return ending({turn: mine, other_side: theirs}, first)
        if mine[0] == 0:
            return play(other_side, theirs, mine, first)
        me, other = profiles[turn], profiles[other_side]
        attacks, defences, wounds, stunned = mine
        their_attacks, their_defences, their_wounds, their_stun = theirs
        attacks -= 1
        boost_d = other.boost_defence == "spare" and their_defences >= 1
        their_defences -= 1 if boost_d else 0
        boost_a = me.boost_attack == "spare" and attacks >= 1
        attacks -= 1 if boost_a else 0
        bonus = (me.melee + me.weapon_bonus - wounds - (1 if stunned else 0)
                 - other.melee - ARMOUR[other.armour] + their_wounds + (1 if their_stun else 0))
        me_now: Fighter = (attacks, defences, wounds, stunned)
        found: dict[End, Fraction] = {}
        for margin, p in attack_margins(boost_a, boost_d).items():
            m = margin + bonus
            hit_wounds, hit_stun = their_wounds, their_stun
            if m == 1:
                hit_stun = True
            elif m in (2, 3):
                hit_wounds += 1
            elif m in (4, 5):
                hit_wounds += 2
            now = turn if first == "none" and m >= 1 else first
            if m >= 6 or hit_wounds >= 3:
                following = ending({turn: me_now, other_side: None}, now)
            else:
                hit: Fighter = (their_attacks, their_defences, hit_wounds, hit_stun)
                following = play(other_side, hit, me_now, now)
            for end, q in following.items():
                found[end] = found.get(end, Fraction(0)) + p * q
        return found

    def best(boosted: bool) -> dict[int, Fraction]:
        n = 2 if boosted else 1
        out: dict[int, Fraction] = {}
        for roll in itertools.product(FACES, repeat=n):
            out[max(roll)] = out.get(max(roll), Fraction(0)) + Fraction(1, 6 ** n)
        return out

    first = Fraction(0)
    for x, p in best(a.boost_initiative).items():
        for y, q in best(b.boost_initiative).items():
            ra, rb = x + a.initiative - a.penalty, y + b.initiative - b.penalty
            first += p * q * (1 if ra > rb else (Fraction(1, 2) if ra == rb else 0))
    start: dict[str, Fighter] = {
        side: (d.attack - (1 if d.boost_initiative else 0), d.defence, d.penalty, False)
        for side, d in (("a", a), ("b", b))}
    found: dict[End, Fraction] = {}
    for share, turn in ((first, "a"), (1 - first, "b")):
        other_side = "b" if turn == "a" else "a"
        for end, p in play(turn, start[turn], start[other_side], "none").items():
            found[end] = found.get(end, Fraction(0)) + share * p
    return found


def summed(joint: dict[End, Fraction], part: int) -> dict[str, Fraction]:
    found: dict[str, Fraction] = {}
    for end, p in joint.items():
        found[end[part]] = found.get(end[part], Fraction(0)) + p
    return found


def outcome(a: str, b: str) -> str:
    """The fight's end as the odds name it, from the book's point of view."""
    if b == "killed":
        return "a-kills"
    if a == "killed":
        return "b-kills"
    if a != "unhurt" and b != "unhurt":
        return "both-hurt"
    return "a-hurts" if b != "unhurt" else ("b-hurts" if a != "unhurt" else "none")


BRUTE_CASES = [
    (Duelist(attack=2, defence=1), Duelist(attack=2, defence=1)),
    (Duelist(attack=4, defence=2, melee=3, boost_attack="spare"),
     Duelist(attack=3, defence=3, melee=2, armour="heavy", initiative=3)),
    (Duelist(attack=5, defence=0, weapon_bonus=2, penalty=2, boost_initiative=True),
     Duelist(attack=2, defence=3, melee=4, boost_defence="never", boost_attack="spare")),
    (Duelist(attack=0, defence=3), Duelist(attack=4, defence=0, melee=2)),
]


@rule("SAM-FGT-4", "SAM-FGT-5", "SAM-FGT-6", "SAM-ATK-8", "SAM-BST-2", "SAM-BST-3",
      "SAM-BST-4", "SAM-MOD-1")
@pytest.mark.parametrize(("a", "b"), BRUTE_CASES + ENGINE_CASES)
def test_every_answer_of_a_fight_matches_a_brute_force(a: Duelist, b: Duelist):
    joint = brute_force(a, b)
    odds = fight(a, b)
    ends: dict[str, Fraction] = {}
    for (ca, cb, _), p in joint.items():
        ends[outcome(ca, cb)] = ends.get(outcome(ca, cb), Fraction(0)) + p
    assert {k: p for k, p in odds.distribution.items() if p} == ends
    assert odds.probability == ends.get("a-kills", 0)
    for name, part in (("condition_a", 0), ("condition_b", 1), ("first_damage", 2)):
        assert {k: p for k, p in odds.breakdowns[name].items() if p} == summed(joint, part), name


# -- by hand -------------------------------------------------------------------------


@rule("SAM-ATK-6", "SAM-ATK-7", "SAM-ATK-8")
def test_one_plain_attack_kills_on_a_margin_of_six():
    """A single attack, equal modifiers, no Boost: 2d6 − d6 ≥ 6. For the
    defence die 1..6 the two dice must make 7..12: 21 + 15 + 10 + 6 + 3 + 1
    = 56 of 216 rolls, 7/27. Side B has no Attack token: nothing else happens."""
    odds = fight(Duelist(attack=1, defence=0), Duelist(attack=0, defence=1,
                                                       boost_defence="never"))
    assert odds.probability == Fraction(7, 27)
    assert odds.distribution["b-kills"] == 0
    assert sum(odds.distribution.values()) == 1
    # a margin of exactly 1 stuns: the two dice make one more than the die,
    # 1 + 2 + 3 + 4 + 5 + 6 = 21 of 216 rolls
    assert odds.breakdowns["condition_b"]["stunned"] == Fraction(21, 216)


def test_tokens_the_ruleset_would_refuse_are_refused():
    with pytest.raises(RefereeError) as refused:
        fight(Duelist(attack=0, defence=2, boost_initiative=True), Duelist())
    assert "Attack token" in refused.value.render("en")
    assert "жетона Атаки" in refused.value.render("ru")
    with pytest.raises(RefereeError) as refused:
        fight(Duelist(), Duelist(attack=11))
    assert "--attack" in refused.value.render("en") and "Б" in refused.value.render("ru")


# -- the command -------------------------------------------------------------------

runner = CliRunner()


def test_the_fight_command_answers_in_json_english_and_russian():
    args = ["odds", "samurai", "fight", "--attack-tokens", "1", "0", "--defence-tokens", "0", "1",
            "--boost-defence", "never", "never"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["probability"] == "7/27"
    assert set(data["distribution"]) == {"a-kills", "b-kills", "both-hurt", "a-hurts",
                                         "b-hurts", "none"}
    assert sum(Fraction(p) for p in data["distribution"].values()) == 1
    assert data["first_damage"]["b"] == "0/1"
    english = runner.invoke(app, [*args, "--lang", "en"]).output
    assert "side A kills side B: 7/27 ≈ 25.93%" in english
    russian = runner.invoke(app, [*args, "--lang", "ru"]).output
    assert "сторона А убивает бойца стороны Б: 7/27 ≈ 25,93%" in russian


def test_the_fight_command_refuses_a_bad_policy():
    result = runner.invoke(app, ["odds", "samurai", "fight", "--boost-attack", "often", "never"])
    assert result.exit_code == 2
    assert "--boost-attack: expected `never` or `spare`, not `often`" in result.output
