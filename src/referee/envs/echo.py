"""Echo for the environment: options keyed by Location, Gate, item and
investigator ids; the city, the investigators, the enemies, the Gates and
the items as numbers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, get_args

from referee.envs.catalogue import Kind, kind
from referee.envs.codec import Codec, one_hot, ratio
from referee.games.echo.state import EnemyStatus, InvestigatorStatus
from referee.games.echo.view import OrderSkill

PLAIN = ("split", "done", "together", "apart", "fight", "get-away")
"""Kinds of option a question offers at most once: keyed by their kind alone."""


class EchoCodec(Codec):
    def kinds(self, state: Mapping[str, Any]) -> Iterable[Kind]:
        places, gates = sorted(state["locations"]), sorted(state["gates"])
        items, investigators = sorted(state["items"]), sorted(state["investigators"])
        return (
            kind("move", ("location", places)),
            kind("teleport", ("location", places)),
            kind("gate", ("gate", gates)),
            kind("back", ("gate", gates)),
            kind("item", ("item", items), ("investigator", investigators)),
            kind("next", ("investigator", investigators)),
            kind("order-skill", ("skill", get_args(OrderSkill))),
            *(kind(name) for name in PLAIN),
        )

    def features(self, state: Mapping[str, Any], seat: str) -> list[float]:
        places = sorted(state["locations"])
        investigators = sorted(state["investigators"])
        numbers = [ratio(state["turn"], state["max_turns"]),
                   *one_hot(state["first_player"], investigators)]
        for iid in investigators:
            one = state["investigators"][iid]
            numbers += [1.0 if iid == seat else 0.0, one["units"],
                        ratio(one["health"], one["max_health"] or 1),
                        ratio(one["reason"], one["max_reason"] or 1), float(one["finished"]),
                        len(one["items"]), *one_hot(one["status"], get_args(InvestigatorStatus)),
                        *one_hot(one["location"], places)]
        for eid in sorted(state["enemies"]):
            enemy = state["enemies"][eid]
            numbers += [float(enemy["target"]), ratio(enemy["health"], enemy["max_health"] or 1),
                        ratio(enemy["reason"], enemy["max_reason"] or 1),
                        *one_hot(enemy["status"], get_args(EnemyStatus)),
                        *one_hot(enemy["location"], places)]
        for gid in sorted(state["gates"]):
            gate = state["gates"][gid]
            numbers += [float(gate["open"]), float(gate["revealed"]),
                        *one_hot(gate["to"], places)]
        for item in sorted(state["items"]):
            numbers += one_hot(state["items"][item]["holder"], investigators)
        return numbers
