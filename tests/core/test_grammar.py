"""Grammar in the catalogue: Russian cases and gender, plurals, numbers, lists.

The expected forms are written by hand, as a Russian reader writes them."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest

from referee.core import grammar, i18n_plain, morphology
from referee.core.grammar import CatalogueError
from referee.core.i18n import Catalogue, Lang, Msg, Name, Param, msg, render
from referee.core.i18n_plain import (
    LANGS,
    Direct,
    Variants,
    direct_template,
    list_gender,
    list_text,
    locale_of,
    name_case,
    name_gender,
    number_text,
    words_case,
    words_gender,
)
from referee.core.model import LocalName
from referee.core.morphology import Case, gender_of, inflect
from referee.core.places import RuPreposition, Way, place_phrase
from tests.core.fluent_direct import fluent_direct

TEXT = """\
[en]
"g.plays" = "{caster} plays {spell} on {target}."
"g.killed" = "{other} { GENDER($other) -> [plural] are *[other] is } killed."
"g.wounds" = "{n} { $n -> [one] wound *[other] wounds }"
"g.rolls" = "{side} { GENDER($side) -> [plural] roll *[other] rolls } { AND($dice) }."
"g.seats" = "expected { OR($seats) }"
"g.spell" = "Defence-{power}"
"g.side" = "the Lawmen"
"g.side@gender" = "plural"

