"""What a seat knows, in words, on its page: the objectives and where the
game stands (the ``objectives`` part of every ruleset's view), then what
the seat sees, as the ruleset's display words it for the terminal (its table of the
board) and as each ruleset adds (a Night Watch's own Others and their
hands, a Facility character's room, doors and belongings). Read from the
seat's view alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from referee.boards.tablemap import tenths
from referee.core.i18n import Msg, Param, msg
from referee.core.places import place_phrase
from referee.core.ruleset import AnyRuleset
from referee.display import display_for
from referee.games.facility.tables import UNIFORMS
from referee.server.pages.forms import Words, name_of, page_part

View = dict[str, Any]


@dataclass
class Section:
    """A part of what the seat knows: a heading, lines, and a table. A
    table of ``cards`` shows each row as a card on a narrow screen, each
    cell under its column's heading, where its columns are too many or too
    wide to sit side by side."""

    title: str
    lines: list[str] = field(default_factory=list)
    heads: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    cards: bool = False


Sections = list[Section]


def knowledge(ruleset: AnyRuleset, view: View, words: Words) -> Markup:
    """Every section of what the seat knows, as HTML (once the game is over
    the turn's card states the objectives and the standing at the end)."""
    state = view.get("state")
    sections: Sections = []
    if isinstance(state, Mapping):
        write = WRITERS.get(getattr(ruleset, "name", ""), _board_only)
        stated = _objectives(view, words) if view.get("outcome") is None else []
        sections = _merged([*stated, *write(ruleset, view, words)])
    return page_part("knowledge.html", w=words, sections=[s for s in sections
                                                         if s.lines or s.rows])


def _merged(sections: Sections) -> Sections:
    """One section per heading: a ruleset's own lines on where the game
    stands (its phase, say) join those its view states."""
    found: Sections = []
    for section in sections:
        same = next((s for s in found if s.title == section.title and not s.rows), None)
        if same is not None and not section.rows:
            same.lines.extend(section.lines)
        else:
            found.append(section)
    return found


def _objectives(view: View, words: Words) -> Sections:
    """The seat's objectives and where the game stands, as its view states them."""
    stated = view["state"].get("objectives")
    if not isinstance(stated, Mapping):
        return []
    return [Section(words("question.know.objectives"),
                    [words.text(line) for line in stated.get("aims") or ()]),
            Section(words("question.know.score"),
                    [words.text(line) for line in stated.get("standing") or ()])]


def _board_table(ruleset: AnyRuleset, view: View, words: Words, title: Msg) -> Section:
    """The ruleset's table of the board, as the terminal shows it."""
    display = display_for(ruleset)
    table = display.board_table(view, words.lang) if display is not None else None
    if display is None or table is None:
        return Section(words.of(title))
    heads, rows = table
    return Section(words.of(title), display.board_notes(view, words.lang),
                   heads=list(heads), rows=[list(row) for row in rows])


def _board_only(ruleset: AnyRuleset, view: View, words: Words) -> Sections:
    return [_board_table(ruleset, view, words, msg("question.know.board"))]


# -- Night Watch --------------------------------------------------------------------------


def _night_watch(ruleset: AnyRuleset, view: View, words: Words) -> Sections:
    display_for(ruleset)  # its words for the board and the picture
    state = view["state"]
    seat = str(view.get("seat"))
    sections = []
    for title, mine in (("question.nw.yours", True), ("question.nw.theirs", False)):
        part = Section(words(title))
        for other in state["others"].values():
            if (other["watch"] == seat) == mine and not other["killed"]:
                part.lines.append(_nw_other(state, other, words))
        sections.append(part)
    plays = Section(words("question.nw.plays"), [
        words("question.nw.play", number=int(p["number"]),
              who=name_of(state["others"][p["other"]]["name"]),
              what=_nw_card(state, p), target=name_of(state["others"][p["target"]]["name"]),
              power=int(p["power"]))
        for p in state.get("plays") or () if p["other"] in state["others"]
        and p["target"] in state["others"]])
    sections.append(plays)
    sections.append(_board_table(ruleset, view, words, msg("question.know.board")))
    return sections


def _nw_place(state: Mapping[str, Any], place: str) -> Param:
    """Being at a Location: "at the Roof", «на Крыше»."""
    location = state["locations"].get(place)
    if not location:
        return place
    return place_phrase("at", name_of(location["name"]), location["ru_preposition"])


def _nw_card(state: Mapping[str, Any], play: Mapping[str, Any]) -> Param:
    if play.get("item") and play["item"] in state["items"]:
        return name_of(state["items"][play["item"]]["name"])
    card = state["cards"].get(play.get("card"))
    return msg(f"nw.spell.{card['kind']}", power=int(card["power"])) if card else "-"


def _nw_other(state: Mapping[str, Any], other: Mapping[str, Any], words: Words) -> str:
    """An Other: where, wounds, Spells (its hand where the view shows it),
    chips and the Items it carries."""
    hand = other.get("hand")
    if hand is None:
        spells: Param = msg("nw.board.spells", count=int(other["spells"]))
    elif not hand:
        spells = msg("nw.board.no-spells")
    else:
        spells = msg("nw.board.hand", spells=tuple(
            msg(f"nw.spell.{state['cards'][c]['kind']}", power=int(state['cards'][c]['power']))
            for c in hand if c in state["cards"]))
    items = tuple(name_of(state["items"][i]["name"]) for i in other["items"]
                  if i in state["items"])
    where: Param = _nw_place(state, other["location"]) if other["in_play"] \
        else msg("question.nw.not-yet", at=_nw_place(state, other["location"]))
    return words("question.nw.other", name=name_of(other["name"]), where=where,
                 wounds=int(other["wounds"]), spells=spells,
                 chips=", ".join(f"{c:+d}" for c in other["chips"]) or "-",
                 items=items, count=len(items))


# -- Echo -------------------------------------------------------------------------------


def _echo(ruleset: AnyRuleset, view: View, words: Words) -> Sections:
    state = view["state"]
    items = Section(words("question.echo.items"), [
        words("question.echo.item", item=name_of(item["name"]),
              holder=name_of(state["investigators"][item["holder"]]["name"])
              if item["holder"] in state["investigators"] else msg("question.echo.nobody"))
        for item in state["items"].values()])
    board = _board_table(ruleset, view, words, msg("question.know.board"))
    board.cards = True  # four columns of long lines: a card per place on a phone
    return [board, items]


# -- Old West ---------------------------------------------------------------------------


def _old_west(ruleset: AnyRuleset, view: View, words: Words) -> Sections:
    display = display_for(ruleset)
    table = display.table_map(view, words.lang) if display is not None else None
    if table is None:
        return []
    names = {band.seat: band.name for band in table.bands}
    stands = Section(words("question.know.score"),
                     [words("question.know.status", status=table.status)] if table.status else [])
    models = Section(words("question.ow.models"), heads=[
        words(f"question.ow.head.{h}") for h in ("model", "posse", "where", "state")])
    for figure in table.figures:
        facts: list[str] = []
        if figure.at is not None and figure.wounds is not None:
            facts.append(words("board.wounds", left=figure.wounds,
                               most=figure.wounds_max or figure.wounds))
        if figure.fame is not None:
            facts.append(words("board.fame", fame=figure.fame))
        if figure.fortune is not None:
            facts.append(words("board.fortune", fortune=figure.fortune))
        facts += [*figure.marks, *figure.notes]
        where = figure.gone or (words("question.know.at", x=tenths(figure.at[0]),
                                      y=tenths(figure.at[1]))
                                if figure.at is not None else "")
        models.rows.append([figure.name, names.get(figure.side, figure.side), where,
                            "; ".join(facts)])
    return [stands, models]


# -- Samurai ----------------------------------------------------------------------------


def _samurai(ruleset: AnyRuleset, view: View, words: Words) -> Sections:
    display_for(ruleset)  # its words for the phases and the fighters
    state = view["state"]
    bands = {s: name_of(b["name"]) for s, b in state["bands"].items()}
    stands = Section(words("question.know.score"), [
        words("question.sam.phase", phase=msg(f"sam.map.phase.{state['phase']}")),
        words("question.sam.priority", band=bands.get(state["priority"], state["priority"]))])
    broken = tuple(bands[s] for s in state.get("broken") or () if s in bands)
    if broken:
        stands.lines.append(words("question.sam.broken", bands=broken, count=len(broken)))
    return [stands, _board_table(ruleset, view, words, msg("question.sam.fighters"))]


# -- Facility ---------------------------------------------------------------------------


def _facility(ruleset: AnyRuleset, view: View, words: Words) -> Sections:
    state = view["state"]
    me, room = state.get("character"), state.get("room")
    if not isinstance(me, Mapping) or not isinstance(room, Mapping):
        return []
    items = state.get("items") or {}

    def item(key: str) -> Param:
        return name_of(items[key]["name"]) if key in items else key

    def room_name(number: int) -> Param:
        entry = (state.get("rooms") or {}).get(str(number)) or {}
        return name_of(entry["name"]) if entry.get("name") else msg("facility.room",
                                                                     number=number)

    you = Section(words("question.fac.you"), [
        words("question.fac.where", room=room_name(int(me["room"]))),
        words("question.fac.health", health=int(me["health"]),
              most=int(me["max_health"])),
        words("question.fac.concentration", value=_number(me["concentration"]),
              most=_number(me["max_concentration"]))])
    if me.get("uniform") in UNIFORMS:
        you.lines.append(words("question.fac.uniform",
                               uniform=msg(f"facility.desk.uniform.{me['uniform']}")))
    carried = Section(words("question.fac.carried"))
    places: list[tuple[str, Sequence[str]]] = [("hands", me.get("hands") or ()),
                                               ("inventory", me.get("inventory") or ())]
    places += list((me.get("worn") or {}).items())
    for place, held in places:
        if held:
            carried.lines.append(words("question.fac.at-place", place=msg(
                "facility.place", place=place), items=tuple(item(i) for i in held)))
    if not carried.lines:
        carried.lines.append(words("question.facility.nothing-carried"))
    here = Section(words("question.fac.room"))
    for door in (room.get("doors") or {}).values():
        here.lines.append(words("question.facility.door", door=name_of(door["name"]),
                                room=room_name(int(door["to"]))))
    for seat, seen in (room.get("present") or {}).items():
        who = name_of(state["characters"][seat]["name"]) if seat in state["characters"] else seat
        visible = tuple(item(i) for i in seen.get("visible") or ())
        uniform: Param = msg(f"facility.desk.uniform.{seen['uniform']}") \
            if seen.get("uniform") in UNIFORMS else "-"
        here.lines.append(words("question.fac.person", who=who, uniform=uniform,
                                items=visible, count=len(visible)))
    if not room.get("present"):
        here.lines.append(words("question.fac.alone"))
    floor = tuple(item(i) for i in room.get("floor") or ())
    here.lines.append(words("question.fac.floor", items=floor, count=len(floor)))
    return [you, carried, here]


def _number(value: Any) -> Param:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    return value if isinstance(value, int) else Fraction(str(value))


WRITERS: dict[str, Callable[[AnyRuleset, View, Words], Sections]] = {
    "night_watch": _night_watch, "echo": _echo, "old-west": _old_west, "samurai": _samurai,
    "facility": _facility}
"""Each ruleset's sections; any other ruleset shows its display's table of the board."""
