"""What an Echo player reads, in English and in Russian, as a person writes it.

Every expected line is written by hand: names in the case the Russian
sentence needs («у сэра Макса», «от Вора-карманника»), a Location with its own
preposition («на Большом рынке», «во Дворце Рулх», «из «Обжоры Бунбы»»),
verbs agreeing with their subject («Ведьма задержана», «Проклятое зеркало
уничтожено», «леди Меламори выбыла»), real plurals in both languages. The
lines come from real games played through the rules, or from messages built
as the rules build them.
"""

from __future__ import annotations

import pytest

from referee.core.game import Game
from referee.core.i18n import Lang, Name, msg, render
from referee.core.waits import Decision
from tests.games.echo.echo import enemy, inv, new_game
from tests.language import play_recording, reading_slips

MIRROR = {"en": "the Cursed Mirror", "ru": "Проклятое зеркало"}
WITCH = {"en": "the Witch", "ru": "Ведьма"}
THIEF = {"en": "the Pickpocket", "ru": "Вор-карманник"}
MAX = Name("Sir Max", "сэр Макс")


def log(game: Game, lang: Lang) -> list[str]:
    return game.text_log("referee", lang)


def question(game: Game, lang: Lang) -> str:
    wait = game.waiting
    assert isinstance(wait, Decision)
    return render(wait.question, lang)


def labels(game: Game, lang: Lang) -> list[str]:
    wait = game.waiting
    assert isinstance(wait, Decision)
    (seat,) = game.seats_to_answer()
    return [render(option.label, lang) for option in wait.options_for(seat)]


def test_a_turn_of_moves_and_a_gate_reads_in_both_languages():
    game = new_game([inv("max", "a", speed=3, items=["amobiler"]), inv("kofa", "d")],
                    items=[{"id": "amobiler", "name": {"en": "the Amobiler", "ru": "Амобилер"},
                            "effect": "units", "power": 1}])
    assert question(game, "en") == ("Sir Max, at the House by the Bridge with 4 movement "
                                    "units: what now?")
    assert question(game, "ru") == "Сэр Макс в Доме у Моста (4 единицы движения). Что дальше?"
    assert "перейти на Большой рынок (1 единица движения)" in labels(game, "ru")
    assert "перейти во Дворец Рулх (1 единица движения)" in labels(game, "ru")
    assert "step over to the Glutton Bunba (the Locations touch: no movement unit)" \
        in labels(game, "en")
    game.feed("move:b", "move:a", "move:e")
    assert labels(game, "ru")[-2:] == [
        "пройти через Врата (куда они ведут, неизвестно; 1 единица движения)", "закончить ход"]
    game.feed("gate:g2", "done")
    assert log(game, "en")[:14] == [
        "Turn 1: the Movement phase. Sir Max holds the First Player token.",
        "A Gate opens at Kholomi.",
        "A Gate opens at the Great Market.",
        "Sir Max receives 4 movement units (Speed 3, +1 from items).",
        "Sir Kofa Yox receives 2 movement units (Speed 2).",
        "Sir Max's turn, at the House by the Bridge, with 4 movement units.",
        "Sir Max goes from the House by the Bridge to the Glutton Bunba (the Locations touch: "
        "no movement unit is spent).",
        "Sir Max goes from the Glutton Bunba to the House by the Bridge (the Locations touch: "
        "no movement unit is spent).",
        "Sir Max spends 1 movement unit and discards a token (3 left).",
        "Sir Max goes from the House by the Bridge to the Great Market.",
        "Sir Max spends 1 movement unit and discards a token (2 left).",
        "The Gate at the Great Market is turned face up: it leads to the Red Desert of Khmiro.",
        "Sir Max passes through the Gate from the Great Market to the Red Desert of Khmiro.",
        "Sir Max ends the turn.",
    ]
    assert log(game, "ru")[:14] == [
        "Ход 1: фаза «Движение». Жетон Первого Игрока у сэра Макса.",
        "В Холоми открываются Врата.",
        "На Большом рынке открываются Врата.",
        "Сэр Макс получает 4 жетона единиц движения (скорость 3, +1 от предметов).",
        "Сэр Кофа Йох получает 2 жетона единиц движения (скорость 2).",
        "Ходит сэр Макс (в Доме у Моста, 4 единицы движения).",
        "Сэр Макс переходит из Дома у Моста в «Обжору Бунбу» (локации соединены вплотную: "
        "единицы движения не тратятся).",
        "Сэр Макс переходит из «Обжоры Бунбы» в Дом у Моста (локации соединены вплотную: "
        "единицы движения не тратятся).",
        "Сэр Макс тратит 1 единицу движения и сбрасывает 1 жетон (осталось 3).",
        "Сэр Макс переходит из Дома у Моста на Большой рынок.",
        "Сэр Макс тратит 1 единицу движения и сбрасывает 1 жетон (осталось 2).",
        "На Большом рынке Врата поворачиваются рубашкой вниз: они ведут в Красную пустыню "
        "Хмиро.",
        "Сэр Макс проходит через Врата с Большого рынка в Красную пустыню Хмиро.",
        "Сэр Макс заканчивает ход.",
    ]


