"""Heroes: Fame, Fortune, Heroic Actions (OW-HRO, OW-FAM, OW-HAC, OW-YEE,
OW-QDR, OW-WHP)."""

from __future__ import annotations

import json

import pytest

from referee.bots import random_playout
from referee.core.errors import IllegalAnswer
from referee.core.game import Game
from referee.core.i18n import msg, render
from referee.core.scenario import load_scenario
from tests.games.old_west.ow import (
    LAW_FIRST,
    R,
    alive,
    asked,
    build,
    decision,
    events,
    gap,
    keys,
    m,
    options,
    touching,
)

rule = pytest.mark.rule
GUN = {"range": 12, "strength": 3}


def hero_duel(out: dict | None = None, **law):
    profile = {"hero": True, "fame": 3, **law}
    game = build([m("marshal", 12, 12, **profile)],
                 [m("out", *touching(12, 12, 90), **(out or {}))])
    game.feed(*LAW_FIRST)
    if asked(game) == "ow.ask.heroics":
        game.feed([])
    return game


@rule("OW-HRO-1")
def test_heroes_have_fame_and_fortune_to_spend():
    game = build([m("marshal", 4, 4, hero=True, fame=3, fortune=2)], [m("out", 20, 20)])
    models = game.view("outlaws")["state"]["models"]
    assert (models["marshal"]["fame"], models["marshal"]["fortune"]) == (3, 2)
    assert models["marshal"]["hero"] and not models["out"]["hero"]
    assert (models["out"]["fame"], models["out"]["fortune"]) == (0, 0)


