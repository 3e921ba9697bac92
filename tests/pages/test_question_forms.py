"""The form made from an answer's JSON Schema, for any answer given by
shape that has no form of its own: every kind of field, filled in with the
answer shown, and read back from what a browser posts."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from referee.core.i18n import Lang, render
from referee.core.ruleset import find_ruleset
from referee.games.facility.orders import Orders, OrdersForm
from referee.server.pages.forms import FormError, SchemaForm, Words
from tests.pages.posting import FormPage


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Step(Strict):
    door: str
    pause: bool = False


class Plan(Strict):
    """Every kind of field a shape may have."""

    count: int = Field(ge=0, le=9)
    share: float
    word: str | None = None
    colour: Literal["red", "blue"] = "red"
    sure: bool = False
    steps: list[Step] = Field(default_factory=list)
    way: list[str | int] = Field(default_factory=list)
    tags: list[Literal["a", "b", "c"]] = Field(default_factory=list)
    extra: Step | None = None
    marks: dict[str, int] = Field(default_factory=dict)


def form_for(value: object) -> tuple[SchemaForm, FormPage]:
    made = SchemaForm(Plan.model_json_schema(), Words("en"))
    return made, FormPage(str(made.html(value)))


def test_a_value_shown_in_the_form_is_read_back_unchanged():
    value = {"count": 3, "share": 0.5, "word": "hello", "colour": "blue", "sure": True,
             "steps": [{"door": "north", "pause": True}, {"door": "east", "pause": False}],
             "way": ["north", 3, "pause"], "tags": ["a", "c"],
             "extra": {"door": "west", "pause": False}, "marks": {"x": 1, "y": 2}}
    made, page = form_for(value)
    assert page.unlabelled() == []
    assert page.duplicate_ids() == []
    assert Plan.model_validate(made.answer(page.post())) == Plan.model_validate(value)


def test_each_field_filled_in_gives_its_value():
    made, page = form_for({"count": 0, "share": 1})
    page.fill("f.count", "7")
    page.fill("f.share", "2,25")
    page.fill("f.colour", '"blue"')
    page.tick("f.sure")
    page.tick("f.steps.0.on")
    page.fill("f.steps.0.door", "south")
    page.fill("f.way.0", "12")
    page.fill("f.way.1", "pause")
    page.tick("f.tags", '"b"')
    page.tick("f.extra.on")
    page.fill("f.extra.door", "up")
    page.fill("f.marks.0.key", "z")
    page.fill("f.marks.0.value", "4")
    answer = made.answer(page.post())
    assert answer == {"count": 7, "share": 2.25, "colour": "blue", "sure": True,
                      "steps": [{"door": "south", "pause": False}], "way": [12, "pause"],
                      "tags": ["b"], "extra": {"door": "up", "pause": False},
                      "marks": {"z": 4}}
    Plan.model_validate(answer)


def test_optional_parts_left_out_are_left_out():
    made, page = form_for({"count": 1, "share": 1.5})
    answer = made.answer(page.post())
    assert "extra" not in answer and "word" not in answer
    assert Plan.model_validate(answer) == Plan(count=1, share=1.5)


@pytest.mark.parametrize("field, typed, words", [
    ("f.count", "", "`count`: this field is needed."),
    ("f.count", "10", "`count`: a number from 0 to 9 is needed."),
    ("f.count", "2.5", "`count`: a whole number is needed."),
    ("f.share", "half", "`share`: a number is needed."),
    ("f.colour", '"green"', "`colour`: choose one of the values offered."),
])
def test_what_does_not_fit_is_refused_naming_its_field(field: str, typed: str, words: str):
    made, page = form_for({"count": 1, "share": 1})
    page.controls = [c for c in page.controls]
    control = page.one(field)
    if control.tag == "select":
        control.options.append((typed, typed))
    page.fill(field, typed)
    with pytest.raises(FormError) as refused:
        made.answer(page.post())
    assert refused.value.field == field
    assert render(refused.value.message, "en") == words


def test_the_words_of_a_shape_name_its_fields():
    """Facility's orders through the generic form: each order by its name
    and help from the catalogue, in the reader's language, and the rules'
    empty orders read back as the same orders."""
    find_ruleset("facility")  # its words
    schema = OrdersForm.model_json_schema()
    template = Orders().model_dump(mode="json")
    langs: tuple[tuple[Lang, str], ...] = (("en", "Movement"), ("ru", "Перемещение"))
    for lang, movement in langs:
        made = SchemaForm(schema, Words(lang))
        page = FormPage(str(made.html(template)))
        assert page.labels["q-f.move.on"].lower() == movement.lower()
        assert page.unlabelled() == []
        assert Orders.model_validate(made.answer(page.post())) == Orders()
    orders = {"move": {"route": ["north", 4, "pause"]}, "take": [{"item": "keycard",
                                                               "place": "hands"}],
              "follow": ["anna", "uniform:agent"], "equip": {"hands": []}}
    made = SchemaForm(schema, Words("en"))
    page = FormPage(str(made.html(orders)))
    assert Orders.model_validate(made.answer(page.post())) == Orders.model_validate(orders)


def test_a_forged_entry_number_costs_no_more_than_a_small_one():
    made, page = form_for({"count": 1, "share": 1})
    form = page.post()
    form["f.way.1000000000"] = ["far"]
    form["f.steps.999999999.on"] = ["1"]
    answer = made.answer(form)
    assert answer["way"] == [] and answer["steps"] == []
