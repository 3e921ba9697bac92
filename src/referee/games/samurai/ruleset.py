"""The Samurai ruleset (a Ronin skirmish): what it declares, its checks of
answers and its views (:mod:`.view`). Its picture, bot policy and odds at the
table sit above the rules (:mod:`.display`, :mod:`.policy`, :mod:`.table_odds`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

from referee.boards.points import PointMove
from referee.core.events import Seat
from referee.core.flow import Frame
from referee.core.i18n import CATALOGUE, Msg, Name, msg
from referee.core.prepared import prepared
from referee.core.ruleset import GameType, Outcome, Ruleset, Verdict, on_first_read
from referee.core.waits import JSON, Decision
from referee.games.samurai import move_to
from referee.games.samurai.fight import Allocation, allocation_refusals
from referee.games.samurai.scenario import SamuraiScenario, scenario_problems
from referee.games.samurai.state import SamuraiState

CATALOGUE.load(Path(__file__).with_name("text.toml"))


class Samurai(Ruleset[SamuraiScenario, SamuraiState]):
    """Samurai skirmish (Ronin): line of sight, missiles, Combat Potential melee."""

    name = "samurai"
    aliases = ("ronin",)
    version = "4"
    """4: line of sight, cover kinds and brawl splits as the book says
    (docs/rulesets/samurai.md); the view states each band's objectives and
    where the game stands (``objectives``: the last turn, the tokens in each
    band's pool and left in a fight, in words and as data)."""
    title = msg("sam.title")
    game_type = GameType(decisions="both", chance=True, hidden_information=True,
                         cooperative=False, min_seats=2, max_seats=2, max_length=None,
                         length_note=msg("sam.length-note"))
    scenario_model = SamuraiScenario
    view_model = on_first_read("referee.games.samurai.view:SamuraiView")
    facts_model = on_first_read("referee.games.samurai.view:SamuraiFacts")
    meaning_model = on_first_read("referee.games.samurai.view:SamuraiMeaning")
    chance_model = on_first_read("referee.games.samurai.view:SamuraiLabel")
    fresh_views = True
    """:func:`.view.seat_view` builds every part anew but the scenario's
    read-only fixed parts."""
    def seats(self, scenario: SamuraiScenario) -> tuple[Seat, ...]:
        return tuple(b.seat for b in scenario.bands)

    def check_scenario(self, scenario: SamuraiScenario) -> Sequence[Msg | str]:
        return scenario_problems(scenario)

    def new_state(self, scenario: SamuraiScenario) -> SamuraiState:
        return SamuraiState(scenario)

    def play(self, state: SamuraiState) -> Frame:
        from referee.games.samurai.turn import Match  # the rules, loaded when a game begins

        return Match()

    def seat_name(self, scenario: SamuraiScenario, seat: Seat) -> Msg | Name:
        """The band's name, with its gender (a band named in the plural is plural)."""
        name = prepared(scenario, _band_names).get(seat)
        return next(b.side_name for b in scenario.bands if b.seat == seat) if name is None \
            else name

    # -- views ---------------------------------------------------------------------

    def view(self, state: SamuraiState, seat: Seat) -> dict[str, JSON]:
        """The table is open to all; a side's token allocation is shown only once
        both are revealed (the core keeps pending answers out of every view)."""
        from referee.games.samurai.view import seat_view  # loaded with the first view

        return seat_view(state, seat)

    # -- answers ---------------------------------------------------------------------

    def check_answer(self, state: SamuraiState, seat: Seat, decision: Decision,
                     answer: Any) -> Verdict:
        if isinstance(answer, Allocation):
            return Verdict(answer, refusals=tuple(allocation_refusals(state, seat, answer)))
        if isinstance(answer, PointMove) and state.moving is not None:
            return Verdict(answer, refusals=tuple(
                move_to.point_refusals(state, state.moving.plain["fighter"], answer)))
        return Verdict(answer)

    def random_answer(self, view: dict[str, JSON], seat: Seat, decision: Decision,
                      rng: Random) -> JSON:
        """An allocation is read from the question alone (its template names
        the side's fighters in the fight and gives each its Combat Potential),
        so the view is not read for it; a move to a point reads the named
        moves the view shows."""
        shape = decision.shape_for(seat)
        if isinstance(shape, type) and issubclass(shape, Allocation):
            return random_allocation(decision.templates[seat], rng)
        if shape is PointMove:  # stay, or one of the named moves (each checked)
            here = (view.get("waiting") or {}).get("template")
            spots = [{"x": spot["at"][0], "y": spot["at"][1]}
                     for spot in view["state"]["moving"]["spots"]]
            return rng.choice([here, *spots])
        return super().random_answer(view, seat, decision, rng)

    def decided(self, state: SamuraiState) -> Outcome | None:
        standing = state.bands_standing()
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


def random_allocation(template: JSON, rng: Random) -> JSON:
    """Each fighter of ``template`` (the allocation the question offers: all
    its Combat Potential in Attack) given a random split of its tokens, in
    the template's order, and a Boost of Initiative now and then."""
    fighters: dict[str, JSON] = {}
    for fid, offered in template["fighters"].items():
        cp = offered["attack"] + offered["defence"]
        attack = rng.randint(0, cp)
        fighters[fid] = {"attack": attack, "defence": cp - attack,
                         "boost_initiative": attack > 0 and rng.random() < 0.3}
    return {"fighters": fighters}


def _band_names(scenario: SamuraiScenario) -> dict[Seat, Name]:
    """Each band's name by its seat, worked out once per scenario."""
    return {band.seat: band.side_name for band in scenario.bands}
