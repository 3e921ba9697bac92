"""Drivers answer what a game waits for: bots, people, dice (DESIGN idea 2).

A player is handed an :class:`Ask`: its own seat's view and the options put to
that seat, never the state or another seat's options, so a bot cannot cheat.

:func:`play_out` is the one loop that plays a game with any mix of players —
bots, scripts, a person at the terminal, later a web page or a learning
environment. A player may declare what it needs beyond :meth:`Player.choose`
(:class:`Told`, :class:`Shown`); the loop asks nothing else of it. What
surrounds a game (a screen, a save file, pictures) follows it through the
loop's callbacks: each new log line, each input made, and the board before a
person is asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from referee.core.errors import IllegalAnswer, NotWaitingForThat, RefereeError
from referee.core.events import REFEREE, Event, Seat
from referee.core.game import Game
from referee.core.i18n import Msg, Name, msg
from referee.core.ruleset import AnyRuleset
from referee.core.waits import JSON, Chance, Decision, Option

T = TypeVar("T")


_FROM_GAME = object()
"""A part of an :class:`Ask` made by :meth:`Ask.of`, built from its game when read."""


class _BuiltOnRead(Generic[T]):
    """A part of an :class:`Ask` given whole, as a function that builds it
    when it is first read (its view, its seat's name), or, for an ask made by
    :meth:`Ask.of`, built from the game when first read (by the ask's
    ``_<name>_from_game`` method: no function is made for every question)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"
        self.from_game = f"_{name}_from_game"

    def __get__(self, ask: object, owner: type | None = None) -> T:
        if ask is None:
            raise AttributeError(self.slot)  # no default: every Ask is given one
        part = ask.__dict__[self.slot]
        if part is _FROM_GAME:
            part = ask.__dict__[self.slot] = getattr(ask, self.from_game)()
        elif callable(part):
            part = ask.__dict__[self.slot] = part()
        return part  # type: ignore[no-any-return]

    def __set__(self, ask: object, part: T | Callable[[], T]) -> None:
        ask.__dict__[self.slot] = part


@dataclass(frozen=True)
class Ask:
    """What a player is shown: its seat, the question with only its own
    options, and its own view of the game. Nothing else reaches a player.

    The view and the seat's name are built when the player first reads them
    (a bot that picks among the options never does), and the view's log and
    what it is asked when first read (:meth:`Game.view_on_read`): read the
    view before the game moves on."""

    seat: Seat
    decision: Decision
    view: _BuiltOnRead[dict[str, JSON]] = _BuiltOnRead()  # no default: it raises
    ruleset: AnyRuleset  # type: ignore[misc]
    seat_name: _BuiltOnRead[Msg | Name] = _BuiltOnRead()
    options: tuple[Option, ...] = field(init=False, repr=False, compare=False)
    """The options put to the seat, worked out as the question is put."""

    def __post_init__(self) -> None:
        self.__dict__["options"] = self.decision.options_for(self.seat)  # frozen: set once here

    @classmethod
    def of(cls, game: Game, seat: Seat) -> Ask:
        """The question ``game`` puts to ``seat`` now. :raises NotWaitingForThat:"""
        wait = game.waiting
        if not isinstance(wait, Decision) or not wait.asks(seat):
            raise NotWaitingForThat(msg("core.error.seat-not-asked", seat=seat,
                                        seats=tuple(wait.seats)
                                        if isinstance(wait, Decision) else ()))
        return cls._put(game, seat, wait)

    @classmethod
    def _put(cls, game: Game, seat: Seat, wait: Decision) -> Ask:
        """The question ``wait``, which ``game`` waits for now and which asks
        ``seat``, put to ``seat`` (:meth:`of` without its checks, for a loop
        that has made them)."""
        ask = object.__new__(cls)  # the frozen class's __init__ would set them one by one
        decision = wait.for_seat(seat)
        ask.__dict__.update(seat=seat, decision=decision, _view=_FROM_GAME,
                            ruleset=game.ruleset, _seat_name=_FROM_GAME, _game=game,
                            _asked_at=len(game.inputs), options=decision.options_for(seat))
        return ask

    def _view_from_game(self) -> dict[str, JSON]:
        game: Game = self.__dict__["_game"]
        if len(game.inputs) != self.__dict__["_asked_at"]:
            raise RuntimeError("a view read after the game moved on from the question")
        return game.view_on_read(self.seat)

    def view_when_read(self) -> dict[str, JSON]:
        """The view for a reader that may not read it at all (a ruleset's
        random answer, which answers some questions from their template
        alone): the same view in every way a reader can tell
        (:class:`~referee.core.parts_on_read.PartsOnRead`), each part but
        its ruleset and seat built when first read (:meth:`Game.view_on_read`
        with ``state_on_read``), its state only before the game moves on.

        :raises RuntimeError: called after the game moved on from the question."""
        if self.__dict__["_view"] is not _FROM_GAME:
            return self.view  # given whole, or read already
        game: Game = self.__dict__["_game"]
        if len(game.inputs) != self.__dict__["_asked_at"]:
            return self.view  # raises: the game moved on
        return game.view_on_read(self.seat, state_on_read=True)

    def _seat_name_from_game(self) -> Msg | Name:
        game: Game = self.__dict__["_game"]
        return game.seat_name(self.seat)

    @property
    def memo(self) -> dict[str, Any]:
        """Facts about its game this seat's player works out once and keeps
        (:meth:`Game.memo`); for an ask not made by :meth:`of`, a dict of
        its own, kept by the ask alone."""
        game: Game | None = self.__dict__.get("_game")
        if game is not None:
            return game.memo(self.seat)
        memo: dict[str, Any] = self.__dict__.setdefault("_memo", {})
        return memo

    @property
    def answer_schema(self) -> dict[str, JSON] | None:
        """The JSON Schema of the answer, for a decision answered by shape."""
        waiting = self.view.get("waiting")
        return waiting.get("answer_schema") if isinstance(waiting, dict) else None

    @property
    def template(self) -> JSON:
        """A pre-filled answer the rules offer, or None."""
        waiting = self.view.get("waiting")
        return waiting.get("template") if isinstance(waiting, dict) else None


class Player(Protocol):
    """Answers the questions put to one or more seats."""

    def choose(self, ask: Ask) -> JSON:
        """The answer to ``ask``, from what it shows."""
        ...


@runtime_checkable
class Told(Protocol):
    """A player who is told when the game refuses its answer, and is then
    asked again, the game unchanged (a person). A player without these is
    never asked again: a bot's or a script's refused answer is raised."""

    def refused(self, seat: Seat, error: RefereeError) -> None:
        """The game refused ``seat``'s last answer, for the reasons ``error`` gives."""
        ...

    def accepted(self, seat: Seat) -> None:
        """The game took ``seat``'s answer."""
        ...


@runtime_checkable
class Shown(Protocol):
    """A player who is shown the board before being asked (a person)."""

    def wants_display(self, ask: Ask) -> bool:
        """Is the board to be shown before this question? (A question a
        person's terminal answers alone needs none.)"""
        ...


Weights = Callable[[Ask], Sequence[float] | None]
"""How much a bot leans to each option an ask offers, in their order; None: uniformly."""


class RandomBot:
    """Picks among the legal options at random: uniformly, or as ``weights``
    leans (a policy from the layer above the rules); gives the ruleset's
    random answer to a decision answered by shape."""

    def __init__(self, rng: Random, weights: Weights | None = None) -> None:
        self.rng = rng
        self.weights = weights

    def choose(self, ask: Ask) -> JSON:
        options = ask.options
        if options:
            weights = None if self.weights is None else self.weights(ask)
            if weights is None:
                return self.rng.choice(options).value
            return self.rng.choices(options, weights)[0].value
        return ask.ruleset.random_answer(ask.view_when_read(), ask.seat, ask.decision, self.rng)


class ScriptedPlayer:
    """Gives the listed answers in order (tests)."""

    def __init__(self, answers: Iterable[JSON]) -> None:
        self._answers: Iterator[JSON] = iter(answers)

    def choose(self, ask: Ask) -> JSON:
        return next(self._answers)


class ChanceSource(Protocol):
    def outcome(self, game: Game, chance: Chance) -> JSON: ...


class RandomChance:
    """Seeded dice: the same seed gives the same game."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def outcome(self, game: Game, chance: Chance) -> JSON:
        return chance.pick(self.rng)


def _seeded(dice: ChanceSource) -> Random | None:
    """The generator of seeded dice whose outcomes are picked as the game's
    own :meth:`Game.roll_random` picks them: the game then rolls them,
    without checking an outcome it picked itself."""
    if isinstance(dice, RandomChance) and type(dice).outcome is RandomChance.outcome:
        return dice.rng
    return None


class ScriptedChance:
    """Dice given in order (tests)."""

    def __init__(self, values: Iterable[JSON]) -> None:
        self._values = iter(values)

    def outcome(self, game: Game, chance: Chance) -> JSON:
        return next(self._values)


@dataclass(frozen=True, slots=True)
class _Seated:
    """A player and what it declared it needs (:class:`Told`, :class:`Shown`),
    looked up once per seat and game by attribute (``isinstance`` against a
    runtime protocol costs more than a whole decision)."""

    player: Player
    refused: Callable[[Seat, RefereeError], None] | None
    accepted: Callable[[Seat], None] | None
    wants_display: Callable[[Ask], bool] | None


def _seated(player: Player) -> _Seated:
    refused, accepted = getattr(player, "refused", None), getattr(player, "accepted", None)
    told = callable(refused) and callable(accepted)
    wants_display = getattr(player, "wants_display", None)
    return _Seated(player, refused if told else None, accepted if told else None,
                   wants_display if callable(wants_display) else None)


def play_out(game: Game, players: Mapping[Seat, Player], dice: ChanceSource, *,
             on_event: Callable[[Event], None] | None = None,
             on_input: Callable[[], None] | None = None,
             on_display: Callable[[Ask], None] | None = None,
             reader: Seat = REFEREE, max_inputs: int = 1_000_000) -> None:
    """Drive ``game`` to its end (or ``max_inputs`` more inputs).

    Each simultaneous decision asks every seat in turn; each answers from its
    own view only, so no seat sees another's answer before all are in. A
    player who is :class:`Told` of a refused answer is asked again (the game
    unchanged); any other player's refused answer is raised.

    After every input, ``on_input`` is called, then ``on_event`` with each
    line of ``reader``'s log that is new since the loop began or last called
    it. Before a player who is :class:`Shown` the board is asked,
    ``on_display`` is called with what it is asked, if an input was made since
    its seat was last shown the board (a refused answer shows it nothing new).
    """
    seated: dict[Seat, _Seated] = {}
    displayed: dict[Seat, int] = {}
    shown = len(game.log_for(reader)) if on_event is not None else 0
    limit = len(game.inputs) + max_inputs

    def after_input() -> None:
        nonlocal shown
        if on_input is not None:
            on_input()
        if on_event is not None:
            events = game.log_for(reader)
            for event in events[shown:]:
                on_event(event)
            shown = len(events)

    def answer(seat: Seat, asked: Decision | None) -> None:
        """``seat``'s answer; ``asked``, the decision the game waits for
        now, where the loop knows it asks ``seat``."""
        here = seated.get(seat)
        if here is None:
            here = seated[seat] = _seated(players[seat])
        ask = Ask.of(game, seat) if asked is None else Ask._put(game, seat, asked)
        if on_display is not None and here.wants_display is not None \
                and displayed.get(seat) != len(game.inputs) and here.wants_display(ask):
            displayed[seat] = len(game.inputs)
            on_display(ask)
        while True:
            value = here.player.choose(ask)
            try:
                game.answer(seat, value)
            except (IllegalAnswer, NotWaitingForThat) as exc:
                if here.refused is None:
                    raise
                here.refused(seat, exc)
                continue
            if here.accepted is not None:
                here.accepted(seat)
            return

    followed = on_input is not None or on_event is not None  # else nothing follows an input
    rng = _seeded(dice)
    while len(game.inputs) < limit:
        wait = game.waiting
        if wait is None:  # the game is over
            break
        if isinstance(wait, Chance):
            if rng is None:
                game.roll(dice.outcome(game, wait))
            else:
                game.roll_random(rng)
            if followed:
                after_input()
        elif not wait.simultaneous:  # a question put to one seat: the usual one
            answer(wait.seats[0], wait)
            if followed:
                after_input()
        else:
            asked: Decision | None = wait  # asks the first seat; after an answer, looked up
            for seat in game.seats_to_answer():
                answer(seat, asked)
                asked = None
                if followed:
                    after_input()
            if wait.until_closed and game.waiting is wait:
                game.close()
                if followed:
                    after_input()


def random_playout(game: Game, seed: int, weights: Weights | None = None) -> Game:
    """Play ``game`` to its end with random bots (leaning as ``weights``
    says; uniformly without) and seeded dice."""
    bot = RandomBot(Random(seed), weights)
    play_out(game, dict.fromkeys(game.seats, bot), RandomChance(Random(seed + 1)))
    return game


def random_playouts(ruleset: AnyRuleset, scenario: BaseModel, seeds: Iterable[int],
                    weights: Weights | None = None) -> Iterator[Game]:
    """One random playout of ``scenario`` per seed, each finished game in
    turn, played straight through: it keeps no snapshots (undoing one
    replays it from its setup).

    Many games in a row create and drop millions of small objects; a caller
    that owns its process may set what was alive before the first game aside
    from the garbage collector's scans meanwhile (``referee.runtime.frozen_heap``).
    """
    for seed in seeds:
        yield random_playout(Game(ruleset, scenario, snapshots=False), seed, weights)
