"""The board drawn from a seat's whole view alone (a picture and the
terminal's table), by the display registered above the rules."""

from __future__ import annotations

import subprocess
import sys
from xml.etree import ElementTree

from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.display import display_for
from referee.games.night_watch.display import NightWatchDisplay
from referee.games.night_watch.scenario import Scenario
from tests.games.night_watch.nw import RULESET, new_game, other

SVG = "{http://www.w3.org/2000/svg}"


def test_the_display_is_registered_and_draws_from_the_seats_view_alone():
    display = display_for(RULESET)
    assert isinstance(display, NightWatchDisplay)
    ruleset, scenario = load_scenario("night-watch")
    assert isinstance(scenario, Scenario)
    game = Game(ruleset, scenario)
    for lang in ("en", "ru"):
        root = ElementTree.fromstring(display.svg(game.view("night"), lang))
        boxes = [g for g in root.iter(f"{SVG}g") if g.get("class") == "location"]
        assert len(boxes) == len(scenario.locations)
        words = " ".join(text.text or "" for text in root.iter(f"{SVG}text")).lower()
        title = scenario.title.name.render(lang).lower()
        assert f"{title}: " in words
        for location in scenario.locations:
            assert location.name.name.render(lang).lower() in words


def test_the_board_table_names_spells_only_where_the_view_shows_the_hand():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                    day=["attack-4"], night=["defence-3"], hand_size=1)
    game.feed("attack-4", "defence-3")
    display = display_for(RULESET)
    assert display is not None
    shape = display.board_table(game.view("day"), "en")
    assert shape is not None
    headings, rows = shape
    assert headings == ["Location", "Others", "Egor", "Items"]
    metro = next(row for row in rows if row[0] == "The Metro")
    assert "Attack-4" in metro[1] and "Defence-3" not in metro[1] and "1 Spell" in metro[1]


def test_the_rules_import_no_surface_above_them():
    """Rules never import bots, odds, displays, the command line or a server
    (DESIGN: one contract, one direction)."""
    probe = ("import sys, referee.games.night_watch.ruleset\n"
             "print(sorted(m for m in sys.modules if m.startswith(('referee.bots', "
             "'referee.odds', 'referee.display', 'referee.cli', 'referee.server')) "
             "or m.endswith(('night_watch.display', 'night_watch.picture', "
             "'night_watch.board'))))")
    found = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert found == "[]"
