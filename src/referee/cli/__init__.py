"""The ``referee`` command: one module per command, each imported when its
command runs (:data:`referee.cli.app.COMMANDS`)."""

from __future__ import annotations

from referee.cli.app import app, main

__all__ = ["app", "main"]
