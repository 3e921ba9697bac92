"""What a Facility character plays for and where the game stands, as the
``objectives`` part of a seat's view: in words and as data. The book sets
no victory: a character's aim is what its scenario gives it (``aim``, told
to that character and the game master alone), and the game ends after the
scenario's last turn (house rule 13)."""

from __future__ import annotations

from referee.core.events import REFEREE, Seat
from referee.core.i18n import Msg, msg
from referee.core.waits import JSON
from referee.games.facility.world import World


def aims(world: World, seat: Seat) -> list[Msg]:
    """The seat's character and its aim (the game master: every character's
    given aim), and what ends the game."""
    found: list[Msg] = []
    characters = world.scenario.characters
    if seat in world.characters:
        found.append(msg("facility.aim.you", who=world.characters[seat].title))
        aim = characters[seat].aim
        found.append(msg("facility.aim.given", aim=aim.name) if aim is not None
                     else msg("facility.aim.none"))
    elif seat == REFEREE:
        found += [msg("facility.aim.of", who=world.characters[name].title, aim=entry.aim.name)
                  for name, entry in characters.items()
                  if entry.aim is not None and name in world.characters]
    return [*found, msg("facility.aim.end", turn=world.settings.last_turn)]


def standing(world: World) -> list[Msg]:
    """The turn and the last one."""
    return [msg("facility.standing.turn", turn=_shown_turn(world),
                turns=world.settings.last_turn)]


def objectives_view(world: World, seat: Seat) -> dict[str, JSON]:
    """The ``objectives`` part of ``seat``'s view (:class:`.view.FacilityObjectives`):
    the seat's aims and the standing at a turn, made once per building for
    each seat and turn, read-only (every character of a scenario is in
    every world of it: nothing else it reads changes in play)."""
    return world.public(("objectives", seat, world.turn), _objectives, world, seat)


def _objectives(world: World, seat: Seat) -> dict[str, JSON]:
    """:func:`objectives_view`, made."""
    return {"aims": [line.to_json() for line in aims(world, seat)],
            "standing": [line.to_json() for line in standing(world)],
            "aim": _aim(world, seat),
            "last_turn": world.settings.last_turn}


def _shown_turn(world: World) -> int:
    """The turn the standing shows: the last one once the game is over."""
    return min(world.turn, world.settings.last_turn)


def _aim(world: World, seat: Seat) -> JSON:
    """The seat's own aim as data (None: it has none, or is not a character)."""
    own = world.scenario.characters.get(seat) if seat in world.characters else None
    return None if own is None or own.aim is None else own.aim.name.to_json()
