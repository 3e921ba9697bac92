"""The map's terrain key says which cover each piece is, in the book's terms
(SAM-LOS-1: Легкое укрытие, Прочное укрытие), the words the target table
uses for the cover on a line of sight, so the two agree."""

from __future__ import annotations

import contextlib
import io

import pytest
from rich.console import Console

from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import Ask
from referee.core.game import Game
from referee.core.i18n import Lang
from referee.core.scenario import load_scenario


def first_screen(lang: Lang) -> str:
    """What the retainers' terminal prints at the example's first question."""
    ruleset, scenario = load_scenario("samurai")
    game = Game(ruleset, scenario)
    game.feed(6, 1)  # priority to the retainers
    console = Console(file=io.StringIO(), width=200, color_system=None)
    player = TerminalPlayer(console, lang, stream=io.StringIO(""), environ={})
    with contextlib.suppress(EOFError):
        player.choose(Ask.of(game, "retainers"))
    return console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.rule("SAM-LOS-1")
def test_the_terrain_key_names_light_and_heavy_cover_as_the_book_does():
    """The example's hedge is light cover, its stone wall (1" high) and
    farmhouse (3" high) heavy cover (retainers_and_bandits.toml)."""
    shown = first_screen("en")
    assert '░ hedge (light cover)' in shown
    assert '═ stone wall (heavy cover, 1" high)' in shown
    assert '▓ farmhouse (heavy cover, 3" high)' in shown
    assert "hedge (cover)" not in shown


def test_the_terrain_key_in_russian_uses_the_books_terms():
    shown = first_screen("ru")
    assert "░ живая изгородь (Легкое укрытие)" in shown
    assert '═ каменная стена (Прочное укрытие высотой 1")' in shown
    assert "(укрытие)" not in shown
