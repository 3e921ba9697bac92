"""Errors the API returns: an HTTP status, a stable code and a catalogue
message, rendered in the language of the token that asked.

Codes never change once published; the message may be reworded. A message
never names another seat's answer, nor says whether a game exists to a
token that is not of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.core.i18n import CATALOGUE, Msg, msg

CATALOGUE.load(Path(__file__).with_name("text.toml"))


class ApiError(Exception):
    """An error answered as ``{"code": ..., "message": ...}`` (and ``problems``
    where there are several)."""

    def __init__(self, status: int, code: str, message: Msg,
                 problems: list[dict[str, Any]] | None = None) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.message = message
        self.problems = problems


def no_token() -> ApiError:
    return ApiError(401, "auth/no-token", msg("server.error.no-token"))


def not_found() -> ApiError:
    """A game that does not exist and a token of another game read the same."""
    return ApiError(404, "game/not-found", msg("server.error.not-found"))


def master_only() -> ApiError:
    return ApiError(403, "auth/master-only", msg("server.error.master-only"))


def seat_only() -> ApiError:
    return ApiError(403, "auth/seat-only", msg("server.error.seat-only"))


def not_asked() -> ApiError:
    return ApiError(409, "answer/not-asked", msg("server.error.not-asked"))


def game_over() -> ApiError:
    return ApiError(409, "game/over", msg("server.error.over"))


def no_turn() -> ApiError:
    return ApiError(409, "turn/not-open", msg("server.error.no-turn"))


def not_over() -> ApiError:
    return ApiError(403, "save/not-over", msg("server.error.not-over"))


def busy() -> ApiError:
    return ApiError(503, "game/busy", msg("server.error.busy"))


def bad_deadline(text: str) -> ApiError:
    return ApiError(422, "deadline/invalid", msg("server.error.deadline", text=text))


def turn_closed(turn: int) -> ApiError:
    return ApiError(409, "turn/closed", msg("server.error.turn-closed", turn=turn))
