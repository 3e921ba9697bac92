"""What a Night Watch player reads, in English and in Russian, as a person
writes it.

Every expected line is written by hand: a Spell in the case the Russian
sentence needs («разыгрывает «Защиту-3»»), a Watcher played on by itself as «себя»
("herself"), others by name in the accusative («на Андрея»), participles
agreeing with their subject («Лариса убита», «Андрей убит»), a Location with
its own preposition («в Парикмахерской», «на Крыше», «с Крыши»), real plurals
in both languages. The lines come from games played through the rules, or
from messages built as the rules build them.
"""

from __future__ import annotations

import pytest

from referee.core.game import Game
from referee.core.i18n import Lang, Name, msg, render
from referee.core.places import place_phrase
from referee.core.scenario import load_scenario
from referee.core.waits import Chance, Decision
from tests.games.night_watch.nw import RULESET, new_game, other
from tests.language import play_recording, reading_slips

CHALK = {"id": "chalk", "name": {"en": "the Chalk of Fate", "ru": "Мел Судьбы",
                                 "gender": "masc", "cases": {"acc": "Мел Судьбы"}},
         "kind": "defence", "power": 1, "location": "roof"}
BLADE = {"id": "blade", "name": {"en": "the Shadow Blade", "ru": "Клинок Сумрака"},
         "kind": "attack", "power": 1, "holder": "zavulon"}
ANDREY = Name("Andrey", "Андрей", "masc")


def log(game: Game, lang: Lang, reader: str = "referee") -> list[str]:
    return game.text_log(reader, lang)


def after(lines: list[str], first: str) -> list[str]:
    return lines[lines.index(first):]


def question(game: Game, lang: Lang) -> str:
    wait = game.waiting
    assert isinstance(wait, Decision)
    return render(wait.question, lang)


def labels(game: Game, lang: Lang) -> list[str]:
    wait = game.waiting
    assert isinstance(wait, Decision)
    return [render(option.label, lang) for option in wait.options_for(wait.seats[0])]


def barbershop_fight() -> Game:
    """Larisa (Day, Initiative 1) with Defence-3 and Attack-2, Andrey (Night,
    2) with Attack-4 and Attack-3, both at the Barbershop."""
    game = new_game([other("larisa", "day", 1, "barbershop"),
                     other("andrey", "night", 2, "barbershop")],
                    day=["defence-3", "attack-2"], night=["attack-4", "attack-3"], hand_size=2)
    game.feed("defence-3", "attack-2", "attack-4", "attack-3", "stay", "stay")
    return game


def test_the_issues_lines_a_spell_on_oneself_on_another_and_a_woman_killed():
    """«Лариса разыгрывает «Защиту-3» на себя», «… на Андрея», «Лариса убита»."""
    game = barbershop_fight()
    assert question(game, "ru") == "Что разыгрывает Лариса в Парикмахерской?"
    assert question(game, "en") == "What does Larisa play at the Barbershop?"
    # an Attack on herself says it strikes her (Andrey is of the other Watch)
    assert labels(game, "ru") == ["готово",
                                  "разыграть «Атаку-2» на себя — удар по тому, кто разыгрывает",
                                  "разыграть «Атаку-2» на Андрея", "разыграть «Защиту-3» на себя",
                                  "разыграть «Защиту-3» на Андрея"]
    assert labels(game, "en") == ["done",
                                  "play Attack-2 on herself — it strikes the Watcher who plays it",
                                  "play Attack-2 on Andrey", "play Defence-3 on herself",
                                  "play Defence-3 on Andrey"]
    game.feed("cast:defence-3:larisa", "cast:attack-2:andrey", "done",
              "cast:attack-4:larisa", "cast:attack-3:larisa", "done")
    assert after(log(game, "ru"), "Бой в Парикмахерской.") == [
        "Бой в Парикмахерской.",
        "Лариса разыгрывает «Защиту-3» на себя.",
        "Лариса разыгрывает «Атаку-2» на Андрея.",
        "Андрей разыгрывает «Атаку-4» на Ларису.",
        "Андрей разыгрывает «Атаку-3» на Ларису.",
        "Лариса получает 4 раны (Атака 7 против Защиты 3).",
        "Лариса убита и выбывает из игры.",
        "Андрей получает 2 раны (Атака 2 против Защиты 0).",
        "Игру покидают 4 Заклинания, разыгранные в Парикмахерской.",
        "Игра окончена.",
    ]
    assert after(log(game, "en"), "Combat at the Barbershop.") == [
        "Combat at the Barbershop.",
        "Larisa plays Defence-3 on herself.",
        "Larisa plays Attack-2 on Andrey.",
        "Andrey plays Attack-4 on Larisa.",
        "Andrey plays Attack-3 on Larisa.",
        "Larisa takes 4 wounds (Attack 7 against Defence 3).",
        "Larisa is killed and leaves the game.",
        "Andrey takes 2 wounds (Attack 2 against Defence 0).",
        "The 4 Spells played at the Barbershop leave the game.",
        "The game is over.",
    ]
    outcome = game.outcome()
    assert outcome is not None
    ending = game.outcome_words()
    assert ending is not None
    assert render(ending, "ru") == "Ночной Дозор победил: у Дневного Дозора не осталось Иных"
    assert render(ending, "en") == "The Night Watch won: the Day Watch has no Others left"


