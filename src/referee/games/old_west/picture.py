"""The Old West table as a map, built from a seat's whole view alone (its
state and what it is asked): for the terminal's map and the SVG pictures
(:mod:`.display`). No rules module imports this one.

The view's state carries the table, its terrain, the names and every model;
the asked model's map comes from the question: the meanings of its options
(where each move ends, whom a shot may aim at and the cover in the way), or,
for a point to move to, the state's ``point`` part. What the rules do not
say as data (the distance to each enemy, why one cannot be shot) is worked
out here from the view, the way a player measures the table.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from shapely.geometry import LineString

from referee.boards import svg as pictures
from referee.boards.table import EPS, obstacle_shape
from referee.boards.tablemap import (
    Aim,
    Asking,
    Band,
    Feature,
    FeatureKind,
    Figure,
    Objective,
    Spot,
    TableMap,
    tenths,
    with_symbols,
)
from referee.core.i18n import CATALOGUE, Lang, Msg, Name, msg, render

CATALOGUE.load(Path(__file__).with_name("picture.toml"))

MOVES = frozenset({"hold", "later", "advance", "charge", "exit", "point"})
"""The meanings of a move decision's options."""
SHOTS = frozenset({"hold-fire", "shoot"})
"""The meanings of a shot decision's options."""


def table_map(view: Mapping[str, Any], lang: Lang) -> TableMap | None:
    """The map of the table as a seat's whole ``view`` shows it."""
    state = view.get("state")
    if not isinstance(state, Mapping) or not isinstance(state.get("table"), Mapping):
        return None
    table, names = state["table"], state["names"]
    phase = state.get("phase") or "setup"
    status = render(msg("ow.map.when", turn=int(state.get("turn") or 0),
                        phase=msg(f"ow.map.phase.{phase}")), lang)
    features = tuple(_feature(data, names["terrain"][key], lang)
                     for key, data in table["terrain"].items())
    bands = tuple(Band(seat, _name(names["posses"][seat], lang)) for seat in state["posses"])
    figures = tuple(_figure(key, model, names["models"][key], lang)
                    for key, model in state["models"].items())
    found = TableMap(_name(names["title"], lang), float(table["width"]), float(table["depth"]),
                     features, bands, figures, asking=_asking(state, view.get("waiting"), lang),
                     status=status, objectives=_objectives(state["posses"], lang))
    return with_symbols(found)


def svg(view: Mapping[str, Any], lang: Lang) -> str | None:
    """The picture of the table as a seat's whole ``view`` shows it."""
    found = table_map(view, lang)
    return None if found is None else pictures.draw(found, lang)


# -- the table and the models ------------------------------------------------------


def _name(data: Mapping[str, Any], lang: Lang) -> str:
    return Name(str(data["en"]), data.get("ru")).render(lang)


def _feature(data: Mapping[str, Any], name: Mapping[str, Any], lang: Lang) -> Feature:
    kind: FeatureKind = data["kind"]
    height = data.get("height")
    note = "" if height is None else render(msg(f"ow.map.note.{kind}",
                                                inches=tenths(float(height))), lang)
    return Feature(_name(name, lang), kind,
                   tuple((float(x), float(y)) for x, y in data["points"]), note)


def _figure(key: str, model: Mapping[str, Any], name: Mapping[str, Any],
            lang: Lang) -> Figure:
    at = model.get("at")
    marks: list[Msg] = []
    if model.get("prone"):
        marks.append(msg("ow.map.mark.prone"))
    mount = model.get("mount")
    if isinstance(mount, Mapping):
        marks.append(msg(f"ow.map.mark.{mount['kind']}", wounds=int(mount["wounds"])))
    status = str(model.get("status", "active"))
    hero = bool(model.get("hero"))
    return Figure(
        id=key, name=_name(name, lang), side=str(model["posse"]),
        at=None if at is None else (float(at[0]), float(at[1])),
        radius=float(model.get("base_inches") or 1.0) / 2,
        wounds=int(model["wounds"]), wounds_max=int(model["starting_wounds"]),
        fame=int(model["fame"]) if hero else None,
        fortune=int(model["fortune"]) if hero else None,
        marks=tuple(render(m, lang) for m in marks), prone=bool(model.get("prone")),
        gone="" if status == "active" else render(msg(f"ow.map.status.{status}"), lang))


