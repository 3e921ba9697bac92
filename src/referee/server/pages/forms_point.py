"""A point on the table, asked of a model moving where its player chooses
(Old West and Samurai: the answer ``{"x": …, "y": …}`` in inches from the
table's bottom-left corner). The form has the two numbers, filled in with
where the model stands (or the point already given), a button for each
named move the rules offer beside (toward or away from a model, posted as
``spot``), and the model's reach in words; on the board a click on the
table fills in the numbers (``question.js``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from referee.boards.tablemap import Asking, TableMap, tenths
from referee.core.i18n import Msg, Param, msg
from referee.core.ruleset import AnyRuleset
from referee.display import display_for
from referee.server.pages.forms import (
    Form,
    FormError,
    Node,
    Words,
    first,
    offered_answer,
    page_part,
    read_number,
    waiting_of,
)

View = dict[str, Any]
X, Y, SPOT = "x", "y", "spot"


def fits(ruleset: AnyRuleset, view: View) -> bool:
    """A question whose answer is a point: an object of two numbers, x and y."""
    waiting = waiting_of(view) or {}
    schema = waiting.get("answer_schema")
    if not isinstance(schema, Mapping):
        return False
    properties = schema.get("properties") or {}
    return set(properties) == {X, Y} and all(
        properties[axis].get("type") in ("number", "integer") for axis in (X, Y))


def asking(ruleset: AnyRuleset, view: View) -> tuple[TableMap, Asking] | None:
    """The table and the model asked for a point, as the map shows them."""
    display = display_for(ruleset)
    table = display.table_map(view, "en") if display is not None else None
    if table is None or table.asking is None or table.asking.what != "point":
        return None
    return table, table.asking


@dataclass(frozen=True)
class NamedMove:
    value: str
    label: str


def point_html(ruleset: AnyRuleset, view: View, words: Words) -> Markup:
    waiting = waiting_of(view)
    assert waiting is not None
    shown = offered_answer(view)
    here = shown if isinstance(shown, Mapping) else {}
    display = display_for(ruleset)
    table = display.table_map(view, words.lang) if display is not None else None
    moves: list[NamedMove] = []
    reach = ""
    size = ""
    if table is not None and table.asking is not None and table.asking.what == "point":
        names = {f.id: f.name for f in table.figures}
        moves = [NamedMove(str(spot.value), words.of(named_move(str(spot.value), names,
                                                                spot.at)))
                 for spot in table.asking.spots]
        if table.asking.reach:
            reach = words("question.point.reach", inches=tenths(table.asking.reach))
        size = words("question.point.table", width=tenths(table.width),
                     depth=tenths(table.depth))
    return page_part("point.html", w=words, question=words.text(waiting["decision"]),
                     x=_number(here.get(X)), y=_number(here.get(Y)), moves=moves,
                     reach=reach, size=size)


def named_move(value: str, names: Mapping[str, str], at: tuple[float, float]) -> Msg:
    """A named move in words: toward or away from a model, and where it ends."""
    way, _, other = value.partition(":")
    to = msg("question.point.at", x=tenths(at[0]), y=tenths(at[1]))
    who: Param = names.get(other, other)
    if way in ("toward", "away"):
        return msg(f"question.point.{way}", name=who, to=to)
    return msg("question.point.spot", name=value, to=to)


def _number(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return ""
    return f"{value:g}"


def point_answer(ruleset: AnyRuleset, view: View, form: Form) -> Any:
    """The point a form means: a named move's end, or the two numbers."""
    spot = first(form, SPOT)
    if spot:
        found = asking(ruleset, view)
        for move in found[1].spots if found is not None else ():
            if str(move.value) == spot:
                return {X: move.at[0], Y: move.at[1]}
        raise FormError(SPOT, msg("question.error.not-offered"))
    point = {}
    for axis in (X, Y):
        node = Node("number", axis, msg(f"question.point.{axis}"))
        text = (first(form, axis) or "").strip()
        if not text:
            raise FormError(axis, msg("question.error.empty", field=node.label))
        point[axis] = read_number(node, text)
    return point
