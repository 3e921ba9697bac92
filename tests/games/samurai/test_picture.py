"""The picture of the table from a seat's whole view: terrain, fighters, and
the lines of sight of the last Action phase's shots; the view carries the
public terrain, so no scenario is needed beside it."""

from __future__ import annotations

from referee.core.game import Game
from referee.core.i18n import Lang
from referee.display import display_for
from tests.games.samurai.sam import RETAINERS_FIRST, RULES, fighter, hedge, new_game, stay_all, wall


def picture(game: Game, seat: str, lang: Lang) -> str:
    display = display_for(RULES)
    assert display is not None
    drawn = display.svg(game.view(seat), lang)
    assert drawn is not None
    return drawn


def test_the_picture_shows_the_table_and_the_last_shot_from_a_seats_view():
    game = new_game([fighter("archer", (2, 10), missile="yumi")],
                    [{**fighter("oso", (14, 10)), "name": {"en": "Oso", "ru": "Осо"}}],
                    [hedge(6, 8, 7, 12)])
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    game.answer("retainers", {"act": "shoot", "target": "oso"})
    game.feed(1, 1)  # a miss: the line is dashed
    drawn = picture(game, "bandits", "ru")
    assert drawn.startswith("<svg") and drawn.rstrip().endswith("</svg>")
    assert drawn.count('class="sight"') == 1 and 'stroke-dasharray="5,4"' in drawn
    assert 'class="cover"' in drawn and ">Осо<" in drawn
    # 15 pixels an inch on a 48" table, drawn from (38, 50), y flipped:
    # (2, 10) -> (38 + 30, 50 + 720 - 150)
    assert 'x1="68.0" y1="620.0" x2="248.0" y2="620.0"' in drawn


def test_the_pictures_key_says_which_cover_is_light_and_which_heavy():
    game = new_game([fighter("archer", (2, 10), missile="yumi")], [fighter("oso", (14, 10))],
                    [hedge(6, 8, 7, 12), wall((9, 2), (9, 6))])
    english, russian = picture(game, "bandits", "en"), picture(game, "bandits", "ru")
    assert ">cover: hedge (light cover)<" in english
    assert ">wall or fence: wall (heavy cover, 2&quot; high)<" in english  # 2" by default
    assert "(Легкое укрытие)<" in russian
