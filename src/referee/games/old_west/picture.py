"""The Old West table as a map: what a seat's view carries for it (the
scenario's fixed table, and what the asked model may do), and the map built
back from that view for the terminal and the pictures.

Nothing here reads the state for a map: :func:`table_map` reads a view only.
The state side (:func:`table_part`, :func:`move_asking`, :func:`shot_asking`)
puts into the view what every seat may know anyway: the terrain, the models'
starting wounds, the distances, sight and cover the rules themselves use.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from referee.boards import svg as pictures
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
from referee.core.model import LocalName
from referee.core.prepared import prepared
from referee.core.waits import JSON
from referee.games.old_west import aiming
from referee.games.old_west.scenario import OldWestScenario, posse_name, title_name
from referee.games.old_west.state import OldWestState

CATALOGUE.load(Path(__file__).with_name("picture.toml"))

XY = tuple[float, float]


# -- what the view carries ---------------------------------------------------------


def table_part(scenario: OldWestScenario) -> str:
    """The scenario's fixed table, prepared once: its size, title, posses,
    terrain and each model's starting wounds, as JSON text. One string is
    what a view carries: it never changes during a game, and a string costs
    nothing to copy into every view (bots read one at every decision)."""
    return prepared(scenario, _table_text)


def _table_text(scenario: OldWestScenario) -> str:
    return json.dumps(_table_part(scenario), ensure_ascii=False, separators=(",", ":"))


def _table_part(scenario: OldWestScenario) -> dict[str, JSON]:
    terrain: list[JSON] = []
    for o in scenario.obstacles:
        terrain.append(_feature(o.name, "building" if o.closed else "wall",
                                o.points, o.height))
    for c in scenario.covers:
        terrain.append(_feature(c.name, "cover", c.points, None))
    for d in scenario.drops:
        terrain.append(_feature(d.name, "drop", d.points, d.height))
    return {
        "title": title_name(scenario).to_json(),
        "width": scenario.table.width, "depth": scenario.table.depth,
        "posses": [{"seat": p.seat, "name": posse_name(p).to_json()}
                   for p in scenario.posses],
        "terrain": terrain,
        "wounds": {m.id: m.wounds for p in scenario.posses for m in p.models},
    }


def _feature(name: LocalName, kind: str, points: Sequence[XY], height: float | None) -> JSON:
    return {"name": Name(name.en, name.ru).to_json(), "kind": kind,
            "points": [[x, y] for x, y in points], "height": height}


def move_asking(state: OldWestState, fighter_id: str, spots: Mapping[str, XY | None],
                what: str = "move", near: str | None = None) -> dict[str, JSON]:
    """The model asked to move (``what``: among its moves, or to a point):
    how far it may go, where each option or named move puts it (those
    without a spot of their own are left out), and the Hero it must keep
    near after a Yee Haw!"""
    return {"model": fighter_id, "what": what, "reach": state.fighters[fighter_id].move,
            "near": near, "spots": [[value, [round(at[0], 2), round(at[1], 2)]]
                                    for value, at in spots.items() if at is not None]}


def shot_asking(state: OldWestState, shooter_id: str,
                targets: Sequence[str] | None = None) -> dict[str, JSON]:
    """The model asked to shoot: its gun, and every enemy on the table with
    the distance between the bases, whether the rules let it be shot
    (``targets``, as the rules found them), why not, and the cover a hit
    must get past (the rules' own tests)."""
    from referee.games.old_west import shooting  # shooting asks through this module

    shooter = state.fighters[shooter_id]
    gun = shooter.gun
    allowed = set(aiming.targets(state, shooter_id) if targets is None else targets)
    table = state.table
    aims: list[JSON] = []
    for enemy in state.active():
        if enemy.posse == shooter.posse or enemy.id not in table.pieces:
            continue
        distance = table.distance(shooter_id, enemy.id)
        aim: dict[str, JSON] = {"target": enemy.id, "distance": round(distance, 2),
                                "allowed": enemy.id in allowed}
        if enemy.id not in allowed:
            aim["why"] = _why_not(state, shooter_id, enemy.id, distance)
        else:
            aim["cover"] = [state.terrain(name).to_json()
                            for name in shooting._cover_between(state, shooter_id, enemy.id)]
        aims.append(aim)
    aims.sort(key=lambda a: (not a["allowed"], a["distance"]))
    return {"model": shooter_id, "what": "shoot",
            "gun": None if gun is None else {"name": Name(gun.name.en, gun.name.ru).to_json(),
                                             "range": gun.range},
            "in_the_way": state.rules.in_the_way, "aims": aims}


def _why_not(state: OldWestState, shooter_id: str, target_id: str,
             distance: float) -> dict[str, JSON]:
    if state.engaged_with(target_id):
        return {"reason": "melee"}
    gun = state.fighters[shooter_id].gun
    if gun is not None and distance > gun.range:
        return {"reason": "range"}
    blocking = [o for o in state.table.obstacles_between(state.pos(shooter_id),
                                                         state.pos(target_id))
                if o.height >= state.rules.sight_height]
    if blocking:
        return {"reason": "sight", "by": state.terrain(blocking[0].name).to_json()}
    return {"reason": "other"}


# -- the map, from a view ---------------------------------------------------------


def table_map(view: Mapping[str, Any], lang: Lang) -> TableMap | None:
    """The map of the table as ``view`` (a seat's view's state part) shows it."""
    part = _fixed(view.get("table"))
    if part is None:
        return None
    phase = view.get("phase") or "setup"
    status = render(msg("ow.map.when", turn=int(view.get("turn") or 0),
                        phase=msg(f"ow.map.phase.{phase}")), lang)
    features = tuple(_feature_of(t, lang) for t in part["terrain"])
    bands = tuple(Band(p["seat"], _name(p["name"], lang)) for p in part["posses"])
    figures = tuple(_figure(m, part["wounds"], lang) for m in view["models"]
                    if not str(m["id"]).endswith("~mount"))
    table = TableMap(_name(part["title"], lang), float(part["width"]), float(part["depth"]),
                     features, bands, figures, asking=_asking(view.get("asking"), lang),
                     status=status, objectives=_objectives(view.get("objectives"), lang))
    return with_symbols(table)


def svg(scenario: OldWestScenario, view: Mapping[str, Any], lang: Lang) -> str:
    """The picture of the table as ``view`` shows it (the scenario gives the
    fixed table where the view leaves it out)."""
    if "table" not in view:
        view = {**view, "table": table_part(scenario)}
    table = table_map(view, lang)
    assert table is not None
    return pictures.draw(table, lang)


def _fixed(data: Any) -> Mapping[str, Any] | None:
    """The fixed table a view carries (JSON text), read back."""
    if isinstance(data, str):
        data = json.loads(data)
    return data if isinstance(data, Mapping) else None


def _name(data: Any, lang: Lang) -> str:
    return Name(str(data["en"]), data.get("ru")).render(lang)


def _feature_of(data: Mapping[str, Any], lang: Lang) -> Feature:
    kind: FeatureKind = data["kind"]
    height = data.get("height")
    note = "" if height is None else render(msg(f"ow.map.note.{kind}",
                                                inches=tenths(float(height))), lang)
    return Feature(_name(data["name"], lang), kind,
                   tuple((float(x), float(y)) for x, y in data["points"]), note)


def _figure(model: Mapping[str, Any], starting: Mapping[str, int], lang: Lang) -> Figure:
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
        id=str(model["id"]), name=_name(model["name"], lang), side=str(model["posse"]),
        at=None if at is None else (float(at[0]), float(at[1])),
        radius=float(model.get("base_inches") or 1.0) / 2,
        wounds=int(model["wounds"]), wounds_max=starting.get(str(model["id"])),
        fame=int(model["fame"]) if hero else None,
        fortune=int(model["fortune"]) if hero else None,
        marks=tuple(render(m, lang) for m in marks), prone=bool(model.get("prone")),
        gone="" if status == "active" else render(msg(f"ow.map.status.{status}"), lang))


