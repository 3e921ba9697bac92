"""How a Facility view names things, for what the terminal shows a
character: a name with its grammar, a room in words, a number of the view,
what the character carries. Read from the seat's view alone; shared by the
display, the orders desk and the orders form."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from referee.core.i18n import Name, Param, msg


def name_of(data: Any, fallback: str = "") -> Name:
    """A name as a view gives it (``{en, ru, gender, cases}``), with its grammar."""
    if not isinstance(data, Mapping):
        return Name(fallback)
    cases = data.get("cases") or {}
    ru = data.get("ru")
    return Name(str(data.get("en") or fallback), ru if isinstance(ru, str) else None,
                data.get("gender"), tuple(sorted((str(k), str(v)) for k, v in cases.items())))


def room_title(state: Mapping[str, Any], number: int) -> Param:
    """A room of the building in words: its name, or "room 3" without one."""
    entry = (state.get("rooms") or {}).get(str(number)) or {}
    name = entry.get("name")
    return name_of(name) if isinstance(name, Mapping) else msg("facility.room", number=number)


def number(value: Any) -> Fraction | int:
    """A number of the view (concentration: an int or a float of halves) as
    the catalogue writes numbers."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    return value if isinstance(value, int) else Fraction(str(value))


def carried(me: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(item, place) of everything the character carries: hands, inventory,
    then its worn places."""
    found = [(item, "hands") for item in me.get("hands", [])]
    found += [(item, "inventory") for item in me.get("inventory", [])]
    for place, items in (me.get("worn") or {}).items():
        found += [(item, place) for item in items]
    return found
