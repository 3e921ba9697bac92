"""Odds where a player decides (Ruleset.option_odds): each option's chance,
shown at the terminal, equals what the engine's own chance outcomes give
when that option is taken, and is read from the asked seat's view alone."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from random import Random
from typing import Any

import pytest
from rich.console import Console

from referee.boards.table import mm_to_inches
from referee.bots import random_bot
from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import Ask, RandomChance
from referee.core.enumerate import distribution, leaves
from referee.core.game import Game
from referee.core.i18n import Msg, render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import load_scenario
from referee.core.waits import JSON, Chance, Decision
from referee.games.old_west.scenario import OldWestScenario
from referee.odds.at_the_table import odds_at_the_table, share
from tests.leaks import assert_no_leak, readable_by

rule = pytest.mark.rule
R = mm_to_inches(25) / 2


def odds_of(game: Game, seat: str) -> dict[int, Msg]:
    return dict(odds_at_the_table(Ask.of(game, seat)) or {})


def keys(game: Game) -> list[str]:
    return [e.text.key for e in game.state.log.events]


def first_options(keep: Callable[[Game, Decision], dict[str, JSON] | None] | None = None):
    """Answer every decision with its first option (stand, hold, no Boost,
    no Heroic Action), unless ``keep`` answers it."""
    def answer(game: Game, decision: Decision) -> dict[str, JSON]:
        chosen = keep(game, decision) if keep else None
        return chosen if chosen is not None else {
            seat: decision.options_for(seat)[0].value for seat in decision.seats}
    return answer


def spend_fame(game: Game, decision: Decision) -> dict[str, JSON] | None:
    """The odds' stated policy for Fame on a roll: spend when it succeeds."""
    if decision.question.key == "ow.ask.fame":
        return {seat: decision.options_for(seat)[-1].value for seat in decision.seats}
    return None


def new_keys(start: int) -> Callable[[Game], list[str]]:
    return lambda g: [e.text.key for e in g.state.log.events[start:]]


# -- Samurai ---------------------------------------------------------------------


SAMURAI_KINDS = {"attack", "boost-defence", "boost-attack"}
"""The options whose odds Samurai shows, by their meaning."""


def samurai_odds(game: Game, seat: str) -> dict[int, Msg]:
    """The odds the Samurai package registers (its TableOdds) at the seat's options."""
    return dict(odds_at_the_table(Ask.of(game, seat)) or {})


def asked_kind(game: Game, seat: str) -> str | None:
    """What the options put to ``seat`` are about: the kind of their meanings."""
    kinds = {(o.meaning or {}).get("kind") for o in Ask.of(game, seat).options}
    return next(iter(kinds)) if len(kinds) == 1 else \
        "attack" if {"pass", "attack"} <= kinds else None


def samurai_decisions(seeds: range) -> list[tuple[Game, str]]:
    """Games of the Samurai example played by bots to an attack or a Boost."""
    ruleset = find_ruleset("samurai")
    found: list[tuple[Game, str]] = []
    for seed in seeds:
        game = Game(*load_scenario(ruleset.examples()[0]))
        bot, dice = random_bot(Random(seed)), RandomChance(Random(-seed - 1))
        for _ in range(3000):
            wait = game.waiting
            if wait is None:
                break
            if isinstance(wait, Decision):
                seat = game.seats_to_answer()[0]
                if wait.options is not None and asked_kind(game, seat) in SAMURAI_KINDS \
                        and samurai_odds(game, seat):
                    found.append((game.fork(), seat))
                game.answer(seat, bot.choose(Ask.of(game, seat)))
                if wait.until_closed and game.waiting is wait:
                    game.close()
            else:
                game.roll(dice.outcome(game, wait))
    return found


def new_facts(start: int) -> Callable[[Game], list[dict[str, Any]]]:
    return lambda g: [dict(e.facts_for() or {}) for e in g.state.log.events[start:]]


