"""The ``referee`` command: one module per command, registered on one app."""

from __future__ import annotations

from referee.cli import play, replay, rulesets, scenarios, schema, validate
from referee.cli.app import app, main
from referee.cli.resolve import resolve

app.command("resolve")(resolve)

__all__ = ["app", "main", "play", "replay", "resolve", "rulesets", "scenarios", "schema",
           "validate"]
from referee.cli import arena, odds, serve, simulate  # noqa: E402, F401  (serve: also db upgrade, verify)
