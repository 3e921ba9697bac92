"""Any posted form, however made, gives an answer or a FormError naming a
field, never another error: the fields of each kind of question's real
form, and others, filled in with anything."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.server.pages.question import FormError, answer_from_form, question_html
from tests.core.toy import Solo, SoloScenario
from tests.pages.posting import FormPage
from tests.pages.reach import asked, key_of


def _point(view: Mapping[str, Any]) -> bool:
    waiting = view.get("waiting") or {}
    return set((waiting.get("answer_schema") or {}).get("properties") or {}) == {"x", "y"}


def _solo_walk() -> tuple[Game, str]:
    game = Game(Solo(), SoloScenario(options=3))
    game.answer("solo", 2)
    game.feed(3, [1, "x"])
    return game, "solo"


CASES = {
    "options": lambda: asked("night-watch", lambda v: key_of(v) == "nw.ask.move"),
    "point": lambda: asked("old-west", _point),
    "tokens": lambda: asked("samurai", lambda v: key_of(v) == "sam.ask.tokens"),
    "orders": lambda: (Game(*load_scenario("facility")), "boris"),
    "shape": _solo_walk,
}
TEXT = st.text(st.characters(codec="utf-8"), max_size=12) | st.sampled_from(
    ["", "0", "-1", "1e309", "nan", "3,5", "door:", "room:x", "pause", "air", "[]", "{}",
     "null", '"x"', "99999999999999999999"])


@pytest.mark.parametrize("case", sorted(CASES))
def test_any_form_gives_an_answer_or_names_a_field(case: str):
    game, seat = CASES[case]()
    view = game.view(seat)
    names = sorted({c.name for c in FormPage(str(question_html(game.ruleset, view, "en")))
                    .controls if c.name} | {"option", "option-json", "x", "y", "spot",
                                            "take.7.on", "f.steps.3", "csrf"})

    @settings(max_examples=80, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.dictionaries(st.sampled_from(names) | st.text(max_size=8),
                           st.lists(TEXT, min_size=1, max_size=3), max_size=12))
    def posted(form: dict[str, list[str]]) -> None:
        try:
            answer_from_form(game.ruleset, view, form)
        except FormError as refused:
            assert isinstance(refused.field, str)

    posted()