@rule("OW-FAM-1")
def test_book_example_a_three_becomes_a_five_for_two_fame():
    game = hero_duel(out={"toughness": 5})  # S3 against T5: 5 or more
    game.feed(6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    game.feed(3)
    assert asked(game) == "ow.ask.fame" and options(game) == [0, 2]
    game.feed(2)
    assert not alive(game, "out") and game.state.fighters["marshal"].fame == 1


@rule("OW-FAM-2", "OW-FAM-6")
def test_fame_is_spent_after_both_sides_have_rolled():
    game = hero_duel()
    game.feed(3, 4)
    assert keys(game).count("ow.fight-dice") == 2
    assert asked(game) == "ow.ask.fame-fight"
    assert options(game) == [{}, {"marshal": 1}, {"marshal": 2}, {"marshal": 3}]
    game.feed({"marshal": 2})
    assert events(game, "ow.fight-won")[0]["posse"].en == "Lawmen"


@rule("OW-FAM-2", "OW-MUL-1")
def test_every_hero_of_a_side_may_spend_his_own_fame_on_his_own_die():
    """«игрок всегда может улучшить результат того или иного броска, пока у
    его фигурки остаются очки Славы»: the Sheriff's 5 raised by his one point
    beats the Outlaw's 5, though the Marshal has more Fame (his 1 cannot)."""
    game = build([m("marshal", 12, 12, hero=True, fame=3),
                  m("sheriff", *touching(12, 12 + 2 * R, 90), hero=True, fame=1)],
                 [m("out", *touching(12, 12, 90))])
    game.feed(*LAW_FIRST, [])  # no Tike for Whuppin'
    game.feed(1, 5, 5)  # the Marshal 1, the Sheriff 5; the Outlaw 5
    assert asked(game) == "ow.ask.fame-fight"
    assert options(game) == [{}, {"marshal": 1}, {"marshal": 2}, {"marshal": 3},
                             {"sheriff": 1}]
    game.feed({"sheriff": 1})
    assert events(game, "ow.fight-won")[0]["posse"].en == "Lawmen"
    assert "ow.tie-fighting" not in keys(game)
    fame = {h: game.state.fighters[h].fame for h in ("marshal", "sheriff")}
    assert fame == {"marshal": 3, "sheriff": 0}


@rule("OW-FAM-3")
def test_a_side_of_two_heroes_bids_secretly_for_either_of_them():
    """«оба игрока тайно друг от друга пишут на листиках..., сколько очков
    Славы они используют»: the Lawmen's bid names which Hero spends."""
    game = build([m("marshal", 12, 12, hero=True, fame=3),
                  m("sheriff", *touching(12, 12 + 2 * R, 90), hero=True, fame=1)],
                 [m("out", *touching(12, 12, 90), hero=True, fame=1)])
    game.feed(*LAW_FIRST)
    game.answer("lawmen", [])
    game.answer("outlaws", [])
    game.feed(1, 5, 5)
    assert asked(game) == "ow.ask.fame-bid"
    assert {"sheriff": 1} in options(game, "lawmen") and {"marshal": 3} in options(game, "lawmen")
    assert options(game, "outlaws") == [{}, {"out": 1}]
    game.answer("lawmen", {"sheriff": 1})
    game.answer("outlaws", {"out": 1})
    assert asked(game) == "ow.roll.tie"  # 6 against 6, equal Fighting


@rule("OW-FAM-1", "OW-FAM-3")
@pytest.mark.parametrize(("cap", "asked_for_fame"), [(6, False), (7, True)])
def test_fame_stops_at_six_unless_the_house_rule_lifts_the_cap(cap, asked_for_fame):
    """«Каждое очко Славы можно использовать для того, чтобы улучшить результат
    броска кубика на плюс или минус 1» sets no cap; disputed case: by default
    (``fame_cap`` 6) a 6 cannot be raised, so 6 against 6 goes to Fighting."""
    game = build([m("marshal", 12, 12, hero=True, fame=3)],
                 [m("out", *touching(12, 12, 90), fighting=4)],
                 house_rules={"fame_cap": cap})
    game.feed(*LAW_FIRST, [], 6, 6)
    assert (asked(game) == "ow.ask.fame-fight") is asked_for_fame
    if asked_for_fame:
        assert options(game) == [{}, {"marshal": 1}]  # 7, never more
        game.feed({"marshal": 1})
    winner = "Lawmen" if asked_for_fame else "Outlaws"
    assert events(game, "ow.fight-won")[0]["posse"].en == winner


@rule("OW-FAM-4")
def test_fame_runs_out():
    game = hero_duel(fame=1, out={"toughness": 5})
    game.feed(6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    game.feed(3)  # needs 2 Fame, has 1: not asked
    assert asked(game) == "ow.roll.drop" and alive(game, "out")
    assert game.state.fighters["marshal"].fame == 1


@rule("OW-FAM-7")
def test_book_example_fame_carries_to_the_second_die():
    """S3 against T8 needs 6 then 4+: a 4 and 2 Fame, then a 1 (+2 = 3) and 1 more Fame."""
    game = hero_duel(out={"toughness": 8})
    game.feed(6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    game.feed(4)
    assert options(game) == [0, 2]
    game.feed(2, 1)
    assert asked(game) == "ow.ask.fame" and options(game) == [0, 1]
    assert decision(game).question.params["total"] == 3
    game.feed(1)
    assert not alive(game, "out") and game.state.fighters["marshal"].fame == 0


def two_heroes():
    game = build([m("marshal", 12, 12, hero=True, fame=3)],
                 [m("boss", *touching(12, 12, 90), hero=True, fame=2)])
    game.feed(*LAW_FIRST)
    game.answer("lawmen", [])
    game.answer("outlaws", [])
    game.feed(2, 3)
    return game


def outlaw_channels(game) -> str:
    view = game.view("outlaws")
    try:
        game.answer("outlaws", 9)
    except IllegalAnswer as exc:
        error = str(exc)
    return json.dumps([view, error], sort_keys=True, ensure_ascii=False)


@rule("OW-FAM-3")
def test_two_heroes_bid_fame_secretly_and_at_once():
    game = two_heroes()
    assert asked(game) == "ow.ask.fame-bid"
    assert set(decision(game).seats) == {"lawmen", "outlaws"}
    game.answer("lawmen", {"marshal": 3})
    game.answer("outlaws", {"boss": 2})
    revealed = render(msg("ow.fame-bids", **events(game, "ow.fame-bids")[0]))
    assert revealed == "Fame revealed: Marshal spends 3 points; Boss spends 2 points."
    # 2+3 = 5 against 3+2 = 5: equal Fighting, a die decides
    assert asked(game) == "ow.roll.tie"


@rule("OW-FAM-3")
def test_a_secret_bid_leaks_nothing_until_both_are_in():
    one, two = two_heroes(), two_heroes()
    one.answer("lawmen", {"marshal": 1})
    two.answer("lawmen", {"marshal": 3})
    assert outlaw_channels(one) == outlaw_channels(two)
    assert one.text_log("outlaws") == two.text_log("outlaws")


@rule("OW-HAC-2")
def test_heroic_action_is_declared_at_the_start_of_the_phase_for_one_fame():
    game = build([m("marshal", 12, 12, hero=True, fame=2)], [m("out", *touching(12, 12, 90))])
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.ask.heroics"
    assert options(game) == [[], ["marshal"]]  # one action for the Hero, or none
    game.feed(["marshal"])
    assert game.state.fighters["marshal"].fame == 1


def quickdraws(first_die: int):
    game = build([m("marshal", 4, 4, hero=True, fame=2, gun=GUN)],
                 [m("boss", 4, 12, hero=True, fame=2, gun=GUN)])
    game.feed(*LAW_FIRST)
    game.answer("lawmen", [])
    game.answer("outlaws", [])
    while asked(game) == "ow.ask.move":
        game.feed("hold")
    game.answer("lawmen", ["marshal"])
    game.answer("outlaws", ["boss"])
    assert asked(game) == "ow.roll.heroic-first"
    game.feed(first_die)
    return game


@rule("OW-HAC-3", "OW-QDR-1")
@pytest.mark.parametrize(("die", "first"), [(3, "lawmen"), (4, "outlaws")])
def test_both_sides_declare_a_die_says_whose_hero_goes_first(die, first):
    game = quickdraws(die)
    assert asked(game) == "ow.ask.shoot" and decision(game).seats == (first,)


@rule("OW-YEE-1", "OW-YEE-2", "OW-HAC-5")
def test_yee_haw_moves_the_hero_and_friends_first_ending_within_six_inches():
    game = build([m("law", 12, 2)],
                 [m("boss", 12, 20, hero=True, fame=2), m("pal", 15, 20), m("far", 2, 22)])
    game.feed(*LAW_FIRST)  # the Lawmen have Advantage, yet the boss goes first
    game.feed(["boss"])
    assert asked(game) == "ow.ask.yee-haw"
    game.feed(True)
    assert asked(game) == "ow.ask.move" and "Boss" in str(decision(game).question.params)
    game.feed("advance")
    assert asked(game) == "ow.ask.move"
    assert options(game)[0] == "later" and "Pal" in str(decision(game).question.params)
    game.feed("advance")
    assert game.state.table.distance("pal", "boss") <= 6.01
    # then the Lawmen (Advantage) and the rest; pal is not asked again
    asked_models = []
    while asked(game) == "ow.ask.move":
        asked_models.append(render(decision(game).question))
        game.feed("hold")
    assert asked_models == ["How does Law move?", "How does Far move?"]


def yee_haw_then_asked(law, outlaws):
    """The boss shouts Yee Haw! and holds; the move questions that follow, as
    (model named, whether it may wait for its normal turn), until the first
    that cannot wait, and the options of the first."""
    game = build(law, [m("boss", 12, 2, hero=True, fame=2), *outlaws])
    game.feed(*LAW_FIRST, ["boss"])
    assert asked(game) == "ow.ask.yee-haw"
    game.feed(True, "hold")
    first = options(game)
    seen = []
    while asked(game) == "ow.ask.move" and options(game)[0] == "later":
        seen.append(render(decision(game).question))
        game.feed("later")
    return seen, first


@rule("OW-YEE-2")
def test_yee_haw_takes_only_friends_within_six_inches_of_the_hero():
    """«все дружественные модели в радиусе 6"»: a friend 5.8" from the Hero
    (base to base) may move with him, one 6.3" away waits for its own turn."""
    seen, _ = yee_haw_then_asked(
        [m("law", 12, 22)],
        [m("near", 12 + 2 * R + 5.8, 2), m("beyond", 12 - 2 * R - 6.3, 2)])
    assert seen == ["How does Near move?"]


@rule("OW-YEE-2")
@pytest.mark.parametrize(("gap_now", "to_enemy", "offered"), [
    (4.5, 2.4, True),  # advances 1.4" (stopping 1" short): ends 5.9" from the Hero
    (5.5, 1.9, False),  # advances 0.9": would end 6.4" from him; a charge, 7.4"
])
def test_a_friend_moving_with_yee_haw_must_end_within_six_inches(gap_now, to_enemy, offered):
    """«должны закончить движение в пределах 6" от Героя»: the friend's
    advance toward the Lawman, straight away from the Hero, is offered only
    if it ends within 6" of him; a charge that would end farther is not."""
    friend_y = 2 + 2 * R + gap_now
    seen, first = yee_haw_then_asked([m("law", 12, friend_y + 2 * R + to_enemy)],
                                     [m("pal", 12, friend_y)])
    assert seen[:1] == ["How does Pal move?"]
    assert ("advance" in first) is offered
    assert "charge:law" not in first


@rule("OW-YEE-2")
def test_a_point_more_than_six_inches_from_the_hero_is_refused_to_a_yee_haw_friend():
    """The friend moving with the Hero to a point of its choice: 6.3" from
    him (base to base) is refused as too far from him, 5.8" is taken."""
    game = build([m("law", 22, 22)], [m("boss", 4, 2, hero=True, fame=2), m("pal", 8, 2)])
    game.feed(*LAW_FIRST, ["boss"], True, "hold", "point")
    assert asked(game) == "ow.ask.point"
    with pytest.raises(IllegalAnswer) as caught:
        game.answer("outlaws", {"x": 4 + 2 * R + 6.3, "y": 2})
    assert caught.value.render("en").endswith("must end within 6\" of Boss.")
    game.answer("outlaws", {"x": 4 + 2 * R + 5.8, "y": 2})
    assert gap(game, "pal", "boss") == pytest.approx(5.8, abs=0.01)


@rule("OW-QDR-2", "OW-QDR-3")
def test_quickdraw_fire_lets_friends_shoot_only_if_the_hero_shoots():
    def setup():
        game = build([m("marshal", 4, 4, hero=True, fame=2, gun=GUN), m("dep", 6, 4, gun=GUN)],
                     [m("out", 4, 12)])
        game.feed(*LAW_FIRST)
        game.feed([])
        while asked(game) == "ow.ask.move":
            game.feed("hold")
        game.feed(["marshal"])
        assert asked(game) == "ow.ask.fire"
        return game

    game = setup()
    game.feed(True, "shoot:out", 1)  # the Marshal shoots and misses
    assert "ow.fire" in keys(game)
    assert asked(game) == "ow.ask.shoot" and "Dep" in str(decision(game).question.params)
    game = setup()
    game.feed(True, "hold")
    assert "ow.quickdraw-wasted" in keys(game) and "ow.fire" not in keys(game)


@rule("OW-HAC-3", "OW-QDR-3")
def test_a_quickdraw_hero_shot_down_before_his_turn_comes_to_nothing():
    """Both Heroes declare Quickdraw and the Boss acts first: his shot takes
    the Marshal out of action. The Marshal cannot shoot himself, so his
    Heroic Action comes to nothing and his deputy shoots in the ordinary
    turn (before the fix he was measured after he had left the table)."""
    game = build([m("marshal", 4, 4, hero=True, fame=2, gun=GUN), m("dep", 6, 4, gun=GUN)],
                 [m("boss", 4, 12, hero=True, fame=2, gun=GUN)])
    game.feed(*LAW_FIRST)
    game.answer("lawmen", [])
    game.answer("outlaws", [])
    while asked(game) == "ow.ask.move":
        game.feed("hold")
    game.answer("lawmen", ["marshal"])
    game.answer("outlaws", ["boss"])
    game.feed(4)  # the Outlaws' Hero goes first
    game.feed("shoot:marshal", 6, 6)  # hit, wounded: out of action
    assert not alive(game, "marshal")
    assert events(game, "ow.quickdraw-wasted")[0]["name"].en == "Marshal"
    assert "ow.fire" not in keys(game)
    assert asked(game) == "ow.ask.shoot" and decision(game).seats == ("lawmen",)
    assert "Dep" in render(decision(game).question)


@pytest.mark.parametrize("seed", [3074, 3190, 12008])
def test_random_games_where_a_quickdraw_hero_falls_first_play_to_the_end(seed):
    """Seeds of the shipped example where this happened in bot play."""
    game = random_playout(Game(*load_scenario("old-west")), seed)
    assert game.is_over and "ow.quickdraw-wasted" in keys(game)


@rule("OW-QDR-2")
def test_fire_reaches_friends_within_six_inches_of_the_hero_only():
    """«все дружественные модели в радиусе 6"»: after the Marshal's shot, the
    deputy 5.8" from him (base to base) shoots at once; the one 6.4" away
    waits for the ordinary shooting, where the Outlaws, who have Advantage,
    shoot first."""
    game = build([m("marshal", 4, 4, hero=True, fame=2, gun=GUN),
                  m("near", 4 + 2 * R + 5.8, 4, gun=GUN), m("far", 4, 4 + 2 * R + 6.4, gun=GUN)],
                 [m("gunman", 8, 14, gun=GUN)])
    game.feed(1, 6)  # the Drop: the Outlaws have Advantage
    game.feed([])
    while asked(game) == "ow.ask.move":
        game.feed("hold")
    game.feed(["marshal"])
    assert asked(game) == "ow.ask.fire"
    game.feed(True, "shoot:gunman", 1)  # the Marshal shoots and misses
    shooters: list[str] = []
    while asked(game) == "ow.ask.shoot" and len(shooters) < 3:
        shooters.append(render(decision(game).question))
        game.feed("hold")
    assert shooters == ["Whom does Near shoot?", "Whom does Gunman shoot?",
                        "Whom does Far shoot?"]


def whuppin_table():
    """Marshal fights Hank; his deputy fights Ike at a distance."""
    return build([m("marshal", 6, 6, hero=True, fame=2, attacks=2),
                  m("dep", 12, 6)],
                 [m("hank", *touching(6, 6, 90)), m("ike", *touching(12, 6, 90))],
                 house_rules={"back_off_reach": 4.0})


@rule("OW-WHP-1", "OW-WHP-2", "OW-HAC-6")
def test_tike_for_whuppin_fights_at_once_then_moves_and_fights_again():
    game = whuppin_table()
    game.feed(*LAW_FIRST)
    game.feed(["marshal"])  # the Marshal's melee first, without the choice of groups
    assert asked(game) == "ow.roll.fight"
    game.feed(6, 1, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    game.feed(6)
    assert not alive(game, "hank") and "ow.whuppin-move" in keys(game)
    assert asked(game) == "ow.ask.move"
    assert "charge:ike" in options(game)
    game.feed("charge:ike")
    dice = 0
    while asked(game) == "ow.roll.fight":
        game.feed(6 if dice == 0 else 1)
        dice += 1
    assert dice == 4  # the Marshal's two dice, the deputy's, Ike's: he fights twice
    assert keys(game).count("ow.fight-won") == 2


@rule("OW-HAC-4")
def test_book_example_a_second_whuppin_does_not_extend_to_the_first_hero():
    game = build([m("marshal", 6, 6, hero=True, fame=2), m("sheriff", 12, 6, hero=True, fame=2)],
                 [m("hank", *touching(6, 6, 90)), m("ike", *touching(12, 6, 90))])
    game.feed(*LAW_FIRST)
    game.feed(["marshal", "sheriff"])
    game.feed(6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    game.feed(6)  # Hank down: the Marshal moves again and joins the Sheriff's melee
    game.feed("charge:ike")
    game.feed(6, 1, 1)  # the Sheriff's Whuppin': his group (with the Marshal) fights
    while asked(game) in ("ow.ask.back-off", "ow.ask.strike"):
        game.feed(options(game)[0])
    while asked(game) == "ow.roll.wound" and alive(game, "ike"):
        game.feed(6)
    moved_again = events(game, "ow.whuppin-move")
    assert [tuple(n.en for n in e["names"]) for e in moved_again] == [("Marshal",), ("Sheriff",)]


def quickdraw_offered(out_at: tuple[float, float]) -> bool:
    """A Marshal (gun 12") and an unarmed Outlaw; is Quickdraw offered?"""
    game = build([m("marshal", 4, 4, hero=True, fame=2, gun=GUN)], [m("out", *out_at)])
    game.feed(*LAW_FIRST, [])  # no Yee Haw!
    while asked(game) == "ow.ask.move":
        game.feed("hold")
    return asked(game) == "ow.ask.heroics"


@rule("OW-QDR-3")
def test_quickdraw_is_offered_only_to_a_hero_with_a_target():
    """«Для того, чтобы это Действие сработало, Герой обязан сам выстрелить из
    своего оружия»: with no enemy in range the Fame would buy nothing."""
    assert quickdraw_offered((4, 12))
    assert not quickdraw_offered((4, 20))  # 16" away: out of range


@rule("OW-HAC-2", "OW-GRD-1")
def test_house_rule_a_hero_on_the_ground_makes_no_heroic_action():
    """The book is silent on a prone Hero; house rule: he spends his move
    getting up (as a model attacked on the ground, «может попытаться
    подняться в фазу Ближнего Боя»), so he declares nothing."""
    game = build([m("marshal", 4, 4, hero=True, fame=2, prone=True),
                  m("sheriff", 8, 4, hero=True, fame=2)], [m("out", 20, 20)])
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.ask.heroics" and options(game) == [[], ["sheriff"]]
    game = build([m("marshal", 12, 12, hero=True, fame=2, prone=True)],
                 [m("out", *touching(12, 12, 90))])
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.roll.fight"  # no Tike for Whuppin' offered
