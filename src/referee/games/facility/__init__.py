"""Facility: a play-by-chat game of secret and explicit orders resolved at once
at a deadline (rulebook catalogue: rules/facility.md, clauses CHAT-*)."""

from __future__ import annotations

from referee.games.facility.ruleset import Facility
from referee.games.facility.state import FacilityState

__all__ = ["Facility", "FacilityState"]
