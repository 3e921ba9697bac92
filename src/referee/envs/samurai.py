"""Samurai for the environment: options keyed by fighter ids; a side's
secret allocation of combat tokens walked fighter by fighter (its Attack
tokens, the rest for Defence, then whether to Boost its Initiative); a
point of the player's choice one of the named moves the view lists. The
table, each fighter's place and marks, the fight's tokens as numbers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any, get_args

from referee.envs.catalogue import Key, Kind, kind
from referee.envs.codec import Codec, View, one_hot, ratio
from referee.envs.parts import Answer, Part, choose, point_keys, point_part
from referee.games.samurai.view import Phase

BOOL = (False, True)
SPECIALS = ("none", "disarm", "grab")


class SamuraiCodec(Codec):
    def kinds(self, state: Mapping[str, Any]) -> Iterable[Kind]:
        fighters = sorted(state["fighters"])
        pair = (("attacker", fighters), ("defender", fighters))
        return (
            kind("stay", ("fighter", fighters)),
            kind("charge", ("fighter", fighters), ("target", fighters)),
            kind("advance", ("fighter", fighters), ("target", fighters)),
            kind("point", ("fighter", fighters)),
            kind("split", ranked=8),
            kind("fight", ("fighter", fighters), ranked=2),
            kind("pass", ("fighter", fighters)),
            kind("attack", *pair),
            kind("boost-defence", *pair, ("boost", BOOL)),
            kind("boost-attack", *pair, ("boost", BOOL)),
            kind("special", *pair, ("special", SPECIALS)),
            kind("wait", ("fighter", fighters)),
            kind("reload", ("fighter", fighters)),
            kind("shoot", ("shooter", fighters), ("target", fighters)),
        )

    def extra_keys(self, state: Mapping[str, Any]) -> Iterable[Key]:
        most = max(f["cp"] for f in state["fighters"].values())
        return [*point_keys(sorted(state["fighters"])),
                *(("tokens", n) for n in range(most + 1)),
                ("boost-initiative", False), ("boost-initiative", True)]

    def part_subjects(self, state: Mapping[str, Any]) -> Iterable[str]:
        return sorted(state["fighters"])

    def shaped_part(self, view: View) -> Part | None:
        state = view["state"]
        title = view["waiting"]["answer_schema"].get("title")
        moving = state.get("moving")
        if title == "PointMove" and moving is not None:
            spots = [(*spot["value"].split(":", 1), spot["at"]) for spot in moving["spots"]
                     if isinstance(spot["value"], str) and ":" in spot["value"]]
            return point_part(self.catalogue, view["waiting"].get("template"), spots,
                              moving["fighter"])
        fight = state.get("fight")
        if title == "Allocation" and fight is not None:
            mine = fight["sides"].get(view["seat"], [])
            first = self._tokens(state, tuple(mine), {})
            return first if isinstance(first, Part) else None
        return None

    def _tokens(self, state: Mapping[str, Any], fighters: Sequence[str],
                done: dict[str, Any]) -> Part | Answer:
        """SAM-FGT-2: the next fighter's Attack tokens (its Combat Potential
        less them for Defence), or the whole allocation once all have theirs."""
        if not fighters:
            return Answer({"fighters": done})
        fid, cp = fighters[0], state["fighters"][fighters[0]]["cp"]
        then = partial(self._boost, state, fighters, done)
        return choose(self.catalogue, [(("tokens", n), n) for n in range(cp + 1)], then, fid)

    def _boost(self, state: Mapping[str, Any], fighters: Sequence[str], done: dict[str, Any],
               attack: int) -> Part | Answer:
        """SAM-BST-2: a fighter with an Attack token may spend one to Boost its Initiative."""
        fid, cp = fighters[0], state["fighters"][fighters[0]]["cp"]

        def given(boost: bool) -> Part | Answer:
            tokens = {"attack": attack, "defence": cp - attack, "boost_initiative": boost}
            return self._tokens(state, fighters[1:], {**done, fid: tokens})

        if attack == 0:
            return given(False)
        return choose(self.catalogue, [(("boost-initiative", b), b) for b in BOOL], given, fid)

    def features(self, state: Mapping[str, Any], seat: str) -> list[float]:
        table, fight = state["table"], state["fight"] or {}
        sides, tokens = fight.get("sides", {}), fight.get("tokens", {})
        numbers = [state["turn"] / 10, *one_hot(state["phase"], get_args(Phase)),
                   1.0 if state["priority"] == seat else 0.0,
                   float(seat in state["broken"]), float(len(state["broken"]) > 0)]
        order = fight.get("order", [])
        for fid in sorted(state["fighters"]):
            f = state["fighters"][fid]
            at = f["at"] or (None, None)
            mine = tokens.get(fid) or {}
            numbers += [1.0 if f["side"] == seat else 0.0, float(f["alive"]),
                        ratio(at[0], table["width"]), ratio(at[1], table["depth"]),
                        f["cp"], f["wounds"], float(f["stunned"]), float(f["moved"]),
                        float(bool(f["shot"])), float(bool(f["loaded"])), float(f["disarmed"]),
                        float(any(fid in ids for ids in sides.values())),
                        mine.get("attack", 0), mine.get("defence", 0),
                        ratio(order.index(fid) + 1 if fid in order else 0, 8)]
        return numbers