def damage_after(game: Game, attacker_boosts: bool) -> Fraction:
    """The engine's chance that the attack under way does damage: every roll
    walked, the Attacker Boosting or not when asked, no Special attack.
    Positions are merged (:func:`referee.core.enumerate.leaves`) only up to
    the defence roll: an attack that ends the turn leaves the same position
    whether it stunned or failed (a stun wears off in the End phase), so the
    defence dice are walked one way each and the log's facts read."""
    facts = new_facts(len(game.state.log.events))

    def boost(_: Game, decision: Decision) -> dict[str, JSON] | None:
        seat = decision.seats[0]
        meanings = [o.meaning or {} for o in decision.options_for(seat)]
        if meanings and meanings[0].get("kind") == "boost-attack":
            return {seat: attacker_boosts}
        return None

    def at_defence_roll(g: Game) -> bool:
        wait = g.waiting
        return isinstance(wait, Chance) and (wait.label or {}).get("roll") == "defence"

    def damaged(g: Game) -> Fraction:
        results = [f["result"] for f in facts(g) if f["kind"] == "attack-result"]
        wait = g.waiting
        if results or not isinstance(wait, Chance):
            return Fraction(int(results != ["failed"]))
        total = Fraction(0)
        for value, chance in wait.outcomes:
            child = g.fork()
            child.roll(value)
            total += chance * damaged(child)
        return total

    return sum((p * damaged(node) for node, p in leaves(game, at_defence_roll,
                                                       first_options(boost))), Fraction(0))


@rule("SAM-ATK-3", "SAM-ATK-4", "SAM-ATK-6", "SAM-ATK-7", "SAM-ATK-8", "SAM-BST-3", "SAM-BST-4",
      "SAM-MOD-1", "SAM-MOD-2")
def test_samurai_attack_and_boost_odds_match_the_engine():
    found = samurai_decisions(range(2))
    kinds = [asked_kind(g, s) for g, s in found]
    assert set(kinds) == SAMURAI_KINDS
    checked = [(g, s) for n, (g, s) in enumerate(found) if kinds[:n].count(kinds[n]) < 3]
    for game, seat in checked:
        decision = game.waiting
        assert isinstance(decision, Decision)
        for index, line in samurai_odds(game, seat).items():
            taken = game.fork()
            taken.answer(seat, decision.options_for(seat)[index].value)
            if asked_kind(game, seat) == "boost-defence" and "boosted" in line.params:
                assert line.params["boosted"] == share(damage_after(taken, True))
            assert line.params["damage"] == share(damage_after(taken, False)), \
                (asked_kind(game, seat), index)


def test_samurai_odds_are_the_same_from_the_view_as_json():
    """Only the view counts: a copy of it through JSON gives the same odds."""
    game, seat = samurai_decisions(range(1))[0]
    ask = Ask.of(game, seat)
    copied = replace(ask, view=json.loads(json.dumps(ask.view)))
    assert odds_at_the_table(copied) == odds_at_the_table(ask) == samurai_odds(game, seat)


# -- Old West --------------------------------------------------------------------


def ow_odds(game: Game, seat: str) -> dict[int, Msg]:
    """The odds Old West's table odds show at the seat's options."""
    return dict(odds_at_the_table(Ask.of(game, seat)) or {})


def old_west(law: dict[str, Any], outlaw: dict[str, Any], gap: float = 3.0,
             **extra: Any) -> Game:
    """A Lawman and an Outlaw ``gap`` inches apart (base to base), the Lawmen
    with Advantage; ``gap`` 0: in base contact."""
    data = {"table": {"width": 24, "depth": 24}, **extra, "posses": [
        {"seat": "lawmen", "name": "Lawmen",
         "models": [{"id": "law", "name": "Law", "at": [12, 8], **law}]},
        {"seat": "outlaws", "name": "Outlaws",
         "models": [{"id": "out", "name": "Out", "at": [12, 8 + 2 * R + gap], **outlaw}]}]}
    game = Game(find_ruleset("old-west"), OldWestScenario.model_validate(data))
    game.feed(6, 1)
    return game


def to_decision(game: Game, key: str) -> None:
    """Answer first options until the game asks ``key``."""
    while not (isinstance(game.waiting, Decision) and game.waiting.question.key == key):
        wait = game.waiting
        assert isinstance(wait, Decision), f"waiting for a roll before {key}"
        for seat in game.seats_to_answer():
            game.answer(seat, wait.options_for(seat)[0].value)


def option_index(game: Game, seat: str, value: JSON) -> int:
    assert isinstance(game.waiting, Decision)
    return next(i for i, o in enumerate(game.waiting.options_for(seat)) if o.value == value)