[ru]
"g.plays" = "{caster} играет «{ CASE($spell, \\"acc\\") }» на { CASE($target, \\"acc\\") }."
"g.killed" = "{other} { GENDER($other) -> [fem] убита [neut] убито [plural] убиты *[masc] убит }."
"g.wounds" = "{n} { $n -> [one] рана [few] раны [many] ран *[other] раны }"
"g.rolls" = "{side} { GENDER($side) -> [plural] выбрасывают *[other] выбрасывает } { AND($dice) }."
"g.seats" = "ожидалось { OR($seats) }"
"g.spell" = "Защита-{power}"
"g.spell@acc" = "Защиту-{power}"
"g.side" = "Законники"
"""


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    path = tmp_path_factory.mktemp("grammar") / "text.toml"
    path.write_text(TEXT, encoding="utf-8")
    result = Catalogue()
    result.load(path)
    return result


LARISA = Name("Larisa", "Лариса")
ANDREY = Name("Andrey", "Андрей")


@pytest.mark.parametrize(("phrase", "case", "form"), [
    ("Лариса", "acc", "Ларису"),
    ("Андрей", "acc", "Андрея"),
    ("Анна", "acc", "Анну"),
    ("Наёмник Коул", "acc", "Наёмника Коула"),
    ("Шериф Гарретт", "gen", "Шерифа Гарретта"),
    ("Маккой", "dat", "Маккою"),
    ("ключ-карта", "acc", "ключ-карту"),
    ("северная дверь", "acc", "северную дверь"),
    ("северная дверь", "ins", "северной дверью"),
    ("Комната охраны", "acc", "Комнату охраны"),
    ("Кабинет директора", "prep", "Кабинете директора"),
    ("Законники", "gen", "Законников"),
    ("Метро", "prep", "Метро"),
    ("Джо", "acc", "Джо"),
    ("Склад №2", "ins", "Складом №2"),
])
def test_the_morphology_declines_names_as_a_russian_reader_does(
        phrase: str, case: Case, form: str) -> None:
    assert inflect(phrase, case) == form


@pytest.mark.parametrize(("phrase", "gender"), [
    ("Лариса", "fem"), ("Андрей", "masc"), ("Законники", "plural"), ("Метро", "neut"),
    ("Наёмник Коул", "masc"), ("Белла", "fem"), ("Garage", None),
])
def test_the_gender_of_a_name_comes_from_its_head_word(phrase: str, gender: str | None) -> None:
    assert gender_of(phrase) == gender


def test_a_woman_with_a_name_ending_in_a_consonant_is_not_declined() -> None:
    assert inflect("Гарретт", "acc") == "Гарретта"
    assert inflect("Гарретт", "acc", "fem") == "Гарретт"


def test_case_and_gender_agree_with_the_name(catalogue: Catalogue) -> None:
    line = msg("g.plays", caster=ANDREY, spell=msg("g.spell", power=3), target=LARISA)
    assert catalogue.render(line, "ru") == "Андрей играет «Защиту-3» на Ларису."
    assert catalogue.render(line, "en") == "Andrey plays Defence-3 on Larisa."
    assert catalogue.render(msg("g.killed", other=LARISA), "ru") == "Лариса убита."
    assert catalogue.render(msg("g.killed", other=ANDREY), "ru") == "Андрей убит."
    assert catalogue.render(msg("g.killed", other=ANDREY), "en") == "Andrey is killed."


def test_a_form_given_by_hand_wins_over_the_morphology(catalogue: Catalogue) -> None:
    self_name = Name("himself", "сам", cases=(("acc", "себя"),))
    line = msg("g.plays", caster=ANDREY, spell=msg("g.spell", power=3), target=self_name)
    assert catalogue.render(line, "ru") == "Андрей играет «Защиту-3» на себя."
    cat = LocalName.model_validate({"en": "Cat", "ru": "Кэт", "gender": "fem"}).name
    assert catalogue.render(msg("g.killed", other=cat), "ru") == "Кэт убита."
    assert catalogue.render(msg("g.plays", caster=cat, spell="x", target=cat), "ru").endswith(
        "на Кэт.")


def test_a_side_named_in_the_plural_takes_a_plural_verb(catalogue: Catalogue) -> None:
    line = msg("g.rolls", side=msg("g.side"), dice=(2, 6))
    assert catalogue.render(line, "en") == "the Lawmen roll 2 and 6."
    assert catalogue.render(line, "ru") == "Законники выбрасывают 2 и 6."
    sheriff = Name("the Sheriff", "Шериф")
    assert catalogue.render(msg("g.rolls", side=sheriff, dice=(4,)), "ru") == \
        "Шериф выбрасывает 4."


@pytest.mark.parametrize(("n", "english", "russian"), [
    (1, "1 wound", "1 рана"),
    (2, "2 wounds", "2 раны"),
    (5, "5 wounds", "5 ран"),
    (21, "21 wounds", "21 рана"),
    (Fraction(1, 2), "0.5 wounds", "0,5 раны"),
    (0, "0 wounds", "0 ран"),
])
def test_plurals_follow_each_languages_rules(
        catalogue: Catalogue, n: int | Fraction, english: str, russian: str) -> None:
    assert catalogue.render(msg("g.wounds", n=n), "en") == english
    assert catalogue.render(msg("g.wounds", n=n), "ru") == russian


@pytest.mark.parametrize(("n", "digits"), [
    (10**25, "10000000000000000000000000"),
    (Fraction(10**25), "10000000000000000000000000"),
    (Fraction(-(10**30) - 1, 2), "-1000000000000000000000000000001/2"),
])
def test_a_number_too_large_to_format_is_written_in_plain_digits(
        catalogue: Catalogue, n: int | Fraction, digits: str) -> None:
    # A mistyped coordinate (1e25) reaches the message that refuses it.
    assert catalogue.render(msg("g.wounds", n=n), "en") == f"{digits} wounds"
    assert catalogue.render(msg("g.wounds", n=n), "ru") == f"{digits} раны"


def test_lists_are_joined_with_or(catalogue: Catalogue) -> None:
    line = msg("g.seats", seats=("night", "day"))
    assert catalogue.render(line, "en") == "expected night or day"
    assert catalogue.render(msg("g.seats", seats=(LARISA, ANDREY)), "ru") == \
        "ожидалось Лариса или Андрей"


def test_a_broken_template_is_refused_naming_the_file_and_the_key(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[en]\n"x.ok" = "fine"\n"x.bad" = "{ $n -> [one] one }"\n', encoding="utf-8")
    catalogue = Catalogue()
    catalogue.load(path)  # each message compiled when first rendered
    assert catalogue.render(msg("x.ok"), "en") == "fine"
    with pytest.raises(CatalogueError, match=r"broken\.toml: \[en\] 'x\.bad' is not a valid"):
        catalogue.render(msg("x.bad", n=1), "en")
    with pytest.raises(CatalogueError, match=r"broken\.toml: \[en\] 'x\.bad' is not a valid"):
        catalogue.bundle("en").compile_all()


def test_forms_without_a_text_of_their_own_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "forms.toml"
    path.write_text('[ru]\n"x.spell@acc" = "Защиту"\n', encoding="utf-8")
    catalogue = Catalogue()
    catalogue.load(path)
    with pytest.raises(CatalogueError, match=r"'x\.spell' has forms but no text of its own"):
        catalogue.render(msg("x.spell"), "ru")


def test_an_unknown_case_is_an_error_the_text_shows(tmp_path: Path) -> None:
    path = tmp_path / "case.toml"
    path.write_text('[ru]\n"x.c" = "на { CASE($who, \\"vocative\\") }"\n', encoding="utf-8")
    catalogue = Catalogue()
    catalogue.load(path)
    assert catalogue.bundles["ru"].errors("x.c", catalogue.arguments(msg("x.c", who=LARISA), "ru"))


@pytest.mark.parametrize(("way", "preposition", "english", "russian"), [
    ("at", "на", "at the Roof", "на Крыше"),
    ("to", "на", "to the Roof", "на Крышу"),
    ("from", "на", "from the Roof", "с Крыши"),
    ("at", "в", "at the Roof", "в Крыше"),
    ("from", "в", "from the Roof", "из Крыши"),
    ("at", "во", "at the Roof", "во Крыше"),
])
def test_a_place_takes_the_preposition_and_case_of_its_way(
        way: Way, preposition: RuPreposition, english: str, russian: str) -> None:
    phrase = place_phrase(way, Name("the Roof", "Крыша"), preposition)
    assert render(phrase, "en") == english
    assert render(phrase, "ru") == russian


def _every_catalogue_template() -> list[tuple[str, str, str]]:
    from referee.core.i18n import CATALOGUE
    from referee.core.ruleset import all_rulesets

    all_rulesets()  # every ruleset's text loaded
    import referee.odds.show  # noqa: F401  (the odds catalogue)

    return [(lang, key, template) for lang, templates in CATALOGUE.templates.items()
            for key, template in templates.items()]


def test_a_plain_template_reads_as_fluent_would_read_it() -> None:
    """Templates of one line with only ``{name}`` parameters skip Fluent's
    parser; each reads exactly as the parsed Fluent message does, spaces at
    the edges, quotes and every other character kept."""
    from fluent.runtime import FluentBundle, FluentResource

    from referee.core.grammar import _PLAIN_TEMPLATE, fluent_source, plain_message, variables

    odd = [("en", "edges", "  two spaces {a} and a tab\t"), ("en", "empty", ""),
           ("en", "marks", "[a] *b .c \\ \"q\" {x}{y}"), ("ru", "ru", "«{who}» — ход {n}.")]
    checked = 0
    for lang, key, template in [*_every_catalogue_template(), *odd]:
        if not _PLAIN_TEMPLATE.fullmatch(template):
            continue
        parsed = FluentBundle([lang], use_isolating=False)
        parsed.add_resource(FluentResource(f"m = {fluent_source(key, template)}\n"))
        built = FluentBundle([lang], use_isolating=False)
        resource = FluentResource("")
        resource.body.append(plain_message("m", template))
        built.add_resource(resource)
        args = {name: f"<{name}>" for name in variables(template)}
        want, got = parsed.get_message("m").value, built.get_message("m").value
        assert want is not None and got is not None
        assert built.format_pattern(got, args) == parsed.format_pattern(want, args), key
        checked += 1
    assert checked > 500


def test_a_plain_template_reads_as_fluent_writes_it(tmp_path: Path) -> None:
    """Plain templates (``{name}`` parameters only) are written without
    Fluent; each reads as Fluent writes the same message."""
    path = tmp_path / "plain.toml"
    path.write_text('[en]\n"p.line" = "{who} takes {what} from {where} ({n}) {gone}"\n'
                    '"p.inner" = "the {thing}"\n'
                    '[ru]\n"p.line" = "{who} берёт {what} из {where} ({n}) {gone}"\n'
                    '"p.inner" = "{thing}"\n', encoding="utf-8")
    catalogue = Catalogue()
    catalogue.load(path)
    samples: list[dict[str, Param]] = [{"who": LARISA, "what": msg("p.inner", thing="folder"),
                    "where": (ANDREY, "Metro"), "n": "seven"},
                   {"who": "Olga", "what": "", "where": (), "n": 3},
                   {"who": LARISA, "what": "x", "where": "y", "n": Fraction(1, 2)},
                   {"who": "Olga", "what": msg("p.inner", thing=ANDREY), "where": (ANDREY, 12),
                    "n": -40000}]
    for params in samples:
        for lang in ("en", "ru"):
            message = msg("p.line", **params)
            bundle = catalogue.bundle(lang)
            shown = catalogue.render(message, lang)
            bundle.compile_all()  # a plain template is written without compiling it
            values = dict(catalogue.arguments(message, lang), gone="{gone}")
            pattern = bundle.bundle.get_message(bundle.ids["p.line"]).value
            assert pattern is not None
            fluent = bundle.bundle.format_pattern(pattern, values)[0]
            assert shown == fluent
            assert shown.endswith("{gone}")  # a missing parameter stays visible


def test_case_gender_and_lists_are_read_by_one_set_of_rules() -> None:
    """The rules CASE, GENDER, AND and OR read a parameter by, whether Fluent
    writes the text or the catalogue writes it itself: a form the scenario
    gives first, a given gender over the dictionary's (a woman named Кэт
    stays Кэт), a name's gender read from its Russian spelling in English
    too (her, his), a list's gender its one item's or plural."""
    assert name_case("Андрей", "acc", "ru", {"acc": "Андрюшу"}, "masc") == "Андрюшу"
    assert name_case("Кэт", "acc", "ru", {}, "fem") == "Кэт"
    assert name_case("Коул", "acc", "ru", {}, None) == "Коула"
    assert name_case("Cole", "acc", "en", {}, None) == "Cole"
    assert words_case("северная дверь", "acc", "ru") == "северную дверь"
    assert words_case("the north door", "acc", "en") == "the north door"
    assert name_gender("plural", None, "the crew", "en") == "plural"
    assert name_gender(None, "Анна", "Anna", "en") == "fem"
    assert name_gender(None, None, "Anna", "en") is None
    assert name_gender(None, None, "Лариса", "ru") == "fem"
    assert words_gender("северная дверь", "ru") == "fem"
    assert words_gender("the north door", "en") is None
    assert list_gender(["дверь"], "ru", words_gender) == "fem"
    assert list_gender(["дверь", "зал"], "ru", words_gender) == "plural"
    assert list_gender([], "ru", words_gender) is None
    assert list_text(["2", "6"], "standard", "en") == "2 and 6"
    assert list_text(["ночь", "день"], "or", "ru") == "ночь или день"
    assert list_text(["a", "b", "c"], None, "en") == "a, b, c"
    assert list_text(["a"], "standard", "en") == "a"


def test_a_name_is_declined_alike_once_its_phrase_is_forgotten() -> None:
    """A game of thousands of characters reads more names in more cases than
    the phrase caches keep; a phrase read again is declined from its words'
    readings, kept apart, to the same forms."""
    assert inflect("Анна Петровна Иванова", "acc") == "Анну Петровну Иванову"
    assert inflect("Гарретт", "acc", "fem") == "Гарретт"
    inflect.cache_clear()
    morphology._reading.cache_clear()
    assert inflect("Анна Петровна Иванова", "acc") == "Анну Петровну Иванову"
    assert inflect("Анна Петровна Иванова", "dat") == "Анне Петровне Ивановой"
    assert inflect("Гарретт", "acc") == "Гарретта"
    assert inflect("Гарретт", "acc", "fem") == "Гарретт"
    assert gender_of("Анна Петровна Иванова") == "fem"


def test_a_name_parameter_reads_each_form_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name made into a parameter once is read in line after line: its
    forms and gender are read from the morphology once."""
    asked: list[str] = []

    def counted(phrase: str, case: Case, gender: str | None = None) -> str:
        asked.append(case)
        return inflect(phrase, case)

    monkeypatch.setattr(i18n_plain, "inflect", counted)
    name = grammar.NameArg("Лариса", "ru", {}, None)
    assert [name.case("acc"), name.case("acc"), name.case("dat")] == ["Ларису", "Ларису", "Ларисе"]
    assert asked == ["acc", "dat"]
    assert name.gender() == name.gender() == "fem"


