"""The Echo ruleset (Сыщики в Ехо): a co-operative game; every turn is a
Movement phase of the investigators' units, Gates, items and battles."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from referee.core.events import REFEREE, Seat
from referee.core.flow import Frame
from referee.core.i18n import Msg, Name, msg
from referee.core.prepared import prepared
from referee.core.readonly import read_only
from referee.core.ruleset import GameType, Outcome, Ruleset, on_first_read
from referee.core.waits import JSON
from referee.games.echo import tables
from referee.games.echo.objectives import objectives_view
from referee.games.echo.scenario import Scenario, check
from referee.games.echo.state import EchoState, board_of


class Echo(Ruleset[Scenario, EchoState]):
    """Investigators in Echo (Сыщики в Ехо), the Movement phase."""

    name = "echo"
    aliases = ("investigators-in-echo", "ekho")
    version = "4"
    """2: a meeting that ends apart says who chose to go separately (the log,
    which a save file's checksum digests, changed). 3: the view's state
    (which the checksum digests too) takes the typed shape of
    :mod:`referee.games.echo.view`: items by id, joins as objects, the
    scenario's title, the Locations' positions and the cards' numbers. 4:
    the open questions settled (docs/rulesets/echo.md, disputed cases 2, 8,
    10, 12-14): no battle begins at no units, the turn may end beside an
    enemy before a battle begins, those who begin a turn together may join
    up, a split keeps the leader's turn and the battle's order of blows, an
    investigator set in the World returns by the Gates leading there; the
    view states the investigators' objectives and where the game stands
    (``objectives``: the targets, those at large, the turns left, in words
    and as data)."""
    title = msg("echo.title")
    game_type = GameType(decisions="both", chance=True, hidden_information=True,
                         cooperative=True, min_seats=1, max_seats=tables.MAX_PLAYERS,
                         max_length=None, length_note=msg("echo.length-note"))
    scenario_model: ClassVar[type[BaseModel]] = Scenario
    view_model: ClassVar[type[BaseModel] | None] = on_first_read(
        "referee.games.echo.view:EchoStateView")
    facts_model: ClassVar[Any] = on_first_read("referee.games.echo.view:EchoFacts")
    meaning_model: ClassVar[Any] = on_first_read("referee.games.echo.view:EchoMeaning")
    chance_model: ClassVar[Any] = on_first_read("referee.games.echo.view:EchoLabel")
    def seats(self, scenario: Scenario) -> tuple[Seat, ...]:
        return tuple(inv.seat for inv in scenario.investigators)

    def check_scenario(self, scenario: Scenario) -> list[Msg]:
        return check(scenario)

    def new_state(self, scenario: Scenario) -> EchoState:
        return EchoState(scenario)

    def play(self, state: EchoState) -> Frame:
        from referee.games.echo.order import Match  # the rules, loaded when a game begins

        return Match()

    def decided(self, state: EchoState) -> Outcome | None:
        """House rule 18: the investigators win together once every target
        enemy is detained, dead or destroyed; they lose together if all die."""
        if state.won():
            return Outcome.together(state.order, True, msg("echo.end.won"))
        if state.all_dead():
            return Outcome.together(state.order, False, msg("echo.end.dead"))
        return None

    def timed_out(self, state: EchoState) -> Outcome | None:
        """House rule 18: after ``max_turns`` turns unwon, they lose together."""
        if state.turns_done < state.settings.max_turns:
            return None
        return Outcome.together(state.order, False, msg("echo.end.time",
                                                        turns=state.settings.max_turns))

    def outcome_words(self, scenario: Scenario, outcome: Outcome) -> Msg:
        """The investigators won or lost together (house rule 18)."""
        if outcome.cooperative:
            return msg(f"echo.end.said.{'won' if outcome.winners else 'lost'}",
                       reason=outcome.reason)
        return super().outcome_words(scenario, outcome)

    def seat_name(self, scenario: Scenario, seat: Seat) -> Msg | Name:
        found = board_of(scenario).investigator_names.get(seat)
        return found if found is not None else msg("core.seat-name", seat=seat)

    fresh_views = True
    """:meth:`view` builds every part that changes anew; the parts that never
    change in a game are read-only and shared (:class:`FixedParts`)."""

    def view(self, state: EchoState, seat: Seat) -> dict[str, JSON]:
        """The board is public but for the Gates not yet passed: where they
        lead is nobody's to know (ECHO-GATE-4), the referee's apart. The
        shape is :class:`~referee.games.echo.view.EchoStateView`."""
        board = state.board
        fixed = prepared(state.scenario, FixedParts)
        cards, tokens = fixed.investigators, fixed.enemies
        return {
            "title": fixed.title,
            "turn": state.turn,
            "max_turns": state.settings.max_turns,
            "first_player": state.first_player,
            "locations": fixed.locations,
            "joins": fixed.joins,
            "gates": {g.id: {"at": g.at, "open": g.open, "revealed": g.revealed,
                             "to": board.gate_to[g.id] if g.revealed or seat == REFEREE
                             else None}
                      for g in state.gates.values()},
            "investigators": {
                s: {**cards[s], "location": inv.location, "units": inv.units,
                    "health": inv.health, "reason": inv.reason, "status": inv.status,
                    "finished": inv.finished}
                for s, inv in state.investigators.items()},
            "enemies": {
                e.id: {**tokens[e.id], "location": e.location, "status": e.status,
                       "health": e.health, "reason": e.reason}
                for e in state.enemies.values()},
            "items": fixed.items,
            "objectives": objectives_view(state, seat),
        }


class FixedParts:
    """The parts of every view of a scenario's games that never change (the
    title, the map, names, the cards), worked out once per scenario and
    shared, read-only, by every view; an investigator's or enemy's entry is
    a fresh mapping each view, its fixed part copied in."""

    def __init__(self, scenario: Scenario) -> None:
        targets = scenario.settings.targets or tuple(e.id for e in scenario.enemies)
        holders = {item: card.seat for card in scenario.investigators for item in card.items}
        self.title: JSON = read_only(scenario.title.name.to_json())
        self.locations: JSON = read_only({
            loc.id: {"name": loc.name.name.to_json(), "world": loc.world, "cursed": loc.cursed,
                     "preposition": loc.ru_preposition,
                     "pos": None if loc.pos is None else list(loc.pos)}
            for loc in scenario.locations})
        self.joins: JSON = read_only([{"between": list(join.between), "kind": join.kind}
                                      for join in scenario.joins])
        self.items: JSON = read_only({
            i.id: {"name": i.name.name.to_json(), "holder": holders.get(i.id),
                   "effect": i.effect, "cost": i.cost, "power": i.power, "harms": i.harms,
                   "skill": i.skill, "penalty": i.penalty}
            for i in scenario.items})
        self.investigators: dict[str, dict[str, JSON]] = {
            card.seat: {"name": read_only(card.name.name.to_json()), "max_health": card.health,
                        "max_reason": card.reason, "speed": card.speed,
                        "attentiveness": card.attentiveness, "stealth": card.stealth,
                        "fight": card.fight, "magic": card.magic, "harms": card.harms,
                        "items": read_only(list(card.items))}
            for card in scenario.investigators}
        self.enemies: dict[str, dict[str, JSON]] = {
            e.id: {"name": read_only(e.name.name.to_json()), "kind": e.kind,
                   "max_health": e.health, "max_reason": e.reason,
                   "attentiveness": e.attentiveness, "fight": e.fight, "harms": e.harms,
                   "target": e.id in targets}
            for e in scenario.enemies}
