"""Echo's rule-of-thumb bot, read from its investigator's view alone
(registered as the ``echo`` entry of ``referee.bots``; the rules never
import it). Every investigator's bot reads the same map and the same
enemies, so all of them head for the same target and meet on the way.

- **Joins up**: it always goes on together with an investigator it meets
  (ECHO-ORD-3) and never splits a group.
- **Heads for the target enemies**: the one the investigators are nearest
  to, all together, by the fewest movement units (touching Locations cost
  none, ECHO-MOV-3; a Gate one, ECHO-GATE-2). A target in the World behind
  Gates not yet passed is sought through the nearest open Gate
  (ECHO-GATE-4: where it leads is learnt by passing it). A step to a
  touching Location costs no unit (ECHO-MOV-3), so never shortens the way
  in units: it is taken where it is a step on the way, joins investigators
  standing there or gets off a Location where an enemy stands, never
  for nothing.
- **Fights together**: it fights a target, and any enemy in its way while
  the group is two or more or its card's Fight beats the enemy's; else it
  tries to get away (ECHO-BAT-1). A smiting item is used on an enemy when
  units allow; a healing one when Health or Reason is down to half.
- The search bot (:mod:`referee.games.echo.search`) draws where the Gates
  not yet passed lead and judges a playout cut short by the targets
  caught, the investigators standing and the turns left.
- Melifaro names next the investigator nearest a target (ECHO-ORD-2); the
  order check takes the skill with the most dice (ECHO-BAT-5).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from pydantic import BaseModel

from referee.bots.kinds import RulesetBots
from referee.bots.rules import Meaning, RulesBot, state_of
from referee.core.drivers import Ask, Player
from referee.core.events import Seat
from referee.core.game import Game
from referee.games.echo import search

UNKNOWN = "?"
"""Where a Gate not yet passed leads: somewhere in the World (ECHO-GATE-4)."""
GUESS = 2
"""Units guessed from a Gate not yet passed to a Location of the World."""
FAR = 1_000
HOP = 0.1
"""Worth of a step nearer the goal that costs no unit (a touching Location
on the way, ECHO-MOV-3) beside a unit's worth of way."""
JOIN = 0.5
"""Worth of a free step that joins investigators standing there (ECHO-ORD-3)."""
OFF = 0.3
"""Worth of a free step off a Location where an enemy it does not fight stands."""

HORIZON = 40
"""Inputs a search playout plays (about two investigators' turns) before it
is judged."""
WIDTH = 3
"""Options the search weighs: the rules bot's and the two it rates next."""
PLAYOUTS = 12
"""Playouts a question: four paired rounds of three."""


class EchoBots(RulesetBots):
    searches = True  # the setup is public but where Gates lead, which it draws
    draws = 4
    horizon, width, playouts = HORIZON, WIDTH, PLAYOUTS

    def rules(self, rng: Random) -> Player:
        return EchoRulesBot(rng)

    def setup(self, setup: BaseModel, seat: Seat, lines: Sequence[Mapping[str, Any]],
              rng: Random) -> BaseModel:
        return search.draw_setup(setup, seat, lines, rng)

    def kept(self, drawn: BaseModel, lines: Sequence[Mapping[str, Any]]) -> bool:
        return search.still_fits(drawn, lines)

    def lean(self, game: Game, label: Mapping[str, Any],
             later: Sequence[Mapping[str, Any]]) -> Mapping[Any, float]:
        return search.successes_read_next(label, later)

    def score(self, game: Game, seat: Seat) -> float:
        return search.score(game)


class EchoRulesBot(RulesBot):
    """Joins up, heads for the target enemies and fights together."""

    def rate(self, ask: Ask, meanings: Sequence[Meaning]) -> Sequence[float]:
        state = state_of(ask)
        plan = Plan(state, ask.seat)
        return [plan.rate(meaning) for meaning in meanings]