@pytest.mark.parametrize(("value", "en", "ru"), [
    (3, "3", "3"), (12345, "12345", "12345"), (Fraction(1, 2), "0.5", "0,5"),
    (Fraction(4, 2), "2", "2"), (Fraction(3, 8), "0.375", "0,375"),
])
def test_a_number_is_written_as_each_locale_writes_it_every_time(
        value: int | Fraction, en: str, ru: str) -> None:
    made = grammar.number(value)
    assert not isinstance(made, str)
    for _ in range(2):  # worked out, then remembered
        assert made.format(locale_of("en")) == en
        assert made.format(locale_of("ru")) == ru
    assert grammar.number(value) is made


NUMBERS: list[int | Fraction] = [
    0, 1, 2, 5, 11, 21, 22, 25, 101, 1000, 12345, -1, -3, 10**15, Fraction(1, 2),
    Fraction(-1, 2), Fraction(3, 8), Fraction(5, 2), Fraction(1, 3), Fraction(4, 2),
    Fraction(2001, 1000), Fraction(1, 1024), Fraction(1, 2**40), Fraction(10**15 + 1, 2)]
"""Whole numbers of each plural category in English and Russian, thousands,
negatives, one too large to format, fractions with a finite decimal (up to
and past twelve places) and without."""


def _direct_values() -> list[Param]:
    """Parameters of every kind a direct text writes, and some it leaves to
    Fluent: words a choice names and others, numbers, names with and without
    a Russian spelling, a gender or a form of a case, lists of none, one,
    two and three of them, texts with and without a form of a case (the
    words and numbers first: a choice's are met with every other)."""
    anna = Name("Anna", "Анна")
    boris = Name("Boris", "Борис", "masc")
    crew = Name("the crew", "команда", "plural")
    plain = Name("Vera")
    andrei = Name("Andrei", "Андрей", "masc", (("acc", "Андрюшу"),))
    spell = msg("nw.spell.defence", power=3)  # its Russian entry gives its @acc form
    return ["hands", "body", *NUMBERS, anna, boris, crew, plain, (), (anna,), (crew,),
            (anna, boris), (plain, anna, crew), "inventory", "дверь",
            msg("core.personal-test-missing"), True, ("words", anna), andrei, spell,
            (andrei, spell), ("комната", (anna, "зал")), Fraction(3, 2)]


