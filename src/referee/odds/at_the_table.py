"""Odds where a player decides: the exact chance behind each option of a
decision that leads to a roll, counted from what the asked seat's view shows
and nothing else (the rulesets' ``option_odds`` hooks call these).

Old West: a charge (a round of melee one against one, after the Fearsome
Reputation test when the target has one), a shot (the Fearsome test, the
roll to hit, each cover in the way, the wound roll), Fame on the fight's die,
alone or as a secret bid. Samurai: an attack on each enemy, the Defender's
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
from referee.core.i18n import Msg, Name, Param, msg
from referee.core.ruleset import AnyRuleset
from referee.core.waits import JSON, Decision, Option
from referee.odds import old_west as ow
from referee.odds import samurai as sam
from referee.odds.dice import SIDES, collect
from referee.odds.old_west_round import FORTUNE_SAVE, Fighter, melee_round

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


# -- Old West ------------------------------------------------------------------------


def old_west(view: dict[str, JSON], seat: Seat, decision: Decision) -> OptionOdds | None:
    """The odds behind a charge, a shot or Fame on the fight's die."""
    state = view.get("state")
    if not isinstance(state, dict):
        return None
    options = decision.options_for(seat)
    key = decision.question.key
    found: OptionOdds | None = None
    if key == "ow.ask.move":
        found = _charges(state, options)
    elif key == "ow.ask.shoot":
        found = _shots(state, options)
    elif key in ("ow.ask.fame-fight", "ow.ask.fame-bid"):
        found = _fame_in_fight(view, state, seat, options, key == "ow.ask.fame-bid")
    return found or None


