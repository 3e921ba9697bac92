"""A whole Old West melee round checked three ways: every die counted by a
step-by-step walk of the rules, the engine's own chance outcomes walked by
referee.core.enumerate on two models in base contact, and icepool composing
the fight and the strikes independently."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import cache
from typing import Any

import icepool  # type: ignore[import-untyped]
import pytest
from typer.testing import CliRunner

from referee.boards.table import mm_to_inches
from referee.cli import app
from referee.core.enumerate import distribution
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.ruleset import find_ruleset
from referee.core.waits import JSON, Decision
from referee.games.old_west.scenario import OldWestScenario
from referee.games.old_west.tables import WOUND_TABLE
from referee.odds.old_west_round import Fighter, melee_round

rule = pytest.mark.rule
runner = CliRunner()
FACES = range(1, 7)
CAP = 6
R = mm_to_inches(25) / 2
FENCE = {"name": "fence", "points": [[0, 10], [24, 10]], "height": 1.0}
CLIFF_HEIGHT = 3.0
CLIFF = {"name": "cliff", "points": [[0, 10], [24, 10]], "height": CLIFF_HEIGHT}


# -- every die, step by step -------------------------------------------------------


def _fight_fame(best: dict[str, int], fame: dict[str, int], fighting: dict[str, int]) -> None:
    """OW-FAM-2, OW-FAM-3 as the odds' stated policy: two Heroes able to raise
    their die bid all they can; a lone one the fewest points that win, else
    that reach a tie the tie die decides. Changes ``best``."""
    room = {s: min(fame[s], CAP - best[s]) if fame[s] > 0 else 0 for s in "ab"}
    if room["a"] > 0 and room["b"] > 0:
        for s in "ab":
            best[s] += room[s]
        return
    for s, o in (("a", "b"), ("b", "a")):
        if room[s] <= 0 or best[s] > best[o]:
            continue
        wins = [n for n in range(room[s] + 1) if best[s] + n > best[o]
                or (best[s] + n == best[o] and fighting[s] > fighting[o])]
        ties = [n for n in range(room[s] + 1) if best[s] + n == best[o]
                and fighting[s] == fighting[o]]
        best[s] += wins[0] if wins else (ties[0] if ties else 0)


@cache
def _blows(n: int, need: Any, wounds: int, fame: int, across: bool, dealt: int = 0,
           fortune: int = 0, falls: int = 0, fall_need: Any = None) -> dict[int, Fraction]:
    """``n`` blows die by die: 4+ across an obstacle (OW-OBS-2), the wound
    roll with its 6/x second die (OW-WND-1, OW-WND-2), Fame spent when it
    makes a roll wound (OW-FAM-6, OW-FAM-7), a Fortune point and its die on
    each Wound about to be lost (4+ keeps it), none after the last Wound;
    then ``falls`` falling hits rolled the same way, without Fame (OW-SUR-5)."""
    if dealt == wounds:
        return {dealt: Fraction(1)}
    if n == 0 or need is None:
        if falls == 0:
            return {dealt: Fraction(1)}
        return _blows(falls, fall_need, wounds, 0, False, dealt, fortune)
    out: dict[int, Fraction] = {}

    def then(share: Fraction, fame_left: int, hit: bool) -> None:
        if hit and fortune > 0:
            for luck in FACES:
                for k, q in _blows(n - 1, need, wounds, fame_left, across, dealt + (luck < 4),
                                   fortune - 1, falls, fall_need).items():
                    out[k] = out.get(k, Fraction(0)) + share / 6 * q
            return
        for k, q in _blows(n - 1, need, wounds, fame_left, across, dealt + hit, fortune, falls,
                           fall_need).items():
            out[k] = out.get(k, Fraction(0)) + share * q

    for reach in (FACES if across else [6]):
        share = Fraction(1, 6) if across else Fraction(1)
        if reach < 4:
            then(share, fame, False)
            continue
        for first in FACES:
            short = need.first - first
            carry = short if 0 < short <= min(fame, CAP - first) else 0
            if first + carry < need.first:
                then(share / 6, fame, False)
            elif need.second is None:
                then(share / 6, fame - carry, True)
            else:
                for second in FACES:
                    short2 = need.second - second - carry
                    extra = short2 if 0 < short2 <= fame - carry else 0
                    then(share / 36, fame - carry - extra,
                         second + carry + extra >= need.second)
    return out


def by_hand(a: Fighter, b: Fighter, across: bool = False) -> dict[tuple[str, int], Fraction]:
    """A round (OW-MEL-1) over every die: each side's Attack dice, the tie
    die, then the winner's blows."""
    sides = {"a": a, "b": b}
    result: dict[tuple[str, int], Fraction] = {}
    for roll in itertools.product(FACES, repeat=a.attacks + b.attacks + 1):
        best = {"a": max(roll[:a.attacks]), "b": max(roll[a.attacks:-1])}
        fame = {"a": a.fame, "b": b.fame}
        fighting = {"a": a.fighting, "b": b.fighting}
        _fight_fame(best, fame, fighting)
        spent = {"a": best["a"] - max(roll[:a.attacks]),
                 "b": best["b"] - max(roll[a.attacks:-1])}
        if best["a"] != best["b"]:
            winner = "a" if best["a"] > best["b"] else "b"
        elif a.fighting != b.fighting:
            winner = "a" if a.fighting > b.fighting else "b"
        else:  # side A has Advantage: 1-3 on the tie die (house rule default)
            winner = "a" if roll[-1] <= 3 else "b"
        loser = sides["b" if winner == "a" else "a"]
        striker = sides[winner]
        blows = striker.attacks * (2 if loser.surrounded else 1)
        need = WOUND_TABLE[(striker.strength, loser.toughness)]
        share = Fraction(1, 6 ** len(roll))
        falls = int(loser.drop) if loser.drop > 2 else 0  # one S3 hit an inch over 2"
        for dealt, q in _blows(blows, need, loser.wounds, striker.fame - spent[winner],
                               across, 0, loser.fortune, falls,
                               WOUND_TABLE[(3, loser.toughness)]).items():
            result[(winner, dealt)] = result.get((winner, dealt), Fraction(0)) + share * q
    return result