def test_investigators_who_meet_go_on_together_and_split_up():
    game = new_game([inv("max", "a"), inv("kofa", "b")])
    game.feed("move:b")
    assert question(game, "ru") == ("Сэр Макс встречает в «Обжоре Бунбе» сэра Кофу Йоха. "
                                    "Дальше вместе?")
    assert question(game, "en") == ("Sir Max meets Sir Kofa Yox at the Glutton Bunba: go on "
                                    "together?")
    game.answer("max", "together")
    game.answer("kofa", "together")
    game.feed("move:a", "split")
    assert log(game, "ru")[-5:] == [
        "Сэр Макс и сэр Кофа Йох дальше идут вместе.",
        "Сэр Макс и сэр Кофа Йох переходят из «Обжоры Бунбы» в Дом у Моста (локации "
        "соединены вплотную: единицы движения не тратятся).",
        "Сэр Макс и сэр Кофа Йох разделяются.",
        "Очерёдность ходов снова идёт от сэра Макса с Жетоном Первого Игрока.",
        "Сэр Макс продолжает ход (в Доме у Моста, 2 единицы движения).",
    ]
    assert log(game, "en")[-5:] == [
        "Sir Max and Sir Kofa Yox go on together.",
        "Sir Max and Sir Kofa Yox go from the Glutton Bunba to the House by the Bridge (the "
        "Locations touch: no movement unit is spent).",
        "Sir Max and Sir Kofa Yox split up.",
        "The order of play starts again from Sir Max, who holds the First Player token.",
        "Sir Max's turn goes on, at the House by the Bridge, with 2 movement units.",
    ]


def test_one_who_goes_on_alone_is_named_with_those_left():
    game = new_game([inv("max", "a"), inv("kofa", "b")])
    game.feed("move:b")
    game.answer("max", "together")
    game.answer("kofa", "apart")
    assert log(game, "ru")[-1] == (
        "Сэр Макс идёт дальше без сэра Кофы Йоха: сэр Кофа Йох решил идти порознь, а вместе "
        "идут только по обоюдному согласию.")
    assert log(game, "en")[-1] == (
        "Sir Max goes on without Sir Kofa Yox: Sir Kofa Yox chose to go on separately, and "
        "they go together only if both sides agree.")


@pytest.mark.rule("ECHO-ORD-3")
def test_one_who_wanted_to_go_together_is_told_who_declined():
    """Mutual consent: the one moving says no, so the other's yes is not
    enough, and the line says whose no it was."""
    game = new_game([inv("max", "a"), inv("kofa", "b")])
    game.feed("move:b")
    game.answer("kofa", "together")
    game.answer("max", "apart")
    assert log(game, "en")[-1] == (
        "Sir Max goes on without Sir Kofa Yox: Sir Max chose to go on separately, and they "
        "go together only if both sides agree.")
    assert log(game, "ru")[-1].endswith(": сэр Макс решил идти порознь, а вместе идут только "
                                        "по обоюдному согласию.")


def test_melifaro_names_who_moves_next_and_the_verb_agrees():
    game = new_game([inv("melifaro", "a"), inv("melamori", "a"), inv("kofa", "b")],
                    melifaro="melifaro")
    assert question(game, "ru") == ("Кто ходит следующим по решению сэра Мелифаро? "
                                    "По обычной очерёдности — сэр Мелифаро.")
    assert labels(game, "ru") == ["Сэр Мелифаро", "Леди Меламори", "Сэр Кофа Йох"]
    game.feed("melamori")
    assert log(game, "ru")[-2:] == ["По решению сэра Мелифаро следующей ходит леди Меламори.",
                                    "Ходит леди Меламори (в Доме у Моста, 2 единицы движения)."]
    assert log(game, "en")[-2:] == ["By Sir Melifaro's decision, Lady Melamori moves next.",
                                    "Lady Melamori's turn, at the House by the Bridge, with 2 "
                                    "movement units."]


