"""The board as rows of text, one per Location, and the Watches' points under
it, read from the state part of a seat's view (the terminal's table; the
display calls it, no rules module)."""

from __future__ import annotations

from typing import Any

from referee.core.i18n import Lang, Msg, Name, msg, render

HEADINGS = ("nw.board.location", "nw.board.others", "nw.board.egor", "nw.board.items")


def _name(data: Any) -> Name:
    cases = data.get("cases")
    return Name(str(data["en"]), str(data.get("ru") or data["en"]), data.get("gender"),
                tuple(sorted(cases.items())) if isinstance(cases, dict) else ())


def _cell(data: Any, lang: Lang) -> str:
    """A name as a cell of the table starts: with a capital ("The Roof")."""
    text = render(_name(data), lang)
    return text[:1].upper() + text[1:]


def spell_label(cards: Any, card: str) -> Msg:
    """A Spell card by its id as the view's ``cards`` describe it: "Attack-4"."""
    data = cards[card]
    return msg(f"nw.spell.{data['kind']}", power=int(data["power"]))


def _spells(other: Any, cards: Any) -> Msg:
    """The Spells in an Other's hand where the view shows them, else how many."""
    hand = other.get("hand")
    if hand is None:
        return msg("nw.board.spells", count=int(other["spells"]))
    if not hand:
        return msg("nw.board.no-spells")
    return msg("nw.board.hand", spells=tuple(spell_label(cards, key) for key in hand))


def _other(other: Any, view: Any) -> Msg:
    """An Other in its row: its Watch, wounds, Spells, the chips it has
    left to lay and the Items it carries."""
    chips = [int(chip) for chip in other["chips"]]
    items = tuple(_name(view["items"][key]["name"]) for key in other["items"]
                  if key in view["items"])
    return msg("nw.board.other", name=_name(other["name"]),
               watch=msg(f"nw.watch.{other['watch']}"), wounds=int(other["wounds"]),
               spells=_spells(other, view["cards"]),
               chips=", ".join(f"{chip:+d}".replace("-", "−") for chip in chips),
               chip_count=len(chips), items=items, count=len(items))


def watch_lines(view: Any, lang: Lang) -> list[str]:
    """Under the table: each Watch's points of Egor's favour, of the points
    that win, and the cards left in its deck."""
    needed = int(view["objectives"]["points_to_win"])
    return [render(msg("nw.board.watch", watch=msg(f"nw.watch.{watch}"), points=int(points),
                       needed=needed, deck=int(view["decks"].get(watch, 0))), lang)
            for watch, points in view["score"].items()]


def board_rows(view: Any, lang: Lang) -> tuple[list[str], list[list[str]]]:
    """Headings and one row per Location: who stands there, Egor, Items."""
    rows = []
    for loc, location in view["locations"].items():
        others = []
        for other in view["others"].values():
            if other["in_play"] and other["location"] == loc:
                others.append(render(_other(other, view), lang))
        items = [_cell(item["name"], lang) for item in view["items"].values()
                 if item["location"] == loc]
        egor = "●" if view["egor"] == loc else ""
        rows.append([_cell(location["name"], lang), "\n".join(others), egor,
                     ", ".join(items)])
    return [render(msg(key), lang) for key in HEADINGS], rows
