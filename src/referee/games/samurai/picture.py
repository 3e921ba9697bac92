"""The Samurai table as a map: what a seat's view carries for it (the
scenario's fixed table, and what the asked fighter sees), and the map built
back from that view for the terminal and the pictures.

:func:`table_map` reads a view only; :func:`table_part` and :func:`aims`
put into the view what every seat may know anyway, measured by the rules'
own line of sight (:mod:`referee.games.samurai.los`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
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
    Shot,
    Spot,
    TableMap,
    message_from_json,
    tenths,
    with_symbols,
)
from referee.core.i18n import CATALOGUE, Lang, Msg, Name, msg, render
from referee.core.prepared import prepared
from referee.core.waits import JSON
from referee.games.samurai.los import sight
from referee.games.samurai.missiles import shot_refusal
from referee.games.samurai.scenario import SamuraiScenario
from referee.games.samurai.state import SamuraiState
from referee.games.samurai.tables import WEAPONS

CATALOGUE.load(Path(__file__).with_name("picture.toml"))


# -- what the view carries ---------------------------------------------------------


def table_part(scenario: SamuraiScenario) -> str:
    """The scenario's fixed table, prepared once: size, title, bands, terrain,
    and each fighter's name, base and move, as JSON text (one string costs
    nothing to copy into every view)."""
    return prepared(scenario, _table_text)


def _table_text(scenario: SamuraiScenario) -> str:
    return json.dumps(_table_part(scenario), ensure_ascii=False, separators=(",", ":"))


def _table_part(scenario: SamuraiScenario) -> dict[str, JSON]:
    return {
        "title": scenario.title.name.to_json(),
        "width": scenario.table.width, "depth": scenario.table.depth,
        "bands": [{"seat": b.seat, "name": b.name.name.to_json()} for b in scenario.bands],
        "terrain": [{"name": t.name.name.to_json(), "cover": t.cover, "closed": t.closed,
                     "points": [[x, y] for x, y in t.points], "height": t.height}
                    for t in scenario.terrain],
        "fighters": {f.id: {"name": f.name.name.to_json(), "base_mm": f.base_mm,
                            "move": f.move}
                     for b in scenario.bands for f in b.fighters},
    }


def aims(state: SamuraiState, shooter: str) -> list[JSON]:
    """Every enemy as ``shooter`` sees it: the distance between the bases,
    whether the rules let it be shot and why not, and its cover."""
    table = state.table()
    side = state.fighters[shooter].side
    found: list[JSON] = []
    for enemy in state.alive(state.other(side)):
        seen = sight(state, table, shooter, enemy.id)
        why = shot_refusal(state, table, shooter, enemy.id)
        found.append({"target": enemy.id, "distance": round(table.distance(shooter, enemy.id), 2),
                      "allowed": why is None, "why": None if why is None else why.to_json(),
                      "cover": seen.cover, "light": round(seen.light_inches, 2)})
    found.sort(key=lambda a: (not a["allowed"], a["distance"]))
    return found


# -- the map, from a view ---------------------------------------------------------


def table_map(view: Mapping[str, Any], lang: Lang) -> TableMap | None:
    """The map of the table as ``view`` (a seat's view's state part) shows it."""
    part = view.get("table")
    if isinstance(part, str):
        part = json.loads(part)
    if not isinstance(part, Mapping):
        return None
    phase = view.get("phase") or "setup"
    status = render(msg("sam.map.when", turn=int(view.get("turn") or 0),
                        phase=msg(f"sam.map.phase.{phase}")), lang)
    features = tuple(_feature(t, lang) for t in part["terrain"])
    bands = tuple(Band(b["seat"], _name(b["name"]).render(lang)) for b in part["bands"])
    fixed = part["fighters"]
    fight = view.get("fight")
    fighting = {f for ids in fight["sides"].values() for f in ids} \
        if isinstance(fight, Mapping) else set()
    figures = tuple(_figure(m, fixed[m["id"]], lang, m["id"] in fighting)
                    for m in view["models"])
    names = {fid: _name(data["name"]).render(lang) for fid, data in fixed.items()}
    shots = tuple(Shot((float(s["from"][0]), float(s["from"][1])),
                       (float(s["to"][0]), float(s["to"][1])), bool(s["hit"]),
                       f'{names.get(s["shooter"], s["shooter"])} → '
                       f'{names.get(s["target"], s["target"])}')
                  for s in view.get("shots") or ())
    table = TableMap(_name(part["title"]).render(lang), float(part["width"]),
                     float(part["depth"]), features, bands, figures, shots,
                     _asking(view, fixed, lang), status=status)
    return with_symbols(table)


def svg(scenario: SamuraiScenario, view: Mapping[str, Any], lang: Lang) -> str:
    """The picture of the table as ``view`` shows it (the scenario gives the
    fixed table where the view leaves it out)."""
    if "table" not in view:
        view = {**view, "table": table_part(scenario)}
    table = table_map(view, lang)
    assert table is not None
    return pictures.draw(table, lang)


def _name(data: Any) -> Name:
    return Name(str(data["en"]), data.get("ru"))


def _feature(data: Mapping[str, Any], lang: Lang) -> Feature:
    points = tuple((float(x), float(y)) for x, y in data["points"])
    kind: FeatureKind
    if data["cover"] == "light":
        kind, note = "cover", msg("sam.map.note.light")
    else:
        kind = "building" if data["closed"] else "wall"
        note = msg("sam.map.note.heavy", inches=tenths(float(data["height"])))
    return Feature(_name(data["name"]).render(lang), kind, points, render(note, lang))


def _figure(model: Mapping[str, Any], fixed: Mapping[str, Any], lang: Lang,
            fighting: bool = False) -> Figure:
    """A fighter on the map; one in the fight being played also says the id
    its side's token allocation names it by (SAM-FGT-2)."""
    notes: list[Msg] = [msg("sam.map.cp", cp=int(model["cp"]))]
    marks: list[Msg] = []
    if model.get("wounds"):
        marks.append(msg(f"sam.map.wound.{min(2, int(model['wounds']))}"))
    marks += [msg(f"sam.mark.{k}") for k in ("stunned", "disarmed") if model.get(k)]
    if model.get("missile"):
        notes.append(msg("sam.map.missile", weapon=msg(f"sam.weapon.{model['missile']}")))
        if not model.get("loaded", True):
            marks.append(msg("sam.map.unloaded"))
    if fighting:
        notes.append(msg("sam.map.answer-id", id=str(model["id"])))
    at = model.get("at")
    return Figure(
        id=str(model["id"]), name=_name(fixed["name"]).render(lang), side=str(model["side"]),
        at=None if at is None else (float(at[0]), float(at[1])),
        radius=float(fixed["base_mm"]) / 25.4 / 2,
        marks=tuple(render(m, lang) for m in marks),
        notes=tuple(render(n, lang) for n in notes),
        gone="" if model.get("alive", True) else render(msg("sam.map.killed"), lang))


