"""A question put to a seat, as the environment asks it: one part at a
time, each a choice among numbered actions of the catalogue. A question
answered by choosing an option is one part; one answered by shape (a
Samurai allocation, a Facility character's orders, a point on the table)
is walked part by part, and the parts' choices make the answer the rules
take."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.waits import JSON
from referee.envs.catalogue import Catalogue, Key, Kind


@dataclass(frozen=True)
class Answer:
    """The whole answer, as the seat sends it to the game."""

    value: JSON


@dataclass(frozen=True)
class Part:
    """One choice: each legal action with what it chooses, and what follows
    the choice (the next part, or the answer). ``about`` names what the part
    decides for (a fighter's id, ``"move"``), for the observation."""

    choices: Mapping[int, Any]
    then: Callable[[Any], Part | Answer]
    about: str = ""


def answer(value: JSON) -> Answer:
    return Answer(value)


def choose(catalogue: Catalogue, choices: Sequence[tuple[Key, Any]],
           then: Callable[[Any], Part | Answer] = answer, about: str = "") -> Part:
    """A part offering each ``(key, choice)`` the catalogue lists; a key
    offered twice keeps its first choice."""
    legal: dict[int, Any] = {}
    for key, value in choices:
        action = catalogue.index.get(key)
        if action is not None and action not in legal:
            legal[action] = value
    return Part(legal, then, about)


def option_keys(kinds: Mapping[str, Kind], options: Sequence[Mapping[str, Any]]
                ) -> list[tuple[Key | None, JSON]]:
    """Each option of a view's question (``value``, ``meaning``) with its key
    (None: the catalogue has none for it)."""
    ranks: dict[tuple[str, tuple[Any, ...]], int] = {}
    keyed: list[tuple[Key | None, JSON]] = []
    for option in options:
        meaning = option.get("meaning") or {}
        found = kinds.get(str(meaning.get("kind", "")))
        if found is None:
            keyed.append((None, option["value"]))
            continue
        values = found.values(meaning)
        rank = ranks.get((found.name, values), 0)
        ranks[(found.name, values)] = rank + 1
        keyed.append((found.key(values, rank), option["value"]))
    return keyed


def options_part(catalogue: Catalogue, kinds: Mapping[str, Kind],
                 options: Sequence[Mapping[str, Any]], about: str = "") -> Part:
    """The one part of a question answered by choosing one of ``options``."""
    keyed = [(key, value) for key, value in option_keys(kinds, options) if key is not None]
    return choose(catalogue, keyed, answer, about)


WAYS = ("toward", "away")
"""The named moves to a point (:data:`referee.boards.points.NAMED_MOVES`):
as far as the rules allow toward or away from another model."""


def point_keys(models: Sequence[str]) -> list[Key]:
    """The keys of a point move: stay, or a named move toward or away from a model."""
    return [("point-stay",), *(("point", way, m) for way in WAYS for m in models)]


def point_part(catalogue: Catalogue, here: JSON,
               spots: Sequence[tuple[str, str, Sequence[float]]], about: str = "") -> Part:
    """The one part of a point move: staying at ``here`` (the question's
    template; None: staying is not offered) or one of the named moves
    ``(way, model, (x, y))`` the seat's view lists."""
    choices: list[tuple[Key, Any]] = [] if here is None else [(("point-stay",), here)]
    choices += [(("point", way, model), {"x": at[0], "y": at[1]}) for way, model, at in spots]
    return choose(catalogue, choices, answer, about)
