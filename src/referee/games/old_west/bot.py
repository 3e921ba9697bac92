"""Legends of the Old West's rule-of-thumb bot, read from its posse's view
alone (registered as the ``old-west`` entry of ``referee.bots``; the rules
never import it).

- **Movement**: a model charges the weakest enemy it can reach (fewest
  Wounds left, then the poorest fighter); a model of a posse that must
  escape leaves by its edge when it can and otherwise heads for it; one of a
  posse that must hold the table keeps its ground and shoots; any other
  advances on the nearest enemy. It never asks for a point of its own.
- **Shooting**: every model shoots, at the target with the least cover in
  the way and the lowest Toughness.
- **Fame** is kept for the fights that decide: no Heroic Actions; on a roll
  a Hero spends Fame only to pass a Head for the Hills test or when a single
  point makes the roll and Fame is left after it; on the fight's die he
  spends the fewest points that win it outright (OW-FGT-1, OW-FGT-2), and in
  a secret bid (OW-FAM-3) one point more, against the other Hero's.
- **Back Off**: to the spot farthest from fences, walls, drops and the
  table's edge, where a model cannot be surrounded next time (OW-SUR-1).
- Fortune is always spent on a wound; strikes go at the rider; the posse
  takes its Head for the Hills test rather than running.

The search bot (:mod:`referee.bots.search`) plays Old West too. Every roll
and every move is public, so the one thing a posse may not know is the
other Hero's secret Fame bid while both are bidding (OW-FAM-3): a drawn
position is the game replayed from the log (a point on the table read from
where the model was seen to go), stopped where the seat is asked, before
either Hero has bid. A playout runs a few phases' inputs and is then judged
by what each posse has left on the table and, for a posse that must escape,
how many got away and how near the rest are to its edge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import dist, tanh
from random import Random
from typing import Any

from shapely.geometry import LineString, Point, Polygon

from referee.bots.history import dice_read_next
from referee.bots.kinds import RulesetBots
from referee.bots.rules import Meaning, RulesBot, facts_of, state_of
from referee.core.drivers import Ask, Player
from referee.core.events import REFEREE, Seat
from referee.core.game import Game
from referee.core.waits import JSON

WIN = 100.0
"""The rating of what the bot always does when it can (leave to escape,
charge, shoot, spend Fortune, take the test)."""
FENCES = frozenset({"wall", "building", "drop"})
"""Terrain a model backing off can be pinned against (OW-SUR-1, OW-SUR-5)."""


HORIZON = 40
"""Inputs a search playout plays (about a turn) before it is judged."""
WIDTH = 3
"""Options the search weighs: the rules bot's and the two it rates next."""
PLAYOUTS = 12
"""Playouts a question: four paired rounds of three."""
LEAD = 1.0
"""How sharply a posse's lead counts toward a win in a judged playout: the
score is ``tanh(LEAD * lead)``. At 2 a lead of one model in three already
scored about 0.6, so playouts that ended a model ahead or two ahead looked
alike; at 1 they differ (docs/bots.md, Old West's figures)."""


class OldWestBots(RulesetBots):
    searches = True  # the setup and the table are public; a secret bid is the question asked
    draws = 1  # nothing hidden but the bid being asked: every draw is the same
    horizon, width, playouts = HORIZON, WIDTH, PLAYOUTS

    def rules(self, rng: Random) -> Player:
        return OldWestRulesBot(rng)

    def lean(self, game: Game, label: Mapping[str, Any],
             later: Sequence[Mapping[str, Any]]) -> Mapping[Any, float]:
        return dice_read_next(label, later)

    def shaped(self, game: Game, seat: Seat,
               later: Sequence[Mapping[str, Any]]) -> Sequence[JSON]:
        """A point on the table: where the model was next seen to go (or
        where it stood, if it stayed)."""
        point = game.view(REFEREE)["state"]["point"]  # the drawn position's
        if not point:
            return ()
        model = point["model"]
        for line in later:
            facts = line.get("facts") or {}
            if facts.get("model") != model:
                continue
            if facts.get("kind") == "moved":
                return [{"x": facts["to"][0], "y": facts["to"][1]}]
            if facts.get("kind") == "stayed":
                at = game.view(REFEREE)["state"]["models"][model]["at"]
                return [{"x": at[0], "y": at[1]}]
        return ()

    def searched(self, ask: Ask) -> Sequence[JSON]:
        """Every option but a point of the bot's own choosing (which it
        would answer at random)."""
        return [option.value for option in ask.options
                if (option.meaning or {}).get("kind") != "point"]

    def score(self, game: Game, seat: Seat) -> float:
        state = game.view(REFEREE)["state"]
        lead = sum(posse_worth(state, posse) * (1 if posse == seat else -1)
                   for posse in state["posses"])
        return tanh(LEAD * lead)


