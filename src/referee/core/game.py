"""A game is its ruleset, its scenario and its inputs; the state is what the
rules make of them (DESIGN idea 1). Every input is validated before the rules
see it, so a rejected input leaves the game exactly as it was."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from random import Random
from typing import Any

from pydantic import BaseModel, ValidationError

from referee.core.errors import IllegalAnswer, NotWaitingForThat, RefereeError
from referee.core.events import REFEREE, Event, Log, Seat
from referee.core.i18n import render
from referee.core.ruleset import AnyRuleset, Flow, Outcome
from referee.core.waits import JSON, Chance, Decision, Wait, same_json

Input = dict[str, JSON]
"""One input: ``{"seat": S, "answer": A}``, ``{"chance": V}`` or ``{"close": true}``."""

_LISTED_OPTIONS = 12


def as_json(value: JSON) -> JSON:
    """The value as it will read back from a saved file (tuples become lists)."""
    return json.loads(json.dumps(value))


class Game:
    """One game in play: ask it what it waits for, answer, read views."""

    def __init__(self, ruleset: AnyRuleset, scenario: BaseModel,
                 inputs: Iterable[Input] = ()) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.seats: tuple[Seat, ...] = ruleset.seats(scenario)
        self._restart()
        for item in inputs:
            self.apply(item)

    def _restart(self) -> None:
        self.state: Any = self.ruleset.new_state(self.scenario)
        self.inputs: list[Input] = []
        self._pending: dict[Seat, JSON] = {}
        self._flow: Flow = self.ruleset.play(self.state)
        self._wait: Wait | None = self._advance(None, first=True)

    def _advance(self, value: Any, first: bool = False) -> Wait | None:
        try:
            return next(self._flow) if first else self._flow.send(value)
        except StopIteration:
            return None

    # -- what the game waits for -------------------------------------------------

    @property
    def waiting(self) -> Wait | None:
        """The decision or chance the game waits for; None once it is over."""
        return self._wait

    @property
    def is_over(self) -> bool:
        return self._wait is None

    def outcome(self) -> Outcome | None:
        return self.ruleset.outcome(self.state) if self.is_over else None

    def seats_to_answer(self) -> tuple[Seat, ...]:
        """Seats asked now that have not answered yet."""
        wait = self._wait
        if not isinstance(wait, Decision):
            return ()
        return tuple(s for s in wait.seats if s not in self._pending)

    def pending_answer(self, seat: Seat) -> JSON | None:
        """``seat``'s own answer so far to a simultaneous decision (never another's)."""
        return self._pending.get(seat)

    # -- inputs --------------------------------------------------------------------

    def apply(self, item: Input) -> None:
        """Apply one recorded input. :raises RefereeError: if it does not fit."""
        if not isinstance(item, Mapping):
            raise NotWaitingForThat(f"an input must be an object, not {item!r}")
        if "chance" in item:
            self.roll(item["chance"])
        elif item.get("close") is True:
            self.close()
        elif "seat" in item and "answer" in item:
            self.answer(str(item["seat"]), item["answer"])
        else:
            raise NotWaitingForThat(
                f"unknown input {item!r}: expected seat+answer, chance or close")

    def answer(self, seat: Seat, value: JSON) -> None:
        """Answer the decision put to ``seat``.

        :raises IllegalAnswer: naming the legal answers; the game is unchanged.
        """
        decision = self._expect_decision(seat)
        value = as_json(value)
        parsed = self._check_answer(decision, seat, value)
        if not decision.simultaneous:
            self._record({"seat": seat, "answer": value}, parsed)
            return
        self.inputs.append({"seat": seat, "answer": value})
        self._pending[seat] = value
        if not decision.until_closed and not self.seats_to_answer():
            self._send_pending(decision)

    def close(self) -> None:
        """Close a simultaneous decision (its deadline passed); seats that did
        not answer get the decision's default.

        :raises NotWaitingForThat: if no decision is open or a seat has no answer.
        """
        decision = self._wait
        if not isinstance(decision, Decision) or not decision.simultaneous:
            raise NotWaitingForThat("there is no simultaneous decision to close")
        missing = [s for s in self.seats_to_answer() if s not in decision.defaults]
        if missing:
            raise NotWaitingForThat(f"cannot close: {', '.join(missing)} must answer first")
        defaults = {seat: as_json(decision.defaults[seat]) for seat in self.seats_to_answer()}
        for seat, value in defaults.items():
            self._check_answer(decision, seat, value)
        self.inputs.append({"close": True})
        self._pending.update(defaults)
        self._send_pending(decision)

    def roll(self, value: JSON) -> None:
        """Give the outcome of the chance event the game waits for.

        :raises IllegalAnswer: if ``value`` is not one of its outcomes.
        """
        chance = self._wait
        if not isinstance(chance, Chance):
            raise NotWaitingForThat(f"the game is not waiting for chance: {self._describe_wait()}")
        value = as_json(value)
        if chance.probability(value) == 0:
            possible = ", ".join(json.dumps(v, ensure_ascii=False) for v, _ in chance.outcomes)
            raise IllegalAnswer(f"{json.dumps(value)} is not a possible outcome of "
                                f"{render(chance.what)}; possible: {possible}")
        self._record({"chance": value}, value)

    def roll_random(self, rng: Random) -> JSON:
        """Pick the outcome of the chance event with ``rng``, by its probabilities."""
        chance = self._wait
        if not isinstance(chance, Chance):
            raise NotWaitingForThat(f"the game is not waiting for chance: {self._describe_wait()}")
        values = [v for v, _ in chance.outcomes]
        weights = [float(p) for _, p in chance.outcomes]
        value = rng.choices(values, weights)[0]
        self._record({"chance": as_json(value)}, as_json(value))
        return value

    def feed(self, *values: JSON) -> None:
        """Test helper: each value answers what the game waits for, a roll for a
        chance, the one asked seat's answer for a decision."""
        for value in values:
            wait = self._wait
            if isinstance(wait, Chance):
                self.roll(value)
            elif isinstance(wait, Decision) and len(self.seats_to_answer()) == 1:
                self.answer(self.seats_to_answer()[0], value)
            else:
                raise NotWaitingForThat(f"cannot feed {value!r}: {self._describe_wait()}")

    def undo(self, count: int = 1) -> None:
        """Drop the last ``count`` inputs (replaying the rest)."""
        kept = self.inputs[: max(0, len(self.inputs) - count)]
        self._restart()
        for item in kept:
            self.apply(item)

    def fork(self) -> Game:
        """An independent copy, rebuilt from the same inputs."""
        return Game(self.ruleset, self.scenario, self.inputs)

    # -- views ---------------------------------------------------------------------

    def log_for(self, seat: Seat) -> list[Event]:
        log: Log = self.state.log
        return log.seen_by(seat)

    def text_log(self, seat: Seat = REFEREE, lang: Any = "en") -> list[str]:
        return [render(event.text, lang) for event in self.log_for(seat)]

    def view(self, seat: Seat) -> dict[str, JSON]:
        """Everything ``seat`` may read now: state, log, what is asked of it."""
        view: dict[str, JSON] = {
            "ruleset": self.ruleset.name,
            "seat": seat,
            "state": as_json(self.ruleset.view(self.state, seat)),
            "log": [event.for_reader() for event in self.log_for(seat)],
            "waiting": self._waiting_view(seat),
        }
        outcome = self.outcome()
        if outcome is not None:
            view["outcome"] = outcome.to_json()
        return view

    def checksum(self) -> str:
        """A digest of the full state, log and pending secret answers: equal
        games, equal checksums."""
        full: dict[str, JSON] = {"state": self.ruleset.view(self.state, REFEREE),
                                 "log": [event.to_json() for event in self.state.log.events]}
        if self._pending:
            full["pending"] = self._pending
        text = json.dumps(full, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()

    def _waiting_view(self, seat: Seat) -> JSON:
        wait = self._wait
        if wait is None:
            return None
        if isinstance(wait, Chance):
            return {"chance": wait.what.to_json()}
        data: dict[str, JSON] = {
            "decision": wait.question.to_json(),
            "seats": list(wait.seats),
            "answered": sorted(self._pending),
        }
        if seat in wait.seats:
            data["options"] = [{"value": o.value, "label": o.label.to_json()}
                               for o in wait.options_for(seat)]
            if seat in self._pending:
                data["your_answer"] = self._pending[seat]
        return data

    # -- internals -----------------------------------------------------------------

    def _expect_decision(self, seat: Seat) -> Decision:
        wait = self._wait
        if not isinstance(wait, Decision):
            raise NotWaitingForThat(f"no decision is open for {seat}: {self._describe_wait()}")
        if seat not in wait.seats:
            raise NotWaitingForThat(f"{seat} is not asked now; asked: {', '.join(wait.seats)}")
        return wait

    def _check_answer(self, decision: Decision, seat: Seat, value: JSON) -> Any:
        if decision.schema is not None:
            return _parse(decision.schema, seat, value)
        legal = [option.value for option in decision.options_for(seat)]
        if any(same_json(value, option) for option in legal):
            return value
        shown = ", ".join(json.dumps(v, ensure_ascii=False) for v in legal[:_LISTED_OPTIONS])
        more = f" and {len(legal) - _LISTED_OPTIONS} more" if len(legal) > _LISTED_OPTIONS else ""
        raise IllegalAnswer(f"{json.dumps(value, ensure_ascii=False)} is not a legal answer "
                            f"for {seat} to {render(decision.question)}; legal: {shown}{more}")

    def _send_pending(self, decision: Decision) -> None:
        answers = {seat: self._check_answer(decision, seat, self._pending[seat])
                   for seat in decision.seats}
        self._pending = {}
        self._send(answers)

    def _record(self, item: Input, parsed: Any) -> None:
        self.inputs.append(item)
        self._send(parsed)

    def _send(self, parsed: Any) -> None:
        try:
            self._wait = self._advance(parsed)
        except RefereeError:
            kept = self.inputs[:-1]
            self._restart()
            for item in kept:
                self.apply(item)
            raise

    def _describe_wait(self) -> str:
        wait = self._wait
        if wait is None:
            return "the game is over"
        if isinstance(wait, Chance):
            return f"waiting for {render(wait.what)}"
        asked = ", ".join(self.seats_to_answer()) or "a close"
        return f"waiting for {asked}: {render(wait.question)}"


def _parse(schema: type[BaseModel], seat: Seat, value: JSON) -> BaseModel:
    try:
        return schema.model_validate(value)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'answer'}: {err['msg']}"
            for err in exc.errors())
        raise IllegalAnswer(f"answer of {seat} does not fit: {problems}") from None

