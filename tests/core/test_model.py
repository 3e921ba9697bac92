"""The scenario base model: names in one or two languages, strictness."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from referee.core.i18n import Name
from referee.core.model import LocalName, StrictModel


class Place(StrictModel):
    name: LocalName


def test_a_name_is_plain_text_or_both_languages() -> None:
    assert Place.model_validate({"name": "Zoo"}).name.name == Name("Zoo")
    both = Place.model_validate({"name": {"en": "Zoo", "ru": "Зоопарк"}})
    assert both.name.render("ru") == "Зоопарк" and both.name.render("en") == "Zoo"


def test_an_unknown_field_or_language_is_refused() -> None:
    with pytest.raises(ValidationError):
        Place.model_validate({"name": "Zoo", "colour": "red"})
    with pytest.raises(ValidationError):
        Place.model_validate({"name": {"en": "Zoo", "de": "Tiergarten"}})
