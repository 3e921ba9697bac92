"""Old West for the environment: options keyed by model, posse and terrain-free
values (a move's end is the option's, never a key); a point of the
player's choice is one of the named moves the view lists. The table, each
model's place and condition as numbers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any, get_args

from referee.envs.catalogue import RANKED, Key, Kind, kind
from referee.envs.codec import Codec, View, one_hot, ratio
from referee.envs.parts import Part, point_keys, point_part
from referee.games.old_west.state import Status
from referee.games.old_west.view import Action, Edge, Phase
from referee.games.old_west.view import Part as ModelPart

BOOL = (False, True)


def hero_groups(state: Mapping[str, Any]) -> list[tuple[str, ...]]:
    """Every group of one posse's Heroes (none included), names sorted."""
    groups: set[tuple[str, ...]] = set()
    for posse in state["posses"]:
        heroes = sorted(m for m, model in state["models"].items()
                        if model["hero"] and model["posse"] == posse)
        for size in range(len(heroes) + 1):
            groups.update(combinations(heroes, size))
    return sorted(groups)


class OldWestCodec(Codec):
    def kinds(self, state: Mapping[str, Any]) -> Iterable[Kind]:
        models, posses = sorted(state["models"]), sorted(state["posses"])
        heroes = sorted(m for m, model in state["models"].items() if model["hero"])
        fame = range(max((state["models"][h]["fame"] or 0 for h in heroes), default=0) + 1)
        return (
            kind("yee-haw", ("model", heroes), ("shout", BOOL)),
            kind("fire", ("model", heroes), ("shout", BOOL)),
            kind("hold", ("model", models)),
            kind("later", ("model", models), ("hero", heroes)),
            kind("advance", ("model", models), ranked=RANKED),
            kind("charge", ("model", models), ("target", models), ranked=2),
            kind("exit", ("model", models), ("edge", get_args(Edge))),
            kind("point", ("model", models)),
            kind("hold-fire", ("model", models)),
            kind("shoot", ("model", models), ("target", models)),
            kind("fame", ("model", heroes), ("points", fame)),
            kind("fortune", ("model", heroes), ("spend", BOOL)),
            kind("heroes", ("seat", posses), ("action", get_args(Action)),
                 ("models", hero_groups(state))),
            kind("fight", ranked=RANKED),
            kind("no-fame", ("seat", posses)),
            kind("fame-die", ("model", heroes), ("points", fame)),
            kind("back-off-next", ("model", models)),
            kind("back-off-to", ("model", models), ranked=RANKED),
            kind("strike", ("model", models), ("target", models), ("part", get_args(ModelPart))),
            kind("split", ranked=RANKED),
            kind("hills-test", ("seat", posses), ("model", models)),
            kind("hills-run", ("seat", posses)),
        )

    def extra_keys(self, state: Mapping[str, Any]) -> Iterable[Key]:
        return point_keys(sorted(state["models"]))

    def shaped_part(self, view: View) -> Part | None:
        """A point to move to: stay, or one of the named moves (OW-MOV)."""
        point = view["state"].get("point")
        if point is None:
            return None
        spots = [(spot["way"], spot["model"], spot["to"]) for spot in point["spots"]]
        return point_part(self.catalogue, view["waiting"].get("template"), spots, point["model"])

    def part_subjects(self, state: Mapping[str, Any]) -> Iterable[str]:
        return sorted(state["models"])

    def features(self, state: Mapping[str, Any], seat: str) -> list[float]:
        table = state["table"]
        numbers = [state["turn"] / 10, *one_hot(state["phase"], get_args(Phase)),
                   1.0 if state["advantage"] == seat else 0.0]
        for posse in sorted(state["posses"]):
            numbers += [float(state["posses"][posse]["fleeing"]),
                        float(state["posses"][posse]["ran"])]
        for mid in sorted(state["models"]):
            model = state["models"][mid]
            at = model["at"] or (None, None)
            numbers += [1.0 if model["posse"] == seat else 0.0, float(model["at"] is not None),
                        ratio(at[0], table["width"]), ratio(at[1], table["depth"]),
                        ratio(model["wounds"], model["starting_wounds"] or 1),
                        model["fame"] or 0, model["fortune"] or 0, float(bool(model["prone"])),
                        float(model["hero"]), float(model["mount"] is not None),
                        *one_hot(model["status"], get_args(Status))]
        return numbers
