"""The board on a seat's page: the ruleset's picture of the seat's view as
inline SVG. A table in inches (Old West, Samurai) is drawn from its map
with what the asked model may do (its reach, where its moves end, whom it
may shoot, :func:`referee.boards.svg.draw`); the Facility building as the
character knows it by :mod:`.boards_facility`; the location graphs of
Night Watch and Echo as their displays draw them.

Where the question asks for a point on the table, the board says so
(``data-point``) and its picture says where the table lies on it
(``data-table``), so that ``question.js`` turns a click into the form's
``x`` and ``y``.
"""

from __future__ import annotations

import re
from typing import Any

from markupsafe import Markup, escape

from referee.boards import svg as pictures
from referee.core.i18n import Lang, msg, render
from referee.core.ruleset import AnyRuleset
from referee.display import display_for
from referee.server.pages.boards_facility import building_svg
from referee.server.pages.forms import waiting_of

View = dict[str, Any]

_IDS = re.compile(r'\b(id="|url\(#|href="#)([^"\)]+)')


def board_html(ruleset: AnyRuleset, view: View, lang: Lang) -> Markup | None:
    """The seat's board as inline SVG in a ``<figure>``; None where the
    ruleset draws none."""
    point = False
    if getattr(ruleset, "name", None) == "facility":
        picture = building_svg(view, lang)
    else:
        display = display_for(ruleset)
        if display is None:
            return None
        table = display.table_map(view, lang)
        if table is not None:
            picture = pictures.draw(table, lang, asking=True)
            point = table.asking is not None and table.asking.what == "point" and \
                waiting_of(view) is not None
        else:
            picture = display.svg(view, lang)
    if picture is None:
        return None
    return framed(picture, lang, point)


def framed(picture: str, lang: Lang, point: bool) -> Markup:
    """The picture inline, in a figure: its ids kept apart from the page's,
    and, when it takes a point, the words that say how."""
    body = _IDS.sub(lambda m: f"{m.group(1)}board-{m.group(2)}",
                    re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", picture))
    if not point:
        return Markup(f'<figure class="q-board">{body}</figure>')
    caption = escape(render(msg("question.board.click"), lang))
    return Markup(f'<figure class="q-board" data-point="1">{body}'
                  f'<figcaption>{caption}</figcaption></figure>')
