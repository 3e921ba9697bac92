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

A question answered by shape (a form rather than options) cannot be drawn
this way; a replay that meets one in the history it must rebuild gives up,
and so does one that runs out of its budget of steps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any

from pydantic import BaseModel

from referee.core.errors import RefereeError
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.ruleset import AnyRuleset
from referee.core.waits import Chance, Decision

Line = Mapping[str, Any]
Drawn = tuple[Game, tuple[Game, ...]]
"""A drawn position, and the positions on its way where it drew a chance
whose outcome the seat did not see (the last last)."""
Lean = Callable[[Game, Mapping[str, Any], Sequence[Line]], Mapping[Any, float]]
"""A ruleset's hint for a chance the seat does not see the outcome of: how
much more likely to try first each outcome is, given the drawn position and
the lines the seat read after it (a card the other Watch plays later is
worth drawing first). It only orders the tries: every draw still fits."""
STEPS = 2_000
"""Positions tried, at most, to carry one draw forward to the seat's question."""
SECONDS = 1.0
"""Time spent drawing, at most, for one question: what is drawn by then serves."""


class History:
    """Draws of the whole position behind one seat's view (the resampler)."""

    def __init__(self, ruleset: AnyRuleset, setup: BaseModel, rng: Random,
                 draws: int = 8, steps: int = STEPS, seconds: float = SECONDS,
                 lean: Lean | None = None) -> None:
        self.ruleset, self.setup, self.rng = ruleset, setup, rng
        self.draws, self.steps, self.seconds = draws, steps, seconds
        self.lean = lean
        self.deadline = 0.0
        self.seat: Seat = ""
        self.read: list[Line] = []
        self.asked: dict[str, Any] = {}
        self.positions: list[Drawn] = []

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
        self.deadline = time.perf_counter() + self.seconds
        carried = [found for found in map(self.carry_back, self.positions) if found]
        tries = 0
        while len(carried) < self.draws and tries < 2 * self.draws and \
                time.perf_counter() < self.deadline:
            tries += 1
            found = self.carry_back(self.rng.choice(carried)) if carried else \
                self.carry(Game(self.ruleset, self.setup), ())
            if found is not None:
                carried.append(found)
        self.positions = carried
        return [game.fork() for game, _ in carried]

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
        stack: list[tuple[list[Game], Game | None]] = [([start], None)]
        steps = 0
        while stack:
            choices, _ = stack[-1]
            if not choices:
                stack.pop()
                continue
            game = choices.pop()
            steps += 1
            if steps > self.steps or (steps % 64 == 0 and time.perf_counter() > self.deadline):
                return None
            read = len(game.log_for(seat))
            if read == len(target) and seat in game.seats_to_answer() and \
                    question(game.view(seat)["waiting"]) == self.asked:
                return game, (*unseen, *(at for _, at in stack if at is not None))
            if game.is_over or read > len(target):
                continue
            following = self.next_positions(game, read)
            hidden = isinstance(game.waiting, Chance) and len(following) > 1
            stack.append((following, game if hidden else None))
        return None

    def next_positions(self, game: Game, read: int) -> list[Game]:
        """Each position one input on that gives the seat the lines it
        read next, the one to try first last."""
        wait = game.waiting
        found: list[tuple[float, Game]] = []
        if isinstance(wait, Chance):
            lean: Mapping[Any, float] = {}
            if self.lean is not None and wait.label is not None:
                lean = self.lean(game, wait.label, self.read[read:])
            for value, share in wait.outcomes:
                child = game.fork()
                child.roll(value)
                if self.fits(child, read):
                    weight = float(share) * lean.get(value, 1.0)
                    found.append((self.rng.random() ** (1 / weight), child))
        elif isinstance(wait, Decision):
            asked = game.seats_to_answer()
            if not asked:
                return []  # a deadline to close: not drawn
            seat = asked[0]
            if wait.shape_for(seat) is not None:
                return []
            for option in wait.options_for(seat):
                child = game.fork()
                try:
                    child.answer(seat, option.value)
                except RefereeError:
                    continue
                if self.fits(child, read):
                    found.append((self.rng.random(), child))
        found.sort(key=lambda pair: pair[0])
        return [child for _, child in found]

    def fits(self, child: Game, read: int) -> bool:
        """The lines ``child`` gives the seat after the ``read`` it had are
        the next it read."""
        lines = child.log_for(self.seat)
        if len(lines) > len(self.read):
            return False
        return all(lines[index].for_reader(self.seat) == self.read[index]
                   for index in range(read, len(lines)))


def question(waiting: Mapping[str, Any]) -> dict[str, Any]:
    """What a seat is asked, whoever has answered already."""
    return {key: value for key, value in waiting.items() if key != "answered"}
