"""A seat's view as a typed, published contract (DESIGN: one contract, one direction).

``Game.view(seat)`` returns plain JSON, built fast for every question; this
module says what shape that JSON has. Every ruleset declares, as pydantic
models, the parts that differ between rulesets:

- ``view_model``: the ``state`` part, what the seat may know of the game;
- ``facts_model``: the facts each log line carries as data (one model per
  kind of event, told apart by ``kind``);
- ``meaning_model``: what each option of a decision means, as data;
- ``chance_model``: what a chance rolls or draws, as data.

:func:`view_model_of` puts them into the envelope every view shares (ruleset,
seat, state, log, waiting, outcome); :func:`view_schema` is its JSON Schema,
as ``referee schema RULESET --view`` prints it. Pieces, places, cards, items
and seats are referred to by id everywhere; display names sit once in the
state's names part.

A reader that wants typed access validates a view with the model
(``view_model_of(ruleset).model_validate(view)``); the conformance test
checks every view of random playouts against the schema.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Generic, Literal, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Field, JsonValue, create_model

if TYPE_CHECKING:
    from referee.core.ruleset import AnyRuleset


class ViewModel(BaseModel):
    """Base of every model in a view: strict about unknown keys, so the
    published schema says exactly what a view holds."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Text(ViewModel):
    """A catalogue message: its key and parameters, rendered by the reader
    in its language (``referee.core.i18n.render``). Text is for people; the
    same facts as data sit beside it."""

    key: str
    params: dict[str, JsonValue]


class LocalName(ViewModel):
    """A proper name in each language, as a scenario gives it."""

    en: str
    ru: str
    gender: str | None = None
    cases: dict[str, str] | None = None


class VoidFacts(ViewModel):
    """Core: a part of a seat's accepted answer the rules will not carry out.
    Where the ruleset gives it, why as data: ``code``, the ruleset's word for
    the reason (documented with its facts), and ``about``, the ids and numbers
    the reason names (``{"code": "no-door", "about": {"door": "north",
    "room": 3}}``); the line's text says it in words."""

    kind: Literal["void"]
    seat: str
    part: str
    code: str | None = None
    about: dict[str, JsonValue] | None = None


class VoidPart(ViewModel):
    """A part of this seat's answer that will not be carried out: ``reason``
    in words and, where the ruleset gives it, as data (``code``, ``about``,
    as in :class:`VoidFacts`)."""

    part: str
    reason: Text
    code: str | None = None
    about: dict[str, JsonValue] | None = None


StateT = TypeVar("StateT")
FactsT = TypeVar("FactsT")
MeaningT = TypeVar("MeaningT")
LabelT = TypeVar("LabelT")


class LogLine(ViewModel, Generic[FactsT]):
    """One line of a seat's log: its text in the wording meant for that
    seat, whether everyone may know it, and its facts as data."""

    key: str
    params: dict[str, JsonValue]
    public: bool
    facts: FactsT | None = None


class OptionView(ViewModel, Generic[MeaningT]):
    """A legal answer: the value to send back, its label, what it means."""

    value: JsonValue
    label: Text
    meaning: MeaningT | None = None


class DecisionView(ViewModel, Generic[MeaningT]):
    """A question put to one or more seats. ``options`` for a choice;
    ``answer_schema`` (and a ``template``) for an answer given by shape;
    ``your_answer`` and ``your_void_parts`` once this seat answered a
    simultaneous question. Another seat's answer is never shown, only that
    it answered."""

    decision: Text
    seats: list[str]
    answered: list[str]
    options: list[OptionView[MeaningT]] | None = None
    answer_schema: dict[str, JsonValue] | None = None
    template: JsonValue = None
    your_answer: JsonValue = None
    your_void_parts: list[VoidPart] | None = None


class ChanceView(ViewModel, Generic[LabelT]):
    """A chance the game waits for: what it is in words and as data."""

    chance: Text
    label: LabelT | None = None


class OutcomeView(ViewModel):
    """How the game ended: ``reason`` says why; ``said``, the whole end as a
    person says it ("The Night Watch won: ...", "The investigators lost:
    ..."), as the ruleset words it (:meth:`Ruleset.outcome_words`)."""

    kind: Literal["win", "draw", "won-together", "lost-together"]
    winners: list[str]
    returns: dict[str, float]
    cooperative: bool
    reason: Text
    said: Text | None = None


class ObjectivesView(ViewModel):
    """What a seat plays for and where the game stands toward it, in words a
    reader prints as they are (each line a catalogue message): ``aims``, the
    objectives (which side the seat plays first; for the referee every
    side's), and ``standing``, the score and the progress a player needs (the
    turn and the last one, points, what is left to do). Each ruleset's model
    adds the same facts as data; both hold only what the seat may know."""

    aims: list[Text]
    standing: list[Text]


class SeatView(ViewModel, Generic[StateT, FactsT, MeaningT, LabelT]):
    """Everything a seat may read now (``Game.view``)."""

    ruleset: str
    seat: str
    state: StateT
    log: list[LogLine[FactsT]]
    waiting: DecisionView[MeaningT] | ChanceView[LabelT] | None
    outcome: OutcomeView | None = None


def _facts_with_core(facts: Any) -> Any:
    """The ruleset's facts, or the core's own (a void part), told apart by ``kind``."""
    if facts is None:
        return dict[str, JsonValue]
    return Annotated[Union[facts, VoidFacts], Field(discriminator="kind")]  # noqa: UP007


@cache
def view_model_of(ruleset: AnyRuleset) -> type[BaseModel]:
    """The pydantic model of every view of ``ruleset``'s seats."""
    state = ruleset.view_model or dict[str, JsonValue]
    facts = _facts_with_core(ruleset.facts_model)
    meaning = ruleset.meaning_model or dict[str, JsonValue]
    label = ruleset.chance_model or dict[str, JsonValue]
    typed = SeatView[state, facts, meaning, label]  # type: ignore[valid-type]
    name = "".join(part.title() for part in ruleset.name.replace("_", "-").split("-"))
    return create_model(f"{name}SeatView", __base__=typed, __module__=__name__)


def view_schema(ruleset: AnyRuleset) -> dict[str, Any]:
    """The JSON Schema of ``ruleset``'s seat views (``referee schema RULESET --view``)."""
    document = view_model_of(ruleset).model_json_schema()
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return document
