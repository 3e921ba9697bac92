"""docs/rulesets/old_west.md, "The seat's view": every fact, meaning and
label kind the view models declare is listed with an example, and every
example fits its model."""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from referee.games.old_west.view import OldWestFacts, OldWestLabel, OldWestMeaning

PAGE = Path(__file__).resolve().parents[3] / "docs/rulesets/old_west.md"


def section(title: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"### {title}\n")
    end = text.find("\n### ", start + 1)
    nxt = text.find("\n## ", start + 1)
    return text[start:min(e for e in (end, nxt) if e > 0)]


def examples(title: str) -> list[dict[str, Any]]:
    return [json.loads(code) for code in re.findall(r"`(\{.*?\})`", section(title))]


def kinds(union: Any, field: str) -> set[str]:
    """Every value of ``field`` the union's models allow."""
    if typing.get_origin(union) is typing.Annotated:
        union = typing.get_args(union)[0]
    return {kind for member in typing.get_args(union)
            for kind in typing.get_args(member.model_fields[field].annotation)}


@pytest.mark.parametrize(("title", "model", "field"), [
    ("Facts of the log lines", OldWestFacts, "kind"),
    ("Meanings of the options", OldWestMeaning, "kind"),
    ("Labels of the chances", OldWestLabel, "roll"),
])
def test_every_kind_is_shown_with_an_example_that_fits(title: str, model: Any, field: str):
    adapter: TypeAdapter[Any] = TypeAdapter(model)
    found = examples(title)
    for example in found:
        adapter.validate_python(example)
    shown = [e[field] for e in found]
    assert sorted(shown) == sorted(kinds(model, field))  # each once
