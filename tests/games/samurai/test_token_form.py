"""A side's combat tokens answered by a person who sees only the fighters'
names (SAM-FGT-2): the answer's schema lists the side's fighters in the fight
as fixed fields, each labelled with the name the map gives it, so the guided
form asks fighter by fighter and never for an id; a fighter misspelt in a
JSON answer is refused, naming the fighters that may be given; and while the
fight is on, the map's legend says which id is which fighter."""

from __future__ import annotations

import contextlib
import io
from typing import Any

import pytest
from rich.console import Console

from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import Ask
from referee.core.errors import IllegalAnswer
from referee.core.game import Game
from referee.core.i18n import Lang, render
from tests.games.samurai.sam import RETAINERS_FIRST, asked, fighter, last, new_game

KENJI = {"en": "Hatamoto Kenji", "ru": "Хатамото Кэндзи"}
GORO = {"en": "Archer Goro", "ru": "Лучник Горо"}
ONI = {"en": "the Oni", "ru": "Они"}


def brawl() -> Game:
    """Kenji (CP 4) and Goro (CP 2) both touch Oni (CP 3): one fight, two of
    the retainers against one bandit, the tokens asked of both sides."""
    game = new_game([{**fighter("hatamoto", (10, 10), cp=4), "name": KENJI},
                     {**fighter("archer", (12, 10), cp=2), "name": GORO}],
                    [{**fighter("oni", (11, 10), cp=3), "name": ONI}])
    game.feed(*RETAINERS_FIRST)
    assert asked(game) == "sam.ask.tokens"
    return game


def at_the_terminal(game: Game, typed: str, lang: Lang = "en") -> tuple[Any, str]:
    """What a person playing the retainers answers by typing ``typed``, and
    everything the terminal printed."""
    console = Console(file=io.StringIO(), width=200, color_system=None)
    player = TerminalPlayer(console, lang, stream=io.StringIO(typed), environ={})
    answer: Any = None
    with contextlib.suppress(EOFError):
        answer = player.choose(Ask.of(game, "retainers"))
    return answer, console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.rule("SAM-FGT-2")
def test_the_guided_form_asks_fighter_by_fighter_by_name_and_never_for_a_key():
    game = brawl()
    # in the order the fight names them: "Archer Goro and Hatamoto Kenji against the Oni";
    # Goro: 0 Attack, 2 Defence (no Boost asked without an Attack token);
    # Kenji: 3 Attack, 1 Defence, Boost
    answer, shown = at_the_terminal(game, "g\n0\n2\n3\n1\ny\n")
    assert render(last(game, "sam.fight.begins")) == (
        "The fight begins: Archer Goro and Hatamoto Kenji against the Oni.")
    form = shown[shown.index("How will you answer?"):]
    assert "a key" not in form and "fighters." not in form and "{" not in form
    # CP 2 + 4 = 6 tokens; each prompt says what is left to place
    assert "Tokens to place: 6, your fighters' Combat Potential (Archer Goro 2 and " \
        "Hatamoto Kenji 4)." in form
    assert "Archer Goro, Combat Potential 2; 6 tokens left to place." in form
    assert "Archer Goro: Defence tokens (6 left) [2]: " in form
    assert "Hatamoto Kenji, Combat Potential 4; 4 tokens left to place." in form
    assert "Hatamoto Kenji: Defence tokens (1 left) [1]: " in form
    assert "Hatamoto Kenji: spend one Attack token to Boost Initiative? [y/N]" in form
    assert "Archer Goro: spend" not in form
    assert "Placed, none left over:\n  Archer Goro: 0 Attack, 2 Defence\n" \
        "  Hatamoto Kenji: 3 Attack, 1 Defence\n" in form
    assert form.index("Archer Goro, Combat") < form.index("Hatamoto Kenji, Combat")
    assert answer == {"fighters": {
        "archer": {"attack": 0, "defence": 2, "boost_initiative": False},
        "hatamoto": {"attack": 3, "defence": 1, "boost_initiative": True}}}
    game.answer("retainers", answer)  # 0 + 2 = CP 2, 3 + 1 = CP 4: taken
    assert game.pending_answer("retainers") is not None


def test_the_form_keeps_the_offered_answer_on_enter_and_speaks_russian():
    game = brawl()
    answer, shown = at_the_terminal(game, "g\n" + "\n" * 6, "ru")
    # the example scenario: name = { en = "Hatamoto Kenji", ru = "Хатамото Кэндзи" }
    assert "Хатамото Кэндзи — жетоны Атаки [4]: " in shown
    assert "Лучник Горо, Боевой Потенциал 2; осталось раздать 6 жетонов." in shown
    # the offered answer: every token an Attack token (Kenji CP 4, Goro CP 2)
    assert answer == {"fighters": {
        "archer": {"attack": 2, "defence": 0, "boost_initiative": False},
        "hatamoto": {"attack": 4, "defence": 0, "boost_initiative": False}}}


def test_the_schema_lists_the_sides_fighters_as_fixed_fields():
    game = brawl()
    schema = game.view("retainers")["waiting"]["answer_schema"]
    fighters = schema["properties"]["fighters"]
    assert set(fighters["properties"]) == {"hatamoto", "archer"}
    assert sorted(fighters["required"]) == ["archer", "hatamoto"]
    assert fighters["additionalProperties"] is False
    assert fighters["properties"]["archer"]["x-label"] == GORO  # the name in both languages
    assert fighters["properties"]["archer"]["title"] == "Archer Goro"
    other = game.view("bandits")["waiting"]["answer_schema"]["properties"]["fighters"]
    assert set(other["properties"]) == {"oni"}  # each side names its own fighters only


@pytest.mark.rule("SAM-FGT-2")
def test_a_misspelt_fighter_is_refused_naming_the_fighters_that_may_be_given():
    game = brawl()
    with pytest.raises(IllegalAnswer) as refused:
        game.answer("retainers", {"fighters": {"n": {"attack": 4, "defence": 0},
                                               "archer": {"attack": 2, "defence": 0}}})
    text = str(refused.value)
    assert "`n` is not one of your fighters in this fight: tokens go to " in text
    assert "`hatamoto` (Hatamoto Kenji)" in text and "`archer` (Archer Goro)" in text
    assert game.pending_answer("retainers") is None
    russian = refused.value.render("ru")
    assert "`n` — не ваш боец в этой схватке: жетоны получают" in russian
    assert "`hatamoto` (Хатамото Кэндзи)" in russian


def test_while_the_fight_is_on_the_legend_gives_each_fighters_id():
    game = brawl()
    _, shown = at_the_terminal(game, "")
    legend = {line[3:].split("  ")[0]: line for line in shown.splitlines()
              if "Combat Potential" in line}
    assert "id `hatamoto`" in legend["Hatamoto Kenji"]
    assert "id `archer`" in legend["Archer Goro"]
    assert "id `oni`" in legend["the Oni"]
    _, russian = at_the_terminal(game, "", "ru")
    assert "обозначение `archer`" in russian
