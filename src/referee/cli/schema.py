"""``referee schema RULESET``: the JSON Schema of a ruleset's scenario files."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from referee.cli.app import app
from referee.cli.common import user_errors
from referee.core.ruleset import AnyRuleset, find_ruleset
from referee.core.views import view_schema


@app.command("schema")
@user_errors
def schema(ruleset: Annotated[str, typer.Argument(help="A ruleset name or alias.")],
           view: Annotated[bool, typer.Option(
               "--view", help="The schema of a seat's view instead (for pages, bots and "
                              "other readers of a game).")] = False) -> None:
    """Print the JSON Schema of RULESET's scenario format (for editors), or of
    its seats' views (--view)."""
    found = find_ruleset(ruleset)
    document = view_schema(found) if view else scenario_schema(found)
    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


def scenario_schema(ruleset: AnyRuleset) -> dict[str, Any]:
    """The JSON Schema of ``ruleset``'s scenario files: its model's, with the
    ``ruleset`` key required and naming the ruleset or any of its aliases (as
    ``referee validate`` accepts them)."""
    document = ruleset.scenario_model.model_json_schema()
    properties = document.get("properties", {})
    document["properties"] = {
        "ruleset": {"enum": [ruleset.name, *ruleset.aliases],
                    "description": "the ruleset this scenario is for"},
        **{key: value for key, value in properties.items() if key != "ruleset"},
    }
    required = [key for key in document.get("required", []) if key != "ruleset"]
    document["required"] = ["ruleset", *required]
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return document
