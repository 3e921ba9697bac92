"""Samurai's rule-of-thumb bot, read from its band's view alone (registered
as the ``samurai`` entry of ``referee.bots``; the rules never import it).

- **Move**: a fighter closes in: it charges the weakest enemy it reaches
  (most wounded, fewest Combat Potential), else advances on the nearest; a
  loaded bow or arquebus with an enemy in range stands, to shoot without the
  moving penalty (the Shuriken throws after moving without one, SAM-RNG-2).
- **Action**: shoots when it has a line (every target offered is in sight
  and range), at the nearest, most wounded; reloads a fired Teppo
  (SAM-RNG-3).
- **Combat**: splits a brawl so that its fighters gang up and are not ganged
  up on (SAM-CMB-2), plays first the fight where its Combat Potential
  outweighs the enemy's most (SAM-CMB-4); its tokens go mostly to Attack,
  but a side outnumbered in a fight keeps most for Defence (SAM-FGT-2); every
  Attack token is used, on the enemy with the fewest Defence tokens left;
  Defence tokens Boost its defence rolls (SAM-BST-4), an Attack token is
  never spent on a Boost while it can buy another attack; no Special attack.

The search bot (:mod:`referee.bots.search`) plays Samurai too. Everything
on the table is public; what a band may not know is the other band's token
allocation while both are choosing, so a drawn position is the game
replayed from the log, each past allocation read from the tokens both
sides showed after it, stopped where the seat is asked (nobody has
allocated yet). It searches the moves, shots, splits, fights and targets
of attacks; a pass, a Boost or a Special attack it leaves to the rules bot.
Its allocation in a fight of one against one it works out from the fight's
exact odds (:mod:`referee.odds.samurai_fight`); in a fight of more it weighs
the rules bot's among the same split at other shares of Attack. A playout
runs about a turn's inputs and is then judged by the lead toward breaking
the other band (house rule 9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil, dist, tanh
from random import Random
from typing import Any, cast

from referee.bots.history import dice_read_next
from referee.bots.kinds import RulesetBots
from referee.bots.rules import Meaning, RulesBot, state_of
from referee.core.drivers import Ask, Player
from referee.core.events import REFEREE, Seat
from referee.core.game import Game
from referee.core.waits import JSON
from referee.games.samurai.fight import Allocation
from referee.games.samurai.tables import KILLED_AT_PENALTY, WEAPONS
from referee.odds.result import Odds
from referee.odds.samurai_fight import Duelist
from referee.odds.samurai_fight import fight as fight_odds

OUTNUMBERED_ATTACK = 1 / 3
"""Share of its Combat Potential an outnumbered side puts into Attack."""
ATTACK_SHARE = 3 / 4
"""Share of its Combat Potential a side not outnumbered puts into Attack."""
SHARES = (0.0, OUTNUMBERED_ATTACK, 1 / 2, ATTACK_SHARE, 1.0)
"""The shares of Attack the search bot weighs in an allocation."""
HORIZON = 60
"""Inputs a search playout plays (about a turn, a fight played out) before
it is judged."""
WIDTH = 3
"""Options the search weighs: the rules bot's and the two it rates next."""
PLAYOUTS = 24
"""Playouts a question: eight paired rounds of three."""
KEEP = 0.1
"""How much better, on average, another answer must score than the rules
bot's to be taken instead."""
STANDING = 2.0
"""How sharply a band's lead toward breaking the other counts toward a win."""
WOUNDED = 0.5
"""How much of a fighter a wound as bad as death would be counts as lost
(a wounded fighter still fights, and still counts against the break,
house rule 9)."""
POTENTIAL = 0.5
"""How much the lead in Combat Potential lost counts beside the lead in
fighters lost (the tokens each band takes into its next fights)."""
DUEL_INITIATIVE = 5
"""The Initiative both fighters of a duel are taken to have (its
difference alone counts)."""
UNSEARCHED = frozenset({"point", "pass", "boost-defence", "boost-attack", "special"})
"""Options the search leaves to the rules bot: a point of its own choosing
(answered at random), and within a fight a pass, the Boosts and a Special
attack, which change less than a playout's dice can tell."""


