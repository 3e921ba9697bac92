"""Odds where a player decides: the exact chance behind each option of a
decision that leads to a roll, counted from what the asked seat's view shows
and nothing else (the rulesets' ``option_odds`` hooks call these).

Old West: a charge (a round of melee one against one, after the Fearsome
Reputation test when the target has one), a shot (the Fearsome test, the
roll to hit, each cover in the way, the wound roll), Fame on the fight's die,
alone or as a secret bid.

Every answer is a short line per option, its chances as percentages rounded
to a tenth. What the view does not show is not guessed: an option whose
odds would need it gets none.
"""

from __future__ import annotations

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
