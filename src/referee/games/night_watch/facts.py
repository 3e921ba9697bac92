"""The facts of each Night Watch log line, as data: ids and numbers, never a
name (docs/rulesets/night_watch.md, "The seat's view"; the models in
:mod:`referee.games.night_watch.view`).

The same facts come up game after game (Larisa stays in the Metro, Andrey
draws Attack-4), so each is made once per scenario, read-only, and shared by
every log line that says it: the log keeps it as it is, without a copy.
"""

from __future__ import annotations

from typing import Any, get_args

from referee.core.events import Facts, SecretFacts, secret_facts
from referee.core.readonly import ReadOnlyDict
from referee.games.night_watch import view
from referee.games.night_watch.state import NightWatchState
from referee.games.night_watch.tables import WatchId

FIELDS: dict[str, tuple[str, ...]] = {
    get_args(model.model_fields["kind"].annotation)[0]: tuple(model.model_fields)[1:]
    for model in get_args(view.NightWatchFacts)}
"""Each kind's fields after ``kind``, in the order its model declares them."""


def facts(state: NightWatchState, kind: str, *values: Any) -> Facts:
    """The facts of ``kind`` whose fields (:data:`FIELDS`, in order) hold
    ``values``; a trailing field left out is not said (``phase-ended`` at a
    turn's start names no Location). Made once per scenario."""
    key = (kind, *values)
    kept = state.setup.facts
    found = kept.get(key)
    if found is None:  # every value an id or a number: read-only as it is made
        named = zip(FIELDS[kind][:len(values)], values, strict=True)
        found = kept[key] = ReadOnlyDict({"kind": kind, **dict(named)})
    return found


def drew(state: NightWatchState, other: str, watch: WatchId, card: str) -> SecretFacts:
    """An Other drew ``card``: its Watch and the referee read the card, the
    other Watch only that a card was drawn (as the line's text says)."""
    key = (other, card)
    kept = state.setup.draws
    found = kept.get(key)
    if found is None:
        seen = {"kind": "drew", "other": other, "watch": watch}
        found = kept[key] = secret_facts((watch,), {**seen, "card": card}, seen)
    return found