class SamuraiBots(RulesetBots):
    searches = True  # the setup and the table are public; allocations are read once shown
    draws = 1  # nothing hidden but the allocation being asked: every draw is the same
    horizon, width, playouts, keep = HORIZON, WIDTH, PLAYOUTS, KEEP

    def rules(self, rng: Random) -> Player:
        return SamuraiRulesBot(rng)

    def lean(self, game: Game, label: Mapping[str, Any],
             later: Sequence[Mapping[str, Any]]) -> Mapping[Any, float]:
        return dice_read_next(label, later)

    def shaped(self, game: Game, seat: Seat,
               later: Sequence[Mapping[str, Any]]) -> Sequence[JSON]:
        """A past allocation: the tokens ``seat``'s fighters showed next; a
        point on the table: where the fighter was next seen to go."""
        state = game.view(REFEREE)["state"]  # the drawn position's
        if state["moving"]:
            return point_gone_to(state, state["moving"]["fighter"], later)
        if state["fight"]:
            return shown_allocation(state["fight"]["sides"][seat], later)
        return ()

    def searched(self, ask: Ask) -> Sequence[JSON]:
        """The moves, shots, splits, fights and targets of attacks: what
        brings fighters to blows and decides fights, not a pass, a Boost or
        a Special attack, nor a point of the bot's own choosing."""
        return [option.value for option in ask.options
                if (option.meaning or {}).get("kind") not in UNSEARCHED]

    def forms(self, ask: Ask, chosen: JSON) -> Sequence[JSON]:
        shape = ask.decision.shape_for(ask.seat)
        if not (isinstance(shape, type) and issubclass(shape, Allocation)):
            return ()
        state = state_of(ask)
        return [allocation(state, ask.seat, share) for share in SHARES]

    def worked_out(self, ask: Ask) -> JSON | None:
        """In a fight of one against one, the allocation the exact odds of
        the fight favour (:func:`duel_allocation`); else None: searched."""
        shape = ask.decision.shape_for(ask.seat)
        if not (isinstance(shape, type) and issubclass(shape, Allocation)):
            return None
        return duel_allocation(state_of(ask), ask.seat)

    def score(self, game: Game, seat: Seat) -> float:
        """The lead toward breaking the other band (house rule 9): each
        band's fighters lost, a wounded one in part, as a share of those
        it may lose before it breaks, and the Combat Potential lost."""
        fighters = game.view(REFEREE)["state"]["fighters"].values()
        lead = 0.0
        for side in {fighter["side"] for fighter in fighters}:
            band = [fighter for fighter in fighters if fighter["side"] == side]
            lead += -losses(band) if side == seat else losses(band)
        return tanh(STANDING * lead)


def losses(band: Sequence[Mapping[str, Any]]) -> float:
    """What ``band`` has lost, as a share of what breaks it (below half its
    fighters standing): its fighters killed, a wounded one in part, and
    its Combat Potential."""
    breaks_at = len(band) - ceil(len(band) / 2) + 1
    fallen = sum(1.0 if not fighter["alive"] else
                 WOUNDED * fighter["wounds"] / KILLED_AT_PENALTY for fighter in band)
    potential = sum(fighter["cp"] for fighter in band) or 1
    cp_lost = sum(fighter["cp"] for fighter in band if not fighter["alive"])
    return float(fallen / breaks_at + POTENTIAL * cp_lost / potential)


