"""``referee schema RULESET``: the JSON Schema of a ruleset's scenario files."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from referee.cli.app import app
from referee.cli.common import user_errors
from referee.core.ruleset import find_ruleset


@app.command("schema")
@user_errors
def schema(ruleset: Annotated[str, typer.Argument(help="A ruleset name or alias.")]) -> None:
    """Print the JSON Schema of RULESET's scenario format (for editors)."""
    found = find_ruleset(ruleset)
    document = found.scenario_model.model_json_schema()
    document["properties"] = {
        "ruleset": {"const": found.name, "description": "the ruleset this scenario is for"},
        **document.get("properties", {}),
    }
    document.setdefault("required", []).insert(0, "ruleset")
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
