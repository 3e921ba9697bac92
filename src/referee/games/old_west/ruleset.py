"""The Old West ruleset: what it declares, its scenario checks, views and picture."""

from __future__ import annotations

import marshal
from pathlib import Path
from random import Random
from typing import Any, ClassVar

from referee.boards.points import PointMove
from referee.boards.table import Piece
from referee.boards.tablemap import TableMap
from referee.bots import old_west as bot_policy
from referee.core.events import Seat
from referee.core.flow import Frame
from referee.core.i18n import CATALOGUE, Lang, Msg, Name, msg
from referee.core.prepared import prepared
from referee.core.ruleset import GameType, Outcome, Ruleset, Verdict
from referee.core.waits import JSON, Decision
from referee.games.old_west import ending, move_to, picture
from referee.games.old_west.scenario import OldWestScenario, scenario_problems
from referee.games.old_west.state import Fighter, OldWestState, setup_of
from referee.games.old_west.turn import PlayGame

CATALOGUE.load(Path(__file__).with_name("text.toml"))


class OldWest(Ruleset[OldWestScenario, OldWestState]):
    """Legends of the Old West (Warhammer Historical): melee, Pluck, Heroes."""

    name = "old-west"
    aliases = ("old_west", "legends-of-the-old-west", "lotow")
    version = "2"
    """2: the view shows ``fortune_save`` (games saved by version 1 no longer
    meet their checksum, which digests the referee's view)."""
    title = msg("ow.title")
    game_type = GameType(decisions="both", chance=True, hidden_information=True,
                         cooperative=False, min_seats=2, max_seats=2, max_length=None,
                         length_note=msg("ow.length-note"))
    scenario_model = OldWestScenario
    phase_end_events: ClassVar[frozenset[str]] = frozenset({
        "ow.phase.movement-ended", "ow.phase.shooting-ended", "ow.phase.melee-ended"})

    def seats(self, scenario: OldWestScenario) -> tuple[Seat, ...]:
        return tuple(p.seat for p in scenario.posses)

    def check_scenario(self, scenario: OldWestScenario) -> list[Msg]:
        return scenario_problems(scenario)

    def new_state(self, scenario: OldWestScenario) -> OldWestState:
        return OldWestState(scenario)

    def play(self, state: OldWestState) -> Frame:
        return PlayGame()

    fresh_views = True
    """:meth:`view` builds every part anew (the table is one string, the
    asked model's part a copy), so the game hands it out without copying it
    again."""

    def view(self, state: OldWestState, seat: Seat) -> dict[str, JSON]:
        """Everything on the table is open to every seat; only a pending secret
        Fame bid is hidden, and the core keeps that out of every view."""
        asking = state.asking
        pieces = state.table.pieces
        profiles = prepared(state.scenario, _profiles)
        return {
            "turn": state.turn,
            "phase": state.phase,
            "advantage": state.advantage,
            "table": picture.table_part(state.scenario),
            "asking": None if asking is None else marshal.loads(marshal.dumps(asking)),
            "models": [_model_view(f, pieces.get(f.id), profiles[f.id])
                       for f in state.fighters.values()],
            "fleeing": sorted(state.fleeing),
            "ran": sorted(state.ran),
            "objectives": {seat: _objective_view(state, seat) for seat in state.seats},
            "fame_cap": state.rules.fame_cap,
            "fortune_save": state.rules.fortune_save,
        }

    def decided(self, state: OldWestState) -> Outcome | None:
        """A posse ran or has no one left: the other wins (OW-HFH-2)."""
        return ending.decided(state)

    def timed_out(self, state: OldWestState) -> Outcome | None:
        """House rule ``max_turns``: the last turn played, a draw."""
        return ending.timed_out(state)

    def check_answer(self, state: OldWestState, seat: Seat, decision: Decision,
                     answer: Any) -> Verdict:
        """A point to move to is refused, with every reason, where the model
        cannot go (:mod:`.move_to`)."""
        if isinstance(answer, PointMove) and state.asking is not None:
            refusals = move_to.point_refusals(state, state.asking["model"],
                                              state.asking.get("near"), answer)
            return Verdict(answer, refusals=tuple(refusals))
        return Verdict(answer)

    def random_answer(self, view: dict[str, JSON], seat: Seat, decision: Decision,
                      rng: Random) -> JSON:
        """A point to move to: one of the named moves (each checked when they
        were listed), or staying where it stands."""
        asking = view["state"].get("asking") or {}
        here = (view.get("waiting") or {}).get("template")
        spots = [{"x": at[0], "y": at[1]} for _, at in asking.get("spots") or ()]
        return rng.choice([here, *spots]) if here is not None else spots[0]

    def bot_weights(self, view: dict[str, JSON], seat: Seat,
                    decision: Decision) -> list[float] | None:
        """The random bot moves rather than stands, leaves only for an escape
        objective and runs only when the test says so (:mod:`referee.bots.old_west`)."""
        return bot_policy.weights(view, seat, decision)

    def option_odds(self, view: dict[str, JSON], seat: Seat,
                    decision: Decision) -> dict[int, Msg] | None:
        """The chance behind a charge, a shot or Fame on the fight's die, from
        the seat's view (:mod:`referee.odds.at_the_table`)."""
        from referee.odds import at_the_table

        return at_the_table.old_west(view, seat, decision)

    def seat_name(self, scenario: OldWestScenario, seat: Seat) -> Msg | Name:
        """The posse's name from the scenario."""
        names = setup_of(scenario).posse_names
        return names[seat] if seat in names else super().seat_name(scenario, seat)

    def svg(self, scenario: OldWestScenario, view: dict[str, JSON], lang: Lang) -> str:
        """A picture of the table as ``view`` shows it (:mod:`.picture`)."""
        return picture.svg(scenario, view, lang)

    def table_map(self, view: dict[str, JSON], lang: Lang) -> TableMap | None:
        """The map of the table as ``view`` shows it, for the terminal (:mod:`.picture`)."""
        return picture.table_map(view, lang)