CASES = [
    (Fighter(), Fighter(), False),
    (Fighter(attacks=2, strength=4, wounds=2), Fighter(fighting=4, toughness=4, wounds=2), False),
    (Fighter(surrounded=True), Fighter(attacks=2, strength=5), False),
    (Fighter(), Fighter(surrounded=True, wounds=2), True),
    (Fighter(attacks=2, strength=2, fame=2), Fighter(toughness=8, wounds=2), False),
    (Fighter(fame=1, strength=1, fighting=2), Fighter(fame=3, toughness=7, wounds=3,
                                                      surrounded=True), False),
    (Fighter(attacks=3, strength=3), Fighter(toughness=10, wounds=1, fame=2), True),
    (Fighter(), Fighter(fortune=2, wounds=2), False),
    (Fighter(attacks=2, strength=4, fame=1), Fighter(drop=3.0, fortune=1, wounds=3), False),
    (Fighter(drop=2.5, toughness=4, fortune=1), Fighter(attacks=2, strength=4, fame=1), True),
    (Fighter(strength=1), Fighter(toughness=10, drop=4.0, wounds=2), False),
]


def outcomes_of(a: Fighter, b: Fighter, across: bool) -> dict[tuple[str, int], Fraction]:
    dist = melee_round(a, b, across).distribution
    return {(k[0], int(k[2:])): p for k, p in dist.items() if p}


@rule("OW-MEL-1", "OW-FGT-1", "OW-FGT-2", "OW-FGT-3", "OW-ATT-1", "OW-ATT-2", "OW-SUR-2",
      "OW-OBS-2", "OW-WND-1", "OW-WND-2", "OW-WDS-1", "OW-FAM-2", "OW-FAM-7")