def posse_worth(state: Mapping[str, Any], seat: str) -> float:
    """A posse's share of its models still fighting (wounds left counted),
    and for one that must escape, its models away and how near the edge."""
    models = [model for model in state["models"].values() if model["posse"] == seat]
    if not models:
        return 0.0
    worth = 0.0
    escaping = objective(state, seat) == "escape"
    for model in models:
        if model["status"] == "escaped":
            worth += 2.0
        elif model["status"] == "active" and model["at"]:
            worth += 0.5 + 0.5 * model["wounds"] / max(1, model["starting_wounds"])
            if escaping:
                worth += 0.5 * max(0.0, 1 - edge_distance(state, seat, model["at"]) / 48)
    return worth / len(models)


class OldWestRulesBot(RulesBot):
    """Charges the weakest, keeps Fame for the fights that decide, backs off
    away from fences."""

    def rate(self, ask: Ask, meanings: Sequence[Meaning]) -> Sequence[float]:
        state = state_of(ask)
        kinds = {meaning.get("kind") for meaning in meanings}
        if kinds & {"fame-die", "no-fame"}:
            return rate_fight_fame(ask, meanings)
        return [rate_option(state, ask, meaning) for meaning in meanings]


def rate_option(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    kind = meaning.get("kind")
    rate = RATINGS.get(str(kind))
    return 0.0 if rate is None else rate(state, ask, meaning)


def _enemies(state: Mapping[str, Any], seat: str) -> list[Mapping[str, Any]]:
    return [model for model in state["models"].values()
            if model["posse"] != seat and model["status"] == "active" and model["at"]]


def weakness(model: Mapping[str, Any]) -> float:
    """The weaker an enemy, the higher: fewest Wounds left, then the poorest
    fighter (Fighting, Attacks, Toughness)."""
    return -float(10 * model["wounds"] + model["fighting"] + model["attacks"]
                  + 0.5 * model["toughness"])


def objective(state: Mapping[str, Any], seat: str) -> str | None:
    posse = state["posses"].get(seat) or {}
    aim = posse.get("objective") or {}
    return aim.get("kind")


def edge_distance(state: Mapping[str, Any], seat: str, at: Sequence[float]) -> float:
    """How far ``at`` lies from the posse's exit edge."""
    edge = (state["posses"].get(seat) or {}).get("exit_edge")
    table = state["table"]
    away: dict[str, float] = {"south": at[1], "north": table["depth"] - at[1],
                              "west": at[0], "east": table["width"] - at[0]}
    return away.get(str(edge), 0.0)


def rate_hold(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    return 0.0


def rate_advance(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    """Toward the exit edge for a posse that must escape; never for one
    that must hold the table (it stands and shoots); else toward the nearest
    enemy, better than standing still."""
    to = meaning["to"]
    aim = objective(state, ask.seat)
    if aim == "escape":
        return 1.0 + 0.01 * (100.0 - edge_distance(state, ask.seat, to))
    if aim == "hold":
        return -1.0
    enemies = _enemies(state, ask.seat)
    if not enemies:
        return 0.5
    return 1.0 + 0.01 * (100.0 - min(dist(to, enemy["at"]) for enemy in enemies))


def rate_charge(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    target = state["models"][meaning["target"]]
    across = 0.0 if meaning.get("across") is None else -1.0  # a fight across a fence
    return 10.0 + 0.1 * weakness(target) + across + 30.0


def rate_exit(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    return WIN if objective(state, ask.seat) == "escape" else -WIN


def rate_point(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    return -WIN  # a point of its own choosing: left to people


def rate_shoot(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    target = state["models"][meaning["target"]]
    return WIN - 5.0 * len(meaning.get("cover") or ()) - float(target["toughness"]) \
        - 0.5 * float(target["wounds"])


def rate_heroes(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    return -float(len(meaning.get("models") or ()))  # Fame kept for the fights


def rate_shout(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    return 1.0 if meaning.get("shout") else 0.0


def rate_fame_on_roll(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    """Spend on a Head for the Hills test, or one point that makes a roll
    with Fame left after it; else keep it."""
    points = meaning["points"]
    if points == 0:
        return 0.0
    hero = state["models"][meaning["model"]]
    return 1.0 if _testing_hills(ask) or (points == 1 and hero["fame"] > points) else -1.0


def _testing_hills(ask: Ask) -> bool:
    """The roll is a Head for the Hills test: nothing has happened since the
    Drop but such tests (OW-HFH-1 comes before the Movement phase)."""
    for facts in reversed(facts_of(ask)):
        kind = facts.get("kind")
        if kind in ("advantage", "advantage-again"):
            return True
        if kind != "pluck-test" or facts.get("test") != "hills":
            return False
    return False


def rate_fortune(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    return 1.0 if meaning.get("spend") else 0.0


def rate_fight_order(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    """The fight where the posse's Attacks outnumber the enemy's most, first."""
    models = state["models"]
    balance = 0
    for model_id in meaning["models"]:
        model = models[model_id]
        balance += model["attacks"] if model["posse"] == ask.seat else -model["attacks"]
    return float(balance)


def rate_back_off(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    """Away from fences, walls, drops and the edge; away from enemies too."""
    to = meaning["to"]
    spot = Point(to)
    table = state["table"]
    room = [to[0], to[1], table["width"] - to[0], table["depth"] - to[1]]
    for piece in table["terrain"].values():
        if piece["kind"] not in FENCES:
            continue
        points = piece["points"]
        shape = Polygon(points) if piece["kind"] == "building" and len(points) >= 3 \
            else LineString(points)
        room.append(shape.distance(spot))
    enemies = _enemies(state, ask.seat)
    near = min((dist(to, enemy["at"]) for enemy in enemies), default=10.0)
    return float(min(min(room), 3.0)) + 0.1 * float(near)


def rate_strike(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    return 1.0 if meaning.get("part") == "rider" else 0.0


def rate_hills(state: Mapping[str, Any], ask: Ask, meaning: Meaning) -> float:
    return 1.0 if meaning["kind"] == "hills-test" else 0.0


RATINGS = {
    "hold": rate_hold, "later": rate_hold, "advance": rate_advance, "charge": rate_charge,
    "exit": rate_exit, "point": rate_point, "hold-fire": rate_hold, "shoot": rate_shoot,
    "heroes": rate_heroes, "yee-haw": rate_shout, "fire": rate_shout,
    "fame": rate_fame_on_roll, "fortune": rate_fortune, "fight": rate_fight_order,
    "back-off-to": rate_back_off, "strike": rate_strike, "hills-test": rate_hills,
    "hills-run": rate_hills,
}


def rate_fight_fame(ask: Ask, meanings: Sequence[Meaning]) -> list[float]:
    """Fame on the fight's die: the fewest points that win the fight
    outright; in a secret bid, one point more where the Hero has it."""
    state = state_of(ask)
    best: dict[str, int] = {}
    for facts in facts_of(ask):
        if facts.get("kind") == "fight-best":
            best[facts["seat"]] = facts["value"]
        elif facts.get("kind") == "fight-began":
            best = {}
    other = max((value for seat, value in best.items() if seat != ask.seat), default=0)
    bidding = ask.decision.simultaneous
    ratings = []
    for meaning in meanings:
        if meaning["kind"] == "no-fame":
            ratings.append(0.0)
            continue
        needed = other + 1 + (1 if bidding else 0)
        wins = meaning["to"] >= needed
        hero = state["models"][meaning["model"]]
        if bidding and not wins:
            wins = meaning["to"] > other and meaning["points"] == hero["fame"]
        ratings.append(10.0 - meaning["points"] if wins else -1.0)
    return ratings