def _direct_names(pieces: Direct) -> set[str]:
    """The parameters ``pieces`` read, in choices' variants too."""
    names: set[str] = set()
    for piece in pieces:
        if isinstance(piece, str):
            continue
        kind, name, extra = piece
        names.add(name)
        if kind in {"gender", "select"}:
            variants = cast(Variants, extra)
            for _, variant in variants[0]:
                names |= _direct_names(variant)
    return names


@pytest.mark.parametrize("value", NUMBERS)
def test_a_number_is_written_without_fluent_as_fluent_writes_it(value: int | Fraction) -> None:
    """A number a plain or direct text writes reads the same bytes as
    Fluent's (grouping, decimals, the Russian comma), in both languages."""
    for lang in LANGS:
        assert number_text(value, lang) == grammar.Bundle(lang).number_text(value), lang


def test_a_direct_template_is_read_as_fluent_reads_it() -> None:
    """Each catalogue text :func:`direct_template` reads without Fluent is
    read into the same pieces as from Fluent's parse of it, and every text
    of the kinds it reads (a choice, AND, OR) is read."""
    from referee.core.i18n import CATALOGUE

    read = 0
    for written_in, key, template in _every_catalogue_template():
        lang: Lang = "ru" if written_in == "ru" else "en"
        pieces = direct_template(template)
        if "@" in key or pieces is None:
            continue
        assert pieces == fluent_direct(CATALOGUE.bundle(lang), key), (lang, key)
        read += 1
    assert read > 1000
    assert direct_template("{ $n -> [one] a *[other] b }") is not None
    assert direct_template('{ CASE(AND($who), "acc") }') is not None
    for other in ["{ $n -> [0] none *[other] some }", "{ $n -> [one] a [other] b }",
                  '{ CASE($who, "loc") }', "{ CAP($who) }", " { $who }", "{ $who } ", "a\n{ $who }",
                  "{ NUMBER($n) }", "{ $n -> *[other] }"]:
        assert direct_template(other) is None, other


