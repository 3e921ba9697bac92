"""A ruleset's own short form for an answer given by shape, at the terminal:
asked in the player's words (rooms, doors, items and characters by the names
on the screen, tokens counted as they are placed), never as JSON or field
paths. A ruleset's display offers one (:meth:`referee.display.Display.answer_form`)
from the seat's view alone; the terminal runs it through a :class:`Prompter`,
which reads a line and prints one, and knows nothing of the ruleset.

The helpers here are what every such form asks: a choice among named things
(by number, by any name it is shown with, or by the id an order uses), a
whole number within bounds, a yes or a no.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from referee.core.i18n import CATALOGUE, Lang, Msg, Name, msg, render
from referee.core.waits import JSON

CATALOGUE.load(Path(__file__).with_name("forms.toml"))

YES = ("y", "yes", "д", "да", "1")
NO = ("n", "no", "н", "нет", "0")


class Prompter(Protocol):
    """What a form may do at the terminal: ask for a line, say a line."""

    lang: Lang

    def ask(self, prompt: str) -> str:
        """One line typed after ``prompt``. :raises EOFError: at the end of input."""
        ...

    def say(self, text: str) -> None:
        """Print ``text`` on a line of its own."""
        ...


class AnswerForm(Protocol):
    """A ruleset's short form for one answer."""

    def fill(self, prompter: Prompter, draft: JSON) -> JSON:
        """The answer, asked in the player's words; ``draft`` (the last one
        refused, or the answer the rules offer, or None) gives the defaults."""
        ...


@dataclass(frozen=True)
class Choice:
    """Something a player may pick: what the answer holds (``value``), how
    the list shows it (``label``), and every other word that names it (its id,
    its name in each language)."""

    value: Any
    label: Msg | Name | str
    words: tuple[str, ...] = ()


def words_of(text: str) -> str:
    """``text`` as names are compared: case and a leading "the" aside."""
    folded = " ".join(text.casefold().split())
    return folded.removeprefix("the ")


def matching(typed: str, choices: Sequence[Choice], lang: Lang) -> list[Choice]:
    """The choices ``typed`` names: by number in the list, by its value, by
    its label or any of its words, or else by the start of one of them."""
    text = words_of(typed)
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return [choices[int(text) - 1]]

    def names(choice: Choice) -> list[str]:
        return [words_of(str(choice.value)), words_of(render(choice.label, lang)),
                *(words_of(word) for word in choice.words)]

    exact = [choice for choice in choices if text in names(choice)]
    if exact:
        return exact
    return [choice for choice in choices
            if len(text) >= 2 and any(name.startswith(text) for name in names(choice))]


def listed(prompter: Prompter, choices: Sequence[Choice]) -> None:
    """The choices as a numbered list."""
    for number, choice in enumerate(choices, start=1):
        prompter.say(f"  {number}. {render(choice.label, prompter.lang)}")


def choose(prompter: Prompter, question: Msg, choices: Sequence[Choice],
           optional: bool = True, enter: Msg | None = None) -> Any:
    """The value of the choice the player names (listed first); None when
    ``optional`` and Enter alone is typed (``enter`` says what that does)."""
    lang = prompter.lang
    listed(prompter, choices)
    hint = msg("forms.by-number-or-name") if not optional else msg(
        "forms.enter", enter=enter) if enter is not None else msg("forms.enter-none")
    while True:
        typed = prompter.ask(f"{render(question, lang)} ({render(hint, lang)}): ").strip()
        if not typed and optional:
            return None
        found = matching(typed, choices, lang) if typed else []
        if len(found) == 1:
            return found[0].value
        prompter.say(render(msg("forms.ambiguous" if found else "forms.unknown", typed=typed,
                                names=tuple(render(c.label, lang) for c in found or choices)),
                            lang))


def choose_many(prompter: Prompter, question: Msg, choices: Sequence[Choice]) -> list[Any]:
    """The values of the choices the player names, separated by commas, in
    their order (listed first); none for Enter alone."""
    lang = prompter.lang
    listed(prompter, choices)
    while True:
        typed = prompter.ask(f"{render(question, lang)} "
                             f"({render(msg('forms.many'), lang)}): ").strip()
        picked: list[Any] = []
        for part in (part.strip() for part in typed.split(",") if part.strip()):
            found = matching(part, choices, lang)
            if len(found) != 1:
                prompter.say(render(msg("forms.ambiguous" if found else "forms.unknown",
                                        typed=part, names=tuple(
                                            render(c.label, lang) for c in found or choices)),
                                    lang))
                break
            picked.append(found[0].value)
        else:
            return picked


def whole_number(prompter: Prompter, question: Msg, low: int, high: int, default: int) -> int:
    """A whole number from ``low`` to ``high``; Enter takes ``default``."""
    lang = prompter.lang
    while True:
        typed = prompter.ask(f"{render(question, lang)} [{default}]: ").strip()
        if not typed:
            return default
        if typed.lstrip("-").isdigit() and low <= int(typed) <= high:
            return int(typed)
        prompter.say(render(msg("forms.not-a-number", typed=typed, low=low, high=high), lang))


def yes_or_no(prompter: Prompter, question: Msg, default: bool) -> bool:
    """A yes or a no; Enter takes ``default``."""
    lang = prompter.lang
    mark = render(msg("forms.yes-no", default="yes" if default else "no"), lang)
    while True:
        typed = prompter.ask(f"{render(question, lang)} [{mark}]: ").strip().casefold()
        if not typed:
            return default
        if typed in YES or typed in NO:
            return typed in YES
        prompter.say(render(msg("forms.not-yes-no", typed=typed), lang))
