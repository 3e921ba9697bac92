"""A line worded for its reader straight from its text (``render_for``, as
``referee resolve`` writes every seat's lines) reads exactly as the
reader's copy of the text rendered (``render(for_reader(...))``): for the
reader it addresses, for everyone else, with a personal part inside a
text whose case a template asks for, in a list, and two deep."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core.i18n import LANGS, Catalogue, Lang, Msg, Name, for_reader, msg, personal

TEXT = """
[en]
"t.at" = "({phase}) {what}"
"t.step" = "step {n}"
"t.sees" = "{who} sees { CASE($thing, \\"acc\\") } and { AND($all) }."
"t.you-see" = "You see {thing}."
"t.box" = "the box"
"t.yours" = "your box"
[ru]
"t.at" = "({phase}) {what}"
"t.step" = "шаг {n}"
"t.sees" = "{who} видит { CASE($thing, \\"acc\\") } и { AND($all) }."
"t.you-see" = "Вы видите {thing}."
"t.box" = "коробка"
"t.box@acc" = "коробку"
"t.yours" = "ваша коробка"
"t.yours@acc" = "свою коробку"
"""


@pytest.fixture
def catalogue(tmp_path: Path) -> Catalogue:
    path = tmp_path / "text.toml"
    path.write_text(TEXT, encoding="utf-8")
    made = Catalogue()
    made.load(path)
    return made


def line() -> Msg:
    anna = Name("Anna", "Анна")
    box = personal(("anna",), msg("t.yours"), msg("t.box"))
    seen = msg("t.sees", who=anna, thing=box, all=(box, msg("t.box")))
    inner = personal(("boris",), msg("t.you-see", thing=box), seen)
    return msg("t.at", phase=msg("t.step", n=2), what=inner)


@pytest.mark.parametrize("lang", LANGS)
def test_each_reader_reads_what_its_copy_of_the_line_reads(catalogue: Catalogue,
                                                           lang: Lang) -> None:
    text = line()
    expected = {reader: catalogue.render(for_reader(text, reader), lang)
                for reader in ("anna", "boris", "vera", "referee")}
    assert len(set(expected.values())) == 3  # anna, boris, and everyone else
    with catalogue.remembering():
        for _ in range(2):  # worked out, then remembered
            assert {reader: catalogue.render_for(text, reader, lang)
                    for reader in expected} == expected
    assert catalogue.render_for(text, "anna", lang) == expected["anna"]


def test_the_case_of_a_personal_part_is_its_wording_s_own(catalogue: Catalogue) -> None:
    with catalogue.remembering():
        assert catalogue.render_for(line(), "anna", "ru") == \
            "(шаг 2) Анна видит свою коробку и ваша коробка и коробка."


@pytest.mark.parametrize("lang", LANGS)
def test_a_reader_s_lines_read_as_each_line_alone(catalogue: Catalogue, lang: Lang) -> None:
    """``render_all_for`` of a reader's part of a log reads as ``render_for``
    of each line, remembering or not, lines met before or new."""
    texts = [line(), msg("t.box"), line(), personal(("anna",), msg("t.yours"), msg("t.box"))]
    texts.append(texts[0])
    for reader in ("anna", "boris", "vera"):
        expected = [catalogue.render(for_reader(text, reader), lang) for text in texts]
        assert catalogue.render_all_for(texts, reader, lang) == expected
        with catalogue.remembering():
            catalogue.render_for(texts[0], "vera", lang)  # one line worded already
            for _ in range(2):
                assert catalogue.render_all_for(texts, reader, lang) == expected


def test_lines_worded_in_both_languages_in_one_block_read_as_each_alone(
        catalogue: Catalogue) -> None:
    """A text keeps its common wording in one language; worded in the other
    too in the same block (reports in each seat's language), each reads as
    it does alone, and a later block words them afresh."""
    texts = [line(), msg("t.box"), personal(("anna",), msg("t.yours"), msg("t.box"))]
    expected = {(reader, lang): [catalogue.render(for_reader(text, reader), lang)
                                 for text in texts]
                for reader in ("anna", "boris", "vera") for lang in LANGS}
    for _ in range(2):  # the second block finds nothing the first left in the texts
        with catalogue.remembering():
            for _ in range(2):
                for (reader, lang), lines in expected.items():
                    assert catalogue.render_all_for(texts, reader, lang) == lines
