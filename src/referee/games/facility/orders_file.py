"""Reading an orders file leniently: an order that does not fit its shape is
kept as *unreadable* (reported void with the reason); the rest of that
character's orders, and everyone else's, still count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from referee.core.scenario import describe_validation
from referee.games.facility.model import Orders

READER_FIELD = "unreadable"


def read_orders(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Each character's orders as JSON the Orders model accepts.

    ``data`` maps character names to tables of orders. Anything that is not a
    table, an unknown order, or an order of the wrong shape becomes an
    ``unreadable`` entry naming ``<character>.<order>`` and what was wrong.
    """
    result: dict[str, dict[str, Any]] = {}
    for name, table in data.items():
        result[str(name)] = read_character_orders(table)
    return result


def read_character_orders(table: object) -> dict[str, Any]:
    if not isinstance(table, Mapping):
        return {READER_FIELD: [{"order": "(all)",
                                "reason": "expected a table of orders"}]}
    good: dict[str, Any] = {}
    bad: list[dict[str, str]] = []
    for key, value in table.items():
        key = str(key)
        if key == READER_FIELD or key not in Orders.model_fields:
            bad.append({"order": key, "reason": "no such order; known: "
                        + ", ".join(k for k in Orders.model_fields if k != READER_FIELD)})
            continue
        try:
            Orders.model_validate({key: value})
        except ValidationError as exc:
            bad.append({"order": key, "reason": "; ".join(describe_validation(exc))})
            continue
        good[key] = value
    if bad:
        good[READER_FIELD] = sorted(bad, key=lambda entry: entry["order"])
    return good
