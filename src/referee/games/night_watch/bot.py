"""Night Watch's rule-of-thumb bot, read from its Watch's view alone
(registered as the ``night-watch`` entry of ``referee.bots``; the rules never
import it).

- **Movement** (NW-MOV): a Watcher heads for Egor, one Location a turn on
  the shortest way through the Metro and the Entrance (NW-MOV-6, NW-MOV-7);
  one standing with Egor stays; one passing an Item picks it up.
- **Combat** (NW-CMB): each card goes where it counts. An Attack is played on
  an enemy it wounds past the Defence already on it (NW-CMB-7), the strongest
  first, most of all where it kills (four wounds, NW-CMB-12); a Defence on a
  friend an enemy's Attacks would wound, the smallest that stops them, the
  strongest when none does; a chip on the card where it changes the wounds
  most in its Watch's favour (NW-CMB-8). Nothing is played on a friend's
  Attack or where it changes nothing: the Watcher is then done.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from referee.bots.kinds import RulesetBots
from referee.bots.rules import Meaning, RulesBot, state_of
from referee.core.drivers import Ask, Player
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.games.night_watch.tables import WOUNDS_TO_KILL

KILL = 3.0
"""Worth of a kill (or of a friend saved from one) beside each wound."""
CARD = 0.1
"""What a Spell card spent costs: no card is played for nothing."""
CHIP = 0.05
"""What a chip spent costs."""
LATER_PLAYED = 50.0
"""How much sooner a drawn position tries a card its Watch plays later."""


class NightWatchBots(RulesetBots):
    searches = True  # the setup is public (the decks are shuffled by chance) and options only

    def rules(self, rng: Random) -> Player:
        return NightWatchRulesBot(rng)

    def lean(self, game: Game, label: Mapping[str, Any],
             later: Sequence[Mapping[str, Any]]) -> Mapping[Any, float]:
        """A drawn position's Other draws first the cards it plays later in
        the lines read and does not hold yet in that position, and last
        those another Other of its Watch will need so (who draws is the next
        line read: that it drew)."""
        drawing = (later[0].get("facts") or {}) if later else {}
        if label.get("draw") != "spell" or drawing.get("kind") != "drew":
            return {}
        others = game.view(REFEREE)["state"]["others"]  # the drawn position's, not the game's
        needed: dict[str, Counter[str]] = {}
        for line in later:
            facts = line.get("facts") or {}
            if facts.get("kind") == "played" and others[facts["other"]]["watch"] == label["watch"]:
                needed.setdefault(facts["other"], Counter())[facts["card"]] += 1
        mine = needed.pop(drawing["other"], Counter()) - \
            Counter(others[drawing["other"]].get("hand") or ())
        theirs = sum((wanted - Counter(others[other].get("hand") or ())
                      for other, wanted in needed.items()), Counter())
        lean = dict.fromkeys(theirs - mine, 1 / LATER_PLAYED)
        lean.update(dict.fromkeys(mine, LATER_PLAYED))
        return lean


class NightWatchRulesBot(RulesBot):
    """Heads for Egor; plays its strongest Spells where they count."""

    def rate(self, ask: Ask, meanings: Sequence[Meaning]) -> Sequence[float]:
        state = state_of(ask)
        return [rate_option(state, ask.seat, meaning) for meaning in meanings]


def rate_option(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    kind = meaning.get("kind")
    if kind in ("stay", "move", "take"):
        return rate_move(state, meaning)
    if kind == "play":
        card = state["cards"][meaning["card"]]
        return rate_spell(state, seat, card["kind"], card["power"], meaning["target"]) - CARD
    if kind == "use-item":
        item = state["items"][meaning["item"]]
        return rate_spell(state, seat, item["kind"], item["power"], meaning["target"])
    if kind == "chip":
        return rate_chip(state, seat, meaning["chip"], meaning["play"]) - CHIP
    return 0.0  # done


def rate_move(state: Mapping[str, Any], meaning: Meaning) -> float:
    """Closer to Egor is better; with him, staying; an Item on the way, taken."""
    other = state["others"][meaning["other"]]
    here = other["location"]
    egor = state["egor"]
    kind = meaning["kind"]
    if kind == "take":
        return 0.5 if here != egor else -1.0
    there = here if kind == "stay" else meaning["location"]
    return -float(steps_between(state["locations"], there, egor))


def steps_between(locations: Mapping[str, Any], start: str, goal: str) -> int:
    """Moves from ``start`` to ``goal``: each Location is joined to the one it
    is reached through (``via``: the Metro, or the Entrance), NW-MOV-6..7."""
    joined: dict[str, set[str]] = {name: set() for name in locations}
    for name, location in locations.items():
        via = location.get("via")
        if via and via != name and via in joined:
            joined[name].add(via)
            joined[via].add(name)
    seen, queue = {start: 0}, deque([start])
    while queue:
        at = queue.popleft()
        if at == goal:
            return seen[at]
        for there in joined.get(at, ()):
            if there not in seen:
                seen[there] = seen[at] + 1
                queue.append(there)
    return len(locations) + 1


def wounds_on(state: Mapping[str, Any], target: str, attack: int = 0, defence: int = 0,
              play: int | None = None, chip: int = 0) -> int:
    """Wounds ``target`` takes from the cards on the table (NW-CMB-7), with
    ``attack`` and ``defence`` more played on it and ``chip`` laid on card
    number ``play``."""
    for card in state["plays"]:
        if card["target"] != target:
            continue
        power = max(0, card["power"] + (chip if card["number"] == play else 0))
        kind = card_kind(state, card)
        if kind == "attack":
            attack += power
        else:
            defence += power
    return max(0, attack - defence)


def card_kind(state: Mapping[str, Any], card: Mapping[str, Any]) -> str:
    if card.get("item"):
        return str(state["items"][card["item"]]["kind"])
    return str(state["cards"][card["card"]]["kind"])


def worth(state: Mapping[str, Any], target: str, before: int, after: int) -> float:
    """What changing ``target``'s wounds from ``before`` to ``after`` is
    worth to the target's Watch (negative: a loss)."""
    wounds: int = state["others"][target]["wounds"]
    dies_before = wounds + before >= WOUNDS_TO_KILL
    dies_after = wounds + after >= WOUNDS_TO_KILL
    return float(before - after) - KILL * (dies_after - dies_before)


def side(state: Mapping[str, Any], seat: str, target: str) -> float:
    """+1 for a friend of ``seat``, -1 for an enemy."""
    return 1.0 if state["others"][target]["watch"] == seat else -1.0


def rate_spell(state: Mapping[str, Any], seat: str, kind: str, power: int,
               target: str) -> float:
    """A Spell's worth to ``seat``: the wounds it adds to an enemy or keeps
    off a friend, a kill most of all; a little more for a stronger Attack
    that counts, a little less for a Defence stronger than needed."""
    before = wounds_on(state, target)
    after = wounds_on(state, target, attack=power) if kind == "attack" \
        else wounds_on(state, target, defence=power)
    gain = side(state, seat, target) * worth(state, target, before, after)
    if gain <= 0:
        return gain
    return gain + (0.01 * power if kind == "attack" else -0.01 * power)


def rate_chip(state: Mapping[str, Any], seat: str, chip: int, play: int) -> float:
    card = state["plays"][play - 1]
    target = card["target"]
    before = wounds_on(state, target)
    after = wounds_on(state, target, play=play, chip=chip)
    return side(state, seat, target) * worth(state, target, before, after)
