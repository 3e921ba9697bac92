"""What a seat is shown of a game beyond its view's words: a picture of the
board, the board as a table or a map in characters for the terminal. It sits
above the rules (core ← boards ← rules ← display ← cli, server) and reads a
seat's view alone, never the state, so it can show nothing the seat may not
know.

A ruleset's display registers through the ``referee.displays`` entry points
under the ruleset's name; a ruleset with none shows its view's words only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core import plugins
from referee.core.i18n import Lang

if TYPE_CHECKING:
    from referee.boards.tablemap import TableMap
    from referee.core.ruleset import AnyRuleset
    from referee.display.forms import AnswerForm

DISPLAYS_GROUP = "referee.displays"

View = dict[str, Any]
"""A seat's whole view, as ``Game.view`` gives it (:mod:`referee.core.views`)."""


class Display:
    """Neutral hooks: each answers None, "nothing to show"; a ruleset's
    display fills in what its game has."""

    def svg(self, view: View, lang: Lang) -> str | None:
        """A picture of the board (SVG) as ``view`` shows it."""
        return None

    def board_table(self, view: View, lang: Lang) -> tuple[list[str], list[list[str]]] | None:
        """The board as a table (headings, rows) for the terminal."""
        return None

    def board_notes(self, view: View, lang: Lang) -> list[str]:
        """Lines under the board's table (the score, say); none by default."""
        return []

    def table_map(self, view: View, lang: Lang) -> TableMap | None:
        """A table in inches as a map (:mod:`referee.boards.tablemap`), for
        the terminal and pictures of the games played on one."""
        return None

    def answer_form(self, view: View) -> AnswerForm | None:
        """The ruleset's own short form for the answer ``view`` asks by shape
        (:mod:`referee.display.forms`), for the terminal; None: the form
        read from the answer's JSON Schema."""
        return None


DISPLAYS: plugins.Registered[Display] = plugins.Registered(DISPLAYS_GROUP, Display)


def display_for(ruleset: AnyRuleset) -> Display | None:
    """The display ``ruleset``'s package registers; None where it registers none."""
    return DISPLAYS.find(getattr(ruleset, "name", None))


def register_display(ruleset_name: str, display: Display | None) -> None:
    """Use ``display`` for the ruleset named ``ruleset_name`` in this process
    (tests, scripts; None forgets it); an installed package registers through
    the ``referee.displays`` entry points instead."""
    DISPLAYS.register(ruleset_name, display)