@pytest.mark.parametrize(("a", "b", "across"), CASES)
def test_a_round_matches_every_die_counted(a: Fighter, b: Fighter, across: bool):
    assert outcomes_of(a, b, across) == by_hand(a, b, across)


@rule("OW-SUR-2", "OW-WND-1")
def test_a_surrounded_loser_takes_twice_the_blows():
    """Even fight; S3 against T3 wounds on 4+; surrounded B takes two blows,
    so P(B out) = 1/2 · (1 − (1/2)²) = 3/8; not surrounded, 1/2 · 1/2."""
    assert melee_round(Fighter(), Fighter(surrounded=True)).probability == Fraction(3, 8)
    assert melee_round(Fighter(), Fighter()).probability == Fraction(1, 4)


@rule("OW-SUR-5", "OW-HRO-1")
def test_a_fall_and_fortune_worked_by_hand():
    """Side B (2 Wounds, 1 Fortune) goes over a 3" drop if it loses: one
    blow, then three S3 falling hits, each wounding T3 on 4+: four hits, each
    landing with 1/2. The first to land costs the Fortune point, kept on 4+
    (1/2). Two Wounds lost: three or four land (5/16), or two and the point
    fails (6/16 · 1/2): 8/16. The fight is even: 1/2 · 1/2 = 1/4."""
    odds = melee_round(Fighter(), Fighter(wounds=2, fortune=1, drop=3.0))
    assert odds.probability == Fraction(1, 4)
    assert melee_round(Fighter(), Fighter(wounds=2, drop=2.0)).probability == 0  # safe
    assert melee_round(Fighter(), Fighter(fortune=1)).probability == Fraction(1, 8)


@rule("OW-OBS-2")
def test_across_an_obstacle_each_blow_must_first_reach():
    assert melee_round(Fighter(), Fighter(), across=True).probability == Fraction(1, 8)


# -- icepool ---------------------------------------------------------------------


def capped(wounds: int):
    """A count of wounds as the loser takes them: none after its last (OW-WDS-1)."""
    return lambda n: min(n, wounds)


def icepool_round(a: Fighter, b: Fighter, across: bool) -> dict[tuple[str, int], Fraction]:
    """Without Fame: the winner from the two best dice and Fighting (an even
    tie die), then the wounds as a sum of blows, each a die that wounds (with
    its 6/x second die and the 4+ to reach), capped at the loser's Wounds."""
    def blow(striker: Fighter, loser: Fighter) -> icepool.Die:
        need = WOUND_TABLE[(striker.strength, loser.toughness)]
        if need is None:
            return icepool.Die([0])
        hit = icepool.d6 >= need.first
        if need.second is not None:
            hit = hit & (icepool.d6 >= need.second)
        if across:
            hit = hit & (icepool.d6 >= 4)
        return hit.map(lambda wounded: int(wounded))

    compared = icepool.map(lambda x, y: "a" if x > y else ("b" if x < y else "tie"),
                           icepool.d6.highest(a.attacks), icepool.d6.highest(b.attacks))
    tie_a = Fraction(1) if a.fighting > b.fighting else (
        Fraction(0) if a.fighting < b.fighting else Fraction(1, 2))
    won = {"a": Fraction(compared.probability("a")) + Fraction(compared.probability("tie")) * tie_a}
    won["b"] = 1 - won["a"]
    result: dict[tuple[str, int], Fraction] = {}
    for side, striker, loser in (("a", a, b), ("b", b, a)):
        blows = striker.attacks * (2 if loser.surrounded else 1)
        wounds = (blows @ blow(striker, loser)).map(capped(loser.wounds))
        for n in wounds.outcomes():
            p = won[side] * Fraction(wounds.probability(n))
            if p:
                result[(side, int(n))] = p
    return result