def _objectives(data: Any, lang: Lang) -> tuple[Objective, ...]:
    """Each posse's scenario objective, worded, with the edge it leaves by."""
    if not isinstance(data, Mapping):
        return ()
    found = []
    for seat, objective in data.items():
        if not isinstance(objective, Mapping):
            continue
        edge = objective.get("edge")
        if objective.get("kind") == "escape" and edge:
            text = msg("ow.map.objective.escape", models=int(objective.get("models") or 1),
                       edge=msg(f"ow.edge.{edge}"))
        elif objective.get("kind") == "hold":
            text, edge = msg("ow.map.objective.hold"), None
        else:
            continue
        found.append(Objective(str(seat), render(text, lang), edge))
    return tuple(found)


def _asking(data: Any, lang: Lang) -> Asking | None:
    if not isinstance(data, Mapping):
        return None
    what = data["what"]
    if what == "shoot":
        gun = data.get("gun")
        weapon = "" if not gun else render(msg("ow.map.gun", gun=_name(gun["name"], lang),
                                               range=tenths(float(gun["range"]))), lang)
        aims = tuple(_aim(a, int(data.get("in_the_way") or 0), lang) for a in data["aims"])
        return Asking(str(data["model"]), "shoot", aims=aims, weapon=weapon)
    spots = tuple(Spot(value, (float(at[0]), float(at[1]))) for value, at in
                  data.get("spots") or ())
    return Asking(str(data["model"]), "point" if what == "point" else "move",
                  reach=float(data["reach"]), spots=spots)


def _aim(data: Mapping[str, Any], in_the_way: int, lang: Lang) -> Aim:
    why = data.get("why")
    reason = ""
    if isinstance(why, Mapping):
        by = why.get("by")
        reason = render(msg(f"ow.map.why.{why['reason']}",
                            obstacle=_name(by, lang) if by else ""), lang)
    names = tuple(_name(c, lang) for c in data.get("cover") or ())
    cover = render(msg("ow.map.cover", names=names, roll=in_the_way), lang) if names else ""
    return Aim(str(data["target"]), float(data["distance"]), bool(data["allowed"]), reason,
               cover)
