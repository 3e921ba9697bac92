"""The Samurai ruleset (a Ronin skirmish): what it declares, its checks of
answers, views and picture."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any, ClassVar

from referee.boards.points import PointMove
from referee.boards.tablemap import TableMap
from referee.bots import samurai as bot_policy
from referee.core.events import Seat
from referee.core.flow import Frame
from referee.core.i18n import CATALOGUE, Lang, Msg, Name, msg, render
from referee.core.ruleset import GameType, Outcome, Ruleset, Verdict
from referee.core.waits import JSON, Decision
from referee.games.samurai import move_to, picture
from referee.games.samurai.fight import Allocation, allocation_refusals
from referee.games.samurai.missiles import WAIT, can_reload
from referee.games.samurai.scenario import SamuraiScenario, scenario_problems
from referee.games.samurai.state import SamuraiState, tenths
from referee.games.samurai.turn import Match

CATALOGUE.load(Path(__file__).with_name("text.toml"))


class Samurai(Ruleset[SamuraiScenario, SamuraiState]):
    """Samurai skirmish (Ronin): line of sight, missiles, Combat Potential melee."""

    name = "samurai"
    aliases = ("ronin",)
    version = "3"
    title = msg("sam.title")
    game_type = GameType(decisions="both", chance=True, hidden_information=True,
                         cooperative=False, min_seats=2, max_seats=2, max_length=None,
                         length_note=msg("sam.length-note"))
    scenario_model = SamuraiScenario
    phase_end_events: ClassVar[frozenset[str]] = frozenset({
        "sam.phase.move-ended", "sam.phase.combat-ended", "sam.phase.action-ended",
        "sam.turn-ended"})

    def seats(self, scenario: SamuraiScenario) -> tuple[Seat, ...]:
        return tuple(b.seat for b in scenario.bands)

    def check_scenario(self, scenario: SamuraiScenario) -> Sequence[Msg | str]:
        return scenario_problems(scenario)

    def new_state(self, scenario: SamuraiScenario) -> SamuraiState:
        return SamuraiState(scenario)

    def play(self, state: SamuraiState) -> Frame:
        return Match()

    def seat_name(self, scenario: SamuraiScenario, seat: Seat) -> Msg | Name:
        """The band's name, with its gender (a band named in the plural is plural)."""
        return next(b.side_name for b in scenario.bands if b.seat == seat)

    # -- views ---------------------------------------------------------------------

    def view(self, state: SamuraiState, seat: Seat) -> dict[str, JSON]:
        """The table is open to all; a side's token allocation is shown only once
        both are revealed (the core keeps pending answers out of every view)."""
        fight = state.fight
        return {
            "turn": state.turn,
            "phase": state.phase,
            "priority": state.priority,
            "table": picture.table_part(state.scenario),
            "models": [{"id": f.id, "side": f.side, "at": [f.x, f.y] if f.alive else None,
                        "cp": f.spec.cp, "alive": f.alive, "wounds": f.penalty,
                        "stunned": f.stunned, "moved": f.moved, "shot": f.shot,
                        "loaded": f.loaded, "disarmed": f.disarmed, "fights": f.fights,
                        "missile": f.spec.missile, "melee": f.spec.melee,
                        "weapon_bonus": f.spec.weapon_bonus, "armour": f.spec.armour}
                       for f in state.fighters.values()],
            "fight": None if fight is None else {
                "sides": {s: list(ids) for s, ids in fight.sides.items()},
                "tokens": {f: dict(t) for f, t in fight.tokens.items()},
                "order": list(fight.order)},
            "asked": None if state.asked_shooter is None else {
                "shooter": state.asked_shooter, "targets": list(state.asked_targets),
                "reload": can_reload(state, state.asked_shooter),
                "aims": picture.aims(state, state.asked_shooter)},
            "shots": [{"shooter": s.shooter, "target": s.target, "from": list(s.start),
                       "to": list(s.end), "hit": s.hit} for s in state.shots],
            "broken": list(state.broken),
            "moving": state.moving,
        }

    # -- answers ---------------------------------------------------------------------

    def check_answer(self, state: SamuraiState, seat: Seat, decision: Decision,
                     answer: Any) -> Verdict:
        if isinstance(answer, Allocation):
            return Verdict(answer, refusals=tuple(allocation_refusals(state, seat, answer)))
        if isinstance(answer, PointMove) and state.moving is not None:
            return Verdict(answer, refusals=tuple(
                move_to.point_refusals(state, state.moving["model"], answer)))
        return Verdict(answer)

    def random_answer(self, view: dict[str, JSON], seat: Seat, decision: Decision,
                      rng: Random) -> JSON:
        own = view["state"]
        shape = decision.shape_for(seat)
        if isinstance(shape, type) and issubclass(shape, Allocation):
            cps = {m["id"]: m["cp"] for m in own["models"]}
            fighters = {}
            for fid in own["fight"]["sides"][seat]:
                attack = rng.randint(0, cps[fid])
                fighters[fid] = {"attack": attack, "defence": cps[fid] - attack,
                                 "boost_initiative": attack > 0 and rng.random() < 0.3}
            return {"fighters": fighters}
        if shape is PointMove:  # stay, or one of the named moves (each checked)
            here = (view.get("waiting") or {}).get("template")
            spots = [{"x": at[0], "y": at[1]} for _, at in own["moving"]["spots"]]
            return rng.choice([here, *spots])
        return super().random_answer(view, seat, decision, rng)

    def bot_weights(self, view: dict[str, JSON], seat: Seat,
                    decision: Decision) -> list[float] | None:
        """The random bot never picks the move to a point of its own choosing
        (:mod:`referee.bots.samurai`), and in the Action phase it shoots or
        reloads three times as often as it waits."""
        if decision.question.key == "sam.ask.action":
            return [1.0 if option.value == WAIT else 3.0
                    for option in decision.options_for(seat)]
        return bot_policy.weights(seat, decision)

    def option_odds(self, view: dict[str, JSON], seat: Seat,
                    decision: Decision) -> dict[int, Msg] | None:
        """The chance an attack does damage, for each enemy to attack and with
        or without a Boost, from the seat's view (:mod:`referee.odds.at_the_table`)."""
        from referee.odds import at_the_table

        return at_the_table.samurai(view, seat, decision)

    # -- the end -------------------------------------------------------------------

    def decided(self, state: SamuraiState) -> Outcome | None:
        standing = [s for s in state.seats if state.alive(s)]
        if len(standing) < 2:
            if not standing:
                return Outcome.draw(state.seats, msg("sam.end.both-gone"))
            return Outcome.win(state.seats, standing,
                               msg("sam.end.wiped", band=state.band_names[
                                   state.other(standing[0])]))
        if state.broken:
            winners = [s for s in state.seats if s not in state.broken]
            reason = msg("sam.end.broken", bands=tuple(state.band_names[s]
                                                       for s in state.broken))
            return Outcome.win(state.seats, winners, reason)
        return None

    def timed_out(self, state: SamuraiState) -> Outcome | None:
        if state.turn <= state.rules.max_turns:
            return None
        return Outcome.draw(state.seats, msg("sam.end.turns", turns=state.rules.max_turns))

    # -- display ---------------------------------------------------------------------

    def svg(self, scenario: SamuraiScenario, view: dict[str, JSON], lang: Lang) -> str:
        """The table from ``view``: terrain, the fighters still on it, and the
        lines of sight of this turn's shots (solid: hit, dashed: missed)."""
        return picture.svg(scenario, view, lang)

    def table_map(self, view: dict[str, JSON], lang: Lang) -> TableMap | None:
        """The map of the table as ``view`` shows it, for the terminal (:mod:`.picture`)."""
        return picture.table_map(view, lang)

    def board_table(self, view: dict[str, JSON],
                    lang: Lang) -> tuple[list[str], list[list[str]]] | None:
        """Each fighter by its name and its band's, where it stands, its Combat
        Potential, wound penalty and marks, in the reader's language."""
        heads = [render(msg(f"sam.head.{h}"), lang)
                 for h in ("model", "side", "at", "cp", "wounds", "state")]
        table = view["table"]
        if isinstance(table, str):  # the fixed table may come as JSON text
            table = json.loads(table)
        bands = {b["seat"]: name_from_json(b["name"]) for b in table["bands"]}
        rows = []
        for m in view["models"]:
            at = "-" if m["at"] is None else render(
                msg("sam.at", x=tenths(m["at"][0]), y=tenths(m["at"][1])), lang)
            marks = [render(msg(f"sam.mark.{k}"), lang)
                     for k in ("stunned", "moved", "shot", "disarmed") if m[k]]
            if not m["alive"]:
                marks = [render(msg("sam.mark.killed"), lang)]
            name = name_from_json(table["fighters"][m["id"]]["name"])
            rows.append([render(msg("sam.cell", name=name), lang),
                         render(msg("sam.cell", name=bands[m["side"]]), lang), at, str(m["cp"]),
                         str(m["wounds"]), ", ".join(marks)])
        return heads, rows


def name_from_json(data: JSON) -> Name:
    """A name as a view carries it (``Name.to_json``)."""
    return Name(data["en"], data.get("ru"), data.get("gender"),
                tuple(sorted((data.get("cases") or {}).items())))