@rule("OW-MEL-1", "OW-ATT-2", "OW-SUR-2", "OW-OBS-2", "OW-WDS-1")
@pytest.mark.parametrize(("a", "b", "across"), [c for c in CASES if not any(
                             f.fame or f.fortune or f.drop for f in c[:2])]
                         + [(Fighter(attacks=3, strength=6, wounds=3),
                             Fighter(attacks=2, fighting=5, toughness=5, wounds=3,
                                     surrounded=True), False),
                            (Fighter(attacks=4, strength=1), Fighter(toughness=9), False)])
def test_a_round_without_fame_matches_icepool(a: Fighter, b: Fighter, across: bool):
    assert outcomes_of(a, b, across) == icepool_round(a, b, across)


# -- the engine ------------------------------------------------------------------


def game_of(law: dict[str, Any], outlaw: dict[str, Any], layout: str) -> Game:
    """A Lawman and an Outlaw in base contact, the Lawmen with Advantage:
    ``open`` ground; ``fence``: the Lawman with a fence right behind him
    (surrounded if he loses, OW-SUR-1); ``across``: the fence between them;
    ``drop``: the Lawman at the edge of a 3" cliff, his centre 0.05" from it
    (every way back goes over it if he loses, OW-SUR-5)."""
    if layout == "across":
        at_law, at_out = [12, 10 - R - 0.01], [12, 10 + R + 0.01]
    else:
        y = {"fence": 10 + R + 0.001, "drop": 10.05}.get(layout, 12)
        at_law, at_out = [12, y], [12, y + 2 * R]
    data = {"table": {"width": 24, "depth": 24},
            "obstacles": [FENCE] if layout in ("fence", "across") else [],
            "drops": [CLIFF] if layout == "drop" else [],
            "posses": [
                {"seat": "lawmen", "name": "Lawmen",
                 "models": [{"id": "law", "name": "Law", "at": at_law, **law}]},
                {"seat": "outlaws", "name": "Outlaws",
                 "models": [{"id": "out", "name": "Out", "at": at_out, **outlaw}]}]}
    game = Game(find_ruleset("old-west"), OldWestScenario.model_validate(data))
    game.feed(6, 1)
    return game


def policy(fighting: dict[str, int]):
    """The odds' stated policy as answers: in the fight a lone Hero takes the
    fewest points that win, else that reach the tie die; secret bids all a
    Hero can; Fame on a roll whenever it makes it succeed; else the first
    option (stand, no Heroic Action); a Fortune point on every Wound."""
    def answer(game: Game, decision: Decision) -> dict[str, JSON]:
        answers: dict[str, JSON] = {}
        key = decision.question.key
        for seat in decision.seats:
            options = decision.options_for(seat)
            pick = options[0].value
            if key in ("ow.ask.fame", "ow.ask.fame-bid", "ow.ask.fortune"):
                pick = options[-1].value
            elif key == "ow.ask.fame-fight":
                die, other = decision.question.params["die"], decision.question.params["other"]
                mine, theirs = fighting[seat], fighting["outlaws" if seat == "lawmen" else
                                                        "lawmen"]
                points = [sum(dict(o.value).values()) for o in options]
                wins = [i for i, n in enumerate(points) if die + n > other
                        or (die + n == other and mine > theirs)]
                ties = [i for i, n in enumerate(points) if die + n == other and mine == theirs]
                pick = options[(wins or ties or [0])[0]].value
            answers[seat] = pick
        return answers
    return answer


def round_result(wounds: dict[str, int]):
    """(winner, Wounds the loser lost) once the round is over: "a" the Lawmen."""
    def result(game: Game) -> tuple[str, int] | None:
        won = [e for e in game.state.log.events if e.text.key == "ow.fight-won"]
        if not won:
            return None
        winner = "a" if render(won[0].text.params["posse"]) == "Lawmen" else "b"
        loser = game.state.fighters["out" if winner == "a" else "law"]
        return winner, wounds[loser.id] - (loser.wounds if loser.active else 0)
    return result


