"""Positions consistent with what one seat has read, drawn by replaying the
game from its public setup: every chance outcome and every other seat's
answer is drawn among those that give the seat exactly the log lines it
read, so a draw uses nothing but the setup and the seat's own view.

Where the seat read only that the other Watch drew a card, every card left
in its deck fits, each as likely as the deck makes it; a draw that a later
line contradicts (a card played that the drawn hand has not) is a dead end,
and the replay goes back to the last choice and draws again. The positions
are kept from one question to the next and carried forward by the lines read
since, so a game's history is replayed once, not at every question.

A question answered by shape (a form rather than options: a Samurai
allocation, an Old West point on the table) has no options to draw among;
the ruleset may say which answers to try there from the lines the seat read
next (:data:`Shaped`: the tokens shown once both sides allocated). A replay
that meets one it says nothing of gives up, and so does one that runs out of
its budget of steps.

Where the setup itself holds something a seat may not know (where an Echo
Gate not yet passed leads), the ruleset draws the setup too
(:data:`Setups`): each replay from the start begins from a setup drawn to
fit the lines read, its public part the game's own.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from random import Random
from typing import Any

from pydantic import BaseModel

from referee.core.errors import RefereeError
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.ruleset import AnyRuleset
from referee.core.waits import JSON, Chance, Decision

Line = Mapping[str, Any]
Drawn = tuple[Game, tuple[Game, ...]]
"""A drawn position, and the positions on its way where it drew a chance
whose outcome the seat did not see (the last last)."""
Lean = Callable[[Game, Mapping[str, Any], Sequence[Line]], Mapping[Any, float]]
"""A ruleset's hint for a chance the seat does not see the outcome of: how
much more likely to try first each outcome is, given the drawn position and
the lines the seat read after it (a card the other Watch plays later is
worth drawing first). It only orders the tries: every draw still fits."""
Shaped = Callable[[Game, Seat, Sequence[Line]], Sequence[JSON]]
"""A ruleset's answers to try for a question answered by shape put to a
seat in a drawn position, given the lines the searching seat read after it
(none: the replay gives up there). Like a lean, it reads the drawn position
and the lines read only, and every answer it gives must still fit them."""
Setups = Callable[[BaseModel, Seat, Sequence[Line], Random], BaseModel]
"""A ruleset's draw of a whole setup from the game's setup, read for its
public part only, and the lines the seat read: what the seat may not know
(where a Gate not yet passed leads) drawn with the generator given among
what fits the lines."""
Kept = Callable[[BaseModel, Sequence[Line]], bool]
"""Whether a drawn setup still fits the lines the seat read (a Gate passed
since leads where the setup says): one that does not is dropped with the
positions drawn from it, not carried forward."""
STEPS = 2_000
"""Positions tried, at most, to carry one draw forward to the seat's question."""
SECONDS = 1.0
"""Time spent drawing, at most, for one question: what is drawn by then
serves. ``None``: no limit, the steps alone count (so a seeded game is the
same on any machine, however busy)."""


