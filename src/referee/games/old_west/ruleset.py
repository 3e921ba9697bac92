"""The Old West ruleset: what it declares, its scenario checks and its views."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

from referee.boards.points import PointMove
from referee.boards.table import Piece
from referee.core.events import Seat
from referee.core.flow import Frame
from referee.core.i18n import CATALOGUE, Msg, Name, msg
from referee.core.prepared import prepared
from referee.core.readonly import read_only
from referee.core.ruleset import GameType, Outcome, Ruleset, Verdict, on_first_read
from referee.core.waits import JSON, Decision
from referee.games.old_west import ending, move_to
from referee.games.old_west.objectives import objectives_view
from referee.games.old_west.scenario import (
    CoverSpec,
    DropSpec,
    ObstacleSpec,
    OldWestScenario,
    posse_name,
    scenario_problems,
    title_name,
)
from referee.games.old_west.state import (
    Fighter,
    OldWestState,
    PointAsk,
    round3,
    rounded_xy,
    setup_of,
    terrain_entries,
)

CATALOGUE.load(Path(__file__).with_name("text.toml"))
CATALOGUE.load(Path(__file__).with_name("picture.toml"))  # the map's words load with the rest


class OldWest(Ruleset[OldWestScenario, OldWestState]):
    """Legends of the Old West (Warhammer Historical): melee, Pluck, Heroes."""

    name = "old-west"
    aliases = ("old_west", "legends-of-the-old-west", "lotow")
    version = "5"
    """5: back-off spots offered are at least half an inch apart (house rule
    ``back_off.SPOTS_APART``), so games that back off choose among other
    spots; a saved game of version 4 replays with a notice.
    4: the view states each posse's objectives and where the game stands
    (``objectives``: the last turn, the models escaped, in words and as
    data); a saved game of version 3 replays with a notice.
    2: the view shows ``fortune_save``. 3: the view is typed
    (:class:`~.view.OldWestView`): the table and the names are structured
    data, models are keyed by id, and the asked model's map is no longer in
    it (the options say it). Games saved by an older version no longer meet
    their checksum, which digests the referee's view."""
    title = msg("ow.title")
    game_type = GameType(decisions="both", chance=True, hidden_information=True,
                         cooperative=False, min_seats=2, max_seats=2, max_length=None,
                         length_note=msg("ow.length-note"))
    scenario_model = OldWestScenario
    view_model = on_first_read("referee.games.old_west.view:OldWestView")
    facts_model = on_first_read("referee.games.old_west.view:OldWestFacts")
    meaning_model = on_first_read("referee.games.old_west.view:OldWestMeaning")
    chance_model = on_first_read("referee.games.old_west.view:OldWestLabel")

    def seats(self, scenario: OldWestScenario) -> tuple[Seat, ...]:
        return tuple(p.seat for p in scenario.posses)

    def check_scenario(self, scenario: OldWestScenario) -> list[Msg]:
        return scenario_problems(scenario)

    def new_state(self, scenario: OldWestScenario) -> OldWestState:
        return OldWestState(scenario)

    def play(self, state: OldWestState) -> Frame:
        from referee.games.old_west.turn import PlayGame  # the rules, loaded when a game begins

        return PlayGame()

    fresh_views = True
    """:meth:`view` builds every part anew but the read-only parts prepared
    once per scenario (the table, the names, the settings, each model's part
    as its condition last showed it), so the game hands it out without
    copying it again."""

    def view(self, state: OldWestState, seat: Seat) -> dict[str, JSON]:
        """Everything on the table is open to every seat; only a pending secret
        Fame bid is hidden, and the core keeps that out of every view
        (:class:`~.view.OldWestView`)."""
        fixed = prepared(state.scenario, _fixed)
        pieces = state.table.pieces
        point = state.point
        return {
            "turn": state.turn,
            "phase": state.phase,
            "advantage": state.advantage,
            "table": fixed.table,
            "names": fixed.names,
            "posses": fixed.posses_view(state.fleeing, state.ran),
            "models": {f.id: fixed.model_view(f, pieces.get(f.id))
                       for f in state.fighters.values()},
            "house_rules": fixed.house_rules,
            "point": None if point is None else _point_view(point),
            "objectives": objectives_view(state, seat),
        }

    def decided(self, state: OldWestState) -> Outcome | None:
        """A posse ran or has no one left: the other wins (OW-HFH-2). Asked
        after every input; looked into (here only) once the rules marked the
        game over."""
        return None if state.phase != "over" else ending.decided(state)

    def timed_out(self, state: OldWestState) -> Outcome | None:
        """House rule ``max_turns``: the last turn played, a draw (looked
        into once the rules marked the game over, as :meth:`decided`)."""
        return None if state.phase != "over" else ending.timed_out(state)

    def check_answer(self, state: OldWestState, seat: Seat, decision: Decision,
                     answer: Any) -> Verdict:
        """A point to move to is refused, with every reason, where the model
        cannot go (:mod:`.move_to`)."""
        if isinstance(answer, PointMove) and state.point is not None:
            refusals = move_to.point_refusals(state, state.point.model, state.point.near,
                                              answer)
            return Verdict(answer, refusals=tuple(refusals))
        return Verdict(answer)

    def random_answer(self, view: dict[str, JSON], seat: Seat, decision: Decision,
                      rng: Random) -> JSON:
        """A point to move to: one of the named moves (each checked when they
        were listed), or staying where it stands."""
        point = view["state"].get("point") or {}
        here = (view.get("waiting") or {}).get("template")
        spots = [{"x": spot["to"][0], "y": spot["to"][1]} for spot in point.get("spots") or ()]
        return rng.choice([here, *spots]) if here is not None else spots[0]

    def seat_name(self, scenario: OldWestScenario, seat: Seat) -> Msg | Name:
        """The posse's name from the scenario."""
        # not the whole set-up: `referee rulesets` asks too
        name = prepared(scenario, _posse_names).get(seat)
        return super().seat_name(scenario, seat) if name is None else name