def _objectives(posses: Mapping[str, Any], lang: Lang) -> tuple[Objective, ...]:
    """Each posse's scenario objective, worded, with the edge it leaves by."""
    found = []
    for seat, posse in posses.items():
        objective, edge = posse.get("objective"), posse.get("exit_edge")
        if not isinstance(objective, Mapping):
            continue
        if objective.get("kind") == "escape" and edge:
            text = msg("ow.map.objective.escape", models=int(objective.get("models") or 1),
                       edge=msg(f"ow.edge.{edge}"))
        elif objective.get("kind") == "hold":
            text, edge = msg("ow.map.objective.hold"), None
        else:
            continue
        found.append(Objective(str(seat), render(text, lang), edge))
    return tuple(found)


# -- what the asked model may do ---------------------------------------------------


def _meanings(waiting: Any) -> list[tuple[Any, Mapping[str, Any]]]:
    """Each option the view shows, by value, with its meaning."""
    if not isinstance(waiting, Mapping):
        return []
    return [(o.get("value"), o["meaning"]) for o in waiting.get("options") or ()
            if isinstance(o, Mapping) and isinstance(o.get("meaning"), Mapping)]


def _asking(state: Mapping[str, Any], waiting: Any, lang: Lang) -> Asking | None:
    models = state["models"]
    point = state.get("point")
    if isinstance(point, Mapping):
        spots = tuple(Spot(f"{s['way']}:{s['model']}", (float(s["to"][0]), float(s["to"][1])))
                      for s in point["spots"])
        return Asking(point["model"], "point", reach=float(models[point["model"]]["move"]),
                      spots=spots)
    options = _meanings(waiting)
    kinds = {meaning["kind"] for _, meaning in options}
    if kinds and kinds <= MOVES:
        model = options[0][1]["model"]
        spots = tuple(Spot(value, (float(m["to"][0]), float(m["to"][1])))
                      for value, m in options if m.get("to") is not None)
        return Asking(model, "move", reach=float(models[model]["move"]), spots=spots)
    if kinds and kinds <= SHOTS:
        return _shooting(state, options[0][1]["model"],
                         {m["target"]: m["cover"] for _, m in options if m["kind"] == "shoot"},
                         lang)
    return None


def _shooting(state: Mapping[str, Any], shooter: str, allowed: Mapping[str, Sequence[str]],
              lang: Lang) -> Asking:
    """The shooter's gun and every enemy on the table: the distance between
    the bases, whether the shooter may aim at it, the cover in the way, or
    why not."""
    models, names = state["models"], state["names"]
    me = models[shooter]
    in_the_way = int(state["house_rules"]["in_the_way"])
    aims = []
    for key, enemy in models.items():
        if enemy["posse"] == me["posse"] or enemy["status"] != "active" or enemy["at"] is None:
            continue
        distance = _distance(me, enemy)
        if key in allowed:
            covers = tuple(_name(names["terrain"][c], lang) for c in allowed[key])
            cover = render(msg("ow.map.cover", names=covers, roll=in_the_way), lang) \
                if covers else ""
            aims.append(Aim(key, distance, True, "", cover))
        else:
            aims.append(Aim(key, distance, False, _why_not(state, me, enemy, distance, lang)))
    aims.sort(key=lambda a: (not a.allowed, a.distance))
    gun = me.get("gun")
    weapon = "" if not gun or shooter not in names["guns"] else render(
        msg("ow.map.gun", gun=_name(names["guns"][shooter], lang),
            range=tenths(float(gun["range"]))), lang)
    return Asking(shooter, "shoot", aims=tuple(aims), weapon=weapon)


def _distance(a: Mapping[str, Any], b: Mapping[str, Any]) -> float:
    """Edge to edge, in inches to two decimals."""
    centres = math.dist(a["at"], b["at"])
    return round(max(0.0, centres - (float(a["base_inches"]) + float(b["base_inches"])) / 2), 2)


def _why_not(state: Mapping[str, Any], me: Mapping[str, Any], enemy: Mapping[str, Any],
             distance: float, lang: Lang) -> str:
    """Why the shooter may not aim at ``enemy``, the rules' reasons measured
    from the view (house rules of shooting): out of the gun's range, out of
    sight behind terrain ``sight_height`` or higher, else fighting in a melee."""
    gun = me.get("gun")
    if gun and distance > float(gun["range"]) + EPS:
        return render(msg("ow.map.why.range"), lang)
    sight = float(state["house_rules"]["sight_height"])
    line = LineString([me["at"], enemy["at"]])
    for key, data in state["table"]["terrain"].items():
        if data["kind"] in ("wall", "building") and float(data["height"]) >= sight and \
                line.intersects(obstacle_shape(data["points"], data["kind"] == "building")):
            return render(msg("ow.map.why.sight",
                              obstacle=_name(state["names"]["terrain"][key], lang)), lang)
    return render(msg("ow.map.why.melee"), lang)
