"""One game played through an environment: chances rolled by the
environment's seeded generator, a deadline closed once every seat asked has
answered, and each seat's question walked part by part (:mod:`.parts`).
Everything an agent is shown comes from its seat's view alone."""

from __future__ import annotations

from collections.abc import Iterable
from random import Random
from typing import Any

import numpy as np
from numpy.typing import NDArray
from pydantic import BaseModel

from referee.boards.tablemap import message_from_json
from referee.core.events import Seat
from referee.core.game import Game, Input
from referee.core.i18n import Lang, render
from referee.core.ruleset import AnyRuleset
from referee.core.waits import Chance, Decision, Wait
from referee.envs.codec import LIMIT, Codec, View
from referee.envs.parts import Answer, Part


class NoLegalAction(RuntimeError):
    """The catalogue has no action for a question put to a seat (a defect
    of the ruleset's codec: the game could not go on)."""


class Match:
    """A game in progress and the parts each asked seat has in hand."""

    def __init__(self, ruleset: AnyRuleset, scenario: BaseModel, codec: Codec,
                 seed: int | None, inputs: Iterable[Input] = ()) -> None:
        """A game of ``scenario`` from its start, or after ``inputs`` (a
        saved game's), its chances from here on rolled by ``seed``."""
        self.game = Game(ruleset, scenario, inputs)
        self.codec = codec
        self.rng = Random(seed)
        self._walks: dict[Seat, tuple[Wait, Part]] = {}
        self._views: dict[Seat, View] = {}
        self._views_at = -1
        self._told: dict[Seat, int] = {}
        self._words: dict[tuple[Seat, Lang], list[str]] = {}
        self._advance()

    @property
    def over(self) -> bool:
        return self.game.is_over

    def returns(self) -> dict[Seat, float]:
        """Each seat's return once the game is over (empty before)."""
        outcome = self.game.outcome()
        return {} if outcome is None else dict(outcome.returns)

    def view(self, seat: Seat) -> View:
        """``seat``'s view now (the same object until the next input; do not change it)."""
        if self._views_at != len(self.game.inputs):
            self._views, self._views_at = {}, len(self.game.inputs)
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = self.game.view(seat)
        return found

    def part(self, seat: Seat) -> Part | None:
        """The part of its question ``seat`` has in hand; None when it is not asked.

        :raises NoLegalAction: if no action of the catalogue answers the question.
        """
        wait = self.game.waiting
        if not isinstance(wait, Decision) or seat not in self.game.seats_to_answer():
            return None
        walk = self._walks.get(seat)
        if walk is not None and walk[0] is wait:
            return walk[1]
        part = self.codec.first_part(self.view(seat))
        if part is None or not part.choices:
            question = (self.view(seat).get("waiting") or {}).get("decision")
            raise NoLegalAction(f"no action of the {self.game.ruleset.name} catalogue answers "
                                f"{seat}'s question {question}")
        self._walks[seat] = (wait, part)
        return part

    def act(self, seat: Seat, action: int) -> bool:
        """Take ``seat``'s ``action`` if it is legal now; False (nothing
        changes) if it is not."""
        part = self.part(seat)
        if part is None or action not in part.choices:
            return False
        wait = self._walks[seat][0]
        following = part.then(part.choices[action])
        self._told[seat] = len(self.view(seat)["log"])
        if isinstance(following, Part):
            self._walks[seat] = (wait, following)
            return True
        del self._walks[seat]
        self._answer(seat, following)
        return True

    def mask(self, seat: Seat) -> NDArray[np.int8]:
        """1 for each action legal for ``seat`` now: waiting alone when it is not asked."""
        mask = np.zeros(len(self.codec.catalogue), dtype=np.int8)
        part = self.part(seat)
        mask[list(part.choices) if part is not None else 0] = 1
        return mask

    def observation(self, seat: Seat) -> dict[str, NDArray[Any]]:
        """What ``seat``'s agent observes: its view as numbers, and the action mask."""
        part = self.part(seat)
        numbers = np.asarray(self.codec.observation(self.view(seat), part), dtype=np.float32)
        np.clip(numbers, -LIMIT, LIMIT, out=numbers)
        return {"observation": numbers, "action_mask": self.mask(seat)}

    def info(self, seat: Seat, lang: Lang) -> dict[str, Any]:
        """``seat``'s view as words: the question put to it, its legal
        actions by name, and its log's lines since it last acted."""
        view = self.view(seat)
        part = self.part(seat)
        waiting = view.get("waiting") or {}
        question = waiting.get("decision") if part is not None else None
        catalogue = self.codec.catalogue
        return {
            "question": "" if question is None else render(message_from_json(question), lang),
            "actions": {int(a): catalogue.name(a) for a in sorted(part.choices)}
            if part is not None else {},
            "log": self._lines(seat, view, lang)[self._told.get(seat, 0):],
        }

    def _lines(self, seat: Seat, view: View, lang: Lang) -> list[str]:
        """``seat``'s log as words, each line worded once."""
        words = self._words.setdefault((seat, lang), [])
        words += [render(message_from_json(line), lang) for line in view["log"][len(words):]]
        return words

    def _answer(self, seat: Seat, answer: Answer) -> None:
        self.game.answer(seat, answer.value)
        self._advance()

    def _advance(self) -> None:
        """Roll every chance and close every answered deadline until a seat
        is asked or the game is over."""
        game = self.game
        while True:
            wait = game.waiting
            if isinstance(wait, Chance):
                game.roll_random(self.rng)
            elif isinstance(wait, Decision) and wait.until_closed \
                    and not game.seats_to_answer():
                game.close()
            else:
                return
