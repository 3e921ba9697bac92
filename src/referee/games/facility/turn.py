"""The working context of one turn's resolution, shared by the rule groups;
everything seen is written straight into the game's one log."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from referee.core.events import REFEREE, Audience, Log
from referee.core.i18n import PERSONAL, Msg, Param, personal
from referee.core.readonly import ReadOnlyDict, frozen_facts, frozen_list
from referee.games.facility.orders import Plan
from referee.games.facility.report import camera, camera_room, stamped
from referee.games.facility.world import Character, World

T = TypeVar("T")
ACTING = ("explicit", "use", "give", "take", "drop", "show", "melee", "equip", "bluffed",
          "impossible")
"""The kinds of a plan's orders resolved with the actions, before movement
(:meth:`Turn.with_orders` is asked for them): a character whose plan holds
none of them takes no part in the actions (:meth:`Turn.acting`)."""
_GAME_MASTER = (REFEREE,)
_VIA_CAMERA = "via-camera"
"""Heads the key a record's copy for the camera's readers is kept under (:meth:`Turn.record`)."""
_NOBODY = Audience(frozenset())
"""The audience of a line no character or camera saw: the game master's alone."""


@dataclass
class Turn:
    world: World
    plans: dict[str, Plan]
    """Every character's valid orders, by name (sorted: resolution never
    depends on the order characters are listed in)."""
    log: Log
    """The game's log: each line goes to whoever saw it (the game master sees all)."""
    start_place: dict[str, dict[str, str]] = field(default_factory=dict)
    """Character -> item -> where it was at the start of the turn (CHAT-SHW-1),
    for the characters who use or show items."""
    taken: set[str] = field(default_factory=set)
    """Items taken this turn: their abilities may be used (CHAT-TAK-4)."""
    used: set[str] = field(default_factory=set)
    """Items whose active ability a use order uses this turn: they cannot be
    given (CHAT-GIV-4) nor used twice (CHAT-TRN-2)."""

    start_occupants: dict[int, set[str]] = field(default_factory=dict)
    _names: list[str] = field(default_factory=list)
    _acting: list[str] | None = None
    _contested: set[str] | None = None
    readers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Camera token -> characters who read that camera's record (house rule 14)."""

    def __post_init__(self) -> None:
        self.readers = self.world.camera_readers()
        for name, who in self.world.characters.items():
            self.start_occupants.setdefault(who.room, set()).add(name)
            plan = self.plans.get(name)
            if plan is not None and (plan.use or plan.show):
                self.start_place[name] = {item: place for place, items in who.places()
                                          for item in items}

    def with_orders(self, orders: Callable[[Plan], Sequence[T]],
                 ) -> Iterator[tuple[str, Character, Sequence[T]]]:
        """(name, character, its entries) for every character, by name, whose
        plan has entries of the kind ``orders`` picks, one of :data:`ACTING`
        (the others are skipped: most characters in a large turn)."""
        for name in self.acting():
            entries = orders(self.plans[name])
            if entries:
                yield name, self.world.characters[name], entries

    def acting(self) -> list[str]:
        """The characters, by name, whose plans hold orders of any kind of
        :data:`ACTING` (worked out once: the plans do not change)."""
        if self._acting is None:
            plans = self.plans
            self._acting = [name for name in self.names() if _acts(plans[name])]
        return self._acting

    def contested(self) -> set[str]:
        """CHAT-TAK-2: items more than one character tries to take (worked
        out once: the plans do not change)."""
        if self._contested is None:
            claims: dict[str, int] = {}
            for name in self.acting():
                for take in self.plans[name].take:
                    claims[take.item] = claims.get(take.item, 0) + 1
            self._contested = {item for item, count in claims.items() if count > 1}
        return self._contested

    def character(self, name: str) -> Character:
        return self.world.characters[name]

    def names(self) -> list[str]:
        """Every character's name, sorted (worked out once: the plans do not change)."""
        if len(self._names) != len(self.plans):
            self._names = sorted(self.plans)
        return self._names

    def room_watchers(self, room: int, recorded: bool,
                      occupants: dict[int, set[str]] | None = None) -> set[str]:
        """Characters in ``room`` (by ``occupants``, default: at the start of the
        turn), and its camera if the event is one cameras record."""
        where = occupants if occupants is not None else self.start_occupants
        seen = set(where.get(room, ()))
        if recorded and room in self.world.cameras:
            seen.add(camera(room))
        return seen

    def emit(self, step: int, observers: Iterable[str], clause: str | None, text: Msg,
             facts: dict[str, Any], witnessed: bool = False,
             kept: tuple[object, ...] | None = None) -> None:
        """A line seen by ``observers`` (and the game master), stamped with its
        phase, with its ``facts`` (the step added); a camera's readers get it
        too, marked as a record (its facts name the camera), unless they saw
        it themselves. ``witnessed``: a sight of observers only (someone
        seen leaving or coming in), which the game master reads headed by
        whose sight it is ("Boris sees: ..."), the observers as they saw it.
        ``kept``: all the line says, as ids, the observers among them, for it
        to be made once (:meth:`.World.kept_line`) where no camera's readers get it
        (:meth:`seen_again`)."""
        seen = frozenset(observers)
        logged = Msg(PERSONAL, {"to": _GAME_MASTER, "you": self.witnesses(seen, text),
                                "they": text}) if witnessed and seen else text
        facts["step"] = step
        shared = frozen(facts)
        line = stamped(step, logged)
        self.log.emit(line, self._audience(seen), clause, shared)
        if self.readers and not seen.isdisjoint(self.readers):
            self._recorded(step, seen, clause, text, shared)
        elif kept is not None:
            self.world.kept_line(kept, (line, shared))

    def seen_again(self, kept: tuple[object, ...], observers: frozenset[str],
                   clause: str | None) -> bool:
        """Whether the line kept as ``kept`` (:meth:`emit`), seen by
        ``observers``, was found and written again as it is."""
        line = self.world.lines.get(kept)
        if line is None:
            return False
        self.log.emit(line[0], self._audience(observers), clause, line[1])
        return True

    def told_again(self, kept: tuple[object, ...], observer: str, clause: str | None) -> bool:
        """Whether the line kept as ``kept`` for ``observer`` alone (:meth:`tell`)
        was found and written again as it is: a caller that asks first makes
        none of the line's parts when it was."""
        line = self.world.lines.get(kept)
        if line is None:
            return False
        self.log.emit(line[0], self.world.alone(observer), clause, line[1])
        return True

    def recorded_again(self, kept: tuple[object, ...], room: int, clause: str | None) -> bool:
        """As :meth:`told_again`, for the record kept as ``kept`` by the camera
        of ``room`` (:meth:`record`), with its readers' copy of it where the
        camera has readers (house rule 14): both are found, or neither is
        written."""
        token = camera(room)
        line = self.world.lines.get(kept)
        readers = self.readers.get(token)
        copy = self.world.lines.get((_VIA_CAMERA, *kept)) if readers else None
        if line is None or (readers and copy is None):
            return False
        self.log.emit(line[0], self.world.alone(token), clause, line[1])
        if readers and copy is not None:
            self.log.emit(copy[0], Audience.of(readers), clause, copy[1])
        return True

    def _audience(self, seen: frozenset[str]) -> Audience:
        """The audience of a line ``seen`` by these observers: one object for
        every line seen by one observer alone, or by none (the game master's)."""
        if len(seen) == 1:
            return self.world.alone(next(iter(seen)))
        return _NOBODY if not seen else Audience(seen)

    def record(self, step: int, room: int, clause: str | None, key: str, /,
               facts: dict[str, Any], kept: tuple[object, ...] | None = None,
               **params: Param) -> None:
        """A line only the camera of ``room`` sees (someone entering or
        leaving in front of it): as :meth:`note` of it, ``witnessed``, with
        the game master's heading made from ``room`` itself ("The camera of
        the lobby records: ..."); the camera's readers get it too (house
        rule 14). ``kept``: all the line says, as ids, for it and the
        readers' copy to be made once (:meth:`.World.kept_line`; the caller asks
        :meth:`recorded_again` first)."""
        token = camera(room)
        text = Msg(f"facility.{key}", params)
        heading = Msg("facility.gm.recorded", {"room": self.world.room_title(room), "what": text})
        facts["step"] = step
        shared = frozen(facts)
        logged = stamped(step, Msg(PERSONAL, {"to": _GAME_MASTER, "you": heading, "they": text}))
        self.log.emit(logged, self.world.alone(token), clause, shared)
        readers = self.readers.get(token)
        copy = self._via_camera(step, room, readers, clause, text, shared) if readers else None
        if kept is not None:
            if copy is not None:  # first: should keeping the record empty the store, the
                # record is found without its copy, and both are made again
                self.world.kept_line((_VIA_CAMERA, *kept), copy)
            self.world.kept_line(kept, (logged, shared))

    def _recorded(self, step: int, seen: frozenset[str], clause: str | None, text: Msg,
                  shared: ReadOnlyDict) -> None:
        """The line ``text`` for the readers of the cameras among ``seen``
        who did not see it themselves (:meth:`emit`)."""
        for token in sorted(seen.intersection(self.readers)):
            readers = [r for r in self.readers[token] if r not in seen]
            room = camera_room(token)
            if readers and room is not None:
                self._via_camera(step, room, readers, clause, text, shared)

    def _via_camera(self, step: int, room: int, readers: tuple[str, ...] | list[str],
                    clause: str | None,
                    text: Msg, shared: ReadOnlyDict) -> tuple[Msg, ReadOnlyDict]:
        """The line ``text`` (its facts ``shared``) as ``readers`` read it on the
        record of the camera of ``room`` (house rule 14), written and returned."""
        params = {"room": self.world.room_title(room), "what": text}
        line = stamped(step, personal(
            readers, Msg("facility.via-camera", params),
            Msg("facility.gm.via-camera", {**params, "readers": tuple(
                self.character(r).title for r in readers)})))
        facts = frozen({**shared, "camera": room})
        self.log.emit(line, Audience.of(readers), clause, facts)
        return line, facts

    def witnesses(self, seen: frozenset[str], text: Msg) -> Msg:
        """``text`` for the game master, headed by who saw it: the characters
        ("Boris sees: ..."), else the camera ("The camera of the lobby records: ...")."""
        characters = self.world.characters
        names = tuple(characters[n].title for n in sorted(seen) if n in characters)
        if names:
            return Msg("facility.gm.seen", {"who": names, "what": text})
        rooms = sorted(r for r in (camera_room(token) for token in seen) if r is not None)
        return Msg("facility.gm.recorded", {"room": self.world.room_title(rooms[0]),
                                            "what": text})

    def note(self, step: int, observers: Iterable[str], clause: str | None, key: str, /,
             facts: dict[str, Any], witnessed: bool = False, **params: Param) -> None:
        """A line in the third person seen by ``observers``; ``witnessed``: see :meth:`emit`."""
        self.emit(step, observers, clause, Msg(f"facility.{key}", params), facts, witnessed)

    def see(self, step: int, observers: Iterable[str], clause: str | None, key: str, /,
            facts: dict[str, Any], *, actor: str, target: str | None = None,
            **params: Param) -> None:
        """A line seen by ``observers`` that ``actor`` (and ``target``, if any)
        may be among: the actor reads ``facility.<key>.you`` ("You take the
        key"), the target ``facility.<key>.to-you`` ("Anna attacks you"),
        everyone else, the game master and cameras ``facility.<key>``."""
        self.emit(step, observers, clause, worded(actor, target, key, **params), facts)

    def note_seen(self, step: int, observers: Collection[str], clause: str | None, key: str, /,
                  facts: dict[str, Any], kept: tuple[object, ...] | None = None,
                  **params: Param) -> None:
        """As :meth:`note` of a sight (``witnessed``), but only if someone saw
        it: a sight nobody had is left out of the game master's log.
        ``kept``: see :meth:`emit`."""
        if observers:
            self.emit(step, observers, clause, Msg(f"facility.{key}", params), facts, True, kept)

    def tell(self, step: int, seat: str, clause: str | None, key: str, /,
             facts: dict[str, Any], kept: tuple[object, ...] | None = None,
             **params: Param) -> None:
        """A line only ``seat`` (and the game master) reads: in the second person
        for ``seat``, in the third person with ``seat``'s name for the game master.
        As :meth:`emit` writes it; no camera sees it, so no camera's readers get it.
        ``kept``: all the line says, as ids, for it to be made once (:meth:`.World.kept_line`;
        the caller asks :meth:`told_again` first)."""
        line = self.told_line(step, seat, key, facts, **params)
        if kept is not None:
            self.world.kept_line(kept, line)
        self.log.emit(line[0], self.world.alone(seat), clause, line[1])

    def told_line(self, step: int, seat: str, key: str, /, facts: dict[str, Any],
                  **params: Param) -> tuple[Msg, ReadOnlyDict]:
        """The text and facts of a line :meth:`tell` writes (to be written
        again as they are: both are read-only)."""
        facts["step"] = step
        return stamped(step, self._told(seat, key, params)), frozen(facts)

    def void(self, step: int, seat: str, order: str, what: Msg, reason: Msg, code: str,
             about: Mapping[str, Any]) -> None:
        """An order of ``seat``'s that is void, told to it alone, with the
        core's facts of a void part: its seat, the order, and why as data
        (``code`` and the ids and numbers it names, ``about``)."""
        text = self._told(seat, "void", {"order": order, "what": what, "reason": reason})
        self.log.emit(stamped(step, text), self.world.alone(seat), None,
                      frozen({"kind": "void", "seat": seat, "part": order, "code": code,
                              "about": frozen(dict(about))}))

    def _told(self, seat: str, key: str, params: dict[str, Param]) -> Msg:
        """:func:`personal`, written out: this is most lines of a turn."""
        gm = dict(params)
        gm["who"] = self.world.characters[seat].title
        return Msg(PERSONAL, {"to": (seat,), "you": Msg(f"facility.{key}", params),
                              "they": Msg(f"facility.gm.{key}", gm)})

    def spend(self, who: Character, cost: Fraction) -> bool:
        """Pay ``cost`` concentration if there is enough (CHAT-TAG-2); house rule:
        an action its character cannot pay for does not happen."""
        points = who.points_of(cost)
        if who.points < points:
            return False
        who.points -= points
        return True


def _acts(plan: Plan) -> bool:
    """Whether ``plan`` holds orders of any kind of :data:`ACTING`."""
    return bool(plan.explicit or plan.use or plan.give or plan.take or plan.drop or plan.show
                or plan.melee is not None or plan.equip is not None or plan.bluffed
                or plan.impossible)


frozen = frozen_facts
"""Facts made read-only the quick way (:func:`referee.core.readonly.frozen_facts`)."""
ids = frozen_list
"""Ids for a list in facts (characters met, items carried), read-only."""


def worded(actor: str, target: str | None, key: str, /, **params: Param) -> Msg:
    """``facility.<key>`` in each reader's wording: ``.you`` for ``actor``,
    ``.to-you`` for ``target``, the third person for everyone else."""
    text = Msg(f"facility.{key}", params)
    if target is not None and target != actor:
        text = personal((target,), Msg(f"facility.{key}.to-you", params), text)
    return personal((actor,), Msg(f"facility.{key}.you", params), text)
