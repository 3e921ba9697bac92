"""Odds where a player decides: the exact chance behind each option of a
decision that leads to a roll, counted from what the asked seat's view shows
and nothing else. Each ruleset that gives them registers a :class:`TableOdds`
(``referee.table_odds`` entry points); the helpers here are shared by them.

Every answer is a short line per option, its chances as percentages rounded
to a tenth. What the view does not show is not guessed: an option whose
odds would need it gets none.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from referee.core import plugins
from referee.core.drivers import Ask
from referee.core.i18n import Msg, Name
from referee.core.ruleset import AnyRuleset

OptionOdds = dict[int, Msg]
TABLE_ODDS_GROUP = "referee.table_odds"


class TableOdds:
    """A ruleset's odds at the table, registered through the
    ``referee.table_odds`` entry points under the ruleset's name."""

    def option_odds(self, ask: Ask) -> Mapping[int, Msg] | None:
        """The exact chance behind the options of the decision ``ask`` shows,
        as a short line per option index, read from the seat's view alone
        (``ask.view``; the options are the view's too). None, or an index left
        out: nothing to show."""
        return None


TABLE_ODDS: plugins.Registered[TableOdds] = plugins.Registered(TABLE_ODDS_GROUP, TableOdds)


def table_odds_for(ruleset: AnyRuleset) -> TableOdds | None:
    """The odds ``ruleset``'s package registers; None where it registers none."""
    return TABLE_ODDS.find(getattr(ruleset, "name", None))


def odds_at_the_table(ask: Ask) -> Mapping[int, Msg] | None:
    """The odds beside each option ``ask`` offers, where the rules give them."""
    odds = table_odds_for(ask.ruleset)
    return None if odds is None else odds.option_odds(ask)


def share(p: Fraction) -> Fraction:
    """A chance as a percentage rounded to a tenth (exact halves up), a
    number the catalogue writes the reader's way (27.8, «27,8»)."""
    return Fraction(int(p * 1000 + Fraction(1, 2)), 10)


def name_of(data: Any) -> Name:
    """A name as a view carries it (``Name.to_json``)."""
    return Name(data["en"], data.get("ru"), data.get("gender"),
                tuple(sorted((data.get("cases") or {}).items())))