def _choices(values: list[Param], count: int) -> Iterator[tuple[Param, ...]]:
    """Values for ``count`` parameters: the first 200 of every way to choose
    them, then each parameter given every value in turn, the others the
    values that follow it."""
    import itertools

    yield from itertools.islice(itertools.product(values, repeat=count), 200)
    for at in range(count):
        for index in range(len(values)):
            yield tuple(values[(index + other - at) % len(values)] for other in range(count))


def test_a_text_written_from_its_parameters_reads_as_fluent_writes_it() -> None:
    """Catalogue texts of text, parameters, AND or OR of a parameter and
    choices by GENDER, by a parameter's words or by a number's plural
    (:func:`fluent_direct`) are written from the parameters themselves; each
    reads as Fluent writes it, for names, lists, words, numbers and the kinds
    left to Fluent, in both languages."""
    from referee.core.i18n import CATALOGUE

    keys = {(lang, key) for lang, key, _ in _every_catalogue_template() if "@" not in key}
    checked = 0
    for written_in, key in sorted(keys):
        lang: Lang = "ru" if written_in == "ru" else "en"
        bundle = CATALOGUE.bundle(lang)
        pieces = fluent_direct(bundle, key)
        if pieces is None:
            continue
        names = sorted(_direct_names(pieces))
        values = _direct_values()
        for chosen in _choices(values, len(names)):
            text = Msg(key, dict(zip(names, chosen, strict=True)))
            fluent = bundle.writer(key)(CATALOGUE.arguments(text, lang))
            assert CATALOGUE.render(text, lang) == fluent, (lang, key, chosen)
            checked += 1
    assert checked > 1000