def test_a_man_killed_with_spells_in_hand_and_the_item_he_carried():
    game = new_game([other("larisa", "day", 1, "roof"), other("andrey", "night", 2, "roof"),
                     other("zavulon", "day", 3, "roof")],
                    day=["attack-4", "attack-3"], night=["attack-2", "defence-2"],
                    items=[{**BLADE, "holder": "andrey"}], hand_size=1)
    game.feed("attack-4", "attack-2", "attack-3", "stay", "stay", "stay")
    game.feed("cast:attack-4:andrey", "done", "done", "cast:attack-3:andrey", "done")
    assert after(log(game, "ru"), "Андрей получает 7 ран (Атака 7 против Защиты 0).") == [
        "Андрей получает 7 ран (Атака 7 против Защиты 0).",
        "Андрей убит и выбывает из игры вместе с 1 неиспользованным Заклинанием.",
        "Клинок Сумрака остаётся на Крыше.",
        "Игру покидают 2 Заклинания, разыгранные на Крыше.",
        "Игра окончена.",
    ]
    assert after(log(game, "en"), "Andrey takes 7 wounds (Attack 7 against Defence 0).") == [
        "Andrey takes 7 wounds (Attack 7 against Defence 0).",
        "Andrey is killed and leaves the game with 1 unused Spell.",
        "The Shadow Blade stays at the Roof.",
        "The 2 Spells played at the Roof leave the game.",
        "The game is over.",
    ]


@pytest.mark.parametrize(("spells", "en", "ru"), [
    (2, "with 2 unused Spells.", "вместе с 2 неиспользованными Заклинаниями."),
    (5, "with 5 unused Spells.", "вместе с 5 неиспользованными Заклинаниями."),
    (21, "with 21 unused Spells.", "вместе с 21 неиспользованным Заклинанием."),
])
def test_spells_lost_with_a_killed_watcher_take_real_plurals(spells: int, en: str, ru: str):
    line = msg("nw.killed", other=ANDREY, spells=spells)  # as combat.kill builds it
    assert render(line, "en") == f"Andrey is killed and leaves the game {en}"
    assert render(line, "ru") == f"Андрей убит и выбывает из игры {ru}"


