"""``referee arena``: each pairing with the sides swapped, the same games
wherever they are played, every game kept and replayable on one machine."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from referee.bots.arena import arena, lineups
from referee.bots.seating import bot_game
from referee.cli import app
from referee.core.game import Game
from referee.core.savefile import load_game_any_version
from referee.core.scenario import load_scenario

runner = CliRunner()


def test_each_seed_is_played_with_the_sides_swapped_and_each_game_kept(tmp_path: Path) -> None:
    result = runner.invoke(app, ["arena", "night-watch", "--bots", "rules,random", "-n", "8",
                                 "--seed", "4", "--save-games", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 8
    seats: Counter[tuple[str, str]] = Counter()
    for path in saved:
        data = json.loads(path.read_text(encoding="utf-8"))
        seats.update(data["players"].items())
        game = load_game_any_version(path)[0]
        assert game.is_over
    assert seats == {("night", "rules"): 4, ("night", "random"): 4,
                     ("day", "rules"): 4, ("day", "random"): 4}
    assert sorted(path.name for path in saved)[:2] == [
        "rules-vs-random-00000-seed4.json", "rules-vs-random-00001-seed4.json"]


def test_any_game_of_a_run_is_played_again_on_one_machine_from_its_seed() -> None:
    (pairing,) = arena("old-west", ["rules", "random"], 6, seed=11).pairings
    ruleset, scenario = load_scenario("old-west")
    ups = lineups(ruleset, Game(ruleset, scenario).seats, "rules", "random")
    for batch in pairing.batches:
        digest = hashlib.sha256()
        for index in range(batch.start, batch.stop):
            game = bot_game(ruleset, scenario, ups[index % 2], 11 + index // 2)
            digest.update(game.checksum().encode())
        assert (batch.first_seed, batch.last_seed) == (11 + batch.start // 2,
                                                       11 + (batch.stop - 1) // 2)
        assert digest.hexdigest() == batch.digest


def test_a_pool_of_processes_plays_the_same_games_as_one_process() -> None:
    one = arena("night-watch", ["random", "rules"], 24, seed=2)
    two = arena("night-watch", ["random", "rules"], 24, seed=2, workers=2)
    assert two.to_json() == one.to_json()
    assert len(one.pairings[0].batches) == 3


def test_in_a_cooperative_game_each_kind_plays_every_seat_in_its_own_games() -> None:
    (pairing,) = arena("echo", ["rules", "random"], 4, seed=1).pairings
    assert {kind: record.games for kind, record in pairing.records.items()} == {
        "rules": 2, "random": 2}


def test_with_more_seats_than_two_each_kind_takes_every_seat_in_turn() -> None:
    ruleset, scenario = load_scenario("facility")
    seats = Game(ruleset, scenario).seats
    ups = lineups(ruleset, seats, "rules", "random")
    assert len(ups) == len(seats) == 4
    assert [[seat for seat, kind in up.items() if kind == "rules"] for up in ups] == \
        [[seat] for seat in seats]


def test_the_table_names_each_pairing_and_its_figures() -> None:
    result = runner.invoke(app, ["arena", "samurai", "--bots", "rules,random", "-n", "2"],
                           env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    for words in ("2 games a pairing, sides swapped, from seed 0", "Pairing", "Won share",
                  "95% interval", "Mean length", "rules – random: digest "):
        assert words in result.output


def test_a_bot_the_ruleset_has_not_is_refused_before_any_game() -> None:
    result = runner.invoke(app, ["arena", "echo", "--bots", "rules,searh", "-n", "2"])
    assert result.exit_code == 2
    assert "No bot `searh` for Investigators in Echo" in result.output
    result = runner.invoke(app, ["arena", "echo", "--bots", "rules", "-n", "0"])
    assert result.exit_code == 2 and "at least 1 game" in result.output


def test_simulate_counts_games_of_the_bots_named_at_every_seat() -> None:
    result = runner.invoke(app, ["simulate", "night-watch", "--bots", "rules", "-n", "6",
                                 "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    counted = json.loads(result.output)
    ruleset, scenario = load_scenario("night-watch")
    kinds = dict.fromkeys(Game(ruleset, scenario).seats, "rules")
    lengths = [len(bot_game(ruleset, scenario, kinds, seed).inputs) for seed in range(3, 9)]
    assert counted["games"] == 6
    assert counted["inputs_per_game"] == sum(lengths) / 6
