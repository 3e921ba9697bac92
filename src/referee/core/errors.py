"""Errors a user can cause, each a catalogue message with a stable code and
parameters, so it reads in every language; and the one error that is never
the user's fault, a rule that broke."""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.i18n import Lang, Msg, msg, render


def as_msg(text: Msg | str) -> Msg:
    """``text`` as a message; plain text (a name, a path) is shown as it is."""
    return text if isinstance(text, Msg) else msg("core.error.text", text=text)


class RefereeError(ValueError):
    """Base of every error caused by input: a file, an answer, a command.

    ``message`` is the catalogue message; ``str(error)`` is its English text.
    """

    code = "referee/error"

    def __init__(self, message: Msg | str) -> None:
        self.message = as_msg(message)
        super().__init__(render(self.message))

    def render(self, lang: Lang = "en") -> str:
        return render(self.message, lang)


class UnknownRuleset(RefereeError):
    """No ruleset is registered under that name."""

    code = "ruleset/unknown"


class IllegalAnswer(RefereeError):
    """An answer the game does not accept now; the game is unchanged."""

    code = "answer/illegal"


class NotWaitingForThat(RefereeError):
    """An input of a kind the game is not waiting for (an answer while dice are due)."""

    code = "answer/not-waiting"


class UnknownSeat(RefereeError):
    """A seat name the game does not have."""

    code = "seat/unknown"


SHOWN_PROBLEMS = 100
"""The most problems of a scenario printed one by one (a file placing
hundreds of models on one spot would print a screenful for each)."""


class ScenarioError(RefereeError):
    """A scenario file with one or more problems, every one listed."""

    code = "scenario/invalid"

    def __init__(self, source: str, problems: Sequence[Msg | str]) -> None:
        self.source = source
        self.messages = [as_msg(problem) for problem in problems]
        self.problems = [render(problem) for problem in self.messages]
        """The problems in English."""
        super().__init__(msg("core.error.scenario", source=source, count=len(self.messages),
                             problems=tuple(self.messages)))

    def render(self, lang: Lang = "en") -> str:
        """Every problem on a line of its own, up to :data:`SHOWN_PROBLEMS`;
        past them, how many more there are."""
        head = render(msg("core.error.scenario-head", source=self.source,
                          count=len(self.messages)), lang)
        shown = self.messages[:SHOWN_PROBLEMS]
        lines = "".join(f"\n  {self.source}: {render(p, lang)}" for p in shown)
        hidden = len(self.messages) - len(shown)
        if hidden:
            lines += "\n  " + render(msg("core.error.more-problems", count=hidden), lang)
        return head + lines

    def __str__(self) -> str:
        return self.render()


class SaveFileError(RefereeError):
    """A saved game that cannot be loaded: unreadable, too new, or not replaying."""

    code = "savefile/invalid"


class OtherRulesVersion(SaveFileError):
    """A saved game written under another version of its rules: replayed
    only on request, every input checked again (``--any-version``)."""

    code = "savefile/other-version"


class InternalError(RuntimeError):
    """A rule failed on an input the game had accepted: a defect in Referee,
    never a seat's fault. The game is rolled back to before that input."""

    code = "internal/rules"

    def __init__(self, index: int | None, item: object, cause: BaseException) -> None:
        """``index`` None: the rules failed while setting the game up."""
        self.index = index
        self.item = item
        reason = f"{type(cause).__name__}: {cause}"
        self.message = (msg("core.error.internal-setup", cause=reason) if index is None else
                        msg("core.error.internal", index=index, input=str(item), cause=reason))
        super().__init__(render(self.message))

    def render(self, lang: Lang = "en") -> str:
        return render(self.message, lang)