@rule("OW-MEL-1", "OW-FEAR-1", "OW-FGT-1", "OW-WND-1", "OW-WDS-1")
@pytest.mark.parametrize(("law", "outlaw", "house_rules"), [
    ({}, {}, {}),
    ({"attacks": 2, "strength": 4}, {"wounds": 2, "fighting": 4}, {}),
    ({"hero": True, "fame": 2, "pluck": 4}, {"fearsome": True}, {}),
    ({"attacks": 2, "strength": 5}, {"hero": True, "fortune": 2, "wounds": 2}, {}),
    ({"hero": True, "fortune": 1, "strength": 2}, {"hero": True, "fortune": 1, "attacks": 2},
     {"fortune_save": 6}),
])
def test_charge_odds_match_the_engine(law: dict[str, Any], outlaw: dict[str, Any],
                                      house_rules: dict[str, Any]):
    """The charge's round played out: the Outlaw neither moves nor shoots; a
    Hero spends a Fortune point on every Wound while he has one."""
    game = old_west(law, outlaw, house_rules=house_rules)
    to_decision(game, "ow.ask.move")
    index = option_index(game, "lawmen", "charge:out")
    line = ow_odds(game, "lawmen")[index]
    game.answer("lawmen", "charge:out")

    def fight_policy(g: Game, decision: Decision) -> dict[str, JSON] | None:
        """The odds' policy for a lone Hero (equal Fighting here): the fewest
        points that win, else that tie."""
        if decision.question.key == "ow.ask.fame-fight":
            die, other = decision.question.params["die"], decision.question.params["other"]
            options = decision.options_for(decision.seats[0])
            points = [sum(dict(o.value).values()) for o in options]
            wins = [i for i, n in enumerate(points) if die + n > other]
            ties = [i for i, n in enumerate(points) if die + n == other]
            return {decision.seats[0]: options[(wins or ties or [0])[0]].value}
        if decision.question.key == "ow.ask.fortune":
            return {seat: True for seat in decision.seats}
        return spend_fame(g, decision)

    def result(g: Game) -> tuple[bool, bool]:
        won = [e for e in g.state.log.events if e.text.key == "ow.fight-won"]
        return (bool(won) and render(won[0].text.params["posse"]) == "Lawmen",
                not g.state.fighters["out"].active)

    dist = distribution(game, result, lambda g: "ow.phase.melee-ended" in keys(g)
                        or "ow.too-scared" in keys(g), first_options(fight_policy))
    win = sum((p for (won, _), p in dist.items() if won), Fraction(0))
    out = sum((p for (_, down), p in dist.items() if down), Fraction(0))
    assert (line.params["win"], line.params["out"]) == (share(win), share(out))
    if outlaw.get("fearsome"):
        # Pluck 4: two dice must make 6; Fame 2 buys it from 4 up: 33 of 36 rolls
        assert line.key == "odds.at.charge-fearsome"
        assert line.params["dare"] == share(Fraction(33, 36))
    else:
        assert line.key == "odds.at.charge"


@rule("OW-FEAR-1", "OW-FAM-6", "OW-WND-1", "OW-WND-2")
@pytest.mark.parametrize(("law", "outlaw", "extra"), [
    ({"gun": {"strength": 3}}, {}, {}),
    ({"gun": {"strength": 2}, "shooting": 5, "hero": True, "fame": 3}, {"toughness": 7}, {}),
    ({"gun": {"strength": 4}}, {"fearsome": True, "toughness": 5},
     {"obstacles": [{"name": "fence", "points": [[0, 11], [24, 11]], "height": 1.0}]}),
])
def test_shot_odds_match_the_engine(law: dict[str, Any], outlaw: dict[str, Any],
                                    extra: dict[str, Any]):
    game = old_west(law, outlaw, gap=8.0, **extra)
    to_decision(game, "ow.ask.shoot")
    index = option_index(game, "lawmen", "shoot:out")
    line = ow_odds(game, "lawmen")[index]
    game.answer("lawmen", "shoot:out")
    start = len(game.state.log.events)
    hit_keys = {"ow.no-wound", "ow.no-wound-second", "ow.wounded", "ow.out-of-action",
                "ow.cannot-wound"}
    ends = hit_keys | {"ow.missed", "ow.hit-cover", "ow.too-scared"}

    def result(g: Game) -> tuple[bool, bool]:
        seen = set(new_keys(start)(g))
        return bool(seen & hit_keys), bool(seen & {"ow.wounded", "ow.out-of-action"})

    dist = distribution(game, result, lambda g: bool(set(new_keys(start)(g)) & ends),
                        first_options(spend_fame))
    hit = sum((p for (h, _), p in dist.items() if h), Fraction(0))
    wound = sum((p for (_, w), p in dist.items() if w), Fraction(0))
    assert (line.params["hit"], line.params["wound"]) == (share(hit), share(wound))
    assert (line.key == "odds.at.shot-fearsome") is bool(outlaw.get("fearsome"))


