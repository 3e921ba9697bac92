"""Facility: a play-by-chat game of secret and explicit orders resolved at once
at a deadline (rulebook catalogue: rules/facility.md, clauses CHAT-*).

The ruleset and its state are loaded on first use (PEP 562), so importing one
module of the package does not load the whole ruleset."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.games.facility.ruleset import Facility
    from referee.games.facility.state import FacilityState

__all__ = ["Facility", "FacilityState"]


def __getattr__(name: str) -> object:
    if name == "Facility":
        from referee.games.facility.ruleset import Facility

        return Facility
    if name == "FacilityState":
        from referee.games.facility.state import FacilityState

        return FacilityState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