ENGINE_CASES = [
    ({}, {}, "open"),
    ({"attacks": 2, "strength": 4, "wounds": 2}, {"fighting": 4, "wounds": 2}, "open"),
    ({}, {"attacks": 2, "strength": 5}, "fence"),
    ({"fighting": 4}, {"wounds": 2}, "across"),
    ({"hero": True, "fame": 2, "strength": 2}, {"toughness": 8, "wounds": 2}, "open"),
    ({"hero": True, "fame": 1, "fighting": 2}, {"hero": True, "fame": 2, "toughness": 7,
                                                "wounds": 2}, "fence"),
    ({}, {"hero": True, "fortune": 2, "wounds": 2}, "open"),
    ({"hero": True, "fortune": 1, "wounds": 2}, {"attacks": 2}, "drop"),
]


@rule("OW-MEL-1", "OW-FGT-1", "OW-ATT-2", "OW-SUR-1", "OW-SUR-2", "OW-SUR-5", "OW-OBS-2",
      "OW-WDS-1", "OW-FAM-2", "OW-FAM-6", "OW-FAM-7", "OW-HRO-1")
@pytest.mark.parametrize(("law", "outlaw", "layout"), ENGINE_CASES)
def test_a_round_matches_the_engine(law: dict[str, Any], outlaw: dict[str, Any], layout: str):
    game = game_of(law, outlaw, layout)
    fighting = {"lawmen": law.get("fighting", 3), "outlaws": outlaw.get("fighting", 3)}
    wounds = {"law": law.get("wounds", 1), "out": outlaw.get("wounds", 1)}
    counted = distribution(game, round_result(wounds), lambda g: "ow.phase.melee-ended" in
                           [e.text.key for e in g.state.log.events], policy(fighting))
    fields = ("attacks", "fighting", "strength", "toughness", "wounds", "fame", "fortune")
    a = Fighter(**{k: law[k] for k in fields if k in law}, surrounded=layout == "fence",
                drop=CLIFF_HEIGHT if layout == "drop" else 0.0)
    b = Fighter(**{k: outlaw[k] for k in fields if k in outlaw})
    assert counted == outcomes_of(a, b, layout == "across")


# -- the command -----------------------------------------------------------------


def test_round_json_gives_every_outcome_and_each_side():
    result = runner.invoke(app, ["odds", "old-west", "round", "--wounds", "1", "2",
                                 "--surrounded", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["query"] == "round" and data["surrounded_a"] and data["surrounded_b"]
    assert data["probability"] == "1/8"  # B falls: 1/2 · P(both of two 4+ blows land)
    assert data["distribution"]["b:1"] == "3/8" and data["distribution"]["a:2"] == "1/8"
    assert data["out_of_action"] == {"a": "3/8", "b": "1/8"}
    assert data["wounds_on_b"] == {"0": "5/8", "1": "1/4", "2": "1/8"}
    assert sum(Fraction(p) for p in data["distribution"].values()) == 1


def test_round_in_english_and_russian():
    english = runner.invoke(app, ["odds", "old-west", "round", "--across"]).output
    assert "side B out of action: 1/8 ≈ 12.50%" in english and "obstacle" in english
    russian = runner.invoke(app, ["odds", "old-west", "round", "--lang", "ru"]).output
    assert "сторона Б выбывает из строя: 1/4 ≈ 25,00%" in russian


def test_round_with_fortune_and_a_drop_in_json_and_russian():
    args = ["odds", "old-west", "round", "--wounds", "1", "2", "--fortune", "0", "1",
            "--drop", "0", "3"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).output)
    assert data["probability"] == "1/4"
    assert (data["fortune_b"], data["drop_b"]) == (1, "3.0")
    russian = runner.invoke(app, [*args, "--lang", "ru"]).output
    assert "падает с обрыва высотой 3″" in russian and "1 очко Удачи" in russian
    refused = runner.invoke(app, [*args, "--surrounded-b", "--lang", "ru"])
    assert refused.exit_code == 2 and "сторона Б не может" in refused.output


def test_a_stat_out_of_range_is_refused():
    result = runner.invoke(app, ["odds", "old-west", "round", "--wounds", "0", "1"])
    assert result.exit_code == 2 and "--wounds" in result.output