class History:
    """Draws of the whole position behind one seat's view (the resampler)."""

    def __init__(self, ruleset: AnyRuleset, setup: BaseModel, rng: Random,
                 draws: int = 8, steps: int = STEPS, seconds: float | None = SECONDS,
                 lean: Lean | None = None, shaped: Shaped | None = None,
                 setups: Setups | None = None, kept: Kept | None = None) -> None:
        self.ruleset, self.setup, self.rng = ruleset, setup, rng
        self.draws, self.steps, self.seconds = draws, steps, seconds
        self.lean, self.shaped, self.setups, self.kept = lean, shaped, setups, kept
        self.deadline = 0.0
        self.seat: Seat = ""
        self.read: list[Line] = []
        self.asked: dict[str, Any] = {}
        self.positions: list[Drawn] = []
        self.reached: Drawn | None = None
        """The position a replay cut short by its budget got furthest to:
        every line it gives the seat is one the seat read, so the next
        question's replay may go on from it."""

    def draw(self, seat: Seat, lines: Sequence[Line], asked: Mapping[str, Any]) -> list[Game]:
        """Up to ``draws`` positions in which ``seat`` has read exactly
        ``lines`` (its view's log) and is asked the question ``asked`` (its
        view's ``waiting``); none where no consistent history was found
        within the budget."""
        lines = list(lines)
        self.asked = question(asked)
        if seat != self.seat or lines[:len(self.read)] != self.read:
            self.positions = []  # another game, or a game gone back: start again
        self.seat, self.read = seat, lines
        if self.kept is not None:
            self.positions = [drawn for drawn in self.positions
                              if self.kept(drawn[0].scenario, lines)]
        self.deadline = math.inf if self.seconds is None else \
            time.perf_counter() + self.seconds
        self.reached = None
        carried = [found for found in map(self.carry_back, self.positions) if found]
        tries = 0
        while len(carried) < self.draws and tries < 2 * self.draws and \
                time.perf_counter() < self.deadline:
            tries += 1
            found = self.carry_back(self.rng.choice(carried)) if carried else \
                self.carry(Game(self.ruleset, self.drawn_setup()), ())
            if found is not None:
                carried.append(found)
        if carried:
            self.positions = carried
        elif self.reached is not None:  # carried further next time, from as far as it got
            self.positions = [self.reached]
        return [game.fork() for game, _ in carried]

    def drawn_setup(self) -> BaseModel:
        """The setup a replay from the start begins from: the game's own, or
        where the ruleset draws setups, one drawn to fit the lines read."""
        if self.setups is None:
            return self.setup
        return self.setups(self.setup, self.seat, self.read, self.rng)

    def carry_back(self, drawn: Drawn) -> Drawn | None:
        """A drawn position carried forward; where what was read since
        contradicts it, drawn again from its last unseen chance, then from
        the one before, and so on."""
        game, unseen = drawn
        found = self.carry(game, unseen)
        for back in range(len(unseen) - 1, -1, -1):
            if found is not None or time.perf_counter() > self.deadline:
                break
            found = self.carry(unseen[back], unseen[:back])
        return found

    def carry(self, start: Game, unseen: Sequence[Game]) -> Drawn | None:
        """``start`` carried forward, drawing as it goes, to the seat's
        question after the lines read, with the positions where it drew a
        chance the seat did not see (``unseen``: those before ``start``,
        then those on the way); None at a dead end everywhere."""
        target, seat = self.read, self.seat
        if not self.fits(start, 0):
            return None
        stack: list[tuple[Iterator[Game], Game | None]] = [(iter([start]), None)]
        steps, furthest = 0, -1
        while stack:
            choices, _ = stack[-1]
            game = next(choices, None)
            if game is None:
                stack.pop()
                continue
            steps += 1
            read = len(game.log_for(seat))
            if steps > self.steps or (steps % 64 == 0 and time.perf_counter() > self.deadline):
                return None
            if read > furthest:
                furthest = read
                self.reached = game, (*unseen, *(at for _, at in stack if at is not None))
            if read == len(target) and seat in game.seats_to_answer() and \
                    question(game.view(seat)["waiting"]) == self.asked:
                return game, (*unseen, *(at for _, at in stack if at is not None))
            if game.is_over or read > len(target):
                continue
            wait = game.waiting
            hidden = isinstance(wait, Chance) and len(wait.outcomes) > 1
            stack.append((self.next_positions(game, read), game if hidden else None))
        return None

    def next_positions(self, game: Game, read: int) -> Iterator[Game]:
        """Each position one input on that gives the seat the lines it
        read next, the one to try first first; each is played only when
        asked for, so a roll the seat saw costs the tries up to the
        outcome it read, not every outcome."""
        wait = game.waiting
        tries: list[tuple[float, JSON]] = []
        if isinstance(wait, Chance):
            lean: Mapping[Any, float] = {}
            if self.lean is not None and wait.label is not None:
                lean = self.lean(game, wait.label, self.read[read:])
            for value, share in wait.outcomes:
                weight = float(share) * lean.get(value, 1.0)
                if weight > 0:
                    tries.append((self.rng.random() ** (1 / weight), value))
            tries.sort(key=lambda pair: pair[0], reverse=True)
            for _, value in tries:
                child = game.fork()
                child.roll(value)
                if self.fits(child, read):
                    yield child
        elif isinstance(wait, Decision):
            asked = game.seats_to_answer()
            if not asked:
                return  # a deadline to close: not drawn
            seat = asked[0]
            later = self.read[read:read + LOOK_AHEAD]
            if wait.shape_for(seat) is None:
                tries = [(agreement(option.meaning, later) + self.rng.random(), option.value)
                         for option in wait.options_for(seat)]
            elif self.shaped is not None:
                tries = [(self.rng.random(), answer)
                         for answer in self.shaped(game, seat, self.read[read:])]
            else:
                return
            tries.sort(key=lambda pair: pair[0], reverse=True)
            for _, answer in tries:
                child = game.fork()
                try:
                    child.answer(seat, answer)
                except RefereeError:
                    continue
                if self.fits(child, read):
                    yield child

    def fits(self, child: Game, read: int) -> bool:
        """The lines ``child`` gives the seat after the ``read`` it had are
        the next it read."""
        lines = child.log_for(self.seat)
        if len(lines) > len(self.read):
            return False
        return all(lines[index].for_reader(self.seat) == self.read[index]
                   for index in range(read, len(lines)))


LOOK_AHEAD = 4
"""Lines read next that an option's meaning is compared with to try it first."""
SHOWN = 50.0
"""How much sooner :func:`dice_read_next` tries a die the seat read next."""
SAME = ("fighter", "model", "seat")
"""The facts naming whose roll a chance is, which a line it is read in shares."""


def dice_read_next(label: Mapping[str, Any], later: Sequence[Line],
                   within: int = 8) -> dict[Any, float]:
    """A :data:`Lean` for a roll the seat sees: the dice the next lines
    about the same roller show (``dice``, ``roll``, ``value``) are tried
    first, so a public roll is replayed at the first or second try."""
    named = {key: label[key] for key in SAME if key in label}
    shown: dict[Any, float] = {}
    for line in later[:within]:
        facts = line.get("facts") or {}
        if not named or any(facts.get(key) != value for key, value in named.items()):
            continue
        dice = facts.get("dice")
        values = [*dice] if isinstance(dice, list) else []
        values += [facts[key] for key in ("roll", "value") if isinstance(facts.get(key), int)]
        shown.update(dict.fromkeys(values, SHOWN))
        if values:
            break
    return shown


def agreement(meaning: Mapping[str, Any] | None, later: Sequence[Line]) -> int:
    """How many of an option's facts (``kind`` aside) the lines read next
    state too: the option a line shows was taken is tried first."""
    if not meaning:
        return 0
    facts = [line.get("facts") or {} for line in later]
    return sum(1 for key, value in meaning.items() if key != "kind"
               and any(key in stated and stated[key] == value for stated in facts))


def question(waiting: Mapping[str, Any]) -> dict[str, Any]:
    """What a seat is asked, whoever has answered already."""
    return {key: value for key, value in waiting.items() if key != "answered"}
