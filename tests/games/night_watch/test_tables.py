"""The book's numbers once: what Night Watch's tables hold is copied nowhere,
and the Spells the scenario format, the view and the rules know are the
book's two kinds, as the tables list them (NW-CMB-4)."""

from __future__ import annotations

from typing import get_args

import pytest
from pydantic import BaseModel

from referee.games.night_watch.scenario import ItemSpec, SpellSpec
from referee.games.night_watch.tables import SPELL_KINDS
from referee.games.night_watch.view import CardView
from tests.tables_once import copies_of_the_tables


def test_no_module_keeps_a_copy_of_what_the_tables_hold():
    assert copies_of_the_tables("night_watch") == []


@pytest.mark.rule("NW-CMB-4")
@pytest.mark.parametrize("model", [SpellSpec, ItemSpec, CardView])
def test_a_spell_is_of_the_books_two_kinds_wherever_it_is_named(model: type[BaseModel]) -> None:
    assert get_args(model.model_fields["kind"].annotation) == SPELL_KINDS
