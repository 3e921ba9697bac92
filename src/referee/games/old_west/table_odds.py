"""Old West odds where a player decides: the exact chance behind a charge (a
round of melee one against one, after the Fearsome Reputation test when the
target has one), a shot (the Fearsome test, the roll to hit, each cover in
the way, the wound roll), and Fame on the fight's die, alone or as a secret
bid. Read from the asked seat's whole view alone: the options' meanings say
what each option is, the state the models and the settings, the log's facts
the dice of the fight just rolled. What the view does not show is not
guessed: an option whose odds would need it gets none.

Registered as the ``old-west`` entry of ``referee.table_odds``; the rules
never import it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from referee.core.drivers import Ask
from referee.core.i18n import Msg, Param, msg
from referee.odds import old_west as ow
from referee.odds.at_the_table import TableOdds, name_of, share
from referee.odds.dice import SIDES, collect
from referee.odds.old_west_round import Fighter, melee_round

OptionOdds = dict[int, Msg]
Meanings = Sequence[Mapping[str, Any] | None]


class OldWestTableOdds(TableOdds):
    """The odds behind a charge, a shot or Fame on the fight's die."""

    def option_odds(self, ask: Ask) -> Mapping[int, Msg] | None:
        state = ask.view.get("state")
        if not isinstance(state, Mapping):
            return None
        meanings = [option.meaning for option in ask.options]
        kinds = {m.get("kind") for m in meanings if m is not None}
        found: OptionOdds = {}
        if "charge" in kinds:
            found = _charges(state, meanings)
        elif "shoot" in kinds:
            found = _shots(state, meanings)
        elif "no-fame" in kinds:
            waiting = ask.view.get("waiting") or {}
            secret = len(waiting.get("seats") or ()) > 1
            found = _fame_in_fight(ask.view, state, ask.seat, meanings, secret)
        return found or None


def _models(state: Mapping[str, Any]) -> Mapping[str, Mapping[str, Any]]:
    models: Mapping[str, Mapping[str, Any]] = state["models"]
    return models


def _cap(state: Mapping[str, Any]) -> int:
    return int(state["house_rules"]["fame_cap"])


def _fighter(model: Mapping[str, Any], fame: int) -> Fighter | None:
    """The profile a round is counted with, Fortune points too; None for a
    rider or a model on the ground (the round odds do not count them)."""
    if model.get("mount") or model.get("prone") or model.get("status") != "active":
        return None
    return Fighter(model["attacks"], model["fighting"], model["strength"], model["toughness"],
                   max(model["wounds"], 1), fame, fortune=model["fortune"])


def _dares(model: Mapping[str, Any], target: Mapping[str, Any],
           cap: int) -> dict[int, Fraction]:
    """Fame left -> the chance of daring with it: a Pluck test first against
    a Fearsome Reputation (OW-FEAR-1), Fame spent as the odds' policy says."""
    fame: int = model["fame"]
    if not target.get("fearsome"):
        return {fame: Fraction(1)}
    return collect((fame - spent, p) for (passed, spent), p
                   in ow.pluck_outcomes(model["pluck"], fame, cap).items() if passed)


def _charges(state: Mapping[str, Any], meanings: Meanings) -> OptionOdds:
    """A charge: the round of melee it starts, one against one in base
    contact, nobody surrounded (OW-MEL-1); a Hero's Fortune points each
    spent on a Wound while he has one, saving it as the house rule's
    ``fortune_save`` says."""
    models = _models(state)
    cap, save = _cap(state), int(state["house_rules"]["fortune_save"])
    found: OptionOdds = {}
    for index, meaning in enumerate(meanings):
        if meaning is None or meaning.get("kind") != "charge":
            continue
        charger, target = models.get(meaning["model"]), models.get(meaning["target"])
        if charger is None or target is None:
            continue
        b = _fighter(target, target["fame"])
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
                                    "target": name_of(state["names"]["models"][meaning["target"]])}
        found[index] = (msg("odds.at.charge-fearsome", dare=share(sum(dares.values(), Fraction(0))),
                            **params)
                        if target.get("fearsome") else msg("odds.at.charge", **params))
    return found


