"""What the environment needs of a ruleset, read from a seat's view alone
(:mod:`referee.core.views`): the scenario's action catalogue, the question
as parts, and the view as numbers.

A ruleset's codec is built from a seat's first view, from the parts every
seat sees alike (the scenario's ids), so every agent has the same action
space and it tells no seat anything its view does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.envs.catalogue import Catalogue, Kind, of_kinds
from referee.envs.parts import Part, choose, options_part

View = dict[str, Any]
"""A seat's whole view (``Game.view``)."""

OPTIONS = 32
"""A ruleset without a codec of its own: the first this many options of a
question, by their place in it."""
LIMIT = 1000.0
"""Every number of an observation lies within ±LIMIT (larger ones are clipped)."""


class Codec:
    """Neutral: options keyed by their place in the question (up to
    ``OPTIONS``), nothing answered by shape, and no numbers beyond whether
    the seat is asked. A
    ruleset's codec lists its kinds (:meth:`kinds`), encodes its state
    (:meth:`features`) and walks its questions answered by shape
    (:meth:`shaped_part`)."""

    def __init__(self, view: View) -> None:
        self.option_kinds: dict[str, Kind] = {k.name: k for k in self.kinds(view["state"])}
        extra = list(self.extra_keys(view["state"]))
        if not self.option_kinds:
            extra += [("option", n) for n in range(OPTIONS)]
        self.catalogue: Catalogue = of_kinds(self.option_kinds.values(), extra)
        self.subjects: tuple[str, ...] = tuple(self.part_subjects(view["state"]))
        self.size = len(self.features(view["state"], view["seat"])) + 1 + len(self.subjects)

    # -- what a ruleset fills in ---------------------------------------------------

    def kinds(self, state: Mapping[str, Any]) -> Iterable[Kind]:
        """How the options of each kind are keyed, from a seat's first state."""
        return ()

    def extra_keys(self, state: Mapping[str, Any]) -> Iterable[tuple[Any, ...]]:
        """Keys of the parts of questions answered by shape."""
        return ()

    def part_subjects(self, state: Mapping[str, Any]) -> Iterable[str]:
        """What a part may be about (:attr:`Part.about`), shown in the observation."""
        return ()

    def features(self, state: Mapping[str, Any], seat: str) -> list[float]:
        """The seat's state as numbers, always as many for a scenario."""
        return []

    def shaped_part(self, view: View) -> Part | None:
        """The first part of a question answered by shape (None: none this
        ruleset walks, so nothing is legal)."""
        return None

    # -- the environment's use -----------------------------------------------------

    def first_part(self, view: View) -> Part | None:
        """The first part of the question ``view`` shows its seat, or None."""
        waiting = view.get("waiting") or {}
        options = waiting.get("options")
        if options is not None and not self.option_kinds:
            return choose(self.catalogue, [(("option", n), option["value"])
                                           for n, option in enumerate(options)])
        if options is not None:
            return options_part(self.catalogue, self.option_kinds, options)
        if waiting.get("answer_schema") is not None:
            return self.shaped_part(view)
        return None

    def observation(self, view: View, part: Part | None) -> list[float]:
        """The numbers an agent observes: its state, whether it is asked and
        what the part in hand is about."""
        numbers = self.features(view["state"], view["seat"])
        numbers.append(0.0 if part is None else 1.0)
        numbers.extend(one_hot(None if part is None else part.about, self.subjects))
        return numbers


def one_hot(value: Any, domain: Sequence[Any]) -> list[float]:
    """1.0 where ``domain`` holds ``value``, 0.0 elsewhere."""
    return [1.0 if value == item else 0.0 for item in domain]


def ratio(value: Any, scale: float) -> float:
    """``value`` over ``scale`` (0.0 for None)."""
    return 0.0 if value is None else float(value) / scale
