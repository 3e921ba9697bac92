"""Russian case forms and gender of names a scenario gives only in the nominative.

A scenario may spell any form out by hand (:class:`referee.core.i18n.Name`
``cases``); what it leaves out comes from here. The dictionary is pymorphy3's
OpenCorpora one: a phrase is inflected word by word from its start while the
words agree with its head (adjectives, the head noun, names in apposition:
«Наёмник Коул» → «Наёмника Коула», «северная дверь» → «северную дверь») and
left as it is from the first word that does not (a genitive complement, a
preposition, a number: «Комната охраны» → «Комнату охраны»). A capitalised word
the dictionary does not know is read as a foreign personal name and declined by
its ending, as Russian declines such names (Коул → Коула, Маккой → Маккоя).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Literal, TypeAlias

if TYPE_CHECKING:
    from pymorphy3 import MorphAnalyzer
    from pymorphy3.analyzer import Parse

Case: TypeAlias = Literal["nom", "gen", "dat", "acc", "ins", "prep"]
Gender: TypeAlias = Literal["masc", "fem", "neut", "plural"]

CASES: tuple[Case, ...] = ("nom", "gen", "dat", "acc", "ins", "prep")
GENDERS: tuple[Gender, ...] = ("masc", "fem", "neut", "plural")
_TAG: dict[Case, str] = {"nom": "nomn", "gen": "gent", "dat": "datv", "acc": "accs",
                         "ins": "ablt", "prep": "loct"}
_CYRILLIC_WORD = re.compile(r"^[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*$")


@cache
def _analyzer() -> MorphAnalyzer:
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


WORDS_KEPT = 65_536
"""How many words' readings and forms are kept (:func:`_nominative_parse`,
:func:`_inflect_word`): a game of thousands of characters has thousands of
names, each read in several cases, made of far fewer words (Анна, Петровна,
Иванова), each read from the dictionary once."""


PHRASES_KEPT = 65_536
"""How many phrases' forms and readings are kept (:func:`inflect`,
:func:`_reading`): a building's rooms and a game's characters, each read in
several cases, line after line."""


@dataclass(frozen=True, slots=True)
class _Word:
    """One word of a phrase as read for inflection; known by its text alone
    (its reading is the dictionary's for that text)."""

    text: str
    parse: Parse | None = field(compare=False)  # a nominative parse from the dictionary
    foreign: bool = field(compare=False)  # an unknown capitalised word: a foreign personal name


@lru_cache(maxsize=PHRASES_KEPT)
def inflect(phrase: str, case: Case, gender: Gender | None = None) -> str:
    """``phrase`` (nominative) put in ``case``; ``gender`` overrides the
    dictionary's for the head word (a woman named Кэт stays Кэт)."""
    if case == "nom" or not phrase:
        return phrase
    reading = _reading(phrase)
    if not reading.words:
        return phrase
    head_gender = gender or reading.gender
    animate = head_gender != "neut" and reading.animate
    out = phrase.split(" ")
    for index, word in enumerate(reading.words):
        out[index] = _inflect_word(word, case, head_gender, animate)
    return " ".join(out)


def gender_of(phrase: str) -> Gender | None:
    """The grammatical gender of ``phrase``'s head, ``plural`` for a plural,
    None when nothing in it is a Russian noun the dictionary or the name
    endings can read."""
    return _reading(phrase).gender


@dataclass(frozen=True, slots=True)
class _Reading:
    """What a phrase's head makes of it: the leading words that agree with
    the head and so change with case, the head's gender and its animacy."""

    words: tuple[_Word, ...]
    gender: Gender | None
    animate: bool


_NOTHING_READ = _Reading((), None, False)


@lru_cache(maxsize=PHRASES_KEPT)
def _reading(phrase: str) -> _Reading:
    """``phrase`` read once, for its gender and each of its cases."""
    words = _agreeing_words(phrase)
    if not words:
        return _NOTHING_READ
    return _Reading(words, _head_gender(words), _animate(words))


def _agreeing_words(phrase: str) -> tuple[_Word, ...]:
    """The leading words that agree with the head and so change with case."""
    words: list[_Word] = []
    for text in phrase.split(" "):
        if not _CYRILLIC_WORD.match(text):
            break
        parse = _nominative_parse(text)
        foreign = parse is None and text[0].isupper() and not _known(text)
        if parse is None and not foreign:
            break
        word = _Word(text, parse, foreign)
        if words and _after_head(words) and not _in_apposition(word, words):
            break
        words.append(word)
    return tuple(words)


def _after_head(words: list[_Word]) -> bool:
    return any(w.foreign or (w.parse is not None and w.parse.tag.POS == "NOUN") for w in words)


def _in_apposition(word: _Word, words: list[_Word]) -> bool:
    """A noun after the head that names the same thing («Наёмник Коул»), not
    a complement («Комната охраны», «Кабинет директора») or a new phrase."""
    if word.foreign:
        return True
    assert word.parse is not None
    if word.parse.tag.POS != "NOUN":
        return False
    head = next(w for w in words
                if w.foreign or (w.parse is not None and w.parse.tag.POS == "NOUN"))
    head_plural = head.parse is not None and "plur" in head.parse.tag.grammemes
    return ("plur" in word.parse.tag.grammemes) == head_plural


@lru_cache(maxsize=WORDS_KEPT)
def _known(text: str) -> bool:
    return bool(_analyzer().word_is_known(text.lower()))


@lru_cache(maxsize=WORDS_KEPT)
def _nominative_parse(text: str) -> Parse | None:
    """The dictionary's best reading of ``text`` as a nominative noun or
    adjective; names first for a capitalised word."""
    if not _known(text) and "-" not in text:
        return None
    candidates = [p for p in _analyzer().parse(text)
                  if "nomn" in p.tag and p.tag.POS in {"NOUN", "ADJF", "PRTF"}]
    if not candidates:
        return None
    if text[0].isupper():
        named = [p for p in candidates if {"Name", "Surn", "Patr"} & p.tag.grammemes]
        candidates = named or candidates
    return max(candidates, key=lambda p: p.score)


def _head_gender(words: Sequence[_Word]) -> Gender | None:
    for word in words:
        if word.parse is not None and word.parse.tag.POS == "NOUN":
            return _parse_gender(word.parse)
    for word in words:
        if word.foreign:
            return "fem" if word.text[-1] in "ая" else "masc"
    return _parse_gender(words[0].parse) if words[0].parse is not None else None


def _parse_gender(parse: Parse) -> Gender | None:
    grammemes = parse.tag.grammemes
    if "plur" in grammemes:
        return "plural"
    for tag, gender in (("masc", "masc"), ("femn", "fem"), ("neut", "neut"), ("ms-f", "masc")):
        if tag in grammemes:
            return gender  # type: ignore[return-value]
    return None


def _animate(words: Sequence[_Word]) -> bool:
    for word in words:
        if word.foreign:
            return True
        if word.parse is not None and word.parse.tag.POS == "NOUN":
            return "anim" in word.parse.tag.grammemes
    return False


@lru_cache(maxsize=WORDS_KEPT)
def _inflect_word(word: _Word, case: Case, gender: Gender | None, animate: bool) -> str:
    if word.foreign:
        return _foreign_name(word.text, case, gender)
    assert word.parse is not None
    wanted = {_TAG[case]}
    if word.parse.tag.POS in {"ADJF", "PRTF"}:
        wanted |= _adjective_agreement(gender, animate, case)
    form = word.parse.inflect(wanted)
    return _same_capitals(word.text, form.word) if form is not None else word.text


def _adjective_agreement(gender: Gender | None, animate: bool, case: Case) -> set[str]:
    grammemes = {"plur"} if gender == "plural" else {
        {"masc": "masc", "fem": "femn", "neut": "neut"}[gender]} if gender else set()
    if case == "acc" and gender in {"masc", "plural"}:
        grammemes.add("anim" if animate else "inan")
    return grammemes


_FOREIGN_ENDINGS: dict[str, dict[Case, str]] = {
    # The hard and soft masculine declensions and the -а/-я one, for names.
    "consonant": {"gen": "а", "dat": "у", "acc": "а", "ins": "ом", "prep": "е"},
    "й": {"gen": "я", "dat": "ю", "acc": "я", "ins": "ем", "prep": "е"},
    "ь": {"gen": "я", "dat": "ю", "acc": "я", "ins": "ем", "prep": "е"},
    "а": {"gen": "ы", "dat": "е", "acc": "у", "ins": "ой", "prep": "е"},
    "я": {"gen": "и", "dat": "е", "acc": "ю", "ins": "ей", "prep": "е"},
}
_VOWELS = "аеёиоуыэюя"


def _foreign_name(text: str, case: Case, gender: Gender | None) -> str:
    """A name the dictionary does not know, declined by its ending: men's
    names ending in a consonant, -й or -ь, and anyone's ending in -а or -я;
    the rest (Джо, Кэти, a woman's Кэт) do not change."""
    if case == "nom":
        return text
    last = text[-1].lower()
    if last in "ая":
        stem, endings = text[:-1], dict(_FOREIGN_ENDINGS[last])
        if last == "а" and stem[-1:].lower() in "гкхжчшщ":
            endings["gen"] = "и"
        return stem + endings[case]
    if gender in {"fem", "neut", "plural"} or last in _VOWELS:
        return text
    if last in "йь":
        return text[:-1] + _FOREIGN_ENDINGS[last][case]
    ending = _FOREIGN_ENDINGS["consonant"][case]
    if case == "ins" and last in "жшчщц":
        ending = "ем"
    return text + ending


def _same_capitals(original: str, form: str) -> str:
    """``form`` written with ``original``'s capitals (per hyphenated part)."""
    parts = form.split("-")
    originals = original.split("-")
    if len(parts) != len(originals):
        return form[:1].upper() + form[1:] if original[:1].isupper() else form
    return "-".join(p[:1].upper() + p[1:] if o[:1].isupper() else p
                    for p, o in zip(parts, originals, strict=True))