class _Fixed:
    """The parts of every view that a scenario fixes, prepared once and
    read-only: shared by every view of every seat (``fresh_views``)."""

    def __init__(self, scenario: OldWestScenario) -> None:
        setup = setup_of(scenario)
        state = OldWestState(scenario)
        entries = terrain_entries(scenario)
        self.table: dict[str, JSON] = read_only({
            "width": scenario.table.width, "depth": scenario.table.depth,
            "terrain": {key: _terrain_view(spec) for key, spec in entries}})
        self.names: dict[str, JSON] = read_only({
            "title": title_name(scenario).to_json(),
            "posses": {p.seat: posse_name(p).to_json() for p in scenario.posses},
            "models": {f.id: f.name.to_json() for f in state.fighters.values()},
            "terrain": {key: spec.name.name.to_json() for key, spec in entries},
            "guns": {m.id: m.gun.name.name.to_json() for p in scenario.posses
                     for m in p.models if m.gun is not None}})
        self.posses: dict[str, dict[str, JSON]] = {p.seat: {
            "leader": setup.leaders[p.seat], "exit_edge": p.exit_edge,
            "objective": None if p.objective is None else read_only(
                {"kind": p.objective.kind, "models": p.objective.models}),
        } for p in scenario.posses}
        self.posses_calm: dict[str, JSON] = read_only({
            key: {**posse, "fleeing": False, "ran": False} for key, posse in self.posses.items()})
        self.house_rules: dict[str, JSON] = read_only(scenario.house_rules.model_dump())
        self.profiles: dict[str, dict[str, JSON]] = {f.id: _profile(f)
                                                      for f in state.fighters.values()}
        self.shown: dict[tuple[object, ...], dict[str, JSON]] = {}
        """Each model's part of a view by its condition, read-only: a model
        that has not changed since an earlier view is shown by the same part."""

    def posses_view(self, fleeing: set[str], ran: set[str]) -> dict[str, JSON]:
        """The posses' part of a view: the same read-only part while no posse
        is fleeing or has run (most of every game)."""
        if not fleeing and not ran:
            return self.posses_calm
        return {key: {**posse, "fleeing": key in fleeing, "ran": key in ran}
                for key, posse in self.posses.items()}

    def model_view(self, f: Fighter, piece: Piece | None) -> dict[str, JSON]:
        """``f``'s part of a view (:func:`_model_view`), made once per condition."""
        mount = f.mount
        key = (f.id, f.status, f.wounds, f.fame, f.fortune, f.prone,
               None if piece is None else (piece.x, piece.y, piece.radius),
               None if mount is None else (mount.kind, mount.toughness, mount.wounds))
        found = self.shown.get(key)
        if found is None:
            if len(self.shown) >= _SHOWN:
                self.shown.clear()
            found = self.shown[key] = read_only(_model_view(f, piece, self.profiles[f.id]))
        return found


_SHOWN = 20_000
"""At most this many models' parts are kept per scenario."""


def _posse_names(scenario: OldWestScenario) -> dict[Seat, Name]:
    """Each posse's name by its seat, worked out once per scenario."""
    return {posse.seat: posse_name(posse) for posse in scenario.posses}


def _fixed(scenario: OldWestScenario) -> _Fixed:
    return _Fixed(scenario)


def _terrain_view(spec: ObstacleSpec | CoverSpec | DropSpec) -> dict[str, JSON]:
    if isinstance(spec, ObstacleSpec):
        kind, height = ("building" if spec.closed else "wall"), spec.height
    elif isinstance(spec, CoverSpec):
        kind, height = "cover", None
    else:
        kind, height = "drop", spec.height
    return {"kind": kind, "points": [[x, y] for x, y in spec.points], "height": height}


def _profile(f: Fighter) -> dict[str, JSON]:
    """A model's part of the view as far as its profile fixes it (the rest
    left None): a view copies it and fills in the rest."""
    gun = None if f.gun is None else read_only({"range": f.gun.range,
                                                "strength": f.gun.strength})
    return {
        "posse": f.posse, "status": None, "at": None, "base_inches": None, "move": None,
        "fighting": f.fighting, "strength": f.strength, "toughness": f.toughness,
        "attacks": f.attacks, "wounds": None, "starting_wounds": f.wounds, "pluck": f.pluck,
        "shooting": f.shooting, "gun": gun, "hero": f.hero, "fame": None, "fortune": None,
        "fearsome": f.fearsome, "prone": None, "mount": None,
    }


def _model_view(f: Fighter, piece: Piece | None, profile: dict[str, JSON]) -> dict[str, JSON]:
    """A model as every seat sees it: its profile, its condition, its base."""
    data = profile.copy()  # a fresh table: the rest is filled in below
    data["status"] = f.status
    if piece is not None:
        data["at"] = rounded_xy(piece.xy)
        data["base_inches"] = round3(2 * piece.radius)
    data["move"] = f.move
    data["wounds"] = f.wounds
    data["fame"] = f.fame
    data["fortune"] = f.fortune
    data["prone"] = f.prone
    mount = f.mount
    if mount is not None:
        data["mount"] = {"kind": mount.kind, "toughness": mount.toughness,
                         "wounds": mount.wounds}
    return data


def _point_view(point: PointAsk) -> dict[str, JSON]:
    return {"model": point.model, "near": point.near,
            "spots": [{"way": way, "model": other, "to": [at[0], at[1]]}
                      for way, other, at in point.spots]}
