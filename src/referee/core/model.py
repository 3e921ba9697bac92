"""The base every scenario model stands on: strict (an unknown field is an
error, never silently ignored) and frozen, and one way to write a name in
two languages: ``name = "Zavulon"`` or ``name = { en = "Zavulon", ru = "Завулон" }``,
with the Russian grammar the morphology cannot guess given by hand:
``{ en = "Cat", ru = "Кэт", gender = "fem" }``,
``{ en = "the Lawmen", ru = "Законники", gender = "plural", cases = { acc = "Законников" } }``."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from referee.core.i18n import Lang, Name


class StrictModel(BaseModel):
    """A scenario's part: unknown fields are refused, values never change."""

    model_config = ConfigDict(extra="forbid", frozen=True)


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

    @property
    def name(self) -> Name:
        return Name(self.en, self.ru, self.gender, tuple(sorted((self.cases or {}).items())))

    def render(self, lang: Lang) -> str:
        return self.name.render(lang)
