"""Errors a user can cause. Each says what was wrong and where."""

from __future__ import annotations

from collections.abc import Sequence


class RefereeError(ValueError):
    """Base of every error caused by input: a file, an answer, a command."""

    code = "referee/error"


class UnknownRuleset(RefereeError):
    """No ruleset is registered under that name."""

    code = "ruleset/unknown"


class IllegalAnswer(RefereeError):
    """An answer the game does not accept now; the game is unchanged."""

    code = "answer/illegal"


class NotWaitingForThat(RefereeError):
    """An input of a kind the game is not waiting for (an answer while dice are due)."""

    code = "answer/not-waiting"


class ScenarioError(RefereeError):
    """A scenario file with one or more problems, every one listed."""

    code = "scenario/invalid"

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = list(problems)
        lines = "\n".join(f"  {source}: {problem}" for problem in self.problems)
        super().__init__(f"{len(self.problems)} problem(s) in {source}:\n{lines}")


class SaveFileError(RefereeError):
    """A saved game that cannot be loaded: unreadable, too new, or not replaying."""

    code = "savefile/invalid"
