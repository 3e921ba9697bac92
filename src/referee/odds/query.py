"""The questions the odds answer, as data: a ruleset's odds declare each one
(its name, its help text, its parameters with their types, ranges, defaults
and help, and the function that counts the exact answer) in a module of their
own, registered through the ``referee.odds_queries`` entry points under the
ruleset's name. ``referee odds`` builds its commands from these declarations
and knows no ruleset; loading one ruleset's declarations loads that ruleset's
odds alone.

A parameter whose default is a house rule's names the setting
(``setting="fame_cap"``): its default is then the scenario format's, which a
test keeps equal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import EllipsisType
from typing import TypeAlias

from referee.core import plugins
from referee.core.errors import RefereeError
from referee.core.i18n import CATALOGUE, Msg, msg
from referee.core.i18n import Param as I18nParam
from referee.core.scenario import did_you_mean
from referee.odds.result import Odds, OddsTable

CATALOGUE.load(Path(__file__).with_name("queries.toml"))

QUERIES_GROUP = "referee.odds_queries"

Scalar: TypeAlias = int | float | bool | str
Value: TypeAlias = Scalar | tuple[Scalar, Scalar] | None
"""What a parameter takes: one value, a pair (side A's and side B's), or None
where the parameter may be left out."""
Answer: TypeAlias = Odds | OddsTable
REQUIRED: EllipsisType = ...
"""The default of a parameter that must be given."""


@dataclass(frozen=True)
class Param:
    """One parameter of a question: ``name`` is the answering function's
    keyword and, with dashes, the command line's flag, unless ``flags`` names
    them (``("--strength", "-s")``; a switch with an opposite,
    ``("--on/--off",)``). ``low`` and ``high`` bound each number given, ``choices``
    each word; a word not among them is refused by the catalogue's ``refusal``
    message."""

    name: str
    kind: type[int] | type[float] | type[bool] | type[str]
    help: Msg | None = None
    default: Value | EllipsisType = REQUIRED
    pair: bool = False
    """Two values, side A's then side B's."""
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    refusal: str = "odds.cli.choice"
    setting: str | None = None
    """The scenario's house rule this parameter stands for, its default the
    scenario format's."""

    def __post_init__(self) -> None:
        if self.high is not None and self.low is None:
            raise ValueError(f"{self.name}: a range with a high end needs a low end")

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def flag(self) -> str:
        """The flag as an error message names it: ``--fame-cap``."""
        if self.flags:
            return self.flags[0].split("/")[0]
        return "--" + self.name.replace("_", "-")

    def check(self, value: Value) -> None:
        """Refuse a number outside the range or a word not among the choices.

        :raises RefereeError: naming the flag, what it expects and what it got.
        """
        if value is None:
            return
        values = value if isinstance(value, tuple) else (value,)
        if self.kind is str:
            for word in values:
                self._check_word(str(word))
        elif self.kind is not bool and not all(self._within(float(v)) for v in values):
            raise RefereeError(self._out_of_range(values))

    def _out_of_range(self, values: tuple[Scalar, ...]) -> Msg:
        """``--fame: expected two numbers from 0 up, not -1 and 0``."""
        key = "odds.cli.pair" if self.pair else "odds.cli.range"
        shown: dict[str, I18nParam] = {"low": self.low or 0}
        if self.high is None:
            key += "-from"
        else:
            shown["high"] = self.high
        if self.pair:
            shown |= {"first": _shown(values[0]), "second": _shown(values[-1])}
        else:
            shown["value"] = _shown(values[0])
        return msg(key, option=self.flag, **shown)

    def _within(self, number: float) -> bool:
        return (self.low is None or number >= self.low) \
            and (self.high is None or number <= self.high)

    def _check_word(self, word: str) -> None:
        if self.choices and word not in self.choices:
            raise RefereeError(msg(self.refusal, option=self.flag, value=word,
                                   choices=tuple(f"`{choice}`" for choice in self.choices),
                                   suggestion=did_you_mean(word, self.choices)))


def _shown(value: Scalar) -> I18nParam:
    """A number as a message shows it: a float as its exact decimal."""
    return Fraction(str(value)) if isinstance(value, float) else value


@dataclass(frozen=True)
class Query:
    """One question: its name (the command's), its help, its parameters in
    the order they are checked and shown, and the function that counts the
    answer from them, called with each parameter by keyword."""

    name: str
    help: Msg
    params: tuple[Param, ...]
    answer: Callable[..., Answer]

    def ask(self, **values: Value) -> Answer:
        """The exact answer for ``values`` (a parameter left out takes its
        default), each checked first, in order.

        :raises RefereeError: a value out of range, an unknown word, a missing
            or unknown parameter, or what the counting itself refuses.
        """
        unknown = sorted(set(values) - {p.name for p in self.params})
        if unknown:
            raise RefereeError(msg("odds.query.unknown", query=self.name, name=unknown[0]))
        chosen: dict[str, Value] = {}
        for param in self.params:
            value = values.get(param.name, param.default)
            if isinstance(value, EllipsisType):
                raise RefereeError(msg("odds.query.missing", query=self.name, option=param.flag))
            param.check(value)
            chosen[param.name] = value
        return self.answer(**chosen)


@dataclass(frozen=True)
class RulesetQueries:
    """A ruleset's questions, under its registered name, with the help that
    says what they cover."""

    ruleset: str
    help: Msg
    queries: tuple[Query, ...]

    def __getitem__(self, name: str) -> Query:
        for query in self.queries:
            if query.name == name:
                return query
        raise KeyError(name)


def query_rulesets() -> list[str]:
    """The names of the rulesets whose odds declare questions, sorted;
    nothing is loaded to tell."""
    return sorted(plugins.entry_points(QUERIES_GROUP))


QUERIES: plugins.Registered[RulesetQueries] = plugins.Registered(QUERIES_GROUP,
                                                                  RulesetQueries)


def queries_for(ruleset: str) -> RulesetQueries | None:
    """The questions the odds of the ruleset registered as ``ruleset`` declare;
    None where they declare none. Loads that ruleset's declarations alone."""
    return QUERIES.find(ruleset)
