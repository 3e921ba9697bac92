"""Odds where a player decides: the exact chance behind each option of a
decision that leads to a roll, counted from what the asked seat's view shows
and nothing else (the rulesets' ``option_odds`` hooks call these).

Samurai: an attack on each enemy, the Defender's
and the Attacker's Boost.

Every answer is a short line per option, its chances as percentages rounded
to a tenth. What the view does not show is not guessed: an option whose
odds would need it gets none.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from referee.core import plugins
from referee.core.drivers import Ask
from referee.core.events import Seat
from referee.core.i18n import Msg, Name, msg
from referee.core.ruleset import AnyRuleset
from referee.core.waits import JSON, Decision, Option
from referee.odds import samurai as sam

OptionOdds = dict[int, Msg]
TABLE_ODDS_GROUP = "referee.table_odds"


class TableOdds:
    """A ruleset's odds at the table, registered through the
    ``referee.table_odds`` entry points under the ruleset's name."""

    def option_odds(self, ask: Ask) -> Mapping[int, Msg] | None:
        """The exact chance behind the options of the decision ``ask`` shows,
        as a short line per option index, read from the seat's view alone
        (``ask.view``; the options are the view's too). None, or an index left
        out: nothing to show."""
        return None


_FOUND: dict[str, TableOdds | None] = {}


def table_odds_for(ruleset: AnyRuleset) -> TableOdds | None:
    """The odds ``ruleset``'s package registers; None where it registers none."""
    name = getattr(ruleset, "name", None)
    if not isinstance(name, str):
        return None
    if name not in _FOUND:
        cls = plugins.load(TABLE_ODDS_GROUP, name)
        _FOUND[name] = cls() if isinstance(cls, type) and issubclass(cls, TableOdds) \
            else None
    return _FOUND[name]


def odds_at_the_table(ask: Ask) -> Mapping[int, Msg] | None:
    """The odds beside each option ``ask`` offers, where the rules give them."""
    odds = table_odds_for(ask.ruleset)
    if odds is not None:
        return odds.option_odds(ask)
    return ask.ruleset.option_odds(ask.view, ask.seat, ask.decision)


def share(p: Fraction) -> Fraction:
    """A chance as a percentage rounded to a tenth (exact halves up), a
    number the catalogue writes the reader's way (27.8, «27,8»)."""
    return Fraction(int(p * 1000 + Fraction(1, 2)), 10)


def name_of(data: Any) -> Name:
    """A name as a view carries it (``Name.to_json``)."""
    return Name(data["en"], data.get("ru"), data.get("gender"),
                tuple(sorted((data.get("cases") or {}).items())))


def _table(state: Mapping[str, Any]) -> dict[str, Any]:
    table = state.get("table")
    loaded = json.loads(table) if isinstance(table, str) else table
    return loaded if isinstance(loaded, dict) else {}


def _by_name(named: Iterable[tuple[str, Any]], name: Any) -> str | None:
    """The one id whose name is ``name``; None when no name or several match."""
    found = [key for key, value in named if value == name]
    return found[0] if len(found) == 1 else None


# -- Samurai -------------------------------------------------------------------------


def samurai(view: dict[str, JSON], seat: Seat, decision: Decision) -> OptionOdds | None:
    """The odds behind an attack and the Boosts of its rolls (SAM-ATK-3,
    SAM-ATK-4, SAM-ATK-6..8)."""
    state = view.get("state")
    if not isinstance(state, dict) or not isinstance(state.get("fight"), dict):
        return None
    options = decision.options_for(seat)
    key = decision.question.key
    found: OptionOdds = {}
    if key == "sam.ask.attack":
        for index, option in enumerate(options):
            value = option.value
            if isinstance(value, dict) and "target" in value:
                modifier = _modifier(state, value["attack"], value["target"])
                if modifier is not None:
                    found[index] = msg("odds.at.attack",
                                       damage=share(sam.attack(modifier).probability))
    elif key in ("sam.ask.boost-defence", "sam.ask.boost-attack"):
        pair = _attack_seen(view, state)
        modifier = None if pair is None else _modifier(state, *pair[:2])
        if pair is not None and modifier is not None:
            found = _boosts(state, options, pair, modifier, key == "sam.ask.boost-defence")
    return found or None


def _samurai_models(state: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {m["id"]: m for m in state.get("models") or () if isinstance(m, dict)}


def _modifier(state: Mapping[str, Any], attacker: str, defender: str) -> int | None:
    """The Attack Result's modifiers less the Defence Result's (SAM-ATK-6,
    SAM-ATK-7, SAM-MOD-1, SAM-MOD-2) as the view shows the two fighters;
    None if it does not show them."""
    models = _samurai_models(state)
    a, d = models.get(attacker), models.get(defender)
    if a is None or d is None or "melee" not in a or "melee" not in d:
        return None
    order = state["fight"].get("order") or ()
    enemies = [f for f in order if f in models and models[f]["side"] != d["side"]]
    return sam.modifier(a["melee"], 0 if a["disarmed"] else a["weapon_bonus"],
                        a["wounds"] + (1 if a["stunned"] else 0), d["melee"], d["armour"],
                        d["wounds"] + (1 if d["stunned"] else 0), len(enemies))


def _attack_seen(view: Mapping[str, Any],
                 state: Mapping[str, Any]) -> tuple[str, str, bool] | None:
    """The attack the log has just announced: attacker, defender, and
    whether the Defender has Boosted (SAM-ATK-3); None if it cannot be read."""
    log = view.get("log")
    if not isinstance(log, list):
        return None
    boosted = False
    for event in reversed(log):
        if not isinstance(event, dict):
            return None
        if event.get("key") == "sam.boost.defence":
            boosted = True
        elif event.get("key") == "sam.attacks":
            fighters = _table(state).get("fighters") or {}
            named = [(fid, f.get("name")) for fid, f in fighters.items()]
            attacker = _by_name(named, event["params"]["attacker"])
            defender = _by_name(named, event["params"]["defender"])
            if attacker is None or defender is None:
                return None
            return attacker, defender, boosted
        else:
            return None
    return None


def _boosts(state: Mapping[str, Any], options: Sequence[Option],
            pair: tuple[str, str, bool], modifier: int, defending: bool) -> OptionOdds:
    """Each Boost option's chance of damage; the Defender, deciding first,
    sees it with and without the Attacker's Boost while the Attacker has a
    token to Boost with (SAM-ATK-3, SAM-ATK-4, SAM-BST-3, SAM-BST-4)."""
    attacker, _, defence_boosted = pair
    tokens = state["fight"].get("tokens") or {}
    can_boost = (tokens.get(attacker) or {}).get("attack", 0) >= 1
    found: OptionOdds = {}
    for index, option in enumerate(options):
        boost = bool(option.value)
        if defending:
            plain = share(sam.attack(modifier, False, boost).probability)
            found[index] = (msg("odds.at.defend", damage=plain,
                                boosted=share(sam.attack(modifier, True, boost).probability))
                            if can_boost else msg("odds.at.defend-plain", damage=plain))
        else:
            found[index] = msg("odds.at.attack", damage=share(
                sam.attack(modifier, boost, defence_boosted).probability))
    return found
