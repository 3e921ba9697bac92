"""A game is its ruleset, its scenario and its inputs; the state is what the
rules make of them (DESIGN idea 1). Every input is checked before the rules
see it, so a refused input leaves the game exactly as it was; a rule that
fails on an accepted input rolls the game back and is reported as an
internal error naming the input.

The rules' position is plain data (:mod:`referee.core.flow`), so a copy
costs the size of the state, never the length of the game; undo and
rollback restore the last snapshot (one every ``SNAPSHOT_EVERY`` inputs) and
replay at most that many inputs. A game played straight through (a random
playout, a simulation) may keep no snapshots: copying the state every
``SNAPSHOT_EVERY`` inputs costs such a game up to a tenth of its time, and
its rare undo or rollback replays it from its setup instead.
"""

from __future__ import annotations

import copy
import hashlib
import json
import marshal
from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import lru_cache
from random import Random
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from referee.core.errors import IllegalAnswer, InternalError, NotWaitingForThat, RefereeError
from referee.core.events import REFEREE, Audience, Event, Log, Seat
from referee.core.flow import Ask, Call, Frame, Step, as_frame
from referee.core.i18n import Msg, Name, for_reader, msg, personal, render
from referee.core.keys import freeze
from referee.core.limits import ANSWER, NotPlainlyWithin, over_limit, plain_copy
from referee.core.parts_on_read import PartsOnRead
from referee.core.readonly import ReadOnlyDict, ReadOnlyList, read_only
from referee.core.ruleset import AnyRuleset, Outcome, Verdict, Void
from referee.core.scenario import problem_message
from referee.core.waits import JSON, Chance, Decision, Option, Wait, json_copy, same_json

Input = dict[str, JSON]
"""One input: ``{"seat": S, "answer": A}``, ``{"chance": V}`` or ``{"close": true}``."""

SNAPSHOT_EVERY = 32
"""A ruleset attribute: true when its ``view`` builds every container anew
on each call, sharing none with the state, another seat or an earlier call;
the game then hands the view out without copying it."""
_LISTED_OPTIONS = 12


def as_json(value: JSON) -> JSON:
    """The value as it will read back from a saved file (tuples become lists)."""
    if type(value) in _READ_BACK_AS_IS:
        return value
    return json_copy(value)


_READ_BACK_AS_IS = frozenset((str, int, bool, type(None)))
"""Values a saved file reads back as they are (most answers and outcomes)."""


def _fresh(value: JSON) -> JSON:
    """A deep copy of a JSON value, plain throughout: one the reader may
    change. Marshal is three times faster than a JSON round trip, but
    refuses read-only parts (a template the rules share); a read-only value
    is walked instead (:func:`json_copy`), and so is anything else marshal
    cannot copy."""
    if type(value) in _READ_ONLY:
        return json_copy(value)
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return as_json(value)


_READ_ONLY = frozenset((ReadOnlyDict, ReadOnlyList))


def _json_text(value: JSON) -> str:
    return json.dumps(value, ensure_ascii=False)


class _Position:
    """Everything that changes as inputs arrive, apart from the input list."""

    __slots__ = ("outcome", "pending", "stack", "state", "verdicts", "wait")

    def __init__(self, state: Any, stack: list[Frame]) -> None:
        self.state = state
        self.stack = stack
        self.wait: Wait | None = None
        self.outcome: Outcome | None = None
        self.pending: dict[Seat, JSON] = {}
        self.verdicts: dict[Seat, Verdict] = {}

    @property
    def copyable(self) -> bool:
        return all(frame.copyable for frame in self.stack)

    def copy(self, shared: Iterable[object]) -> _Position:
        memo: dict[int, Any] = {id(obj): obj for obj in shared}
        state, stack = copy.deepcopy((self.state, self.stack), memo)
        twin = _Position(state, stack)
        twin.wait, twin.outcome = self.wait, self.outcome
        twin.pending = dict(self.pending)
        twin.verdicts = dict(self.verdicts)
        return twin


