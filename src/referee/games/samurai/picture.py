"""The Samurai table as a map, built from a seat's whole view alone (its
``state`` part: the public terrain, every fighter, the fight, the fighter
asked to act or move and the last shots), for the terminal and the pictures
(:mod:`.display`). No rules module imports this one.
"""

from __future__ import annotations

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
from referee.games.samurai.tables import WEAPONS

CATALOGUE.load(Path(__file__).with_name("text.toml"))
CATALOGUE.load(Path(__file__).with_name("picture.toml"))


def table_map(view: Mapping[str, Any], lang: Lang) -> TableMap | None:
    """The map of the table as ``view`` (a seat's whole view) shows it."""
    state = view.get("state")
    if not isinstance(state, Mapping) or not isinstance(state.get("table"), Mapping):
        return None
    status = render(msg("sam.map.when", turn=int(state["turn"]),
                        phase=msg(f"sam.map.phase.{state['phase']}")), lang)
    features = tuple(_feature(t, lang) for t in state["terrain"])
    bands = tuple(Band(seat, name_of(b["name"]).render(lang))
                  for seat, b in state["bands"].items())
    fighters = state["fighters"]
    fight = state.get("fight")
    fighting = {f for ids in fight["sides"].values() for f in ids} \
        if isinstance(fight, Mapping) else set()
    figures = tuple(_figure(fid, f, lang, fid in fighting) for fid, f in fighters.items())
    names = {fid: name_of(f["name"]).render(lang) for fid, f in fighters.items()}
    shots = tuple(Shot((float(s["start"][0]), float(s["start"][1])),
                       (float(s["end"][0]), float(s["end"][1])), bool(s["hit"]),
                       f'{names.get(s["shooter"], s["shooter"])} → '
                       f'{names.get(s["target"], s["target"])}')
                  for s in state["shots"])
    table = TableMap(name_of(state["title"]).render(lang), float(state["table"]["width"]),
                     float(state["table"]["depth"]), features, bands, figures, shots,
                     _asking(state, lang), status=status)
    return with_symbols(table)


def svg(view: Mapping[str, Any], lang: Lang) -> str | None:
    """The picture of the table as ``view`` (a seat's whole view) shows it."""
    table = table_map(view, lang)
    return None if table is None else pictures.draw(table, lang)


def name_of(data: Any) -> Name:
    """A name as a view carries it (``Name.to_json``)."""
    return Name(str(data["en"]), data.get("ru"), data.get("gender"),
                tuple(sorted((data.get("cases") or {}).items())))


def _feature(data: Mapping[str, Any], lang: Lang) -> Feature:
    points = tuple((float(x), float(y)) for x, y in data["points"])
    kind: FeatureKind
    if data["cover"] == "light":
        kind, note = "cover", msg("sam.map.note.light")
    else:
        kind = "building" if data["closed"] else "wall"
        note = msg("sam.map.note.heavy", inches=tenths(float(data["height"])))
    return Feature(name_of(data["name"]).render(lang), kind, points, render(note, lang))


def _figure(fid: str, fighter: Mapping[str, Any], lang: Lang, fighting: bool = False) -> Figure:
    """A fighter on the map; one in the fight being played also says the id
    its side's token allocation names it by (SAM-FGT-2)."""
    notes: list[Msg] = [msg("sam.map.cp", cp=int(fighter["cp"]))]
    marks: list[Msg] = []
    if fighter["wounds"]:
        marks.append(msg(f"sam.map.wound.{min(2, int(fighter['wounds']))}"))
    marks += [msg(f"sam.mark.{k}") for k in ("stunned", "disarmed") if fighter[k]]
    if fighter["missile"]:
        notes.append(msg("sam.map.missile", weapon=msg(f"sam.weapon.{fighter['missile']}")))
        if not fighter["loaded"]:
            marks.append(msg("sam.map.unloaded"))
    if fighting:
        notes.append(msg("sam.map.answer-id", id=fid))
    at = fighter["at"]
    return Figure(
        id=fid, name=name_of(fighter["name"]).render(lang), side=str(fighter["side"]),
        at=None if at is None else (float(at[0]), float(at[1])),
        radius=float(fighter["base_mm"]) / 25.4 / 2,
        marks=tuple(render(m, lang) for m in marks),
        notes=tuple(render(n, lang) for n in notes),
        gone="" if fighter["alive"] else render(msg("sam.map.killed"), lang))


def _asking(state: Mapping[str, Any], lang: Lang) -> Asking | None:
    """The fighter asked to act (its aims) or to move (its reach and spots)."""
    fighters = state["fighters"]
    asked = state.get("asked")
    if isinstance(asked, Mapping):
        shooter = str(asked["shooter"])
        missile = fighters[shooter]["missile"]
        weapon = ""
        if missile:
            weapon = render(msg("sam.map.weapon", weapon=msg(f"sam.weapon.{missile}"),
                                range=tenths(WEAPONS[missile].max_range)), lang)
        return Asking(shooter, "shoot", aims=tuple(_aim(a, lang) for a in asked["aims"]),
                      weapon=weapon)
    moving = state.get("moving")
    if isinstance(moving, Mapping):
        mover = str(moving["fighter"])
        spots = tuple(Spot(spot["value"], (float(spot["at"][0]), float(spot["at"][1])))
                      for spot in moving["spots"])
        return Asking(mover, "point" if moving["what"] == "point" else "move",
                      reach=float(fighters[mover]["move"]), spots=spots)
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