def _shots(state: Mapping[str, Any], meanings: Meanings) -> OptionOdds:
    """A shot: the Fearsome test, the roll to hit, a roll for each cover in
    the way, the wound roll, Fame spent as the odds' policy says (house rules
    of the shooting phase, OW-FAM-6). No odds for a shot at a rider."""
    models = _models(state)
    in_the_way, cap = int(state["house_rules"]["in_the_way"]), _cap(state)
    found: OptionOdds = {}
    for index, meaning in enumerate(meanings):
        if meaning is None or meaning.get("kind") != "shoot":
            continue
        shooter, target = models.get(meaning["model"]), models.get(meaning["target"])
        if shooter is None or target is None or target.get("mount"):
            continue
        gun = shooter.get("gun")
        strength = gun["strength"] if isinstance(gun, Mapping) else shooter["strength"]
        dares = _dares(shooter, target, cap)
        hit = wound = Fraction(0)
        for fame, p in dares.items():
            for (result, _), q in ow.shot_outcomes(shooter["shooting"], strength,
                                                   target["toughness"], len(meaning["cover"]),
                                                   fame, in_the_way, cap).items():
                hit += p * q if result in ("unhurt", "wounded") else 0
                wound += p * q if result == "wounded" else 0
        params: dict[str, Param] = {"hit": share(hit), "wound": share(wound)}
        found[index] = (msg("odds.at.shot-fearsome", dare=share(sum(dares.values(), Fraction(0))),
                            **params)
                        if target.get("fearsome") else msg("odds.at.shot", **params))
    return found


def _fight_seen(view: Mapping[str, Any]) -> dict[str, dict[str, int]] | None:
    """The fight whose roll-off the log has just told: per seat, each model's
    best die, read from the facts of the dice at the end of the log; None if
    the log does not end with both sides' dice."""
    log = view.get("log")
    if not isinstance(log, list):
        return None
    best: dict[str, dict[str, int]] = {}
    for line in reversed(log):
        facts = line.get("facts") if isinstance(line, Mapping) else None
        kind = facts.get("kind") if isinstance(facts, Mapping) else None
        if kind == "fight-die":
            assert isinstance(facts, Mapping)
            side = best.setdefault(facts["seat"], {})
            side[facts["model"]] = max(side.get(facts["model"], 0), facts["value"])
        elif kind != "fight-best":
            break
    return best if len(best) == 2 else None


def _fight_chance(mine: int, theirs: int, fighting: tuple[int, int]) -> Fraction:
    """The chance to win with these best dice (OW-FGT-1..3, OW-MUL-2)."""
    if mine != theirs:
        return Fraction(1 if mine > theirs else 0)
    if fighting[0] != fighting[1]:
        return Fraction(1 if fighting[0] > fighting[1] else 0)
    return Fraction(ow.tie_die_faces("a"), SIDES)


def _fame_in_fight(view: Mapping[str, Any], state: Mapping[str, Any], seat: str,
                   meanings: Meanings, secret: bool) -> OptionOdds:
    """Fame on the fight's die (OW-FAM-2): the chance each bid wins; a secret
    bid (OW-FAM-3) against the other side bidding nothing and bidding all
    its Heroes can."""
    seen = _fight_seen(view)
    if seen is None or seat not in seen:
        return {}
    models = _models(state)
    other = next(s for s in seen if s != seat)
    fighting = (max(models[m]["fighting"] for m in seen[seat]),
                max(models[m]["fighting"] for m in seen[other]))
    mine, theirs = max(seen[seat].values()), max(seen[other].values())
    cap = _cap(state)
    theirs_all = max([theirs] + [die + min(models[m]["fame"], max(0, cap - die))
                                 for m, die in seen[other].items() if models[m]["hero"]])
    found: OptionOdds = {}
    for index, meaning in enumerate(meanings):
        if meaning is None or meaning.get("kind") not in ("no-fame", "fame-die"):
            continue
        raised = max(mine, int(meaning["to"])) if meaning["kind"] == "fame-die" else mine
        win = _fight_chance(raised, theirs, fighting)
        if secret:
            found[index] = msg("odds.at.bid", none=share(win),
                               all=share(_fight_chance(raised, theirs_all, fighting)))
        else:
            found[index] = msg("odds.at.fight", win=share(win))
    return found
