"""Options as buttons (a list when long) that post the option's own value,
so nothing renumbers; the exact odds the terminal shows beside each."""

from __future__ import annotations

from random import Random

import pytest

from referee.boards.tablemap import message_from_json
from referee.core.drivers import Ask
from referee.core.errors import IllegalAnswer
from referee.core.game import Game
from referee.core.i18n import LANGS, render
from referee.odds.at_the_table import odds_at_the_table
from referee.server.pages.forms import LONG_LIST
from referee.server.pages.question import FormError, answer_from_form, question_html
from tests.core.toy import Solo, SoloScenario
from tests.pages.posting import FormPage
from tests.pages.reach import asked, key_of, kinds_of


def test_each_option_is_a_button_posting_its_own_value():
    game, seat = asked("night-watch", lambda v: key_of(v) == "nw.ask.move")
    view = game.view(seat)
    form = FormPage(str(question_html(game.ruleset, view, "en")))
    values = [o["value"] for o in view["waiting"]["options"]]
    assert [(b.name, b.value) for b in form.buttons()] == [("option", v) for v in values]
    for button, option in zip(form.buttons(), view["waiting"]["options"], strict=True):
        assert button.text.strip() == render(message_from_json(option["label"]), "en")
        assert answer_from_form(game.ruleset, view, form.post(button)) == option["value"]


def test_a_form_posted_after_the_options_changed_never_picks_another_option():
    """Night Watch: a card played, the options change; the old page's
    button for that card is refused, the old button of one still offered
    gives that same option."""
    game, seat = asked("night-watch", lambda v: "play" in kinds_of(v)
                       and len(v["waiting"]["options"]) >= 3)
    before = game.view(seat)
    old = FormPage(str(question_html(game.ruleset, before, "en")))
    played = next(o["value"] for o in before["waiting"]["options"]
                  if o["meaning"]["kind"] == "play")
    game.answer(seat, played)
    while game.seats_to_answer() != (seat,) and not game.is_over:
        other = game.seats_to_answer()[0] if game.seats_to_answer() else None
        if other is None:
            game.roll_random(Random(1))
        else:
            game.answer(other, "done")
    after = game.view(seat)
    offered = [o["value"] for o in after["waiting"]["options"]]
    assert played not in offered
    with pytest.raises(FormError) as refused:
        answer_from_form(game.ruleset, after, old.post(old.button("option", played)))
    assert refused.value.field == "option"
    assert render(refused.value.message, "en").startswith("That choice is no longer offered")
    kept = next(b for b in old.buttons() if b.value in offered)
    assert answer_from_form(game.ruleset, after, old.post(kept)) == kept.value


def test_a_long_list_of_options_is_a_list_with_one_button():
    game, seat = asked("night-watch", lambda v: len((v.get("waiting") or {}).get("options")
                                                    or ()) > LONG_LIST)
    view = game.view(seat)
    form = FormPage(str(question_html(game.ruleset, view, "en")))
    radios = [c for c in form.controls if c.kind == "radio"]
    assert [r.value for r in radios] == [o["value"] for o in view["waiting"]["options"]]
    assert [r.checked for r in radios] == [True] + [False] * (len(radios) - 1)
    assert form.unlabelled() == []
    assert len(form.buttons()) == 1
    form.fill("option", radios[-1].value)
    assert answer_from_form(game.ruleset, view, form.post()) == radios[-1].value


def _odds_case(name: str, kind: str) -> tuple[Game, str]:
    return asked(name, lambda v: kind in kinds_of(v))


@pytest.mark.parametrize("name, kind", [("old-west", "shoot"), ("old-west", "charge"),
                                        ("samurai", "attack")])
def test_each_option_shows_the_odds_the_terminal_shows(name: str, kind: str):
    game, seat = _odds_case(name, kind)
    odds = odds_at_the_table(Ask.of(game, seat)) or {}
    assert odds, "the rules give odds here"
    view = game.view(seat)
    for lang in LANGS:
        form = FormPage(str(question_html(game.ruleset, view, lang)))
        labels = [b.text for b in form.buttons()] or [
            form.labels[c.id] for c in form.controls if c.kind == "radio"]
        for index, label in enumerate(labels):
            if index in odds:
                assert render(odds[index], lang) in label
            else:
                assert "%" not in label


def test_values_that_are_not_text_are_posted_as_json():
    game = Game(Solo(), SoloScenario(options=3))
    view = game.view("solo")
    form = FormPage(str(question_html(game.ruleset, view, "en")))
    assert [(b.name, b.value) for b in form.buttons()] == [("option-json", str(n))
                                                            for n in (1, 2, 3)]
    assert answer_from_form(game.ruleset, view, form.post(form.buttons()[1])) == 2
    long = Game(Solo(), SoloScenario(options=20))
    listed = FormPage(str(question_html(long.ruleset, long.view("solo"), "en")))
    assert [r.value for r in listed.named("option-json")] == [str(n) for n in range(1, 21)]
    listed.fill("option-json", "17")
    assert answer_from_form(long.ruleset, long.view("solo"), listed.post()) == 17


def test_an_answer_of_another_shape_gets_a_form_made_from_its_schema():
    """The toy's walk: a number of steps, offered as 0; the rules refuse more
    steps than the number picked."""
    game = Game(Solo(), SoloScenario())
    game.answer("solo", 2)
    game.roll_random(Random(1))
    game.roll_random(Random(1))
    view = game.view("solo")
    form = FormPage(str(question_html(game.ruleset, view, "en")))
    assert form.one("f.steps").value == "0"
    assert form.unlabelled() == []
    assert answer_from_form(game.ruleset, view, form.post()) == {"steps": 0}
    form.fill("f.steps", "5")
    with pytest.raises(IllegalAnswer):
        game.fork().answer("solo", answer_from_form(game.ruleset, view, form.post()))
    form.fill("f.steps", "")
    with pytest.raises(FormError) as refused:
        answer_from_form(game.ruleset, view, form.post())
    assert refused.value.field == "f.steps"


def test_nothing_chosen_and_nothing_asked_are_refused():
    game = Game(Solo(), SoloScenario())
    with pytest.raises(FormError) as refused:
        answer_from_form(game.ruleset, game.view("solo"), {"csrf": ["x"]})
    assert refused.value.field == "option"
    game.answer("solo", 1)
    assert question_html(game.ruleset, game.view("solo"), "en") is None  # a die is rolled
    with pytest.raises(FormError):
        answer_from_form(game.ruleset, game.view("solo"), {"option-json": ["1"]})
