"""The base every scenario model stands on: strict (an unknown field is an
error, never silently ignored) and frozen, and one way to write a name in
two languages: ``name = "Zavulon"`` or ``name = { en = "Zavulon", ru = "Завулон" }``,
with the Russian grammar the morphology cannot guess given by hand:
``{ en = "Cat", ru = "Кэт", gender = "fem" }``,
``{ en = "the Lawmen", ru = "Законники", gender = "plural", cases = { acc = "Законников" } }``."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from referee.core.i18n import Lang, Name


class StrictModel(BaseModel):
    """A scenario's part: unknown fields are refused, values never change, and
    every number is finite (``inf`` and ``nan`` are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class LocalName(StrictModel):
    """A name as a scenario writes it: plain text, or its English and Russian."""

    en: str
    ru: str | None = None
    gender: Literal["masc", "fem", "neut", "plural"] | None = None
    cases: dict[Literal["nom", "gen", "dat", "acc", "ins", "prep"], str] | None = None

    @model_validator(mode="before")
    @classmethod
    def _plain_text(cls, value: Any) -> Any:
        return {"en": value} if isinstance(value, str) else value

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        """The schema says what the model reads: plain text, or the table."""
        return {"anyOf": [{"type": "string"}, handler(core_schema)]}

    @property
    def name(self) -> Name:
        return Name(self.en, self.ru, self.gender, tuple(sorted((self.cases or {}).items())))

    def render(self, lang: Lang) -> str:
        return self.name.render(lang)


def older_names(data: Any, *fields: str, grammar: tuple[str, ...] = ()) -> Any:
    """A scenario entry's names in the older spelling folded into the one form,
    for a ``mode="before"`` validator, so that files written that way still load:
    ``name = "Kate"`` with ``name_ru = "Кейт"`` beside it (and, for ``name``,
    the ``grammar`` fields such as ``gender`` and ``cases`` beside it) becomes
    ``name = { en = "Kate", ru = "Кейт", gender = ... }``. An empty ``name_ru``
    says nothing; a part given both ways is left where it is (and refused as
    an unknown field); ``name_ru`` with no ``name`` gives no English name."""
    if not isinstance(data, dict):
        return data
    folded = dict(data)
    for field in fields:
        beside = (f"{field}_ru", *(grammar if field == "name" else ()))
        if not any(key in folded for key in beside):
            continue
        value = folded.get(field, {})
        if not isinstance(value, str | dict):
            continue
        table: dict[str, Any] = {"en": value} if isinstance(value, str) else dict(value)
        for key in beside:
            part = key.removeprefix(f"{field}_") if key == f"{field}_ru" else key
            if key not in folded or part in table:
                continue
            given = folded.pop(key)
            if given is not None and given != "":
                table[part] = given
        folded[field] = table
    return folded
