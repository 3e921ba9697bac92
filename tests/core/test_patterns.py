"""Every message of every text file shipped, written by its pattern made
into a Python function (:mod:`referee.core.patterns`), reads exactly as
Fluent's own resolver writes it, in both languages, with names of each
gender, lists, numbers that choose each plural form, and words that choose
each variant."""

from __future__ import annotations

import tomllib
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from fluent.runtime.types import FluentInt

import referee
from referee.core.grammar import ListArg, NameArg, TextArg, number
from referee.core.i18n import LANGS, Catalogue, Lang
from referee.core.patterns import Unsupported


def shipped() -> Catalogue:
    catalogue = Catalogue()
    for path in sorted(Path(referee.__file__).parent.rglob("*.toml")):
        if set(tomllib.loads(path.read_text(encoding="utf-8"))) & set(LANGS):
            catalogue.load(path)
    return catalogue


def values(lang: Lang) -> list[Any]:
    """Arguments of every kind a template is given: names of each gender, a
    message's text, lists of one and three, whole and decimal numbers, words
    a select chooses by."""
    anna = NameArg("Анна" if lang == "ru" else "Anna", lang, {}, None, "Анна")
    boris = NameArg("Борис" if lang == "ru" else "Boris", lang, {"acc": "Бориса"}, "masc", None)
    door = TextArg("дверь" if lang == "ru" else "door", lang, lambda name: None)
    return [anna, boris, door, ListArg([anna], lang), ListArg([anna, boris, door], lang),
            number(1), number(2), number(5), number(21), FluentInt(0), "hands", "inventory",
            "body", "fem", "masc", "plural", "other", "text"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_made_pattern_writes_what_fluent_writes(lang: Lang) -> None:
    bundle = shipped().bundle(lang)
    bundle.compile_all()
    given = values(lang)
    compared = 0
    for key in sorted(bundle.ids):
        message = bundle._message(key)
        patterns: dict[str | None, Any] = {None: message.value}
        patterns.update(message.attributes)
        names = sorted(bundle.needs[key])
        for attribute, pattern in patterns.items():
            if pattern is None:
                continue
            made = bundle._made(key, attribute, pattern)
            if made is None:
                continue
            for shift in range(len(given)):
                args = dict(zip(names, islice(
                    (given[(shift + at * 7) % len(given)] for at in range(len(names))),
                    len(names)), strict=True))
                expected, _errors = bundle.bundle.format_pattern(pattern, args)
                try:
                    assert made(args) == expected, (key, attribute, args)
                except Unsupported:
                    continue
                compared += 1
    assert compared > 5_000


def test_a_pattern_of_another_kind_is_left_to_fluent() -> None:
    catalogue = Catalogue()
    bundle = catalogue.bundle("en")
    bundle.add({"a.term": "{ -brand } rules", "a.num": "{ $n -> [0] none *[other] some }"}, "t")
    for key in ("a.term", "a.num"):
        pattern = bundle._message(key).value
        assert pattern is not None
        assert bundle._made(key, None, pattern) is None
    assert bundle.format("a.num", {"n": number(0)}) == "none"