def _asking(view: Mapping[str, Any], fixed: Mapping[str, Any], lang: Lang) -> Asking | None:
    asked = view.get("asked")
    if isinstance(asked, Mapping):
        shooter = str(asked["shooter"])
        model = next((m for m in view["models"] if m["id"] == shooter), None)
        weapon = ""
        missile = model.get("missile") if model else None
        if missile:
            weapon = render(msg("sam.map.weapon", weapon=msg(f"sam.weapon.{missile}"),
                                range=tenths(WEAPONS[missile].max_range)), lang)
        return Asking(shooter, "shoot", aims=tuple(_aim(a, lang) for a in asked.get("aims") or ()),
                      weapon=weapon)
    moving = view.get("moving")
    if isinstance(moving, Mapping):
        mover = str(moving["model"])
        spots = tuple(Spot(value, (float(at[0]), float(at[1])))
                      for value, at in moving.get("spots") or ())
        return Asking(mover, "point" if moving.get("what") == "point" else "move",
                      reach=float(fixed[mover]["move"]), spots=spots)
    return None


def _aim(data: Mapping[str, Any], lang: Lang) -> Aim:
    why = data.get("why")
    cover = data.get("cover")
    words = ""
    if cover == "light":
        words = render(msg("sam.map.cover.light", inches=tenths(float(data["light"]))), lang)
    elif cover == "heavy":
        words = render(msg("sam.map.cover.heavy"), lang)
    return Aim(str(data["target"]), float(data["distance"]), bool(data["allowed"]),
               "" if why is None else render(message_from_json(why), lang), words)
