"""What an Old West seat is shown beyond its view's words: the map of the
table for the terminal and the picture of it, drawn from the seat's whole
view (:mod:`.picture`). Registered as the ``old-west`` entry of
``referee.displays``; the rules never import it."""

from __future__ import annotations

from referee.boards.tablemap import TableMap
from referee.core.i18n import Lang
from referee.display import Display, View
from referee.games.old_west import picture


class OldWestDisplay(Display):
    """The table in inches: terrain, every model, and what the asked model may do."""

    def svg(self, view: View, lang: Lang) -> str | None:
        return picture.svg(view, lang)

    def table_map(self, view: View, lang: Lang) -> TableMap | None:
        return picture.table_map(view, lang)
