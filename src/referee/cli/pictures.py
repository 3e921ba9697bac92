"""``referee play --svg DIR``: a numbered picture of the table after each
phase and one of the end, never one file written over another.

Files are named ``001-turn1-movement.svg``, ``002-turn1-shooting.svg`` …
and the last ``NNN-end.svg``, with the game's outcome written under it. A
game resumed into a folder that already holds pictures goes on numbering
after the highest. Each picture is drawn from the view of the seat whose
log the terminal shows: the referee's in a game of bots, the one person's
when one person plays, and when several people share the terminal a
spectator's view, which holds only what every seat may know.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from referee.boards.svg import draw, with_caption
from referee.cli.common import err, make_folder
from referee.core.events import Event, Seat
from referee.core.game import Game
from referee.core.i18n import CATALOGUE, Lang, for_reader, msg, render
from referee.core.ruleset import AnyRuleset
from referee.core.waits import JSON
from referee.display import Display, display_for

CATALOGUE.load(Path(__file__).with_name("table.toml"))

SPECTATOR: Seat = "~spectator"
"""A reader that is no seat: its view holds only what every seat may know."""
_NUMBERED = re.compile(r"^(\d{3,})-.*\.svg$")


def has_pictures(ruleset: AnyRuleset) -> bool:
    """Does the ruleset draw its board (does its display give a picture)?"""
    display = display_for(ruleset)
    return display is not None and (type(display).svg is not Display.svg or
                                     type(display).table_map is not Display.table_map)


class Pictures:
    """Writes the numbered pictures of one game into a folder."""

    def __init__(self, folder: Path, game: Game, lang: Lang) -> None:
        self.folder = folder
        self.game = game
        self.lang = lang
        self.number = max((int(m.group(1)) for p in folder.iterdir()
                           if (m := _NUMBERED.match(p.name))), default=0)
        self.written: list[Path] = []

    @classmethod
    def start(cls, folder: Path | None, game: Game, lang: Lang) -> Pictures | None:
        """The writer for ``--svg DIR`` (the folder made if missing), or None
        when there is none to write: no ``--svg``, or a ruleset with no
        picture, which is said plainly.

        :raises RefereeError: when DIR is a file, or cannot be made or
            written in (said before the game is played).
        """
        if folder is None:
            return None
        if not has_pictures(game.ruleset):
            err.print(render(msg("table.svg.none", ruleset=game.ruleset.name), lang),
                      markup=False)
            return None
        made = make_folder(folder, msg("table.svg.not-a-folder", path=str(folder)),
                           lambda cause: msg("table.svg.cannot-make", path=str(folder),
                                             cause=cause))
        return cls(made, game, lang)

    def after(self, event: Event, reader: Seat | None) -> None:
        """A picture if ``event`` ends a phase (its facts' kind is
        ``phase-ended``), headed with the event's own line ("Turn 1:
        Shooting phase ends."), since the game may already have gone on to
        the next phase's first question."""
        facts = event.facts_for(reader or SPECTATOR)
        if facts is None or facts.get("kind") != "phase-ended":
            return
        status = render(for_reader(event.text, reader or SPECTATOR), self.lang)
        turn = facts.get("turn")
        self.write(phase_slug(str(facts.get("phase", ""))), reader, status=status,
                   turn=turn if isinstance(turn, int) else None)

    def final(self, reader: Seat | None, outcome: str) -> None:
        """The last picture: the table at the end, the outcome written under it."""
        self.write("end", reader, caption=outcome)

    def write(self, what: str, reader: Seat | None, status: str = "", caption: str = "",
              turn: int | None = None) -> Path | None:
        """One picture of the table from ``reader``'s view (a spectator's when
        None), numbered after the last."""
        whole = self.game.view(reader or SPECTATOR)
        view = whole["state"]
        picture = self.draw(whole, status, caption)
        if picture is None:
            return None
        self.number += 1
        if turn is None and isinstance(view, dict) and isinstance(view.get("turn"), int):
            turn = view["turn"]
        stem = what if what == "end" or not turn else f"turn{turn}-{what}"
        path = self.folder / f"{self.number:03d}-{stem}.svg"
        path.write_text(picture, encoding="utf-8")
        self.written.append(path)
        return path

    def draw(self, whole: dict[str, JSON], status: str, caption: str) -> str | None:
        display = display_for(self.game.ruleset)
        if display is None:
            return None
        table = display.table_map(whole, self.lang)
        if table is not None:
            return draw(replace(table, status=status) if status else table, self.lang, caption)
        found = display.svg(whole, self.lang)
        if found is None:
            return None
        return with_caption(found, " — ".join(p for p in (status, caption) if p))


def phase_slug(phase: str) -> str:
    """A short name for the phase an event ends, for a file name, from its
    facts' ``phase``: ``movement`` stays, ``turn`` (a turn's end) reads
    ``end-of-turn``; anything else is kept to letters, digits and hyphens."""
    if phase == "turn":
        return "end-of-turn"
    return re.sub(r"[^a-z0-9]+", "-", phase.lower()).strip("-") or "phase"