class Game:
    """One game in play: ask it what it waits for, answer, read views.

    ``snapshots=False``: the game keeps no snapshot (a game played straight
    through); its undo and rollback replay it from its setup, and so do its
    forks'.
    """

    def __init__(self, ruleset: AnyRuleset, scenario: BaseModel,
                 inputs: Iterable[Input] = (), *, snapshots: bool = True) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.seats: tuple[Seat, ...] = ruleset.seats(scenario)
        self.inputs: list[Input] = []
        self._snapshots: list[tuple[int, _Position]] = []
        self._snapshot_every = SNAPSHOT_EVERY if snapshots else 0
        self._readers: dict[Seat, tuple[list[dict[str, object]], int]] = {}
        self._memos: dict[Seat, dict[str, Any]] = {}
        self._at = self._setup()
        for item in inputs:
            self.apply(item)

    def _setup(self) -> _Position:
        try:
            state = self.ruleset.new_state(self.scenario)
            at = _Position(state, [as_frame(self.ruleset.play(state))])
            self._run(at, at.stack[0].start(state))
        except RefereeError:
            raise
        except Exception as exc:
            raise InternalError(None, None, exc) from exc
        return at

    # -- what the game waits for -------------------------------------------------

    @property
    def state(self) -> Any:
        """The full state (the referee's knowledge; never show it to a seat)."""
        return self._at.state

    @property
    def waiting(self) -> Wait | None:
        """The decision or chance the game waits for; None once it is over."""
        return self._at.wait

    @property
    def is_over(self) -> bool:
        return self._at.wait is None

    def outcome(self) -> Outcome | None:
        return self._at.outcome

    def outcome_words(self) -> Msg | None:
        """The end as a person says it (:meth:`Ruleset.outcome_words`); None
        while the game goes on."""
        outcome = self._at.outcome
        return None if outcome is None else self.ruleset.outcome_words(self.scenario, outcome)

    def seats_to_answer(self) -> tuple[Seat, ...]:
        """Seats asked now that have not answered yet."""
        wait = self._at.wait
        if not isinstance(wait, Decision):
            return ()
        pending = self._at.pending
        return tuple(s for s in wait.seats if s not in pending) if pending else wait.seats

    def seat_name(self, seat: Seat) -> Msg | Name:
        """How players call ``seat`` in this game's scenario."""
        return self.ruleset.seat_name(self.scenario, seat)

    def pending_answer(self, seat: Seat) -> JSON | None:
        """``seat``'s own answer so far to a simultaneous decision (never another's)."""
        return self._at.pending.get(seat)

    def pending_voids(self, seat: Seat) -> tuple[Void, ...]:
        """The void parts of ``seat``'s own answer so far to a simultaneous
        decision (its view's ``your_void_parts``), without building the view."""
        at = self._at
        return at.verdicts[seat].voids if seat in at.pending else ()

    # -- inputs --------------------------------------------------------------------

    def apply(self, item: Input) -> None:
        """Apply one recorded input. :raises RefereeError: if it does not fit."""
        if not isinstance(item, Mapping):
            raise NotWaitingForThat(msg("core.error.input-shape", input=_json_text(item)))
        if "chance" in item:
            self.roll(item["chance"])
        elif item.get("close") is True:
            self.close()
        elif "seat" in item and "answer" in item:
            self.answer(str(item["seat"]), item["answer"])
        else:
            raise NotWaitingForThat(msg("core.error.input-kind", input=_json_text(item)))

    def answer(self, seat: Seat, value: JSON) -> None:
        """Answer the decision put to ``seat``.

        :raises IllegalAnswer: naming what is wrong; the game is unchanged.
        """
        decision = self._expect_decision(seat)
        if decision.schema is None and not decision.simultaneous:  # the usual answer
            if _one_of(decision.options_for(seat), value):  # a bot's: the option's own value
                value = as_json(value)
            else:
                value = self._within_limits(seat, value)
                self._legal_option(decision, seat, value)
            self._commit({"seat": seat, "answer": value}, value)
            return
        value = self._within_limits(seat, value)
        item: Input = {"seat": seat, "answer": value}
        verdict = self._judge_answer(decision, seat, value)
        if not decision.simultaneous:
            if verdict.voids:
                self._commit(item, verdict.answer, {seat: verdict})
            else:  # the usual answer: nothing to tell the seat
                self._commit(item, verdict.answer)
            return
        at = self._at
        if not decision.until_closed and seat not in at.pending \
                and len(at.pending) + 1 == decision.seat_count:  # the last seat to answer
            answers = {**at.verdicts, seat: verdict}
            self._commit(item, _answers_of(answers), answers)
            return
        self.inputs.append(item)
        at.pending[seat] = value
        at.verdicts[seat] = verdict

    def close(self) -> None:
        """Close a simultaneous decision (its deadline passed); seats that did
        not answer get the decision's default.

        :raises NotWaitingForThat: if no decision is open or a seat has no answer.
        """
        decision = self._at.wait
        if not isinstance(decision, Decision) or not decision.simultaneous:
            raise NotWaitingForThat(msg("core.error.nothing-to-close"))
        silent = self.seats_to_answer()
        missing = [s for s in silent if s not in decision.defaults]
        if missing:
            raise NotWaitingForThat(msg("core.error.cannot-close", seats=tuple(missing)))
        answers = dict(self._at.verdicts)
        for seat in silent:
            answers[seat] = self._judge_answer(decision, seat, as_json(decision.defaults[seat]))
        self._commit({"close": True}, _answers_of(answers), answers)

    def roll(self, value: JSON) -> None:
        """Give the outcome of the chance event the game waits for.

        :raises IllegalAnswer: if ``value`` is not one of its outcomes.
        """
        chance = self._expect_chance()
        beyond = _beyond_limits(value)
        if beyond is not None:
            raise IllegalAnswer(msg("core.error.answer-limit", seat=msg("core.error.outcome"),
                                    problem=beyond))
        value = as_json(value)
        if chance.probability(value) == 0:
            possible = tuple(_json_text(v) for v, _ in chance.outcomes)
            raise IllegalAnswer(msg("core.error.impossible-outcome", value=_json_text(value),
                                    chance=chance.what, possible=possible))
        self._commit({"chance": value}, value)

    def roll_random(self, rng: Random) -> JSON:
        """Pick the outcome of the chance event with ``rng``, by its probabilities."""
        value = as_json(self._expect_chance().pick(rng))
        self._commit({"chance": value}, value)
        return value

    def feed(self, *values: JSON) -> None:
        """Test helper: each value answers what the game waits for, a roll for a
        chance, the one asked seat's answer for a decision."""
        for value in values:
            wait = self._at.wait
            if isinstance(wait, Chance):
                self.roll(value)
            elif isinstance(wait, Decision) and len(self.seats_to_answer()) == 1:
                self.answer(self.seats_to_answer()[0], value)
            else:
                raise NotWaitingForThat(msg("core.error.cannot-feed", value=_json_text(value),
                                            waiting=self._describe_wait()))

    def undo(self, count: int = 1) -> None:
        """Drop the last ``count`` inputs."""
        self._rewind(max(0, len(self.inputs) - count))

    def fork(self, *, snapshots: bool | None = None) -> Game:
        """An independent copy; its cost does not grow with the inputs played
        (rules still written as generators are copied by replay). It keeps
        snapshots as this game does, or as ``snapshots`` says (``False``: a
        copy played straight on, as a search's playout, copies no state on
        the way; undone, it replays from the setup)."""
        twin = Game.__new__(Game)
        twin.ruleset, twin.scenario, twin.seats = self.ruleset, self.scenario, self.seats
        twin.inputs = list(self.inputs)
        keeps = bool(self._snapshot_every) if snapshots is None else snapshots
        twin._snapshots = list(self._snapshots) if keeps else []
        twin._snapshot_every = (self._snapshot_every or SNAPSHOT_EVERY) if keeps else 0
        twin._readers = {}
        twin._memos = {seat: dict(memo) for seat, memo in self._memos.items()}
        if self._at.copyable:
            twin._at = self._at.copy(self._shared())
            twin._readers = dict(self._readers)  # the same events so far: their lines too
        else:
            twin._snapshots = []
            twin._at = twin._setup()
            twin.inputs = []
            for item in self.inputs:
                twin.apply(item)
        return twin

    copy = fork

    @property
    def cheap_to_copy(self) -> bool:
        """True when the rules' position is plain data (no generator on the
        stack): :meth:`fork` then copies without replaying."""
        return self._at.copyable

    def memo(self, seat: Seat) -> dict[str, Any]:
        """What a reader of ``seat``'s view worked out once and keeps for the
        rest of the game, by a name of its choosing: a fact that never changes
        in a game (Old West: the posse's objective), so that a bot reads its
        whole view only once to learn it. One dict per seat, read by that
        seat's players alone (hang on it only what that seat may know); a
        fork starts with a copy of it, and undo leaves it as it is. The rules
        never read it."""
        memo = self._memos.get(seat)
        if memo is None:
            memo = self._memos[seat] = {}
        return memo

    # -- views ---------------------------------------------------------------------

    def log_for(self, seat: Seat) -> list[Event]:
        """The events ``seat`` may know, in order (do not change the list)."""
        log: Log = self._at.state.log
        return log.seen_by(seat)

    def catch_up_logs(self, seats: Iterable[Seat]) -> None:
        """Bring the logs of ``seats`` up to date in one pass over the log,
        before reading each (:meth:`log_for`) in turn."""
        log: Log = self._at.state.log
        log.catch_up(seats)

    def text_log(self, seat: Seat = REFEREE, lang: Any = "en") -> list[str]:
        """``seat``'s log as text, each line in the wording meant for that seat."""
        return [render(for_reader(event.text, seat), lang) for event in self.log_for(seat)]

    def view(self, seat: Seat) -> dict[str, JSON]:
        """Everything ``seat`` may read now: state, log, what is asked of it.

        Treat a view as read-only. Its log part is kept up to date as events
        arrive and shared with the seat's earlier views, so building a view
        costs the size of the state, not the length of the game. Parts shared
        with other seats' views or other games (a scenario's names, a log line
        every reader reads alike, a question and its options shown again, the
        answer's schema) refuse to be
        changed (:mod:`referee.core.readonly`); changing any other part
        changes nothing in the game nor in another seat's view.
        ``copy.deepcopy(view)`` gives a copy that may be changed throughout.
        """
        at = self._at
        return self._view(seat, {"log": self._reader_log(seat),
                                 "waiting": _waiting_json(at.wait, at.pending, at.verdicts, seat)})

    def view_on_read(self, seat: Seat, *, state_on_read: bool = False) -> dict[str, JSON]:
        """The same view as :meth:`view`, its log and what it is asked built
        when first read (:class:`~referee.core.parts_on_read.PartsOnRead`):
        a bot that reads its state alone never pays for its log lines nor
        for the options it was given already. Read when they may, these
        parts are what they were when the view was made.

        ``state_on_read``: the state too is built when first read (a reader
        that may answer from its question alone), and only until the game
        moves on: read after, it raises :class:`RuntimeError`."""
        at = self._at
        log: Log = at.state.log
        until = len(log)
        wait, pending, verdicts = at.wait, dict(at.pending), dict(at.verdicts)

        def lines() -> list[dict[str, object]]:
            if self._at.state.log is log and len(log) == until:  # the game is where it was
                return self._reader_log(seat)
            return [event.for_reader(seat) for event in log.seen_since(seat, 0, until)]

        parts: dict[str, Callable[[], JSON]] = {
            "log": lines, "waiting": lambda: _waiting_json(wait, pending, verdicts, seat)}
        if not state_on_read:
            return PartsOnRead(self._view(seat, {}), parts, VIEW_ORDER)
        made_at = len(self.inputs)

        def state() -> JSON:
            if len(self.inputs) != made_at:
                raise RuntimeError("a view read after the game moved on from the question")
            return self._state_view(seat)

        parts["state"] = state
        return PartsOnRead(self._with_outcome({"ruleset": self.ruleset.name, "seat": seat}),
                           parts, VIEW_ORDER)

    def _view(self, seat: Seat, parts: dict[str, JSON]) -> dict[str, JSON]:
        """``seat``'s view, with ``parts`` (its log, what it is asked, or
        neither) after its state."""
        return self._with_outcome({"ruleset": self.ruleset.name, "seat": seat,
                                   "state": self._state_view(seat), **parts})

    def _state_view(self, seat: Seat) -> JSON:
        """The state as ``seat`` may see it, a view's own."""
        state = self.ruleset.view(self._at.state, seat)
        return state if self.ruleset.fresh_views else _fresh(state)

    def _with_outcome(self, view: dict[str, JSON]) -> dict[str, JSON]:
        """``view`` with how the game ended, once it has."""
        outcome = self._at.outcome
        if outcome is not None:
            view["outcome"] = {**outcome.to_json(), "said": self.ruleset.outcome_words(
                self.scenario, outcome).to_json()}
        return view

    def key(self) -> Hashable:
        """Equal positions, equal keys: the state (without its history), the
        rules' position and the secret answers given so far."""
        at = self._at
        if not at.copyable:
            return ("inputs", _json_text(self.inputs))
        shared = {id(obj): place for place, obj in enumerate(self._shared())}
        return (freeze(at.state, shared), freeze(at.stack, shared),
                freeze(at.pending), at.outcome is None)

    def checksum(self) -> str:
        """A digest of the full state, log and pending secret answers: equal
        games, equal checksums."""
        full: dict[str, JSON] = {"state": self.ruleset.view(self._at.state, REFEREE),
                                 "log": [event.to_json() for event in self._at.state.log.events]}
        if self._at.pending:
            full["pending"] = self._at.pending
        text = json.dumps(full, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    # -- internals: the flow ---------------------------------------------------------

    def _shared(self) -> tuple[object, ...]:
        return (self.scenario, self.ruleset, *self._at.state.shared())

    def _commit(self, item: Input, value: Any, answers: dict[Seat, Verdict] | None = None) -> None:
        """Record ``item`` and hand ``value`` to the rules' continuation (once
        each seat of ``answers``, the judged answers to a decision it closes,
        is told what its answer left out); on any failure in the rules, put
        the game back as it was before ``item``."""
        index = len(self.inputs)
        self.inputs.append(item)
        at = self._at
        try:
            if answers is not None:
                self._tell_voids(at, answers)
            frame = at.stack[-1]
            self._run(at, getattr(frame, frame.then)(at.state, value))  # frame.resume, inlined
        except RefereeError:
            self._rewind(index)
            raise
        except Exception as exc:
            self._rewind(index)
            raise InternalError(index, item, exc) from exc
        every = self._snapshot_every
        if every and len(self.inputs) % every == 0 and at.copyable:
            self._snapshots.append((len(self.inputs), at.copy(self._shared())))

    def _tell_voids(self, at: _Position, answers: dict[Seat, Verdict]) -> None:
        """Close the decision ``answers`` answer: tell each seat the parts of
        its answer that were void, unless the rules tell it themselves."""
        at.pending, at.verdicts = {}, {}
        for seat, verdict in answers.items():
            for void in verdict.voids:
                if void.told_by_rules:
                    continue
                told = personal((seat,), msg("core.answer.void", part=void.part,
                                             reason=void.reason),
                                msg("core.answer.void-of", seat=self.seat_name(seat),
                                    part=void.part, reason=void.reason))
                at.state.log.emit(told, Audience.only(seat),
                                  facts={"kind": "void", "seat": seat, "part": void.part,
                                         **void.facts()})

    def _run(self, at: _Position, step: Step) -> None:
        """Run the rules until they wait or end, then ask the ruleset's
        end-of-game hooks, in order: decided, then timed out."""
        stack, state = at.stack, at.state
        wait: Wait | None = None
        while True:
            if type(step) is Ask:
                wait = step.wait
                break
            if type(step) is Call:
                stack.append(step.frame)
                step = step.frame.start(state)
                continue
            stack.pop()
            if not stack:
                break
            frame = stack[-1]
            step = getattr(frame, frame.then)(state, step.value)  # type: ignore[union-attr]
        outcome = self.ruleset.decided(state) or self.ruleset.timed_out(state)
        if outcome is None and wait is None:
            outcome = Outcome.draw(self.seats, msg("core.rules-ended"))
        if outcome is not None:
            wait = None
            stack.clear()
        at.wait, at.outcome = wait, outcome

    def _rewind(self, count: int) -> None:
        """Put the game where it stood after its first ``count`` inputs."""
        kept = self.inputs[:count]
        self._snapshots = [(n, snap) for n, snap in self._snapshots if n <= count]
        if self._snapshots:
            start, snapshot = self._snapshots[-1]
            self._at = snapshot.copy(self._shared())
        else:
            start = 0
            self._at = self._setup()
        self._readers = {}
        self.inputs = kept[:start]
        for item in kept[start:]:
            self.apply(item)

    # -- internals: checking answers -------------------------------------------------

    def _within_limits(self, seat: Seat, value: JSON) -> JSON:
        """``value`` as it will read back from a saved file, once it is
        known to keep within :data:`~referee.core.limits.ANSWER`.

        :raises IllegalAnswer: naming the limit it passes.
        """
        try:
            return plain_copy(value, ANSWER)  # the usual answer, walked and copied at once
        except NotPlainlyWithin:
            pass
        beyond = _beyond_limits(value)
        if beyond is not None:
            raise IllegalAnswer(msg("core.error.answer-limit", seat=self.seat_name(seat),
                                    problem=beyond))
        return as_json(value)

    def _judge_answer(self, decision: Decision, seat: Seat, value: JSON) -> Verdict:
        """An answer's verdict: one of the options put to ``seat`` is
        accepted whole; an answer by shape is parsed, then judged by the
        ruleset (:meth:`Ruleset.check_answer`)."""
        shape = decision.shape_for(seat)
        if shape is None:
            return Verdict(self._legal_option(decision, seat, value))
        parsed = self._parse(shape, seat, value)
        verdict = self.ruleset.check_answer(self._at.state, seat, decision, parsed)
        if verdict.refusals:
            raise IllegalAnswer(msg("core.error.refused", seat=self.seat_name(seat),
                                    reasons=tuple(verdict.refusals)))
        return verdict

    def _parse(self, shape: type[BaseModel], seat: Seat, value: JSON) -> BaseModel:
        """``value`` read as ``shape``, or, where it does not fit and
        ``shape`` names a ``lenient_shape``, as that (:func:`_lenient_shape`).

        :raises IllegalAnswer: naming every problem of the last shape tried.
        """
        try:  # shape.model_validate(value), without its checks of arguments given none
            parsed: BaseModel = shape.__pydantic_validator__.validate_python(value)
            return parsed
        except ValidationError as exc:
            error = exc
        lenient = _lenient_shape(shape)
        if lenient is not None:
            try:
                return lenient.model_validate(value)
            except ValidationError as exc:
                shape, error = lenient, exc
        problems = tuple(problem_message(err, shape, value) for err in error.errors())
        raise IllegalAnswer(msg("core.error.answer-shape", seat=self.seat_name(seat),
                                problems=problems))

    def _legal_option(self, decision: Decision, seat: Seat, value: JSON) -> JSON:
        options = decision.options_for(seat)
        if type(value) is str:  # the usual answer: equal text, and text it is
            for option in options:
                if option.value == value and type(option.value) is str:
                    return value
        elif any(value == o.value and same_json(value, o.value) for o in options) \
                or any(same_json(value, o.value) for o in options):  # equal only as JSON text
            return value
        legal = [option.value for option in options]
        shown: tuple[str | Msg, ...] = tuple(_json_text(v) for v in legal[:_LISTED_OPTIONS])
        if len(legal) > len(shown):
            shown += (msg("core.and-more", count=len(legal) - len(shown)),)
        raise IllegalAnswer(msg("core.error.not-an-option", value=_json_text(value),
                                seat=self.seat_name(seat),
                                question=decision.question, legal=shown))

    def _expect_decision(self, seat: Seat) -> Decision:
        """The decision the game waits for, which asks ``seat``.

        :raises NotWaitingForThat: if it waits for no decision, or not ``seat``'s."""
        wait = self._at.wait
        if not (type(wait) is Decision or isinstance(wait, Decision)):  # the first, mostly
            raise NotWaitingForThat(msg("core.error.no-decision", seat=seat,
                                        waiting=self._describe_wait()))
        if not wait.asks(seat):
            raise NotWaitingForThat(msg("core.error.seat-not-asked", seat=seat,
                                        seats=tuple(wait.seats)))
        return wait

    def _expect_chance(self) -> Chance:
        """The chance event the game waits for. :raises NotWaitingForThat: if none."""
        wait = self._at.wait
        if not (type(wait) is Chance or isinstance(wait, Chance)):  # the first, mostly
            raise NotWaitingForThat(msg("core.error.no-chance", waiting=self._describe_wait()))
        return wait

    def _describe_wait(self) -> Msg:
        wait = self._at.wait
        if wait is None:
            return msg("core.over-now")
        if isinstance(wait, Chance):
            return msg("core.waiting-chance", chance=wait.what)
        asked = self.seats_to_answer()
        return msg("core.waiting", seats=asked or (msg("core.a-close"),), question=wait.question)

    # -- internals: views ------------------------------------------------------------

    def _reader_log(self, seat: Seat) -> list[dict[str, object]]:
        """``seat``'s log lines, the lines read before shared with its earlier views."""
        log: Log = self._at.state.log
        lines, scanned = self._readers.get(seat) or ([], 0)
        if scanned > len(log):
            lines, scanned = [], 0
        if scanned < len(log):
            lines = lines + [event.for_reader(seat) for event in log.seen_since(seat, scanned)]
            self._readers[seat] = (lines, len(log))
        return lines


VIEW_ORDER = ("ruleset", "seat", "state", "log", "waiting", "outcome")
"""The parts of a seat's view, in the order a view has them."""


def _waiting_json(wait: Wait | None, pending: Mapping[Seat, JSON],
                  verdicts: Mapping[Seat, Verdict], seat: Seat) -> JSON:
    """The ``waiting`` part of ``seat``'s view: what the game waits for,
    with the seats' answers so far (``pending``, judged as ``verdicts``)."""
    if wait is None:
        return None
    if isinstance(wait, Chance):
        return wait.view_json()
    data = wait.view_json(seat)
    data["answered"] = sorted(pending)
    if wait.asks(seat):
        shape = wait.shape_for(seat)
        if shape is not None:
            data["answer_schema"] = answer_schema(shape)
            if seat in wait.templates:
                data["template"] = _fresh(wait.templates[seat])
        if seat in pending:
            data["your_answer"] = _fresh(pending[seat])
            data["your_void_parts"] = [
                {"part": void.part, "reason": void.reason.to_json(), **void.facts()}
                for void in verdicts[seat].voids]
    return data


@lru_cache(maxsize=64)
def answer_schema(shape: type[BaseModel]) -> dict[str, JSON]:
    """The JSON Schema of an answer's shape, as a seat's view carries it
    (read-only: every view of the shape shares it)."""
    return cast(dict[str, JSON], read_only(shape.model_json_schema()))


def _lenient_shape(shape: type[BaseModel]) -> type[BaseModel] | None:
    """The shape an answer that does not fit ``shape`` is read as instead,
    where ``shape`` names one in its class attribute ``lenient_shape``: one
    whose parts are read apart, so that a part that does not fit is left
    out rather than the whole answer refused (Facility's orders, CHAT-TRN-7).
    The usual answer fits ``shape`` and is read once; the ruleset's
    ``check_answer`` judges an answer of either shape."""
    lenient = getattr(shape, "lenient_shape", None)
    return lenient if isinstance(lenient, type) and issubclass(lenient, BaseModel) else None


def _one_of(options: tuple[Option, ...], value: object) -> bool:
    """True when ``value`` is the value of one of ``options`` itself (what a
    bot hands back): an answer the rules made, legal and within every limit."""
    for option in options:  # noqa: SIM110  (no generator made for every answer)
        if option.value is value:
            return True
    return False


def _beyond_limits(value: object) -> Msg | None:
    """Where an answer or outcome goes past :data:`referee.core.limits.ANSWER`,
    walked before anything copies it; at once for a short plain text or a
    whole number, the usual answer."""
    kind = type(value)
    if kind is int or (kind is str and len(value) <= ANSWER.text  # type: ignore[arg-type]
                       and value.isascii()):  # type: ignore[attr-defined]
        return None
    return over_limit(value, ANSWER)


def _answers_of(verdicts: Mapping[Seat, Verdict]) -> dict[Seat, Any]:
    return {seat: verdict.answer for seat, verdict in verdicts.items()}