def fight_to_fame(law: dict[str, Any], outlaw: dict[str, Any], dice: tuple[int, int]) -> Game:
    """Two models in base contact; the Lawman's fight die is ``dice[0]``, the
    Outlaw's ``dice[1]``; played to the question of Fame on them."""
    game = old_west(law, outlaw, gap=0.0)
    while True:
        wait = game.waiting
        if isinstance(wait, Decision):
            if wait.question.key.startswith("ow.ask.fame"):
                return game
            for seat in game.seats_to_answer():
                game.answer(seat, wait.options_for(seat)[0].value)
        else:
            game.feed(dice[1] if "ow.fight-die" in keys(game) else dice[0])


@rule("OW-FAM-2", "OW-FGT-1", "OW-FGT-2", "OW-FGT-3")
def test_fame_on_the_fight_die_shows_the_chance_each_raise_wins():
    """The Lawman (Fame 3) rolls 2, the Outlaw 4: +1 loses, +2 ties (equal
    Fighting: the tie die, even), +3 wins."""
    game = fight_to_fame({"hero": True, "fame": 3}, {}, (2, 4))
    assert game.waiting.question.key == "ow.ask.fame-fight"  # type: ignore[union-attr]
    odds = ow_odds(game, "lawmen")
    assert [odds[i].params["win"] for i in range(4)] == [0, 0, 50, 100]
    assert render(odds[2], "en") == "50% to win the fight"
    assert render(odds[3], "ru") == "100% выиграть схватку"


@rule("OW-FAM-3", "OW-FGT-2")
def test_a_secret_bid_shows_the_chance_against_no_bid_and_a_full_bid():
    """Lawman (Fighting 4, Fame 2) rolls 3, Outlaw (Fame 1) rolls 4: bidding
    1 ties and wins on Fighting unless the Outlaw bids his point; 2 wins."""
    game = fight_to_fame({"hero": True, "fame": 2, "fighting": 4},
                         {"hero": True, "fame": 1}, (3, 4))
    assert game.waiting.question.key == "ow.ask.fame-bid"  # type: ignore[union-attr]
    odds = ow_odds(game, "lawmen")
    assert [(odds[i].params["none"], odds[i].params["all"]) for i in range(3)] == \
        [(0, 0), (100, 0), (100, 100)]


@rule("OW-FAM-3")
def test_the_bid_odds_read_nothing_of_the_other_sides_secret_bid():
    """Two games that differ only in the Outlaws' bid, not yet revealed: the
    Lawmen read the same odds, and the same screen (the leak test's tool)."""
    games = []
    for bid in (0, -1):
        game = fight_to_fame({"hero": True, "fame": 2}, {"hero": True, "fame": 3}, (3, 4))
        decision = game.waiting
        assert isinstance(decision, Decision) and decision.question.key == "ow.ask.fame-bid"
        game.answer("outlaws", decision.options_for("outlaws")[bid].value)
        games.append(game)
    assert ow_odds(games[0], "lawmen") == ow_odds(games[1], "lawmen")
    assert_no_leak(games[0], games[1], "lawmen")
    assert readable_by(games[0], "outlaws") != readable_by(games[1], "outlaws")  # they differ


def test_the_terminal_shows_each_options_odds_in_the_readers_language():
    game = old_west({"gun": {"strength": 3}}, {}, gap=8.0)
    to_decision(game, "ow.ask.shoot")
    pages = []
    for lang in ("en", "ru"):
        console = Console(file=io.StringIO(), width=120, color_system=None)
        player = TerminalPlayer(console, lang, stream=io.StringIO("1\n"))
        player.choose(Ask.of(game, "lawmen"))
        pages.append(console.file.getvalue())  # type: ignore[attr-defined]
    assert "shoot Out (50% to hit, 25% to wound)" in pages[0]  # 4+ to hit, S3 on T3 4+
    assert "(50% попасть, 25% ранить)" in pages[1]
    assert "hold fire (" not in pages[0]


def test_the_odds_are_the_same_from_the_view_as_json():
    """Only the view counts: a copy of it through JSON gives the same odds."""
    game = old_west({"gun": {"strength": 3}, "hero": True, "fame": 1}, {"fearsome": True},
                    gap=4.0)
    to_decision(game, "ow.ask.move")
    ask = Ask.of(game, "lawmen")
    copied = json.loads(json.dumps(ask.view))
    assert odds_at_the_table(replace(ask, view=copied)) == odds_at_the_table(ask)
    assert ow_odds(game, "lawmen")