def test_a_battle_won_against_an_artifact():
    game = new_game([inv("max", "a", speed=3, fight=2, stealth=2)],
                    enemies=[enemy("mirror", "e", kind="artifact", name=MIRROR, health=2)])
    game.feed("move:e")
    assert labels(game, "ru") == ["провести раунд битвы с Проклятым зеркалом",
                                  "попытаться уйти от Проклятого зеркала", "закончить ход"]
    game.feed("fight")
    assert question(game, "ru") == ("Что проверяет сэр Макс для очерёдности ударов: "
                                    "внимательность или скрытность?")
    assert labels(game, "ru") == ["внимательность (1 кубик)", "скрытность (1 кубик)"]
    game.feed("stealth", 1, 2)
    assert log(game, "ru")[-6:] == [
        "Сэр Макс проходит проверку скрытности (1 успех): Сыщики бьют первыми.",
        "Сэр Макс тратит 1 единицу движения и сбрасывает 1 жетон (осталась 1).",
        "Раунд битвы на Большом рынке.",
        "Сэр Макс бьёт Проклятое зеркало и отнимает 2 единицы здоровья: теперь у Проклятого "
        "зеркала здоровье 0, рассудок 3.",
        "Проклятое зеркало уничтожено на Большом рынке.",
        "Проклятое зеркало выбыло из боя и не наносит удара.",
    ]
    assert log(game, "en")[-6:] == [
        "Sir Max passes the Stealth check (1 success): the investigators strike first.",
        "Sir Max spends 1 movement unit and discards a token (1 left).",
        "A round of battle at the Great Market.",
        "Sir Max hits the Cursed Mirror for 2 Health; the Cursed Mirror now has Health 0, "
        "Reason 3.",
        "The Cursed Mirror is destroyed at the Great Market.",
        "The Cursed Mirror is out of the fight and does not strike.",
    ]


def test_a_woman_fails_to_get_away_and_detains_a_witch():
    game = new_game([inv("melamori", "a", speed=3, stealth=2, attentiveness=2, fight=2)],
                    enemies=[enemy("witch", "c", name=WITCH, fight=2, health=1,
                                   harms="reason")])
    game.feed("move:c", "away", 0, "attentiveness", 0, 2, 1)
    assert log(game, "ru")[-7:] == [
        "Леди Меламори не удаётся уйти от Ведьмы (0 успехов).",
        "Леди Меламори проваливает проверку внимательности (0 успехов): враги бьют первыми.",
        "Леди Меламори тратит 1 единицу движения и сбрасывает 1 жетон (осталась 1).",
        "Раунд битвы во Дворце Рулх.",
        "Ведьма бьёт леди Меламори и отнимает 2 единицы рассудка: теперь у леди Меламори "
        "здоровье 4, рассудок 2.",
        "Леди Меламори бьёт Ведьму и отнимает 1 единицу здоровья: теперь у Ведьмы здоровье 0, "
        "рассудок 3.",
        "Ведьма задержана во Дворце Рулх.",
    ]
    assert log(game, "en")[-7:] == [
        "Lady Melamori fails to get away from the Witch (0 successes).",
        "Lady Melamori fails the Attentiveness check (0 successes): the enemies strike first.",
        "Lady Melamori spends 1 movement unit and discards a token (1 left).",
        "A round of battle at Rulh Palace.",
        "The Witch hits Lady Melamori for 2 Reason; Lady Melamori now has Health 4, Reason 2.",
        "Lady Melamori hits the Witch for 1 Health; the Witch now has Health 0, Reason 3.",
        "The Witch is detained at Rulh Palace.",
    ]


def test_a_woman_knocked_out_does_not_strike():
    game = new_game([inv("melamori", "a", speed=3, reason=1), inv("kofa", "b")],
                    enemies=[enemy("thief", "c", name=THIEF, fight=2, harms="reason")])
    game.feed("move:c", "fight", "stealth", 0, 1)
    assert log(game, "ru")[-4:] == [
        "Вор-карманник бьёт леди Меламори и отнимает 1 единицу рассудка: теперь у леди "
        "Меламори здоровье 4, рассудок 0.",
        "Леди Меламори теряет сознание; пропадает 1 единица движения.",
        "Леди Меламори выбыла из боя и не наносит удара.",
        "Ходит сэр Кофа Йох (в «Обжоре Бунбе», 2 единицы движения).",
    ]
    assert log(game, "en")[-3:] == [
        "Lady Melamori loses consciousness; 1 movement unit is lost.",
        "Lady Melamori is out of the fight and does not strike.",
        "Sir Kofa Yox's turn, at the Glutton Bunba, with 2 movement units.",
    ]