class Plan:
    """The investigator's way to the target, worked out once per question."""

    def __init__(self, state: Mapping[str, Any], seat: str) -> None:
        self.state = state
        self.seat = seat
        self.me = state["investigators"][seat]
        self.ways = ways(state)
        self.goal, self.to_goal = nearest_target(state, self.ways)

    def distance(self, location: str) -> int:
        return self.to_goal.get(location, (FAR, FAR))[0]

    def hops(self, location: str) -> int:
        """Steps on the cheapest way to the goal, the fewest of the cheapest."""
        return self.to_goal.get(location, (FAR, FAR))[1]

    def rate(self, meaning: Meaning) -> float:
        kind = meaning.get("kind")
        here = self.me["location"]
        if kind == "move":
            units: int = meaning.get("units", 0)
            there = meaning["location"]
            rating = self.closer(here, there) - 0.01 * units - 0.001
            return rating + self.free_step(here, there) if units == 0 else rating
        if kind in ("gate", "back"):
            gate = self.state["gates"][meaning["gate"]]
            there = gate["to"] if kind == "gate" else gate["at"]
            return self.closer(here, there or UNKNOWN)
        if kind == "teleport":
            return -float(self.distance(meaning["location"]))
        if kind == "item":
            return self.rate_item(meaning)
        if kind == "fight":
            return 5.0 if self.fights(meaning["enemies"]) else 1.0
        if kind == "get-away":
            return 1.0 if self.fights(meaning["enemies"]) else 5.0
        if kind == "together":
            return 1.0
        if kind == "next":
            where = self.state["investigators"][meaning["investigator"]]["location"]
            return -float(self.distance(where))
        if kind == "order-skill":
            return float(meaning.get("dice", 0))
        if kind == "split":
            return -1.0
        return 0.0  # done, apart

    def closer(self, here: str, there: str) -> float:
        """How many units nearer the goal ``there`` is than ``here``."""
        return float(self.distance(here) - self.distance(there))

    def free_step(self, here: str, there: str) -> float:
        """What a step to a touching Location is worth beside its units (it
        never costs one, so never shortens the way in units, ECHO-MOV-3):
        a step on the way (the fewest steps of the cheapest way), joining
        investigators standing there (ECHO-ORD-3), getting off a Location
        where an enemy stands."""
        worth = HOP * (self.hops(here) - self.hops(there))
        if any(other["location"] == there and other["status"] == "conscious"
               for other in self.state["investigators"].values()):
            worth += JOIN
        if self.enemy_at(here) and not self.enemy_at(there):
            worth += OFF
        return worth

    def enemy_at(self, location: str) -> bool:
        return any(enemy["location"] == location and enemy["status"] == "active"
                   for enemy in self.state["enemies"].values())

    def fights(self, enemies: Sequence[str]) -> bool:
        """Fight a target, or any enemy while the group outnumbers it or
        the investigator outfights it; else get away."""
        found = [self.state["enemies"][enemy] for enemy in enemies]
        if any(enemy.get("target") for enemy in found):
            return True
        group = sum(1 for other in self.state["investigators"].values()
                    if other["location"] == self.me["location"]
                    and other["status"] == "conscious")
        return group >= 2 or self.me["fight"] > max(enemy["fight"] for enemy in found)

    def rate_item(self, meaning: Meaning) -> float:
        item = self.state["items"][meaning["item"]]
        holder = self.state["investigators"].get(meaning.get("investigator"), self.me)
        effect = item.get("effect")
        if effect == "smite":
            here = holder["location"]
            present = any(enemy["location"] == here and enemy["status"] == "active"
                          for enemy in self.state["enemies"].values())
            return 6.0 if present else -1.0
        if effect == "heal":
            low = holder["health"] * 2 <= holder["max_health"] or \
                holder["reason"] * 2 <= holder["max_reason"]
            return 2.0 if low else -1.0
        if effect == "units":
            return 0.5
        return -0.5  # a teleport: the map's way is surer


Ways = dict[str, list[tuple[str, int]]]


def ways(state: Mapping[str, Any]) -> Ways:
    """Each Location's ways on and what each costs in units: touching
    Locations 0, white-rectangle links 1 (ECHO-MOV-2, ECHO-MOV-3), an open
    Gate 1 to where it leads, or to :data:`UNKNOWN` while not yet passed."""
    found: Ways = {name: [] for name in state["locations"]}
    found[UNKNOWN] = []
    for join in state["joins"]:
        first, second = join["between"]
        cost = 0 if join["kind"] == "touch" else 1
        found[first].append((second, cost))
        found[second].append((first, cost))
    for gate in state["gates"].values():
        if not gate["open"]:
            continue
        to = gate["to"] or UNKNOWN
        found[gate["at"]].append((to, 1))
        if gate["to"]:
            found[to].append((gate["at"], 1))
    for name, location in state["locations"].items():
        if location.get("world"):
            found[UNKNOWN].append((name, GUESS))
    return found


def units_to(graph: Ways, goal: str) -> dict[str, int]:
    """The fewest units from each Location to ``goal`` (ways run both ways
    but a Gate not yet passed, which is walked backwards from the World)."""
    return {at: units for at, (units, _) in ways_to(graph, goal).items()}


def ways_to(graph: Ways, goal: str) -> dict[str, tuple[int, int]]:
    """From each Location to ``goal``: the fewest units, and the fewest
    steps a way of that many units takes."""
    back: Ways = {name: [] for name in graph}
    for start, edges in graph.items():
        for end, cost in edges:
            back.setdefault(end, []).append((start, cost))
    best = {goal: (0, 0)}
    queue = [(0, 0, goal)]
    while queue:
        cost, steps, at = heapq.heappop(queue)
        if (cost, steps) > best.get(at, (FAR, FAR)):
            continue
        for there, step in back.get(at, ()):
            total = (cost + step, steps + 1)
            if total < best.get(there, (FAR, FAR)):
                best[there] = total
                heapq.heappush(queue, (*total, there))
    return best


def nearest_target(state: Mapping[str, Any], graph: Ways,
                   ) -> tuple[str | None, dict[str, tuple[int, int]]]:
    """Where the target enemy the conscious investigators are nearest to,
    all told, stands (every active enemy when no target is left), and the
    way there from each Location (:func:`ways_to`); None where none is."""
    enemies = [enemy for enemy in state["enemies"].values() if enemy["status"] == "active"]
    targets = [enemy for enemy in enemies if enemy.get("target")] or enemies
    here = [inv["location"] for inv in state["investigators"].values()
            if inv["status"] == "conscious"]
    best: tuple[int, str] | None = None
    found: dict[str, tuple[int, int]] = {}
    for enemy in targets:
        distances = ways_to(graph, enemy["location"])
        total = sum(distances.get(location, (FAR, FAR))[0] for location in here)
        if best is None or total < best[0]:
            best, found = (total, enemy["location"]), distances
    return (None, {}) if best is None else (best[1], found)