@pytest.mark.parametrize(("wounds", "before", "en", "ru"), [
    (1, 0, "Andrey takes 1 wound (Attack 3 against Defence 2).",
     "Андрей получает 1 рану (Атака 3 против Защиты 2)."),
    (2, 1, "Andrey takes 2 wounds (Attack 3 against Defence 2) and now has 3 wounds.",
     "Андрей получает 2 раны (Атака 3 против Защиты 2), и теперь у него 3 раны."),
    (0, 0, "Andrey takes no wounds (Attack 3 against Defence 2).",
     "Андрей не получает ран (Атака 3 против Защиты 2)."),
    (0, 1, "Andrey takes no wounds (Attack 3 against Defence 2) and still has 1 wound.",
     "Андрей не получает ран (Атака 3 против Защиты 2), и у него по-прежнему 1 рана."),
    (5, 0, "Andrey takes 5 wounds (Attack 3 against Defence 2).",
     "Андрей получает 5 ран (Атака 3 против Защиты 2)."),
    (1, 20, "Andrey takes 1 wound (Attack 3 against Defence 2) and now has 21 wounds.",
     "Андрей получает 1 рану (Атака 3 против Защиты 2), и теперь у него 21 рана."),
])
def test_wounds_take_real_plurals_and_say_the_total_once_there_were_some(
        wounds: int, before: int, en: str, ru: str):
    line = msg("nw.wounded", other=ANDREY, attack=3, defence=2, wounds=wounds, before=before,
               total=before + wounds)  # as combat.count_wounds builds it
    assert (render(line, "en"), render(line, "ru")) == (en, ru)


def test_a_woman_keeps_her_wounds_in_the_feminine():
    line = msg("nw.wounded", other=Name("Larisa", "Лариса", "fem"), attack=2, defence=3,
               wounds=0, before=2, total=2)
    assert render(line, "ru") == ("Лариса не получает ран (Атака 2 против Защиты 3), и у неё "
                                  "по-прежнему 2 раны.")


def test_moves_stays_and_arrivals_go_with_each_locations_own_preposition():
    game = new_game([other("larisa", "day", 1, "barbershop"), other("andrey", "night", 2, "zoo"),
                     other("zavulon", "day", 3, "roof", enters_turn=2)],
                    egor_start="roof")
    assert question(game, "ru") == "Куда пойдёт Лариса (сейчас в Парикмахерской)?"
    assert labels(game, "ru") == ["остаться в Парикмахерской", "перейти в Метро"]
    assert question(game, "en") == "Where does Larisa go (now at the Barbershop)?"
    assert labels(game, "en") == ["stay at the Barbershop", "go to the Metro"]
    game.feed("stay", "move:metro", "stay", "move:entrance")
    assert log(game, "ru")[1:] == [
        "Лариса из Дневного Дозора вступает в игру в Парикмахерской.",
        "Андрей из Ночного Дозора вступает в игру в Зоопарке.",
        "Егор переходит с Крыши в Подъезд.",
        "Лариса остаётся в Парикмахерской.",
        "Андрей переходит из Зоопарка в Метро.",
        "— Ход 2 —",
        "Завулон из Дневного Дозора вступает в игру на Крыше.",
        "Егор переходит из Подъезда в Метро.",
        "Лариса остаётся в Парикмахерской.",
        "Андрей переходит из Метро в Подъезд.",
    ]
    assert log(game, "en")[1:] == [
        "Larisa of the Day Watch comes into play at the Barbershop.",
        "Andrey of the Night Watch comes into play at the Zoo.",
        "Egor goes from the Roof to the Entrance.",
        "Larisa stays at the Barbershop.",
        "Andrey goes from the Zoo to the Metro.",
        "— Turn 2 —",
        "Zavulon of the Day Watch comes into play at the Roof.",
        "Egor goes from the Entrance to the Metro.",
        "Larisa stays at the Barbershop.",
        "Andrey goes from the Metro to the Entrance.",
    ]
    assert question(game, "ru") == "Куда пойдёт Завулон (сейчас на Крыше)?"
    assert labels(game, "ru") == ["остаться на Крыше", "перейти в Подъезд"]
    game.feed("move:entrance")
    assert log(game, "ru")[-2:] == ["Завулон переходит с Крыши в Подъезд.", "Бой в Подъезде."]
    assert log(game, "en")[-2:] == ["Zavulon goes from the Roof to the Entrance.",
                                    "Combat at the Entrance."]


def test_an_item_picked_up_named_in_the_accusative_the_scenario_gives():
    game = new_game([other("anton", "night", 1, "roof"), other("larisa", "day", 2, "zoo")],
                    items=[CHALK])
    assert labels(game, "ru") == ["остаться на Крыше", "перейти в Подъезд",
                                  "подобрать Мел Судьбы"]
    assert labels(game, "en") == ["stay at the Roof", "go to the Entrance",
                                  "pick up the Chalk of Fate"]
    game.feed("take:chalk")
    assert log(game, "ru")[-1] == "Антон Городецкий подбирает на Крыше Мел Судьбы."
    assert log(game, "en")[-1] == "Anton Gorodetsky picks up the Chalk of Fate at the Roof."