def _objective_view(state: OldWestState, seat: str) -> dict[str, JSON] | None:
    """The posse's scenario objective, open to every seat: its kind, the
    models an escape needs and the edge they leave by."""
    objective = state.setup.objectives[seat]
    if objective is None:
        return None
    return {"kind": objective.kind, "models": objective.models,
            "edge": state.exit_edges[seat]}


_ROUNDED: dict[float, float] = {}
"""Lengths and coordinates to 3 decimals, by their exact value (``round``
is a slow call and the same few positions are shown again and again)."""


def _round3(value: float) -> float:
    """``round(value, 3)``, remembered (0.0 and -0.0 are one key: never kept)."""
    if len(_ROUNDED) >= 100_000:
        _ROUNDED.clear()
    found = round(value, 3)
    if value != 0.0:
        _ROUNDED[value] = found
    return found


def _profiles(scenario: OldWestScenario) -> dict[str, dict[str, JSON]]:
    """Each model's part of the view as far as its profile fixes it (the
    rest left None), prepared once per scenario and never changed: a view
    copies it and fills in the rest."""
    state = OldWestState(scenario)
    return {f.id: {
        "id": f.id, "name": None, "posse": f.posse, "status": None, "at": None,
        "base_inches": None, "fighting": f.fighting, "strength": f.strength,
        "toughness": f.toughness, "attacks": f.attacks, "wounds": None, "pluck": f.pluck,
        "prone": None, "fearsome": f.fearsome, "shooting": f.shooting, "gun": None,
    } for f in state.fighters.values()}


def _model_view(f: Fighter, piece: Piece | None, profile: dict[str, JSON]) -> dict[str, JSON]:
    """A model as every seat sees it: its profile, its condition, its base."""
    data = profile.copy()  # a fresh table: name, gun and mount are made anew below
    data["name"] = f.name.to_json()
    data["status"] = f.status
    if piece is not None:
        rounded = _ROUNDED.get
        x, y, size = piece.x, piece.y, 2 * piece.radius
        data["at"] = [rounded(x) or _round3(x), rounded(y) or _round3(y)]
        data["base_inches"] = rounded(size) or _round3(size)
    data["wounds"] = f.wounds
    data["prone"] = f.prone
    gun, mount = f.gun, f.mount
    if gun is not None:
        data["gun"] = {"strength": gun.strength, "range": gun.range}
    if f.hero:
        data["hero"] = True
        data["fame"] = f.fame
        data["fortune"] = f.fortune
    if mount is not None:
        data["mount"] = {"kind": mount.kind, "toughness": mount.toughness,
                         "wounds": mount.wounds}
    return data
