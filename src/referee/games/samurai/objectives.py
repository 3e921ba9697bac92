"""What each band plays for and where the game stands (the house rules of
the end, docs/rulesets/samurai.md), as the ``objectives`` part of a seat's
view: in words and as data. All of it is open to both bands: the fighters
standing, the Combat Potential they take as tokens, the tokens left in a
fight once revealed, the turn and the last one."""

from __future__ import annotations

from referee.core.events import Seat
from referee.core.i18n import Msg, msg
from referee.core.prepared import kept_json
from referee.core.waits import JSON
from referee.games.samurai.state import SamuraiState


def pool(state: SamuraiState, seat: Seat) -> int:
    """The tokens the band takes into combat: the Combat Potential of its
    fighters still standing (SAM-FGT-3)."""
    return sum(f.spec.cp for f in state.alive(seat))


def left_in_fight(state: SamuraiState) -> dict[Seat, dict[str, int]] | None:
    """The Attack and Defence tokens each side has left in the fight under
    way, once revealed; None out of a fight or before the reveal."""
    fight = state.fight
    if fight is None or not fight.tokens:
        return None
    return {seat: {kind: sum(fight.tokens[f][kind] for f in fighters if f in fight.tokens)
                   for kind in ("attack", "defence")}
            for seat, fighters in fight.sides.items()}


def aims(state: SamuraiState, seat: Seat) -> list[Msg]:
    """Which band the seat plays, and how a band wins or the game is drawn."""
    found = [msg("sam.aim.you", band=state.band_names[seat])] if seat in state.seats else []
    found.append(msg("sam.aim.break" if state.rules.break_at_half else "sam.aim.kill"))
    return [*found, msg("sam.aim.last-turn", turns=state.rules.max_turns)]


def standing(state: SamuraiState) -> list[Msg]:
    """The turn and the last one; each band's fighters standing and tokens
    in its pool; the tokens left in a fight under way."""
    lines = [msg("sam.standing.turn", turn=min(max(state.turn, 1), state.rules.max_turns),
                 turns=state.rules.max_turns)]
    for seat in state.seats:
        lines.append(msg("sam.standing.band", band=state.band_names[seat],
                         standing=len(state.alive(seat)), fighters=state.started_with[seat],
                         tokens=pool(state, seat)))
    for seat, left in (left_in_fight(state) or {}).items():
        lines.append(msg("sam.standing.fight", band=state.band_names[seat],
                         attack=left["attack"], defence=left["defence"]))
    return lines


def objectives_view(state: SamuraiState, seat: Seat) -> dict[str, JSON]:
    """The ``objectives`` part of ``seat``'s view (:class:`.view.SamuraiObjectives`),
    read-only: made once per scenario for each seat and each standing (the
    turn, each band's fighters standing and tokens, the tokens left in a
    fight), and shared by every view at that standing."""
    pools = dict.fromkeys(state.seats, 0)
    up = dict.fromkeys(state.seats, 0)
    for f in state.fighters.values():
        if f.alive:
            pools[f.side] += f.spec.cp
            up[f.side] += 1
    left = left_in_fight(state)
    key = ("objectives", seat, state.turn, *pools.values(), *up.values(),
           None if left is None else tuple(
               (band, tokens["attack"], tokens["defence"]) for band, tokens in left.items()))
    found: dict[str, JSON] = kept_json(state.scenario, key,
                                       lambda: _objectives(state, seat, pools, left))
    return found


def _objectives(state: SamuraiState, seat: Seat, pools: dict[Seat, int],
                left: dict[Seat, dict[str, int]] | None) -> dict[str, JSON]:
    return {"aims": [line.to_json() for line in aims(state, seat)],
            "standing": [line.to_json() for line in standing(state)],
            "max_turns": state.rules.max_turns, "pool": pools, "fight_tokens": left}
