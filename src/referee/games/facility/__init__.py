"""Facility: a play-by-chat game of secret and explicit orders resolved at once
at a deadline (rulebook catalogue: rules/facility.md, clauses CHAT-*)."""

from __future__ import annotations

from referee.games.facility.rules import Facility, FacilityState

__all__ = ["Facility", "FacilityState"]
