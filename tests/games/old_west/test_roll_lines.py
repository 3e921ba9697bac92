"""Every roll's line shows its die and what it needed, whether it succeeds or
fails, in English and in Russian, one line per roll: a shot that hits
("hits (5, 4 needed)"), gets past cover, strikes the rider or his horse, and
wounds ("wounds (6, 4 needed)"); a blow across a fence; the two dice of a 6/4
wound; a wound from a fall. Every expected line is written by hand from the
dice fed and the book's numbers (a Shooting of 4+; Strength 3 against
Toughness 3 wounds on 4, against Toughness 8 on 6 and then 4, OW-WND-5; a
blow across an obstacle reaches on 4, 5 or 6, OW-OBS-2)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.game import Game
from tests.games.old_west.ow import LAW_FIRST, RM, R, asked, build, m, touching

rule = pytest.mark.rule
GUN = {"name": "Colt revolver", "name_ru": "кольт", "range": 12, "strength": 3}
SIDES: dict[str, Any] = {"lawmen": {"name": "the Lawmen", "name_ru": "Законники"},
                         "outlaws": {"name": "the Outlaws", "name_ru": "Преступники"}}
FENCE = {"name": "fence", "name_ru": "изгородь", "points": [[0, 10], [24, 10]], "height": 1.0}


def marshal(x: float = 8, y: float = 4, **profile: Any) -> dict[str, Any]:
    return m("marshal", x, y, name="Marshal Wyatt", name_ru="маршал Уайетт", **profile)


def cole(x: float = 8, y: float = 14, **profile: Any) -> dict[str, Any]:
    return m("cole", x, y, name="Hired Gun Cole", name_ru="наёмник Коул", **profile)


def rider(x: float, y: float) -> dict[str, Any]:
    return m("rider", x, y, name="Posse Rider", name_ru="верховой",
             cases={"gen": "верхового", "acc": "верхового"}, mount={"kind": "horse"})


def shot(out: dict[str, Any] | None = None, **extra: Any) -> Game:
    """The Marshal (Shooting 4+, a Strength 3 gun) is asked whom to shoot."""
    played = build([marshal(gun=GUN)], [out or cole()], **SIDES, **extra)
    played.feed(*LAW_FIRST, "hold", "hold")
    assert asked(played) == "ow.ask.shoot"
    return played


def fed(played: Game, *inputs: Any, n: int = 1) -> tuple[list[str], list[str]]:
    """The first ``n`` lines the inputs add to the log, in English and in Russian."""
    start = len(played.text_log("referee", "en"))
    played.feed(*inputs)
    return (played.text_log("referee", "en")[start:start + n],
            played.text_log("referee", "ru")[start:start + n])


@rule("OW-WND-1")
def test_a_shot_that_hits_shows_its_die_and_need_and_so_does_the_wound():
    played = shot()
    played.feed("shoot:cole")
    assert fed(played, 5) == (["Marshal Wyatt hits (5, 4 needed)."],
                              ["Маршал Уайетт попадает (5, нужно 4)."])
    assert fed(played, 6, n=2) == (
        ["Marshal Wyatt wounds Hired Gun Cole (6, 4 needed).",
         "Hired Gun Cole is out of action."],
        ["Маршал Уайетт ранит наёмника Коула (6, нужно 4).",
         "Наёмник Коул выбывает из строя."])


@rule("OW-WND-1")
def test_a_miss_and_a_failed_wound_show_their_die_and_need():
    played = shot()
    played.feed("shoot:cole")
    assert fed(played, 3) == (["Marshal Wyatt misses (3, 4 needed)."],
                              ["Маршал Уайетт промахивается (3, нужно 4)."])
    played = shot()
    played.feed("shoot:cole")
    assert fed(played, 4, 3, n=2) == (
        ["Marshal Wyatt hits (4, 4 needed).", "No wound on Hired Gun Cole (3, 4 needed)."],
        ["Маршал Уайетт попадает (4, нужно 4).",
         "Наёмник Коул не получает ранения (3, нужно 4)."])


@rule("OW-FAM-6")
def test_a_hit_bought_with_fame_shows_the_die_and_the_fame_added():
    played = build([marshal(gun=GUN, hero=True, fame=2)], [cole()], **SIDES)
    played.feed(*LAW_FIRST)
    while asked(played) != "ow.ask.shoot":
        played.feed([] if asked(played) == "ow.ask.heroics" else "hold")
    played.feed("shoot:cole", 3)
    assert asked(played) == "ow.ask.fame"
    assert fed(played, 1, n=2) == (
        ["Marshal Wyatt spends 1 Fame point (1 left).", "Marshal Wyatt hits (3+1, 4 needed)."],
        ["Маршал Уайетт тратит 1 очко Славы (осталось 1).",
         "Маршал Уайетт попадает (3+1, нужно 4)."])


def test_a_shot_past_cover_shows_each_cover_roll():
    played = shot(obstacles=[FENCE])
    played.feed("shoot:cole", 6)
    assert asked(played) == "ow.roll.in-the-way"
    assert fed(played, 4) == (["The shot gets past the fence (4, 4 needed)."],
                              ["Пуля минует изгородь (4, нужно 4)."])
    played = shot(obstacles=[FENCE])
    played.feed("shoot:cole", 6)
    assert fed(played, 3) == (["The shot hits the fence (3, 4 needed)."],
                              ["Пуля попадает в изгородь (3, нужно 4)."])


@pytest.mark.parametrize(("side", "en", "ru"), [
    (4, "The shot hits Posse Rider, not the mount (4, 4 needed).",
     "Пуля попадает в верхового, а не в верховое животное (4, нужно 4)."),
    (3, "The shot hits Posse Rider's horse (3, 4 needed for the rider).",
     "Пуля попадает в лошадь верхового (3, чтобы попасть в наездника, нужно 4)."),
])
def test_a_shot_at_a_rider_says_whom_it_hits_and_by_what_roll(side: int, en: str, ru: str):
    played = shot(rider(8, 14))
    played.feed("shoot:rider", 6)
    assert asked(played) == "ow.roll.rider-or-mount"
    assert fed(played, side) == ([en], [ru])


@rule("OW-WND-2")
def test_a_six_then_four_wound_shows_both_dice():
    played = shot(cole(toughness=8))
    played.feed("shoot:cole", 6)
    assert fed(played, 6) == (
        ["Marshal Wyatt rolls 6 to wound Hired Gun Cole (6/4 needed): a second die."],
        ["Маршал Уайетт выбрасывает 6 на ранение наёмника Коула (нужно 6/4): "
         "бросается второй кубик."])
    assert fed(played, 4, n=2) == (
        ["Marshal Wyatt wounds Hired Gun Cole: the second die makes 4, 4 needed.",
         "Hired Gun Cole is out of action."],
        ["Маршал Уайетт ранит наёмника Коула: второй кубик даёт 4, нужно 4.",
         "Наёмник Коул выбывает из строя."])


@rule("OW-OBS-2")
@pytest.mark.parametrize(("roll", "en", "ru"), [
    (4, "The blow of Marshal Wyatt reaches across the fence (4, 4 needed).",
     "Удар маршала Уайетта достаёт через изгородь (4, нужно 4)."),
    (3, "The blow of Marshal Wyatt hits the fence (3, 4 needed).",
     "Удар маршала Уайетта приходится по изгороди (3, нужно 4)."),
])
def test_a_blow_across_a_fence_shows_its_die_and_need(roll: int, en: str, ru: str):
    played = build([marshal(12, 10 - R - 0.01)], [cole(12, 10 + R + 0.01)], **SIDES,
                   obstacles=[FENCE])
    played.feed(*LAW_FIRST, 6, 1)
    if asked(played) == "ow.ask.back-off":
        played.feed(0)
    assert asked(played) == "ow.roll.across"
    assert fed(played, roll) == ([en], [ru])


@rule("OW-RID-3")
def test_a_wound_from_a_fall_is_the_falls():
    played = build([marshal(12, 12)], [rider(*touching(12, 12, 90, R, RM))], **SIDES)
    played.feed(*LAW_FIRST, 6, 1)
    if asked(played) == "ow.ask.back-off":
        played.feed(0)
    played.feed("rider:mount")
    assert fed(played, 6, n=2) == (
        ["Marshal Wyatt wounds Posse Rider's horse (6, 4 needed).",
         "Posse Rider's horse is killed."],
        ["Маршал Уайетт ранит лошадь верхового (6, нужно 4).", "Лошадь верхового гибнет."])
    # thrown hard: a Strength 3 hit, and a 5 wounds Toughness 3
    assert fed(played, 1, 5, n=3) == (
        ["Posse Rider is thrown hard (1: 1 on the table) and lands on the ground.",
         "The fall wounds Posse Rider (5, 4 needed).",
         "Posse Rider is out of action."],
        ["Верховой тяжело падает (1: 1 по таблице) и остаётся лежать на земле.",
         "Падение ранит верхового (5, нужно 4).",
         "Верховой выбывает из строя."])