def _models(state: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {m["id"]: m for m in state.get("models") or () if isinstance(m, dict)}


def _house_rule(state: Mapping[str, Any], name: str, default: int) -> int:
    """A house rule's number as the view shows it, else the rules' default."""
    value = state.get(name)
    return value if isinstance(value, int) else default


def _cap(state: Mapping[str, Any]) -> int:
    return _house_rule(state, "fame_cap", ow.FAME_CAP)


def _fighter(model: Mapping[str, Any], fame: int) -> Fighter | None:
    """The profile a round is counted with, Fortune points too; None for a
    rider or a model on the ground (the round odds do not count them)."""
    if model.get("mount") or model.get("prone") or model.get("status") != "active":
        return None
    return Fighter(model["attacks"], model["fighting"], model["strength"], model["toughness"],
                   max(model["wounds"], 1), fame, fortune=model.get("fortune", 0))


def _dares(model: Mapping[str, Any], target: Mapping[str, Any],
           cap: int) -> dict[int, Fraction]:
    """Fame left -> the chance of daring with it: a Pluck test first against
    a Fearsome Reputation (OW-FEAR-1), Fame spent as the odds' policy says."""
    fame = model.get("fame", 0)
    if not target.get("fearsome"):
        return {fame: Fraction(1)}
    return collect((fame - spent, p) for (passed, spent), p
                   in ow.pluck_outcomes(model["pluck"], fame, cap).items() if passed)


def _charges(state: Mapping[str, Any], options: Sequence[Option]) -> OptionOdds:
    """A charge: the round of melee it starts, one against one in base
    contact, nobody surrounded (OW-MEL-1); a Hero's Fortune points each
    spent on a Wound while he has one, saving it as the house rule's
    ``fortune_save`` says."""
    asking = state.get("asking")
    models = _models(state)
    charger = models.get(str(asking.get("model"))) if isinstance(asking, dict) else None
    if charger is None:
        return {}
    cap, save = _cap(state), _house_rule(state, "fortune_save", FORTUNE_SAVE)
    found: OptionOdds = {}
    for index, option in enumerate(options):
        if not (isinstance(option.value, str) and option.value.startswith("charge:")):
            continue
        target = models.get(option.value.split(":", 1)[1])
        if target is None:
            continue
        b = _fighter(target, target.get("fame", 0))
        if b is None or _fighter(charger, 0) is None:
            continue
        win = out = Fraction(0)
        dares = _dares(charger, target, cap)
        for fame, p in dares.items():
            a = _fighter(charger, fame)
            assert a is not None
            odds = melee_round(a, b, fame_cap=cap, fortune_save=save)
            win += p * odds.breakdowns["winner"]["a"]
            out += p * odds.probability
        params: dict[str, Param] = {"win": share(win), "out": share(out),
                                    "target": name_of(target["name"])}
        found[index] = (msg("odds.at.charge-fearsome", dare=share(sum(dares.values(), Fraction(0))),
                               **params)
                        if target.get("fearsome") else msg("odds.at.charge", **params))
    return found


def _shots(state: Mapping[str, Any], options: Sequence[Option]) -> OptionOdds:
    """A shot: the Fearsome test, the roll to hit, a roll for each cover in
    the way, the wound roll, Fame spent as the odds' policy says (house rules
    of the shooting phase, OW-FAM-6)."""
    asking = state.get("asking")
    if not isinstance(asking, dict) or asking.get("what") != "shoot":
        return {}
    models = _models(state)
    shooter = models.get(str(asking.get("model")))
    if shooter is None or "shooting" not in shooter:
        return {}
    covers = {aim["target"]: len(aim.get("cover") or ()) for aim in asking.get("aims") or ()
              if aim.get("allowed")}
    in_the_way = asking.get("in_the_way", 4)
    gun = shooter.get("gun")
    strength = gun["strength"] if isinstance(gun, dict) else shooter["strength"]
    cap = _cap(state)
    found: OptionOdds = {}
    for index, option in enumerate(options):
        if not (isinstance(option.value, str) and option.value.startswith("shoot:")):
            continue
        target_id = option.value.split(":", 1)[1]
        target = models.get(target_id)
        if target is None or target.get("mount") or target_id not in covers:
            continue
        dares = _dares(shooter, target, cap)
        hit = wound = Fraction(0)
        for fame, p in dares.items():
            for (result, _), q in ow.shot_outcomes(shooter["shooting"], strength,
                                                   target["toughness"], covers[target_id], fame,
                                                   in_the_way, cap).items():
                hit += p * q if result in ("unhurt", "wounded") else 0
                wound += p * q if result == "wounded" else 0
        params: dict[str, Param] = {"hit": share(hit), "wound": share(wound)}
        found[index] = (msg("odds.at.shot-fearsome", dare=share(sum(dares.values(), Fraction(0))),
                               **params)
                        if target.get("fearsome") else msg("odds.at.shot", **params))
    return found


def _fight_seen(view: Mapping[str, Any],
                state: Mapping[str, Any]) -> dict[str, dict[str, int]] | None:
    """The fight whose roll-off the log has just told: model id -> its best
    die, read from the dice at the end of the log (each named model found
    once on the table); None if they cannot be read."""
    log = view.get("log")
    if not isinstance(log, list):
        return None
    rolls: list[tuple[Any, int]] = []
    for event in reversed(log):
        key = event.get("key") if isinstance(event, dict) else None
        if key == "ow.fight-die":
            rolls.append((event["params"]["name"], event["params"]["roll"]))
        elif key != "ow.fight-dice":
            break
    models = _models(state)
    named = [(m["id"], m["name"]) for m in models.values() if m.get("status") == "active"]
    best: dict[str, dict[str, int]] = {}
    for name, roll in rolls:
        model_id = _by_name(named, name)
        if model_id is None:
            return None
        side = best.setdefault(models[model_id]["posse"], {})
        side[model_id] = max(side.get(model_id, 0), roll)
    return best if len(best) == 2 else None


def _fight_chance(mine: int, theirs: int, fighting: tuple[int, int]) -> Fraction:
    """The chance to win with these best dice (OW-FGT-1..3, OW-MUL-2)."""
    if mine != theirs:
        return Fraction(1 if mine > theirs else 0)
    if fighting[0] != fighting[1]:
        return Fraction(1 if fighting[0] > fighting[1] else 0)
    return Fraction(ow.tie_die_faces("a"), SIDES)


def _fame_in_fight(view: Mapping[str, Any], state: Mapping[str, Any], seat: Seat,
                   options: Sequence[Option], secret: bool) -> OptionOdds:
    """Fame on the fight's die (OW-FAM-2): the chance each bid wins; a secret
    bid (OW-FAM-3) against the other side bidding nothing and bidding all
    its Heroes can."""
    seen = _fight_seen(view, state)
    if seen is None or seat not in seen:
        return {}
    models = _models(state)
    other = next(s for s in seen if s != seat)
    fighting = (max(models[m]["fighting"] for m in seen[seat]),
                max(models[m]["fighting"] for m in seen[other]))
    mine, theirs = max(seen[seat].values()), max(seen[other].values())
    cap = _cap(state)
    theirs_all = max([theirs] + [die + min(models[m].get("fame", 0), max(0, cap - die))
                                 for m, die in seen[other].items() if models[m].get("hero")])
    found: OptionOdds = {}
    for index, option in enumerate(options):
        bid = option.value if isinstance(option.value, dict) else {}
        raised = max([mine] + [seen[seat].get(h, 0) + int(n) for h, n in bid.items()])
        win = _fight_chance(raised, theirs, fighting)
        if secret:
            found[index] = msg("odds.at.bid", none=share(win),
                               all=share(_fight_chance(raised, theirs_all, fighting)))
        else:
            found[index] = msg("odds.at.fight", win=share(win))
    return found


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
