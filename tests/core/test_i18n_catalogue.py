"""The translation catalogue: English and Russian, names, numbers, the locale."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from referee.core.i18n import (
    CATALOGUE,
    LANGS,
    Catalogue,
    Lang,
    Name,
    format_number,
    language_from_env,
    msg,
    placeholders,
    render,
)
from referee.core.ruleset import all_rulesets

TEXT = """\
[en]
"t.moved" = "{who} moves to {where}"
"t.odds" = "chance {p}"
"t.list" = "seen: {names}"
"t.only-en" = "English only"
[en.t.nested]
"deep" = "deep {x}"

[ru]
"t.moved" = "{who} идёт в {where}"
"t.odds" = "шанс {p}"
"t.list" = "видели: {names}"
[ru.t.nested]
"deep" = "глубоко {x}"
"""

METRO = Name("Metro", "Метро")
GARAGE = Name("Garage")


@pytest.fixture
def catalogue(tmp_path: Path) -> Catalogue:
    path = tmp_path / "text.toml"
    path.write_text(TEXT, encoding="utf-8")
    result = Catalogue()
    result.load(path)
    result.load(path)  # loading twice changes nothing
    assert result.sources == [path]
    return result


def test_a_message_renders_in_each_language(catalogue: Catalogue) -> None:
    message = msg("t.moved", who=Name("Anton", "Антон"), where=METRO)
    assert catalogue.render(message, "en") == "Anton moves to Metro"
    assert catalogue.render(message, "ru") == "Антон идёт в Метро"


def test_a_name_without_a_russian_spelling_falls_back_to_english(catalogue: Catalogue) -> None:
    assert GARAGE.render("ru") == "Garage"
    assert GARAGE.to_json() == {"en": "Garage", "ru": "Garage"}
    assert catalogue.render(msg("t.moved", who="Olga", where=GARAGE), "ru") == "Olga идёт в Garage"


def test_a_key_missing_in_russian_falls_back_to_english(catalogue: Catalogue) -> None:
    assert catalogue.render(msg("t.only-en"), "ru") == "English only"


def test_an_unknown_key_renders_as_itself_and_a_missing_parameter_stays_visible(
        catalogue: Catalogue) -> None:
    assert catalogue.render(msg("t.nowhere"), "ru") == "t.nowhere"
    assert catalogue.render(msg("t.moved", who="Olga"), "en") == "Olga moves to {where}"


def test_nested_tables_become_dotted_keys(catalogue: Catalogue) -> None:
    assert catalogue.render(msg("t.nested.deep", x=1), "ru") == "глубоко 1"


def test_fractions_messages_and_tuples_as_parameters(catalogue: Catalogue) -> None:
    assert catalogue.render(msg("t.odds", p=Fraction(1, 2))) == "chance 0.5"
    assert catalogue.render(msg("t.odds", p=Fraction(1, 3)), "ru") == "шанс 1/3"
    assert catalogue.render(msg("t.list", names=(METRO, GARAGE)), "ru") == "видели: Метро, Garage"
    inner = msg("t.odds", p=Fraction(3, 4))
    assert catalogue.render(msg("t.list", names=inner), "ru") == "видели: шанс 0,75"


def test_plain_strings_and_names_render_directly(catalogue: Catalogue) -> None:
    assert catalogue.render("as is", "ru") == "as is"
    assert catalogue.render(METRO, "ru") == "Метро"


def test_a_catalogue_entry_that_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[en]\n"t.count" = 3\n', encoding="utf-8")
    catalogue = Catalogue()
    catalogue.load(path)  # read on first use
    with pytest.raises(ValueError, match=r"t\.count"):
        catalogue.render(msg("t.count"), "en")


def test_a_file_is_read_only_when_its_language_is_first_used(tmp_path: Path) -> None:
    path = tmp_path / "late.toml"
    path.write_text('[en]\n"t.late" = "early"\n', encoding="utf-8")
    catalogue = Catalogue()
    catalogue.load(path)
    path.write_text('[en]\n"t.late" = "on first use"\n', encoding="utf-8")
    assert catalogue.render(msg("t.late"), "en") == "on first use"


def test_a_message_as_json_keeps_its_parameters_readable() -> None:
    message = msg("t.odds", p=Fraction(1, 4), where=METRO, seen=(GARAGE, 3),
                  inner=msg("t.x", n=Fraction(5, 2)))
    assert message.to_json() == {"key": "t.odds", "params": {
        "p": "0.25", "where": {"en": "Metro", "ru": "Метро"},
        "seen": [{"en": "Garage", "ru": "Garage"}, 3],
        "inner": {"key": "t.x", "params": {"n": "2.5"}}}}


@pytest.mark.parametrize(("value", "text"), [
    (Fraction(1, 2), "0.5"),
    (Fraction(3, 4), "0.75"),
    (Fraction(1, 3), "1/3"),
    (Fraction(2, 6), "1/3"),
    (Fraction(5, 6), "5/6"),
    (Fraction(4, 2), "2"),
    (7, "7"),
    (0, "0"),
    (Fraction(-3, 4), "-0.75"),
    (Fraction(-1, 3), "-1/3"),
    (Fraction(1, 1024), "0.0009765625"),
    (Fraction(1234567, 2), "617283.5"),
    (Fraction(1, 80), "0.0125"),
])
def test_numbers_are_written_exactly(value: Fraction | int, text: str) -> None:
    assert format_number(value) == text


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"),
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "RU"}, "ru"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LC_ALL": "", "LC_MESSAGES": "ru_RU", "LANG": "en_US"}, "ru"),
    ({"LC_MESSAGES": "en_US", "LANG": "ru_RU"}, "en"),
])
def test_the_language_comes_from_the_locale(environ: dict[str, str], lang: str) -> None:
    assert language_from_env(environ) == lang


def test_the_language_defaults_to_the_process_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert language_from_env() == "ru"


def test_placeholders_lists_the_parameter_names() -> None:
    assert placeholders("{a} and {b}, again {a}; { $c -> [one] x *[other] { CASE($d, \"acc\") } }"
                        ) == {"a", "b", "c", "d"}


def test_the_shared_catalogue_renders_the_core_text_in_both_languages() -> None:
    message = msg("core.end.won", winners=("the north side",), reason="xyzzy")
    english, russian = render(message), render(message, "ru")
    assert english != russian
    for text in (english, russian):
        assert "north" in text and "xyzzy" in text and "{" not in text
    assert any("а" <= char <= "я" for char in russian.lower())


def _differ(one: str, other: str) -> bool:
    """Whether two templates of a key show different parameters. One read
    only inside a select (``{ GENDER($who) -> ... }``, a plural's variants)
    may be needed in one language and not the other («себя» needs no name,
    "himself" does)."""
    first, second = placeholders(one), placeholders(other)
    only_in_selects = (first - placeholders(_without_selects(one))) | (
        second - placeholders(_without_selects(other)))
    return not (first ^ second) <= only_in_selects


def _without_selects(template: str) -> str:
    out, depth, start = [], 0, 0
    for index, char in enumerate(template):
        if char == "{":
            if depth == 0:
                start = index
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                block = template[start:index + 1]
                out.append("" if "->" in block else block)
        elif depth == 0:
            out.append(char)
    return "".join(out)


def test_every_catalogue_key_is_in_both_languages_with_the_same_placeholders() -> None:
    all_rulesets()  # loads every game's catalogue too
    forms = {lang: {key.partition("@")[0] for key in CATALOGUE.templates[lang] if "@" in key}
             for lang in LANGS}
    templates = {lang: {k: v for k, v in CATALOGUE.templates[lang].items() if "@" not in k}
                 for lang in LANGS}
    assert set(LANGS) == {"en", "ru"}
    for lang in LANGS:  # a case or gender form belongs to a message of the same language
        assert forms[lang] <= set(templates[lang]), forms[lang] - set(templates[lang])
    only_en = sorted(set(templates["en"]) - set(templates["ru"]))
    only_ru = sorted(set(templates["ru"]) - set(templates["en"]))
    assert only_en == [], f"keys without Russian text: {only_en}"
    assert only_ru == [], f"keys without English text: {only_ru}"
    differ = [key for key in templates["en"]
              if _differ(templates["en"][key], templates["ru"][key])]
    assert differ == [], f"keys whose placeholders differ between languages: {differ}"
    for lang in LANGS:
        assert all(text.strip() for text in templates[lang].values())


def test_every_shipped_catalogue_file_compiles_in_both_languages() -> None:
    """Messages are compiled when first rendered; every one of every text
    file shipped is a valid template all the same."""
    import tomllib

    import referee

    files = [path for path in sorted(Path(referee.__file__).parent.rglob("*.toml"))
             if set(tomllib.loads(path.read_text(encoding="utf-8"))) & set(LANGS)]
    assert len(files) > 10
    catalogue = Catalogue()
    for path in files:
        catalogue.load(path)
    for lang in LANGS:
        bundle = catalogue.bundle(lang)
        bundle.compile_all()
        assert len(bundle.ids) > 500


def test_threads_rendering_at_once_each_read_every_message() -> None:
    """The server renders pages from several threads: the first renders of a
    fresh catalogue, at the same moment, all read their text (no message
    compiled twice or read half-added)."""
    import threading
    import tomllib

    import referee

    files = [path for path in sorted(Path(referee.__file__).parent.rglob("text.toml"))
             if set(tomllib.loads(path.read_text(encoding="utf-8"))) & set(LANGS)]
    catalogue = Catalogue()
    for path in files:
        catalogue.load(path)
    keys = {lang: list(_keys_of(files, lang)) for lang in LANGS}
    start = threading.Barrier(8)
    wrong: list[str] = []

    def read(lang: Lang) -> None:
        start.wait()
        for key in keys[lang]:
            try:
                text = catalogue.render(msg(key), lang)
            except Exception as exc:  # a failure is what the test looks for
                wrong.append(f"{lang} {key}: {exc!r}")
                continue
            if text == key:
                wrong.append(f"{lang} {key}: rendered as its key")

    threads = [threading.Thread(target=read, args=(LANGS[n % 2],)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def _keys_of(files: list[Path], lang: Lang) -> list[str]:
    """Every message key of ``files`` in ``lang`` (a form ``key@form`` left out)."""
    import tomllib

    found: list[str] = []

    def walk(table: dict[str, object], prefix: str) -> None:
        for name, value in table.items():
            key = f"{prefix}{name}"
            if isinstance(value, dict):
                walk(value, key + ".")
            elif "@" not in key:
                found.append(key)

    for path in files:
        walk(tomllib.loads(path.read_text(encoding="utf-8")).get(lang, {}), "")
    return found
