"""Line of sight, cover and missile weapons (SAM-LOS, SAM-RNG).

In the drawings one character is one inch, x runs right and y runs up, and
the origin is the bottom left as on the table. ``A`` is the shooter, ``T``
the target, ``o`` another model, ``#`` light cover (a hedge), ``|`` a wall.
Bases are 1" across."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from referee.core.game import Game
from referee.core.i18n import render
from referee.core.waits import Chance
from referee.games.samurai.los import Sight, sight
from tests.games.samurai.sam import (
    BANDITS_FIRST,
    RETAINERS_FIRST,
    fighter,
    hedge,
    house,
    last,
    new_game,
    option_values,
    shot_refused,
    stay_all,
    tokens,
    wall,
)

SHOOT_OSO = {"act": "shoot", "target": "oso"}


def range_game(shooter: dict[str, Any], target_at: tuple[float, float],
               terrain: list[dict[str, Any]] | None = None, others: tuple[dict[str, Any], ...] = (),
               target: dict[str, Any] | None = None, priority: tuple[int, int] = RETAINERS_FIRST
               ) -> Game:
    """The shooter's band has priority; everyone stays; the game then asks
    for the shooter's action (or the bandits' first, with their priority)."""
    oso = target or fighter("oso", target_at)
    game = new_game([shooter, *others], [oso], terrain)
    game.feed(*priority)
    stay_all(game)
    return game


def seen(game: Game, shooter: str = "archer", target: str = "oso") -> Sight:
    state = game.state
    return sight(state, state.table(), shooter, target)


ARCHER = fighter("archer", (2, 10), missile="yumi")


@pytest.mark.rule("SAM-LOS-1", "SAM-LOS-3")
@pytest.mark.parametrize(("width", "blocked"), [(1.5, False), (2.0, False), (2.5, True)])
def test_more_than_two_inches_of_a_hedge_blocks_the_line(width: float, blocked: bool):
    """
        11 . . . . . # # . . . . . . .
        10 . A - - - # # - - - - - T .     A (2,10), T (14,10)
         9 . . . . . # # . . . . . . .     a hedge from x = 6, 1.5" / 2" / 2.5" wide
           0 1 2 3 4 5 6 7 8 9 ...
    A hedge is light cover: 1.5" or 2" of it on the line leave the target in
    sight (with light cover); 2.5" block the line.
    """
    game = range_game(ARCHER, (14, 10), [hedge(6, 8, 6 + width, 12)])
    line = seen(game)
    assert line.light_inches == pytest.approx(width)
    if blocked:
        assert ("2.5 inches of light cover on the line of sight, more than 2 inches"
                in shot_refused(game))
    else:
        assert line.blocked is None and line.cover == "light"
        game.answer("retainers", SHOOT_OSO)


@pytest.mark.rule("SAM-RNG-1", "SAM-LOS-3")
def test_an_enemy_out_of_range_is_shown_with_the_cover_it_has_all_the_same():
    """
        11 . . . . . # . . . . . . . .
        10 . N - - - # - - - - - - - T .     N (2,10) with a Shuriken (6"), T (14,10)
         9 . . . . . # . . . . . . . .     a hedge from x = 6, 1.5" wide
           0 1 2 3 4 5 6 7 8 9 ...
    The target is 11" away, out of the Shuriken's range; the map still shows
    the 1.5" of the hedge on the line between them, as for a target in range.
    """
    ninja = fighter("ninja", (2, 10), missile="shuriken")
    game = range_game(ninja, (14, 10), [hedge(6, 8, 7.5, 12)])
    assert "out of range: the shuriken reaches 6 inches, the target is 11 inches away" in \
        shot_refused(game)
    (aim,) = game.view("retainers")["state"]["asked"]["aims"]
    assert (aim["allowed"], aim["cover"], aim["light"]) == (False, "light", 1.5)


def area(name: str, x0: float, x1: float, y0: float = 8, y1: float = 12) -> dict[str, Any]:
    """Light cover from ``x0`` to ``x1`` across the line y = 10."""
    return hedge(x0, y0, x1, y1, name)


@pytest.mark.rule("SAM-LOS-3")
@pytest.mark.parametrize(("bushes", "light", "blocked"), [
    ((6.25, 7.25), 1.5, False), ((7.0, 8.5), 2.5, True)])
def test_overlapping_light_cover_counts_its_shared_inches_once(
        bushes: tuple[float, float], light: float, blocked: bool):
    """
        11 . . . . . W W . . . . . . .
        10 . A - - - W B - - - - - T .     A (2,10), T (14,10)
         9 . . . . . W W . . . . . . .     woods 1.5" deep, x 6..7.5
           0 1 2 3 4 5 6 7 8 9 ...
    Bushes inside the woods (x 6.25..7.25): the line is in light cover for
    1.5", not 1.5" + 1": the woods alone allow the shot, and so do woods with
    bushes in them. Bushes from x 7 to 8.5 reach out of the woods: 6..8.5,
    2.5" in all (not 3"), more than 2".
    """
    game = range_game(ARCHER, (14, 10), [area("woods", 6, 7.5),
                                         area("bushes", *bushes, y0=9, y1=11)])
    line = seen(game)
    assert line.light_inches == pytest.approx(light)
    if blocked:
        assert ("2.5 inches of light cover on the line of sight, more than 2 inches"
                in shot_refused(game))
    else:
        assert line.blocked is None and line.cover == "light"
        game.answer("retainers", SHOOT_OSO)


@pytest.mark.rule("SAM-LOS-3")
@pytest.mark.parametrize(("cover", "light"), [
    ((0, 4.5), 2.0),      # the archer stands in woods that reach 2" beyond its base
    ((11.5, 15), 2.0),    # the target stands in woods that reach 2" before its base
    ((13.5, 15), 0.0)])   # bushes under the target's base and no further
def test_light_cover_under_the_shooters_or_targets_own_base_is_not_between_them(
        cover: tuple[float, float], light: float):
    """Disputed case 9. «Между стрелком и целью»: the line counts from the rim
    of A's base (x 2.5) to the rim of T's (x 13.5).

        11 W W W W W . . . . . . . . .
        10 W A W W W - - - - - - - T .     A (2,10) in woods x 0..4.5:
         9 W W W W W . . . . . . . . .     2" between, not 2.5": in sight
           0 1 2 3 4 5 6 7 8 9 ...
    Measured from centre to centre the woods would be 2.5" and block the
    shot; between the two bases they are 2", which does not. Bushes under the
    target's base alone give it no light cover (house rule 4's +1).
    """
    game = range_game(ARCHER, (14, 10), [area("woods", *cover)])
    line = seen(game)
    assert line.light_inches == pytest.approx(light)
    assert line.blocked is None
    assert line.cover == ("light" if light else None)
    game.answer("retainers", SHOOT_OSO)


HOUSE = house(6, 8, 10, 12)


@pytest.mark.rule("SAM-LOS-4")
@pytest.mark.parametrize("buildings_block", [False, True])
@pytest.mark.parametrize(("target_at", "moved", "why"), [
    (14, True, None),                 # 3.5" behind the house, moved
    (14, False, None),                # 3.5" behind the house, still
    (10.6, True, None),               # by its wall, moved: heavy cover
    (10.6, False, "Oso is in heavy cover and has neither moved nor shot this turn")])
def test_a_building_is_heavy_cover_and_blocks_more_only_by_the_house_rule(
        buildings_block: bool, target_at: float, moved: bool, why: str | None):
    """
        12 . . . . . H H H H . . . T .     a house x 6..10, y 8..12
        10 . A - - - H H H H T - - T .     T by its wall (10.6, 10)
         8 . . . . . H H H H . . . . .     or 3.5" behind it (14, 10)
           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4
    By the book (SAM-LOS-4) a building is heavy cover: it hides a target in
    it (here within 1", house rule 5) that neither moved nor shot, and
    nothing more. With ``buildings_block`` (house rule 5, off by default) a
    house elsewhere on the line blocks it too, even when the target moved.
    """
    oso = fighter("oso", (target_at, 7 if moved else 10))
    game = new_game([ARCHER], [oso], [HOUSE], buildings_block=buildings_block)
    game.feed(*RETAINERS_FIRST, {"do": "stay"})
    if moved:  # Oso comes up from 3" below
        game.feed({"do": "point"}, {"x": target_at, "y": 10})
    stay_all(game)
    assert game.state.fighters["oso"].moved is moved
    line = seen(game)
    behind = target_at == 14
    assert line.cover == (None if behind else "heavy")
    if buildings_block and behind:
        why = "the house blocks the line of sight"
    if why is None:
        assert line.blocked is None
        game.answer("retainers", SHOOT_OSO)
        game.feed(1, 1)
        # Defence 6, + 2 in heavy cover (house rule 4)
        assert last(game, "sam.shot-result").params["defence"] == (6 if behind else 8)
    else:
        assert why in shot_refused(game)


@pytest.mark.rule("SAM-LOS-2")
@pytest.mark.parametrize(("goro_at", "blocked"), [((8, 10), True), ((8, 10.6), False)])
def test_a_model_on_the_line_blocks_one_just_off_it_does_not(goro_at: tuple[float, float],
                                                             blocked: bool):
    """
        11 . . . . . . . . . . . . . .
        10 . A - - - - o - - - - - T .     o on the line (8, 10): blocked
        10 . A - - - - - - - - - - T .     o at (8, 10.6): its base (radius 0.5) is
                       o                   0.1" clear of the line: not blocked
    """
    game = range_game(ARCHER, (14, 10), others=(fighter("goro", goro_at),))
    if blocked:
        assert "Goro stands on the line of sight" in shot_refused(game)
    else:
        assert seen(game).blocked is None
        game.answer("retainers", SHOOT_OSO)


WALL = wall((13, 7), (13, 13))


@pytest.mark.rule("SAM-LOS-1", "SAM-LOS-4")
def test_a_target_behind_a_wall_that_has_neither_moved_nor_shot_is_hidden():
    """
        12 . . . . . . . . . . . . | . .
        10 . A - - - - - - - - - - | T .    a wall at x = 13, T at (14, 10) behind it
         8 . . . . . . . . . . . . | . .
    """
    game = range_game(ARCHER, (14, 10), [WALL])
    line = seen(game)
    assert line.cover == "heavy"
    assert "Oso is in heavy cover and has neither moved nor shot this turn" in shot_refused(game)
    game.state.fighters["oso"].moved = True
    assert seen(game).blocked is None


@pytest.mark.rule("SAM-LOS-4")
def test_a_target_behind_a_wall_that_shot_this_turn_can_be_shot():
    """The same picture; the bandits have priority and Oso shoots first."""
    oso = fighter("oso", (14, 10), missile="yumi")
    game = range_game(ARCHER, (14, 10), [WALL], target=oso, priority=BANDITS_FIRST)
    assert game.seats_to_answer() == ("bandits",)
    game.answer("bandits", {"act": "shoot", "target": "archer"})  # A is not in the wall's cover
    game.feed(1, 1)  # a miss
    assert game.seats_to_answer() == ("retainers",)
    line = seen(game)
    assert line.blocked is None and line.cover == "heavy"
    game.answer("retainers", SHOOT_OSO)
    game.feed(6, 5)
    # 11 + Shooting 0 + range (11" edge to edge: 0) against 6 + heavy cover 2 + no armour
    assert last(game, "sam.shot-result").params["defence"] == 8


@pytest.mark.rule("SAM-RNG-1")
def test_a_target_beyond_the_maximum_range_is_refused_with_the_range():
    ninja = fighter("archer", (10, 10), missile="shuriken")
    near = range_game(ninja, (10, 17))  # 7" centre to centre: 6" edge to edge
    near.answer("retainers", SHOOT_OSO)
    far = range_game(ninja, (10, 17.5))
    assert ("out of range: the shuriken reaches 6 inches, the target is 6.5 inches away"
            in shot_refused(far))
    bow = range_game(fighter("archer", (1, 1), missile="yumi"), (1, 47))  # 45"
    bow.answer("retainers", SHOOT_OSO)


def shot_after_advancing(weapon: str, advance: bool) -> int:
    """The shooter (Shooting 0, Move 4.5") at (10, 10) advances 4.5" toward Oso
    at (10, 16), ending 0.5" from it, or stays 5" from it (within 6": +1 either
    way), then shoots, rolling 3 and 3."""
    game = range_game(fighter("archer", (10, 10), missile=weapon, move=4.5), (10, 16))
    game.undo(2)  # back to the archer's move
    if advance:
        move = next(v for v in option_values(game) if v["do"] == "advance")
        game.feed(move)
    else:
        game.feed({"do": "stay"})
    stay_all(game)
    game.answer("retainers", SHOOT_OSO)
    game.feed(3, 3)
    return int(last(game, "sam.shot-result").params["attack"])  # type: ignore[arg-type]


@pytest.mark.rule("SAM-RNG-2")
def test_the_shuriken_is_minus_two_and_free_of_the_moving_penalty():
    # 6 + Shooting 0 - 2 (Shuriken) + 1 (within 6") = 5, moved or not
    assert shot_after_advancing("shuriken", advance=False) == 5
    assert shot_after_advancing("shuriken", advance=True) == 5
    # the bow: 6 + 0 + 0 + 1 = 7, less 1 after moving (house rule)
    assert shot_after_advancing("yumi", advance=False) == 7
    assert shot_after_advancing("yumi", advance=True) == 6


@pytest.mark.rule("SAM-RNG-3")
def test_a_fired_teppo_must_be_reloaded_in_the_action_phase():
    game = range_game(fighter("archer", (2, 10), missile="teppo"), (14, 10))
    game.answer("retainers", SHOOT_OSO)
    game.feed(1, 1)  # a miss
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    assert "Archer must reload the teppo first" in shot_refused(game)
    game.answer("retainers", {"act": "reload"})
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    game.answer("retainers", SHOOT_OSO)


@pytest.mark.rule("SAM-RNG-4")
@pytest.mark.parametrize(("weapon", "armour", "defence"), [
    ("teppo", "none", 6), ("teppo", "light", 6), ("teppo", "medium", 6), ("teppo", "heavy", 7),
    ("yumi", "light", 7), ("yumi", "heavy", 9)])
def test_against_the_teppo_only_heavy_armour_helps_and_only_as_light(weapon: str, armour: str,
                                                                     defence: int):
    game = range_game(fighter("archer", (2, 10), missile=weapon), (14, 10),
                      target=fighter("oso", (14, 10), armour=armour))
    game.answer("retainers", SHOOT_OSO)
    game.feed(1, 1)
    assert last(game, "sam.shot-result").params["defence"] == defence


def melee_game() -> Game:
    """
        10 . . . . . . . . . T K u        Oso (10,10) touches Kenji (11,10),
                                           who touches Thug (12,10): one melee
         2 . . . . . . . . . A . .        the archer (10,2) shoots Oso
    """
    game = new_game([fighter("archer", (10, 2), missile="yumi"),
                     fighter("kenji", (11, 10), cp=1)],
                    [fighter("oso", (10, 10), cp=1), fighter("thug", (12, 10), cp=1)])
    game.feed(*RETAINERS_FIRST, {"do": "stay"})
    game.answer("retainers", tokens(kenji=(0, 1)))
    game.answer("bandits", tokens(oso=(0, 1), thug=(0, 1)))
    game.feed(6, 3, 1)  # initiative; no Attack tokens: the fight ends at once
    game.answer("retainers", SHOOT_OSO)
    return game


@pytest.mark.rule("SAM-RNG-5")
def test_a_miss_into_a_melee_flies_at_another_model_of_it_picked_at_random():
    game = melee_game()
    game.feed(1, 2)  # 3 against 6: a miss
    wait = game.waiting
    assert isinstance(wait, Chance)
    assert dict(wait.outcomes) == {"kenji": Fraction(1, 2), "thug": Fraction(1, 2)}
    game.feed("thug", 6, 6)  # rolled again as if aimed at Thug: 12 against 6, by 6
    assert render(last(game, "sam.redirected")) == "The shot flies on at Thug."
    assert not game.state.fighters["thug"].alive


@pytest.mark.rule("SAM-RNG-5")
def test_a_redirected_shot_that_misses_goes_no_further():
    game = melee_game()
    game.feed(1, 2, "kenji", 1, 1)  # misses Oso, then misses Kenji, a friend
    assert not isinstance(game.waiting, Chance) or game.waiting.what.key != "sam.chance.redirect"
    assert game.state.fighters["kenji"].alive and game.state.fighters["oso"].alive