DARK_PATH = {"id": "dark_path", "name": {"en": "the Dark Path", "ru": "Тёмный Путь"},
             "effect": "teleport", "cost": 2, "skill": "magic", "penalty": 1}
BALM = {"id": "balm", "name": {"en": "Kahar's Balm", "ru": "Бальзам Кахара",
                               "cases": {"acc": "Бальзам Кахара"}},
        "effect": "heal", "cost": 1, "power": 2}


def test_items_tried_and_what_they_do():
    game = new_game([inv("juffin", "b", speed=3, magic=2, items=["dark_path"]),
                     inv("kofa", "d", health=3, items=["balm"])], items=[DARK_PATH, BALM])
    assert "применить Тёмный Путь сэра Джуффина Халли (2 единицы движения)" in labels(game, "ru")
    assert "use the Dark Path, held by Sir Juffin Hully (2 movement units)" in labels(game, "en")
    game.feed("item:dark_path", 1)
    assert question(game, "ru") == "Куда переносит Тёмный Путь?"
    assert question(game, "en") == "Where does the Dark Path take them?"
    assert labels(game, "ru")[:3] == ["в Дом у Моста", "во Дворец Рулх", "в Холоми"]
    game.feed("e", "done", "item:balm")
    assert log(game, "ru")[-9:] == [
        "Сэр Джуффин Халли пытается применить Тёмный Путь (2 единицы движения).",
        "Сэр Джуффин Халли тратит 2 единицы движения и сбрасывает 2 жетона (осталась 1).",
        "Тёмный Путь срабатывает (1 успех).",
        "Сэр Джуффин Халли переносится Тёмным Путём из «Обжоры Бунбы» на Большой рынок.",
        "Сэр Джуффин Халли заканчивает ход.",
        "Ходит сэр Кофа Йох (в Холоми, 2 единицы движения).",
        "Сэр Кофа Йох пытается применить Бальзам Кахара (1 единица движения).",
        "Сэр Кофа Йох тратит 1 единицу движения и сбрасывает 1 жетон (осталась 1).",
        "У сэра Кофы Йоха здоровье и так на пределе (здоровье 3, рассудок 4).",
    ]
    assert log(game, "en")[-9:] == [
        "Sir Juffin Hully tries the Dark Path (2 movement units).",
        "Sir Juffin Hully spends 2 movement units and discards 2 tokens (1 left).",
        "The Dark Path works (1 success).",
        "Sir Juffin Hully travels by the Dark Path from the Glutton Bunba to the Great Market.",
        "Sir Juffin Hully ends the turn.",
        "Sir Kofa Yox's turn, at Kholomi, with 2 movement units.",
        "Sir Kofa Yox tries Kahar's Balm (1 movement unit).",
        "Sir Kofa Yox spends 1 movement unit and discards a token (1 left).",
        "Sir Kofa Yox's Health is already at its limit (Health 3, Reason 4).",
    ]


@pytest.mark.parametrize(("amount", "en", "ru"), [
    (1, "Sir Kofa Yox recovers 1 Health (now Health 3, Reason 4).",
     "Сэр Кофа Йох восстанавливает 1 единицу здоровья (теперь здоровье 3, рассудок 4)."),
    (2, "Sir Kofa Yox recovers 2 Health (now Health 3, Reason 4).",
     "Сэр Кофа Йох восстанавливает 2 единицы здоровья (теперь здоровье 3, рассудок 4)."),
])
def test_what_an_item_gives_back(amount: int, en: str, ru: str):
    line = msg("echo.healed", who=Name("Sir Kofa Yox", "сэр Кофа Йох"), amount=amount,
               what=msg("echo.vital.health"), health=3, reason=4)  # as UseItem builds it
    assert (render(line, "en"), render(line, "ru")) == (en, ru)


