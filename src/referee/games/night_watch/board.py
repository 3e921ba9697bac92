"""The board as rows of text, one per Location, read from a seat's view."""

from __future__ import annotations

from typing import Any

from referee.core.i18n import Lang, Name, msg, render
from referee.games.night_watch.state import Spell

HEADINGS = ("nw.board.location", "nw.board.others", "nw.board.egor", "nw.board.items")


def _name(data: Any, lang: Lang) -> str:
    return render(Name(str(data["en"]), str(data.get("ru") or data["en"])), lang)


def board_rows(view: Any, lang: Lang) -> tuple[list[str], list[list[str]]]:
    """Headings and one row per Location: who stands there, Egor, Items."""
    rows = []
    for loc, name in view["locations"].items():
        others = []
        for other in view["others"].values():
            if other["in_play"] and other["location"] == loc:
                hand = other.get("hand")
                spells = (", ".join(render(Spell.from_key(key).label, lang) for key in hand)
                          if hand is not None else str(other["spells"]))
                watch = render(msg(f"nw.watch.{other['watch']}"), lang)
                others.append(render(msg("nw.board.other", name=_name(other["name"], lang),
                                         watch=watch, wounds=other["wounds"], spells=spells),
                                     lang))
        items = [_name(item["name"], lang) for item in view["items"].values()
                 if item["location"] == loc]
        egor = "●" if view["egor"] == loc else ""
        rows.append([_name(name, lang), "\n".join(others), egor, ", ".join(items)])
    return [render(msg(key), lang) for key in HEADINGS], rows