def test_english_plurals_numbers_and_choices_are_written_without_fluent() -> None:
    """A plural chosen by a whole number, a fraction written as a decimal, a
    choice by a parameter's words with another by GENDER inside it: written
    in English without importing Fluent (a command's start-up pays ~70 ms
    for it)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from fractions import Fraction\n"
        "import referee.games.facility.ruleset\n"
        "from referee.core.i18n import Name, msg, render\n"
        "lab = Name('the lab')\n"
        "print(render(msg('facility.void.too-far', room=lab, most=1)))\n"
        "print(render(msg('facility.void.too-far', room=lab, most=3)))\n"
        "print(render(msg('facility.gm.put', who=Name('Anna', 'Анна'), item='key',"
        " place='hands')))\n"
        "print(render(msg('facility.hurt', damage=Fraction(1, 2), health=Fraction(5, 2))))\n"
        "print('fluent.runtime' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines() == [
        "the lab cannot be reached in 1 door or pause",
        "the lab cannot be reached in 3 doors and pauses",
        "Anna puts the key in her hands.",
        "You take 0.5 damage; your health is 2.5.",
        "False"]


LIMIT_TEXT = """\
[en]
"l.say" = "say { $what }"
"l.sees" = "{ $who } { GENDER($who) -> [plural] see *[other] sees } it"
"l.put" = "{ $place -> [hands] in { $what } hand *[other] on { $what } }"
"""


def test_a_placeable_past_ten_million_characters_is_refused_as_fluent_refuses_it(
        tmp_path: Path) -> None:
    """A parameter may put up to 10,000,000 characters into a line
    (:data:`~referee.core.i18n_plain.LONGEST_PLACEABLE`: a report quoted
    whole); past that Fluent writes "{???}" in place of the line, for a
    parameter written as it stands and for a choice's variant alike (one
    placeable), while a name or a list is written whole. A text the
    catalogue writes itself reads the same, in each case: up to
    10,000,000 characters long, written by its direct writer, past that by
    Fluent."""
    path = tmp_path / "text.toml"
    path.write_text(LIMIT_TEXT, encoding="utf-8")
    catalogue = Catalogue()
    catalogue.load(path)
    for template in catalogue.templates["en"].values():
        assert direct_template(template) is not None, template  # written without Fluent
    most = 10_000_000

    def written(key: str, **params: Param) -> tuple[str, bool]:
        """The text as Fluent writes it, and whether the direct writer wrote
        it (the same text) rather than leave it to Fluent."""
        text = msg(key, **params)
        fluent = catalogue.bundle("en").writer(key)(catalogue.arguments(text, "en"))
        assert catalogue.render(text, "en") == fluent, key
        pieces = direct_template(catalogue.templates["en"][key])
        assert pieces is not None
        direct = catalogue._direct_text(text, "en", pieces, None)
        assert direct in (fluent, None), key
        return fluent, direct is not None

    longest, too_long = "a" * most, "a" * (most + 1)
    assert written("l.say", what=longest[4:]) == ("say " + longest[4:], True)
    assert written("l.say", what=longest[3:]) == ("say " + longest[3:], False)
    assert written("l.say", what=longest) == ("say " + longest, False)
    assert written("l.say", what=too_long) == ("{???}", False)
    assert written("l.sees", who=too_long) == ("{???}", False)
    assert written("l.sees", who=Name(too_long)) == (too_long + " sees it", False)
    assert written("l.sees", who=Name(longest[8:])) == (longest[8:] + " sees it", True)
    assert written("l.say", what=(longest, "b")) == ("say " + longest + ", b", False)
    assert written("l.put", place="other", what=longest[3:]) == ("on " + longest[3:], True)
    assert written("l.put", place="other", what=longest[2:]) == ("{???}", False)
    assert written("l.put", place="hands", what=longest[8:]) == (
        "in " + longest[8:] + " hand", True)
    assert written("l.put", place="hands", what=longest[7:]) == ("{???}", False)