def duel_allocation(state: Mapping[str, Any], seat: str) -> JSON | None:
    """In a fight of one against one, the Attack tokens (the rest Defence,
    an Initiative Boost or not) whose exact odds (:func:`referee.odds.
    samurai_fight.fight`) best trade the chance of killing the enemy, and
    of wounding it, against the same chances of being killed and wounded,
    the enemy's tokens split as the rules bot splits them; None in a fight
    of more. Both fighters' Initiative is taken as equal (the view does not
    give it), less their wounds."""
    sides = state["fight"]["sides"]
    mine = sides[seat]
    theirs = [fid for side, fighters in sides.items() if side != seat for fid in fighters]
    if len(mine) != 1 or len(theirs) != 1:
        return None
    fighter, enemy = state["fighters"][mine[0]], state["fighters"][theirs[0]]
    split = cast(dict[str, dict[str, int]], allocation(state, enemy["side"])["fighters"])
    other = duelist(enemy, split[theirs[0]]["attack"])
    tried = [(attack, boost) for attack in range(fighter["cp"] + 1)
             for boost in ((False, True) if attack else (False,))]
    attack, boost = max(tried, key=lambda pair: duel_value(
        fight_odds(duelist(fighter, pair[0], pair[1]), other)))
    return {"fighters": {mine[0]: {"attack": attack, "defence": fighter["cp"] - attack,
                                   "boost_initiative": boost}}}


def duelist(fighter: Mapping[str, Any], attack: int, boost: bool = False) -> Duelist:
    """``fighter`` (from the view) with ``attack`` of its tokens in Attack."""
    return Duelist(attack=attack, defence=fighter["cp"] - attack, initiative=DUEL_INITIATIVE,
                   melee=fighter["melee"],
                   weapon_bonus=0 if fighter["disarmed"] else fighter["weapon_bonus"],
                   armour=fighter["armour"], penalty=fighter["wounds"],
                   boost_initiative=boost)


def duel_value(odds: Odds) -> float:
    """Side A's gain in a duel: the enemy killed, less A killed; a wound
    taken counts :data:`WOUNDED` of that."""
    killed, wounded = odds.distribution, odds.breakdowns
    return float(killed["a-kills"] - killed["b-kills"]
                 + WOUNDED * (wounded["condition_b"]["wounded"]
                              - wounded["condition_a"]["wounded"]))


def point_gone_to(state: Mapping[str, Any], fighter: str,
                  later: Sequence[Mapping[str, Any]]) -> list[JSON]:
    """Where ``fighter`` was next seen to go (or stand)."""
    for line in later:
        facts = line.get("facts") or {}
        if facts.get("fighter") != fighter:
            continue
        if facts.get("kind") == "moved":
            return [{"x": facts["end"][0], "y": facts["end"][1]}]
        if facts.get("kind") == "stayed":
            at = state["fighters"][fighter]["at"]
            return [{"x": at[0], "y": at[1]}]
    return []


def shown_allocation(fighters: Sequence[str],
                     later: Sequence[Mapping[str, Any]]) -> list[JSON]:
    """The allocation ``fighters`` showed first in ``later`` (SAM-FGT-3),
    a Boost to initiative included (SAM-BST-2); none if not all showed."""
    shown: dict[str, dict[str, JSON]] = {}
    for line in later:
        facts = line.get("facts") or {}
        if facts.get("kind") == "initiative-order" and shown:
            break
        fid = str(facts.get("fighter"))
        if fid not in fighters:
            continue
        if facts.get("kind") == "tokens-revealed" and fid not in shown:
            shown[fid] = {"attack": facts["attack"], "defence": facts["defence"],
                          "boost_initiative": False}
        elif facts.get("kind") == "boosted" and facts.get("roll") == "initiative" \
                and fid in shown:
            shown[fid]["boost_initiative"] = True
    return [{"fighters": shown}] if len(shown) == len(fighters) else []


class SamuraiRulesBot(RulesBot):
    """Closes in, shoots when it has a line, keeps Defence tokens when outnumbered."""

    def rate(self, ask: Ask, meanings: Sequence[Meaning]) -> Sequence[float]:
        state = state_of(ask)
        return [rate_option(state, ask.seat, meaning) for meaning in meanings]

    def shaped(self, ask: Ask) -> JSON:
        shape = ask.decision.shape_for(ask.seat)
        if isinstance(shape, type) and issubclass(shape, Allocation):
            return allocation(state_of(ask), ask.seat)
        return super().shaped(ask)