def test_an_item_used_as_a_spell_and_a_chip_laid_on_a_card_played_on_another():
    game = new_game([other("larisa", "day", 1, "metro", chips=[-1]),
                     other("andrey", "night", 2, "metro"), other("zavulon", "day", 3, "metro")],
                    night=["defence-3"], items=[BLADE], hand_size=1)
    game.feed("defence-3", "stay", "stay", "stay", "done", "cast:defence-3:andrey", "done")
    # Zavulon and Larisa are both of the Day Watch: the Blade on either says so
    assert labels(game, "ru") == [
        "готово",
        "применить Клинок Сумрака как «Атаку-1» на Ларису — удар по Дозорному вашего же Дозора",
        "применить Клинок Сумрака как «Атаку-1» на Андрея",
        "применить Клинок Сумрака как «Атаку-1» на себя — удар по тому, кто разыгрывает"]
    game.feed("item:blade:andrey", "done")
    assert after(log(game, "ru"), "Бой в Метро.")[:5] == [
        "Бой в Метро.",
        "Андрей разыгрывает «Защиту-3» на себя.",
        "Завулон применяет Клинок Сумрака как «Атаку-1» на Андрея.",
        "Андрей не получает ран (Атака 1 против Защиты 3).",
        "Игру покидает 1 Заклинание, разыгранное в Метро.",
    ]
    assert after(log(game, "en"), "Combat at the Metro.")[2:5] == [
        "Zavulon uses the Shadow Blade as Attack-1 on Andrey.",
        "Andrey takes no wounds (Attack 1 against Defence 3).",
        "The Spell played at the Metro leaves the game.",
    ]


def test_the_books_chip_on_a_defence_played_on_another():
    """NW-CMB-9: a Defence-3 weakened by a «-1» chip."""
    game = new_game([other("andrey", "night", 1, "metro"),
                     other("larisa", "day", 2, "metro", chips=[-1])],
                    night=["defence-3"], day=["attack-4"], hand_size=1)
    game.feed("defence-3", "attack-4", "stay", "stay", "cast:defence-3:andrey", "done",
              "cast:attack-4:andrey")
    assert labels(game, "ru")[-2:] == [
        "положить фишку «-1» на «Защиту-3», которую Андрей разыграл на себя",
        "положить фишку «-1» на «Атаку-4», которую Лариса разыграла на Андрея"]
    assert labels(game, "en")[-2:] == [
        "lay the -1 chip on the Defence-3 Andrey played on himself",
        "lay the -1 chip on the Attack-4 Larisa played on Andrey"]
    game.feed("chip:0:1", "done")
    assert after(log(game, "ru"), "Бой в Метро.")[:6] == [
        "Бой в Метро.",
        "Андрей разыгрывает «Защиту-3» на себя.",
        "Лариса разыгрывает «Атаку-4» на Андрея.",
        "Лариса кладёт фишку «-1» на «Защиту-3», разыгранную на Андрея.",
        "Андрей получает 2 раны (Атака 4 против Защиты 2).",
        "Игру покидают 2 Заклинания, разыгранные в Метро.",
    ]
    assert after(log(game, "en"), "Combat at the Metro.")[1:4] == [
        "Andrey plays Defence-3 on himself.",
        "Larisa plays Attack-4 on Andrey.",
        "Larisa lays a -1 chip on the Defence-3 played on Andrey.",
    ]


