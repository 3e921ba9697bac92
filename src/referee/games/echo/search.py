"""What Echo tells the search bot (:mod:`referee.bots.search`): how to draw a
setup fitting an investigator's view, which dice to try first when
replaying the log, and how well the investigators stand where a playout is
cut short. Read by :class:`referee.games.echo.bot.EchoBots`; the rules never
import it.

The board is public but for where the Gates not yet passed lead
(ECHO-GATE-4): a drawn setup keeps the scenario whole and the destinations
the seat has read (``gate-revealed``), and draws each other Gate's among the
World's Locations, as likely each, such that the scenario still holds
(every target in the World reachable, ``check``) and no Gate not turned face
up leads where an investigator started in the World (it would have lain
face up from the start, disputed case 13). Every roll is public: its
successes are read in the next line about it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from pydantic import BaseModel

from referee.core.events import REFEREE, Seat
from referee.core.game import Game
from referee.core.prepared import prepared
from referee.games.echo.scenario import Scenario, check

TRIES = 64
"""Destinations drawn, at most, for one setup that the scenario's checks pass."""
SHOWN = 50.0
"""How much sooner a replay tries the successes the next line shows."""
WITHIN = 6
"""Lines read next searched for the successes of a roll."""
CAUGHT, STANDING, TIME = 0.6, 0.25, 0.15
"""The weights of a position's score: targets caught (wounds counted),
investigators standing (Health and Reason counted), turns left while
targets are at large."""


class SetupDraws:
    """The setups drawn for one scenario, one per set of destinations, so
    that positions drawn alike share one setup (and its prepared parts)."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        starts = {card.location for card in scenario.investigators}
        world = tuple(loc.id for loc in scenario.locations if loc.world)
        self.world = tuple(place for place in world if place not in starts) or world
        self.drawn: dict[tuple[str, ...], Scenario] = {}

    def setup(self, destinations: tuple[str, ...]) -> Scenario:
        """The scenario with its Gates leading to ``destinations``, in order."""
        found = self.drawn.get(destinations)
        if found is None:
            gates = tuple(gate.model_copy(update={"to": to})
                          for gate, to in zip(self.scenario.gates, destinations, strict=True))
            found = self.drawn[destinations] = self.scenario.model_copy(update={"gates": gates})
        return found

    def draw(self, known: Mapping[str, str], rng: Random) -> Scenario:
        """A setup whose Gates in ``known`` lead where it says and the others
        where they are drawn to (see the module's docstring); after
        :data:`TRIES` refused, the last drawn (the replay will not fit it)."""
        candidate = self.drawn_once(known, rng)
        for _ in range(TRIES - 1):
            if candidate is not None:
                return candidate
            candidate = self.drawn_once(known, rng)
        return candidate or self.setup(self.destinations(known, rng))

    def drawn_once(self, known: Mapping[str, str], rng: Random) -> Scenario | None:
        """One draw of destinations; None where the scenario's checks refuse it."""
        destinations = self.destinations(known, rng)
        if destinations in self.drawn:
            return self.drawn[destinations]
        candidate = self.setup(destinations)
        if check(candidate):
            del self.drawn[destinations]
            return None
        return candidate

    def destinations(self, known: Mapping[str, str], rng: Random) -> tuple[str, ...]:
        """Where each Gate leads: where ``known`` says, else drawn."""
        return tuple(known.get(gate.id) or rng.choice(self.world)
                     for gate in self.scenario.gates)


def draw_setup(setup: BaseModel, seat: Seat, lines: Sequence[Mapping[str, Any]],
               rng: Random) -> BaseModel:
    """A setup fitting what ``seat`` read (:data:`referee.bots.history.Setups`):
    the Gates it has read turned face up lead where they do, the others
    where they are drawn to lead."""
    if not isinstance(setup, Scenario):
        return setup
    known = revealed(lines)
    return prepared(setup, SetupDraws).draw(known, rng)


def still_fits(drawn: BaseModel, lines: Sequence[Mapping[str, Any]]) -> bool:
    """Whether every Gate turned face up in ``lines`` leads in the ``drawn``
    setup where the line says (:data:`referee.bots.history.Kept`)."""
    if not isinstance(drawn, Scenario):
        return True
    known = revealed(lines)
    return all(known.get(gate.id, gate.to) == gate.to for gate in drawn.gates)


def revealed(lines: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Where each Gate turned face up in ``lines`` leads (ECHO-GATE-4)."""
    found: dict[str, str] = {}
    for line in lines:
        facts = line.get("facts") or {}
        if facts.get("kind") == "gate-revealed":
            found[facts["gate"]] = facts["to"]
    return found


def successes_read_next(label: Mapping[str, Any],
                        later: Sequence[Mapping[str, Any]]) -> dict[Any, float]:
    """A :data:`referee.bots.history.Lean` for a roll: the successes the
    next line telling a roll's successes shows are tried first."""
    if "roll" not in label:
        return {}
    for line in later[:WITHIN]:
        facts = line.get("facts") or {}
        if isinstance(facts.get("successes"), int):
            return {facts["successes"]: SHOWN}
    return {}


def score(game: Game) -> float:
    """How well the investigators stand in a playout cut short, from -1 to
    1: the targets caught (a wounded one counted in part), the
    investigators standing (their Health and Reason counted) and, while
    targets are at large, the turns left to catch them."""
    state = game.view(REFEREE)["state"]
    enemies = state["enemies"]
    targets = [enemy for enemy in enemies.values() if enemy["target"]] or list(enemies.values())
    caught = sum(caught_share(enemy) for enemy in targets) / max(1, len(targets))
    cards = list(state["investigators"].values())
    standing = sum(standing_share(card) for card in cards) / max(1, len(cards))
    turns = state["objectives"]["turns_left"] / max(1, state["max_turns"])
    time = 1.0 if caught >= 1.0 else turns
    return 2 * (CAUGHT * caught + STANDING * standing + TIME * time) - 1


def caught_share(enemy: Mapping[str, Any]) -> float:
    """1 for an enemy detained, dead or destroyed; else half the share of
    its Health or Reason taken, whichever more."""
    if enemy["status"] != "active":
        return 1.0
    return 0.5 * max(1 - share(enemy, "health"), 1 - share(enemy, "reason"))


def standing_share(card: Mapping[str, Any]) -> float:
    """0 for an investigator down; else its Health and Reason left, shared."""
    if card["status"] != "conscious":
        return 0.0
    return 0.5 * (share(card, "health") + share(card, "reason"))


def share(piece: Mapping[str, Any], vitality: str) -> float:
    """The share of its ``vitality`` (Health or Reason) a piece has left."""
    left: int = piece[vitality]
    most: int = piece[f"max_{vitality}"]
    return left / max(1, most)
