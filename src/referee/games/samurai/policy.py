"""How the random bot leans among a Samurai seat's options, read from the
meanings of the options put to the seat (the same data its view shows
beside each option, without building the view). Registered through the
``referee.policies`` entry points; no rules module imports it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.bots.policy import Policy
from referee.core.drivers import Ask

SHOOT_OVER_WAIT = 3.0
"""In the Action phase, shooting or reloading is this many times as likely as waiting."""


class SamuraiPolicy(Policy):
    """The bot never picks the move to a point of its own choosing (a
    person's option that the named moves already cover), and in the Action
    phase it shoots or reloads three times as often as it waits; every
    other choice is uniform."""

    def weights(self, ask: Ask) -> Sequence[float] | None:
        return leaning_by_kind([option.meaning.get("kind") if option.meaning else None
                                for option in ask.options])


def leaning(meanings: Sequence[Mapping[str, Any]]) -> list[float] | None:
    """The weights for options meaning ``meanings``, in their order; None: uniform."""
    return leaning_by_kind([meaning.get("kind") for meaning in meanings])


def leaning_by_kind(kinds: Sequence[object]) -> list[float] | None:
    """:func:`leaning` of options of these kinds (their meanings' ``kind``)."""
    if "wait" in kinds:
        return [1.0 if kind == "wait" else SHOOT_OVER_WAIT for kind in kinds]
    if "point" not in kinds:
        return None
    found = [0.0 if kind == "point" else 1.0 for kind in kinds]
    return found if any(found) else None