def test_the_end_of_the_last_turn_reads_as_a_sentence():
    game = new_game([inv("max"), inv("kofa")], max_turns=1)
    game.feed("done", "done")
    assert log(game, "ru")[-3:] == ["Сэр Кофа Йох заканчивает ход.",
                                    "Сэр Макс сбрасывает 2 непотраченные единицы движения.",
                                    "Сэр Кофа Йох сбрасывает 2 непотраченные единицы движения."]
    outcome = game.outcome()
    assert outcome is not None
    ending = game.outcome_words()
    assert ending is not None
    assert render(ending, "ru") == ("Сыщики проиграли: прошёл 1 ход, а город всё ещё не "
                                    "в безопасности")
    assert render(ending, "en") == ("The investigators lost: 1 turn has passed and the city is "
                                    "still not safe")


@pytest.mark.parametrize(("units", "en", "ru"), [
    (1, "Sir Max spends 1 movement unit and discards a token (1 left).",
     "Сэр Макс тратит 1 единицу движения и сбрасывает 1 жетон (осталась 1)."),
    (2, "Sir Max spends 2 movement units and discards 2 tokens (2 left).",
     "Сэр Макс тратит 2 единицы движения и сбрасывает 2 жетона (осталось 2)."),
    (5, "Sir Max spends 5 movement units and discards 5 tokens (5 left).",
     "Сэр Макс тратит 5 единиц движения и сбрасывает 5 жетонов (осталось 5)."),
    (21, "Sir Max spends 21 movement units and discards 21 tokens (21 left).",
     "Сэр Макс тратит 21 единицу движения и сбрасывает 21 жетон (осталась 21)."),
])
def test_units_spent_take_real_plurals(units: int, en: str, ru: str):
    line = msg("echo.units.spent", who=MAX, units=units, left=units)  # as units.spend builds it
    assert (render(line, "en"), render(line, "ru")) == (en, ru)


@pytest.mark.parametrize(("units", "ru"), [
    (1, "Сэр Макс сбрасывает 1 непотраченную единицу движения."),
    (3, "Сэр Макс сбрасывает 3 непотраченные единицы движения."),
    (5, "Сэр Макс сбрасывает 5 непотраченных единиц движения."),
])
def test_units_discarded_agree_with_their_number(units: int, ru: str):
    line = msg("echo.units.discarded", who=MAX, units=units)
    assert render(line, "ru") == ru
    assert render(line, "en").endswith("unspent movement unit." if units == 1 else
                                       f"{units} unspent movement units.")


@pytest.mark.parametrize("seed", range(4))
def test_a_random_game_reads_in_russian_without_latin_and_in_english_without_brackets(
        seed: int):
    """Every seat's whole log, every question and option put to it, and the
    end: no Latin letter in the Russian, no "(s)" in the English."""
    played = play_recording("echo", seed)
    game = played.game
    assert game.outcome() is not None
    assert all(len(game.text_log(seat, "ru")) > 20 for seat in (*game.seats, "referee"))
    assert reading_slips(played) == []


def test_asking_those_standing_here_names_them_in_the_case_the_verb_wants():
    game = new_game([inv("max", "a"), inv("kofa", "a"), inv("melifaro", "a")])
    assert labels(game, "en")[-2:] == ["ask Sir Kofa Yox and Sir Melifaro here to go on together",
                                       "end the turn"]
    assert labels(game, "ru")[-2:] == ["предложить сэру Кофе Йоху и сэру Мелифаро идти дальше "
                                       "вместе", "закончить ход"]


@pytest.mark.rule("ECHO-BAT-1")
def test_disputed_case_15_a_get_away_with_no_die_says_it_cannot_pass():
    """Sir Max's Stealth 2 less the Witch's Attentiveness 2 leaves no die: the
    get-away is offered, and says it will fail; against the Pickpocket
    (Attentiveness 1) he rolls a die and it reads as usual."""
    hopeless = new_game([inv("max", "a", speed=3, stealth=2)],
                        enemies=[enemy("witch", "c", name=WITCH, attentiveness=2)])
    hopeless.feed("move:c")
    assert labels(hopeless, "en")[1] == ("try to get away from the Witch "
                                         "(no die to roll: it cannot pass)")
    assert labels(hopeless, "ru")[1] == "попытаться уйти от Ведьмы (бросать нечего: не выйдет)"
    hopeful = new_game([inv("max", "a", speed=3, stealth=2)],
                       enemies=[enemy("thief", "c", name=THIEF, attentiveness=1)])
    hopeful.feed("move:c")
    assert labels(hopeful, "en")[1] == "try to get away from the Pickpocket"
    assert labels(hopeful, "ru")[1] == "попытаться уйти от Вора-карманника"