def allocation(state: Mapping[str, Any], seat: str,
               share: float | None = None) -> dict[str, JSON]:
    """Each fighter's own Combat Potential, mostly Attack, mostly Defence
    where the side has fewer fighters in the fight than the enemy (or
    ``share`` of it in Attack, at least one token)."""
    sides = state["fight"]["sides"]
    mine = sides[seat]
    theirs = sum(len(fighters) for side, fighters in sides.items() if side != seat)
    if share is None:
        share = OUTNUMBERED_ATTACK if len(mine) < theirs else ATTACK_SHARE
    fighters: dict[str, JSON] = {}
    for fighter in mine:
        cp = state["fighters"][fighter]["cp"]
        attack = min(cp, max(1, round(cp * share))) if cp else 0
        fighters[fighter] = {"attack": attack, "defence": cp - attack,
                             "boost_initiative": False}
    return {"fighters": fighters}


def rate_option(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    kind = meaning.get("kind")
    rate = RATINGS.get(str(kind))
    return 0.0 if rate is None else rate(state, seat, meaning)


def _enemies(state: Mapping[str, Any], seat: str) -> list[Mapping[str, Any]]:
    return [f for f in state["fighters"].values()
            if f["side"] != seat and f["alive"] and f["at"] is not None]


def weakness(fighter: Mapping[str, Any]) -> float:
    return float(2 * fighter["wounds"] + (3 if fighter["stunned"] else 0) - fighter["cp"])


def stands_to_shoot(state: Mapping[str, Any], seat: str, fighter: Mapping[str, Any]) -> bool:
    """A loaded bow or arquebus with an enemy in range shoots better standing."""
    weapon = WEAPONS.get(fighter["missile"]) if fighter["missile"] else None
    if weapon is None or weapon.no_moving_penalty or not fighter["loaded"]:
        return False
    return any(dist(fighter["at"], enemy["at"]) <= weapon.max_range
               for enemy in _enemies(state, seat))


def rate_stay(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    fighter = state["fighters"][meaning["fighter"]]
    return 50.0 if stands_to_shoot(state, seat, fighter) else 0.0


def rate_advance(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    end = meaning["end"]
    nearest = min((dist(end, enemy["at"]) for enemy in _enemies(state, seat)), default=0.0)
    return 10.0 - 0.1 * nearest


def rate_charge(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    return 30.0 + weakness(state["fighters"][meaning["target"]])


def rate_point(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    return -100.0  # a point of its own choosing: left to people


def rate_shoot(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    shooter = state["fighters"][meaning["shooter"]]
    target = state["fighters"][meaning["target"]]
    return 20.0 + weakness(target) - 0.1 * dist(shooter["at"], target["at"])


def rate_reload(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    return 10.0


def rate_split(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    """Fights where the band's fighters are many against one, not one
    against many."""
    fighters = state["fighters"]
    balance = 0.0
    for fight in meaning["fights"]:
        many = len(fight["enemies"])
        balance += many - 1 if fighters[fight["fighter"]]["side"] != seat else 1 - many
    return balance


def rate_fight(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    fighters = state["fighters"]
    balance = 0.0
    for fid in [meaning["fighter"], *meaning["enemies"]]:
        fighter = fighters[fid]
        balance += fighter["cp"] if fighter["side"] == seat else -fighter["cp"]
    return balance


def rate_attack(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    tokens = (state.get("fight") or {}).get("tokens") or {}
    defence = (tokens.get(meaning["defender"]) or {}).get("defence", 0)
    return 10.0 - float(defence) + 0.5 * weakness(state["fighters"][meaning["defender"]])


def rate_boost_defence(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    return 1.0 if meaning.get("boost") else 0.0


def rate_boost_attack(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    return -1.0 if meaning.get("boost") else 0.0


def rate_special(state: Mapping[str, Any], seat: str, meaning: Meaning) -> float:
    return 1.0 if meaning.get("special") == "none" else 0.0


RATINGS = {
    "stay": rate_stay, "advance": rate_advance, "charge": rate_charge, "point": rate_point,
    "shoot": rate_shoot, "reload": rate_reload, "split": rate_split, "fight": rate_fight,
    "attack": rate_attack, "boost-defence": rate_boost_defence,
    "boost-attack": rate_boost_attack, "special": rate_special,
}
