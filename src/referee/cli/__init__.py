"""The ``referee`` command: one module per command, registered on one app."""

from __future__ import annotations

from referee.cli import play, replay, rulesets, schema, validate
from referee.cli.app import app, main

__all__ = ["app", "main", "play", "replay", "rulesets", "schema", "validate"]
