"""Every catalogue message read as a translator reads it.

Each message is rendered in both languages with sample names of each gender
and in the plural, and with the numbers 1, 2, 5, 21 and 0.5 for every
parameter. The English must not fall back on "(s)", nor the Russian on an
ending in brackets ("элемент(ов)"), nor on an anglicism («айтем»), a calque
(«играет карту», «единицу повреждений») or a capital after a colon that
begins no proper name («Ходит сэр Макс: Сэр Макс…»); the Russian must not show
a Latin-letter word, except the names of a file's fields in the messages that
check a file (scenario, save file, orders), rule ids, format names, keys and
what a person types (an option, or anything in backticks). No
message may leave a parameter unfilled or fail to render.
"""

from __future__ import annotations

import importlib
import re
from fractions import Fraction

import pytest

import referee.odds  # loads the odds catalogue
import referee.server.pages.question  # loads the question's catalogue
import referee.server.pages.render  # noqa: F401 - loads the pages catalogue
from referee.cli.app import COMMANDS
from referee.core.i18n import CATALOGUE, Lang, Name, Param, msg, render
from referee.core.ruleset import all_rulesets
from tests.language import name_prefixes, russian_slips

all_rulesets()  # every ruleset's catalogue
for _command in COMMANDS.values():  # every command's catalogue
    importlib.import_module(_command.module)

NAMES: tuple[Name, ...] = (
    Name("Larisa", "Лариса"),
    Name("Andrey", "Андрей"),
    Name("the Lawmen", "Законники", gender="plural"),
    Name("Metro", "Метро"),
    Name("Mercenary Cole", "Наёмник Коул"),
    Name("Sir Max", "сэр Макс", gender="masc"),  # a name that begins in lower case
)
PROPER = name_prefixes(name.render("ru") for name in NAMES)
NUMBERS: tuple[int | Fraction, ...] = (1, 2, 5, 21, Fraction(1, 2))

# Messages that check a file the user wrote name its fields as the file spells
# them (`max_turns`, `exit_edge`), and name formats (JSON, TOML).
FILE_CHECKS = re.compile(
    r"(^|\.)(check|savefile|scenario|orders-file|validate|schema)(\.|$)|\.error\.|^core\.terminal\.")
ALLOWED_LATIN = re.compile(
    r"[A-Z]+(-[A-Z]+)+-\d+[a-z]?"  # rule ids: NW-MOV-6, CHAT-TAK-4
    r"|\bReferee\b|\bJSON\b|\bTOML\b|\bSVG\b|\bPNG\b|\$[A-Z]+|\bEnter\b|\bCtrl-[A-Z]\b"
    r"|--[a-z-]+(?:[ =][^ ;,]+)?"  # a command-line option and its value
    r"|`[^`]*`"  # a field, file or command as typed, in backticks
)
RUSSIAN_ENDING_IN_BRACKETS = re.compile(r"[а-яё]\((?:а|и|ы|ов|ей|я|ь|ок|ев|ое|ая|ые)\)")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def _keys() -> list[str]:
    return sorted(CATALOGUE.templates["en"])


def _samples(key: str) -> list[dict[str, Param]]:
    names = sorted(CATALOGUE.bundles["en"].needs.get(key, set())
                   | CATALOGUE.bundles["ru"].needs.get(key, set()))
    if not names:
        return [{}]
    by_name: list[dict[str, Param]] = [
        {n: NAMES[(i + shift) % len(NAMES)] for i, n in enumerate(names)}
        for shift in range(len(NAMES))]
    by_number: list[dict[str, Param]] = [{n: number for n in names} for number in NUMBERS]
    return [*by_name, *by_number]


def _rendered(key: str, lang: Lang) -> list[str]:
    return [render(msg(key, **params), lang) for params in _samples(key)]


def _problems(key: str, lang: Lang) -> list[str]:
    bundle = CATALOGUE.bundles[lang]
    if not bundle.has(key):
        return [f"no {lang} text"]
    found: list[str] = []
    for params in _samples(key):
        message = msg(key, **params)
        errors = bundle.errors(key, CATALOGUE.arguments(message, lang))
        found += [f"renders with an error: {e}" for e in errors]
        text = render(message, lang)
        if "{" in text or "}" in text:
            found.append(f"a parameter left unfilled: {text!r}")
        if lang == "en" and "(s)" in text:
            found.append(f"'(s)' instead of a plural: {text!r}")
        if lang == "ru" and RUSSIAN_ENDING_IN_BRACKETS.search(text):
            found.append(f"an ending in brackets instead of agreement: {text!r}")
        if lang == "ru" and not FILE_CHECKS.search(key):
            latin = LATIN_WORD.findall(ALLOWED_LATIN.sub("", text))
            if latin:
                found.append(f"Latin words {latin} in: {text!r}")
        if lang == "ru":
            found += russian_slips(text, PROPER)
    return sorted(set(found))


def _prefix(key: str) -> str:
    return key.split(".", 1)[0]


PREFIXES = sorted({_prefix(k) for k in _keys()})


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_message_reads_as_a_person_wrote_it(prefix: str, lang: Lang) -> None:
    problems = {key: found for key in _keys() if _prefix(key) == prefix
                for found in [_problems(key, lang)] if found}
    assert problems == {}, "\n".join(f"{k}: {'; '.join(v)}" for k, v in problems.items())