@pytest.mark.rule("NW-CMB-8")
def test_a_chip_on_one_of_two_alike_cards_names_who_played_each():
    """Andrey and Anton each play a Defence-3 on Andrey: Larisa's chip
    options read apart, each naming who played the card."""
    game = new_game([other("andrey", "night", 1, "metro"), other("anton", "night", 2, "metro"),
                     other("larisa", "day", 3, "metro", chips=[1])],
                    night=["defence-3", "defence-3"], day=["attack-4"], hand_size=1)
    game.feed("defence-3", "defence-3", "attack-4", "stay", "stay", "stay",
              "cast:defence-3:andrey", "done", "cast:defence-3:andrey", "done")
    assert labels(game, "en")[-2:] == [
        "lay the +1 chip on the Defence-3 Andrey played on himself",
        "lay the +1 chip on the Defence-3 Anton Gorodetsky played on Andrey"]
    assert labels(game, "ru")[-2:] == [
        "положить фишку «+1» на «Защиту-3», которую Андрей разыграл на себя",
        "положить фишку «+1» на «Защиту-3», которую Антон Городецкий разыграл на Андрея"]


def test_egors_favour_names_the_place_and_counts_the_points():
    game = new_game([other("andrey", "night", 1, "zoo"), other("larisa", "day", 2, "roof")])
    game.feed("stay", "stay", "stay", "stay")
    assert favour_lines(game, "ru") == [
        "В Зоопарке рядом с Егором только Ночной Дозор: он получает очко расположения Егора "
        "(всего 1 очко).",
        "В Зоопарке рядом с Егором только Ночной Дозор: он получает очко расположения Егора "
        "(всего 2 очка)."]
    assert favour_lines(game, "en") == [
        "Only the Night Watch stands with Egor at the Zoo: it gains a point of his favour "
        "(1 point in all).",
        "Only the Night Watch stands with Egor at the Zoo: it gains a point of his favour "
        "(2 points in all)."]


def favour_lines(game: Game, lang: Lang) -> list[str]:
    return [line for line in log(game, lang) if "Егором" in line or "with Egor" in line]


def test_a_draw_reads_to_each_watch_in_its_own_words():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "zoo")],
                    day=["defence-3"], hand_size=1)
    wait = game.waiting
    assert isinstance(wait, Chance)
    assert render(wait.what, "ru") == "карта Заклинания из колоды Дневного Дозора"
    assert render(wait.what, "en") == "a Spell card from the Day Watch's deck"
    game.feed("defence-3")
    assert log(game, "ru", "day")[3] == "Лариса берёт карту «Защита-3»."
    assert log(game, "ru", "night")[3] == "Лариса берёт карту Заклинания."
    assert log(game, "en", "night")[3] == "Larisa draws a Spell card."
    assert log(game, "en", "day")[3] == "Larisa draws Defence-3."


def test_the_watches_are_named_as_seats_with_their_gender():
    moscow = load_scenario("night-watch")[1]
    night = RULESET.seat_name(moscow, "night")
    waiting = msg("core.waiting", seats=(night,), question="?")
    assert render(waiting, "ru") == "Ждём Ночной Дозор: ?"
    assert render(waiting, "en") == "Waiting for the Night Watch: ?"
    line = msg("nw.favour", watch=night, at=place_phrase("at", Name("the Roof", "Крыша"), "на"),
               points=3)
    assert render(line, "ru") == ("На Крыше рядом с Егором только Ночной Дозор: он получает "
                                  "очко расположения Егора (всего 3 очка).")


@pytest.mark.parametrize(("turns", "en", "ru"), [
    (1, "1 turn has been played", "сыгран 1 ход"),
    (3, "3 turns have been played", "сыграно 3 хода"),
    (12, "12 turns have been played", "сыграно 12 ходов"),
])
def test_the_last_turn_reason_takes_real_plurals(turns: int, en: str, ru: str):
    line = msg("nw.end.turns", turns=turns)
    assert (render(line, "en"), render(line, "ru")) == (en, ru)


@pytest.mark.parametrize("seed", range(4))
def test_a_random_game_reads_in_russian_without_latin_and_in_english_without_brackets(
        seed: int):
    """Every seat's whole log, every question and option put to it, and the
    end: no Latin letter in the Russian, no "(s)" in the English."""
    played = play_recording("night-watch", seed)
    game = played.game
    assert game.outcome() is not None
    assert all(len(log(game, "ru", seat)) > 20 for seat in (*game.seats, "referee"))
    assert reading_slips(played) == []
