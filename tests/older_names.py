"""A scenario written the older way, for the tests that check it still loads:
each ``name = { en, ru, gender, cases }`` table written ``name``, ``name_ru``
and the grammar beside it (and likewise any other key named)."""

from __future__ import annotations

from typing import Any


def older_spelling(value: Any, keys: tuple[str, ...] = ("name",)) -> Any:
    """``value`` with every table under one of ``keys`` written the older way."""
    if isinstance(value, list):
        return [older_spelling(item, keys) for item in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key in keys and isinstance(item, dict):
            out[key] = item["en"]
            if "ru" in item:
                out[f"{key}_ru"] = item["ru"]
            out.update({part: item[part] for part in ("gender", "cases") if part in item})
        else:
            out[key] = older_spelling(item, keys)
    return out
