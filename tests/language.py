"""The language tests' tool: a random game played with everything it put to
its players kept, and the slips a reader would notice in each language."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from random import Random

from referee.bots import random_bot
from referee.cli.play import outcome_line
from referee.core.drivers import RandomChance, play_out
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import CATALOGUE, Lang, Msg, Name, render
from referee.core.scenario import load_scenario
from referee.core.waits import Chance, Decision

LATIN = re.compile(r"[A-Za-z]")
DECIMAL_POINT = re.compile(r"\d\.\d")

ANGLICISMS = re.compile(
    r"\b(?:айтем|итем|юнит|скилл|дамаг|бафф|дебафф|лут|спаун|спавн|респаун|апгрейд|"
    r"чекн|кастан|кастова|кастует|хилит|хилл|бонус[ы]? к ролл|ролл|дайс)\w*", re.IGNORECASE)
"""Gamers' anglicisms a Russian rulebook reader trips over, by their stems
(«айтем» for «предмет», «скилл» for «навык», «дамаг» for «урон»)."""
CALQUES: dict[str, re.Pattern[str]] = {
    "«разыгрывать» a card, not «играть»": re.compile(
        r"\b(?:сыгра|игра)\w*\s+«|\bЧто\s+(?:\w+\s+)?игра(?:ет|ют)\b", re.IGNORECASE),
    "«урон», not «единицы повреждений»": re.compile(r"\bединиц\w*\s+повреждени",
                                                    re.IGNORECASE),
}
"""English phrases put word for word into Russian, each with what to say instead."""
CAPITAL_AFTER_COLON = re.compile(r":\s+([А-ЯЁ][а-яё]*)")


MID_SENTENCE_CAPITAL = re.compile(r"(?:[^\s.!?:]\s+|[«(])([А-ЯЁ][а-яё]*)")
TERM_OF_TWO_WORDS = re.compile(r"([А-ЯЁ][а-яё]+)\s+[А-ЯЁ][а-яё]+")
STEM = 4
"""Letters of a word compared, so that a term's cases count as it («Сыщики», «Сыщиков»)."""


def name_prefixes(names: Iterable[str]) -> frozenset[str]:
    """The stems of each word of ``names`` that begins with a capital of its
    own (a proper name, «Лариса», «Законники»); a name that begins in lower
    case («сэр Макс») is no reason for a capital."""
    return frozenset(word[:STEM] for name in names for word in name.split()
                     if word[:1].isupper())


def book_terms(texts: Iterable[str]) -> frozenset[str]:
    """The stems of the words the Russian text writes with a capital in the
    middle of a sentence: the books' own terms («Смелость», «Сыщики»,
    «Инициатива», both words of «Быстрая Рука»), which keep their capital
    after a colon too."""
    return frozenset(found.group(1)[:STEM] for text in texts
                     for pattern in (MID_SENTENCE_CAPITAL, TERM_OF_TWO_WORDS)
                     for found in pattern.finditer(text))


def capital_after_colon(line: str, proper: frozenset[str]) -> bool:
    """A Russian ``line`` with a capital letter after a colon that begins
    neither a proper name nor a term the books write with a capital
    («Ходит сэр Макс: Сэр Макс…» is a slip; «Цель: Лариса», «тест: Смелость»
    are not). Each word is told by its stem among ``proper`` and the
    catalogue's terms (:func:`book_terms`)."""
    terms = _terms()
    return any(found.group(1)[:STEM] not in proper and found.group(1)[:STEM] not in terms
               for found in CAPITAL_AFTER_COLON.finditer(line))


_TERMS: list[frozenset[str]] = []


def _terms() -> frozenset[str]:
    """The catalogue's terms, read once every catalogue is loaded."""
    if not _TERMS:
        _TERMS.append(book_terms(CATALOGUE.templates["ru"].values()))
    return _TERMS[0]


def russian_slips(line: str, proper: frozenset[str]) -> list[str]:
    """What a Russian reader would notice in ``line``: an anglicism, a word for
    word calque, a capital after a colon that begins no proper name."""
    found = [f"an anglicism «{word}»: {line!r}" for word in ANGLICISMS.findall(line)]
    found += [f"{why}: {line!r}" for why, pattern in CALQUES.items() if pattern.search(line)]
    if capital_after_colon(line, proper):
        found.append(f"a capital after a colon: {line!r}")
    return found


def names_in(message: Msg | Name | str | int | Fraction | tuple[object, ...],
             lang: Lang) -> list[str]:
    """Every name a message carries, at any depth, as ``lang`` writes it."""
    if isinstance(message, Name):
        return [message.render(lang), *(form for _, form in message.cases)]
    if isinstance(message, Msg):
        return [name for value in message.params.values() for name in names_in(value, lang)]
    if isinstance(message, tuple):
        return [name for value in message for name in names_in(value, lang)]  # type: ignore[arg-type]
    return []


@dataclass(frozen=True)
class Played:
    """A finished random game and every question, option and chance put in it."""

    game: Game
    asked: list[Msg]


def play_recording(ruleset: str, seed: int) -> Played:
    """A random game of ``ruleset``'s example (bots seeded ``seed``, dice
    ``seed + 50``), keeping what each decision and chance showed."""
    ruleset_of, scenario = load_scenario(ruleset)
    game = Game(ruleset_of, scenario)
    bot, dice = random_bot(Random(seed)), RandomChance(Random(seed + 50))
    asked: list[Msg] = []
    while not game.is_over:
        wait = game.waiting
        if isinstance(wait, Decision):
            asked.append(wait.question)
            asked += [o.label for s in wait.seats for o in wait.options_for(s)]
        elif isinstance(wait, Chance):
            asked.append(wait.what)
        play_out(game, dict.fromkeys(game.seats, bot), dice, max_inputs=1)
    return Played(game, asked)


def latin(lines: list[str]) -> list[str]:
    """The Russian lines with a Latin letter in them."""
    return [line for line in lines if LATIN.search(line)]


def english_slips(lines: list[str]) -> list[str]:
    """The English lines with "(s)" or a parameter left unfilled."""
    return [line for line in lines if "(s)" in line or "{" in line]


def decimal_points(lines: list[str]) -> list[str]:
    """The Russian lines that write a number with a decimal point, not a comma."""
    return [line for line in lines if DECIMAL_POINT.search(line)]


def everything_read(played: Played, lang: Lang) -> list[str]:
    """What a finished random game put before its readers in ``lang``: every
    seat's whole log and the game master's, each question, option and chance,
    and the closing outcome line."""
    game = played.game
    lines = [line for seat in (*game.seats, REFEREE) for line in game.text_log(seat, lang)]
    lines += [render(text, lang) for text in played.asked]
    return [*lines, outcome_line(game, lang)]


def proper_names(played: Played) -> list[str]:
    """The names the game put before its Russian readers (its characters,
    places, items), in every form the scenario gives them."""
    game = played.game
    texts = [event.text for event in game.log_for(REFEREE)] + played.asked
    return [name for text in texts for name in names_in(text, "ru")]


def reading_slips(played: Played) -> list[str]:
    """Every slip a reader would notice in ``played``: Latin letters, decimal
    points, unfilled parameters, anglicisms, calques or a capital after a
    colon in the Russian; "(s)" or unfilled parameters in the English."""
    russian = everything_read(played, "ru")
    proper = name_prefixes(proper_names(played))
    return [*latin(russian), *decimal_points(russian),
            *(line for line in russian if "{" in line),
            *(slip for line in russian for slip in russian_slips(line, proper)),
            *english_slips(everything_read(played, "en"))]
