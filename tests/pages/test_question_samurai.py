"""A Samurai allocation with steppers: a row per fighter of the side in the
fight, Attack and Defence both set from the start and both settable, the
tokens left to place shown; an empty number refused, never read as 0."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.errors import IllegalAnswer
from referee.core.i18n import render
from referee.server.pages.question import FormError, answer_from_form, question_html
from tests.pages.posting import FormPage
from tests.pages.reach import asked, key_of

GAME, SEAT = asked("samurai", lambda view: key_of(view) == "sam.ask.tokens")
RULESET = GAME.ruleset


def view() -> dict[str, Any]:
    return GAME.view(SEAT)


def mine() -> list[str]:
    return list(view()["state"]["fight"]["sides"][SEAT])


def page(lang: str = "en") -> FormPage:
    return FormPage(str(question_html(RULESET, view(), lang)))  # type: ignore[arg-type]


def test_a_row_per_fighter_with_its_combat_potential_and_both_steppers():
    form = page()
    state = view()["state"]
    for fighter in mine():
        name = state["fighters"][fighter]["name"]["en"]
        for kind, words in (("attack", "Attack tokens"), ("defence", "Defence tokens")):
            field = form.one(f"tokens.{fighter}.{kind}")
            assert form.labels[field.id] == words
            steps = [b for b in form.controls if b.tag == "button" and b.kind == "button"
                     and b.aria_label.endswith(name) and kind.capitalize() in b.aria_label]
            assert sorted(b.value or b.text for b in steps) == ["+", "−"]
        html = str(question_html(RULESET, view(), "en"))
        assert f"{name} (Combat Potential {state['fighters'][fighter]['cp']})" in html


def test_the_form_starts_from_the_offered_allocation_and_counts_what_is_left():
    template = view()["waiting"]["template"]["fighters"]
    form = page()
    for fighter in mine():
        assert form.one(f"tokens.{fighter}.attack").value == str(template[fighter]["attack"])
        assert form.one(f"tokens.{fighter}.defence").value == str(template[fighter]["defence"])
    total = sum(view()["state"]["fighters"][f]["cp"] for f in mine())
    placed = sum(t["attack"] + t["defence"] for t in template.values())
    html = str(question_html(RULESET, view(), "en"))
    assert f'Tokens left to place: <output data-left>{total - placed}</output> / {total}' in html
    assert f'data-tokens-total="{total}"' in html


def test_defence_is_set_like_attack_and_the_rules_take_it():
    form = page()
    wanted: dict[str, Any] = {}
    for fighter in mine():
        cp = view()["state"]["fighters"][fighter]["cp"]
        form.fill(f"tokens.{fighter}.attack", "0")
        form.fill(f"tokens.{fighter}.defence", str(cp))
        wanted[fighter] = {"attack": 0, "defence": cp, "boost_initiative": False}
    answer = answer_from_form(RULESET, view(), form.post())
    assert answer == {"fighters": wanted}
    GAME.fork().answer(SEAT, answer)


def test_an_allocation_that_does_not_add_up_is_sent_and_refused_by_the_rules():
    form = page()
    fighter = mine()[0]
    form.fill(f"tokens.{fighter}.defence", "1")
    answer = answer_from_form(RULESET, view(), form.post())
    with pytest.raises(IllegalAnswer):
        GAME.fork().answer(SEAT, answer)


@pytest.mark.parametrize("kind", ["attack", "defence"])
def test_an_empty_number_is_refused_naming_the_fighter_and_the_tokens(kind: str):
    form = page()
    fighter = mine()[0]
    form.fill(f"tokens.{fighter}.{kind}", "")
    with pytest.raises(FormError) as refused:
        answer_from_form(RULESET, view(), form.post())
    assert refused.value.field == f"tokens.{fighter}.{kind}"
    name = view()["state"]["fighters"][fighter]["name"]
    en, ru = {"attack": ("Attack tokens", "Жетоны Атаки"),
              "defence": ("Defence tokens", "Жетоны Защиты")}[kind]
    assert render(refused.value.message, "en") == f"{en} of {name['en']}: this field is needed."
    assert render(refused.value.message, "ru") == f"{ru}: {name['ru']}: это поле нужно заполнить."


@pytest.mark.parametrize("typed", ["-1", "2.5", "many", "51"])
def test_a_number_out_of_shape_is_refused(typed: str):
    form = page()
    fighter = mine()[0]
    form.fill(f"tokens.{fighter}.attack", typed)
    with pytest.raises(FormError) as refused:
        answer_from_form(RULESET, view(), form.post())
    assert refused.value.field == f"tokens.{fighter}.attack"


def test_the_allocation_sent_is_shown_again_to_be_replaced():
    form = page()
    fighter = mine()[0]
    cp = view()["state"]["fighters"][fighter]["cp"]
    others = {f: view()["waiting"]["template"]["fighters"][f] for f in mine()}
    form.fill(f"tokens.{fighter}.attack", "0")
    form.fill(f"tokens.{fighter}.defence", str(cp))
    game = GAME.fork()
    sent = answer_from_form(RULESET, view(), form.post())
    game.answer(SEAT, sent)
    again = FormPage(str(question_html(RULESET, game.view(SEAT), "en")))
    assert answer_from_form(RULESET, game.view(SEAT), again.post()) == sent
    assert others  # the other fighters kept what they were offered
