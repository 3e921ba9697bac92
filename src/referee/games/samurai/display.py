"""What a Samurai seat is shown beside its view's words: the picture of the
table, the map for the terminal (:mod:`.picture`) and the fighters as a
table, each from the seat's whole view alone. Registered through the
``referee.displays`` entry points; no rules module imports it."""

from __future__ import annotations

from referee.boards.tablemap import TableMap
from referee.core.i18n import Lang, msg, render
from referee.display import Display, View
from referee.display.forms import AnswerForm
from referee.games.samurai import picture
from referee.games.samurai.form import TokensForm
from referee.games.samurai.picture import name_of
from referee.games.samurai.state import tenths

HEADINGS = ("model", "side", "at", "cp", "wounds", "state")


class SamuraiDisplay(Display):
    """The Samurai table: terrain, fighters, the last Action phase's shots."""

    def svg(self, view: View, lang: Lang) -> str | None:
        """The table from ``view``: terrain, the fighters still on it, and the
        lines of sight of the last Action phase's shots (solid: hit, dashed:
        missed)."""
        return picture.svg(view, lang)

    def table_map(self, view: View, lang: Lang) -> TableMap | None:
        """The map of the table as ``view`` shows it, for the terminal."""
        return picture.table_map(view, lang)

    def answer_form(self, view: View) -> AnswerForm | None:
        """The side's combat tokens asked fighter by fighter, with how many
        are left to place (:mod:`.form`)."""
        return TokensForm.of(view)

    def board_table(self, view: View, lang: Lang) -> tuple[list[str], list[list[str]]] | None:
        """Each fighter by its name and its band's, where it stands, its Combat
        Potential, wound penalty and marks, in the reader's language."""
        state = view["state"]
        heads = [render(msg(f"sam.head.{h}"), lang) for h in HEADINGS]
        bands = {seat: name_of(band["name"]) for seat, band in state["bands"].items()}
        rows = []
        for fighter in state["fighters"].values():
            at = "-" if fighter["at"] is None else render(
                msg("sam.at", x=tenths(fighter["at"][0]), y=tenths(fighter["at"][1])), lang)
            marks = [render(msg(f"sam.mark.{k}"), lang)
                     for k in ("stunned", "moved", "shot", "disarmed") if fighter[k]]
            if not fighter["alive"]:
                marks = [render(msg("sam.mark.killed"), lang)]
            rows.append([render(msg("sam.cell", name=name_of(fighter["name"])), lang),
                         render(msg("sam.cell", name=bands[fighter["side"]]), lang), at,
                         str(fighter["cp"]), str(fighter["wounds"]), ", ".join(marks)])
        return heads, rows
