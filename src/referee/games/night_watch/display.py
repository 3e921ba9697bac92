"""What Night Watch shows beyond its log: the board as a picture (SVG) and as
a table for the terminal, both read from a seat's whole view (the board,
the title and the names are in its state). Registered through the
``referee.displays`` entry points as ``night-watch``; no rules module
imports it."""

from __future__ import annotations

from referee.core.i18n import Lang
from referee.display import Display, View
from referee.games.night_watch import board, picture


class NightWatchDisplay(Display):
    """The Locations, who and what is at each, the Watches' favour and cards."""

    def svg(self, view: View, lang: Lang) -> str:
        """The board as ``view`` shows it (:mod:`.picture`)."""
        return picture.svg(view["state"], lang)

    def board_table(self, view: View, lang: Lang) -> tuple[list[str], list[list[str]]]:
        """One row per Location: who stands there, Egor, Items (:mod:`.board`)."""
        return board.board_rows(view["state"], lang)

    def board_notes(self, view: View, lang: Lang) -> list[str]:
        """Each Watch's points of favour and cards in its deck (:mod:`.board`)."""
        return board.watch_lines(view["state"], lang)
