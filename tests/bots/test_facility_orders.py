"""Facility's rules bot writes orders that stand: over many turns of the
example, no order of it is void (CHAT-TRN-7) nor declared in vain
(CHAT-TRN-6), and its characters do what it means them to: they explore the
building and pick things up."""

from __future__ import annotations

from collections import Counter
from random import Random

from referee.bots.kinds import make_bot
from referee.core.drivers import Ask
from referee.core.game import Game
from referee.core.scenario import load_scenario

GAMES = 6


def test_no_order_of_the_rules_bot_is_ever_void_or_in_vain() -> None:
    ruleset, scenario = load_scenario("facility")
    facts: Counter[str] = Counter()
    orders = 0
    for seed in range(GAMES):
        game = Game(ruleset, scenario)
        bots = {seat: make_bot(ruleset, "rules", Random(f"{seed}:{seat}")) for seat in game.seats}
        while not game.is_over:
            for seat in game.seats_to_answer():
                game.answer(seat, bots[seat].choose(Ask.of(game, seat)))
                assert game.view(seat)["waiting"]["your_void_parts"] == []
                orders += 1
            game.close()
        facts.update(str(event.facts.get("kind")) for event in game.log_for("referee")
                     if isinstance(event.facts, dict))
    assert orders == GAMES * 12 * len(game.seats)
    assert facts["void"] == facts["impossible"] == facts["cannot-use"] == 0
    assert facts["equip-failed"] == facts["cannot-drop"] == 0
    assert facts["moved"] > orders / 2 and facts["took"] >= GAMES
